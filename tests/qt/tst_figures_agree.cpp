// One figure, one value: on every generator scenario and every real log, each stage attempt's
// duration, tasks, input, output, shuffle, spill and GC are the same in the stage table model,
// `rest …/stages`, `analyze --json`, the report JSON and the comparison; the wall clock is the
// same in `summary`, `analyze` and the report; cached bytes in the cache model are the ones the
// cache findings quote.
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include <fstream>
#include <map>

#include "LogGenerator.h"
#include "Scenario.h"
#include "TestSupport.h"
#include "compare/Compare.h"
#include "diagnosis/Analyzer.h"
#include "figures/TaskFigures.h"
#include "figures/TaskSummary.h"
#include "load/Loader.h"
#include "qt/CacheTableModel.h"
#include "qt/StageTableModel.h"
#include "report/AnalysisReport.h"
#include "report/ReportDocument.h"
#include "report/Summary.h"
#include "rest/RestApi.h"
#include "text/Format.h"

using namespace stagelight;
namespace fs = std::filesystem;

namespace {

struct Figures {
    qint64 durationMs = -1, tasks = -1, input = -1, output = -1, shuffleRead = -1,
           shuffleWrite = -1, memorySpill = -1, diskSpill = -1, gcMs = -1;
};

QJsonDocument parse(const std::string& json) {
    QJsonParseError error;
    QJsonDocument doc = QJsonDocument::fromJson(QByteArray::fromStdString(json), &error);
    if (error.error != QJsonParseError::NoError) qWarning() << error.errorString();
    return doc;
}

qint64 restTime(const QJsonValue& v) {
    QString s = v.toString();
    if (s.isEmpty()) return -1;
    s.chop(3);  // "GMT"
    QDateTime t = QDateTime::fromString(s, QStringLiteral("yyyy-MM-ddTHH:mm:ss.zzz"));
    t.setTimeSpec(Qt::UTC);
    return t.toMSecsSinceEpoch();
}

// Every figure of the stage table model, by stage attempt.
std::map<StageKey, Figures> tableFigures(const ModelPtr& model) {
    StageTableModel table;
    table.setModel(model);
    std::map<StageKey, Figures> out;
    for (int row = 0; row < table.rowCount(); ++row) {
        auto n = [&](int column) {
            return table.data(table.index(row, column), SnapshotTableModel::SortRole).toLongLong();
        };
        const size_t si =
            table.data(table.index(row, 0), StageTableModel::StageIndexRole).toULongLong();
        const StageAttempt& s = model->stages[si];
        out[{s.stageId, s.attemptId}] = {n(StageTableModel::Duration),    n(StageTableModel::Tasks),
                                         n(StageTableModel::Input),       n(StageTableModel::Output),
                                         n(StageTableModel::ShuffleRead), n(StageTableModel::ShuffleWrite),
                                         n(StageTableModel::SpillMemory), n(StageTableModel::SpillDisk),
                                         n(StageTableModel::GcTime)};
    }
    return out;
}

std::vector<std::pair<QString, ModelPtr>>& logs() {
    static std::vector<std::pair<QString, ModelPtr>> all;
    return all;
}

}  // namespace

class FiguresAgree : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void stageFigures_data() { rows(); }
    void stageFigures();
    void wallClock_data() { rows(); }
    void wallClock();
    void cachedBytes_data() { rows(); }
    void cachedBytes();
    void theCheckCanFail();
    void cleanupTestCase() {
        // The REST comparison ran for most stage attempts (not skipped everywhere).
        if (test::sharedAvailable()) QVERIFY2(restCompared_ > 600, QByteArray::number(restCompared_));
        QVERIFY2(summariesCompared_ > 100, QByteArray::number(summariesCompared_));
    }

private:
    int restCompared_ = 0, summariesCompared_ = 0;
    void rows();
    void checkStages(const ModelPtr& model, const Analysis& analysis);
    QTemporaryDir tmp_;
};

