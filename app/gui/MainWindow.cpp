#include "gui/MainWindow.h"

#include <QCloseEvent>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QGuiApplication>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QMimeData>
#include <QProgressBar>
#include <QPushButton>
#include <QScreen>
#include <QScrollArea>
#include <QSettings>
#include <QSplitter>
#include <QStatusBar>
#include <QTabBar>
#include <QTime>
#include <QToolBar>

#include "diagnosis/DiagnosisView.h"
#include "gui/AppDocks.h"
#include "gui/ComparisonPanel.h"
#include "gui/DetailPanels.h"
#include "gui/EvidencePanel.h"
#include "gui/LogChooserDialog.h"
#include "gui/Navigator.h"
#include "gui/OverviewPanel.h"
#include "gui/StageDocks.h"
#include "gui/UrlOpener.h"
#include "load/LogListing.h"
#include "tables/DataTableView.h"
#include "text/Elide.h"
#include "text/Format.h"

namespace stagelight {

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent),
      session_(new LoadSession(this)),
      baselineSession_(new LoadSession(this)),
      urlOpener_(new UrlOpener(this)),
      navigator_(new Navigator(session_, this)),
      filter_(new QLineEdit(this)),
      status_(new QLabel(this)),
      progress_(new QProgressBar(this)),
      cancel_(new QPushButton(tr("Cancel"), this)) {
    setWindowTitle(tr("Stagelight"));
    session_->setObjectName(QStringLiteral("session"));
    baselineSession_->setObjectName(QStringLiteral("baselineSession"));
    setAcceptDrops(true);
    // The answer first: the Diagnosis view is the landing page and the largest area; the docks
    // around it are its evidence.
    setCentralWidget(new DiagnosisPanel(session_, navigator_, this));

    createActions();
    createDocks();
    createMenus();
    // The shipped layout at a size that fits the screen, then the user's last one (clamped to
    // the screen: a layout saved on a bigger monitor must not push the window off this one).
    fitToScreen(QSize(1400, 900));
    defaultLayout_ = saveState(kLayoutVersion);
    QSettings settings;
    restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray());
    // A layout saved by a version with other docks is not applied (the default shows instead).
    restoreState(settings.value(QStringLiteral("window/layout")).toByteArray(), kLayoutVersion);
    fitToScreen(size());
    // The rules last chosen in Analysis > Rules (a file from an older version may not parse:
    // the defaults apply then).
    RuleConfig rules;
    std::string rulesError;
    if (RuleConfig::parse(settings.value(QStringLiteral("rules/json"), QStringLiteral("{}"))
                              .toString()
                              .toStdString(),
                          rules, rulesError))
        session_->setRuleConfig(rules);

    status_->setTextFormat(Qt::PlainText);
    statusBar()->addWidget(status_, 1);
    statusBar()->addPermanentWidget(progress_);
    statusBar()->addPermanentWidget(cancel_);
    progress_->setVisible(false);
    cancel_->setVisible(false);
    progress_->setMinimumWidth(200);
    progress_->setMaximumWidth(340);

    connect(baselineSession_, &LoadSession::analysisAvailable, this,
            [this](ModelPtr model, AnalysisPtr analysis) {
                baselineModel_ = std::move(model);
                baselineAnalysis_ = std::move(analysis);
                compareRuns();
            });
    connect(baselineSession_, &LoadSession::loadFailed, this, [this](const QString& message) {
        status_->setText(tr("Baseline not loaded: %1").arg(message));
    });
    connect(baselineSession_, &LoadSession::analysisFailed, this, [this](const QString& message) {
        status_->setText(tr("Baseline not analysed: %1").arg(message));
    });
    // Connected after the docks (in createDocks), so these run once every dock has the data:
    // modelShown and analysisShown mean it is on screen.
    connect(session_, &LoadSession::progress, this, &MainWindow::showProgress);
    connect(session_, &LoadSession::modelAvailable, this, &MainWindow::showModel);
    connect(session_, &LoadSession::analysisAvailable, this, &MainWindow::showAnalysis);
    connect(session_, &LoadSession::followingChanged, this, [this](bool following) {
        if (!following && session_->model())
            status_->setText(statusText(session_->model()->application.complete
                                            ? tr("the application ended")
                                            : tr("no longer followed")));
    });
    connect(session_, &LoadSession::followedLogRewritten, this, [this] {
        rewritten_ = tr(" · rewritten at %1, not appended to: read again from its start")
                         .arg(QTime::currentTime().toString(QStringLiteral("HH:mm:ss")));
        status_->setText(statusText(tr("diagnosing…")));
    });
    connect(session_, &LoadSession::followedLogUnreadable, this, [this](const QString& message) {
        if (session_->model())
            status_->setText(statusText(tr("cannot be read now (%1); what was read stays, and it "
                                           "is looked at again")
                                            .arg(message)));
    });
    connect(session_, &LoadSession::loadFailed, this, [this](const QString& message) {
        failLoad(tr("Cannot open event log"), message);
    });
    connect(session_, &LoadSession::analysisFailed, this, [this](const QString& message) {
        status_->setText(message);
        Q_EMIT analysisFailed(message);
        showError(tr("Cannot diagnose the event log"), message);
    });
    connect(urlOpener_, &UrlOpener::progress, this, &MainWindow::showProgress);
    connect(urlOpener_, &UrlOpener::downloaded, this,
            [this](const QString&, const QString& file) { openLog(file); });
    connect(urlOpener_, &UrlOpener::failed, this, [this](const QString& message) {
        failLoad(tr("Cannot download the event logs"), message);
    });
    connect(cancel_, &QPushButton::clicked, this, [this] {
        urlOpener_->cancel();
        session_->cancel();
        showReading(false);
        progress_->setVisible(false);
        cancel_->setVisible(false);
        status_->setText(session_->model() && session_->model()->report.cancelled
                             ? tr("Loading cancelled: what was read is shown, without findings")
                             : tr("Loading cancelled"));
    });
    connect(filter_, &QLineEdit::textChanged, stageView_, &DataTableView::setFilterText);
}

