// One place that moves every view to a piece of evidence: selecting a stage selects it in the
// stage table and loads its tasks and summary; a finding selects its stage, then its outlier
// tasks. Views never navigate each other directly.
#pragma once

#include <QObject>

#include <optional>

#include "qt/LoadSession.h"

namespace stagelight {

class DataTableView;
class TaskHistogramView;
class StageTimelineView;
class AppTimelineView;
class SqlPanel;
class CachePanel;
class StageTableModel;
class TaskTableModel;
class TaskSummaryModel;

class Navigator : public QObject {
    Q_OBJECT
public:
    Navigator(DataTableView* stageView, StageTableModel* stages, TaskTableModel* tasks,
              TaskSummaryModel* summary, DataTableView* taskView, QObject* parent);
    void setModel(ModelPtr model) {
        model_ = std::move(model);
        analysis_.reset();
    }
    void setAnalysis(AnalysisPtr analysis);  // gaps for the timeline
    void setHistogram(TaskHistogramView* histogram);
    void setTimeline(StageTimelineView* timeline);
    void setAppTimeline(AppTimelineView* timeline);
    void setSqlPanel(SqlPanel* sql) { sql_ = sql; }
    void setCachePanel(CachePanel* cache) { cache_ = cache; }

    void showStage(int32_t stageId, int32_t attemptId);
    void showFinding(const Finding& finding);
    void showEvidence(const Evidence& evidence);     // one piece of a finding's evidence
    void selectTasks(const QList<qint64>& taskIds);  // in the task table
    void showGap(const Gap& gap);

Q_SIGNALS:
    void stageShown(int32_t stageId, int32_t attemptId, int tasks);

private:
    void loadStage(size_t stageIndex);  // the tasks and summary of model_->stages[stageIndex]
    // Outlier tasks selected in the table and marked in the histogram (in the metric the finding
    // is about, when known) and the timeline.
    void highlightTasks(const Evidence& tasks, std::optional<HistogramMetric> metric);
    void zoomToWindow(const Evidence& window);

    ModelPtr model_;
    AnalysisPtr analysis_;
    size_t stageIndex_ = SIZE_MAX;
    DataTableView* stageView_;
    StageTableModel* stages_;
    TaskTableModel* tasks_;
    TaskSummaryModel* summary_;
    DataTableView* taskView_;
    TaskHistogramView* histogram_ = nullptr;
    StageTimelineView* timeline_ = nullptr;
    AppTimelineView* appTimeline_ = nullptr;
    SqlPanel* sql_ = nullptr;
    CachePanel* cache_ = nullptr;
    bool navigating_ = false;
};

}  // namespace stagelight
