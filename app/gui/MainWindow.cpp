#include "gui/MainWindow.h"

#include <QApplication>
#include <QCloseEvent>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QSplitter>
#include <QStatusBar>
#include <QToolBar>
#include <QVBoxLayout>

#include <optional>
#include <tuple>

#include "charts/TaskHistogramView.h"
#include "dag/StageDagView.h"
#include "export/ReportExport.h"
#include "gui/ComparisonPanel.h"
#include "gui/DetailPanels.h"
#include "gui/EvidencePanel.h"
#include "gui/Navigator.h"
#include "gui/OverviewPanel.h"
#include "gui/RulesDialog.h"
#include "qt/FindingsModel.h"
#include "qt/GapsModel.h"
#include "qt/JobTableModel.h"
#include "qt/LoadWarningsModel.h"
#include "qt/StageTableModel.h"
#include "qt/TaskSummaryModel.h"
#include "qt/TaskTableModel.h"
#include "text/Format.h"
#include "tables/CellDelegates.h"
#include "tables/DataTableView.h"
#include "timeline/AppTimelineView.h"
#include "timeline/StageTimelineView.h"

namespace stagelight {

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent),
      session_(new LoadSession(this)),
      baselineSession_(new LoadSession(this)),
      overview_(new OverviewPanel(this)),
      stages_(new StageTableModel(this)),
      jobs_(new JobTableModel(this)),
      warnings_(new LoadWarningsModel(this)),
      stageView_(new DataTableView(this)),
      jobView_(new DataTableView(this)),
      warningView_(new DataTableView(this)),
      findings_(new FindingsModel(this)),
      tasks_(new TaskTableModel(this)),
      summary_(new TaskSummaryModel(this)),
      findingView_(new DataTableView(this)),
      evidence_(new EvidencePanel(this)),
      comparison_(new ComparisonPanel(this)),
      executors_(new ExecutorsPanel(this)),
      sql_(new SqlPanel(this)),
      cache_(new CachePanel(this)),
      dag_(new StageDagView(this)),
      environment_(new EnvironmentPanel(this)),
      taskView_(new DataTableView(this)),
      summaryView_(new DataTableView(this)),
      histogram_(new TaskHistogramView(this)),
      gaps_(new GapsModel(this)),
      gapView_(new DataTableView(this)),
      timeline_(new StageTimelineView(this)),
      appTimeline_(new AppTimelineView(this)),
      navigator_(nullptr),
      filter_(new QLineEdit(this)),
      status_(new QLabel(this)),
      progress_(new QProgressBar(this)),
      cancel_(new QPushButton(tr("Cancel"), this)) {
    setWindowTitle(tr("Stagelight"));
    histogram_->setObjectName(QStringLiteral("stageHistogram"));
    timeline_->setObjectName(QStringLiteral("stageTimeline"));
    setAcceptDrops(true);
    stageView_->setSourceModel(stages_);
    stageView_->sortByColumn(StageTableModel::Duration, Qt::DescendingOrder);
    jobView_->setSourceModel(jobs_);
    jobView_->sortByColumn(JobTableModel::Job, Qt::AscendingOrder);
    warningView_->setSourceModel(warnings_);
    findingView_->setSourceModel(findings_);
    findingView_->setItemDelegateForColumn(
        FindingsModel::Severity, new SeverityDelegate(FindingsModel::SeverityRole, findingView_));
    stageView_->setItemDelegateForColumn(
        StageTableModel::Share, new ShareBarDelegate(StageTableModel::ShareRole, stageView_));
    taskView_->setSourceModel(tasks_);
    taskView_->sortByColumn(TaskTableModel::TaskId, Qt::AscendingOrder);
    summaryView_->setSourceModel(summary_);
    summaryView_->setSortingEnabled(false);
    summaryView_->sortByColumn(-1, Qt::AscendingOrder);  // Spark's row order
    navigator_ = new Navigator(stageView_, stages_, tasks_, summary_, taskView_, this);
    navigator_->setHistogram(histogram_);
    navigator_->setTimeline(timeline_);
    navigator_->setAppTimeline(appTimeline_);
    navigator_->setSqlPanel(sql_);
    navigator_->setCachePanel(cache_);
    connect(sql_, &SqlPanel::stageRequested, navigator_, &Navigator::showStage);
    connect(dag_, &StageDagView::stageClicked, navigator_, &Navigator::showStage);
    // The DAG shows the job of the stage on screen.
    connect(navigator_, &Navigator::stageShown, this, [this](int32_t stageId, int32_t attemptId) {
        const StageAttempt* s = model_ ? model_->stage(stageId, attemptId) : nullptr;
        if (s && !s->jobIds.empty() && s->jobIds.front() != dagJob_) {
            dagJob_ = s->jobIds.front();
            dag_->setJob(model_, dagJob_);
        }
    });
    gapView_->setSourceModel(gaps_);
    gapView_->sortByColumn(GapsModel::Duration, Qt::DescendingOrder);
    connect(gapView_, &QAbstractItemView::activated, this, [this](const QModelIndex& index) {
        if (const Gap* g = gaps_->gap(gapView_->sourceIndex(index).row())) navigator_->showGap(*g);
    });
    connect(gapView_, &QAbstractItemView::clicked, gapView_, &QAbstractItemView::activated);
    connect(findingView_, &QAbstractItemView::activated, this, [this](const QModelIndex& index) {
        const QModelIndex source = findingView_->sourceIndex(index);
        if (const Finding* f = findings_->finding(source.row())) {
            navigator_->showFinding(*f);
            evidence_->showFinding(f);
        }
    });
    connect(findingView_, &QAbstractItemView::clicked, findingView_, &QAbstractItemView::activated);

    auto* central = new QSplitter(Qt::Vertical, this);
    central->addWidget(overview_);
    central->addWidget(stageView_);
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
    connect(session_, &LoadSession::progress, this, &MainWindow::showProgress);
    connect(session_, &LoadSession::modelAvailable, this, &MainWindow::showModel);
    connect(session_, &LoadSession::analysisAvailable, this, &MainWindow::showAnalysis);
    connect(session_, &LoadSession::loadFailed, this, [this](const QString& message) {
        progress_->setVisible(false);
        cancel_->setVisible(false);
        status_->setText(message);
        Q_EMIT loadFinishedWithError(message);
        if (isVisible()) QMessageBox::warning(this, tr("Cannot open event log"), message);
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

void MainWindow::createDocks() {
    auto dock = [this](const QString& title, const QString& name, QWidget* widget,
                       Qt::DockWidgetArea area) {
        auto* d = new QDockWidget(title, this);
        d->setObjectName(name);
        d->setWidget(widget);
        addDockWidget(area, d);
        return d;
    };
    QDockWidget* jobs =
        dock(tr("Jobs"), QStringLiteral("jobsDock"), jobView_, Qt::LeftDockWidgetArea);
    QDockWidget* app = dock(tr("Application timeline"), QStringLiteral("appTimelineDock"),
                            appTimeline_, Qt::TopDockWidgetArea);
    // Alerts: a filter over the findings' text (severity, title, rule) above the table.
    auto* alertsPanel = new QWidget(this);
    auto* alertsLayout = new QVBoxLayout(alertsPanel);
    alertsLayout->setContentsMargins(0, 0, 0, 0);
    alertsLayout->setSpacing(2);
    auto* alertFilter = new QLineEdit(alertsPanel);
    alertFilter->setPlaceholderText(tr("Filter alerts (e.g. critical, skew, stage 3)"));
    alertFilter->setClearButtonEnabled(true);
    alertFilter->setObjectName(QStringLiteral("alertFilter"));
    alertsLayout->addWidget(alertFilter);
    alertsLayout->addWidget(findingView_, 1);
    connect(alertFilter, &QLineEdit::textChanged, findingView_, &DataTableView::setFilterText);
    QDockWidget* alerts =
        dock(tr("Alerts"), QStringLiteral("alertsDock"), alertsPanel, Qt::RightDockWidgetArea);
    QDockWidget* summary = dock(tr("Summary metrics"), QStringLiteral("summaryDock"), summaryView_,
                                Qt::RightDockWidgetArea);
    QDockWidget* evidence =
        dock(tr("Evidence"), QStringLiteral("evidenceDock"), evidence_, Qt::RightDockWidgetArea);
    tabifyDockWidget(summary, evidence);
    summary->raise();
    connect(evidence_, &EvidencePanel::evidenceActivated, navigator_, &Navigator::showEvidence);
    // Choosing an alert brings its evidence forward.
    connect(findingView_, &QAbstractItemView::activated, evidence, &QDockWidget::raise);
    QDockWidget* tasks =
        dock(tr("Tasks"), QStringLiteral("tasksDock"), taskView_, Qt::BottomDockWidgetArea);
    QDockWidget* warnings = dock(tr("Load warnings"), QStringLiteral("warningsDock"), warningView_,
                                 Qt::LeftDockWidgetArea);
    QDockWidget* histogram = dock(tr("Task histogram"), QStringLiteral("histogramDock"), histogram_,
                                  Qt::BottomDockWidgetArea);
    QDockWidget* timeline = dock(tr("Stage timeline"), QStringLiteral("timelineDock"), timeline_,
                                 Qt::BottomDockWidgetArea);
    splitDockWidget(tasks, histogram, Qt::Horizontal);
    QDockWidget* gaps =
        dock(tr("Gaps"), QStringLiteral("gapsDock"), gapView_, Qt::LeftDockWidgetArea);
    // Three groups of five tabs at most: the application's lists on the left, the stage's views
    // and the graphs below, the selected stage's and the application's figures on the right.
    tabifyDockWidget(jobs, gaps);
    tabifyDockWidget(jobs, warnings);
    jobs->raise();
    tabifyDockWidget(tasks, timeline);
    QDockWidget* compare = dock(tr("Comparison"), QStringLiteral("comparisonDock"), comparison_,
                                Qt::BottomDockWidgetArea);
    tabifyDockWidget(tasks, compare);
    for (auto [title, name, widget, beside] :
         {std::tuple{tr("SQL"), QStringLiteral("sqlDock"), static_cast<QWidget*>(sql_), tasks},
          std::tuple{tr("Job DAG"), QStringLiteral("dagDock"), static_cast<QWidget*>(dag_), tasks},
          std::tuple{tr("Executors"), QStringLiteral("executorsDock"),
                     static_cast<QWidget*>(executors_), summary},
          std::tuple{tr("Cache"), QStringLiteral("cacheDock"), static_cast<QWidget*>(cache_),
                     summary},
          std::tuple{tr("Environment"), QStringLiteral("environmentDock"),
                     static_cast<QWidget*>(environment_), summary}})
        tabifyDockWidget(beside, dock(title, name, widget, dockWidgetArea(beside)));
    summary->raise();
    timeline->raise();
    resizeDocks({tasks}, {240}, Qt::Vertical);
    resizeDocks({tasks, histogram}, {900, 500}, Qt::Horizontal);
    resizeDocks({alerts, summary}, {520, 520}, Qt::Horizontal);
    resizeDocks({app}, {170}, Qt::Vertical);
    connect(navigator_, &Navigator::stageShown, this,
            [tasks, summary, histogram, timeline](int32_t stageId, int32_t attemptId, int count) {
                const QString id = QStringLiteral("%1.%2").arg(stageId).arg(attemptId);
                tasks->setWindowTitle(tr("Tasks of stage %1 (%2)").arg(id).arg(count));
                summary->setWindowTitle(tr("Summary metrics of stage %1").arg(id));
                histogram->setWindowTitle(tr("Task histogram of stage %1").arg(id));
                timeline->setWindowTitle(tr("Timeline of stage %1").arg(id));
            });
}

void MainWindow::closeEvent(QCloseEvent* event) {
    QSettings settings;
    settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("window/layout"), saveState());
    QMainWindow::closeEvent(event);
}

void MainWindow::openLog(const QString& path) {
    path_ = path;
    status_->setText(tr("Loading %1…").arg(path));
    progress_->setRange(0, 1000);
    progress_->setValue(0);
    progress_->setVisible(true);
    cancel_->setVisible(true);
    session_->load(path);
}

void MainWindow::showProgress(qint64 done, qint64 total) {
    progress_->setValue(total > 0 ? int(1000 * done / total) : 0);
    progress_->setFormat(tr("%1 of %2")
                             .arg(QString::fromStdString(formatBytes(done)),
                                  QString::fromStdString(formatBytes(total))));
}

void MainWindow::showModel(ModelPtr model) {
    model_ = std::move(model);
    rememberRecent(path_);
    progress_->setVisible(false);
    cancel_->setVisible(false);
    overview_->setModel(model_);
    navigator_->setModel(model_);
    evidence_->setModel(model_);
    executors_->setModel(model_);
    sql_->setModel(model_);
    cache_->setModel(model_);
    dagJob_ = -1;
    dag_->setJob(nullptr, -1);
    environment_->setModel(model_);
    appTimeline_->setModel(model_);
    findings_->setAnalysis(nullptr);
    gaps_->setAnalysis(nullptr, nullptr);
    analysis_.reset();
    exportAction_->setEnabled(false);
    stages_->setModel(model_);
    jobs_->setModel(model_);
    warnings_->setModel(model_);
    const Application& app = model_->application;
    const size_t warnings = model_->report.warnings.size() + model_->report.suppressedWarnings;
    setWindowTitle(
        tr("%1 — Stagelight").arg(QString::fromStdString(app.name.empty() ? app.id : app.name)));
    status_->setText(
        tr("%1 · Spark %2 · loaded in %3 ms · %4 warnings")
            .arg(path_, QString::fromStdString(app.sparkVersion.empty() ? "?" : app.sparkVersion))
            .arg(qint64(model_->report.loadMillis))
            .arg(warnings));
    // Start on the longest stage, as the table is sorted.
    if (stageView_->model()->rowCount() > 0) stageView_->selectRow(0);
    Q_EMIT modelShown();
}

void MainWindow::showAnalysis(ModelPtr model, AnalysisPtr analysis) {
    if (model != model_) return;  // a newer log is on screen
    analysis_ = std::move(analysis);
    findings_->setAnalysis(analysis_);
    gaps_->setAnalysis(model_, analysis_);
    navigator_->setAnalysis(analysis_);
    appTimeline_->setAnalysis(analysis_);
    environment_->setAnalysis(analysis_);
    executors_->setAnalysis(model_, analysis_);
    findingView_->sortByColumn(FindingsModel::Cost, Qt::DescendingOrder);
    exportAction_->setEnabled(true);
    compareRuns();  // a baseline chosen before stays the baseline of the new run
    Q_EMIT analysisShown();
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event) {
    if (event->mimeData()->hasUrls()) event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event) {
    const auto urls = event->mimeData()->urls();
    if (!urls.isEmpty() && urls.first().isLocalFile()) openLog(urls.first().toLocalFile());
}

}  // namespace stagelight
