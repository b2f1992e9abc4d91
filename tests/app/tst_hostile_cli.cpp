// The command line against hostile logs: newlines in names cannot break out of the Markdown
// report's code blocks or headings (../shared/findings/markdown-newline-escape.log and an inline
// equivalent); terminal escape sequences in log text are printed escaped by summary, analyze,
// compare and the Markdown report; analyze and rest exit 2 when nothing could be read; rest prints
// the load warnings and refuses quantiles that are NaN or outside 0-1, as the History Server does.
#include <QtTest>

#include "HostileRun.h"
#include "LogGenerator.h"
#include "TestSupport.h"

using namespace stagelight;
namespace fs = std::filesystem;

namespace {

const char* const kPayload =
    "ok\n\n<img src=x onerror=alert(1)>\n\n[click me](http://evil.example/)\n\n# INJECTED\r\n"
    "```\n<b>x</b>";

// Markdown that shows the payload as text: outside indented code blocks no raw HTML, no link,
// no heading or fence made by the log.
QString markdownBreakout(const QByteArray& md) {
    bool blank = true, inCode = false;
    int n = 0;
    for (const QByteArray& line : md.split('\n')) {
        ++n;
        if (line.startsWith("    ") && (blank || inCode)) {
            inCode = true;
            continue;
        }
        inCode = false;
        blank = line.trimmed().isEmpty();
        if (line.contains("<img") || line.contains("<b>") || line.contains("[click me]") ||
            line.startsWith("# INJECTED") || line.startsWith("```") || line.contains('\r'))
            return QStringLiteral("line %1: %2").arg(n).arg(QString::fromUtf8(line));
    }
    return {};
}

}  // namespace

class HostileCli : public QObject {
    Q_OBJECT
    QTemporaryDir tmp_;
    QString write(const std::string& name, const std::string& text) {
        const fs::path p = fs::path(tmp_.path().toStdString()) / name;
        test::writeFile(p, text);
        return QString::fromStdString(p.string());
    }

private Q_SLOTS:
    void markdownKeepsLogTextInside_data() {
        QTest::addColumn<QString>("log");
        auto config = gen::makeScenario("cartesian");  // its finding quotes SQL and plan nodes
        config.appName = std::string("APP ") + kPayload;
        config.user = std::string("USER ") + kPayload;
        for (auto& job : config.jobs) {
            job.description = std::string("JOB ") + kPayload;
            for (auto& stage : job.stages) stage.name = std::string("STAGE ") + kPayload;
        }
        QTest::newRow("inline") << write("payload.json", gen::generateLogText(config));
        const fs::path shared = test::sharedDir() / "findings/markdown-newline-escape.log";
        if (fs::exists(shared))
            QTest::newRow("shared finding") << QString::fromStdString(shared.string());
        else if (test::runningInCi())
            QTest::newRow("shared finding (missing)") << QString();
    }

