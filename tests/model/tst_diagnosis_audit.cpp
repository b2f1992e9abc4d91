// The diagnosis audit as a regression suite (tests/model/audit/README.md): on each of the 31
// real logs an expert read, the causes they named are among the top findings with the wall
// clock they cost (within 30 % or the measured tolerance), and none of the audit's false claims
// comes back. Invariants hold on every real log and every generator scenario: slices add up to
// the wall clock, findings' costs to at most it, evidence stays inside the application, no two
// fixes contradict each other, and the text defects the audit lists never appear.
// STAGELIGHT_AUDIT_REPORT=1 prints what each log's findings are.
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QtTest>

#include <cstdlib>
#include <fstream>

#include "LogGenerator.h"
#include "Scenario.h"
#include "TestSupport.h"
#include "diagnosis/Analyzer.h"
#include "diagnosis/rules/RuleKit.h"
#include "load/Loader.h"
#include "report/AnalysisReport.h"

using namespace stagelight;
namespace fs = std::filesystem;

namespace {

QJsonArray expectations() {
    QFile file(QString::fromStdString(
        (test::sourceDir() / "tests/model/audit/expectations.json").string()));
    if (!file.open(QIODevice::ReadOnly)) return {};
    return QJsonDocument::fromJson(file.readAll()).array();
}

// Problems the engine still has, each with why (tests/model/audit/known-gaps.json): reported,
// not failed; a known gap that no longer happens fails, so the list only shrinks.
struct KnownGaps {
    QJsonArray gaps = [] {
        QFile file(QString::fromStdString(
            (test::sourceDir() / "tests/model/audit/known-gaps.json").string()));
        return file.open(QIODevice::ReadOnly) ? QJsonDocument::fromJson(file.readAll()).array()
                                              : QJsonArray();
    }();
    // Removes the problems of `log` that are known gaps; adds one for each gap that did not occur.
    void apply(const QString& log, QStringList& problems) const {
        for (const QJsonValue& v : gaps) {
            if (v[QStringLiteral("log")].toString() != log) continue;
            const QString what = v[QStringLiteral("problem")].toString();
            const qsizetype before = problems.size();
            problems.removeIf([&](const QString& p) { return p.contains(what); });
            if (problems.size() == before)
                problems << QStringLiteral("known gap no longer happens, remove it from "
                                           "known-gaps.json: %1").arg(what);
            else
                qInfo().noquote() << QStringLiteral("known gap in %1: %2 (%3)")
                                         .arg(log, what, v[QStringLiteral("why")].toString());
        }
    }
};

std::string findingText(const EventLogModel& m, const Finding& f) {
    std::string s = f.title + "\n" + f.detail + "\n" + f.fix;
    for (const Evidence& e : f.evidence) s += "\n" + evidenceText(m, e);
    return s;
}

// Problems with what the analysis says about itself (every log, every scenario).
QStringList invariantProblems(const EventLogModel& m, const Analysis& a) {
    QStringList bad;
    int64_t sliced = 0, prevEnd = a.time.slices.empty() ? 0 : a.time.slices.front().startMs;
    for (const Slice& s : a.time.slices) {
        if (s.startMs != prevEnd) bad << QStringLiteral("slices not contiguous at %1").arg(s.startMs);
        if (s.endMs < s.startMs) bad << QStringLiteral("a slice ends before it starts");
        prevEnd = s.endMs;
        sliced += s.durationMs();
    }
    if (sliced != a.time.wallClockMs)
        bad << QStringLiteral("slices sum to %1 ms, the wall clock is %2 ms")
                   .arg(sliced)
                   .arg(a.time.wallClockMs);
    int64_t costs = 0;
    bool raiseHeap = false, lowerHeap = false;
    static const QRegularExpression defects(
        QStringLiteral("stage stage|\\+-\\d|\\b1 tasks\\b|task\\(s\\)|\\d\\.\\d B\\b|  +\\S|\\d{5,}(\\.\\d+)? ?h\\b|"
                       "First error: :|executor  "),
        QRegularExpression::CaseInsensitiveOption);
    const int64_t from = m.derived.span.startMs, to = m.derived.span.endMs;
    for (const Finding& f : a.findings) {
        costs += f.estimatedCostMs;
        const QString text = QString::fromStdString(findingText(m, f));
        if (const auto hit = defects.match(text); hit.hasMatch())
            bad << QStringLiteral("%1: text defect \"%2\"")
                       .arg(QString::fromStdString(f.id), hit.captured(0));
        for (const Evidence& e : f.evidence)
            if (e.startMs >= 0 && m.derived.span.known() &&
                (e.startMs < from || e.endMs > to || e.endMs < e.startMs))
                bad << QStringLiteral("%1: evidence window outside the application")
                           .arg(QString::fromStdString(f.id));
        for (const Evidence& e : f.evidence) {
            // A listed set of tasks says when it is only part of the tasks the text counts.
            if (e.kind != Evidence::Kind::Tasks) continue;
            static const QRegularExpression part(QStringLiteral("^the (\\d+) .* of the (\\d+) "));
            const auto hit = part.match(QString::fromStdString(e.note));
            if (hit.hasMatch() ? hit.captured(1).toLongLong() != qint64(e.taskIds.size()) ||
                                     hit.captured(2).toLongLong() <= qint64(e.taskIds.size())
                               : e.taskIds.size() >= rules::kEvidenceTasks)
                bad << QStringLiteral("%1: %2 tasks listed as \"%3\"")
                           .arg(QString::fromStdString(f.id))
                           .arg(e.taskIds.size())
                           .arg(QString::fromStdString(e.note));
        }
        const QString fix = QString::fromStdString(f.fix);
        raiseHeap = raiseHeap || fix.contains(QLatin1String("raise spark.executor.memory"));
        static const QRegularExpression sized(QStringLiteral("spark\\.executor\\.memory=\\d+m"));
        lowerHeap = lowerHeap || (f.rule == "executor-memory" && sized.match(fix).hasMatch() &&
                                  f.title.find("little") != std::string::npos);
    }
    if (costs > a.time.wallClockMs)
        bad << QStringLiteral("findings cost %1 ms of a %2 ms wall clock").arg(costs).arg(a.time.wallClockMs);
    if (raiseHeap && lowerHeap) bad << QStringLiteral("one fix raises executor memory, another lowers it");
    return bad;
}

}  // namespace