void MainWindow::fitToScreen(QSize wanted) {
    const QScreen* s = screen() ? screen() : QGuiApplication::primaryScreen();
    const QSize avail = s ? s->availableGeometry().size() : QSize(1366, 768);
    resize(wanted.boundedTo(avail));
    applyDefaultDockSizes();
}

void MainWindow::applyDefaultDockSizes() {
    // Proportions, so both supported sizes read well: the Diagnosis view keeps about 60 % of
    // the height, the evidence below it the rest; the side columns a quarter of the width each.
    const int w = width(), h = height();
    const auto d = [this](const char* name) {
        return findChild<QDockWidget*>(QString::fromLatin1(name));
    };
    if (!d("timelineDock")) return;
    resizeDocks({d("timelineDock")}, {int(h * 0.38)}, Qt::Vertical);
    resizeDocks({d("timelineDock"), d("histogramDock")}, {int(w * 0.58), int(w * 0.42)},
                Qt::Horizontal);
    resizeDocks({d("stagesDock"), d("evidenceDock")}, {int(w * 0.24), int(w * 0.26)},
                Qt::Horizontal);
    resizeDocks({d("stagesDock"), d("jobsDock")}, {int(h * 0.28), int(h * 0.25)}, Qt::Vertical);
}

void MainWindow::createActions() {
    QToolBar* bar = addToolBar(tr("Main"));
    bar->setObjectName(QStringLiteral("mainToolBar"));
    bar->setMovable(false);
    bar->addAction(tr("Open…"), this, &MainWindow::chooseFile);  // Ctrl+O is on the File menu
    bar->addSeparator();
    filter_->setObjectName(QStringLiteral("stageFilter"));
    filter_->setPlaceholderText(tr("Filter stages: text, stage:238, job:2, sql:5"));
    filter_->setToolTip(
        tr("Narrows the stage table; the selected stage stays selected.\n"
           "stage:N, job:N and sql:N match those ids exactly; other words "
           "match any column."));
    filter_->setClearButtonEnabled(true);
    filter_->setMinimumWidth(260);
    filter_->setMaximumWidth(340);
    bar->addWidget(filter_);
    // The Diagnosis view's finding filter sits next to it (Edit > Find finding).
    if (auto* diagnosis = qobject_cast<DiagnosisPanel*>(centralWidget())) {
        bar->addSeparator();
        diagnosis->view()->filter()->setMinimumWidth(240);
        bar->addWidget(diagnosis->view()->filter());
    }
}

