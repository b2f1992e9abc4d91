#include "model/Entities.h"

namespace stagelight {

std::string_view stageStatusName(StageStatus status) {
    switch (status) {
        case StageStatus::Pending:
            return "PENDING";
        case StageStatus::Active:
            return "ACTIVE";
        case StageStatus::Complete:
            return "COMPLETE";
        case StageStatus::Failed:
            return "FAILED";
        case StageStatus::Skipped:
            return "SKIPPED";
    }
    return "UNKNOWN";
}

StageStatus StageAttempt::status() const {
    if (completed) {
        if (hasFailureReason) return StageStatus::Failed;
        return submissionTime >= 0 || submitted ? StageStatus::Complete : StageStatus::Skipped;
    }
    if (submitted) return StageStatus::Active;
    return StageStatus::Pending;
}

const Properties* Environment::section(std::string_view name) const {
    for (const auto& [n, props] : sections)
        if (n == name) return &props;
    return nullptr;
}

std::optional<std::string> Environment::sparkProperty(std::string_view key) const {
    if (const Properties* props = section("Spark Properties"))
        for (const auto& [k, v] : *props)
            if (k == key) return v;
    return std::nullopt;
}

}  // namespace stagelight