class DiagnosisAudit : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void auditedLogs_data();
    void auditedLogs();
    void invariantsOnScenarios_data();
    void invariantsOnScenarios();
    void invariantsOnEveryRealLog();
    void theChecksCanFail();
};

void DiagnosisAudit::auditedLogs_data() {
    QTest::addColumn<QJsonObject>("entry");
    const QJsonArray all = expectations();
    QVERIFY(all.size() >= 31);
    for (const QJsonValue& v : all)
        QTest::newRow(v[QStringLiteral("log")].toString().toUtf8().constData()) << v.toObject();
}

void DiagnosisAudit::auditedLogs() {
    STAGELIGHT_REQUIRE_SHARED();
    QFETCH(QJsonObject, entry);
    const fs::path log =
        test::sharedDir() / "eventlogs" / entry[QStringLiteral("log")].toString().toStdString();
    LoadResult r = loadEventLog(log);
    QVERIFY2(r.model, r.error.c_str());
    const Analysis a = analyze(*r.model);
    QStringList bad = invariantProblems(*r.model, a);
    if (std::getenv("STAGELIGHT_AUDIT_REPORT")) {
        int n = 0;
        for (const Finding& f : a.findings)
            qInfo().noquote() << QStringLiteral("  %1. %2 [%3] %4 ms: %5")
                                     .arg(++n)
                                     .arg(QString::fromStdString(f.cause),
                                          QString::fromStdString(f.stage.valid() ? f.stage.str() : "-"))
                                     .arg(f.estimatedCostMs)
                                     .arg(QString::fromStdString(f.title));
    }
    for (const QJsonValue& v : entry[QStringLiteral("expected")].toArray()) {
        const QJsonObject x = v.toObject();
        const std::string cause = x[QStringLiteral("cause")].toString().toStdString();
        const QString stage = x[QStringLiteral("stage")].toString();
        const double cost = x[QStringLiteral("costMs")].toDouble();
        const double tolerance =
            std::max(0.3 * cost, x[QStringLiteral("costToleranceMs")].toDouble());
        const int top = x[QStringLiteral("mustBeInTop")].toInt(1000);
        int rank = 0;
        const Finding* hit = nullptr;
        for (const Finding& f : a.findings) {
            ++rank;
            if (f.cause != cause) continue;
            if (!stage.isEmpty()) {
                bool stageMatches = f.stage.valid() && QString::fromStdString(f.stage.str()) == stage;
                for (const Evidence& e : f.evidence)
                    stageMatches = stageMatches ||
                                   (e.stageId >= 0 &&
                                    QString::fromStdString(StageKey{e.stageId, e.stageAttemptId}.str()) == stage);
                if (!stageMatches) continue;
            }
            hit = &f;
            break;
        }
        const QString what =
            QStringLiteral("%1%2").arg(QString::fromStdString(cause),
                                       stage.isEmpty() ? QString() : QStringLiteral(" (stage %1)").arg(stage));
        if (!hit) {
            bad << QStringLiteral("missing: %1, ~%2 ms").arg(what).arg(cost);
            continue;
        }
        if (rank > top) bad << QStringLiteral("%1 ranks %2, must be in the top %3").arg(what).arg(rank).arg(top);
        if (std::abs(double(hit->estimatedCostMs) - cost) > tolerance)
            bad << QStringLiteral("%1 costs %2 ms, expected %3 ± %4")
                       .arg(what)
                       .arg(hit->estimatedCostMs)
                       .arg(cost)
                       .arg(tolerance);
    }
    for (const QJsonValue& v : entry[QStringLiteral("mustNotClaim")].toArray()) {
        const QRegularExpression re(v[QStringLiteral("pattern")].toString(),
                                    QRegularExpression::CaseInsensitiveOption |
                                        QRegularExpression::DotMatchesEverythingOption);
        QVERIFY2(re.isValid(), qPrintable(re.pattern()));
        for (const Finding& f : a.findings)
            if (re.match(QString::fromStdString(findingText(*r.model, f))).hasMatch())
                bad << QStringLiteral("false claim /%1/ in %2 (%3)")
                           .arg(re.pattern(), QString::fromStdString(f.id),
                                v[QStringLiteral("why")].toString().left(80));
    }
    KnownGaps().apply(entry[QStringLiteral("log")].toString(), bad);
    QVERIFY2(bad.isEmpty(), qPrintable(bad.join(QStringLiteral("\n   "))));
}

