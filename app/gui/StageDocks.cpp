#include "gui/StageDocks.h"

#include <QHeaderView>
#include <QScopedValueRollback>

#include <utility>
#include <vector>

#include "charts/TaskHistogramView.h"
#include "dag/StageDagView.h"
#include "diagnosis/RelatedStage.h"
#include "gui/DockLayout.h"
#include "gui/Navigator.h"
#include "qt/LoadSession.h"
#include "qt/TaskSummaryModel.h"
#include "qt/TaskTableModel.h"
#include "tables/DataTableView.h"
#include "text/Format.h"
#include "timeline/StageTimelineView.h"

namespace stagelight {
namespace {

QString stageText(StageKey stage) {
    return QString::fromStdString(stage.str());
}

// "230 attempts + 50 resubmitted": what the task table lists for a stage (Derived::stageTotals).
QString taskCounts(const ModelPtr& model, size_t stageIndex) {
    if (!model || stageIndex >= model->derived.stageTotals.size()) return {};
    const StageTotals& st = model->derived.stageTotals[stageIndex];
    QString text = QString::fromStdString(countText(st.attempts, "attempt", "attempts"));
    if (st.resubmitted > 0) text += QObject::tr(" + %1 resubmitted").arg(st.resubmitted);
    return text;
}

}  // namespace

TasksDock::TasksDock(LoadSession* session, Navigator* navigator, QWidget* parent)
    : QWidget(parent),
      session_(session),
      model_(new TaskTableModel(this)),
      table_(new DataTableView(this)) {
    setWindowTitle(tr("Tasks"));
    table_->setObjectName(QStringLiteral("taskTable"));
    table_->setSourceModel(model_);
    table_->sortByColumn(TaskTableModel::TaskId, Qt::AscendingOrder);
    // What a slow task is told by first, where a narrow dock still shows it: its duration and
    // shuffle read right after its status (the model keeps Spark's column order).
    QHeaderView* header = table_->horizontalHeader();
    header->moveSection(header->visualIndex(TaskTableModel::Duration),
                        header->visualIndex(TaskTableModel::Speculative));
    header->moveSection(header->visualIndex(TaskTableModel::ShuffleRead),
                        header->visualIndex(TaskTableModel::Speculative));
    tightLayout(this)->addWidget(table_);
    connect(session, &LoadSession::cleared, this, [this] {
        model_->setStage(nullptr, 0);
        setWindowTitle(tr("Tasks"));
    });
    const auto showStage = [this](StageKey stage) {
        const size_t index = stageIndexOf(session_->model(), stage);
        model_->setStage(session_->model(), index);
        setWindowTitle(tr("Tasks of stage %1 (%2)")
                           .arg(stageText(stage), taskCounts(session_->model(), index)));
    };
    connect(navigator, &Navigator::stageRequested, this, showStage);
    connect(navigator, &Navigator::noStageRequested, this, [this] {
        model_->setStage(session_->model(), SIZE_MAX);
        setWindowTitle(tr("Tasks — no stage"));
    });
    connect(navigator, &Navigator::stageRefreshed, this, [this, showStage](StageKey stage) {
        QList<qint64> selected;  // kept across the newer rows
        for (const QModelIndex& i : table_->selectionModel()->selectedRows())
            if (const QVariant id = i.data(TaskTableModel::TaskIdRole); id.isValid())
                selected.push_back(id.toLongLong());
        showStage(stage);
        select(selected);
    });
    connect(navigator, &Navigator::tasksHighlighted, this,
            [this](StageKey, const std::vector<int64_t>& ids, HistogramMetric) {
                select(QList<qint64>(ids.begin(), ids.end()));
            });
    connect(navigator, &Navigator::tasksSelected, this, &TasksDock::select);
    connect(navigator, &Navigator::barTasksChosen, this, [this](const QList<qint64>& ids) {
        if (ids.isEmpty())
            table_->clearSelection();
        else
            select(ids);
    });
    connect(navigator, &Navigator::cleared, table_, &QAbstractItemView::clearSelection);
    // A task picked in the table is marked in the histogram and the timeline too (a click on
    // the current row of a bar's tasks picks it alone).
    const auto pick = [this, navigator](const QModelIndex& current) {
        if (selecting_ || !current.isValid()) return;
        const QVariant id = current.data(TaskTableModel::TaskIdRole);
        if (!id.isValid()) return;
        selecting_ = true;  // the table already shows it: no reselection
        navigator->selectTasks({id.toLongLong()});
        selecting_ = false;
    };
    connect(table_->selectionModel(), &QItemSelectionModel::currentRowChanged, this, pick);
    connect(table_, &QAbstractItemView::clicked, this, pick);
}

void TasksDock::select(const QList<qint64>& taskIds) {
    if (selecting_) return;
    const QScopedValueRollback<bool> guard(selecting_, true);
    QList<int> rows;
    for (qint64 id : taskIds)
        if (const int row = model_->rowOfTask(id); row >= 0) rows.push_back(row);
    table_->selectSourceRows(rows);
}

SummaryDock::SummaryDock(LoadSession* session, Navigator* navigator, QWidget* parent)
    : QWidget(parent), model_(new TaskSummaryModel(this)) {
    setWindowTitle(tr("Summary metrics"));
    auto* table = new DataTableView(this);
    table->setObjectName(QStringLiteral("summaryTable"));
    table->setSourceModel(model_);
    table->setSortingEnabled(false);
    table->sortByColumn(-1, Qt::AscendingOrder);  // Spark's row order
    // The figures always fit, Max included; the metric's name gives way (elided, in its tooltip).
    table->horizontalHeader()->setStretchLastSection(false);
    table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    table->horizontalHeader()->setSectionResizeMode(TaskSummaryModel::Metric, QHeaderView::Stretch);
    table->horizontalHeader()->setMinimumSectionSize(40);
    table->setTextElideMode(Qt::ElideRight);
    tightLayout(this)->addWidget(table);
    connect(session, &LoadSession::cleared, this, [this] {
        model_->setStage(nullptr, 0);
        setWindowTitle(tr("Summary metrics"));
    });
    // A newer model of the stage shown renews its figures as choosing the stage does.
    const auto showStage = [this, session](StageKey stage) {
        model_->setStage(session->model(), stageIndexOf(session->model(), stage));
        setWindowTitle(tr("Summary metrics of stage %1").arg(stageText(stage)));
    };
    connect(navigator, &Navigator::stageRequested, this, showStage);
    connect(navigator, &Navigator::stageRefreshed, this, showStage);
    connect(navigator, &Navigator::noStageRequested, this, [this, session] {
        model_->setStage(session->model(), SIZE_MAX);
        setWindowTitle(tr("Summary metrics — no stage"));
    });
}

HistogramDock::HistogramDock(LoadSession* session, Navigator* navigator, QWidget* parent)
    : QWidget(parent), histogram_(new TaskHistogramView(this)) {
    setWindowTitle(tr("Task histogram"));
    histogram_->setObjectName(QStringLiteral("stageHistogram"));
    tightLayout(this)->addWidget(histogram_);
    connect(session, &LoadSession::cleared, this, [this] {
        histogram_->setStage(nullptr, 0);
        setWindowTitle(tr("Task histogram"));
    });
    connect(navigator, &Navigator::stageRequested, this, [this, session](StageKey stage) {
        histogram_->setStage(session->model(), stageIndexOf(session->model(), stage));
        setWindowTitle(tr("Task histogram of stage %1").arg(stageText(stage)));
    });
    connect(navigator, &Navigator::stageRefreshed, this, [this, session](StageKey stage) {
        histogram_->refreshStage(session->model(), stageIndexOf(session->model(), stage));
    });
    connect(navigator, &Navigator::noStageRequested, this, [this, session] {
        histogram_->setStage(session->model(), SIZE_MAX);
        setWindowTitle(tr("Task histogram — no stage"));
    });
    // Each finding shows its own metric (Duration unless it is about another): never the one
    // the previous finding left.
    connect(navigator, &Navigator::findingRequested, this,
            [this](const Finding& f) { histogram_->setMetric(f.focusMetric); });
    connect(navigator, &Navigator::tasksHighlighted, this,
            [this](StageKey, const std::vector<int64_t>& ids, HistogramMetric metric) {
                histogram_->setMetric(metric);
                histogram_->setHighlightedTasks(ids);
            });
    connect(navigator, &Navigator::cleared, this, [this] {
        histogram_->setHighlightedTasks({});
        histogram_->setSelectedTask(-1);
        histogram_->clearBarChoice();
    });
    // A task picked anywhere (table, timeline) is pointed at, and ends the bar's choice.
    connect(navigator, &Navigator::tasksSelected, this, [this](const QList<qint64>& ids) {
        histogram_->clearBarChoice();
        histogram_->setSelectedTask(ids.size() == 1 ? ids.front() : -1);
    });
    connect(histogram_, &TaskHistogramView::barTasksChosen, navigator, &Navigator::chooseBarTasks);
}

TimelineDock::TimelineDock(LoadSession* session, Navigator* navigator, QWidget* parent)
    : QWidget(parent), session_(session), timeline_(new StageTimelineView(this)) {
    setWindowTitle(tr("Stage timeline"));
    timeline_->setObjectName(QStringLiteral("stageTimeline"));
    tightLayout(this)->addWidget(timeline_);
    connect(session, &LoadSession::cleared, this, [this] {
        stage_ = {};
        timeline_->setStage(nullptr, 0);
        timeline_->setGaps({});
        setWindowTitle(tr("Stage timeline"));
    });
    connect(session, &LoadSession::analysisAvailable, this, &TimelineDock::showGaps);
    connect(navigator, &Navigator::stageRequested, this, [this](StageKey stage) {
        stage_ = stage;
        zoomedByNavigation_ = false;  // a new stage starts unzoomed
        timeline_->setStage(session_->model(), stageIndexOf(session_->model(), stage));
        showGaps();
        setWindowTitle(tr("Timeline of stage %1").arg(stageText(stage)));
    });
    connect(navigator, &Navigator::noStageRequested, this, [this] {
        stage_ = {};
        zoomedByNavigation_ = false;
        timeline_->setStage(session_->model(), SIZE_MAX);
        timeline_->setGaps({});
        setWindowTitle(tr("Stage timeline — no stage"));
    });
    connect(navigator, &Navigator::tasksHighlighted, this,
            [this](StageKey, const std::vector<int64_t>& ids, HistogramMetric) {
                highlighted_ = ids;
                timeline_->setHighlightedTasks(ids);
            });
    // The same stage in a newer model: its bars anew, the zoom and the marks kept.
    connect(navigator, &Navigator::stageRefreshed, this, [this](StageKey stage) {
        if (stage != stage_) return;
        const auto [from, to] = timeline_->visibleRange();
        const bool zoomed = timeline_->historyDepth() > 0;
        const int64_t selected = timeline_->selectedTask();
        timeline_->setStage(session_->model(), stageIndexOf(session_->model(), stage));
        timeline_->setHighlightedTasks(highlighted_);
        timeline_->setChosenTasks(chosen_);
        timeline_->setSelectedTask(selected);
        if (zoomed) timeline_->zoomTo(from, to);
        showGaps();
    });
    connect(navigator, &Navigator::timeWindowRequested, this,
            [this](StageKey stage, qint64 from, qint64 to) {
                if (!stage.valid() || stage != stage_) return;
                // A window mostly without tasks (a stage's wait before its first task) is shown
                // with the tasks beside it, not as an empty axis with the tasks off its edge.
                const SlotLanes& lanes = timeline_->lanes();
                const qint64 inside = std::max<qint64>(
                    0, std::min<qint64>(to, lanes.end) - std::max<qint64>(from, lanes.start));
                if (lanes.end > lanes.start && to > from && inside * 4 < to - from) {
                    from = std::min<qint64>(from, lanes.start);
                    to = std::max<qint64>(to, lanes.end);
                }
                timeline_->zoomTo(from, to);
                zoomedByNavigation_ = true;
            });
    connect(navigator, &Navigator::cleared, this, [this] {
        highlighted_.clear();
        chosen_.clear();
        timeline_->setHighlightedTasks({});
        timeline_->setChosenTasks({});
        if (std::exchange(zoomedByNavigation_, false)) timeline_->resetZoom();
    });
    // A task picked in the table is outlined on its bar and ends a bar's choice; a histogram
    // bar's tasks are marked apart from the finding's, which stay.
    connect(navigator, &Navigator::tasksSelected, this, [this](const QList<qint64>& ids) {
        chosen_.clear();
        timeline_->setChosenTasks({});
        timeline_->setSelectedTask(ids.size() == 1 ? ids.front() : -1);
    });
    connect(navigator, &Navigator::barTasksChosen, this, [this](const QList<qint64>& ids) {
        chosen_.assign(ids.begin(), ids.end());
        timeline_->setChosenTasks(chosen_);
    });
    connect(timeline_, &StageTimelineView::taskClicked, navigator,
            [navigator](qint64 id) { navigator->selectTasks({id}); });
}

void TimelineDock::showGaps() {
    std::vector<std::pair<int64_t, int64_t>> gaps;
    if (const AnalysisPtr& analysis = session_->analysis())
        for (const Gap& g : analysis->time.gaps)
            if (g.stageId == stage_.stage && g.stageAttemptId == stage_.attempt)
                gaps.emplace_back(g.startMs, g.endMs);
    // Its wait from submission to its first task, hatched like the other times no task ran.
    if (const ModelPtr& model = session_->model())
        if (const size_t i = stageIndexOf(model, stage_); i != SIZE_MAX) {
            const int64_t first = model->derived.stageTotals[i].firstTaskLaunchTime;
            if (const int64_t from = model->stageWaitStart(i); from < first)
                gaps.emplace_back(from, first);
        }
    timeline_->setGaps(std::move(gaps));
}

JobDagDock::JobDagDock(LoadSession* session, Navigator* navigator, QWidget* parent)
    : QWidget(parent), dag_(new StageDagView(this)) {
    setWindowTitle(tr("Job DAG"));
    dag_->setObjectName(QStringLiteral("jobDag"));
    tightLayout(this)->addWidget(dag_);
    connect(session, &LoadSession::cleared, this, [this] {
        job_ = chosenJob_ = -1;
        dag_->setJob(nullptr, -1);
    });
    connect(navigator, &Navigator::cleared, this, [this] { chosenJob_ = -1; });
    connect(navigator, &Navigator::stageRequested, this, [this, session](StageKey stage) {
        const ModelPtr& model = session->model();
        const StageAttempt* s = model ? model->stage(stage.stage, stage.attempt) : nullptr;
        dag_->setCurrentStage(stage.stage, stage.attempt);
        if (!s || s->jobIds.empty() || s->jobIds.front() == job_) return;
        // A stage of the job chosen in the Jobs dock keeps that job's DAG.
        if (chosenJob_ == job_ && job_ >= 0 && stageOfJob(*model, stage, job_)) return;
        job_ = s->jobIds.front();
        dag_->setJob(model, job_);
        setWindowTitle(tr("DAG of job %1").arg(job_));
    });
    connect(navigator, &Navigator::stageRefreshed, this, [this, session](StageKey stage) {
        if (job_ < 0) return;
        dag_->setJob(session->model(), job_);
        dag_->setCurrentStage(stage.stage, stage.attempt);
    });
    connect(navigator, &Navigator::jobRequested, this, [this, session](qint32 job) {
        chosenJob_ = job;
        if (job == job_) return;
        job_ = job;
        dag_->setJob(session->model(), job_);
        setWindowTitle(tr("DAG of job %1").arg(job_));
    });
    // A finding about no stage (driver time, configuration) leaves no other job's DAG behind.
    connect(navigator, &Navigator::noStageRequested, this, [this] {
        job_ = -1;
        dag_->setCurrentStage(-1, -1);
        dag_->setJob(nullptr, -1);
        setWindowTitle(tr("Job DAG — no stage"));
    });
    connect(dag_, &StageDagView::stageClicked, navigator,
            [navigator](qint32 stage, qint32 attempt) { navigator->showStage({stage, attempt}); });
}

}  // namespace stagelight
