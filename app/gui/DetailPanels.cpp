#include "gui/DetailPanels.h"

#include <QApplication>
#include <QComboBox>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QShortcut>
#include <QTextDocument>
#include <QTimer>
#include <QToolButton>

#include <QLineEdit>
#include <QPlainTextEdit>
#include <QSplitter>
#include <QTabWidget>
#include <QVBoxLayout>
#include <algorithm>

#include "charts/CacheUsageChart.h"
#include "charts/ExecutorChart.h"
#include "charts/ExecutorMemoryChart.h"
#include "dag/PlanGraphView.h"
#include "diagnosis/RelatedStage.h"
#include "gui/DockLayout.h"
#include "gui/Navigator.h"
#include "qt/CacheTableModel.h"
#include "qt/EnvironmentModel.h"
#include "qt/ExecutorTableModel.h"
#include "qt/LoadSession.h"
#include "qt/SqlExecutionModel.h"
#include "tables/CellDelegates.h"
#include "tables/DataTableView.h"
#include "text/Format.h"

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
      which_(new QComboBox(this)),
      find_(new QLineEdit(this)),
      findCount_(new QLabel(this)),
      changes_(new QLabel(this)),
      details_(new QPlainTextEdit(this)) {
    table_->setSourceModel(model_);
    table_->sortByColumn(SqlExecutionModel::Id, Qt::AscendingOrder);
    // Its duration beside the query id, so a narrow dock never cuts it to "25.1" or "1 r".
    table_->horizontalHeader()->moveSection(
        table_->horizontalHeader()->visualIndex(SqlExecutionModel::Duration), 1);
    plan_->setReadOnly(true);
    plan_->setLineWrapMode(QPlainTextEdit::NoWrap);
    plan_->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    plan_->setPlaceholderText(tr("The physical plan of the selected query"));
    which_->setEnabled(false);
    which_->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    which_->setToolTip(tr("Adaptive query execution: each version of the plan"));
    auto* prevVersion = new QToolButton(this);
    auto* nextVersion = new QToolButton(this);
    prevVersion->setArrowType(Qt::LeftArrow);
    nextVersion->setArrowType(Qt::RightArrow);
    prevVersion->setToolTip(tr("The previous version of the adaptive plan"));
    nextVersion->setToolTip(tr("The next version of the adaptive plan"));
    changes_->setObjectName(QStringLiteral("planChanges"));
    changes_->setTextFormat(Qt::PlainText);  // operator names come from the log
    changes_->setWordWrap(true);
    changes_->hide();
    find_->setObjectName(QStringLiteral("planFind"));
    find_->setPlaceholderText(tr("Find in plan (Ctrl+F)"));
    find_->setClearButtonEnabled(true);
    auto* prevMatch = new QToolButton(this);
    auto* nextMatch = new QToolButton(this);
    prevMatch->setArrowType(Qt::UpArrow);
    nextMatch->setArrowType(Qt::DownArrow);
    prevMatch->setToolTip(tr("Previous match (Shift+Enter)"));
    nextMatch->setToolTip(tr("Next match (Enter)"));
    details_->setReadOnly(true);
    details_->setPlaceholderText(tr("Click an operator for its metrics and details"));
    auto* bar = new QHBoxLayout;
    bar->setContentsMargins(2, 2, 2, 2);
    bar->addWidget(find_, 1);
    bar->addWidget(prevMatch);
    bar->addWidget(nextMatch);
    bar->addWidget(findCount_);
    bar->addSpacing(12);
    bar->addWidget(prevVersion);
    bar->addWidget(which_);
    bar->addWidget(nextVersion);
    auto* tabs = new QTabWidget(this);
    auto* graphSplit = new QSplitter(Qt::Horizontal, this);
    graphSplit->addWidget(graph_);
    graphSplit->addWidget(details_);
    graphSplit->setStretchFactor(0, 1);
    graphSplit->setSizes({800, 240});
    tabs->addTab(graphSplit, tr("Plan graph"));
    tabs->addTab(plan_, tr("Plan text"));
    auto* right = new QWidget(this);
    auto* rightLayout = new QVBoxLayout(right);
    rightLayout->setContentsMargins(0, 0, 0, 0);
    rightLayout->setSpacing(0);
    rightLayout->addLayout(bar);
    rightLayout->addWidget(changes_);
    rightLayout->addWidget(tabs, 1);
    auto* split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(table_);
    split->addWidget(right);
    split->setStretchFactor(1, 1);
    tightLayout(this)->addWidget(split);
    setWindowTitle(tr("SQL"));
    table_->setObjectName(QStringLiteral("sqlTable"));
    connect(session, &LoadSession::modelAvailable, this, &SqlPanel::setModel);
    connect(navigator, &Navigator::sqlNodeRequested, this,
            [this](ExecutionId execution, qint64 node) { showNode(execution.value, node); });
    // Every navigation resets what no longer applies: the plan node a finding marked, the
    // operator it selected, and a query none of the new stage's jobs ran.
    connect(navigator, &Navigator::cleared, this, [this] {
        graph_->highlightNode(-1);
        graph_->selectNode(-1);
        details_->clear();
    });
    connect(navigator, &Navigator::stageRequested, this, &SqlPanel::followStage);
    connect(navigator, &Navigator::noStageRequested, this, &SqlPanel::clearExecution);
    connect(graph_, &PlanGraphView::stageRequested, navigator,
            [navigator](qint32 stage, qint32 attempt) { navigator->showStage({stage, attempt}); });
    connect(graph_, &PlanGraphView::nodeSelected, this,
            [this](int node) { details_->setPlainText(graph_->nodeDetails(node)); });
    connect(graph_, &PlanGraphView::laidOut, this, [this] {
        if (!find_->text().isEmpty()) findInPlan(find_->text());  // the new layout's items
    });
    auto show = [this](const QModelIndex& index) {
        const SqlExecution* q = model_->execution(table_->sourceIndex(index).row());
        execution_ = q ? q->id : -1;
        which_->setCurrentIndex(-1);  // a new query opens on its final plan
        showPlan();
    };
    connect(table_, &QAbstractItemView::clicked, this, show);
    connect(table_, &QAbstractItemView::activated, this, show);
    connect(which_, &QComboBox::activated, this, [this](int v) { showPlanVersion(v); });
    connect(prevVersion, &QToolButton::clicked, this,
            [this] { showPlanVersion(std::max(0, which_->currentIndex() - 1)); });
    connect(nextVersion, &QToolButton::clicked, this, [this] {
        showPlanVersion(std::min(planVersionCount() - 1, which_->currentIndex() + 1));
    });
    connect(find_, &QLineEdit::textChanged, this, [this](const QString& t) { findInPlan(t); });
    // Keys of the find field, as QShortcuts so Help > Keyboard shortcuts lists them.
    const auto findKey = [this](QKeySequence keys, const QString& what, auto run) {
        auto* key = new QShortcut(keys, find_, run, Qt::WidgetShortcut);
        key->setWhatsThis(what);
        key->setProperty("where", tr("SQL view, plan search"));
    };
    findKey(QKeySequence(Qt::Key_Return), tr("Next match"), [this] { findNext(1); });
    findKey(QKeySequence(Qt::SHIFT | Qt::Key_Return), tr("Previous match"),
            [this] { findNext(-1); });
    findKey(QKeySequence(Qt::Key_Escape), tr("Clear the search, back to the plan"), [this] {
        find_->clear();
        graph_->setFocus();
    });
    connect(find_, &QLineEdit::returnPressed, this, [this] {  // the keypad's Enter
        findNext(QApplication::keyboardModifiers() & Qt::ShiftModifier ? -1 : 1);
    });
    connect(prevMatch, &QToolButton::clicked, this, [this] { findNext(-1); });
    connect(nextMatch, &QToolButton::clicked, this, [this] { findNext(1); });
}

