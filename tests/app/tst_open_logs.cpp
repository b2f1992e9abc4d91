// Opening logs (issue 17 §4): a directory of separate logs lists its applications and opens a
// chooser instead of merging them; a rolling or Databricks directory is still one application;
// a file without Spark events is an error, not an empty "(unnamed)" application; dropping a file
// or a directory on the window opens it.
#include <QApplication>

#include <QDir>
#include <QDropEvent>
#include <QFileInfo>
#include <QMenu>
#include <QMimeData>
#include <QPushButton>
#include <QSettings>
#include <QShortcut>
#include <QStandardPaths>
#include <QTableWidget>
#include <QTreeWidget>
#include <QHeaderView>
#include <QLineEdit>
#include <QElapsedTimer>
#include <QTimer>
#include <QtTest>
#include <algorithm>

#include "LogGenerator.h"
#include "SparkFraming.h"
#include "TestSupport.h"
#include "qt/LoadSession.h"
#include "diagnosis/DiagnosisView.h"
#include "gui/LogChooserDialog.h"
#include "qt/HistoryListModel.h"
#include "qt/HistoryScanner.h"
#include "tables/DataTableView.h"
#include "gui/MainWindow.h"
#include "gui/ShortcutsDialog.h"
#include "load/Loader.h"
#include "load/LogListing.h"

using namespace stagelight;
namespace fs = std::filesystem;

class OpenLogsTest : public QObject {
    Q_OBJECT
    QTemporaryDir tmp_;

