#include "diagnosis/EvidenceSources.h"

#include <algorithm>
#include <unordered_set>

namespace stagelight {
namespace {

class SourceList {
public:
    void add(std::string label, const SourceRef& where) {
        if (where.line == 0) return;  // the event was not in the log
        const uint64_t key = (uint64_t(where.part) << 48) ^ where.offset;
        if (seen_.insert(key).second) out_.push_back({std::move(label), where});
    }
    std::vector<EvidenceSource> take() { return std::move(out_); }

private:
    std::vector<EvidenceSource> out_;
    std::unordered_set<uint64_t> seen_;
};

std::string stageName(int32_t id, int32_t attempt) {
    return StageKey{id, attempt}.label();
}

void addStage(SourceList& list, const StageAttempt& s) {
    list.add("StageSubmitted of " + stageName(s.stageId, s.attemptId), s.submittedAt);
    list.add("StageCompleted of " + stageName(s.stageId, s.attemptId), s.completedAt);
}

}  // namespace

std::vector<EvidenceSource> evidenceSources(const EventLogModel& model, const Finding& finding,
                                            size_t maxTasks) {
    SourceList list;
    const TaskTable& t = model.tasks;
    for (const Evidence& e : finding.evidence) {
        if (e.stageId >= 0)
            if (const StageAttempt* s = model.stage(e.stageId, e.stageAttemptId))
                addStage(list, *s);
        switch (e.kind) {
            case Evidence::Kind::Tasks: {
                std::vector<int64_t> wanted(
                    e.taskIds.begin(),
                    e.taskIds.begin() + ptrdiff_t(std::min(maxTasks, e.taskIds.size())));
                std::sort(wanted.begin(), wanted.end());
                for (size_t r = 0; r < t.size(); ++r) {
                    const int64_t id = t.get(r, TaskField::TaskId);
                    if (!std::binary_search(wanted.begin(), wanted.end(), id)) continue;
                    const SourceRef where{uint32_t(t.get(r, TaskField::SourcePart)),
                                          uint64_t(t.get(r, TaskField::SourceOffset)), 1};
                    list.add("TaskEnd of task " + std::to_string(id) + " (attempt " +
                                 std::to_string(t.get(r, TaskField::Attempt)) + ")",
                             where);
                }
                break;
            }
            case Evidence::Kind::SqlNode:
                for (const SqlExecution& q : model.sqlExecutions)
                    if (q.id == e.executionId)
                        list.add("SQLExecutionStart of execution " + std::to_string(q.id),
                                 q.startedAt);
                break;
            case Evidence::Kind::Rdd:
                for (const StageAttempt& s : model.stages)
                    if (std::any_of(s.rdds.begin(), s.rdds.end(),
                                    [&](const RddInfo& r) { return r.id == e.rddId; })) {
                        addStage(list, s);
                        break;
                    }
                break;
            case Evidence::Kind::TimeWindow:
                if (e.stageId < 0)  // an application-level window: the jobs around it
                    for (const Job& j : model.jobs)
                        if (j.submissionTime >= 0 && j.submissionTime <= e.endMs &&
                            (j.completionTime < 0 || j.completionTime >= e.startMs))
                            list.add("JobStart of job " + std::to_string(j.id), j.startedAt);
                break;
            default:
                break;
        }
    }
    return list.take();
}

}  // namespace stagelight
