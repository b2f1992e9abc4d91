// Big values: a 50 MB application name, a StageSubmitted with 100,000 RDD infos, 200 levels of
// nesting inside an accumulable, invalid UTF-8 on every line. Every name and text from the log
// is elided past a few hundred bytes (with its length) wherever it is drawn or laid out, and the
// work per event stays bounded: each view, the report and every command finish in seconds.
#include <QtTest>

#include <chrono>

#include "HostileLogs.h"
#include "HostileRun.h"
#include "HostileViews.h"
#include "TestSupport.h"
#include "load/Loader.h"
#include "qt/PlainText.h"
#include "text/Elide.h"

using namespace stagelight;
namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

class HostileValues : public QObject {
    Q_OBJECT
    QTemporaryDir tmp_;
    fs::path write(const std::string& name, const std::string& text) {
        return test::writeIn(tmp_, name, text);
    }
    ModelPtr load(const fs::path& p) {
        LoadResult r = loadEventLog(p);
        if (!r.model) qWarning("%s", r.error.c_str());
        return ModelPtr(std::move(r.model));
    }
    // Loads, analyzes, draws every view and runs every command in process, timed.
    double everything(const fs::path& p) {
        const auto started = Clock::now();
        const ModelPtr model = load(p);
        if (!model) return -1;
        const AnalysisPtr analysis = std::make_shared<const Analysis>(analyze(*model, {}));
        test::runEveryCommand(model, analysis);
        test::drawEveryView(model, analysis, 3);
        return std::chrono::duration<double>(Clock::now() - started).count();
    }

    // `report` through the executable: the PDF path with its charts and layout.
    bool pdfReportFinishes(const fs::path& p) {
        const test::CliRun pdf =
            test::runCli({QStringLiteral("report"), QString::fromStdString(p.string()),
                          QStringLiteral("-o"), tmp_.filePath(QStringLiteral("out.pdf"))});
        qInfo("report -o out.pdf: %.1f s", pdf.seconds);
        return pdf.finishedNormally() && pdf.exitCode == 0 && pdf.seconds < 30;
    }

private Q_SLOTS:
    void elisionKeepsTheLength() {
        QCOMPARE(elide("short"), std::string("short"));
        const std::string big(52428800, 'x');
        const std::string shown = elide(big);
        QVERIFY(shown.size() < kShownTextBytes + 40);
        QVERIFY(shown.ends_with("… (52,428,800 bytes)"));
        // Never cut inside a UTF-8 sequence.
        const std::string e = elide(std::string(299, 'a') + "é" + std::string(10, 'b'));
        QVERIFY(e.starts_with(std::string(299, 'a') + "…"));
        QVERIFY(logText(big).size() < 400);
        QVERIFY(plainTooltip(QString(100000, u'y')).size() < 2200);
    }

    void hugeApplicationName() {
        const fs::path p = write("name.json", test::withAppName(size_t(50) << 20));
        const double seconds = everything(p);
        QVERIFY(seconds >= 0);
        qInfo("50 MB name: every view and command in %.1f s", seconds);
        QVERIFY2(seconds < 60, "a 50 MB name costs more than reading it");
        // The report shows its start and its length, not 50 MB.
        const ModelPtr model = load(p);
        const Analysis a = analyze(*model, {});
        const std::string md = reportText(model, a, ReportFormat::Markdown);
        QVERIFY(md.size() < (size_t(1) << 20));
        QVERIFY(md.find("(52,428,800 bytes)") != std::string::npos);
        QVERIFY(pdfReportFinishes(p));
    }

    void stageWithManyRdds() {
        const fs::path p = write("rdds.json", test::withRdds(100000));
        const double seconds = everything(p);
        QVERIFY(seconds >= 0);
        qInfo("100,000 RDD infos: every view and command in %.1f s", seconds);
        QVERIFY2(seconds < 60, "one stage's RDD infos cost more than reading them");
        QVERIFY(pdfReportFinishes(p));
    }

    void deepNestingAndInvalidUtf8() {
        for (const auto& [name, text] :
             {std::pair{std::string("deep.json"), test::withDeepAccumulables(200)},
              std::pair{std::string("utf8.json"), test::withInvalidUtf8Everywhere()}}) {
            const fs::path p = write(name, text);
            const ModelPtr model = load(p);
            QVERIFY(model);
            QVERIFY2(model->tasks.size() > 0, name.c_str());  // the events still load
            const double seconds = everything(p);
            QVERIFY(seconds >= 0 && seconds < 60);
            for (const QStringList& args :
                 {QStringList{QStringLiteral("summary"), QString::fromStdString(p.string())},
                  QStringList{QStringLiteral("analyze"), QString::fromStdString(p.string())},
                  QStringList{QStringLiteral("report"), QString::fromStdString(p.string()),
                              QStringLiteral("--format"), QStringLiteral("json")}}) {
                const test::CliRun run = test::runCli(args);
                QVERIFY(run.finishedNormally());
                QCOMPARE(run.exitCode, 0);
            }
        }
    }
};

QTEST_MAIN(HostileValues)
#include "tst_hostile_values.moc"
