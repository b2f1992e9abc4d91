// The generator writes what it says it wrote (the reader agrees with its own tally), is
// deterministic, and the bundled demo log is exactly what the generator makes today.
#include <QtTest>

#include "LogGenerator.h"
#include "TestSupport.h"
#include "load/Loader.h"
#include "report/Summary.h"

using namespace stagelight;
namespace fs = std::filesystem;

class Generator : public QObject {
    Q_OBJECT
    QTemporaryDir tmp_;

private Q_SLOTS:
    void readerAgreesWithGeneratorTally_data() {
        QTest::addColumn<QString>("scenario");
        for (const auto& n : gen::scenarioNames())
            if (n != "bench") QTest::newRow(n.c_str()) << QString::fromStdString(n);
    }
    void readerAgreesWithGeneratorTally() {
        QFETCH(QString, scenario);
        const fs::path p = fs::path(tmp_.path().toStdString()) / (scenario.toStdString() + ".zstd");
        gen::GenerateStats s;
        {
            gen::FileOutput out(p.string());
            auto writer = gen::makeFramedWriter(Codec::Zstd, out);
            s = gen::generateLog(gen::makeScenario(scenario.toStdString()), *writer);
        }
        LoadResult r = loadEventLog(p);
        QVERIFY(r.model);
        const SummaryCounts c = summarize(*r.model).counts;
        QCOMPARE(c.jobs, s.jobs);
        QCOMPARE(c.stageAttempts, s.stages);
        QCOMPARE(c.tasks, s.tasks);
        QCOMPARE(c.failedTasks, s.failedTasks);
        QCOMPARE(c.executors, s.executors);
        QCOMPARE(c.sqlExecutions, s.sqlExecutions);
        QCOMPARE(r.model->report.warnings.size(), size_t(0));
        QCOMPARE(c.unknownEvents, int64_t(0));
        // Independent count over the same bytes.
        const test::RawCounts raw = test::countRawLines(*test::rawLogText(p));
        QCOMPARE(raw.tasks, s.tasks);
        QCOMPARE(raw.invalidLines, int64_t(0));
    }

    void deterministic() {
        const auto a = gen::generateLogText(gen::makeScenario("demo"));
        const auto b = gen::generateLogText(gen::makeScenario("demo"));
        QVERIFY(a == b);
        auto other = gen::makeScenario("demo");
        other.seed = 7;
        QVERIFY(gen::generateLogText(other) != a);
    }

    void bundledDemoLogIsCurrent() {
        const fs::path demo = test::sourceDir() / "resources/demo/nightly-sales-rollup.zstd";
        QVERIFY2(fs::exists(demo), "resources/demo/nightly-sales-rollup.zstd is missing");
        const auto text = test::rawLogText(demo);
        QVERIFY(text.has_value());
        QVERIFY2(*text == gen::generateLogText(gen::makeScenario("demo")),
                 "the demo log differs from the generator's output: regenerate it "
                 "(stagelight-gen --scenario demo --codec zstd -o "
                 "resources/demo/nightly-sales-rollup.zstd)");
    }

    void incompleteLogHasNoApplicationEnd() {
        const std::string text = gen::generateLogText(gen::makeScenario("healthy"), {false});
        QVERIFY(text.find("SparkListenerApplicationEnd") == std::string::npos);
    }
};

QTEST_GUILESS_MAIN(Generator)
#include "tst_generator.moc"
