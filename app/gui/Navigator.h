// The one navigation hub: turns "show me this" (a finding, a line of its evidence, a gap, a job,
// a stage or tasks picked in any view) into intents that every view applies itself. It knows no
// widget and no rule by name: views subscribe to the intents they care about, and a finding says
// which metric its outliers are shown in (Finding::focusMetric).
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
    // A newer model of the log on screen has the stage shown (a followed log grew, a long load
    // read on): the stage views show its newer figures and keep what the user chose in them.
    void refreshStage(StageKey stage);
    // The stage the stage views show (invalid: none), as the last intent left it.
    StageKey shownStage() const { return shown_; }
    // A finding chosen: what the previous one marked is cleared, then its evidence is shown.
    void showFinding(const Finding& finding);
    // One line of a finding's evidence; `focus` is that finding's metric.
    void showEvidence(const Evidence& evidence, HistogramMetric focus);
    void showGap(const Gap& gap);
    // A slice of the wall-clock bar: its stage and window, or the application timeline's window.
    void showSlice(const Slice& slice);
    // A job: its stages listed, its span on the application timeline, and its longest stage
    // shown unless the stage on screen is one of its own.
    void showJob(int32_t jobId);
    void selectTasks(const QList<qint64>& taskIds);     // a task picked in the table or timeline
    void chooseBarTasks(const QList<qint64>& taskIds);  // the tasks of a histogram bar

Q_SIGNALS:
    // Forget what the previous navigation marked: highlighted tasks, a plan node, an RDD, a zoom.
    void cleared();
    void findingRequested(const stagelight::Finding& finding);  // the finding in full
    void stageRequested(stagelight::StageKey stage);
    void stageRefreshed(stagelight::StageKey stage);  // the same stage, in a newer model
    // The finding concerns no stage (the driver, a setting): stage views show none rather than
    // keep the previous finding's stage.
    void noStageRequested();
    // A finding's outliers, shown in `metric` (the stage was requested first).
    void tasksHighlighted(stagelight::StageKey stage, const std::vector<int64_t>& taskIds,
                          stagelight::HistogramMetric metric);
    // A task picked in one view (the others point at it); it ends a bar's choice.
    void tasksSelected(const QList<qint64>& taskIds);
    // A histogram bar's tasks (empty: none any more): selected in the table, marked in the
    // timeline apart from the finding's own tasks.
    void barTasksChosen(const QList<qint64>& taskIds);
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
    void showNoStage();
    const LoadSession* session_;
    StageKey shown_;
};

}  // namespace stagelight
