// Baseline vs trial: a run against itself matches every stage with zero deltas; generated pairs
// with a known change (skew removed by salting, more partitions, a job added in front so every
// stage id shifts) give the expected matches, deltas, findings and explaining stages.
#include <QtTest>

#include "LogGenerator.h"
#include "TestSupport.h"
#include "compare/Compare.h"
#include "load/Loader.h"

using namespace stagelight;
namespace fs = std::filesystem;

namespace {

struct Run {
    std::unique_ptr<EventLogModel> model;
    Analysis analysis;
};

Run load(const fs::path& file) {
    LoadResult r = loadEventLog(file);
    Run run{std::move(r.model), {}};
    if (run.model) run.analysis = analyze(*run.model);
    return run;
}

// The skew scenario with a small job in front: every stage id of the original moves up by one.
gen::ScenarioConfig withWarmupJob(gen::ScenarioConfig c) {
    gen::JobSpec warmup = c.jobs.front();
    warmup.description = "SELECT count(*) FROM dim.calendar";
    warmup.stages.resize(1);
    warmup.stages[0].name = "count at Warmup.scala:12";
    warmup.stages[0].tasks = 4;
    warmup.stages[0].skew = 1;
    warmup.stages[0].writesShuffle = false;
    warmup.stages[0].readsInput = true;
    c.jobs.insert(c.jobs.begin(), warmup);
    return c;
}

const StageMatch* matchOf(const Comparison& c, const std::string& name) {
    for (const StageMatch& m : c.matches)
        if (m.baseline.name == name) return &m;
    return nullptr;
}

}  // namespace

class CompareRuns : public QObject {
    Q_OBJECT
    QTemporaryDir tmp_;
    fs::path write(const std::string& name, const gen::ScenarioConfig& config) {
        const fs::path p = fs::path(tmp_.path().toStdString()) / name;
        test::writeFile(p, gen::generateLogText(config));
        return p;
    }

private Q_SLOTS:
    void aRunAgainstItselfHasNoDelta() {
        const Run demo = load(write("demo", gen::makeScenario("demo")));
        QVERIFY(demo.model);
        const Comparison c = compareRuns(*demo.model, demo.analysis, *demo.model, demo.analysis);
        QVERIFY(c.unmatchedBaseline.empty() && c.unmatchedTrial.empty());
        QCOMPARE(c.matches.size(), size_t(14));
        for (const StageMatch& m : c.matches) {
            QCOMPARE(m.confidence, 1.0);
            QCOMPARE(m.baseline.stageId, m.trial.stageId);
            QCOMPARE(m.baseline.attemptId, m.trial.attemptId);
            QCOMPARE(m.trial.durationMs - m.baseline.durationMs, int64_t(0));
            QCOMPARE(m.trial.shuffleReadBytes, m.baseline.shuffleReadBytes);
        }
        QCOMPARE(c.trialWallMs, c.baselineWallMs);
        QVERIFY(c.explaining.empty());
        for (const FindingChange& f : c.findings) QVERIFY(f.kind == FindingChange::Kind::Unchanged);
        QVERIFY(!c.findings.empty());
    }

    void aLongerDriverPhaseIsNamedNotAStage() {
        // The trial's driver works 8 s longer before the first job; its stages are the same. The
        // wall clock's change is the driver's, not the stage that happened to move by a few ms.
        gen::ScenarioConfig base = gen::makeScenario("healthy"), slow = base;
        slow.jobs.front().driverGapBeforeMs += 8000;
        const Run b = load(write("base", base)), t = load(write("slow", slow));
        QVERIFY(b.model && t.model);
        const Comparison c = compareRuns(*b.model, b.analysis, *t.model, t.analysis);
        QVERIFY(c.trialWallMs - c.baselineWallMs >= 7900);
        QVERIFY(!c.explainingCauses.empty());
        const CauseChange& first = c.causes[c.explainingCauses.front()];
        QCOMPARE(first.cause, Slice::Cause::DriverBeforeFirstJob);
        QVERIFY(std::llabs(first.deltaMs() - 8000) <= 100);
        QVERIFY(comparisonText(c).find("the wall clock changed mostly in: driver before the first "
                                       "job") != std::string::npos);
        QVERIFY(comparisonJson(c).find("\"wallClockByCause\"") != std::string::npos);
        // Against itself nothing explains a change that did not happen.
        const Comparison same = compareRuns(*b.model, b.analysis, *b.model, b.analysis);
        QVERIFY(same.explainingCauses.empty());
    }

