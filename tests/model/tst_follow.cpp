// Following a log that is still being written (issue 19 §4): a log is appended to in steps (a
// line split across writes, a part added to a rolling directory, the writer's final rename),
// and after each step the followed model equals a load of the same bytes from scratch: the
// summary, the analysis, the load report and a set of History Server answers, byte for byte.
#include <QtTest>

#include <filesystem>

#include "LogGenerator.h"
#include "TestSupport.h"
#include "diagnosis/Analyzer.h"
#include "load/LogFollower.h"
#include "report/AnalysisReport.h"
#include "report/Summary.h"
#include "rest/RestApi.h"

using namespace stagelight;
namespace fs = std::filesystem;

namespace {

// Everything a model is judged by, as text (its path names are made the same).
std::string figuresOf(EventLogModel& m) {
    m.report.loadMillis = 0;
    std::string out = summaryJson(m, summarize(m));
    out += analysisJson(m, analyze(m));
    for (const LoadWarning& w : m.report.warnings) out += w.toString() + "\n";
    out += std::to_string(m.report.suppressedWarnings) + " " + std::to_string(m.report.lines) +
           " " + std::to_string(m.report.malformedLines) + " " + std::to_string(m.report.events) +
           " " + std::to_string(m.report.bytesDecoded) + " " +
           std::to_string(m.report.bytesOnDisk) + " " + std::to_string(m.report.truncatedTail) +
           " " + std::to_string(m.report.partial) + "\n";
    const std::string app = "applications/" + m.application.id;
    for (const char* path : {"", "/jobs", "/stages", "/executors", "/storage/rdd", "/sql"})
        out += restQuery(m, app + path).body;
    return out;
}

std::string fromScratch(const fs::path& log) {
    LoadResult r = loadEventLog(log);
    return r.model ? figuresOf(*r.model) : "error: " + r.error;
}

// Cut points that fall inside lines and between them, `steps` of them.
std::vector<size_t> cuts(const std::string& text, int steps) {
    std::vector<size_t> at;
    for (int i = 1; i < steps; ++i) at.push_back(text.size() * size_t(i) / size_t(steps) + size_t(i % 3));
    at.push_back(text.size());
    return at;
}

}  // namespace

class Follow : public QObject {
    Q_OBJECT
    QTemporaryDir tmp_;
    fs::path dir() const { return tmp_.path().toStdString(); }

private Q_SLOTS:
    void anInProgressFileGrowsThenEnds() {
        const std::string text = gen::generateLogText(gen::makeScenario("demo"));
        const fs::path live = dir() / "app-1.inprogress";
        test::writeFile(live, "");
        LogFollower follower(live);
        size_t written = 0;
        int withCarriedLine = 0;
        for (size_t cut : cuts(text, 9)) {
            QVERIFY(test::appendFile(live, std::string_view(text).substr(written, cut - written)));
            written = cut;
            const LogFollower::Poll poll = follower.poll();
            QVERIFY2(poll.error.empty(), poll.error.c_str());
            QVERIFY(!poll.restarted);
            withCarriedLine += text[cut - 1] != '\n';
            auto followed = follower.snapshot();
            QCOMPARE(figuresOf(*followed), fromScratch(live));
        }
        QVERIFY(withCarriedLine >= 5);  // most steps end inside a line
        QVERIFY(!follower.ended());
        // The writer renames the finished log: the follower goes on with it, from where it was.
        fs::rename(live, dir() / "app-1");
        const LogFollower::Poll last = follower.poll();
        QVERIFY2(last.error.empty(), last.error.c_str());
        QCOMPARE(last.bytesRead, uint64_t(0));
        QVERIFY(follower.ended());
        auto followed = follower.snapshot();
        QCOMPARE(figuresOf(*followed), fromScratch(dir() / "app-1"));
    }

