#include "model/TaskFields.h"

#include <array>

namespace stagelight {
namespace {
struct FieldInfo {
    std::string_view name;
    std::string_view key;
    Unit unit;
};
constexpr std::array<FieldInfo, kTaskFieldCount> kFields = {{
#define STAGELIGHT_ROW(name, key, unit) {#name, key, Unit::unit},
    STAGELIGHT_TASK_INFO_FIELDS(STAGELIGHT_ROW) STAGELIGHT_TASK_METRIC_FIELDS(STAGELIGHT_ROW)
#undef STAGELIGHT_ROW
}};
constexpr std::array<std::string_view, kExecutorMetricCount> kExecutorMetricNames = {
#define STAGELIGHT_ROW(name) #name,
    STAGELIGHT_EXECUTOR_METRICS(STAGELIGHT_ROW)
#undef STAGELIGHT_ROW
};
constexpr std::array<std::string_view, 6> kLocalities = {"",        "PROCESS_LOCAL", "NODE_LOCAL",
                                                         "NO_PREF", "RACK_LOCAL",    "ANY"};
constexpr std::array<std::string_view, 10> kReasons = {
    "Running",        "Success",    "Resubmitted",      "FetchFailed",         "ExceptionFailure",
    "TaskResultLost", "TaskKilled", "TaskCommitDenied", "ExecutorLostFailure", "UnknownReason"};
}  // namespace

std::string_view taskFieldName(TaskField f) {
    return kFields[size_t(f)].name;
}
std::string_view taskFieldJsonKey(TaskField f) {
    return kFields[size_t(f)].key;
}
Unit taskFieldUnit(TaskField f) {
    return kFields[size_t(f)].unit;
}
std::string_view executorMetricName(ExecutorMetric m) {
    return kExecutorMetricNames[size_t(m)];
}

std::string_view localityName(Locality l) {
    return kLocalities[size_t(l)];
}
Locality localityFromName(std::string_view name) {
    for (size_t i = 1; i < kLocalities.size(); ++i)
        if (kLocalities[i] == name) return Locality(i);
    return Locality::Unknown;
}
std::string_view endReasonName(EndReason r) {
    return kReasons[size_t(r)];
}
EndReason endReasonFromName(std::string_view name) {
    for (size_t i = 1; i < kReasons.size(); ++i)
        if (kReasons[i] == name) return EndReason(i);
    return EndReason::UnknownReason;
}

std::string_view readMethodName(ReadMethod m) {
    switch (m) {
        case ReadMethod::Memory:
            return "Memory";
        case ReadMethod::Disk:
            return "Disk";
        case ReadMethod::Hadoop:
            return "Hadoop";
        case ReadMethod::Network:
            return "Network";
        case ReadMethod::Unknown:
            break;
    }
    return "";
}

ReadMethod readMethodFromName(std::string_view name) {
    for (ReadMethod m : {ReadMethod::Memory, ReadMethod::Disk, ReadMethod::Hadoop, ReadMethod::Network})
        if (name == readMethodName(m)) return m;
    return ReadMethod::Unknown;
}

}  // namespace stagelight
