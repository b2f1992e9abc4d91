#include "qt/TaskTableModel.h"

#include <algorithm>

#include "figures/TaskFigures.h"
#include "qt/PlainText.h"
#include "text/Format.h"

namespace stagelight {

TaskTableModel::TaskTableModel(QObject* parent) : QAbstractTableModel(parent) {}

void TaskTableModel::setStage(ModelPtr model, size_t stageIndex) {
    beginResetModel();
    model_ = std::move(model);
    rows_.clear();
    if (model_ && stageIndex < model_->stages.size()) {
        const auto rows = model_->derived.stageRows.rows(stageIndex);  // in task-id order
        rows_.assign(rows.begin(), rows.end());
    }
    endResetModel();
}

int TaskTableModel::rowOfTask(int64_t taskId) const {
    if (!model_) return -1;
    const TaskTable& t = model_->tasks;
    const auto it = std::lower_bound(rows_.begin(), rows_.end(), taskId, [&](uint32_t row, int64_t id) {
        return t.get(row, TaskField::TaskId) < id;
    });
    return it != rows_.end() && t.get(*it, TaskField::TaskId) == taskId ? int(it - rows_.begin())
                                                                       : -1;
}

int TaskTableModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : int(rows_.size());
}

int TaskTableModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant TaskTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    static const char* names[] = {"Task",         "Index",        "Attempt",      "Status",
                                  "Executor",     "Host",         "Locality",     "Launch",
                                  "Duration",     "Sched. delay", "Deserialize",  "Run time",
                                  "GC time",      "Input",        "Shuffle read", "Shuffle write",
                                  "Spill (mem.)", "Spill (disk)", "Error"};
    static const char* tips[] = {
        "Spark's task id",
        "Partition index of the task in its stage",
        "Attempt number of this task index",
        "SUCCESS, FAILED, KILLED or RUNNING (Task Info flags)",
        "Executor the task ran on",
        "Host the task ran on",
        "Data locality: PROCESS_LOCAL, NODE_LOCAL, NO_PREF, RACK_LOCAL or ANY",
        "Launch time, from the application's start",
        "Launch to finish on the driver's clock (includes scheduler delay and result fetching)",
        "Duration minus run time, deserialization, result serialization and getting result",
        "Executor Deserialize Time: deserializing the task on the executor",
        "Executor Run Time: running the task body",
        "JVM garbage-collection time while the task ran",
        "Bytes read from files or tables",
        "Shuffle bytes read (local + remote)",
        "Shuffle bytes written",
        "Size in memory of the data spilled",
        "Size on disk of the data spilled",
        "Why the attempt failed or was killed"};
    if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount) return {};
    if (role == Qt::DisplayRole) return tr(names[section]);
    if (role == Qt::ToolTipRole) return tr(tips[section]);
    return {};
}

QVariant TaskTableModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || !model_ || index.row() >= int(rows_.size())) return {};
    const TaskTable& t = model_->tasks;
    const uint32_t r = rows_[size_t(index.row())];
    const int64_t appStart = std::max<int64_t>(0, model_->derived.span.startMs);
    auto view = [](std::string_view v) { return QString::fromUtf8(v.data(), qsizetype(v.size())); };
    auto str = [&](TaskField f) { return view(model_->strings.view(StrId(t.get(r, f)))); };
    const TaskTimes times = taskTimes(t, r, model_->application.lastEventTime);
    auto number = [&]() -> qlonglong {
        switch (index.column()) {
            case TaskId:
                return t.get(r, TaskField::TaskId);
            case Index:
                return t.get(r, TaskField::Index);
            case Attempt:
                return t.get(r, TaskField::Attempt);
            case Launch:
                return model_->taskLaunch(r);
            case Duration:
                return times.duration;
            case SchedulerDelay:
                return times.schedulerDelay;
            case Deserialization:
                return t.get(r, TaskField::ExecutorDeserializeTime);
            case RunTime:
                return t.get(r, TaskField::ExecutorRunTime);
            case GcTime:
                return t.get(r, TaskField::JvmGcTime);
            case Input:
                return t.get(r, TaskField::InputBytesRead);
            case ShuffleRead:
                return t.get(r, TaskField::ShuffleLocalBytesRead) +
                       t.get(r, TaskField::ShuffleRemoteBytesRead);
            case ShuffleWrite:
                return t.get(r, TaskField::ShuffleBytesWritten);
            case SpillMemory:
                return t.get(r, TaskField::MemoryBytesSpilled);
            case SpillDisk:
                return t.get(r, TaskField::DiskBytesSpilled);
            default:
                return 0;
        }
    };
    switch (role) {
        case TaskIdRole:
            return qlonglong(t.get(r, TaskField::TaskId));
        case Qt::TextAlignmentRole:
            return index.column() >= Launch && index.column() <= SpillDisk
                       ? QVariant(int(Qt::AlignRight | Qt::AlignVCenter))
                       : QVariant(int(Qt::AlignLeft | Qt::AlignVCenter));
        case SortRole:
            switch (index.column()) {
                case Status:
                    return view(taskStatus(t, r));
                case Executor:
                    return str(TaskField::ExecutorId);
                case Host:
                    return str(TaskField::Host);
                case Locality:
                    return view(localityName(stagelight::Locality(t.get(r, TaskField::Locality))));
                case Error:
                    return QString::fromStdString(taskErrorMessage(t, r).value_or(""));
                default:
                    return number();
            }
        case Qt::ToolTipRole:
            if (index.column() == Error)
                if (auto e = taskErrorMessage(t, r))
                    return plainTooltip(QString::fromStdString(*e));
            return {};
        case Qt::DisplayRole:
            break;
        default:
            return {};
    }
    const bool metrics = t.hasFlag(r, kHasMetrics);
    switch (index.column()) {
        case TaskId:
        case Index:
        case Attempt:
            return number();
        case Status:
            return QString(view(taskStatus(t, r)) +
                           (t.hasFlag(r, kSpeculative) ? tr(" (speculative)") : QString()));
        case Executor:
            return str(TaskField::ExecutorId);
        case Host:
            return str(TaskField::Host);
        case Locality:
            return view(localityName(stagelight::Locality(t.get(r, TaskField::Locality))));
        case Launch:
            return QString::fromStdString(
                formatDuration(model_->taskLaunch(r) - appStart));
        case Duration:
        case SchedulerDelay:
            return QString::fromStdString(formatDuration(number()));
        case Deserialization:
        case RunTime:
        case GcTime:
            return metrics ? QString::fromStdString(formatDuration(number())) : QString();
        case Input:
        case ShuffleRead:
        case ShuffleWrite:
        case SpillMemory:
        case SpillDisk:
            return metrics ? QString::fromStdString(formatBytes(number())) : QString();
        case Error: {
            const std::string e = taskErrorMessage(t, r).value_or("");
            return QString::fromStdString(e.substr(0, e.find('\n')));
        }
        default:
            return {};
    }
}

}  // namespace stagelight
