// A load gives the same model whatever its number of decoding threads (issue 19 §1): every
// generator scenario, every real log and every crash input is loaded with one thread, with
// several, and with chunks small enough that lines cross them and batches are many, and the
// summary, the analysis, the load report and a set of History Server answers are compared byte
// for byte. The same holds with the text readers of task events off (every line through
// simdjson On-Demand, as before they existed).
#include <QtTest>

#include <filesystem>

#include "LogGenerator.h"
#include "TestSupport.h"
#include "diagnosis/Analyzer.h"
#include "load/Loader.h"
#include "report/AnalysisReport.h"
#include "report/Summary.h"
#include "rest/RestApi.h"

using namespace stagelight;
namespace fs = std::filesystem;

namespace {

struct Way {
    unsigned threads;
    size_t chunkBytes;
    bool textReaders = true;
};

// Everything a load is judged by, as text.
std::string figuresOf(const fs::path& log, const Way& way) {
    LoadOptions options;
    options.threads = way.threads;
    options.chunkBytes = way.chunkBytes;
    options.textReaders = way.textReaders;
    LoadResult r = loadEventLog(log, options);
    if (!r.model) return "error: " + r.error;
    EventLogModel& m = *r.model;
    m.report.loadMillis = 0;  // the one figure that is a timing
    std::string out = summaryJson(m, summarize(m));
    out += analysisJson(m, analyze(m));
    for (const LoadWarning& w : m.report.warnings) out += w.toString() + "\n";
    out += std::to_string(m.report.suppressedWarnings) + " " + std::to_string(m.report.lines) +
           " " + std::to_string(m.report.malformedLines) + " " +
           std::to_string(m.report.events) + " " + std::to_string(m.report.bytesDecoded) + " " +
           std::to_string(m.report.truncatedTail) + "\n";
    for (const auto& [name, n] : m.report.unknownEvents) out += name + " " + std::to_string(n) + "\n";
    const std::string app = "applications/" + m.application.id;
    for (const char* path : {"", "/jobs", "/stages?withSummaries=true", "/executors",
                             "/allexecutors", "/storage/rdd", "/environment", "/sql"})
        out += restQuery(m, app + path).body;
    if (!m.stages.empty()) {
        const StageAttempt& s = m.stages.front();
        out += restQuery(m, app + "/stages/" + std::to_string(s.stageId) + "/" +
                                std::to_string(s.attemptId) + "/taskList?length=100000")
                   .body;
    }
    return out;
}

void compareWays(const fs::path& log) {
    const std::string one = figuresOf(log, {1, size_t(4) << 20});
    for (const Way way : {Way{2, size_t(4) << 20}, Way{4, size_t(64) << 10}, Way{3, 4096},
                          Way{1, 4096}, Way{1, size_t(4) << 20, false},
                          Way{2, size_t(64) << 10, false}}) {
        const std::string other = figuresOf(log, way);
        if (other == one) continue;
        size_t at = 0;
        while (at < one.size() && at < other.size() && one[at] == other[at]) ++at;
        QFAIL(qPrintable(QStringLiteral("%1 with %2 threads, %3-byte chunks%7 differs at byte %4: "
                                        "\"%5\" vs \"%6\"")
                             .arg(QString::fromStdString(log.string()))
                             .arg(way.threads)
                             .arg(way.chunkBytes)
                             .arg(at)
                             .arg(QString::fromStdString(one.substr(at > 40 ? at - 40 : 0, 120)))
                             .arg(QString::fromStdString(other.substr(at > 40 ? at - 40 : 0, 120)))
                             .arg(way.textReaders ? QString() : QStringLiteral(", text readers off"))));
    }
}

}  // namespace

class ThreadCounts : public QObject {
    Q_OBJECT
    QTemporaryDir tmp_;

private Q_SLOTS:
    void generatorScenarios_data() {
        QTest::addColumn<QString>("scenario");
        for (const std::string& name : gen::scenarioNames())
            if (name != "bench") QTest::newRow(name.c_str()) << QString::fromStdString(name);
    }
    void generatorScenarios() {
        QFETCH(QString, scenario);
        const fs::path file = fs::path(tmp_.path().toStdString()) / (scenario.toStdString() + ".json");
        test::writeFile(file, gen::generateLogText(gen::makeScenario(scenario.toStdString())));
        compareWays(file);
    }

    void malformedAndInProgress() {
        // Bad lines, a line longer than a chunk, unknown events and a cut-off last line of an
        // in-progress log: warnings and counts in the same order whatever the threads.
        std::string text = test::kLogStart;
        for (int i = 0; i < 300; ++i) {
            text += "{\"Event\":\"SparkListenerJobStart\",\"Job ID\":" + std::to_string(i) +
                    ",\"Submission Time\":" + std::to_string(2000 + i) +
                    ",\"Stage Infos\":[],\"Stage IDs\":[],\"Properties\":{\"p\":\"" +
                    std::string(size_t(i % 7 == 0 ? 9000 : 10), 'x') + "\"}}\n";
            if (i % 13 == 0) text += "{\"Event\":\"SparkListenerJobEnd\",\"Job ID\":\n";
            if (i % 17 == 0) text += "{\"Event\":\"MyOwnEvent\",\"n\":" + std::to_string(i) + "}\n";
            if (i % 19 == 0) text += "\n   \n";
        }
        text += "{\"Event\":\"SparkListenerJobEnd\",\"Job ID\":1,\"Completion Ti";
        const fs::path file = fs::path(tmp_.path().toStdString()) / "app-1.inprogress";
        test::writeFile(file, text);
        compareWays(file);
    }

    void realLogs_data() {
        QTest::addColumn<QString>("path");
        if (!test::sharedAvailable()) return;
        for (const fs::path& p : test::corpusLogPaths())
            QTest::newRow(fs::relative(p, test::sharedDir()).string().c_str())
                << QString::fromStdString(p.string());
        for (const auto& e : fs::directory_iterator(test::sharedDir() / "findings"))
            QTest::newRow(fs::relative(e.path(), test::sharedDir()).string().c_str())
                << QString::fromStdString(e.path().string());
    }
    void realLogs() {
        STAGELIGHT_REQUIRE_SHARED();
        QFETCH(QString, path);
        compareWays(path.toStdString());
    }
};

QTEST_GUILESS_MAIN(ThreadCounts)
#include "tst_thread_counts.moc"
