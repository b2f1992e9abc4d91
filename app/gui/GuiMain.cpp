// The desktop application: opens the log given on the command line, or the bundled demo log.
// `--screenshot PNG` renders the window once the log is shown and exits (used to look at the UI
// headless and in tests); `--size WxH` opens the window at that size (at most the screen's);
// with a screenshot, `--finding N` chooses the N-th finding first and `--raise NAME` raises a
// dock (sql, tasks, appTimeline, …: its object name without "Dock", in any case), after the
// finding's own docks; an unknown NAME is a usage error listing the names.
#include <QApplication>
#include <QDialog>
#include <QDir>
#include <QFileInfo>
#include <QIcon>
#include <QDockWidget>
#include <QTableView>
#include <QTimer>
#include <QDeadlineTimer>

#include <cstdio>

#include "gui/MainWindow.h"
#include "net/HistoryServerDownload.h"
#include "qt/HistoryScanner.h"
#include "dag/PlanGraphView.h"
#include "gui/LogChooserDialog.h"

namespace {

// The dock `--raise NAME` names (its object name without "Dock", any case), or null.
QDockWidget* dockNamed(const stagelight::MainWindow& window, const QString& name) {
    for (QDockWidget* d : window.findChildren<QDockWidget*>())
        if (d->objectName().compare(name + QStringLiteral("Dock"), Qt::CaseInsensitive) == 0)
            return d;
    return nullptr;
}

QString dockNames(const stagelight::MainWindow& window) {
    QStringList names;
    for (const QDockWidget* d : window.findChildren<QDockWidget*>())
        names << d->objectName().chopped(4);  // without "Dock"
    return names.join(QStringLiteral(", "));
}

QString demoLogPath() {
    const QString installed = QCoreApplication::applicationDirPath() +
                              QStringLiteral("/../share/stagelight/demo/nightly-sales-rollup.zstd");
    if (QFileInfo::exists(installed)) return QDir::cleanPath(installed);
    return QStringLiteral(STAGELIGHT_DEMO_LOG_SOURCE);
}

}  // namespace

int runGui(int argc, char** argv) {
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("Stagelight"));
    QApplication::setOrganizationName(QStringLiteral("Stagelight"));
    QApplication::setApplicationVersion(QStringLiteral(STAGELIGHT_VERSION_STRING));
    QApplication::setDesktopFileName(QStringLiteral("org.stagelight.Stagelight"));
    QIcon icon;  // the sizes rendered from the SVG at build time (app/CMakeLists.txt)
    for (int size : {16, 24, 32, 48, 64, 128, 256})
        icon.addFile(QStringLiteral(":/icons/%1x%1/org.stagelight.Stagelight.png").arg(size));
    QApplication::setWindowIcon(
        QIcon::fromTheme(QStringLiteral("org.stagelight.Stagelight"), icon));
    QString screenshot, raise;
    int finding = -1;
    QSize size;
    QStringList logs;  // LOG, or BASELINE TRIAL to compare two runs
    const QStringList args = QApplication::arguments().mid(1);
    for (int i = 0; i < args.size(); ++i) {
        if (args[i] == QLatin1String("--screenshot") && i + 1 < args.size())
            screenshot = args[++i];
        else if (args[i] == QLatin1String("--raise") && i + 1 < args.size())
            raise = args[++i];
        else if (args[i] == QLatin1String("--finding") && i + 1 < args.size())
            finding = args[++i].toInt() - 1;
        else if (args[i] == QLatin1String("--size") && i + 1 < args.size()) {
            const QStringList wh = args[++i].split(QLatin1Char('x'));
            if (wh.size() == 2) size = QSize(wh[0].toInt(), wh[1].toInt());
        } else
            logs.push_back(args[i]);
    }
    if (logs.isEmpty()) logs.push_back(demoLogPath());
    stagelight::MainWindow window;
    QDockWidget* raised = raise.isEmpty() ? nullptr : dockNamed(window, raise);
    if (!raise.isEmpty() && !raised) {
        std::fprintf(stderr, "stagelight: --raise %s: no such dock; one of: %s\n",
                     qPrintable(raise), qPrintable(dockNames(window)));
        return 1;
    }
    if (size.isValid()) window.fitToScreen(size);
    if (!screenshot.isEmpty()) {
        // A directory of several logs shows the chooser instead: that is what is on screen.
        QObject::connect(&window, &stagelight::MainWindow::logChooserShown, &window,
                         [&](QDialog* chooser) {
                             // The browser once its background diagnosis is done (at most
                             // 30 s): as a user sees it after a moment.
                             auto* browser = qobject_cast<stagelight::LogChooserDialog*>(chooser);
                             const QDeadlineTimer deadline(browser ? 30000 : 200);
                             auto* poll = new QTimer(chooser);
                             QObject::connect(poll, &QTimer::timeout, chooser, [&, chooser, browser, poll, deadline] {
                                 const bool busy = browser && browser->scanner()->isRunning();
                                 if ((busy || !browser) && !deadline.hasExpired()) return;
                                 poll->stop();
                                 QApplication::sendPostedEvents();  // pending layouts first
                                 QApplication::processEvents();
                                 const bool ok = chooser->grab().save(screenshot);
                                 std::fprintf(stderr, ok ? "saved %s\n" : "could not save %s\n",
                                              qPrintable(screenshot));
                                 QApplication::exit(ok ? 0 : 2);
                             });
                             poll->start(100);
                         });
        QObject::connect(&window, &stagelight::MainWindow::analysisShown, &window, [&] {
            auto* findings = window.findChild<QTableView*>(QStringLiteral("alertTable"));
            if (finding >= 0 && findings && finding < findings->model()->rowCount())
                findings->setCurrentIndex(findings->model()->index(finding, 0));
            // After the finding, which raises the docks of its evidence: the explicit one wins.
            if (raised) raised->raise();
            // After a moment, and once the plans being laid out on workers are drawn (at most
            // 20 s): the window as a user sees it.
            const QDeadlineTimer deadline(20000);
            auto* poll = new QTimer(&window);
            QObject::connect(poll, &QTimer::timeout, &window, [&, poll, deadline] {
                bool pending = false;
                for (const auto* plan : window.findChildren<stagelight::PlanGraphView*>())
                    pending = pending || (plan->isVisible() && plan->layoutPending());
                if (pending && !deadline.hasExpired()) return;
                poll->stop();
                if (raised) {
                    raised->raise();
                    // Said, so a script (and the test) knows the dock asked for is in view.
                    if (raised->isVisible())
                        std::fprintf(stderr, "raised %s\n", qPrintable(raised->objectName()));
                }
                QApplication::sendPostedEvents();
                QApplication::processEvents();
                const bool ok = window.grab().save(screenshot);
                std::fprintf(stderr, ok ? "saved %s\n" : "could not save %s\n",
                             qPrintable(screenshot));
                QApplication::exit(ok ? 0 : 2);
            });
            QTimer::singleShot(400, poll, [poll] { poll->start(100); });
        });
        const auto fail = [](const QString& m) {
            std::fprintf(stderr, "%s\n", qPrintable(m));
            QApplication::exit(2);
        };
        QObject::connect(&window, &stagelight::MainWindow::loadFinishedWithError, &window, fail);
        QObject::connect(&window, &stagelight::MainWindow::analysisFailed, &window, fail);
    }
    window.show();
    if (stagelight::net::looksLikeUrl(logs.last().toStdString()))
        window.openUrl(logs.last());  // a History Server's application
    else
        window.openLog(logs.last());
    if (logs.size() > 1) window.compareWith(logs.first());
    return QApplication::exec();
}
