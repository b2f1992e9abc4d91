// Every real event log under ../shared/eventlogs loads, and its counts equal both the corpus
// README's table and an independent count made from the raw lines with Qt's JSON parser.
#include <QtTest>

#include <fstream>

#include "TestSupport.h"
#include "load/Loader.h"
#include "report/Summary.h"

using namespace stagelight;
namespace fs = std::filesystem;

namespace {

struct CorpusRow {
    std::string path, jst;
    int64_t failed = 0, unparsable = 0;
};

std::vector<CorpusRow> corpusRows() {
    std::vector<CorpusRow> rows;
    std::ifstream in(test::sharedDir() / "eventlogs" / "README.md");
    std::string line;
    while (std::getline(in, line)) {
        if (line.rfind("| `", 0) != 0) continue;
        std::vector<std::string> cells;
        size_t pos = 1;
        while (pos < line.size()) {
            size_t bar = line.find('|', pos);
            if (bar == std::string::npos) break;
            std::string cell = line.substr(pos, bar - pos);
            cell.erase(0, cell.find_first_not_of(' '));
            cell.erase(cell.find_last_not_of(' ') + 1);
            cells.push_back(cell);
            pos = bar + 1;
        }
        if (cells.size() < 12) continue;  // the shuffle-works table has other columns
        CorpusRow r;
        r.path = cells[0].substr(1, cells[0].size() - 2);
        r.jst = cells[5];
        r.failed = std::isdigit(static_cast<unsigned char>(cells[6][0])) ? std::stoll(cells[6]) : 0;
        // The notes say "N unparsable line(s)" for logs edited to hold malformed lines.
        const std::string& notes = cells.back();
        if (const size_t at = notes.find(" unparsable"); at != std::string::npos) {
            size_t start = at;
            while (start > 0 && std::isdigit(static_cast<unsigned char>(notes[start - 1]))) --start;
            r.unparsable = std::stoll(notes.substr(start, at - start));
        }
        rows.push_back(r);
    }
    return rows;
}

// The table's T counts TaskEnd events: task attempts plus Resubmitted events.
std::string jstText(const SummaryCounts& c) {
    return std::to_string(c.jobs) + "/" + std::to_string(c.stageAttempts) + "/" +
           std::to_string(c.tasks + c.resubmittedTasks);
}

}  // namespace