void FiguresAgree::initTestCase() {
    for (const std::string& name : gen::scenarioNames()) {
        const fs::path file = fs::path(tmp_.path().toStdString()) / (name + ".json");
        test::writeFile(file, gen::generateLogText(gen::makeScenario(name)));
        LoadResult r = loadEventLog(file);
        QVERIFY2(r.model, r.error.c_str());
        logs().emplace_back(QStringLiteral("scenario %1").arg(QString::fromStdString(name)),
                            ModelPtr(std::move(r.model)));
    }
    if (!test::sharedAvailable()) {
        if (test::runningInCi()) QFAIL("../shared/eventlogs is missing, and CI=true requires it");
        qWarning("../shared/eventlogs not found beside the checkout: generator scenarios only");
        return;
    }
    const fs::path root = test::sharedDir() / "eventlogs";
    const std::vector<fs::path> paths = test::corpusLogPaths();
    for (const fs::path& p : paths) {
        LoadResult r = loadEventLog(p);
        if (!r.model || r.model->stages.empty()) continue;
        logs().emplace_back(QString::fromStdString(fs::relative(p, root).string()),
                            ModelPtr(std::move(r.model)));
    }
    QVERIFY(logs().size() > 60);
}

void FiguresAgree::rows() {
    QTest::addColumn<int>("log");
    for (size_t i = 0; i < logs().size(); ++i)
        QTest::newRow(logs()[i].first.toUtf8().constData()) << int(i);
}

void FiguresAgree::stageFigures() {
    QFETCH(int, log);
    const ModelPtr& model = logs()[size_t(log)].second;
    const Analysis analysis = analyze(*model);
    checkStages(model, analysis);
}

