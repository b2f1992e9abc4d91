// `stagelight report`, headless: the PDF names every finding and evidence stage of `analyze
// --json` (read back with pdftotext), shows log text literally, has the requested page size and
// is written atomically; Markdown and JSON carry the same findings and the log's SHA-256.
#include <QCryptographicHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QtTest>

#include "LogGenerator.h"
#include "TestSupport.h"

using namespace stagelight;

namespace {

struct Run {
    int exitCode;
    QByteArray out, err;
};

Run run(const QString& program, const QStringList& args) {
    QProcess p;
    p.start(program, args);
    p.waitForFinished(120000);
    return {p.exitCode(), p.readAllStandardOutput(), p.readAllStandardError()};
}

Run runStagelight(const QStringList& args) {
    return run(QStringLiteral(STAGELIGHT_EXECUTABLE), args);
}

QString collapsed(const QString& text) {
    // pdftotext breaks lines where the page wrapped them (and would spell a ligature as one sign).
    return text.normalized(QString::NormalizationForm_KC).simplified();
}

}  // namespace

class Report : public QObject {
    Q_OBJECT
    QTemporaryDir tmp_;
    QString pdftotext_, pdfinfo_;
    QString path(const QString& name) const { return tmp_.filePath(name); }

    QString pdfText(const QString& pdf) {
        const Run r = run(pdftotext_, {pdf, QStringLiteral("-")});
        return QString::fromUtf8(r.out);
    }

private Q_SLOTS:
    void initTestCase() {
        pdftotext_ = QStandardPaths::findExecutable(QStringLiteral("pdftotext"));
        pdfinfo_ = QStandardPaths::findExecutable(QStringLiteral("pdfinfo"));
        if (pdftotext_.isEmpty() || pdfinfo_.isEmpty()) {
            if (test::runningInCi()) QFAIL("poppler-utils (pdftotext, pdfinfo) is not installed");
            QSKIP("poppler-utils (pdftotext, pdfinfo) is not installed");
        }
        for (const char* name : {"demo", "skew", "healthy"})
            test::writeFile(path(QString::fromLatin1(name)).toStdString(),
                            gen::generateLogText(gen::makeScenario(name)));
    }

    void pdfNamesEveryFindingAndStage_data() {
        QTest::addColumn<QString>("log");
        for (const char* name : {"demo", "skew", "healthy"})
            QTest::newRow(name) << path(QString::fromLatin1(name));
        // Real logs written by Spark (read from ../shared).
        for (const char* real :
             {"apache__spark/core/spark-events/local-1430917381534",
              "apache__spark/core/spark-events/application_1516285256255_0012",
              "NVIDIA__spark-rapids-tools/spark-events-profiling/rp_sql_eventlog.zstd",
              "NVIDIA__spark-rapids-tools/spark-events-qualification/aqeshuffle_eventlog.zstd"})
            QTest::newRow(real) << QString::fromStdString(
                (test::sharedDir() / "eventlogs" / real).string());
    }
    void pdfNamesEveryFindingAndStage() {
        QFETCH(QString, log);
        if (log.contains(QStringLiteral("eventlogs"))) STAGELIGHT_REQUIRE_SHARED();
        const Run analysis =
            runStagelight({QStringLiteral("analyze"), log, QStringLiteral("--json")});
        QCOMPARE(analysis.exitCode, 0);
        const QJsonArray findings = QJsonDocument::fromJson(analysis.out)
                                        .object()
                                        .value(QStringLiteral("findings"))
                                        .toArray();
        const QString pdf = path(QFileInfo(log).fileName() + QStringLiteral(".pdf"));
        const Run r = runStagelight({QStringLiteral("report"), log, QStringLiteral("-o"), pdf});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QString text = collapsed(pdfText(pdf));
        QVERIFY(text.contains(QStringLiteral("Executive summary")));
        for (const QJsonValue& v : findings) {
            const QJsonObject f = v.toObject();
            const QString title = collapsed(f.value(QStringLiteral("title")).toString());
            QVERIFY2(text.contains(title), qPrintable(title));
            for (const QJsonValue& e : f.value(QStringLiteral("evidence")).toArray()) {
                const QJsonObject ev = e.toObject();
                if (!ev.contains(QStringLiteral("stageId"))) continue;
                const QString stage = QStringLiteral("%1.%2")
                                          .arg(ev.value(QStringLiteral("stageId")).toInt())
                                          .arg(ev.value(QStringLiteral("stageAttemptId")).toInt());
                QVERIFY2(text.contains(QStringLiteral("stage ") + stage) ||
                             text.contains(QStringLiteral(" ") + stage + QStringLiteral(" ")),
                         qPrintable(stage));
            }
        }
        // Nothing but the PDF was left behind (written through a temporary file).
        const QStringList left = QDir(tmp_.path()).entryList(QDir::Files);
        for (const QString& f : left) QVERIFY2(!f.contains(QStringLiteral(".pdf.")), qPrintable(f));
    }