bool MainWindow::event(QEvent* event) {
    // The tab bars of tabbed docks (Qt makes them as docks are tabbed) show whole titles and
    // scroll: five docks in a 1366-wide window's side area elided to "Evid…", "Ca…".
    if (event->type() == QEvent::LayoutRequest)
        for (QTabBar* tabs : findChildren<QTabBar*>(Qt::FindDirectChildrenOnly))
            if (tabs->elideMode() != Qt::ElideNone) {
                tabs->setElideMode(Qt::ElideNone);
                tabs->setUsesScrollButtons(true);
            }
    return QMainWindow::event(event);
}

QDockWidget* MainWindow::addDock(QWidget* content, const QString& name,
                                 Qt::DockWidgetArea area) {
    auto* d = new QDockWidget(content->windowTitle(), this);
    d->setObjectName(name);  // saveState and the tests find docks by it
    // In a scroll area: a panel's minimum size (which may grow with what a log holds) must never
    // set the window's; below it the panel scrolls. At or above it this looks the same.
    auto* scroll = new QScrollArea(d);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setWidget(content);
    scroll->setMinimumSize(60, 60);
    d->setWidget(scroll);
    // A dock names what it shows ("Tasks of stage 3.0 (200)").
    connect(content, &QWidget::windowTitleChanged, d, &QWidget::setWindowTitle);
    addDockWidget(area, d);
    return d;
}

QDockWidget* MainWindow::addDock(QWidget* content, const QString& name, QDockWidget* tabbedWith) {
    QDockWidget* d = addDock(content, name, dockWidgetArea(tabbedWith));
    tabifyDockWidget(tabbedWith, d);
    return d;
}

void MainWindow::createDocks() {
    // One line per dock: each subscribes itself to the session and the Navigator. The order is
    // the View menu's and, within a group, the tabs'. Three groups around the Diagnosis view:
    // the application's lists on the left, the chosen finding's evidence and the application's
    // figures on the right, the stage's views and the graphs below.
    auto* stagePanel = new StageTablePanel(session_, navigator_, this);
    stageView_ = stagePanel->table();
    connect(stagePanel, &StageTablePanel::filterHidesStage, this, [this] {
        status_->setText(tr("Stage filter cleared: it hid the stage shown"));
        filter_->clear();
    });
    QDockWidget* stages = addDock(stagePanel, QStringLiteral("stagesDock"), Qt::LeftDockWidgetArea);
    // The jobs under the stages, so choosing one leaves both in view.
    QDockWidget* jobs = addDock(new JobsDock(session_, navigator_, this),
                                QStringLiteral("jobsDock"), Qt::LeftDockWidgetArea);
    splitDockWidget(stages, jobs, Qt::Vertical);
    addDock(new GapsDock(session_, navigator_, this), QStringLiteral("gapsDock"), jobs);
    addDock(new WarningsDock(session_, this), QStringLiteral("warningsDock"), jobs);
    jobs->raise();
    QDockWidget* evidence = addDock(new EvidencePanel(session_, navigator_, this),
                                    QStringLiteral("evidenceDock"), Qt::RightDockWidgetArea);
    QDockWidget* overview =
        addDock(new OverviewPanel(session_, this), QStringLiteral("overviewDock"), evidence);
    addDock(new ExecutorsPanel(session_, this), QStringLiteral("executorsDock"), evidence);
    QDockWidget* cache =
        addDock(new CachePanel(session_, navigator_, this), QStringLiteral("cacheDock"), evidence);
    addDock(new EnvironmentPanel(session_, this), QStringLiteral("environmentDock"), evidence);
    overview->raise();  // until a finding is chosen
    // The stage's timeline and histogram side by side first; the other tabs join them after.
    QDockWidget* timeline = addDock(new TimelineDock(session_, navigator_, this),
                                    QStringLiteral("timelineDock"), Qt::BottomDockWidgetArea);
    QDockWidget* histogram = addDock(new HistogramDock(session_, navigator_, this),
                                     QStringLiteral("histogramDock"), Qt::BottomDockWidgetArea);
    splitDockWidget(timeline, histogram, Qt::Horizontal);
    QDockWidget* app = addDock(new AppTimelineDock(session_, navigator_, this),
                               QStringLiteral("appTimelineDock"), timeline);
    addDock(new TasksDock(session_, navigator_, this), QStringLiteral("tasksDock"), timeline);
    QDockWidget* sql =
        addDock(new SqlPanel(session_, navigator_, this), QStringLiteral("sqlDock"), timeline);
    addDock(new JobDagDock(session_, navigator_, this), QStringLiteral("dagDock"), timeline);
    // The comparison is of two sessions: the window hands it both runs (compareRuns).
    comparison_ = new ComparisonPanel(this);
    addDock(comparison_, QStringLiteral("comparisonDock"), timeline);
    addDock(new SummaryDock(session_, navigator_, this), QStringLiteral("summaryDock"), histogram);
    histogram->raise();
    timeline->raise();
    // The docks that hold a chosen thing's evidence come to the front with it.
    connect(navigator_, &Navigator::findingRequested, this,
            [evidence, timeline, sql](const Finding& f) {
                evidence->raise();
                bool stage = false, plan = false;
                for (const Evidence& e : f.evidence) {
                    stage = stage || e.stageId >= 0;
                    plan = plan || e.kind == Evidence::Kind::SqlNode;
                }
                if (stage)
                    timeline->raise();
                else if (plan)
                    sql->raise();
            });
    connect(navigator_, &Navigator::rddRequested, cache, [cache] { cache->raise(); });
    connect(navigator_, &Navigator::evidenceRequested, this, [timeline, sql](const Evidence& e) {
        if (e.kind == Evidence::Kind::SqlNode)
            sql->raise();
        else if (e.stageId >= 0)
            timeline->raise();
    });
    // A window in a stage zooms the stage timeline, one without a stage the application's.
    connect(navigator_, &Navigator::timeWindowRequested, this,
            [timeline, app](StageKey stage) { (stage.valid() ? timeline : app)->raise(); });
    // A job: its stages in the stage table (the filter says so, and clearing it lists all
    // again), its span on the application timeline.
    connect(navigator_, &Navigator::jobRequested, this,
            [this](qint32 job) { filter_->setText(QStringLiteral("job:%1").arg(job)); });
    connect(navigator_, &Navigator::cleared, this, [this] {
        if (filter_->text().startsWith(QLatin1String("job:"))) filter_->clear();
    });
}

