// The one navigation hub: turns "show me this" (an alert, a line of its evidence, a gap, a stage
// or tasks picked in any view) into intents that every view applies itself. It knows no widget
// and no rule by name: views subscribe to the intents they care about, and a finding says which
// metric its outliers are shown in (Finding::focusMetric).
#pragma once

#include <QList>
#include <QObject>

#include <cstddef>
#include <vector>

#include "figures/Histogram.h"
#include "model/Ids.h"
#include "qt/MetaTypes.h"

namespace stagelight {

class LoadSession;

// The index of a stage attempt in model->stages, or SIZE_MAX (no model, or not in the log).
size_t stageIndexOf(const ModelPtr& model, StageKey stage);

class Navigator : public QObject {
    Q_OBJECT
public:
    // The session tells which stages exist; nothing is shown for one that does not.
    Navigator(const LoadSession* session, QObject* parent);

    void showStage(StageKey stage);
    // An alert chosen: what the previous one marked is cleared, then its evidence is shown.
    void showFinding(const Finding& finding);
    // One line of a finding's evidence; `focus` is that finding's metric.
    void showEvidence(const Evidence& evidence, HistogramMetric focus);
    void showGap(const Gap& gap);
    // A slice of the wall-clock bar: its stage and window, or the application timeline's window.
    void showSlice(const Slice& slice);
    // A job: its stages listed, its span on the application timeline.
    void showJob(int32_t jobId);
    void selectTasks(const QList<qint64>& taskIds);  // tasks picked in a chart

Q_SIGNALS:
    // Forget what the previous navigation marked: highlighted tasks, a plan node, an RDD, a zoom.
    void cleared();
    void findingRequested(const stagelight::Finding& finding);  // the finding in full
    void stageRequested(stagelight::StageKey stage);
    // The finding concerns no stage (the driver, a setting): stage views show none rather than
    // keep the previous finding's stage.
    void noStageRequested();
    // A finding's outliers, shown in `metric` (the stage was requested first).
    void tasksHighlighted(stagelight::StageKey stage, const std::vector<int64_t>& taskIds,
                          stagelight::HistogramMetric metric);
    void tasksSelected(const QList<qint64>& taskIds);  // in the task table
    // Epoch ms, margins included: a stage's window zooms that stage's timeline, one without a
    // stage (an invalid key) the application timeline.
    void timeWindowRequested(stagelight::StageKey stage, qint64 fromMs, qint64 toMs);
    void sqlNodeRequested(stagelight::ExecutionId execution, qint64 planNode);
    void rddRequested(stagelight::RddId rdd);
    void jobRequested(qint32 jobId);
    // One line of the finding's evidence was chosen (after the finding itself): the window
    // brings the dock that shows that kind to the front.
    void evidenceRequested(const stagelight::Evidence& evidence);

private:
    void showWindow(const Evidence& window);
    const LoadSession* session_;
};

}  // namespace stagelight