    void logTextIsShownLiterally() {
        auto config = gen::makeScenario("skew");
        config.appName = "<b>bold</b> & <i>app</i>";
        config.jobs[0].stages[0].name = "<script>x</script> at Job.scala:1";
        const QString log = path(QStringLiteral("markup"));
        test::writeFile(log.toStdString(), gen::generateLogText(config));
        const QString pdf = path(QStringLiteral("markup.pdf"));
        QCOMPARE(runStagelight({QStringLiteral("report"), log, QStringLiteral("-o"), pdf}).exitCode,
                 0);
        const QString text = pdfText(pdf);
        QVERIFY(text.contains(QStringLiteral("<b>bold</b> & <i>app</i>")));
        QVERIFY(text.contains(QStringLiteral("<script>x</script>")));
        // Markdown escapes it, so a renderer shows it instead of running it.
        const Run md = runStagelight(
            {QStringLiteral("report"), log, QStringLiteral("--format"), QStringLiteral("md")});
        QCOMPARE(md.exitCode, 0);
        QVERIFY(md.out.contains("&lt;b&gt;bold&lt;/b&gt; &amp; &lt;i&gt;app&lt;/i&gt;"));
        QVERIFY(!md.out.contains("<b>"));
    }

    void pageSizeIsA4OrLetter() {
        const QString a4 = path(QStringLiteral("a4.pdf")),
                      letter = path(QStringLiteral("letter.pdf"));
        QCOMPARE(runStagelight({QStringLiteral("report"), path(QStringLiteral("skew")),
                                QStringLiteral("-o"), a4})
                     .exitCode,
                 0);
        QCOMPARE(runStagelight({QStringLiteral("report"), path(QStringLiteral("skew")),
                                QStringLiteral("-o"), letter, QStringLiteral("--page"),
                                QStringLiteral("letter")})
                     .exitCode,
                 0);
        QVERIFY(run(pdfinfo_, {a4}).out.contains("(A4)"));
        QVERIFY(run(pdfinfo_, {letter}).out.contains("(letter)"));
        // Page numbers on every page.
        const int pages = QRegularExpression(QStringLiteral("Pages:\\s+(\\d+)"))
                              .match(QString::fromUtf8(run(pdfinfo_, {a4}).out))
                              .captured(1)
                              .toInt();
        QVERIFY(pages >= 3);
        QVERIFY(pdfText(a4).contains(QStringLiteral("page %1").arg(pages)));
    }

