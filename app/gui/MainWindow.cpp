#include "gui/MainWindow.h"

#include <QCloseEvent>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QMimeData>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QSplitter>
#include <QStatusBar>
#include <QToolBar>

#include "gui/AppDocks.h"
#include "gui/ComparisonPanel.h"
#include "gui/DetailPanels.h"
#include "gui/EvidencePanel.h"
#include "gui/LogChooserDialog.h"
#include "gui/Navigator.h"
#include "gui/OverviewPanel.h"
#include "gui/StageDocks.h"
#include "tables/DataTableView.h"
#include "load/LogListing.h"
#include "text/Format.h"

namespace stagelight {

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent),
      session_(new LoadSession(this)),
      baselineSession_(new LoadSession(this)),
      navigator_(new Navigator(session_, this)),
      filter_(new QLineEdit(this)),
      status_(new QLabel(this)),
      progress_(new QProgressBar(this)),
      cancel_(new QPushButton(tr("Cancel"), this)) {
    setWindowTitle(tr("Stagelight"));
    session_->setObjectName(QStringLiteral("session"));
    baselineSession_->setObjectName(QStringLiteral("baselineSession"));
    setAcceptDrops(true);
    auto* stages = new StageTablePanel(session_, navigator_, this);
    stageView_ = stages->table();
    auto* central = new QSplitter(Qt::Vertical, this);
    central->addWidget(new OverviewPanel(session_, this));
    central->addWidget(stages);
    central->setStretchFactor(1, 1);
    setCentralWidget(central);

    createActions();
    createDocks();
    createMenus();
    // The shipped layout, then the user's last one.
    defaultLayout_ = saveState();
    QSettings settings;
    restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray());
    restoreState(settings.value(QStringLiteral("window/layout")).toByteArray());
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
    progress_->setMaximumWidth(220);

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
    connect(session_, &LoadSession::loadFailed, this, [this](const QString& message) {
        progress_->setVisible(false);
        cancel_->setVisible(false);
        status_->setText(message);
        Q_EMIT loadFinishedWithError(message);
        showError(tr("Cannot open event log"), message);
    });
    connect(session_, &LoadSession::analysisFailed, this, [this](const QString& message) {
        status_->setText(message);
        Q_EMIT analysisFailed(message);
        showError(tr("Cannot diagnose the event log"), message);
    });
    connect(cancel_, &QPushButton::clicked, this, [this] {
        session_->cancel();
        progress_->setVisible(false);
        cancel_->setVisible(false);
        status_->setText(tr("Loading cancelled"));
    });
    connect(filter_, &QLineEdit::textChanged, stageView_, &DataTableView::setFilterText);
    resize(1400, 860);
}

void MainWindow::createActions() {
    QToolBar* bar = addToolBar(tr("Main"));
    bar->setObjectName(QStringLiteral("mainToolBar"));
    bar->setMovable(false);
    bar->addAction(tr("Open…"), this, &MainWindow::chooseFile);  // Ctrl+O is on the File menu
    bar->addSeparator();
    filter_->setPlaceholderText(tr("Filter stages"));
    filter_->setClearButtonEnabled(true);
    filter_->setMaximumWidth(280);
    bar->addWidget(filter_);
}