void DiagnosisAudit::invariantsOnScenarios_data() {
    QTest::addColumn<QString>("scenario");
    for (const std::string& name : gen::scenarioNames())
        QTest::newRow(name.c_str()) << QString::fromStdString(name);
}

void DiagnosisAudit::invariantsOnScenarios() {
    QFETCH(QString, scenario);
    QTemporaryDir dir;
    const fs::path file = fs::path(dir.path().toStdString()) / "log.json";
    test::writeFile(file, gen::generateLogText(gen::makeScenario(scenario.toStdString())));
    LoadResult r = loadEventLog(file);
    QVERIFY2(r.model, r.error.c_str());
    const QStringList bad = invariantProblems(*r.model, analyze(*r.model));
    QVERIFY2(bad.isEmpty(), qPrintable(bad.join(QStringLiteral("\n   "))));
}

void DiagnosisAudit::invariantsOnEveryRealLog() {
    STAGELIGHT_REQUIRE_SHARED();
    const fs::path root = test::sharedDir() / "eventlogs";
    std::ifstream readme(root / "README.md");
    QStringList bad;
    int logs = 0;
    const KnownGaps gaps;
    for (std::string line; std::getline(readme, line);) {
        if (line.rfind("| `", 0) != 0) continue;
        const size_t end = line.find('`', 3);
        const fs::path p = root / line.substr(3, end - 3);
        if (end == std::string::npos || !fs::exists(p)) continue;
        LoadResult r = loadEventLog(p);
        if (!r.model) continue;
        ++logs;
        const QString name = QString::fromStdString(line.substr(3, end - 3));
        QStringList problems = invariantProblems(*r.model, analyze(*r.model));
        gaps.apply(name, problems);
        for (const QString& problem : problems) {
            bad << name + QStringLiteral(": ") + problem;
            if (std::getenv("STAGELIGHT_AUDIT_REPORT")) qInfo().noquote() << bad.back();
        }
    }
    QVERIFY(logs > 90);
    QVERIFY2(bad.isEmpty(), qPrintable(bad.join(QStringLiteral("\n   "))));
}

void DiagnosisAudit::theChecksCanFail() {
    {
        // A known gap hides its problem; one that no longer happens is itself a problem.
        KnownGaps k;
        k.gaps = QJsonArray{QJsonObject{{QStringLiteral("log"), QStringLiteral("a")},
                                        {QStringLiteral("problem"), QStringLiteral("missing: x")},
                                        {QStringLiteral("why"), QStringLiteral("test")}}};
        QStringList problems{QStringLiteral("missing: x, ~5 ms"), QStringLiteral("other")};
        k.apply(QStringLiteral("a"), problems);
        QCOMPARE(problems, QStringList{QStringLiteral("other")});
        QStringList none;
        k.apply(QStringLiteral("a"), none);
        QCOMPARE(none.size(), 1);
    }
    // A run without slices, a finding costing more than the run, a doubled word: all caught.
    EventLogModel m;
    Analysis a;
    a.time.wallClockMs = 1000;
    Finding f;
    f.id = "x";
    f.title = "stage stage 1.0";
    f.estimatedCostMs = 2000;
    // 100 tasks listed as if they were all of them: a silent cap.
    f.evidence.push_back(
        Evidence::tasks(1, 0, std::vector<int64_t>(rules::kEvidenceTasks, 7), "the slow tasks"));
    a.findings.push_back(f);
    QCOMPARE(invariantProblems(m, a).size(), 4);  // no slices, the doubled word, the cost, the cap
    a.findings.back().evidence.back().note =
        rules::listedNote("slow tasks", rules::kEvidenceTasks, 123, "longest");
    QCOMPARE(invariantProblems(m, a).size(), 3);
    QCOMPARE(rules::listedNote("tasks with the most shuffle data", 1, 1, "longest"),
             std::string("the task with the most shuffle data"));
    QCOMPARE(rules::listedNote("failed attempts", 1, 1, "first"), std::string("the failed attempt"));
    QCOMPARE(rules::listedNote("slow tasks", 3, 3, "longest"), std::string("the slow tasks"));
}

QTEST_GUILESS_MAIN(DiagnosisAudit)
#include "tst_diagnosis_audit.moc"
