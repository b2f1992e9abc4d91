// The command line as other tools use it: exit codes, one-line errors naming the file, and the
// documented JSON fields of `summary --json`.
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QtTest>

#include "LogGenerator.h"
#include "TestSupport.h"
#include "load/Loader.h"

using namespace stagelight;

namespace {
struct Run {
    int exitCode;
    QByteArray out, err;
};
Run run(const QStringList& args) {
    QProcess p;
    p.start(QStringLiteral(STAGELIGHT_EXECUTABLE), args);
    p.waitForFinished(60000);
    return {p.exitCode(), p.readAllStandardOutput(), p.readAllStandardError()};
}
}  // namespace

class Cli : public QObject {
    Q_OBJECT
    QTemporaryDir tmp_;
    QString path(const char* name) const { return tmp_.filePath(QString::fromLatin1(name)); }

private Q_SLOTS:
    void initTestCase() {
        test::writeFile(path("skew.zstd").toStdString(),
                        gen::frame(Codec::Zstd, gen::generateLogText(gen::makeScenario("skew"))));
        test::writeFile(path("empty").toStdString(), "");
        test::writeFile(
            path("bad").toStdString(),
            std::string(R"({"Event":"SparkListenerLogStart","Spark Version":"3.5.1"})") +
                "\n{oops\n");
    }