QDockWidget* MainWindow::addDock(QWidget* content, const QString& name,
                                 Qt::DockWidgetArea area) {
    auto* d = new QDockWidget(content->windowTitle(), this);
    d->setObjectName(name);  // saveState and the tests find docks by it
    d->setWidget(content);
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
    // the View menu's and, within a group, the tabs'.
    QDockWidget* jobs =
        addDock(new JobsDock(session_, this), QStringLiteral("jobsDock"), Qt::LeftDockWidgetArea);
    QDockWidget* app = addDock(new AppTimelineDock(session_, navigator_, this),
                               QStringLiteral("appTimelineDock"), Qt::TopDockWidgetArea);
    QDockWidget* alerts = addDock(new AlertsDock(session_, navigator_, this),
                                  QStringLiteral("alertsDock"), Qt::RightDockWidgetArea);
    QDockWidget* summary = addDock(new SummaryDock(session_, navigator_, this),
                                   QStringLiteral("summaryDock"), Qt::RightDockWidgetArea);
    addDock(new EvidencePanel(session_, navigator_, this), QStringLiteral("evidenceDock"), summary);
    summary->raise();
    QDockWidget* tasks = addDock(new TasksDock(session_, navigator_, this),
                                 QStringLiteral("tasksDock"), Qt::BottomDockWidgetArea);
    QDockWidget* warnings = addDock(new WarningsDock(session_, this),
                                    QStringLiteral("warningsDock"), Qt::LeftDockWidgetArea);
    QDockWidget* histogram = addDock(new HistogramDock(session_, navigator_, this),
                                     QStringLiteral("histogramDock"), Qt::BottomDockWidgetArea);
    QDockWidget* timeline = addDock(new TimelineDock(session_, navigator_, this),
                                    QStringLiteral("timelineDock"), Qt::BottomDockWidgetArea);
    splitDockWidget(tasks, histogram, Qt::Horizontal);
    QDockWidget* gaps = addDock(new GapsDock(session_, navigator_, this),
                                QStringLiteral("gapsDock"), Qt::LeftDockWidgetArea);
    // Three groups of five tabs at most: the application's lists on the left, the stage's views
    // and the graphs below, the selected stage's and the application's figures on the right.
    tabifyDockWidget(jobs, gaps);
    tabifyDockWidget(jobs, warnings);
    jobs->raise();
    tabifyDockWidget(tasks, timeline);
    // The comparison is of two sessions: the window hands it both runs (compareRuns).
    comparison_ = new ComparisonPanel(this);
    addDock(comparison_, QStringLiteral("comparisonDock"), tasks);
    addDock(new SqlPanel(session_, navigator_, this), QStringLiteral("sqlDock"), tasks);
    addDock(new JobDagDock(session_, navigator_, this), QStringLiteral("dagDock"), tasks);
    addDock(new ExecutorsPanel(session_, this), QStringLiteral("executorsDock"), summary);
    addDock(new CachePanel(session_, navigator_, this), QStringLiteral("cacheDock"), summary);
    addDock(new EnvironmentPanel(session_, this), QStringLiteral("environmentDock"), summary);
    summary->raise();
    timeline->raise();
    resizeDocks({tasks}, {240}, Qt::Vertical);
    resizeDocks({tasks, histogram}, {900, 500}, Qt::Horizontal);
    resizeDocks({alerts, summary}, {520, 520}, Qt::Horizontal);
    resizeDocks({app}, {170}, Qt::Vertical);
}

void MainWindow::closeEvent(QCloseEvent* event) {
    QSettings settings;
    settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("window/layout"), saveState());
    QMainWindow::closeEvent(event);
}

void MainWindow::openLog(const QString& path) {
    if (isDirectoryOfLogs(path.toStdString())) return chooseLogIn(path);
    path_ = path;
    status_->setText(tr("Loading %1…").arg(path));
    progress_->setRange(0, 1000);
    progress_->setValue(0);
    progress_->setVisible(true);
    cancel_->setVisible(true);
    session_->load(path);
}

void MainWindow::chooseLogIn(const QString& directory) {
    auto* chooser = new LogChooserDialog(directory, listEventLogs(directory.toStdString()), this);
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
    progress_->setFormat(tr("%1 of %2")
                             .arg(QString::fromStdString(formatBytes(done)),
                                  QString::fromStdString(formatBytes(total))));
}

void MainWindow::showModel() {
    const ModelPtr& model = session_->model();
    rememberRecent(path_);
    progress_->setVisible(false);
    cancel_->setVisible(false);
    exportAction_->setEnabled(false);  // until its findings are shown
    const Application& app = model->application;
    const size_t warnings = model->report.warnings.size() + model->report.suppressedWarnings;
    setWindowTitle(
        tr("%1 — Stagelight").arg(QString::fromStdString(app.name.empty() ? app.id : app.name)));
    status_->setText(
        tr("%1 · Spark %2 · loaded in %3 ms · %4 warnings")
            .arg(path_, QString::fromStdString(app.sparkVersion.empty() ? "?" : app.sparkVersion))
            .arg(qint64(model->report.loadMillis))
            .arg(warnings));
    Q_EMIT modelShown();
}

void MainWindow::showAnalysis() {
    exportAction_->setEnabled(true);
    compareRuns();  // a baseline chosen before stays the baseline of the new run
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