void MainWindow::closeEvent(QCloseEvent* event) {
    QSettings settings;
    settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("window/layout"), saveState(kLayoutVersion));
    QMainWindow::closeEvent(event);
}

void MainWindow::openLog(const QString& path) {
    if (isDirectoryOfLogs(path.toStdString())) return chooseLogIn(path);
    path_ = path;
    rewritten_.clear();
    status_->setText(tr("Loading %1…").arg(path));
    loadClock_.start();
    progress_->setRange(0, 1000);
    progress_->setValue(0);
    progress_->setVisible(true);
    cancel_->setVisible(true);
    showReading(true);
    session_->load(path);
}

void MainWindow::showReading(bool reading) {
    // Only while no log is on screen: a log shown stays until the next one's first figures.
    auto* diagnosis = qobject_cast<DiagnosisPanel*>(centralWidget());
    if (!diagnosis || session_->model()) return;
    if (reading)
        diagnosis->view()->setPending(tr("Reading the log… its first figures come in a moment"),
                                      tr("The wall clock's slices come with the findings"));
    else
        diagnosis->view()->setAnalysis(nullptr);  // no log open again
}

void MainWindow::failLoad(const QString& title, const QString& message) {
    showReading(false);
    progress_->setVisible(false);
    cancel_->setVisible(false);
    status_->setText(message);
    Q_EMIT loadFinishedWithError(message);
    showError(title, message);
}

void MainWindow::openUrl(const QString& url) {
    path_ = url;
    status_->setText(tr("Downloading the event logs of %1…").arg(url));
    loadClock_.start();
    progress_->setRange(0, 1000);
    progress_->setValue(0);
    progress_->setVisible(true);
    cancel_->setVisible(true);
    urlOpener_->open(url);
}

void MainWindow::chooseLogIn(const QString& directory) {
    auto* chooser = new LogChooserDialog(directory, this);
    chooser->setAttribute(Qt::WA_DeleteOnClose);
    chooser->setWindowModality(Qt::WindowModal);  // never a nested event loop
    connect(chooser, &QDialog::accepted, this, [this, chooser] {
        const QStringList paths = chooser->chosenPaths();
        if (paths.isEmpty()) return;
        openLog(paths.last());
        if (paths.size() == 2) compareWith(paths.first());
    });
    status_->setText(tr("%1 holds several event logs: choose one").arg(directory));
    chooser->open();
    Q_EMIT logChooserShown(chooser);
}

