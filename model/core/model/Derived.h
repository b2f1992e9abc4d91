// Figures derived from a loaded log, computed once at the end of the load (derive/Derive.cpp) and
// shipped inside the snapshot: every table, timeline, rule, report and comparison reads them, so
// each figure has exactly one definition.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "model/AppStatus.h"
#include "model/Ids.h"
#include "model/Numeric.h"

namespace stagelight {

// The application's wall clock. Start: ApplicationStart's timestamp, else (excerpts, zeroed
// timestamps) the earliest job, stage, task, executor or SQL execution time. End: ApplicationEnd's
// timestamp, else the latest timestamp of any event (as the History Server does for incomplete
// logs). Timestamps more than 30 days from the log's median time (events spliced in from another
// run, edited lines) take no part: they are reported as a log-quality note instead.
struct AppSpan {
    enum class Start { ApplicationStart, FirstEvent, Unknown };
    enum class End { ApplicationEnd, LastEvent, Unknown };
    int64_t startMs = -1, endMs = -1;  // epoch ms; -1 when the log has no such time
    Start startFrom = Start::Unknown;
    End endFrom = End::Unknown;
    // Timestamps outside [saneFromMs, saneToMs] are outliers (see above).
    int64_t saneFromMs = 0, saneToMs = INT64_MAX;
    bool plausible(int64_t t) const { return t >= saneFromMs && t <= saneToMs; }

    bool known() const { return startMs >= 0 && endMs >= startMs; }
    int64_t wallMs() const { return known() ? saturatingSub(endMs, startMs) : 0; }
    std::string_view startName() const;  // "ApplicationStart", "first event", "unknown"
    std::string_view endName() const;    // "ApplicationEnd", "last event", "unknown"
    bool fromApplicationEvents() const {
        return startFrom == Start::ApplicationStart && endFrom == End::ApplicationEnd;
    }
    std::string howFound() const;  // "ApplicationStart to last event"
};

// When a job ran: JobStart's Submission Time to JobEnd's Completion Time. Where the log lacks one
// (Spark 1.2 has no Submission Time; excerpts and killed drivers lose JobEnd) the job's stages
// stand in: their earliest submission or task launch, their latest completion or task finish.
// A job still open when a finished log ends stops at its last stage activity; in a log that is
// still being written it runs to the log's end.
struct JobSpan {
    int64_t startMs = -1, endMs = -1;  // -1: the log has no time for the job at all
    bool startFromStages = false, endFromStages = false;
    bool known() const { return startMs >= 0 && endMs >= startMs; }
    int64_t durationMs() const { return known() ? saturatingSub(endMs, startMs) : 0; }
};

// What the log gets wrong or leaves out, found while deriving (each note says how it was handled).
struct LogQualityNote {
    enum class Kind {
        OutlierTimestamps,   // times far from the rest of the log (spliced or edited events)
        MissingJobTimes,     // JobStart without Submission Time, or no JobEnd
        TasksWithoutStart,   // TaskEnd events whose TaskStart is not in the log
        RelativeTaskTimes,   // task times near 0 in a log timed in epoch ms
        InferredCores,       // no ExecutorAdded with cores: taken from the tasks' concurrency
    };
    Kind kind;
    std::string text;
    int64_t count = 0;
};

// Task table rows of each stage attempt (index = EventLogModel::stages index), every attempt
// that has a TaskStart or TaskEnd, in task-id order (a Resubmitted TaskEnd follows the attempt it
// repeats). One array of rows with offsets, built in one pass over the table.
class StageRowIndex {
public:
    std::span<const uint32_t> rows(size_t stageIndex) const {
        if (stageIndex + 1 >= offsets_.size()) return {};
        return {rows_.data() + offsets_[stageIndex], offsets_[stageIndex + 1] - offsets_[stageIndex]};
    }
    size_t stageCount() const { return offsets_.empty() ? 0 : offsets_.size() - 1; }
    void assign(std::vector<uint32_t> offsets, std::vector<uint32_t> rows) {
        offsets_ = std::move(offsets);
        rows_ = std::move(rows);
    }

private:
    std::vector<uint32_t> offsets_, rows_;
};

// A stage attempt's totals. Counts and metric sums follow the History Server (AppStatusListener:
// completed = Success, killed = TaskKilled + TaskCommitDenied, failed = every other end reason
// including Resubmitted; metric sums over every attempt that reported metrics, failed and killed
// ones too, Resubmitted events excluded). One documented extension: the History Server drops the
// metrics of a TaskEnd whose TaskStart is not in the log (excerpts); they are added here, and
// `unstartedTasks` says how many there were (REST answers stay the History Server's).
struct StageTotals {
    size_t stage = 0;  // index into EventLogModel::stages
    StageKey key;
    int32_t numTasks = 0;              // the stage's partitions (Stage Info "Number of Tasks")
    int64_t firstTaskLaunchTime = -1;  // earliest launch; -1 when no task launched
    int64_t durationMs = 0;  // completion (or the log's last event) - first launch (SPARK-10930)
    // The History Server's counts (REST StageData numCompleteTasks, ...).
    int32_t runningTasks = 0, completedTasks = 0, failedTasks = 0, killedTasks = 0;
    int32_t completedIndices = 0;
    // What the log holds: task attempts (Resubmitted events are not attempts), Resubmitted
    // events (map outputs lost with their executor after the task succeeded), and finished
    // attempts whose TaskStart is missing.
    int32_t attempts = 0, resubmitted = 0, unstartedTasks = 0;
    bool inHistoryServer = false;  // the replay saw this attempt live (else all from the rows)
    MetricSums metrics;