void FiguresAgree::checkStages(const ModelPtr& model, const Analysis& analysis) {
    const std::map<StageKey, Figures> table = tableFigures(model);
    QVERIFY(!table.empty() || model->derived.stageTotals.empty());

    // REST: the History Server's StageData, wherever its replay saw the whole stage.
    const Application& app = model->application;
    if (!app.id.empty()) {
        const RestResponse rest = restQuery(
            *model, "applications/" + app.id + (app.attemptId.empty() ? "" : "/" + app.attemptId) +
                        "/stages");
        QCOMPARE(rest.status, 200);
        for (const QJsonValue& v : parse(rest.body).array()) {
            const QJsonObject o = v.toObject();
            const StageKey key{o[QStringLiteral("stageId")].toInt(),
                               o[QStringLiteral("attemptId")].toInt()};
            const StageAttempt* s = model->stage(key.stage, key.attempt);
            QVERIFY(s);
            const StageTotals& st = model->derived.stageTotals[size_t(s - model->stages.data())];
            if (!st.inHistoryServer || st.unstartedTasks > 0 || !table.count(key)) continue;
            const Figures& f = table.at(key);
            const QByteArray where = QByteArray::fromStdString(key.label());
            ++restCompared_;
            QVERIFY2(f.input == o[QStringLiteral("inputBytes")].toInteger(), where);
            QVERIFY2(f.output == o[QStringLiteral("outputBytes")].toInteger(), where);
            QVERIFY2(f.shuffleRead == o[QStringLiteral("shuffleReadBytes")].toInteger(), where);
            QVERIFY2(f.shuffleWrite == o[QStringLiteral("shuffleWriteBytes")].toInteger(), where);
            QVERIFY2(f.memorySpill == o[QStringLiteral("memoryBytesSpilled")].toInteger(), where);
            QVERIFY2(f.diskSpill == o[QStringLiteral("diskBytesSpilled")].toInteger(), where);
            QVERIFY2(f.gcMs == o[QStringLiteral("jvmGcTime")].toInteger(), where);
            QVERIFY2(st.completedTasks == o[QStringLiteral("numCompleteTasks")].toInt(), where);
            QVERIFY2(st.failedTasks == o[QStringLiteral("numFailedTasks")].toInt(), where);
            const qint64 first = restTime(o[QStringLiteral("firstTaskLaunchedTime")]);
            const qint64 done = restTime(o[QStringLiteral("completionTime")]);
            if (first >= 0 && done >= first) QVERIFY2(f.durationMs == done - first, where);
        }
    }

    // The window's Summary metrics: Max duration is the longest successful task the task table
    // lists (the History Server's own ranking can put it below that; REST keeps Spark's).
    for (const StageAttempt& s : model->stages) {
        const std::vector<uint32_t> rows = stageTaskRows(*model, s.stageId, s.attemptId);
        const auto summary = taskSummary(*model, rows, {1.0}, SummaryRanking::SuccessfulTasks);
        int64_t longest = -1;
        for (uint32_t r : rows)
            if (model->tasks.hasFlag(r, kHasMetrics) && taskStatus(model->tasks, r) == "SUCCESS")
                longest = std::max(longest, model->tasks.duration(r));
        if (!summary || longest < 0) continue;
        const double max = summary->values[size_t(SummaryMetric::Duration)][0];
        QVERIFY2(max == double(longest), (StageKey{s.stageId, s.attemptId}.label().c_str()));
        ++summariesCompared_;
    }

    // analyze --json: timeAccounting.stages[].durationMs
    const QJsonObject analyzed = parse(analysisJson(*model, analysis)).object();
    for (const QJsonValue& v :
         analyzed[QStringLiteral("timeAccounting")][QStringLiteral("stages")].toArray()) {
        const QJsonObject o = v.toObject();
        const StageKey key{o[QStringLiteral("stageId")].toInt(),
                           o[QStringLiteral("stageAttemptId")].toInt()};
        if (!table.count(key)) continue;
        const StageTotals& st =
            model->derived.stageTotals[size_t(model->stage(key.stage, key.attempt) -
                                              model->stages.data())];
        if (st.firstTaskLaunchTime <= 0) continue;  // zero launch times: the rules use the tasks'
        QVERIFY2(o[QStringLiteral("durationMs")].toInteger() == table.at(key).durationMs,
                 key.label().c_str());
    }

    // The report JSON's slowest stages.
    const ReportDocument doc = buildReport(*model, analysis, {}, 1000);
    const QJsonObject report = parse(reportJson(doc, *model, analysis)).object();
    for (const QJsonValue& v : report[QStringLiteral("slowestStages")].toArray()) {
        const QJsonObject o = v.toObject();
        const QStringList id = o[QStringLiteral("stage")].toString().split(QLatin1Char('.'));
        QCOMPARE(id.size(), 2);
        const StageKey key{id[0].toInt(), id[1].toInt()};
        QVERIFY(table.count(key));
        const Figures& f = table.at(key);
        const QByteArray where = QByteArray::fromStdString(key.label());
        QVERIFY2(f.durationMs == o[QStringLiteral("durationMs")].toInteger(), where);
        QVERIFY2(f.tasks == o[QStringLiteral("tasks")].toInteger(), where);
        QVERIFY2(f.input == o[QStringLiteral("inputBytes")].toInteger(), where);
        QVERIFY2(f.shuffleRead == o[QStringLiteral("shuffleReadBytes")].toInteger(), where);
        QVERIFY2(f.shuffleWrite == o[QStringLiteral("shuffleWriteBytes")].toInteger(), where);
        QVERIFY2(f.diskSpill == o[QStringLiteral("diskBytesSpilled")].toInteger(), where);
        QVERIFY2(f.gcMs == o[QStringLiteral("gcTimeMs")].toInteger(), where);
    }

    // The comparison of the run with itself: every matched stage carries the table's figures.
    const Comparison c = compareRuns(*model, analysis, *model, analysis);
    for (const StageMatch& m : c.matches) {
        const StageKey key{m.baseline.stageId, m.baseline.attemptId};
        QVERIFY(table.count(key));
        const Figures& f = table.at(key);
        const QByteArray where = QByteArray::fromStdString(key.label());
        QVERIFY2(f.durationMs == m.baseline.durationMs, where);
        QVERIFY2(f.tasks == m.baseline.tasks, where);
        QVERIFY2(f.input == m.baseline.inputBytes, where);
        QVERIFY2(f.shuffleRead == m.baseline.shuffleReadBytes, where);
        QVERIFY2(f.shuffleWrite == m.baseline.shuffleWriteBytes, where);
        QVERIFY2(f.diskSpill == m.baseline.spillBytes, where);
        QVERIFY2(f.gcMs == m.baseline.gcTimeMs, where);
    }
}

