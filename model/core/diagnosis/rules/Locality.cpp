// locality: tasks that ran away from their data. Defaults from sparkforensics' LOCAL: ≥ 50 tasks
// that had a preference, ≥ 15 % of them RACK_LOCAL or ANY. NO_PREF tasks (shuffle reads) have no
// locality to lose and are left out.
#include "diagnosis/rules/RuleKit.h"

namespace stagelight::rules {

RuleDef localityRule() {
    RuleDef r;
    r.name = "locality";
    r.checks = "tasks that ran away from their input data";
    r.defaults = {{"minTasks", 50}, {"maxRemoteShare", 0.15}};
    r.run = [](const RuleInput& in, const RuleParams& p, std::vector<Finding>& out) {
        const TaskTable& t = in.ctx.model.tasks;
        int64_t preferring = 0, remote = 0;
        for (const StageFacts& s : in.ctx.stages)
            for (uint32_t r : s.rows) {
                const Locality l = Locality(t.get(r, TaskField::Locality));
                if (l == Locality::NoPref || l == Locality::Unknown) continue;
                ++preferring;
                remote += l == Locality::RackLocal || l == Locality::Any;
            }
        if (double(preferring) < p["minTasks"] ||
            double(remote) < p["maxRemoteShare"] * double(preferring))
            return RuleRun{};
        char share[32];
        std::snprintf(share, sizeof share, "%.0f %%", 100.0 * double(remote) / double(preferring));
        Finding f;
        f.id = "locality";
        f.title = std::string(share) + " of tasks read their input from another host";
        f.detail = std::to_string(remote) + " of " + std::to_string(preferring) +
                   " tasks with a data preference ran RACK_LOCAL or ANY.";
        f.costMethod = "not measured: remote reads are not timed separately in the log";
        f.minSeverity = Severity::Info;
        f.fix =
            "Give the scheduler time to place tasks (spark.locality.wait=3s or more), or run "
            "executors on the hosts that store the data";
        out.push_back(std::move(f));
        return RuleRun{};
    };
    return r;
}

}  // namespace stagelight::rules
