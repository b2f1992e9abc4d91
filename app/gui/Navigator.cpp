#include "gui/Navigator.h"

#include "gui/DetailPanels.h"

#include <QItemSelectionModel>

#include "charts/TaskHistogramView.h"
#include "qt/StageTableModel.h"
#include "qt/TaskSummaryModel.h"
#include "qt/TaskTableModel.h"
#include "tables/DataTableView.h"
#include "timeline/AppTimelineView.h"
#include "timeline/StageTimelineView.h"

namespace stagelight {

Navigator::Navigator(DataTableView* stageView, StageTableModel* stages, TaskTableModel* tasks,
                     TaskSummaryModel* summary, DataTableView* taskView, QObject* parent)
    : QObject(parent),
      stageView_(stageView),
      stages_(stages),
      tasks_(tasks),
      summary_(summary),
      taskView_(taskView) {
    // Selecting a stage by hand is navigation too.
    connect(
        stageView_->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
        [this](const QModelIndex& current) {
            if (navigating_ || !current.isValid()) return;
            const QModelIndex source = stageView_->sourceIndex(current);
            loadStage(size_t(stages_->data(source, StageTableModel::StageIndexRole).toULongLong()));
        });
}

void Navigator::setHistogram(TaskHistogramView* histogram) {
    histogram_ = histogram;
    connect(histogram_, &TaskHistogramView::tasksSelected, this, &Navigator::selectTasks);
}

void Navigator::setTimeline(StageTimelineView* timeline) {
    timeline_ = timeline;
    connect(timeline_, &StageTimelineView::taskClicked, this,
            [this](qint64 id) { selectTasks({id}); });
}

void Navigator::setAppTimeline(AppTimelineView* timeline) {
    appTimeline_ = timeline;
    connect(appTimeline_, &AppTimelineView::stageClicked, this,
            [this](qint32 stage, qint32 attempt) { showStage(stage, attempt); });
}

void Navigator::selectTasks(const QList<qint64>& taskIds) {
    QList<int> rows;
    for (qint64 id : taskIds)
        if (const int row = tasks_->rowOfTask(id); row >= 0) rows.push_back(row);
    taskView_->selectSourceRows(rows);
}

void Navigator::setAnalysis(AnalysisPtr analysis) {
    analysis_ = std::move(analysis);
    if (stageIndex_ < SIZE_MAX) loadStage(stageIndex_);  // the gaps are known now
}

void Navigator::showGap(const Gap& gap) {
    if (gap.stageId >= 0) showStage(gap.stageId, gap.stageAttemptId);
    if (timeline_ && gap.stageId >= 0) {
        const int64_t margin = (gap.endMs - gap.startMs) / 4 + 1;
        timeline_->zoomTo(gap.startMs - margin, gap.endMs + margin);
    }
}

void Navigator::loadStage(size_t stageIndex) {
    if (!model_ || stageIndex >= model_->stages.size()) return;
    stageIndex_ = stageIndex;
    tasks_->setStage(model_, stageIndex);
    summary_->setStage(model_, stageIndex);
    if (histogram_) histogram_->setStage(model_, stageIndex);
    if (timeline_) {
        timeline_->setStage(model_, stageIndex);
        std::vector<std::pair<int64_t, int64_t>> gaps;
        const StageAttempt& st = model_->stages[stageIndex];
        if (analysis_)
            for (const Gap& g : analysis_->time.gaps)
                if (g.stageId == st.stageId && g.stageAttemptId == st.attemptId)
                    gaps.emplace_back(g.startMs, g.endMs);
        timeline_->setGaps(std::move(gaps));
    }
    const StageAttempt& s = model_->stages[stageIndex];
    if (appTimeline_) appTimeline_->setSelectedStage(s.stageId, s.attemptId);
    Q_EMIT stageShown(s.stageId, s.attemptId, tasks_->rowCount());
}

void Navigator::showStage(int32_t stageId, int32_t attemptId) {
    if (!model_) return;
    const StageAttempt* s = model_->stage(stageId, attemptId);
    if (!s) return;
    navigating_ = true;
    const int row = stages_->rowOfStage(stageId, attemptId);
    if (row >= 0) stageView_->selectSourceRows({row});
    navigating_ = false;
    loadStage(size_t(s - model_->stages.data()));
}

void Navigator::showFinding(const Finding& finding) {
    for (const Evidence& e : finding.evidence)
        if (e.stageId >= 0) {
            showStage(e.stageId, e.stageAttemptId);
            break;
        }
    for (const Evidence& e : finding.evidence)
        if (e.kind == Evidence::Kind::Tasks) {
            highlightTasks(e, finding.focusMetric);
            break;
        }
    for (const Evidence& e : finding.evidence)
        if (e.kind == Evidence::Kind::TimeWindow && e.endMs > e.startMs) {
            zoomToWindow(e);
            break;
        }
    for (const Evidence& e : finding.evidence)
        if (e.kind == Evidence::Kind::SqlNode && sql_) {
            sql_->showNode(e.executionId, e.nodeId);
            break;
        }
    for (const Evidence& e : finding.evidence)
        if (e.kind == Evidence::Kind::Rdd && cache_) {
            cache_->showRdd(e.rddId);
            break;
        }
}

void Navigator::showEvidence(const Evidence& e) {
    if (e.stageId >= 0) showStage(e.stageId, e.stageAttemptId);
    if (e.kind == Evidence::Kind::Tasks) highlightTasks(e, std::nullopt);
    if (e.kind == Evidence::Kind::TimeWindow && e.endMs > e.startMs) zoomToWindow(e);
    if (e.kind == Evidence::Kind::SqlNode && sql_) sql_->showNode(e.executionId, e.nodeId);
    if (e.kind == Evidence::Kind::Rdd && cache_) cache_->showRdd(e.rddId);
}

void Navigator::highlightTasks(const Evidence& e, std::optional<HistogramMetric> metric) {
    selectTasks(QList<qint64>(e.taskIds.begin(), e.taskIds.end()));
    if (histogram_) {
        // Show the outliers in the metric the finding is about (the rule says which).
        if (metric) histogram_->setMetric(*metric);
        histogram_->setHighlightedTasks(e.taskIds);
    }
    if (timeline_) timeline_->setHighlightedTasks(e.taskIds);
}

void Navigator::zoomToWindow(const Evidence& e) {
    // A stage's window zooms its timeline; an application-level one the application timeline.
    const int64_t margin = (e.endMs - e.startMs) / 50 + 1;
    if (e.stageId >= 0 && timeline_)
        timeline_->zoomTo(e.startMs - margin, e.endMs + margin);
    else if (e.stageId < 0 && appTimeline_)
        appTimeline_->zoomTo(e.startMs - margin, e.endMs + margin);
}

}  // namespace stagelight