void MainWindow::showProgress(qint64 done, qint64 total) {
    progress_->setValue(total > 0 ? int(1000 * done / total) : 0);
    progress_->setFormat(QStringLiteral("%p%"));
    // The words go in the status line, which has the room the bar lacks.
    status_->setText(
        tr("Loading %1 · %2").arg(path_, progressText(done, total, loadClock_.elapsed())));
}

QString MainWindow::progressText(qint64 done, qint64 total, qint64 elapsedMs) {
    QString text = tr("%1 of %2")
                       .arg(QString::fromStdString(formatBytes(done)),
                            QString::fromStdString(formatBytes(total)));
    if (elapsedMs < 200 || done <= 0) return text;  // too early for a rate worth showing
    const double perMs = double(done) / double(elapsedMs);
    text += tr(" · %1/s").arg(QString::fromStdString(formatBytes(int64_t(perMs * 1000))));
    if (total > done)
        text +=
            tr(" · about %1 left")
                .arg(QString::fromStdString(formatDuration(int64_t(double(total - done) / perMs))));
    return text;
}

void MainWindow::showModel() {
    const ModelPtr& model = session_->model();
    const Application& app = model->application;
    setWindowTitle(
        tr("%1 — Stagelight")
            .arg(QString::fromStdString(elide(app.name.empty() ? app.id : app.name, 120))));
    exportAction_->setEnabled(false);  // until its findings are shown
    if (model->report.partial) {  // the load goes on: progress keeps the status line
        Q_EMIT partialModelShown();
        return;
    }
    if (!session_->isRefresh()) rememberRecent(path_);
    progress_->setVisible(false);
    cancel_->setVisible(false);
    status_->setText(statusText(tr("diagnosing…")));
    Q_EMIT modelShown();
}

QString MainWindow::statusText(const QString& diagnosis) const {
    const ModelPtr& model = session_->model();
    const Application& app = model->application;
    const size_t warnings = model->report.warnings.size() + model->report.suppressedWarnings;
    // A followed "app.inprogress" is "app" once its writer renamed it.
    const QString root = QString::fromStdString(model->source.root.string());
    const QString shown =
        path_.endsWith(QStringLiteral(".inprogress")) && !root.isEmpty() ? root : path_;
    QString text =
        tr("%1 · Spark %2 · read in %3 · %4 · %5")
            .arg(shown, QString::fromStdString(app.sparkVersion.empty() ? "unknown" : app.sparkVersion),
                 QString::fromStdString(formatDuration(int64_t(model->report.loadMillis))),
                 diagnosis, QString::fromStdString(countText(int64_t(warnings), "warning", "warnings")));
    text += rewritten_;
    // A log still being written is followed: say so, and when it last grew.
    if (session_->isFollowing())
        text += tr(" · following the live log, updated %1")
                    .arg(QTime::currentTime().toString(QStringLiteral("HH:mm:ss")));
    else if (model->source.inProgress)
        text += tr(" · in progress (not followed)");
    return text;
}

void MainWindow::showAnalysis() {
    exportAction_->setEnabled(true);
    status_->setText(statusText(
        tr("diagnosed in %1")
            .arg(QString::fromStdString(formatDuration(int64_t(session_->analysisMillis()))))));
    compareRuns();  // a baseline chosen before stays the baseline of the new run
    // Every dock has the analysis by now (they were connected first).
    if (auto* diagnosis = qobject_cast<DiagnosisPanel*>(centralWidget()))
        diagnosis->chooseFirstFinding();
    Q_EMIT analysisShown();
}

void MainWindow::showError(const QString& title, const QString& message) {
    if (!isVisible()) return;  // headless (tests, --screenshot): the signal and status bar tell
    auto* box = new QMessageBox(QMessageBox::Warning, title, message, QMessageBox::Ok, this);
    box->setTextFormat(Qt::PlainText);  // messages name files and quote the log
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->setWindowModality(Qt::WindowModal);
    box->open();
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event) {
    if (event->mimeData()->hasUrls()) event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event) {
    const auto urls = event->mimeData()->urls();
    if (!urls.isEmpty() && urls.first().isLocalFile()) openLog(urls.first().toLocalFile());
}

}  // namespace stagelight