void SqlPanel::showPlan() {
    const SqlExecution* q = snapshot_ ? snapshot_->sqlExecution(execution_) : nullptr;
    versions_ = q ? planVersions(*snapshot_, *q, PlanMetricTable(*snapshot_, *q))
                  : std::vector<PlanVersionInfo>{};
    const int version = which_->currentIndex() >= 0 && which_->currentIndex() < planVersionCount()
                            ? which_->currentIndex()
                            : planVersionCount() - 1;
    {
        const QSignalBlocker block(which_);
        which_->clear();
        // The box names the version ("Update 2 of 3"); what triggered it and what it changed
        // wrap in the line below, whole (a long title was cut in a 1366-wide window).
        for (size_t i = 0; i < versions_.size(); ++i) {
            const QString title = QString::fromStdString(versions_[i].title);
            QString name = title.section(QStringLiteral(" · "), 0, 0);
            if (i > 0 && i + 1 == versions_.size()) name += tr(" (final)");
            which_->addItem(name);
            which_->setItemData(int(i), title, Qt::ToolTipRole);
        }
        which_->setCurrentIndex(version);
    }
    which_->setEnabled(planVersionCount() > 1);
    const SqlPlan* plan = version >= 0 ? versions_[size_t(version)].plan : nullptr;
    plan_->setPlainText(plan ? QString::fromStdString(plan->physicalPlanDescription.empty()
                                                          ? q->details
                                                          : plan->physicalPlanDescription)
                             : QString());
    QString changes;
    if (version > 0) {
        const auto& c = versions_[size_t(version)].changes;
        changes = QString::fromStdString(versions_[size_t(version)].title) + QStringLiteral(": ");
        changes += c.empty() ? tr("no join, partition or query-stage change (statistics only)")
                             : QString();
        for (size_t i = 0; i < c.size(); ++i)
            changes += (i ? QStringLiteral("; ") : QString()) + QString::fromStdString(c[i]);
    }
    changes_->setText(changes);
    changes_->setVisible(!changes.isEmpty());
    details_->clear();
    graph_->setPlan(snapshot_, execution_, plan);
}