    void jsonAndMarkdownCarryTheSameFindings() {
        const QString log = path(QStringLiteral("skew"));
        const Run json = runStagelight(
            {QStringLiteral("report"), log, QStringLiteral("--format"), QStringLiteral("json")});
        QCOMPARE(json.exitCode, 0);
        const QJsonObject doc = QJsonDocument::fromJson(json.out).object();
        QCOMPARE(doc.value(QStringLiteral("schemaVersion")).toInt(), 1);
        const QJsonArray findings = doc.value(QStringLiteral("findings")).toArray();
        QVERIFY(!findings.isEmpty());
        QFile file(log);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QString sha = QString::fromLatin1(
            QCryptographicHash::hash(file.readAll(), QCryptographicHash::Sha256).toHex());
        QCOMPARE(doc.value(QStringLiteral("logFiles"))
                     .toArray()
                     .first()
                     .toObject()
                     .value(QStringLiteral("sha256"))
                     .toString(),
                 sha);
        const Run analysis =
            runStagelight({QStringLiteral("analyze"), log, QStringLiteral("--json")});
        const QJsonArray analyzed = QJsonDocument::fromJson(analysis.out)
                                        .object()
                                        .value(QStringLiteral("findings"))
                                        .toArray();
        QCOMPARE(findings.size(), analyzed.size());
        for (qsizetype i = 0; i < findings.size(); ++i)
            QCOMPARE(findings[i].toObject().value(QStringLiteral("id")),
                     analyzed[i].toObject().value(QStringLiteral("id")));
        // -o with a .md name writes Markdown (atomically) instead of printing it.
        const QString md = path(QStringLiteral("report.md"));
        QCOMPARE(runStagelight({QStringLiteral("report"), log, QStringLiteral("-o"), md}).exitCode,
                 0);
        QFile mdFile(md);
        QVERIFY(mdFile.open(QIODevice::ReadOnly));
        const QByteArray text = mdFile.readAll();
        QVERIFY(text.startsWith("# Stagelight report"));
        for (const QJsonValue& f : findings)
            QVERIFY(text.contains(f.toObject().value(QStringLiteral("id")).toString().toUtf8()));
    }

    void baselineAddsTheComparison() {
        auto salted = gen::makeScenario("skew");
        for (auto& stage : salted.jobs[0].stages) stage.skew = 1;
        const QString baseline = path(QStringLiteral("salted"));
        test::writeFile(baseline.toStdString(), gen::generateLogText(salted));
        const QString log = path(QStringLiteral("skew"));
        const QString pdf = path(QStringLiteral("compared.pdf"));
        const Run r = runStagelight({QStringLiteral("report"), log, QStringLiteral("--baseline"),
                                     baseline, QStringLiteral("-o"), pdf});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QString text = collapsed(pdfText(pdf));
        QVERIFY(text.contains(QStringLiteral("Compared with the baseline")));
        QVERIFY(text.contains(QStringLiteral("Explained mostly by")));
        QVERIFY(text.contains(QStringLiteral("salted")));
        const Run json =
            runStagelight({QStringLiteral("report"), log, QStringLiteral("--baseline"), baseline,
                           QStringLiteral("--format"), QStringLiteral("json")});
        const QJsonObject result = QJsonDocument::fromJson(json.out)
                                       .object()
                                       .value(QStringLiteral("comparison"))
                                       .toObject()
                                       .value(QStringLiteral("result"))
                                       .toObject();
        QCOMPARE(result.value(QStringLiteral("matches")).toArray().size(), 2);
        QVERIFY(result.value(QStringLiteral("summary"))
                    .toObject()
                    .value(QStringLiteral("wallDeltaMs"))
                    .toDouble() > 0);
        QCOMPARE(runStagelight({QStringLiteral("report"), log, QStringLiteral("--baseline"),
                                path(QStringLiteral("nope")), QStringLiteral("-o"), pdf})
                     .exitCode,
                 2);
    }

    void badArgumentsAreRefused() {
        const QString log = path(QStringLiteral("skew"));
        QCOMPARE(runStagelight({QStringLiteral("report")}).exitCode, 1);
        QCOMPARE(runStagelight({QStringLiteral("report"), log, QStringLiteral("--format"),
                                QStringLiteral("docx")})
                     .exitCode,
                 1);
        QCOMPARE(runStagelight({QStringLiteral("report"), log, QStringLiteral("--page"),
                                QStringLiteral("a3")})
                     .exitCode,
                 1);
        const Run missing = runStagelight({QStringLiteral("report"), path(QStringLiteral("nope"))});
        QCOMPARE(missing.exitCode, 2);
        QVERIFY(missing.err.contains("nope"));
        const Run unwritable = runStagelight({QStringLiteral("report"), log, QStringLiteral("-o"),
                                              path(QStringLiteral("no/such/dir/r.pdf"))});
        QCOMPARE(unwritable.exitCode, 2);
        QVERIFY(unwritable.err.contains("r.pdf"));
    }
};

QTEST_GUILESS_MAIN(Report)
#include "tst_report.moc"
