// small-files-written: a write that produced many tiny files. Defaults from DataFlint: > 100 files
// averaging < 3 MiB; advice is repartition(ceil(bytes ÷ 128 MiB)). Cost: the files' future open
// cost is not this run's time, so the finding is at least a warning with no wall-clock cost.
#include <cmath>

#include "diagnosis/rules/RuleKit.h"
#include "model/Numeric.h"

namespace stagelight::rules {

RuleDef smallFilesWrittenRule() {
    RuleDef r;
    r.name = "small-files-written";
    r.checks = "writes producing many tiny files";
    r.defaults = {{"minFiles", 100}, {"maxAverageBytes", 3.0 * (1 << 20)}};
    r.run = [](const RuleInput& in, const RuleParams& p, std::vector<Finding>& out) {
        forEachPlanNode(in.ctx.model, [&](const SqlExecution& e, int32_t id, const PlanNode& n) {
            const auto files = nodeMetric(in, n, "number of written files");
            const auto bytes = nodeMetric(in, n, "written output");
            if (!files || !bytes || double(*files) <= p["minFiles"] || *files <= 0) return;
            const double average = double(*bytes) / double(*files);
            if (average >= p["maxAverageBytes"]) return;
            const int64_t target = std::max<int64_t>(
                1, saturatingInt64(std::ceil(double(*bytes) / double(128 << 20))));
            Finding f;
            f.id =
                "small-files-written:sql-" + std::to_string(e.id) + "-node-" + std::to_string(id);
            f.title = std::to_string(*files) + " small files written";
            f.detail = n.nodeName + " wrote " + formatBytes(*bytes) + " as " +
                       std::to_string(*files) + " files averaging " +
                       formatBytes(saturatingInt64(average)) + " (SQL execution " +
                       std::to_string(e.id) + "); every later read pays for each file.";
            f.costMethod = "costs the readers of these files, not this run";
            f.minSeverity = Severity::Warning;
            f.fix = "repartition(" + std::to_string(target) +
                    ") (or by the partition columns) before writing, for ~128 MiB files";
            f.evidence = {Evidence::sqlNode(e.id, id, "the write")};
            out.push_back(std::move(f));
        });
        return RuleRun{};
    };
    return r;
}

}  // namespace stagelight::rules