class RealLogs : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { STAGELIGHT_REQUIRE_SHARED(); }

    void countsMatchCorpusTable_data() {
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("jst");
        QTest::addColumn<qint64>("failed");
        QTest::addColumn<qint64>("unparsable");
        const auto rows = corpusRows();
        QVERIFY2(rows.size() > 90, "corpus README table not found or changed shape");
        for (const CorpusRow& r : rows)
            QTest::newRow(r.path.c_str())
                << QString::fromStdString(r.path) << QString::fromStdString(r.jst)
                << qint64(r.failed) << qint64(r.unparsable);
    }
    void countsMatchCorpusTable() {
        QFETCH(QString, path);
        QFETCH(QString, jst);
        QFETCH(qint64, failed);
        QFETCH(qint64, unparsable);
        const fs::path file = test::sharedDir() / "eventlogs" / path.toStdString();
        LoadResult r = loadEventLog(file);
        QVERIFY2(r.model, r.error.c_str());
        const Summary s = summarize(*r.model);
        std::string expected = jst.toStdString();
        // The table's author counted "SparkListenerStageSubmittedBAD" (an unknown event) as a
        // StageSubmitted; by the definition (real StageSubmitted/Completed events) it is not one.
        if (path.endsWith(QLatin1String("eventLog-corrupted-events"))) {
            QCOMPARE(expected, std::string("10/11/0"));
            QCOMPARE(r.model->report.unknownEvents["SparkListenerStageSubmittedBAD"], uint64_t(1));
            expected = "10/10/0";
        }
        QCOMPARE(jstText(s.counts), expected);
        QCOMPARE(s.counts.failedTasks + s.counts.resubmittedTasks, failed);
        QCOMPARE(s.counts.malformedLines, unparsable);
        if (unparsable > 0) {
            // The report names the file and the line of each malformed one.
            bool named = false;
            for (const LoadWarning& w : r.model->report.warnings)
                named = named || (w.line > 0 && w.message.find("malformed") != std::string::npos &&
                                  w.file.find(file.filename().string()) != std::string::npos);
            QVERIFY2(named, "no warning names the malformed line");
        }
    }

    void databricksVersionFallsBackToTheRuntimeProperty() {
        // No SparkListenerLogStart: the version is the Databricks runtime property.
        LoadResult r = loadEventLog(test::sharedDir() /
                                    "eventlogs/NVIDIA__spark-rapids-tools/"
                                    "spark-events-qualification/db_subExecution_id.zstd");
        QVERIFY(r.model);
        QCOMPARE(r.model->application.sparkVersion, std::string("11.3.x-scala2.12"));
        QVERIFY(r.model->application.sparkVersionFromDatabricks);
        QVERIFY(!r.model->application.complete);
    }

    // Every log under eventlogs/, listed or not in the README tables (the shuffle-works table has
    // other columns): it loads, and agrees with the independent count.
    void everyLogInTheCorpusLoads_data() {
        QTest::addColumn<QString>("path");
        const fs::path root = test::sharedDir() / "eventlogs";
        std::vector<fs::path> logs;
        for (auto it = fs::recursive_directory_iterator(root);
             it != fs::recursive_directory_iterator(); ++it) {
            const std::string name = it->path().filename().string();
            const bool logDirectory =
                it->is_directory() && (name.rfind("eventlog_v2_", 0) == 0 ||
                                       fs::is_regular_file(it->path() / "eventlog"));
            if (logDirectory) {
                logs.push_back(it->path());
                it.disable_recursion_pending();
            } else if (it->is_regular_file() && name != "README.md") {
                logs.push_back(it->path());
            }
        }
        std::sort(logs.begin(), logs.end());
        QVERIFY(logs.size() >= 114);  // the corpus as laid out today
        for (const fs::path& p : logs) {
            const std::string rel = fs::relative(p, root).string();
            QTest::newRow(rel.c_str()) << QString::fromStdString(p.string());
        }
    }
    void everyLogInTheCorpusLoads() {
        QFETCH(QString, path);
        const fs::path file = path.toStdString();
        LoadResult r = loadEventLog(file);
        QVERIFY2(r.model, r.error.c_str());
        QVERIFY(r.model->report.events > 0);
        const auto text = test::rawLogText(file);
        if (!text) return;  // zip: covered by the README table
        const test::RawCounts raw = test::countRawLines(*text);
        const SummaryCounts c = summarize(*r.model).counts;
        QCOMPARE(c.jobs, raw.jobs);
        QCOMPARE(c.stageAttempts, raw.stageAttempts);
        QCOMPARE(c.tasks, raw.tasks);
        QCOMPARE(c.failedTasks, raw.failedTasks);
        QCOMPARE(c.resubmittedTasks, raw.resubmittedTasks);
        QCOMPARE(c.executors, raw.executors);
        QCOMPARE(c.sqlExecutions, raw.sqlExecutions);
        // A cut-off last line of an in-progress log is expected, not malformed.
        const int64_t expectedMalformed =
            raw.invalidLines - (raw.lastLineInvalid && r.model->source.inProgress ? 1 : 0);
        QCOMPARE(c.malformedLines, expectedMalformed);
    }

    void rawJsonOfAnEntityIsShownOnDemand() {
        const fs::path file =
            test::sharedDir() /
            "eventlogs/NVIDIA__spark-rapids-tools/spark-events-profiling/rp_sql_eventlog.zstd";
        LoadResult r = loadEventLog(file);
        QVERIFY(r.model);
        const EventLogModel& m = *r.model;
        QVERIFY(!m.jobs.empty());
        auto jobLine = readSourceLine(m.source, m.jobs.back().startedAt);
        QVERIFY(jobLine.has_value());
        QVERIFY(jobLine->rfind("{\"Event\":\"SparkListenerJobStart\",\"Job ID\":" +
                                   std::to_string(m.jobs.back().id),
                               0) == 0);
        const size_t last = m.tasks.size() - 1;
        SourceRef where{uint32_t(m.tasks.get(last, TaskField::SourcePart)),
                        uint64_t(m.tasks.get(last, TaskField::SourceOffset)), 0};
        auto taskLine = readSourceLine(m.source, where);
        QVERIFY(taskLine.has_value());
        QVERIFY(taskLine->find(
                    "\"Task ID\":" + std::to_string(m.tasks.get(last, TaskField::TaskId)) + ",") !=
                std::string::npos);
    }
};

QTEST_GUILESS_MAIN(RealLogs)
#include "tst_real_logs.moc"