    void raiseNamesAKnownDockAndWins() {
        // An unknown --raise is a usage error naming the docks; a known one (any case) is in
        // front when the screenshot is taken, after the finding raised its own docks.
        const QString shot = path("raise.png");
        Run r = run({QStringLiteral("--screenshot"), shot, QStringLiteral("--raise"),
                     QStringLiteral("nosuchdock"), path("skew.zstd")});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(
            r.err.contains("nosuchdock") && r.err.contains("sql") && r.err.contains("appTimeline"),
            r.err.constData());
        QVERIFY(!QFile::exists(shot));
        r = run({QStringLiteral("--screenshot"), shot, QStringLiteral("--finding"),
                 QStringLiteral("1"), QStringLiteral("--raise"), QStringLiteral("apptimeline"),
                 path("skew.zstd")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.err.contains("raised appTimelineDock"), r.err.constData());
        QVERIFY(QFile::exists(shot));
    }

    void summaryJsonHasTheDocumentedFields() {
        const Run r = run({QStringLiteral("summary"), path("skew.zstd"), QStringLiteral("--json")});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject o = QJsonDocument::fromJson(r.out).object();
        const QJsonObject app = o.value(QStringLiteral("application")).toObject();
        for (const char* k :
             {"id", "name", "sparkVersion", "startTime", "endTime", "durationMs", "complete"})
            QVERIFY2(app.contains(QLatin1String(k)), k);
        QCOMPARE(app.value(QStringLiteral("sparkVersion")).toString(), QStringLiteral("3.5.1"));
        QVERIFY(app.value(QStringLiteral("complete")).toBool());
        const QJsonObject counts = o.value(QStringLiteral("counts")).toObject();
        for (const char* k : {"jobs", "stageAttempts", "tasks", "failedTasks", "executors",
                              "sqlExecutions", "unknownEvents", "malformedLines"})
            QVERIFY2(counts.contains(QLatin1String(k)), k);
        QCOMPARE(counts.value(QStringLiteral("tasks")).toInt(), 64);
        const QJsonArray stages = o.value(QStringLiteral("stages")).toArray();
        QCOMPARE(stages.size(), 2);
        // Sorted by duration, longest first; the skewed reduce stage is the longest.
        QVERIFY(stages[0].toObject().value(QStringLiteral("durationMs")).toInteger() >=
                stages[1].toObject().value(QStringLiteral("durationMs")).toInteger());
        for (const char* k :
             {"stageId", "attemptId", "durationMs", "numTasks", "inputBytes", "shuffleReadBytes",
              "shuffleWriteBytes", "memoryBytesSpilled", "diskBytesSpilled", "jvmGcTimeMs"})
            QVERIFY2(stages[0].toObject().contains(QLatin1String(k)), k);
        QVERIFY(o.value(QStringLiteral("warnings")).isArray());
    }

    void summaryTextListsStages() {
        const Run r = run({QStringLiteral("summary"), path("skew.zstd")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.contains("Stages by duration"));
        QVERIFY(r.out.contains("stagelight-skew"));
    }

    void warningsGoToStderrAndStillExitZero() {
        const Run r = run({QStringLiteral("summary"), path("bad")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.err.contains("bad:2"));
        QVERIFY(r.err.contains("malformed"));
    }

    void restAnswersTheJobsEndpoint() {
        const Run r =
            run({QStringLiteral("rest"), path("skew.zstd"),
                 QStringLiteral("applications/app-20260101120000-0001/jobs?status=succeeded")});
        QCOMPARE(r.exitCode, 0);
        const QJsonArray jobs = QJsonDocument::fromJson(r.out).array();
        QCOMPARE(jobs.size(), 1);
        QCOMPARE(jobs[0].toObject().value(QStringLiteral("numCompletedTasks")).toInt(), 64);
        const Run unknown = run(
            {QStringLiteral("rest"), path("skew.zstd"), QStringLiteral("applications/nope/jobs")});
        QCOMPARE(unknown.exitCode, 1);
        QVERIFY(unknown.err.contains("unknown app"));
    }

    void analyzeJsonHasTheDocumentedFields() {
        const Run r = run({QStringLiteral("analyze"), path("skew.zstd"), QStringLiteral("--json")});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject o = QJsonDocument::fromJson(r.out).object();
        for (const char* k : {"schemaVersion", "application", "timeAccounting", "findings",
                              "cleanChecks", "notRunChecks"})
            QVERIFY2(o.contains(QLatin1String(k)), k);
        const QJsonObject time = o.value(QStringLiteral("timeAccounting")).toObject();
        for (const char* k : {"wallClockMs", "driverOnlyMs", "jobTimeMs", "idleCores",
                              "criticalPaths", "stages", "gaps", "coreSeries", "whatIf"})
            QVERIFY2(time.contains(QLatin1String(k)), k);
        const QJsonArray findings = o.value(QStringLiteral("findings")).toArray();
        QVERIFY(!findings.isEmpty());
        const QJsonObject f = findings.first().toObject();
        for (const char* k : {"id", "rule", "severity", "title", "detail", "estimatedCostMs",
                              "costMethod", "fix", "evidence"})
            QVERIFY2(f.contains(QLatin1String(k)), k);
        QCOMPARE(f.value(QStringLiteral("rule")).toString(), QStringLiteral("task-skew"));
        QCOMPARE(
            f.value(QStringLiteral("evidence")).toArray().first()[QLatin1String("kind")].toString(),
            QStringLiteral("stage"));
    }

    void analyzeFailsOnFindingsForCiGates() {
        QCOMPARE(run({QStringLiteral("analyze"), path("skew.zstd"), QStringLiteral("--fail-on"),
                      QStringLiteral("critical")})
                     .exitCode,
                 3);
        test::writeFile(
            path("lenient.json").toStdString(),
            R"({"rules": {"task-skew": {"enabled": false}}, "severity": {"criticalShare": 1, "warningShare": 1}})");
        QCOMPARE(
            run({QStringLiteral("analyze"), path("skew.zstd"), QStringLiteral("--rules"),
                 path("lenient.json"), QStringLiteral("--fail-on"), QStringLiteral("critical")})
                .exitCode,
            0);
        test::writeFile(path("typo.json").toStdString(), R"({"rules": {"task-skwe": {}}})");
        const Run bad = run({QStringLiteral("analyze"), path("skew.zstd"),
                             QStringLiteral("--rules"), path("typo.json")});
        QCOMPARE(bad.exitCode, 1);
        QVERIFY(bad.err.contains("task-skwe"));
        QCOMPARE(run({QStringLiteral("analyze"), path("skew.zstd"), QStringLiteral("--fail-on"),
                      QStringLiteral("sometimes")})
                     .exitCode,
                 1);
    }

    void compareGatesOnRegressions() {
        auto salted = gen::makeScenario("skew");
        for (auto& stage : salted.jobs[0].stages) stage.skew = 1;
        test::writeFile(path("salted").toStdString(), gen::generateLogText(salted));
        // The skewed run is the slower one: as the trial it is a regression.
        const Run slower = run({QStringLiteral("compare"), path("salted"), path("skew.zstd"),
                                QStringLiteral("--json"), QStringLiteral("--max-regression-pct"),
                                QStringLiteral("5")});
        QCOMPARE(slower.exitCode, 3);
        const QJsonObject doc = QJsonDocument::fromJson(slower.out).object();
        const QJsonArray matches = doc.value(QStringLiteral("matches")).toArray();
        QCOMPARE(matches.size(), 2);
        const QJsonObject first = matches.first().toObject();
        for (const char* key : {"baseline", "trial", "confidence", "deltas"})
            QVERIFY2(first.contains(QLatin1String(key)), key);
        QVERIFY(
            first.value(QStringLiteral("baseline")).toObject().contains(QStringLiteral("stageId")));
        QVERIFY(first.value(QStringLiteral("deltas"))
                    .toObject()
                    .contains(QStringLiteral("durationMs")));
        QVERIFY(doc.value(QStringLiteral("unmatchedBaseline")).isArray());
        QVERIFY(doc.value(QStringLiteral("unmatchedTrial")).isArray());
        const QJsonObject summary = doc.value(QStringLiteral("summary")).toObject();
        QVERIFY(summary.value(QStringLiteral("wallDeltaMs")).toDouble() > 0);
        QVERIFY(!summary.value(QStringLiteral("explainedBy")).toArray().isEmpty());
        // The other way round it is an improvement; without the option nothing is gated.
        QCOMPARE(run({QStringLiteral("compare"), path("skew.zstd"), path("salted"),
                      QStringLiteral("--max-regression-pct"), QStringLiteral("5")})
                     .exitCode,
                 0);
        const Run text = run({QStringLiteral("compare"), path("salted"), path("skew.zstd")});
        QCOMPARE(text.exitCode, 0);
        QVERIFY(text.out.contains("wall clock"));
        QCOMPARE(run({QStringLiteral("compare"), path("salted")}).exitCode, 1);
        QCOMPARE(run({QStringLiteral("compare"), path("salted"), path("skew.zstd"),
                      QStringLiteral("--max-regression-pct"), QStringLiteral("x")})
                     .exitCode,
                 1);
        QCOMPARE(run({QStringLiteral("compare"), path("salted"), path("missing")}).exitCode, 2);
    }

    void usageErrorsExitOne() {
        QCOMPARE(run({QStringLiteral("summary")}).exitCode, 1);
        QCOMPARE(
            run({QStringLiteral("summary"), path("skew.zstd"), QStringLiteral("--bogus")}).exitCode,
            1);
    }

    void threadsOptionGivesTheSameAnswer() {
        // --threads anywhere among the arguments; the answer is the same for any count.
        auto analysis = [&](const char* threads) {
            Run r = run({QStringLiteral("--threads"), QString::fromLatin1(threads),
                         QStringLiteral("analyze"), path("skew.zstd"), QStringLiteral("--json")});
            return std::make_pair(r.exitCode, r.out);
        };
        const auto one = analysis("1"), four = analysis("4");
        QCOMPARE(one.first, 0);
        QCOMPARE(one.second, four.second);
        const Run after = run({QStringLiteral("rest"), path("skew.zstd"),
                               QStringLiteral("applications"), QStringLiteral("--threads"),
                               QStringLiteral("3")});
        QCOMPARE(after.exitCode, 0);
        for (const char* bad : {"0", "x", "1000"})
            QCOMPARE(run({QStringLiteral("summary"), path("skew.zstd"), QStringLiteral("--threads"),
                          QString::fromLatin1(bad)})
                         .exitCode,
                     1);
        // A bad STAGELIGHT_THREADS is said, and every core decodes.
        for (const char* bad : {"0", "abc", "-3", "99999"}) {
            qputenv("STAGELIGHT_THREADS", bad);
            const Run r = run({QStringLiteral("analyze"), path("skew.zstd"), QStringLiteral("--json")});
            qunsetenv("STAGELIGHT_THREADS");
            QCOMPARE(r.exitCode, 0);
            QVERIFY2(r.err.contains("STAGELIGHT_THREADS is not a count"), r.err.constData());
            QCOMPARE(r.out, one.second);
        }
    }

    void summaryFollowPrintsEachStageAsItCompletes() {
        // A log written in steps while `summary --follow` watches it: a line per stage attempt
        // as it completes, in completion order, then the end once the writer renames the file.
        const std::string text = gen::generateLogText(gen::makeScenario("failures"));
        const QString live = path("follow-app.inprogress");
        test::writeFile(live.toStdString(), "");
        QProcess p;
        p.start(QStringLiteral(STAGELIGHT_EXECUTABLE),
                {QStringLiteral("summary"), live, QStringLiteral("--follow"),
                 QStringLiteral("--json"), QStringLiteral("--interval"), QStringLiteral("0.05")});
        QVERIFY(p.waitForStarted());
        QByteArray seen;
        for (int step = 1; step <= 6; ++step) {
            const size_t from = text.size() * size_t(step - 1) / 6, to = text.size() * size_t(step) / 6;
            QVERIFY(test::appendFile(live.toStdString(), std::string_view(text).substr(from, to - from)));
            QTest::qWait(300);
            seen += p.readAllStandardOutput();
            QVERIFY2(p.state() == QProcess::Running, seen.constData());
        }
        const QString done = path("follow-app");
        QVERIFY(QFile::rename(live, done));
        QVERIFY(p.waitForFinished(20000));
        QCOMPARE(p.exitCode(), 0);
        seen += p.readAllStandardOutput();
        const QList<QByteArray> lines = seen.trimmed().split('\n');
        QVERIFY(lines.size() >= 3);
        QVERIFY(lines.last().contains("\"event\":\"applicationEnded\""));
        // One line per completed stage attempt of the whole log, none twice.
        LoadResult r = loadEventLog(done.toStdString());
        int completed = 0;
        for (const StageAttempt& s : r.model->stages) completed += s.completed;
        QCOMPARE(lines.size() - 1, completed);
        QSet<QString> stages;
        int64_t lastTime = 0;
        for (int i = 0; i + 1 < lines.size(); ++i) {
            const QJsonObject o = QJsonDocument::fromJson(lines[i]).object();
            QCOMPARE(o.value(QStringLiteral("event")).toString(), QStringLiteral("stageCompleted"));
            const int64_t t = o.value(QStringLiteral("completionTime")).toInteger();
            QVERIFY(t >= lastTime);
            lastTime = t;
            const QString key = QStringLiteral("%1.%2")
                                    .arg(o.value(QStringLiteral("stageId")).toInt())
                                    .arg(o.value(QStringLiteral("stageAttemptId")).toInt());
            QVERIFY2(!stages.contains(key), qPrintable(key));  // each once
            stages.insert(key);
        }
    }

    void scanWritesALinePerApplication() {
        // Three applications, a file that is no log and one that is not Spark's: a line each,
        // the failures with their error, then the summary; the same lines on one or two jobs.
        QTemporaryDir dir;
        const char* scenarios[] = {"skew", "spill", "healthy"};
        for (int i = 0; i < 3; ++i) {
            auto config = gen::makeScenario(scenarios[i]);
            config.appId = "app-2026010112000" + std::to_string(i) + "-0001";
            test::writeFile(dir.filePath(QStringLiteral("app-%1").arg(i)).toStdString(),
                            gen::generateLogText(config));
        }
        test::writeFile(dir.filePath(QStringLiteral("app-broken.zstd")).toStdString(), "not zstd");
        test::writeFile(dir.filePath(QStringLiteral("eventlog-notes")).toStdString(),
                        "{\"Event\":\"Pricing\"}\n");
        auto scan = [&](const QStringList& extra) {
            const Run r = run(QStringList{QStringLiteral("scan"), dir.path()} + extra);
            QList<QJsonObject> lines;
            for (const QByteArray& line : r.out.trimmed().split('\n'))
                lines << QJsonDocument::fromJson(line).object();
            return std::make_pair(r.exitCode, lines);
        };
        const auto [code, lines] = scan({QStringLiteral("--jobs"), QStringLiteral("1")});
        QCOMPARE(code, 0);
        QVERIFY(lines.size() >= 5);
        const QJsonObject summary = lines.last().value(QStringLiteral("summary")).toObject();
        QCOMPARE(summary.value(QStringLiteral("analysed")).toInt(), 3);
        QVERIFY(summary.value(QStringLiteral("failed")).toInt() >= 1);
        QSet<QString> ids;
        for (qsizetype i = 0; i + 1 < lines.size(); ++i) {
            const QJsonObject& o = lines[i];
            QVERIFY(o.contains(QStringLiteral("path")));
            if (o.contains(QStringLiteral("error"))) continue;
            ids.insert(o.value(QStringLiteral("id")).toString());
            QVERIFY(o.value(QStringLiteral("wallClockMs")).toInteger() > 0);
            // Where the wall clock went adds up to it.
            qint64 total = 0;
            const QJsonObject causes = o.value(QStringLiteral("wallClockByCause")).toObject();
            for (auto it = causes.begin(); it != causes.end(); ++it) total += it.value().toInteger();
            QCOMPARE(total, o.value(QStringLiteral("wallClockMs")).toInteger());
            QVERIFY(o.value(QStringLiteral("findings")).toArray().size() <= 5);
        }
        QCOMPARE(ids.size(), 3);
        // Two jobs: the same lines, perhaps in another order.
        auto withoutTimes = [](QList<QJsonObject> ls) {
            QStringList out;
            for (QJsonObject o : ls.mid(0, ls.size() - 1)) {
                o.remove(QStringLiteral("loadSeconds"));
                o.remove(QStringLiteral("analyzeSeconds"));
                out << QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Compact));
            }
            out.sort();
            return out;
        };
        QCOMPARE(withoutTimes(scan({QStringLiteral("--jobs"), QStringLiteral("2")}).second),
                 withoutTimes(lines));
        // --since: the generated applications start in 2026; a later date skips them all.
        const auto later = scan({QStringLiteral("--since"), QStringLiteral("2030-01-01")}).second;
        QCOMPARE(later.last().value(QStringLiteral("summary")).toObject().value(QStringLiteral("skipped")).toInt(), 3);
        QCOMPARE(run({QStringLiteral("scan"), dir.path(), QStringLiteral("--since"), QStringLiteral("yesterday")}).exitCode, 1);
    }

    void unreadableInputExitsTwoWithOneLine() {
        Run r = run({QStringLiteral("summary"), path("does-not-exist")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.err.contains("does-not-exist: no such file"));
        QCOMPARE(r.err.count('\n'), 1);
        r = run({QStringLiteral("summary"), path("empty")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.err.contains("no Spark events"));
        QDir().mkpath(path("emptydir"));
        r = run({QStringLiteral("summary"), path("emptydir")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.err.contains("directory is empty"));
    }
};

QTEST_GUILESS_MAIN(Cli)
#include "tst_cli.moc"