    void markdownKeepsLogTextInside() {
        QFETCH(QString, log);
        if (log.isEmpty()) QFAIL("../shared/findings/markdown-newline-escape.log missing, CI=true");
        const test::CliRun r = test::runCli(
            {QStringLiteral("report"), log, QStringLiteral("--format"), QStringLiteral("md")});
        QVERIFY(r.finishedNormally());
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.contains("INJECTED"));  // shown, as text
        const QString breakout = markdownBreakout(r.out);
        QVERIFY2(breakout.isEmpty(), qPrintable(breakout));
    }

    void terminalEscapesArePrintedEscaped() {
        auto config = gen::makeScenario("skew");
        config.appName =
            "app \x1b]0;owned\x07 \x1b[2J\x1b[31mred \xc2\x9b"
            "31m end";
        for (auto& job : config.jobs)
            for (auto& stage : job.stages) stage.name = "stage \x1b[1A\x1b[2K";
        const QString log =
            write("escapes.json", gen::generateLogText(config) + "{\"Event\":\"\x1b[31mBogus\"}\n");
        for (const char* command : {"summary", "analyze"}) {
            const test::CliRun r = test::runCli({QLatin1String(command), log});
            QCOMPARE(r.exitCode, 0);
            QVERIFY2(!r.out.contains('\x1b') && !r.err.contains('\x1b'), command);
            QVERIFY(!r.out.contains("\xc2\x9b"));
            QVERIFY(!r.out.contains('\x07'));
            if (QLatin1String(command) == QLatin1String("summary")) {
                QVERIFY(r.out.contains("\\x1b]0;owned\\x07"));  // shown, escaped
                QVERIFY(r.out.contains("\\u009b"));
            }
        }
        // compare's text and the Markdown report (on stdout or `cat`) quote the same names.
        for (const QStringList& args :
             {QStringList{QStringLiteral("compare"), log, log},
              QStringList{QStringLiteral("report"), log, QStringLiteral("--format"),
                          QStringLiteral("md")}}) {
            const test::CliRun r = test::runCli(args);
            QCOMPARE(r.exitCode, 0);
            QVERIFY2(!r.out.contains('\x1b') && !r.out.contains("\xc2\x9b"),
                     qPrintable(args.first()));
            QVERIFY(r.out.contains("x1b"));  // shown, escaped
        }
        // JSON stays JSON: the escapes are JSON escapes there.
        const test::CliRun json =
            test::runCli({QStringLiteral("summary"), log, QStringLiteral("--json")});
        QVERIFY(!json.out.contains('\x1b'));
    }

    void nothingReadExitsTwo() {
        const QString empty = write("empty", "");
        const QString text = write("notes.txt", "just some notes\nnot a log\n");
        // JSON lines with an "Event" that is no Spark event: another tool's file.
        const QString other =
            write("clicks.json", "{\"Event\":\"click\",\"x\":1}\n{\"Event\":\"scroll\"}\n");
        for (const QString& log : {empty, text, other}) {
            for (const QStringList& args :
                 {QStringList{QStringLiteral("summary"), log},
                  QStringList{QStringLiteral("analyze"), log},
                  QStringList{QStringLiteral("report"), log, QStringLiteral("--format"),
                              QStringLiteral("json")},
                  QStringList{QStringLiteral("rest"), log, QStringLiteral("applications")}}) {
                const test::CliRun r = test::runCli(args);
                QVERIFY(r.finishedNormally());
                QVERIFY2(r.exitCode == 2, qPrintable(args.join(u' ') + QStringLiteral(" exited ") +
                                                     QString::number(r.exitCode)));
                QVERIFY(r.err.contains("no Spark events"));
            }
        }
    }

    void restPrintsWarningsAndRefusesBadQuantiles() {
        const std::string log = gen::generateLogText(gen::makeScenario("healthy"));
        const QString damaged = write("damaged.json", log + "{oops\n");
        const test::CliRun r =
            test::runCli({QStringLiteral("rest"), damaged, QStringLiteral("applications")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.err.contains("warning") && r.err.contains("malformed"), r.err.constData());
        const std::string app = "applications/app-20260101120000-0001/stages/0/0/taskSummary";
        for (const char* q : {"NaN", "nan", "-0.5", "1.5", "inf", "0.5,2"}) {
            const test::CliRun bad = test::runCli(
                {QStringLiteral("rest"), damaged, QString::fromStdString(app + "?quantiles=" + q)});
            QVERIFY2(bad.exitCode == 1, q);
            QVERIFY(bad.err.contains("quantiles"));
        }
        const test::CliRun good = test::runCli(
            {QStringLiteral("rest"), damaged, QString::fromStdString(app + "?quantiles=0,0.5,1")});
        QCOMPARE(good.exitCode, 0);
    }
};

QTEST_GUILESS_MAIN(HostileCli)
#include "tst_hostile_cli.moc"
