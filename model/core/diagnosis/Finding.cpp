#include "diagnosis/Finding.h"

#include <utility>

namespace stagelight {

std::string_view severityName(Severity s) {
    switch (s) {
        case Severity::Critical:
            return "critical";
        case Severity::Warning:
            return "warning";
        case Severity::Info:
            break;
    }
    return "info";
}

std::string_view evidenceKindName(Evidence::Kind k) {
    switch (k) {
        case Evidence::Kind::Stage:
            return "stage";
        case Evidence::Kind::Tasks:
            return "tasks";
        case Evidence::Kind::TimeWindow:
            return "timeWindow";
        case Evidence::Kind::SqlNode:
            return "sqlNode";
        case Evidence::Kind::Rdd:
            return "rdd";
        case Evidence::Kind::Executor:
            return "executor";
    }
    return "stage";
}

Evidence Evidence::stage(int32_t stageId, int32_t attemptId, std::string note) {
    Evidence e;
    e.kind = Kind::Stage;
    e.stageId = stageId;
    e.stageAttemptId = attemptId;
    e.note = std::move(note);
    return e;
}

Evidence Evidence::tasks(int32_t stageId, int32_t attemptId, std::vector<int64_t> ids,
                         std::string note) {
    Evidence e = stage(stageId, attemptId, std::move(note));
    e.kind = Kind::Tasks;
    e.taskIds = std::move(ids);
    return e;
}

Evidence Evidence::window(int64_t startMs, int64_t endMs, std::string note) {
    Evidence e;
    e.kind = Kind::TimeWindow;
    e.startMs = startMs;
    e.endMs = endMs;
    e.note = std::move(note);
    return e;
}

Evidence Evidence::sqlNode(int64_t executionId, int64_t nodeId, std::string note) {
    Evidence e;
    e.kind = Kind::SqlNode;
    e.executionId = executionId;
    e.nodeId = nodeId;
    e.note = std::move(note);
    return e;
}

Evidence Evidence::rdd(int32_t rddId, std::string note) {
    Evidence e;
    e.kind = Kind::Rdd;
    e.rddId = rddId;
    e.note = std::move(note);
    return e;
}

Evidence Evidence::executor(std::string id, std::string note) {
    Evidence e;
    e.kind = Kind::Executor;
    e.executorId = std::move(id);
    e.note = std::move(note);
    return e;
}

}  // namespace stagelight
