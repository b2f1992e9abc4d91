#include "model/Entities.h"

namespace stagelight {

std::string RddInfo::scopeName() const {
    const size_t at = scope.find("\"name\":\"");
    if (at == std::string::npos) return {};
    const size_t from = at + 8, to = scope.find('"', from);
    return scope.substr(from, to == std::string::npos ? std::string::npos : to - from);
}

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
