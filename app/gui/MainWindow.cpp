#include "gui/MainWindow.h"

#include <QApplication>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QFileDialog>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QMimeData>
#include <QProgressBar>
#include <QPushButton>
#include <QSplitter>
#include <QStatusBar>
#include <QToolBar>
#include <QVBoxLayout>

#include "gui/OverviewPanel.h"
#include "qt/JobTableModel.h"
#include "qt/LoadWarningsModel.h"
#include "qt/StageTableModel.h"
#include "tables/DataTableView.h"

namespace stagelight {

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent),
      session_(new LoadSession(this)),
      overview_(new OverviewPanel(this)),
      stages_(new StageTableModel(this)),
      jobs_(new JobTableModel(this)),
      warnings_(new LoadWarningsModel(this)),
      stageView_(new DataTableView(this)),
      jobView_(new DataTableView(this)),
      warningView_(new DataTableView(this)),
      filter_(new QLineEdit(this)),
      status_(new QLabel(this)),
      progress_(new QProgressBar(this)),
      cancel_(new QPushButton(tr("Cancel"), this)) {
    setWindowTitle(tr("Stagelight"));
    setAcceptDrops(true);
    stageView_->setSourceModel(stages_);
    stageView_->sortByColumn(StageTableModel::Duration, Qt::DescendingOrder);
    jobView_->setSourceModel(jobs_);
    jobView_->sortByColumn(JobTableModel::Job, Qt::AscendingOrder);
    warningView_->setSourceModel(warnings_);

    auto* central = new QSplitter(Qt::Vertical, this);
    central->addWidget(overview_);
    central->addWidget(stageView_);
    central->setStretchFactor(1, 1);
    setCentralWidget(central);

    createActions();
    createDocks();

    status_->setTextFormat(Qt::PlainText);
    statusBar()->addWidget(status_, 1);
    statusBar()->addPermanentWidget(progress_);
    statusBar()->addPermanentWidget(cancel_);
    progress_->setVisible(false);
    cancel_->setVisible(false);
    progress_->setMaximumWidth(220);

    connect(session_, &LoadSession::progress, this, &MainWindow::showProgress);
    connect(session_, &LoadSession::modelAvailable, this, &MainWindow::showModel);
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
    QAction* open = bar->addAction(tr("Open…"), this, &MainWindow::chooseFile);
    open->setShortcut(QKeySequence::Open);
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
    dock(tr("Jobs"), QStringLiteral("jobsDock"), jobView_, Qt::LeftDockWidgetArea);
    QDockWidget* warnings = dock(tr("Load warnings"), QStringLiteral("warningsDock"), warningView_,
                                 Qt::BottomDockWidgetArea);
    resizeDocks({warnings}, {140}, Qt::Vertical);
}

void MainWindow::chooseFile() {
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Open Spark event log"), path_,
        tr("Spark event logs (*);;Compressed (*.zstd *.zst *.lz4 *.snappy *.lzf *.gz *.zip)"));
    if (!path.isEmpty()) openLog(path);
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
}

void MainWindow::showModel(ModelPtr model) {
    model_ = std::move(model);
    progress_->setVisible(false);
    cancel_->setVisible(false);
    overview_->setModel(model_);
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
    Q_EMIT modelShown();
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event) {
    if (event->mimeData()->hasUrls()) event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event) {
    const auto urls = event->mimeData()->urls();
    if (!urls.isEmpty() && urls.first().isLocalFile()) openLog(urls.first().toLocalFile());
}

}  // namespace stagelight