    void aRollingDirectoryGainsParts() {
        const std::string text = gen::generateLogText(gen::makeScenario("skew"));
        const fs::path root = dir() / "eventlog_v2_app-2";
        fs::create_directories(root);
        test::writeFile(root / "appstatus_app-2.inprogress", "");
        // Three parts, cut between events as Spark rolls them; each written in two steps.
        std::vector<std::string> parts(3);
        size_t from = 0;
        for (int p = 0; p < 3; ++p) {
            size_t to = p == 2 ? text.size() : text.find('\n', text.size() * size_t(p + 1) / 3) + 1;
            parts[size_t(p)] = text.substr(from, to - from);
            from = to;
        }
        LogFollower follower(root);
        for (int p = 0; p < 3; ++p) {
            const fs::path file = root / ("events_" + std::to_string(p + 1) + "_app-2");
            const std::string& part = parts[size_t(p)];
            const size_t half = part.size() / 2 + 5;  // inside a line
            for (const auto& [a, b] : {std::pair{size_t(0), half}, std::pair{half, part.size()}}) {
                QVERIFY(test::appendFile(file, std::string_view(part).substr(a, b - a)));
                const LogFollower::Poll poll = follower.poll();
                QVERIFY2(poll.error.empty(), poll.error.c_str());
                auto followed = follower.snapshot();
                QCOMPARE(figuresOf(*followed), fromScratch(root));
            }
        }
        fs::rename(root / "appstatus_app-2.inprogress", root / "appstatus_app-2");
        follower.poll();
        QVERIFY(follower.ended());
        auto followed = follower.snapshot();
        QCOMPARE(figuresOf(*followed), fromScratch(root));
    }

    // A rolling directory without its appstatus_ file is said to be in progress; once the
    // writer adds the file, that warning goes, as a load of the directory then gives none.
    void theInProgressNoteGoesWhenTheAppstatusFileComes() {
        const std::string text = gen::generateLogText(gen::makeScenario("healthy"));
        const fs::path root = dir() / "eventlog_v2_app-5";
        fs::create_directories(root);
        test::writeFile(root / "events_1_app-5", text);
        LogFollower follower(root);
        QVERIFY(follower.poll().error.empty());
        QCOMPARE(figuresOf(*follower.snapshot()), fromScratch(root));
        QVERIFY(!follower.snapshot()->report.warnings.empty());
        test::writeFile(root / "appstatus_app-5", "");
        follower.poll();
        QVERIFY(follower.ended());
        auto followed = follower.snapshot();
        QVERIFY(followed->report.warnings.empty());
        QCOMPARE(figuresOf(*followed), fromScratch(root));
    }

    void aRewrittenLogIsReadAgain() {
        const fs::path live = dir() / "app-3.inprogress";
        const std::string text = gen::generateLogText(gen::makeScenario("healthy"));
        test::writeFile(live, text);
        LogFollower follower(live);
        QVERIFY(follower.poll().bytesRead > 0);
        test::writeFile(live, text.substr(0, text.size() / 2));  // shorter: not an append
        const LogFollower::Poll poll = follower.poll();
        QVERIFY(poll.restarted);
        auto followed = follower.snapshot();
        QCOMPARE(figuresOf(*followed), fromScratch(live));
    }

    // Rewritten with other content that is no shorter (another application, or the same log
    // rewritten from its start): not an append either, whatever the sizes say.
    void aLogRewrittenNoShorterIsReadAgain_data() {
        QTest::addColumn<bool>("sameHead");
        QTest::newRow("another application") << false;
        QTest::newRow("the same head, other bytes after it") << true;
    }
    void aLogRewrittenNoShorterIsReadAgain() {
        QFETCH(bool, sameHead);
        const fs::path live = dir() / "app-4.inprogress";
        const std::string first = gen::generateLogText(gen::makeScenario("healthy"));
        const std::string other = gen::generateLogText(gen::makeScenario("skew"));
        const size_t cut = first.find('\n', std::min(first.size(), other.size()) / 3) + 1;
        test::writeFile(live, first.substr(0, cut));
        LogFollower follower(live);
        QVERIFY(follower.poll().bytesRead > 0);
        // The same first lines, then another log's lines from a point no earlier than the cut.
        const std::string rewritten =
            sameHead ? first.substr(0, cut / 2) + std::string(cut, ' ') + "\n" + other : other;
        QVERIFY(rewritten.size() >= cut);
        test::writeFile(live, rewritten);
        const LogFollower::Poll poll = follower.poll();
        QVERIFY(poll.restarted);
        auto followed = follower.snapshot();
        QCOMPARE(figuresOf(*followed), fromScratch(live));
        // Appended to afterwards: an append again.
        QVERIFY(test::appendFile(live, "\n"));
        QVERIFY(!follower.poll().restarted);
    }
};

QTEST_GUILESS_MAIN(Follow)
#include "tst_follow.moc"
