#include "qt/TaskSummaryModel.h"

#include "model/Numeric.h"

#include "text/Format.h"

namespace stagelight {
namespace {

struct Row {
    SummaryMetric metric;
    const char* label;
    const char* tip;
    enum Kind { Time, Bytes, Nanos } kind;
};

// The rows of Spark's stage page summary table, in its order.
constexpr Row kRows[] = {
    {SummaryMetric::Duration, "Duration", "Launch to finish on the driver's clock", Row::Time},
    {SummaryMetric::SchedulerDelay, "Scheduler Delay",
     "Time the task waited to be scheduled and to send its result", Row::Time},
    {SummaryMetric::ExecutorDeserializeTime, "Task Deserialization Time",
     "Time deserializing the task closure on the executor", Row::Time},
    {SummaryMetric::ExecutorRunTime, "Executor Run Time", "Time running the task body", Row::Time},
    {SummaryMetric::JvmGcTime, "GC Time", "JVM garbage collection while the task ran", Row::Time},
    {SummaryMetric::ResultSerializationTime, "Result Serialization Time",
     "Time serializing the task result on the executor", Row::Time},
    {SummaryMetric::GettingResultTime, "Getting Result Time",
     "Time the driver spent fetching the task's result", Row::Time},
    {SummaryMetric::PeakExecutionMemory, "Peak Execution Memory",
     "Peak memory of shuffles, aggregations and joins in the task", Row::Bytes},
    {SummaryMetric::InputBytes, "Input Size", "Bytes read from files or tables", Row::Bytes},
    {SummaryMetric::OutputBytes, "Output Size", "Bytes written to files or tables", Row::Bytes},
    {SummaryMetric::ShuffleFetchWaitTime, "Shuffle Read Blocked Time",
     "Time blocked waiting for shuffle data from other executors", Row::Time},
    {SummaryMetric::ShuffleReadBytes, "Shuffle Read Size", "Shuffle bytes read (local + remote)",
     Row::Bytes},
    {SummaryMetric::ShuffleRemoteBytesRead, "Shuffle Remote Reads",
     "Shuffle bytes read from other executors", Row::Bytes},
    {SummaryMetric::ShuffleWriteTime, "Shuffle Write Time", "Time writing shuffle files",
     Row::Nanos},
    {SummaryMetric::ShuffleWriteBytes, "Shuffle Write Size", "Shuffle bytes written", Row::Bytes},
    {SummaryMetric::MemoryBytesSpilled, "Spill (Memory)", "Size in memory of the data spilled",
     Row::Bytes},
    {SummaryMetric::DiskBytesSpilled, "Spill (Disk)", "Size on disk of the data spilled",
     Row::Bytes},
};

}  // namespace

TaskSummaryModel::TaskSummaryModel(QObject* parent) : QAbstractTableModel(parent) {}

void TaskSummaryModel::setStage(ModelPtr model, size_t stageIndex) {
    beginResetModel();
    summary_.reset();
    if (model && stageIndex < model->stages.size()) {
        const StageAttempt& s = model->stages[stageIndex];
        summary_ = taskSummary(*model, stageTaskRows(*model, s.stageId, s.attemptId),
                               {0.0, 0.25, 0.5, 0.75, 1.0}, SummaryRanking::SuccessfulTasks);
        for (size_t m = 0; m < kSummaryMetricCount; ++m)
            logged_[m] = summaryMetricLogged(*model, SummaryMetric(m));
    }
    endResetModel();
}

int TaskSummaryModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() || !summary_ ? 0 : int(std::size(kRows));
}

int TaskSummaryModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant TaskSummaryModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount) return {};
    // Short headers so the five figures fit a narrow dock (Max is the skew number).
    static const char* names[] = {"Metric", "Min", "25th", "Median", "75th", "Max"};
    static const char* tips[] = {"The task metric", "The smallest task's value",
                                 "25th percentile", "Median (50th percentile)",
                                 "75th percentile", "The largest task's value"};
    if (role == Qt::ToolTipRole) return tr(tips[section]);
    if (role != Qt::DisplayRole) return {};
    return tr(names[section]);
}

QVariant TaskSummaryModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || !summary_ || index.row() >= int(std::size(kRows))) return {};
    const Row& row = kRows[index.row()];
    if (role == Qt::ToolTipRole && index.column() == Metric) return tr(row.tip);
    if (role == Qt::TextAlignmentRole)
        return index.column() == Metric ? QVariant(int(Qt::AlignLeft | Qt::AlignVCenter))
                                        : QVariant(int(Qt::AlignRight | Qt::AlignVCenter));
    if (role != Qt::DisplayRole && role != Qt::UserRole) return {};
    if (index.column() == Metric) return tr(row.label);
    const double v = (*summary_)[row.metric][size_t(index.column() - Min)];
    if (role == Qt::UserRole) return v;
    if (!logged_[size_t(row.metric)]) return QStringLiteral("—");  // never in this log
    switch (row.kind) {
        // Absurd task times make absurd figures (even NaN): shown saturated, never converted
        // out of range.
        case Row::Time:
            return QString::fromStdString(formatDuration(saturatingInt64(v)));
        case Row::Nanos:
            return QString::fromStdString(formatDuration(saturatingInt64(v / 1e6)));
        case Row::Bytes:
            return QString::fromStdString(formatBytes(saturatingInt64(v)));
    }
    return {};
}

}  // namespace stagelight
