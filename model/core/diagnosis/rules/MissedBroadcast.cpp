// missed-broadcast: a sort-merge join with one small side that could have been broadcast.
// Defaults from DataFlint's broadcastSmallTable: small side < 10 MiB; or < 100 MiB against
// > 10 GiB; or < 1 GiB against > 300 GiB. Cost: shuffling and sorting the large side, estimated
// at 200 MiB/s per core (the log does not time the exchange by join).
#include "diagnosis/rules/Joins.h"
#include "model/Numeric.h"

namespace stagelight::rules {

RuleDef missedBroadcastRule() {
    RuleDef r;
    r.name = "missed-broadcast";
    r.checks = "sort-merge joins with a side small enough to broadcast";
    r.defaults = {{"smallBytes", 10.0 * (1 << 20)}, {"bytesPerSecondPerCore", 200.0 * (1 << 20)}};
    r.run = [](const RuleInput& in, const RuleParams& p, std::vector<Finding>& out) {
        const double cores = std::max<double>(1, double(in.ctx.cores.maxCores()));
        forEachPlanNode(in.ctx.model, [&](const SqlExecution& e, int32_t id, const PlanNode& n) {
            if (n.nodeName.rfind("SortMergeJoin", 0) != 0 || n.children.size() < 2) return;
            const auto a = inputSize(in, e.plan, n.children[0]);
            const auto b = inputSize(in, e.plan, n.children[1]);
            if (!a || !b) return;
            const int64_t small = std::min(*a, *b), large = std::max(*a, *b);
            const double MiB = double(1 << 20), GiB = double(1 << 30);
            const bool candidate = double(small) < p["smallBytes"] ||
                                   (double(small) < 100 * MiB && double(large) > 10 * GiB) ||
                                   (double(small) < GiB && double(large) > 300 * GiB);
            if (!candidate) return;
            Finding f;
            f.id = "missed-broadcast:sql-" + std::to_string(e.id) + "-node-" + std::to_string(id);
            f.title = "A sort-merge join could broadcast its " + formatBytes(small) + " side";
            f.detail = n.nodeName + " in SQL execution " + std::to_string(e.id) + " joined " +
                       formatBytes(small) + " with " + formatBytes(large) +
                       "; both sides were shuffled and sorted.";
            f.estimatedCostMs =
                saturatingInt64(2.0 * double(large) / p["bytesPerSecondPerCore"] / cores * 1000);
            f.costMethod = "shuffle write and read of the large side at 200 MiB/s per core";
            // A threshold of -1 turns automatic broadcasts off: say so rather than name a size.
            const auto threshold = sparkConf(in, "spark.sql.autoBroadcastJoinThreshold");
            const bool off = threshold && threshold->rfind("-", 0) == 0;
            f.fix = "Broadcast the small side: a broadcast() hint, or "
                    "spark.sql.autoBroadcastJoinThreshold=" +
                    std::to_string((small >> 20) + 16) + "m" +
                    (off ? " (it is " + *threshold + " here: automatic broadcasts are off)"
                         : std::string());
            f.evidence = {Evidence::sqlNode(e.id, id, "the join")};
            out.push_back(std::move(f));
        });
        return RuleRun{};
    };
    return r;
}

}  // namespace stagelight::rules
