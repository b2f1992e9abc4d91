// config: settings known to hurt (Dr. Elephant's configuration heuristic, sparkforensics' CFG):
// dynamic allocation without the external shuffle service or shuffle tracking, the Java
// serializer, memory overhead below max(384 MiB, 10 % of executor memory).
#include "diagnosis/rules/RuleKit.h"

namespace stagelight::rules {

RuleDef configRule() {
    RuleDef r;
    r.name = "config";
    r.checks = "settings that cost time or stability";
    r.defaults = {{"minOverheadFactor", 0.10}, {"minOverheadBytes", 384.0 * (1 << 20)}};
    r.run = [](const RuleInput& in, const RuleParams& p, std::vector<Finding>& out) {
        if (in.ctx.model.environment.sections.empty())
            return RuleRun::notRun("the log has no EnvironmentUpdate (no configuration)");
        auto conf = [&](std::string_view k) { return sparkConf(in, k).value_or(""); };
        auto add = [&](std::string id, std::string title, std::string detail, std::string fix) {
            Finding f;
            f.id = "config:" + std::move(id);
            f.title = std::move(title);
            f.detail = std::move(detail);
            f.costMethod = "not measured: a risk or an overhead the log does not time";
            f.minSeverity = Severity::Warning;
            f.fix = std::move(fix);
            out.push_back(std::move(f));
        };
        if (conf("spark.dynamicAllocation.enabled") == "true" &&
            conf("spark.shuffle.service.enabled") != "true" &&
            conf("spark.dynamicAllocation.shuffleTracking.enabled") != "true")
            add("dynamic-allocation", "Dynamic allocation without a shuffle service",
                "spark.dynamicAllocation.enabled=true while neither spark.shuffle.service.enabled "
                "nor "
                "spark.dynamicAllocation.shuffleTracking.enabled is on: removed executors take "
                "their "
                "shuffle files with them.",
                "spark.shuffle.service.enabled=true (or "
                "spark.dynamicAllocation.shuffleTracking.enabled=true)");
        const std::string serializer = conf("spark.serializer");
        if (!serializer.empty() && serializer.find("JavaSerializer") != std::string::npos)
            add("serializer", "The Java serializer is in use",
                "spark.serializer=" + serializer +
                    ": Java serialization is slower and larger than Kryo "
                    "for RDD shuffles and caches.",
                "spark.serializer=org.apache.spark.serializer.KryoSerializer");
        const auto memory = memoryBytes(conf("spark.executor.memory"));
        const auto overhead = memoryBytes(conf("spark.executor.memoryOverhead"));
        if (memory && overhead) {
            const double needed =
                std::max(p["minOverheadBytes"], p["minOverheadFactor"] * double(*memory));
            if (double(*overhead) < needed)
                add("memory-overhead", "Executor memory overhead is below Spark's own default",
                    "spark.executor.memoryOverhead=" + conf("spark.executor.memoryOverhead") +
                        " is below max(384 MiB, 10 % of spark.executor.memory=" +
                        conf("spark.executor.memory") +
                        "): containers risk being killed for memory.",
                    "spark.executor.memoryOverhead=" + std::to_string(int64_t(needed) >> 20) + "m");
        }
        return RuleRun{};
    };
    return r;
}

}  // namespace stagelight::rules