void FiguresAgree::wallClock() {
    QFETCH(int, log);
    const ModelPtr& model = logs()[size_t(log)].second;
    const Analysis analysis = analyze(*model);
    const qint64 wall = model->derived.span.wallMs();
    const QJsonObject summary = parse(summaryJson(*model, summarize(*model))).object();
    const QJsonValue s = summary[QStringLiteral("application")][QStringLiteral("durationMs")];
    QCOMPARE(s.isNull() ? 0 : s.toInteger(), wall);
    const QJsonObject analyzed = parse(analysisJson(*model, analysis)).object();
    QCOMPARE(analyzed[QStringLiteral("timeAccounting")][QStringLiteral("wallClockMs")].toInteger(),
             wall);
    const ReportDocument doc = buildReport(*model, analysis, {}, 10);
    QCOMPARE(qint64(doc.wallClockMs), wall);
    const QJsonObject report = parse(reportJson(doc, *model, analysis)).object();
    QCOMPARE(report[QStringLiteral("wallClockMs")].toInteger(), wall);
    // Time with and without jobs splits that same wall clock.
    QCOMPARE(qint64(analysis.time.driverOnlyMs + analysis.time.jobTimeMs), wall);
}

void FiguresAgree::cachedBytes() {
    QFETCH(int, log);
    const ModelPtr& model = logs()[size_t(log)].second;
    const Analysis analysis = analyze(*model);
    CacheTableModel cache;
    cache.setModel(model);
    for (const Finding& f : analysis.findings) {
        if (f.rule != "cache-waste") continue;
        for (const Evidence& e : f.evidence) {
            if (e.kind != Evidence::Kind::Rdd) continue;
            const int row = cache.rowOfRdd(e.rddId);
            QVERIFY2(row >= 0, f.id.c_str());
            const auto bytes = [&](int column) {
                return formatBytes(
                    cache.data(cache.index(row, column), SnapshotTableModel::SortRole).toLongLong());
            };
            const std::string memory = bytes(CacheTableModel::Memory);
            const std::string disk = bytes(CacheTableModel::Disk);
            QVERIFY2(f.detail.find(memory) != std::string::npos, (f.detail + " / " + memory).c_str());
            if (f.detail.find("on disk") != std::string::npos)
                QVERIFY2(f.detail.find(disk + " on disk") != std::string::npos,
                         (f.detail + " / " + disk).c_str());
        }
    }
}

void FiguresAgree::theCheckCanFail() {
    // A table that disagreed with REST would be caught: change one total and compare again.
    QVERIFY(!logs().empty());
    auto copy = std::make_shared<EventLogModel>(*logs().front().second);
    QVERIFY(!copy->derived.stageTotals.empty());
    StageTotals& st = copy->derived.stageTotals.front();
    const StageKey key = st.key;
    const qint64 before = tableFigures(copy).at(key).input;
    st.metrics[TaskField::InputBytesRead] += 1;
    QCOMPARE(tableFigures(copy).at(key).input, before + 1);
    const RestResponse rest = restQuery(
        *copy, "applications/" + copy->application.id +
                   (copy->application.attemptId.empty() ? "" : "/" + copy->application.attemptId) +
                   "/stages");
    bool differs = false;
    for (const QJsonValue& v : parse(rest.body).array()) {
        const QJsonObject o = v.toObject();
        if (o[QStringLiteral("stageId")].toInt() == key.stage &&
            o[QStringLiteral("attemptId")].toInt() == key.attempt)
            differs = o[QStringLiteral("inputBytes")].toInteger() != before + 1;
    }
    QVERIFY(differs);
}

QTEST_GUILESS_MAIN(FiguresAgree)
#include "tst_figures_agree.moc"
