#include "qt/TaskTableModel.h"

#include <algorithm>
#include <iterator>
#include <optional>

#include "figures/TaskFigures.h"
#include "model/Numeric.h"
#include "qt/PlainText.h"
#include "text/Format.h"

namespace stagelight {

TaskTableModel::TaskTableModel(QObject* parent) : QAbstractTableModel(parent) {}

void TaskTableModel::setStage(ModelPtr model, size_t stageIndex) {
    beginResetModel();
    model_ = std::move(model);
    rows_.clear();
    cpuLogged_ = true;
    if (model_ && stageIndex < model_->stages.size()) {
        const auto rows = model_->derived.stageRows.rows(stageIndex);  // in task-id order
        rows_.assign(rows.begin(), rows.end());
        // Logs before Spark 2.1 have no Executor CPU Time: 0 CPU beside a non-zero run time
        // means the log does not carry it ("—"), not that the tasks used no CPU.
        bool ran = false, cpu = false;
        for (uint32_t r : rows_) {
            ran = ran || model_->tasks.get(r, TaskField::ExecutorRunTime) > 0;
            cpu = cpu || model_->tasks.get(r, TaskField::ExecutorCpuTime) > 0;
        }
        cpuLogged_ = cpu || !ran;
    }
    endResetModel();
}

int TaskTableModel::rowOfTask(int64_t taskId) const {
    if (!model_) return -1;
    const TaskTable& t = model_->tasks;
    const auto it = std::lower_bound(
        rows_.begin(), rows_.end(), taskId,
        [&](uint32_t row, int64_t id) { return t.get(row, TaskField::TaskId) < id; });
    return it != rows_.end() && t.get(*it, TaskField::TaskId) == taskId ? int(it - rows_.begin())
                                                                        : -1;
}

int TaskTableModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : int(rows_.size());
}

int TaskTableModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

namespace {

struct ColumnInfo {
    const char* name;
    const char* tip;
};

// In Column order.
constexpr ColumnInfo kColumns[] = {
    {"Task", "Spark's task id"},
    {"Index", "Partition index of the task in its stage"},
    {"Attempt", "Attempt number of this task index"},
    {"Status", "SUCCESS, FAILED, KILLED or RUNNING (Task Info flags)"},
    {"Speculative", "A speculative copy launched because the original ran long"},
    {"Executor", "Executor the task ran on"},
    {"Host", "Host the task ran on"},
    {"Locality", "Data locality: PROCESS_LOCAL, NODE_LOCAL, NO_PREF, RACK_LOCAL or ANY"},
    {"Launch", "Launch time, from the application's start"},
    {"Duration",
     "Launch to finish on the driver's clock (includes scheduler delay and result fetching)"},
    {"Sched. delay",
     "Duration minus run time, deserialization, result serialization and getting result"},
    {"Deserialize", "Executor Deserialize Time: deserializing the task on the executor"},
    {"Run time", "Executor Run Time: running the task body"},
    {"CPU time", "Executor CPU Time: CPU spent running the task body"},
    {"GC time", "JVM garbage-collection time while the task ran"},
    {"Result ser.", "Result Serialization Time: serializing the task's result on the executor"},
    {"Getting result", "Time the driver spent fetching the task's result"},
    {"Peak exec. memory",
     "Peak Execution Memory: the most memory used by shuffles, aggregations and joins"},
    {"Input / records", "Bytes and records read from files or tables"},
    {"Output / records", "Bytes and records written to files or tables"},
    {"Shuffle read / records", "Shuffle bytes (local + remote) and records read"},
    {"Shuffle read blocked",
     "Shuffle Read Blocked Time (Fetch Wait Time): waiting for remote shuffle blocks"},
    {"Shuffle remote reads", "Shuffle bytes read from remote executors"},
    {"Shuffle write / records", "Shuffle bytes and records written"},
    {"Shuffle write time", "Time spent writing shuffle data"},
    {"Spill (mem.)", "Size in memory of the data spilled"},
    {"Spill (disk)", "Size on disk of the data spilled"},
    {"Error", "Why the attempt failed or was killed"},
};
static_assert(std::size(kColumns) == TaskTableModel::ColumnCount);

enum class Kind { Text, Count, Millis, Bytes };

Kind kindOf(int column) {
    switch (column) {
        case TaskTableModel::TaskId:
        case TaskTableModel::Index:
        case TaskTableModel::Attempt:
            return Kind::Count;
        case TaskTableModel::Launch:
        case TaskTableModel::Duration:
        case TaskTableModel::SchedulerDelay:
        case TaskTableModel::Deserialization:
        case TaskTableModel::RunTime:
        case TaskTableModel::CpuTime:
        case TaskTableModel::GcTime:
        case TaskTableModel::ResultSerialization:
        case TaskTableModel::GettingResult:
        case TaskTableModel::ShuffleReadBlocked:
        case TaskTableModel::ShuffleWriteTime:
            return Kind::Millis;
        case TaskTableModel::PeakExecutionMemory:
        case TaskTableModel::Input:
        case TaskTableModel::Output:
        case TaskTableModel::ShuffleRead:
        case TaskTableModel::ShuffleRemoteRead:
        case TaskTableModel::ShuffleWrite:
        case TaskTableModel::SpillMemory:
        case TaskTableModel::SpillDisk:
            return Kind::Bytes;
        default:
            return Kind::Text;
    }
}

}  // namespace

QVariant TaskTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount) return {};
    if (role == Qt::DisplayRole) return tr(kColumns[section].name);
    if (role == Qt::ToolTipRole) return tr(kColumns[section].tip);
    return {};
}

