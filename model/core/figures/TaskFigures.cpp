#include "figures/TaskFigures.h"

#include <algorithm>
#include "model/Numeric.h"

namespace stagelight {

TaskTimes taskTimes(const TaskTable& tasks, size_t row, int64_t now) {
    TaskTimes t;
    const int64_t launch = tasks.get(row, TaskField::LaunchTime);
    const int64_t finish = tasks.get(row, TaskField::FinishTime);
    const int64_t gettingResult = tasks.get(row, TaskField::GettingResultTime);
    // Spark's AppStatusUtils formulas, in JVM long arithmetic (a hostile log's times wrap there).
    t.duration = finish != 0 ? jvmSub(finish, launch) : std::max<int64_t>(0, jvmSub(now, launch));
    if (gettingResult != 0) t.resultFetchStart = gettingResult;
    if (t.resultFetchStart > 0)
        t.gettingResultTime = t.duration > 0
                                  ? jvmSub(jvmAdd(launch, t.duration), t.resultFetchStart)
                                  : jvmSub(now, t.resultFetchStart);
    if (tasks.hasFlag(row, kHasMetrics) && t.duration > 0)
        t.schedulerDelay = std::max<int64_t>(
            0, jvmSub(jvmSub(jvmSub(jvmSub(t.duration, tasks.get(row, TaskField::ExecutorRunTime)),
                                    tasks.get(row, TaskField::ExecutorDeserializeTime)),
                             tasks.get(row, TaskField::ResultSerializationTime)),
                      t.gettingResultTime));
    return t;
}

std::string_view taskStatus(const TaskTable& tasks, size_t row) {
    const bool finished = tasks.get(row, TaskField::FinishTime) != 0;
    if (!finished)
        return tasks.get(row, TaskField::GettingResultTime) != 0 ? "GET RESULT" : "RUNNING";
    if (tasks.hasFlag(row, kFailed)) return "FAILED";
    if (tasks.hasFlag(row, kKilled)) return "KILLED";
    return "SUCCESS";
}

namespace {

std::string frameText(const StackFrame& f) {
    std::string s = f.declaringClass + "." + f.methodName;
    if (f.lineNumber == -2)
        s += "(Native Method)";
    else if (!f.fileName.empty() && f.lineNumber >= 0)
        s += "(" + f.fileName + ":" + std::to_string(f.lineNumber) + ")";
    else if (!f.fileName.empty())
        s += "(" + f.fileName + ")";
    else
        s += "(Unknown Source)";
    return s;
}

}  // namespace

std::optional<std::string> taskErrorMessage(const TaskTable& tasks, size_t row) {
    const EndReason reason = tasks.endReason(row);
    if (reason == EndReason::Success || reason == EndReason::Running) return std::nullopt;
    const TaskFailure* f = tasks.failure(row);
    switch (reason) {
        case EndReason::Resubmitted:
            return "Resubmitted (resubmitted due to lost executor)";
        case EndReason::TaskResultLost:
            return "TaskResultLost (result lost from block manager)";
        case EndReason::UnknownReason:
            return "UnknownReason";
        default:
            break;
    }
    if (!f) return std::nullopt;
    switch (reason) {
        case EndReason::TaskKilled:
        case EndReason::TaskCommitDenied:
            return killedTaskText(*f);
        case EndReason::ExceptionFailure: {
            if (f->hasFullStackTrace) return f->fullStackTrace;
            std::string s =
                f->className + ": " + (f->descriptionIsNull ? "" : f->description) + "\n";
            for (size_t i = 0; i < f->stackTrace.size(); ++i)
                s += (i ? "\n" : "") + std::string("        ") + frameText(f->stackTrace[i]);
            return s;
        }
        case EndReason::FetchFailed: {
            const std::string address = f->hasBlockManager
                                            ? "BlockManagerId(" + f->blockManagerExecutorId + ", " +
                                                  f->blockManagerHost + ", " +
                                                  std::to_string(f->blockManagerPort) + ", None)"
                                            : "null";
            return "FetchFailed(" + address + ", shuffleId=" + std::to_string(f->shuffleId) +
                   ", mapIndex=" + std::to_string(f->mapIndex) +
                   ", mapId=" + std::to_string(f->mapId) +
                   ", reduceId=" + std::to_string(f->reduceId) + ", message=\n" + f->description +
                   "\n)";
        }
        case EndReason::ExecutorLostFailure:
            return "ExecutorLostFailure (executor " + f->lostExecutorId + " exited " +
                   (f->exitCausedByApp ? "caused by one of the running tasks"
                                       : "unrelated to the running tasks") +
                   ")" + (f->hasLossReason ? " Reason: " + f->lossReason : "");
        default:
            return std::nullopt;
    }
}

}  // namespace stagelight