QStringList SqlPanel::planVersionTitles() const {
    QStringList out;
    for (const PlanVersionInfo& v : versions_) out << QString::fromStdString(v.title);
    return out;
}

QString SqlPanel::planChangesText() const {
    return changes_->text();
}

void SqlPanel::showPlanVersion(int version) {
    if (version < 0 || version >= planVersionCount()) return;
    which_->setCurrentIndex(version);
    showPlan();
}

void SqlPanel::showInitialPlan(bool initial) {
    showPlanVersion(initial ? 0 : planVersionCount() - 1);
}

bool SqlPanel::initialPlanAvailable() const {
    return planVersionCount() > 1;
}

int SqlPanel::findInPlan(const QString& text) {
    if (find_->text() != text) {
        const QSignalBlocker block(find_);
        find_->setText(text);
    }
    const int n = graph_->setSearch(text);
    // The plan text: every occurrence marked, the first one current.
    QList<QTextEdit::ExtraSelection> marks;
    int inText = 0;
    if (!text.trimmed().isEmpty()) {
        QTextCharFormat f;
        f.setBackground(QColor(255, 220, 80, 160));
        QTextCursor c(plan_->document());
        while (!(c = plan_->document()->find(text.trimmed(), c)).isNull()) {
            marks.push_back({c, f});
            ++inText;
        }
    }
    plan_->setExtraSelections(marks);
    findInText(true, false);
    findCount_->setText(text.trimmed().isEmpty() ? QString()
                        : tr("%1 · %2 in text").arg(findStatus()).arg(inText));
    if (n > 0 && graph_->currentMatch() >= 0)
        details_->setPlainText(graph_->nodeDetails(graph_->matches()[size_t(graph_->currentMatch())]));
    return n;
}

int SqlPanel::textMatchCount() const { return int(plan_->extraSelections().size()); }

void SqlPanel::findInText(bool fromStart, bool backwards) {
    const QString t = find_->text().trimmed();
    if (t.isEmpty()) return;
    if (fromStart) plan_->moveCursor(QTextCursor::Start);
    QTextDocument::FindFlags flags;
    if (backwards) flags |= QTextDocument::FindBackward;
    if (!plan_->find(t, flags)) {  // wrap around
        plan_->moveCursor(backwards ? QTextCursor::End : QTextCursor::Start);
        plan_->find(t, flags);
    }
}

void SqlPanel::findNext(int step) {
    if (graph_->matches().empty() && find_->text().trimmed().isEmpty()) return;
    graph_->showMatch(graph_->currentMatch() + step);
    findInText(false, step < 0);
    if (graph_->currentMatch() >= 0)
        details_->setPlainText(graph_->nodeDetails(graph_->matches()[size_t(graph_->currentMatch())]));
    const QString inText = findCount_->text().section(QStringLiteral(" · "), 1);
    findCount_->setText(findStatus() + (inText.isEmpty() ? QString() : QStringLiteral(" · ") + inText));
}

QString SqlPanel::findStatus() const {
    const int n = int(graph_->matches().size());
    if (n == 0) return tr("no operator matches");
    return tr("%1 of %2 operators").arg(graph_->currentMatch() + 1).arg(n);
}

QString SqlPanel::selectedOperatorDetails() const {
    return details_->toPlainText();
}

