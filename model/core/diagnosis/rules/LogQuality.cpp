// log-quality: what the log lacks or gets wrong, so every other figure reads with it: no
// ApplicationStart or ApplicationEnd (killed, cut short, still being written), and the notes the
// derived layer made while reading it (times from another date, jobs without times, TaskEnds
// without TaskStart, task times from 0, executor cores taken from the tasks). It costs nothing;
// where the log's clock itself is in doubt (events from another date) it is listed first.
#include "diagnosis/rules/RuleKit.h"

namespace stagelight::rules {
namespace {

std::string_view shortText(LogQualityNote::Kind k) {
    switch (k) {
        case LogQualityNote::Kind::OutlierTimestamps:
            return "times from another date";
        case LogQualityNote::Kind::MissingJobTimes:
            return "jobs without start or end times";
        case LogQualityNote::Kind::TasksWithoutStart:
            return "TaskEnds without TaskStart";
        case LogQualityNote::Kind::RelativeTaskTimes:
            return "task times counted from 0";
        case LogQualityNote::Kind::InferredCores:
            return "no executor cores";
    }
    return "defects";
}

std::string sentence(std::string s) {
    if (!s.empty() && s[0] >= 'a' && s[0] <= 'z') s[0] = char(s[0] - 'a' + 'A');
    return s + ".";
}

}  // namespace

RuleDef logQualityRule() {
    RuleDef r;
    r.name = "log-quality";
    r.checks = "what the log lacks or gets wrong (missing or inconsistent events)";
    r.defaults = {};
    r.run = [](const RuleInput& in, const RuleParams&, std::vector<Finding>& out) {
        const EventLogModel& m = in.ctx.model;
        const AppSpan& span = m.derived.span;
        std::vector<std::string> what, detail;
        bool clockInDoubt = false, relative = false;
        if (m.source.inProgress) {
            what.push_back("is still being written");
            detail.push_back(
                "The log is still being written (.inprogress): figures stop at its "
                "last event.");
        } else if (!m.application.sawApplicationEnd) {
            what.push_back("has no ApplicationEnd");
            detail.push_back(
                "The log has no ApplicationEnd: the application was killed or the log "
                "was cut short; the wall clock (" +
                formatDuration(in.ctx.wallMs) + ", to the last event) is a lower bound.");
        }
        if (span.startFrom != AppSpan::Start::ApplicationStart) {
            what.push_back("has no ApplicationStart");
            detail.push_back(
                "The log has no usable ApplicationStart: the application's start is "
                "its " +
                std::string(span.startName()) + ".");
        }
        for (const LogQualityNote& n : m.derived.logQuality) {
            clockInDoubt = clockInDoubt || n.kind == LogQualityNote::Kind::OutlierTimestamps;
            relative = relative || n.kind == LogQualityNote::Kind::RelativeTaskTimes;
        }
        for (const LogQualityNote& n : m.derived.logQuality) {
            // Local mode before Spark 2 logs no ExecutorAdded: nothing is missing there.
            if (n.kind == LogQualityNote::Kind::InferredCores && in.ctx.localMode) continue;
            // Task times from 0 are far from the rest too; they are rebased, not another date.
            const bool label = !(relative && n.kind == LogQualityNote::Kind::OutlierTimestamps);
            const std::string s = "has " + std::string(shortText(n.kind));
            if (label && std::find(what.begin(), what.end(), s) == what.end()) what.push_back(s);
            detail.push_back(sentence(n.text));
        }
        if (what.empty()) return RuleRun{};
        Finding f;
        f.id = "log-quality";
        f.cause = "log-quality";
        // The title names the first three; the detail has them all.
        const size_t named = what.size() > 3 ? 2 : what.size();
        f.title = "The log ";
        for (size_t i = 0; i < named; ++i)
            f.title += (i == 0                                   ? ""
                        : i + 1 == named && named == what.size() ? " and "
                                                                 : ", ") +
                       what[i];
        if (named < what.size())
            f.title +=
                " and " + countText(int64_t(what.size() - named), "other defect", "other defects");
        for (const std::string& d : detail) f.detail += (f.detail.empty() ? "" : " ") + d;
        f.detail += " The wall clock runs from " + span.howFound() + ".";
        f.estimatedCostMs = 0;
        f.costNotWallClock = true;
        f.costMethod = "not a cost: a caveat on every other figure";
        f.minSeverity = Severity::Warning;
        f.headline = clockInDoubt && !relative;
        f.fix = m.application.sawApplicationEnd || m.source.inProgress
                    ? "Read the figures with these gaps in mind; a log written by Spark itself "
                      "(spark.eventLog.enabled) of a run that ended has every event"
                    : "Analyze the log once the application has ended, or find why the driver "
                      "died before it logged ApplicationEnd";
        f.evidence = {Evidence::window(in.ctx.appStart, in.ctx.appEnd, "what the log covers")};
        out.push_back(std::move(f));
        return RuleRun{};
    };
    return r;
}

}  // namespace stagelight::rules
