// small-files-read: a scan that opens many tiny files. Defaults from DataFlint and sparkforensics:
// > 100 files averaging < 3 MiB. Cost: ~20 ms to open and plan each file beyond what 128 MiB files
// would need, spread over the cores (an estimate; the log does not time file opens).
#include <cmath>

#include "diagnosis/rules/FileScan.h"
#include "diagnosis/rules/RuleKit.h"
#include "model/Numeric.h"

namespace stagelight::rules {

RuleDef smallFilesReadRule() {
    RuleDef r;
    r.name = "small-files-read";
    r.checks = "scans reading many tiny files";
    r.defaults = {{"minFiles", 100}, {"maxAverageBytes", 3.0 * (1 << 20)}, {"openCostMs", 20}};
    r.run = [](const RuleInput& in, const RuleParams& p, std::vector<Finding>& out) {
        const double cores = std::max<double>(1, double(in.ctx.cores.maxCores()));
        forEachPlanNode(in.ctx.model, [&](const SqlExecution& e, int32_t id, const PlanNode& n) {
            const auto files = nodeMetric(in, n, "number of files read");
            const auto bytes = nodeMetric(in, n, "size of files read");
            if (!files || !bytes || double(*files) <= p["minFiles"] || *files <= 0) return;
            const double average = double(*bytes) / double(*files);
            if (average >= p["maxAverageBytes"]) return;
            const double ideal = std::ceil(double(*bytes) / double(128 << 20));
            Finding f;
            f.id = "small-files-read:sql-" + std::to_string(e.id) + "-node-" + std::to_string(id);
            f.title = std::to_string(*files) + " small files read by " + trimmedName(n);
            f.detail = "The scan read " + formatBytes(*bytes) + " from " + std::to_string(*files) +
                       " files averaging " + formatBytes(saturatingInt64(average)) +
                       " (SQL execution " + std::to_string(e.id) + ").";
            f.estimatedCostMs = saturatingInt64((double(*files) - ideal) * p["openCostMs"] / cores);
            f.costMethod = "20 ms per file beyond 128 MiB files, spread over the cores (estimate)";
            f.fix =
                "Compact the input into files of 128 MiB–1 GiB (OPTIMIZE, or rewrite with "
                "repartition), or have the writer produce fewer files";
            f.evidence = {Evidence::sqlNode(e.id, id, "the scan")};
            f.focusMetric = HistogramMetric::Input;
            out.push_back(std::move(f));
        });
        return RuleRun{};
    };
    return r;
}

}  // namespace stagelight::rules