    void realLogsAgainstThemselves() {
        STAGELIGHT_REQUIRE_SHARED();
        for (const char* log :
             {"apache__spark/core/spark-events/application_1516285256255_0012",
              "NVIDIA__spark-rapids-tools/spark-events-profiling/rp_sql_eventlog.zstd",
              "shuffle-works__spark-event-corpus-data/external/external-skewed-eventlog.ndjson"}) {
            const Run r = load(test::sharedDir() / "eventlogs" / log);
            QVERIFY2(r.model, log);
            const Comparison c = compareRuns(*r.model, r.analysis, *r.model, r.analysis);
            QVERIFY2(c.unmatchedBaseline.empty() && c.unmatchedTrial.empty(), log);
            QVERIFY(!c.matches.empty());
            for (const StageMatch& m : c.matches) {
                QCOMPARE(m.baseline.stageId, m.trial.stageId);
                QCOMPARE(m.trial.durationMs, m.baseline.durationMs);
            }
        }
    }

    void saltingRemovesTheSkewAndIdsShift() {
        const gen::ScenarioConfig skewed = gen::makeScenario("skew");
        gen::ScenarioConfig salted = withWarmupJob(skewed);
        for (gen::StageSpec& s : salted.jobs[1].stages) s.skew = 1;
        const Run baseline = load(write("skewed", skewed));
        const Run trial = load(write("salted", salted));
        QVERIFY(baseline.model && trial.model);
        const Comparison c =
            compareRuns(*baseline.model, baseline.analysis, *trial.model, trial.analysis);
        // Both stages of the job matched despite their new ids; the warm-up job is only new.
        QCOMPARE(c.matches.size(), size_t(2));
        QCOMPARE(c.unmatchedTrial.size(), size_t(1));
        QCOMPARE(c.unmatchedTrial.front().name, std::string("count at Warmup.scala:12"));
        QVERIFY(c.unmatchedBaseline.empty());
        const StageMatch* reduce = matchOf(c, "collect at Aggregate.scala:57");
        QVERIFY(reduce);
        QCOMPARE(reduce->baseline.stageId, 1);
        QCOMPARE(reduce->trial.stageId, 2);
        QVERIFY(reduce->confidence > 0.9);
        QVERIFY(reduce->trial.durationMs < reduce->baseline.durationMs / 2);
        QVERIFY(reduce->baseline.skewRatio > 5 && reduce->trial.skewRatio < 2.5);
        QCOMPARE(reduce->trial.tasks, reduce->baseline.tasks);
        // That stage explains the change, and its skew finding is resolved.
        QVERIFY(!c.explaining.empty());
        QCOMPARE(c.matches[c.explaining.front()].baseline.name, reduce->baseline.name);
        bool resolved = false;
        for (const FindingChange& f : c.findings)
            if (f.rule == "task-skew") {
                QVERIFY(f.kind == FindingChange::Kind::Resolved);
                resolved = true;
            }
        QVERIFY(resolved);
        // JSON carries the documented fields.
        const std::string json = comparisonJson(c);
        for (const char* field :
             {"\"matches\"", "\"baseline\"", "\"trial\"", "\"stageId\"", "\"stageAttemptId\"",
              "\"confidence\"", "\"deltas\"", "\"durationMs\"", "\"unmatchedBaseline\"",
              "\"unmatchedTrial\"", "\"summary\"", "\"explainedBy\"", "\"resolved\""})
            QVERIFY2(json.find(field) != std::string::npos, field);
    }

    void morePartitionsStillMatch() {
        const gen::ScenarioConfig before = gen::makeScenario("too-few-partitions");
        gen::ScenarioConfig after = before;
        for (gen::StageSpec& s : after.jobs[0].stages) {
            s.tasks *= 4;
            s.meanTaskMs /= 4;
        }
        const Run baseline = load(write("few", before));
        const Run trial = load(write("many", after));
        const Comparison c =
            compareRuns(*baseline.model, baseline.analysis, *trial.model, trial.analysis);
        QVERIFY(c.unmatchedBaseline.empty() && c.unmatchedTrial.empty());
        for (const StageMatch& m : c.matches) {
            QCOMPARE(m.trial.tasks, m.baseline.tasks * 4);
            QCOMPARE(m.baseline.stageId, m.trial.stageId);
        }
    }
};

QTEST_GUILESS_MAIN(CompareRuns)
#include "tst_compare.moc"
