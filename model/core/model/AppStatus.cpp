#include "model/AppStatus.h"
#include "model/Numeric.h"

namespace stagelight {

bool PeakMetrics::update(const ExecutorMetricValues& m) {
    bool grew = false;
    for (size_t i = 0; i < m.size(); ++i)
        if (m[i] > values[i]) {
            values[i] = m[i];
            grew = true;
        }
    return grew;
}

void MetricSums::add(const MetricSums& other) {
    for (size_t i = 0; i < values.size(); ++i) values[i] = jvmAdd(values[i], other.values[i]);
}

std::string ExecutorFigures::hostname() const {
    if (!host.empty()) return host;
    const size_t colon = hostPort.rfind(':');
    return colon == std::string::npos ? hostPort : hostPort.substr(0, colon);
}

const StageFigures* AppStatus::stage(int32_t stageId, int32_t attemptId) const {
    auto it = stages.find({stageId, attemptId});
    return it == stages.end() ? nullptr : &it->second;
}

std::string storageLevelDescription(bool useDisk, bool useMemory, bool useOffHeap,
                                    bool deserialized, int32_t replication) {
    std::string s;
    if (useDisk) s += "Disk ";
    if (useMemory) s += useOffHeap ? "Memory (off heap) " : "Memory ";
    s += deserialized ? "Deserialized " : "Serialized ";
    s += std::to_string(replication) + "x Replicated";
    return s;
}

}  // namespace stagelight
