// partition-discovery: jobs Spark runs to list a table's partition directories ("Listing leaf
// files and directories for N paths", InMemoryFileIndex when a table is read by path with more
// than spark.sql.sources.parallelPartitionDiscovery.threshold = 32 paths). One finding for all
// of them; their stages' wall clock is its cost: a catalog table gets its partitions from the
// metastore instead. Reported from 1 s and 1 % of the wall clock.
#include <cstdlib>

#include "diagnosis/StageProfile.h"
#include "diagnosis/rules/RuleKit.h"
#include "model/Numeric.h"

namespace stagelight::rules {

RuleDef partitionDiscoveryRule() {
    RuleDef r;
    r.name = "partition-discovery";
    r.precedence = 22;
    r.checks = "jobs listing partition directories (tables read by path)";
    r.defaults = {{"minMs", 1000}, {"minShare", 0.01}};
    r.run = [](const RuleInput& in, const RuleParams& p, std::vector<Finding>& out) {
        const EventLogModel& m = in.ctx.model;
        std::vector<const StageFacts*> stages;
        std::vector<size_t> which;
        int64_t paths = 0, jobs = 0, tasks = 0;
        for (const StageFacts& s : in.ctx.stages) {
            if (profileStage(in.ctx, s).kind != StageProfile::Kind::PartitionDiscovery) continue;
            stages.push_back(&s);
            tasks += int64_t(s.rows.size());
            const auto sl = stageSlices(in, {s.stageId, s.attemptId});
            which.insert(which.end(), sl.begin(), sl.end());
            for (int32_t id : m.stages[s.stageIndex].jobIds)
                if (const Job* j = m.job(id)) {
                    ++jobs;
                    const size_t at = j->description.find("for ");
                    if (at != std::string::npos)
                        paths = saturatingAdd(
                            paths, leadingInteger(std::string_view(j->description).substr(at + 4)));
                }
        }
        const int64_t ms = slicesMs(in, which);
        if (stages.empty() || double(ms) < p["minMs"] || double(ms) < p["minShare"] * double(in.ctx.wallMs))
            return RuleRun{};
        Finding f;
        f.id = "partition-discovery";
        f.title = "Listing partition directories took " + formatDuration(ms);
        f.detail = countText(jobs, "job", "jobs") + " listed the leaf files of " +
                   std::to_string(paths) + " partition directories (" +
                   countText(tasks, "task", "tasks") +
                   "): Spark lists every partition directory of a table read by path before it "
                   "can plan the query.";
        f.costMethod = "the wall clock of the listing jobs' stages";
        f.fix = "Read the tables through the catalog (a metastore table keeps its partitions, "
                "so nothing is listed), read only the partitions the query needs (a partition "
                "filter on the path), or compact the directory layout; "
                "spark.sql.sources.parallelPartitionDiscovery.parallelism sets how many tasks "
                "list them";
        for (const StageFacts* s : stages)
            if (f.evidence.size() < 8) f.evidence.push_back(Evidence::stage(s->stageId, s->attemptId));
        claimAll(f, in, which);
        out.push_back(std::move(f));
        return RuleRun{};
    };
    return r;
}

}  // namespace stagelight::rules