    // A directory of three unrelated applications (one zstd-compressed, one without an end).
    fs::path severalLogs() {
        const fs::path dir = fs::path(tmp_.path().toStdString()) / "history";
        if (fs::exists(dir)) return dir;
        fs::create_directories(dir);
        auto a = gen::makeScenario("healthy");
        a.appId = "app-a";
        a.appName = "first <b>app</b>";
        test::writeFile(dir / "app-a", gen::generateLogText(a));
        auto b = gen::makeScenario("skew");
        b.appId = "app-b";
        b.startTime = a.startTime + 3'600'000;
        test::writeFile(dir / "app-b.zstd", gen::frame(Codec::Zstd, gen::generateLogText(b)));
        std::string c = gen::generateLogText(gen::makeScenario("tiny-tasks"));
        c = c.substr(0, c.find("SparkListenerApplicationEnd"));
        c = c.substr(0, c.rfind('\n') + 1);  // cut before the end event: still running
        test::writeFile(dir / "app-c.inprogress", c);
        test::writeFile(dir / "notes.txt", "not a log\n");
        return dir;
    }

private Q_SLOTS:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QSettings().clear();
    }

    void loaderListsTheApplicationsOfADirectory() {
        const fs::path dir = severalLogs();
        QVERIFY(isDirectoryOfLogs(dir));
        const std::vector<LogSummary> logs = listEventLogs(dir);
        QCOMPARE(logs.size(), size_t(3));  // notes.txt does not look like a log
        QCOMPARE(logs[0].appId, std::string("app-a"));
        QCOMPARE(logs[0].appName, std::string("first <b>app</b>"));
        QCOMPARE(logs[0].status(), std::string("completed"));
        QVERIFY(logs[0].durationMs() > 0);
        QCOMPARE(logs[1].appId, std::string("app-b"));
        QCOMPARE(logs[1].startMs - logs[0].startMs, int64_t(3'600'000));
        QCOMPARE(logs[1].status(), std::string("completed"));  // decoded to find the end
        QVERIFY(logs[1].bytes > 0 && logs[1].bytes == fs::file_size(dir / "app-b.zstd"));
        QCOMPARE(logs[2].status(), std::string("in progress"));
        QCOMPARE(logs[2].durationMs(), int64_t(-1));
        // Never merged: loading the directory is an error naming the logs.
        const LoadResult merged = loadEventLog(dir);
        QVERIFY(!merged.model);
        QVERIFY(merged.error.find("3 separate event logs") != std::string::npos);
        QVERIFY(merged.error.find("app-b.zstd") != std::string::npos);
        const std::string text = logListingText(logs);
        QVERIFY(text.find("app-a") != std::string::npos &&
                text.find("in progress") != std::string::npos);
    }

    void realDirectoriesOfLogsAreListed() {
        STAGELIGHT_REQUIRE_SHARED();
        // The review's case: 15 logs, two named eventlog-gpu-*.zstd, once merged as "Databricks".
        const fs::path dir =
            test::sharedDir() / "eventlogs/NVIDIA__spark-rapids-tools/spark-events-profiling";
        QVERIFY(isDirectoryOfLogs(dir));
        const auto logs = listEventLogs(dir);
        QCOMPARE(logs.size(), size_t(15));
        for (const LogSummary& l : logs) {
            QVERIFY2(!l.appId.empty() && l.startMs > 0, l.path.c_str());
            QCOMPARE(l.status(), std::string("completed"));
        }
        const auto nds = std::find_if(logs.begin(), logs.end(), [](const LogSummary& l) {
            return l.path.filename() == "nds_q66_gpu.zstd";
        });
        QVERIFY(nds != logs.end());
        QCOMPARE(nds->appId, std::string("application_1701368813061_0008"));
        QCOMPARE(nds->appName, std::string("NDS - Power Run"));
        QVERIFY(isDirectoryOfLogs(test::sharedDir() / "eventlogs/apache__spark/core/spark-events"));
    }

    void databricksAndRollingDirectoriesStayOneApplication() {
        const fs::path rolling = fs::path(tmp_.path().toStdString()) / "eventlog_v2_app-r";
        fs::create_directories(rolling);
        test::writeFile(rolling / "events_1_app-r",
                        gen::generateLogText(gen::makeScenario("healthy")));
        test::writeFile(rolling / "appstatus_app-r", "");
        QVERIFY(!isDirectoryOfLogs(rolling));
        QVERIFY(loadEventLog(rolling).model);
        const fs::path databricks = fs::path(tmp_.path().toStdString()) / "databricks";
        fs::create_directories(databricks);
        const std::string text = gen::generateLogText(gen::makeScenario("healthy"));
        const size_t half = text.find('\n', text.size() / 2) + 1;
        test::writeFile(databricks / "eventlog-2021-06-15--15-00.gz",
                        gen::frame(Codec::Gzip, text.substr(0, half)));
        test::writeFile(databricks / "eventlog", text.substr(half));
        QVERIFY(!isDirectoryOfLogs(databricks));
        const LoadResult one = loadEventLog(databricks);
        QVERIFY(one.model);
        QCOMPARE(one.model->source.parts.size(), size_t(2));
        // Files merely named eventlog-* (no rotation date) are separate logs.
        const fs::path named = fs::path(tmp_.path().toStdString()) / "named";
        fs::create_directories(named);
        test::writeFile(named / "eventlog-gpu-a.zstd", gen::frame(Codec::Zstd, text));
        test::writeFile(named / "eventlog-gpu-b.zstd", gen::frame(Codec::Zstd, text));
        QVERIFY(isDirectoryOfLogs(named));
        QVERIFY(!loadEventLog(named).model);
    }

    void aDirectoryOfLogsOpensTheChooser() {
        const fs::path dir = severalLogs();
        MainWindow w;
        QSignalSpy chooser(&w, &MainWindow::logChooserShown);
        QSignalSpy shown(&w, &MainWindow::modelShown);
        QSignalSpy failed(&w, &MainWindow::loadFinishedWithError);
        w.show();
        w.openLog(QString::fromStdString(dir.string()));
        QCOMPARE(chooser.size(), 1);  // at once: the listing reads only the heads
        auto* dialog = w.findChild<LogChooserDialog*>();
        QVERIFY(dialog && dialog->isVisible());
        HistoryListModel* list = dialog->model();
        QTRY_COMPARE_WITH_TIMEOUT(list->rowCount(), 3, 10000);  // the heads, read on a worker
        auto cell = [&](const QString& file, int column) -> QString {
            for (int r = 0; r < list->rowCount(); ++r)
                if (list->index(r, HistoryListModel::File).data().toString() == file)
                    return list->index(r, column).data().toString();
            return QStringLiteral("(no such row)");
        };
        QCOMPARE(cell(QStringLiteral("app-a"), HistoryListModel::AppId), QStringLiteral("app-a"));
        // The name from the log is plain item text: shown as typed, never as markup.
        QCOMPARE(cell(QStringLiteral("app-a"), HistoryListModel::Name),
                 QStringLiteral("first <b>app</b>"));
        QCOMPARE(cell(QStringLiteral("app-c.inprogress"), HistoryListModel::Status),
                 QStringLiteral("in progress"));
        QCOMPARE(cell(QStringLiteral("app-c.inprogress"), HistoryListModel::Duration),
                 QStringLiteral("—"));
        // Listed newest first.
        QCOMPARE(dialog->table()->model()->index(0, HistoryListModel::AppId).data().toString(),
                 QStringLiteral("app-b"));
        // The costliest finding of each, found in the background.
        QTRY_COMPARE_WITH_TIMEOUT(list->diagnosed(), 3, 30000);
        QVERIFY(cell(QStringLiteral("app-a"), HistoryListModel::TopFindingColumn) !=
                QStringLiteral("diagnosing…"));
        // The filter narrows the list by any column.
        QLineEdit* filter = dialog->findChild<QLineEdit*>();
        filter->setText(QStringLiteral("app-c"));
        QCOMPARE(dialog->table()->model()->rowCount(), 1);
        filter->clear();
        dialog->choose({QStringLiteral("app-b.zstd")});
        QCOMPARE(dialog->chosenPaths().size(), 1);
        dialog->accept();
        QVERIFY(shown.wait(30000));
        QCOMPARE(failed.size(), 0);
        QCOMPARE(w.currentModel()->application.id, std::string("app-b"));
        QCOMPARE(w.recentFiles().value(0), QString::fromStdString((dir / "app-b.zstd").string()));
    }

    void twoChosenLogsOpenAsAComparison() {
        const fs::path dir = severalLogs();
        MainWindow w;
        QSignalSpy chooser(&w, &MainWindow::logChooserShown);
        QSignalSpy analysed(&w, &MainWindow::analysisShown);
        w.show();
        w.openLog(QString::fromStdString(dir.string()));
        auto* dialog = w.findChild<LogChooserDialog*>();
        QVERIFY(dialog);
        QTRY_COMPARE_WITH_TIMEOUT(dialog->model()->rowCount(), 3, 10000);
        dialog->choose({QStringLiteral("app-a"), QStringLiteral("app-b.zstd")});
        QCOMPARE(dialog->findChild<QPushButton*>(QStringLiteral("logChooserOpen"))->text(),
                 QStringLiteral("Compare"));
        const QStringList paths = dialog->chosenPaths();
        QCOMPARE(paths.size(), 2);
        QVERIFY(paths.first().endsWith(QStringLiteral("app-a")));  // the earlier: the baseline
        dialog->accept();
        QVERIFY(analysed.wait(30000));
        auto* baseline = w.findChild<LoadSession*>(QStringLiteral("baselineSession"));
        QTRY_VERIFY_WITH_TIMEOUT(baseline->model() != nullptr, 30000);
        QCOMPARE(baseline->model()->application.id, std::string("app-a"));
        QCOMPARE(w.currentModel()->application.id, std::string("app-b"));
    }

    void aDirectoryOfThousandsOfLogsStaysResponsive() {
        // 3,000 logs: the browser opens at once, rows arrive in batches, and the window's
        // event loop never stalls while the heads are read and the logs diagnosed.
        const fs::path dir = fs::path(tmp_.path().toStdString()) / "thousands";
        fs::create_directories(dir);
        for (int i = 0; i < 3000; ++i) {
            const std::string id = "app-" + std::to_string(100000 + i);
            test::writeFile(dir / id,
                            std::string(test::kLogStart).replace(
                                std::string(test::kLogStart).find("app-1"), 5, id) +
                                R"({"Event":"SparkListenerApplicationEnd","Timestamp":)" +
                                std::to_string(2000 + i) + "}\n");
        }
        MainWindow w;
        QSignalSpy chooser(&w, &MainWindow::logChooserShown);
        w.show();
        QElapsedTimer clock;
        clock.start();
        w.openLog(QString::fromStdString(dir.string()));
        QCOMPARE(chooser.size(), 1);
        QVERIFY2(clock.elapsed() < 1000, qPrintable(QString::number(clock.elapsed())));
        auto* dialog = w.findChild<LogChooserDialog*>();
        QSignalSpy listed(dialog->scanner(), &HistoryScanner::listingDone);
        qint64 last = clock.elapsed(), longestStall = 0;
        QTimer tick;
        connect(&tick, &QTimer::timeout, this, [&] {
            longestStall = std::max(longestStall, clock.elapsed() - last);
            last = clock.elapsed();
        });
        tick.start(20);
        QTRY_VERIFY_WITH_TIMEOUT(dialog->model()->rowCount() > 0, 5000);
        QVERIFY(listed.wait(60000));
        QCOMPARE(dialog->model()->rowCount(), 3000);
        QTRY_VERIFY_WITH_TIMEOUT(dialog->model()->diagnosed() > 100, 60000);
        qInfo("3,000 logs listed in %lld ms; the event loop's longest stall %lld ms",
              clock.elapsed(), longestStall);
        QVERIFY2(longestStall < 500, qPrintable(QString::number(longestStall)));
        dialog->reject();  // stops the background diagnosis
    }

    void aTextFileOrAnEmptyFileIsAnError() {
        const QString text = tmp_.filePath(QStringLiteral("readme.txt"));
        const QString empty = tmp_.filePath(QStringLiteral("empty"));
        test::writeFile(text.toStdString(), "This is a text file.\nNot JSON at all.\n");
        test::writeFile(empty.toStdString(), "");
        for (const QString& path : {text, empty}) {
            MainWindow w;
            QSignalSpy failed(&w, &MainWindow::loadFinishedWithError);
            QSignalSpy shown(&w, &MainWindow::modelShown);
            auto* diagnosis = w.findChild<DiagnosisView*>();
            QVERIFY(diagnosis);
            w.openLog(path);
            // The landing page says the log is being read, then no log is open again.
            QVERIFY2(diagnosis->headline().startsWith(QStringLiteral("Reading the log")),
                     qPrintable(diagnosis->headline()));
            QVERIFY(failed.wait(10000));
            QCOMPARE(diagnosis->headline(), QStringLiteral("No log open"));
            const QString message = failed.first().first().toString();
            QVERIFY2(message.contains(QStringLiteral("no Spark events could be read")),
                     qPrintable(message));
            QVERIFY(message.contains(path));
            QCOMPARE(shown.size(), 0);
            QVERIFY(!w.currentModel());
        }
    }

    void droppingAFileOrADirectoryOpensIt() {
        const QString log = tmp_.filePath(QStringLiteral("dropped.json"));
        auto config = gen::makeScenario("healthy");
        config.appId = "app-dropped";
        test::writeFile(log.toStdString(), gen::generateLogText(config));
        MainWindow w;
        QSignalSpy shown(&w, &MainWindow::modelShown);
        QSignalSpy chooser(&w, &MainWindow::logChooserShown);
        w.show();
        auto drop = [&](const QString& path) {
            QMimeData mime;
            mime.setUrls({QUrl::fromLocalFile(path)});
            const QPoint at(w.width() / 2, w.height() / 2);
            QDragEnterEvent enter(at, Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
            QApplication::sendEvent(&w, &enter);
            QVERIFY(enter.isAccepted());
            QDropEvent dropped(QPointF(at), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
            QApplication::sendEvent(&w, &dropped);
        };
        drop(log);
        QVERIFY(shown.wait(30000));
        QCOMPARE(w.currentModel()->application.id, std::string("app-dropped"));
        drop(QString::fromStdString(severalLogs().string()));  // a directory of logs: the chooser
        QCOMPARE(chooser.size(), 1);
    }

    void openRecentHasClearAndExportNamesDropTheExtension() {
        const QString log = tmp_.filePath(QStringLiteral("nightly.zstd"));
        test::writeFile(
            log.toStdString(),
            gen::frame(Codec::Zstd, gen::generateLogText(gen::makeScenario("healthy"))));
        MainWindow w;
        QSignalSpy shown(&w, &MainWindow::modelShown);
        w.show();
        w.openLog(log);
        QVERIFY(shown.wait(30000));
        QCOMPARE(w.recentFiles().value(0), log);
        QMenu* recent = nullptr;
        for (QMenu* m : w.findChildren<QMenu*>())
            if (m->title() == QStringLiteral("Open &Recent")) recent = m;
        QVERIFY(recent);
        QAction* clear = nullptr;
        for (QAction* a : recent->actions())
            if (a->text() == QStringLiteral("&Clear recent")) clear = a;
        QVERIFY(clear);
        QVERIFY(recent->actions().first()->text().startsWith(QStringLiteral("&1 ")));  // numbered
        // The file with its folder, not an absolute path running off the screen; the whole
        // path is the status tip.
        const QString folder = QFileInfo(log).dir().dirName();
        QCOMPARE(recent->actions().first()->text(),
                 QStringLiteral("&1  %1/nightly.zstd").arg(folder));
        QCOMPARE(recent->actions().first()->statusTip(), log);
        clear->trigger();
        QVERIFY(w.recentFiles().isEmpty());
        QVERIFY(!recent->isEnabled());
        QCOMPARE(exportBaseName(log), QStringLiteral("nightly"));
        QCOMPARE(exportBaseName(QStringLiteral("/l/app-1.json.inprogress")),
                 QStringLiteral("app-1"));
        QCOMPARE(exportBaseName(QStringLiteral("/l/eventlog_v2_local-1/")),
                 QStringLiteral("eventlog_v2_local-1"));
        QCOMPARE(exportBaseName(QStringLiteral("/l/application_1_0001")),
                 QStringLiteral("application_1_0001"));
    }

    void keyboardShortcutsListsEveryShortcut() {
        MainWindow w;
        w.show();
        QAction* sheet = nullptr;
        for (QAction* a : w.findChildren<QAction*>())
            if (a->text() == QStringLiteral("&Keyboard shortcuts")) sheet = a;
        QVERIFY(sheet);
        sheet->trigger();
        auto* dialog = w.findChild<ShortcutsDialog*>();
        QVERIFY(dialog && dialog->isVisible());
        QStringList keys;
        for (int r = 0; r < dialog->table()->rowCount(); ++r)
            keys << dialog->table()->item(r, 2)->text();
        QStringList rows;
        for (int r = 0; r < dialog->table()->rowCount(); ++r)
            rows << dialog->table()->item(r, 0)->text() + QLatin1Char('|') +
                        dialog->table()->item(r, 1)->text() + QLatin1Char('|') +
                        dialog->table()->item(r, 2)->text();
        int withShortcut = 0;
        for (QAction* a : w.findChildren<QAction*>())
            if (!a->shortcut().isEmpty()) {
                ++withShortcut;
                QVERIFY2(keys.contains(a->shortcut().toString(QKeySequence::NativeText)),
                         qPrintable(a->text()));
            }
        QVERIFY(withShortcut >= 8);  // Open, Open directory, Compare, Export, Reload, Quit, Find...
        // Every QShortcut (the plan search's keys, Escape in the filters) with what it does.
        int fieldKeys = 0;
        for (QShortcut* k : w.findChildren<QShortcut*>()) {
            ++fieldKeys;
            const QString row = k->property("where").toString() + QLatin1Char('|') +
                                k->whatsThis() + QLatin1Char('|') +
                                k->key().toString(QKeySequence::NativeText);
            QVERIFY2(rows.contains(row), qPrintable(row));
            QVERIFY(!k->whatsThis().isEmpty());
        }
        QVERIFY(fieldKeys >= 5);
        const QString all = rows.join(QLatin1Char('\n'));
        for (const QString& key :
             {QStringLiteral("Return"), QStringLiteral("Shift+Return"), QStringLiteral("Esc")})
            QVERIFY2(keys.contains(QKeySequence(key).toString(QKeySequence::NativeText)),
                     qPrintable(key));
        QVERIFY2(all.contains(QStringLiteral("SQL view|Find in the plan")), qPrintable(all));
        QVERIFY(keys.contains(QStringLiteral("Home")));  // the views' own keys too
        QVERIFY(keys.contains(QStringLiteral("Backspace")));
        // The product's word is "finding".
        QVERIFY(!all.contains(QStringLiteral("Alert")));
        QVERIFY(all.contains(QStringLiteral("Findings|")));
    }
};

QTEST_MAIN(OpenLogsTest)
#include "tst_open_logs.moc"
