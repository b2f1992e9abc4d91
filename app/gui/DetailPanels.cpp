#include "gui/DetailPanels.h"

#include <QComboBox>
#include <QFontDatabase>

#include <QLineEdit>
#include <QPlainTextEdit>
#include <QSplitter>
#include <QTabWidget>
#include <QVBoxLayout>
#include <algorithm>

#include "text/Format.h"
#include "charts/CacheUsageChart.h"
#include "charts/ExecutorChart.h"
#include "charts/ExecutorMemoryChart.h"
#include "dag/PlanGraphView.h"
#include "gui/DockLayout.h"
#include "gui/Navigator.h"
#include "qt/CacheTableModel.h"
#include "qt/EnvironmentModel.h"
#include "qt/ExecutorTableModel.h"
#include "qt/LoadSession.h"
#include "qt/SqlExecutionModel.h"
#include "tables/CellDelegates.h"
#include "tables/DataTableView.h"

namespace stagelight {

ExecutorsPanel::ExecutorsPanel(LoadSession* session, QWidget* parent)
    : QWidget(parent),
      model_(new ExecutorTableModel(this)),
      table_(new DataTableView(this)),
      chart_(new ExecutorChart(this)),
      memory_(new ExecutorMemoryChart(this)) {
    table_->setSourceModel(model_);
    table_->setItemDelegateForColumn(
        ExecutorTableModel::GcTime,
        new WarningTextDelegate(ExecutorTableModel::GcHeavyRole, table_));
    table_->sortByColumn(ExecutorTableModel::TaskTime, Qt::DescendingOrder);
    chart_->setMinimumHeight(170);
    memory_->setObjectName(QStringLiteral("executorMemoryChart"));
    auto* charts = new QTabWidget(this);
    charts->addTab(chart_, tr("Executors and cores"));
    charts->addTab(memory_, tr("Memory per executor"));
    auto* split = new QSplitter(Qt::Vertical, this);
    split->addWidget(table_);
    split->addWidget(charts);
    split->setStretchFactor(1, 1);
    tightLayout(this)->addWidget(split);
    setWindowTitle(tr("Executors"));
    table_->setObjectName(QStringLiteral("executorTable"));
    connect(session, &LoadSession::modelAvailable, this, [this](const ModelPtr& model) {
        model_->setModel(model);
        chart_->setAnalysis(nullptr, nullptr);
        memory_->setModel(model);
    });
    connect(session, &LoadSession::analysisAvailable, chart_, &ExecutorChart::setAnalysis);
}

SqlPanel::SqlPanel(LoadSession* session, Navigator* navigator, QWidget* parent)
    : QWidget(parent),
      model_(new SqlExecutionModel(this)),
      table_(new DataTableView(this)),
      graph_(new PlanGraphView(this)),
      plan_(new QPlainTextEdit(this)),
      which_(new QComboBox(this)) {
    table_->setSourceModel(model_);
    table_->sortByColumn(SqlExecutionModel::Id, Qt::AscendingOrder);
    plan_->setReadOnly(true);
    plan_->setLineWrapMode(QPlainTextEdit::NoWrap);
    plan_->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    plan_->setPlaceholderText(tr("The physical plan of the selected query"));
    which_->addItem(tr("Final plan"));
    which_->addItem(tr("Initial plan"));
    which_->setEnabled(false);
    auto* tabs = new QTabWidget(this);
    tabs->addTab(graph_, tr("Plan graph"));
    tabs->addTab(plan_, tr("Plan text"));
    tabs->setCornerWidget(which_, Qt::TopRightCorner);
    auto* split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(table_);
    split->addWidget(tabs);
    split->setStretchFactor(1, 1);
    tightLayout(this)->addWidget(split);
    setWindowTitle(tr("SQL"));
    table_->setObjectName(QStringLiteral("sqlTable"));
    connect(session, &LoadSession::modelAvailable, this, &SqlPanel::setModel);
    connect(navigator, &Navigator::sqlNodeRequested, this,
            [this](ExecutionId execution, qint64 node) { showNode(execution.value, node); });
    connect(navigator, &Navigator::cleared, this, [this] { graph_->highlightNode(-1); });
    connect(graph_, &PlanGraphView::stageRequested, navigator,
            [navigator](qint32 stage, qint32 attempt) { navigator->showStage({stage, attempt}); });
    auto show = [this](const QModelIndex& index) {
        const SqlExecution* q = model_->execution(table_->sourceIndex(index).row());
        execution_ = q ? q->id : -1;
        showPlan();
    };
    connect(table_, &QAbstractItemView::clicked, this, show);
    connect(table_, &QAbstractItemView::activated, this, show);
    connect(which_, &QComboBox::currentIndexChanged, this, [this] { showPlan(); });
}

void SqlPanel::showPlan() {
    const SqlExecution* q = snapshot_ ? snapshot_->sqlExecution(execution_) : nullptr;
    const bool adaptive = q && !q->initialPlan.nodes.empty();
    which_->setEnabled(adaptive);
    which_->setToolTip(adaptive ? tr("Adaptive query execution changed this plan %1: "
                                     "the final plan ran; the initial one was planned first")
                                      .arg(QString::fromStdString(countText(q->planUpdates, "time", "times")))
                                : tr("Adaptive query execution did not change this plan"));
    const bool initial = adaptive && which_->currentIndex() == 1;
    const SqlPlan* plan = q ? (initial ? &q->initialPlan : &q->plan) : nullptr;
    plan_->setPlainText(plan ? QString::fromStdString(plan->physicalPlanDescription.empty()
                                                          ? q->details
                                                          : plan->physicalPlanDescription)
                             : QString());
    graph_->setExecution(snapshot_, execution_,
                         initial ? PlanGraphView::Which::Initial : PlanGraphView::Which::Final);
}

void SqlPanel::showInitialPlan(bool initial) {
    which_->setCurrentIndex(initial ? 1 : 0);
    showPlan();
}

bool SqlPanel::initialPlanAvailable() const {
    return which_->isEnabled();
}

void SqlPanel::setModel(ModelPtr model) {
    snapshot_ = model;
    execution_ = -1;
    model_->setModel(std::move(model));
    plan_->clear();
    graph_->setExecution(nullptr, -1);
}

void SqlPanel::showNode(int64_t executionId, int64_t nodeId) {
    which_->setCurrentIndex(0);  // findings name nodes of the final plan
    showExecution(executionId);
    graph_->highlightNode(nodeId);
}

void SqlPanel::showExecution(int64_t executionId) {
    for (int row = 0; row < model_->rowCount(); ++row)
        if (model_->execution(row)->id == executionId) {
            table_->selectSourceRows({row});
            Q_EMIT table_->activated(table_->currentIndex());
            return;
        }
}

QString SqlPanel::planText() const {
    return plan_->toPlainText();
}

CachePanel::CachePanel(LoadSession* session, Navigator* navigator, QWidget* parent)
    : QWidget(parent),
      model_(new CacheTableModel(this)),
      table_(new DataTableView(this)),
      chart_(new CacheUsageChart(this)) {
    table_->setSourceModel(model_);
    table_->sortByColumn(CacheTableModel::Memory, Qt::DescendingOrder);
    auto* split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(table_);
    split->addWidget(chart_);
    split->setSizes({500, 500});
    tightLayout(this)->addWidget(split);
    setWindowTitle(tr("Cache"));
    table_->setObjectName(QStringLiteral("cacheTable"));
    connect(session, &LoadSession::modelAvailable, this, &CachePanel::setModel);
    connect(navigator, &Navigator::rddRequested, this, [this](RddId rdd) { showRdd(rdd.value); });
    connect(navigator, &Navigator::cleared, table_, &QAbstractItemView::clearSelection);
}

void CachePanel::setModel(ModelPtr model) {
    const int64_t start = model ? model->application.startTime : 0;
    const int64_t end =
        model ? std::max(model->application.endTime, model->application.lastEventTime) : 0;
    model_->setModel(std::move(model));
    chart_->setUsage(model_->usage(), start, end);
}

void CachePanel::showRdd(int32_t rddId) {
    if (const int row = model_->rowOfRdd(rddId); row >= 0) table_->selectSourceRows({row});
}

EnvironmentPanel::EnvironmentPanel(LoadSession* session, QWidget* parent)
    : QWidget(parent),
      model_(new EnvironmentModel(this)),
      table_(new DataTableView(this)),
      filter_(new QLineEdit(this)) {
    table_->setSourceModel(model_);
    table_->setSortingEnabled(false);  // the log's order, section by section
    filter_->setPlaceholderText(tr("Filter settings (e.g. shuffle.partitions, memory)"));
    filter_->setClearButtonEnabled(true);
    connect(filter_, &QLineEdit::textChanged, table_, &DataTableView::setFilterText);
    QVBoxLayout* layout = tightLayout(this);
    layout->addWidget(filter_);
    layout->addWidget(table_, 1);
    setWindowTitle(tr("Environment"));
    table_->setObjectName(QStringLiteral("environmentTable"));
    connect(session, &LoadSession::modelAvailable, this, [this](const ModelPtr& model) {
        model_->setModel(model);
        model_->setReferences({});
    });
    // The settings the findings name show which rules refer to them.
    connect(session, &LoadSession::analysisAvailable, this,
            [this](const ModelPtr&, const AnalysisPtr& analysis) {
                model_->setReferences(analysis ? settingReferences(*analysis)
                                               : std::map<std::string, std::vector<std::string>>{});
            });
}

void EnvironmentPanel::filter(const QString& text) {
    filter_->setText(text);
}

int EnvironmentPanel::visibleRows() const {
    return table_->model()->rowCount();
}

}  // namespace stagelight