QVariant TaskTableModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || !model_ || index.row() >= int(rows_.size())) return {};
    const TaskTable& t = model_->tasks;
    const uint32_t r = rows_[size_t(index.row())];
    const int column = index.column();
    const int64_t appStart = std::max<int64_t>(0, model_->derived.span.startMs);
    auto view = [](std::string_view v) { return logText(v); };
    auto str = [&](TaskField f) { return view(model_->strings.view(StrId(t.get(r, f)))); };
    auto get = [&](TaskField f) { return t.get(r, f); };
    const TaskTimes times = taskTimes(t, r, model_->application.lastEventTime);
    const bool metrics = t.hasFlag(r, kHasMetrics);
    // Values that exist only when the TaskEnd carried metrics; the others always.
    const bool needsMetrics = column >= Deserialization && column <= SpillDisk;
    if (column == CpuTime && !cpuLogged_ && (role == Qt::DisplayRole || role == SortRole))
        return role == SortRole ? QVariant(qlonglong(-1)) : QVariant(QStringLiteral("—"));
    auto number = [&]() -> qlonglong {
        switch (column) {
            case TaskId:
                return get(TaskField::TaskId);
            case Index:
                return get(TaskField::Index);
            case Attempt:
                return get(TaskField::Attempt);
            case Launch:
                return model_->taskLaunch(r);
            case Duration:
                return times.duration;
            case SchedulerDelay:
                return times.schedulerDelay;
            case Deserialization:
                return get(TaskField::ExecutorDeserializeTime);
            case RunTime:
                return get(TaskField::ExecutorRunTime);
            case CpuTime:
                return get(TaskField::ExecutorCpuTime) / 1'000'000;
            case GcTime:
                return get(TaskField::JvmGcTime);
            case ResultSerialization:
                return get(TaskField::ResultSerializationTime);
            case GettingResult:
                return times.gettingResultTime;
            case PeakExecutionMemory:
                return get(TaskField::PeakExecutionMemory);
            case Input:
                return get(TaskField::InputBytesRead);
            case Output:
                return get(TaskField::OutputBytesWritten);
            case ShuffleRead:
                return jvmAdd(get(TaskField::ShuffleLocalBytesRead),  // as Spark's UI
                              get(TaskField::ShuffleRemoteBytesRead));
            case ShuffleReadBlocked:
                return get(TaskField::ShuffleFetchWaitTime);
            case ShuffleRemoteRead:
                return get(TaskField::ShuffleRemoteBytesRead);
            case ShuffleWrite:
                return get(TaskField::ShuffleBytesWritten);
            case ShuffleWriteTime:
                return get(TaskField::ShuffleWriteTime) / 1'000'000;
            case SpillMemory:
                return get(TaskField::MemoryBytesSpilled);
            case SpillDisk:
                return get(TaskField::DiskBytesSpilled);
            default:
                return 0;
        }
    };
    auto records = [&]() -> std::optional<int64_t> {
        switch (column) {
            case Input:
                return get(TaskField::InputRecordsRead);
            case Output:
                return get(TaskField::OutputRecordsWritten);
            case ShuffleRead:
                return get(TaskField::ShuffleRecordsRead);
            case ShuffleWrite:
                return get(TaskField::ShuffleRecordsWritten);
            default:
                return std::nullopt;
        }
    };
    auto text = [&]() -> QString {
        switch (column) {
            case Status:
                return view(taskStatus(t, r));
            case Speculative:
                return t.hasFlag(r, kSpeculative) ? tr("yes") : QString();
            case Executor:
                return str(TaskField::ExecutorId);
            case Host:
                return str(TaskField::Host);
            case Locality:
                return view(localityName(stagelight::Locality(get(TaskField::Locality))));
            case Error:
                return logText(taskErrorMessage(t, r).value_or(""));
            default:
                return {};
        }
    };
    const Kind kind = kindOf(column);
    switch (role) {
        case TaskIdRole:
            return qlonglong(get(TaskField::TaskId));
        case Qt::TextAlignmentRole:
            return kind == Kind::Text ? QVariant(int(Qt::AlignLeft | Qt::AlignVCenter))
                                      : QVariant(int(Qt::AlignRight | Qt::AlignVCenter));
        case SortRole:
            if (kind == Kind::Text) return text();
            // A task without metrics sorts below every task that has them (0 included).
            return needsMetrics && !metrics ? qlonglong(-1) : number();
        case Qt::ToolTipRole:
            if (column == Error)
                if (auto e = taskErrorMessage(t, r)) return plainTooltip(logText(*e, 2000));
            if (needsMetrics && !metrics) return tr("The log has no metrics for this task");
            return {};
        case Qt::DisplayRole:
            break;
        default:
            return {};
    }
    // "—": the log does not carry the value (a running task, a TaskEnd without metrics).
    if (needsMetrics && !metrics) return QStringLiteral("—");
    switch (kind) {
        case Kind::Count:
            return number();
        case Kind::Millis:
            return QString::fromStdString(
                formatDuration(column == Launch ? saturatingSub(number(), appStart) : number()));
        case Kind::Bytes: {
            QString s = QString::fromStdString(formatBytes(number()));
            if (const auto n = records()) s += QStringLiteral(" / %1").arg(*n);
            return s;
        }
        case Kind::Text:
            if (column == Error) {
                const QString e = text();
                return e.left(e.indexOf(QLatin1Char('\n')));
            }
            return text();
    }
    return {};
}

}  // namespace stagelight