void SqlPanel::setModel(ModelPtr model) {
    snapshot_ = model;
    execution_ = -1;
    versions_.clear();
    model_->setModel(std::move(model));
    plan_->clear();
    details_->clear();
    changes_->hide();
    graph_->setExecution(nullptr, -1);
    // Open on the longest query, as the stage table opens on the longest stage (showing a
    // query never changes the selected stage).
    int longest = -1;
    qlonglong most = -1;
    for (int row = 0; row < model_->rowCount(); ++row) {
        const qlonglong d = model_->index(row, SqlExecutionModel::Duration).data(SqlExecutionModel::SortRole).toLongLong();
        if (d > most) most = d, longest = row;
    }
    if (longest >= 0) showExecution(model_->execution(longest)->id);
}

void SqlPanel::showNode(int64_t executionId, int64_t nodeId) {
    showExecution(executionId);  // findings name nodes of the final plan, where it opens
    graph_->highlightNode(nodeId);
    // Its metrics and details in the side panel too, as a click on it would show them.
    const auto nodes = graph_->graph().nodesOf(int32_t(nodeId));
    if (!nodes.empty()) graph_->selectNode(nodes.front());  // an exchange: its write half
}

void SqlPanel::followStage(StageKey stage) {
    const std::vector<int64_t> executions =
        snapshot_ ? stageExecutions(*snapshot_, stage) : std::vector<int64_t>{};
    if (executions.empty()) return clearExecution();
    if (std::find(executions.begin(), executions.end(), execution_) == executions.end())
        showExecution(executions.front());
}

void SqlPanel::clearExecution() {
    if (execution_ < 0) return;
    execution_ = -1;
    table_->clearSelection();
    table_->setCurrentIndex({});
    which_->setCurrentIndex(-1);
    showPlan();
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
      filter_(new QLineEdit(this)),
      fitRows_(new QTimer(this)) {
    table_->setSourceModel(model_);
    table_->setSortingEnabled(false);  // the log's order, section by section
    // Key and value first, so a narrow dock shows the value; long keys keep both ends.
    QHeaderView* header = table_->horizontalHeader();
    header->moveSection(header->visualIndex(EnvironmentModel::Section),
                        EnvironmentModel::ColumnCount - 1);
    table_->setMainColumn(EnvironmentModel::Value);
    table_->setTextElideMode(Qt::ElideMiddle);
    // Keys wrap after their dots, so a narrow dock shows every key whole; values stay on one
    // line (a classpath would fill the dock) with the whole value in the tooltip.
    table_->setWordWrap(true);
    for (int c = 0; c < EnvironmentModel::ColumnCount; ++c)
        table_->setItemDelegateForColumn(c, c == EnvironmentModel::Key
                                                ? static_cast<QStyledItemDelegate*>(
                                                      new BreakAtDotsDelegate(table_))
                                                : new NoWrapDelegate(table_));
    // Rows are sized once the dust settles (a resize sends a burst of section changes), from
    // the keys alone: laying out every cell of thousands of rows took a minute.
    fitRows_->setSingleShot(true);
    fitRows_->setInterval(0);
    connect(fitRows_, &QTimer::timeout, this, &EnvironmentPanel::fitKeyRows);
    connect(header, &QHeaderView::sectionResized, this, [this](int column) {
        if (column == EnvironmentModel::Key) fitRows_->start();
    });
    QAbstractItemModel* shown = table_->model();
    connect(shown, &QAbstractItemModel::modelReset, fitRows_, qOverload<>(&QTimer::start));
    connect(shown, &QAbstractItemModel::layoutChanged, fitRows_, qOverload<>(&QTimer::start));
    connect(shown, &QAbstractItemModel::rowsInserted, fitRows_, qOverload<>(&QTimer::start));
    connect(shown, &QAbstractItemModel::rowsRemoved, fitRows_, qOverload<>(&QTimer::start));
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

void EnvironmentPanel::fitKeyRows() {
    const QAbstractItemModel* shown = table_->model();
    const int width = table_->columnWidth(EnvironmentModel::Key) - 8;  // the cell's margins
    const QFontMetrics metrics(table_->font());
    const int single = table_->verticalHeader()->defaultSectionSize();
    for (int r = 0; r < shown->rowCount(); ++r) {
        const QString key = shown->index(r, EnvironmentModel::Key).data().toString();
        const int lines = BreakAtDotsDelegate::linesFor(key, metrics, width);
        const int height = lines <= 1 ? single : single + (lines - 1) * metrics.lineSpacing();
        if (table_->rowHeight(r) != height) table_->setRowHeight(r, height);
    }
}

void EnvironmentPanel::filter(const QString& text) {
    filter_->setText(text);
}

int EnvironmentPanel::visibleRows() const {
    return table_->model()->rowCount();
}

}  // namespace stagelight