    int64_t sum(TaskField f) const { return metrics[f]; }
    int64_t shuffleReadBytes() const {
        return sum(TaskField::ShuffleRemoteBytesRead) + sum(TaskField::ShuffleLocalBytesRead);
    }
    // Spark's stage-table progress text: "227/200 (53 failed)", killed tasks too.
    std::string progressText() const;
};

// Cores of live executors over time, as a step function.
class CoreTimeline {
public:
    struct Segment {
        int64_t from, to, cores;
    };
    int64_t coresAt(int64_t t) const;
    double coreMs(int64_t from, int64_t to) const;  // ∫ cores dt over [from, to), in core-ms
    int64_t maxCores() const { return maxCores_; }
    std::vector<Segment> segments(int64_t from, int64_t to) const;  // constant-core pieces
    bool empty() const { return steps_.empty(); }
    // (time, cores from then on), time-sorted, one entry per change.
    void assign(std::vector<std::pair<int64_t, int64_t>> steps);

private:
    std::vector<std::pair<int64_t, int64_t>> steps_;
    int64_t maxCores_ = 0;
};

// Application-wide counts and totals, for the overview, the report's title page and `summary`.
struct AppTotals {
    int64_t jobs = 0;           // JobStart seen
    int64_t stageAttempts = 0;  // StageSubmitted or StageCompleted seen
    // Finished task attempts (Resubmitted events are not attempts), those that did not
    // succeed (failed or killed), and the Resubmitted events.
    int64_t tasks = 0, failedTasks = 0, resubmittedTasks = 0;
    int64_t executors = 0;      // ExecutorAdded events, the driver excluded
    int64_t executorCores = 0;  // their cores together
    int64_t peakCores = 0;      // most cores alive at once (CoreTimeline)
    bool coresInferred = false;  // no ExecutorAdded gave cores: the tasks' concurrency stands in
    bool driverRunsTasks = false;  // local mode: tasks ran on executor "driver"
    int64_t sqlExecutions = 0;          // SQLExecutionStart seen
    int64_t sqlWithoutStart = 0;        // execution ids named by jobs, never started in the log
    MetricSums metrics;                 // every stage attempt's StageTotals together
};

// A cached RDD's storage at the end of the log, from the best source the log has.
struct CachedRdd {
    enum class Source {
        BlockUpdates,       // the History Server's storage page (BlockUpdated events)
        TaskBlockUpdates,   // each block's latest state from TaskEnd "Updated Blocks" (Spark 1.x)
        RddInfo,            // the last StageCompleted's RDD Info
    };
    int32_t id = 0;
    std::string name, callsite, storageLevel;
    int32_t partitions = 0, cachedPartitions = 0;
    int64_t memoryBytes = 0, diskBytes = 0;
    bool unpersisted = false;
    Source source = Source::RddInfo;
};
std::string_view cachedRddSourceName(CachedRdd::Source s);

struct Derived {
    bool ready = false;  // set by deriveFigures; a snapshot is never handed out without it
    AppSpan span;
    // Added to a task row's launch and finish times: non-zero only for stages whose task times
    // are relative (near 0 in a log timed in epoch ms, hand-written logs); empty when none are.
    std::vector<int64_t> rowTimeOffset;
    int64_t timeOffset(size_t row) const { return rowTimeOffset.empty() ? 0 : rowTimeOffset[row]; }
    std::vector<JobSpan> jobSpans;  // one per EventLogModel::jobs entry
    std::vector<LogQualityNote> logQuality;
    StageRowIndex stageRows;
    std::vector<StageTotals> stageTotals;  // one per EventLogModel::stages entry
    AppTotals totals;
    CoreTimeline cores;
    // Slot lane of each task row within its stage attempt and executor: concurrent tasks of an
    // executor never share a lane (greedy interval partitioning by launch time).
    std::vector<uint32_t> taskLane;
    // Row of each stage attempt on the application timeline (-1: it ran no task): stages that
    // overlap in time never share a row.
    std::vector<int32_t> stageTimelineRow;
    int32_t stageTimelineRows = 0;
    std::vector<size_t> startedSqlExecutions;  // indices into sqlExecutions with a start event
    std::vector<CachedRdd> cachedRdds;         // persisted RDDs, by id
};

}  // namespace stagelight
