#include "qt/StageTableModel.h"

#include "qt/StageText.h"
#include "qt/PlainText.h"
#include "text/Format.h"

#include <QStringList>

#include <algorithm>
#include <map>

namespace stagelight {

namespace {
QString text(const std::string& s) {
    return logText(s);
}

// What each task count of a stage attempt counts, in one sentence.
std::string taskCountsText(const StageTotals& st) {
    std::string s = std::to_string(st.attempts) + " task attempts in the log for " +
                    std::to_string(st.numTasks) + " partitions";
    if (st.resubmitted > 0)
        s += "; " + std::to_string(st.resubmitted) +
             " Resubmitted events (successful map outputs lost with their executor, run again)";
    if (st.unstartedTasks > 0)
        s += "; " + std::to_string(st.unstartedTasks) +
             " tasks have no TaskStart in the log (the History Server leaves their metrics out; "
             "they are counted here)";
    return s;
}
}  // namespace

StageTableModel::StageTableModel(QObject* parent)
    : SnapshotTableModel(
          {tr("Stage"), tr("Job"), tr("SQL"), tr("Description"), tr("Status"), tr("Duration"),
           tr("Waited"), tr("Share"), tr("Tasks"), tr("Failed"), tr("Input"), tr("Output"), tr("Shuffle read"),
           tr("Shuffle write"), tr("Spill (memory)"), tr("Spill (disk)"), tr("GC time")},
          parent) {
    // Spark's own definitions (its UI's ToolTips), adjusted to what the column sums.
    setColumnTips(
        {tr("Stage id and attempt number: a retried stage appears once per attempt"),
         tr("The jobs that list this stage (a shared stage belongs to several); filter with "
            "job:N"),
         tr("The SQL executions of those jobs; filter with sql:N"),
         tr("The stage's name (its call site); the tooltip shows the full details"),
         tr("COMPLETE, FAILED, ACTIVE, PENDING or SKIPPED"),
         tr("Elapsed time from the launch of the stage's first task until the completion of all "
            "its tasks (as the History Server's stage table measures it)"),
         tr("Time from the stage's submission until its first task launched: Spark's Duration "
            "leaves it out, the time accounting counts it (a stage waiting for cores, for "
            "executors or for the driver); — when the log gives no submission before it"),
         tr("The stage's duration as a share of the application's wall clock (stages that run "
            "at the same time each count their whole duration)"),
         tr("Succeeded/total as Spark's stage table shows it: tasks that succeeded of the "
            "stage's partitions (a partition run twice succeeds twice), then failed and killed "
            "tasks; failed includes Resubmitted events (map outputs lost with their executor)"),
         tr("Task ends that did not succeed (Spark's count: Resubmitted events included)"),
         tr("Bytes read from Hadoop or from Spark storage"), tr("Bytes written to Hadoop"),
         tr("Total shuffle bytes read, including both data read locally and data read from "
            "remote executors"),
         tr("Bytes written to disk in order to be read by a shuffle in a future stage"),
         tr("Shuffle spill (memory) is the size of the deserialized form of the data in memory "
            "at the time of spilling"),
         tr("Shuffle spill (disk) is the size of the serialized form of the data on disk after "
            "spilling"),
         tr("Time that the executors spent paused for Java garbage collection while the "
            "stage's tasks were running")});
}

int StageTableModel::rebuild() {
    rows_.clear();
    jobs_.clear();
    sqls_.clear();
    if (!snapshot()) return 0;
    // Stage id → the jobs listing it, and their SQL executions (ids ascending, once each).
    std::map<int32_t, std::vector<int32_t>> jobsOf;
    std::map<int32_t, std::vector<int64_t>> sqlsOf;
    for (const auto& job : snapshot()->jobs)
        for (int32_t stage : job.stageIds) {
            jobsOf[stage].push_back(job.id);
            if (job.sqlExecutionId >= 0) sqlsOf[stage].push_back(job.sqlExecutionId);
        }
    const auto join = [](auto ids) {
        std::sort(ids.begin(), ids.end());
        ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
        QStringList parts;
        for (auto id : ids) parts << QString::number(id);
        return parts.join(QStringLiteral(", "));
    };
    wallClockMs_ = snapshot()->derived.span.wallMs();
    for (const StageTotals& st : snapshot()->derived.stageTotals) {
        const StageAttempt& s = snapshot()->stages[st.stage];
        if (!(s.submitted || s.completed || st.attempts > 0)) continue;
        rows_.push_back(st);
        const auto j = jobsOf.find(s.stageId);
        jobs_.push_back(j == jobsOf.end() ? QString() : join(j->second));
        const auto q = sqlsOf.find(s.stageId);
        sqls_.push_back(q == sqlsOf.end() ? QString() : join(q->second));
    }
    return int(rows_.size());
}

int64_t StageTableModel::waitedMs(const StageTotals& st) const {
    if (st.firstTaskLaunchTime < 0) return -1;  // no task launched
    const int64_t start = snapshot()->stageWaitStart(st.stage);
    return start < st.firstTaskLaunchTime ? st.firstTaskLaunchTime - start
                                          : snapshot()->stages[st.stage].submissionTime > 0 ? 0 : -1;
}

StageKey StageTableModel::stageKeyOf(int row) const {
    if (!snapshot() || row < 0 || row >= int(rows_.size())) return {};
    const StageAttempt& s = snapshot()->stages[rows_[size_t(row)].stage];
    return {s.stageId, s.attemptId};
}

int StageTableModel::rowOfStage(int32_t stageId, int32_t attemptId) const {
    if (!snapshot()) return -1;
    for (size_t i = 0; i < rows_.size(); ++i) {
        const StageAttempt& s = snapshot()->stages[rows_[i].stage];
        if (s.stageId == stageId && s.attemptId == attemptId) return int(i);
    }
    return -1;
}

QVariant StageTableModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || !snapshot() || index.row() >= int(rows_.size())) return {};
    const StageTotals& st = rows_[size_t(index.row())];
    const StageAttempt& s = snapshot()->stages[st.stage];
    if (role == StageIndexRole) return qulonglong(st.stage);
    if (role == ShareRole)
        return wallClockMs_ > 0 ? double(std::max<int64_t>(0, st.durationMs)) / double(wallClockMs_)
                                : 0.0;
    if (role == Qt::TextAlignmentRole)
        return index.column() == Name || index.column() == Status
                   ? QVariant(int(Qt::AlignLeft | Qt::AlignVCenter))
                   : QVariant(int(Qt::AlignRight | Qt::AlignVCenter));
    auto number = [&]() -> qlonglong {
        switch (index.column()) {
            case Stage:
                return qlonglong(s.stageId) * 1000 + s.attemptId;
            case Duration:
            case Share:
                return st.durationMs;
            case Waited:
                return waitedMs(st);
            case Tasks:
                return st.attempts;
            case Failed:
                return st.failedTasks;
            case Input:
                return st.sum(TaskField::InputBytesRead);
            case Output:
                return st.sum(TaskField::OutputBytesWritten);
            case ShuffleRead:
                return st.shuffleReadBytes();
            case ShuffleWrite:
                return st.sum(TaskField::ShuffleBytesWritten);
            case SpillMemory:
                return st.sum(TaskField::MemoryBytesSpilled);
            case SpillDisk:
                return st.sum(TaskField::DiskBytesSpilled);
            case GcTime:
                return st.sum(TaskField::JvmGcTime);
            default:
                return 0;
        }
    };
    if (role == SortRole) {
        if (index.column() == Name) return firstLine(text(s.name));
        if (index.column() == Job || index.column() == Sql) {
            const QString& ids = (index.column() == Job ? jobs_ : sqls_)[size_t(index.row())];
            return ids.isEmpty() ? QVariant(qlonglong(-1))
                                 : QVariant(ids.section(QLatin1Char(','), 0, 0).toLongLong());
        }
        if (index.column() == Status) return text(std::string(stageStatusName(s.status())));
        return number();
    }
    if (role == Qt::ToolTipRole) {  // log text, escaped: never rich text
        if (index.column() == Name)
            return plainTooltip(text(s.details.empty() ? s.name : s.details));
        if (index.column() == Tasks) return plainTooltip(text(taskCountsText(st)));
        return {};
    }
    if (role != Qt::DisplayRole) return {};
    switch (index.column()) {
        case Stage:
            return stageIdText(s.stageId, s.attemptId);
        case Job:
            return jobs_[size_t(index.row())];
        case Sql:
            return sqls_[size_t(index.row())];
        case Name:  // the first line; the tooltip holds the whole text
            return firstLine(text(s.name));
        case Status:
            return text(std::string(stageStatusName(s.status())));
        case Duration:
            return text(formatDuration(st.durationMs));
        case Waited: {
            const int64_t waited = waitedMs(st);
            return waited >= 0 ? text(formatDuration(waited)) : QStringLiteral("—");
        }
        case Share:
            return wallClockMs_ > 0
                       ? QStringLiteral("%1 %").arg(
                             100.0 * double(st.durationMs) / double(wallClockMs_), 0, 'f', 1)
                       : QString();
        case Tasks:
            return text(st.progressText());
        case Failed:
            return QString::number(number());
        case GcTime:
            return text(formatDuration(number()));
        default:
            return text(formatBytes(number()));
    }
}

}  // namespace stagelight
