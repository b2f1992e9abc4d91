#include "gui/Navigator.h"

#include "diagnosis/RelatedStage.h"
#include "model/Numeric.h"
#include "qt/LoadSession.h"

namespace stagelight {
namespace {

StageKey stageOf(const Evidence& e) {
    return {e.stageId, e.stageAttemptId};
}

// [from - margin, to + margin] with margin = (to - from) / divisor + 1, saturating: a hostile
// log's times reach int64's ends.
std::pair<qint64, qint64> widened(int64_t from, int64_t to, int64_t divisor) {
    const int64_t margin = saturatingAdd(saturatingSub(to, from) / divisor, 1);
    return {saturatingSub(from, margin), saturatingAdd(to, margin)};
}

}  // namespace

size_t stageIndexOf(const ModelPtr& model, StageKey stage) {
    const StageAttempt* s = model ? model->stage(stage.stage, stage.attempt) : nullptr;
    return s ? size_t(s - model->stages.data()) : SIZE_MAX;
}

Navigator::Navigator(const LoadSession* session, QObject* parent)
    : QObject(parent), session_(session) {
    connect(session, &LoadSession::cleared, this, [this] { shown_ = {}; });
}

void Navigator::showStage(StageKey stage) {
    if (stageIndexOf(session_->model(), stage) == SIZE_MAX) return;
    shown_ = stage;
    Q_EMIT stageRequested(stage);
}

void Navigator::refreshStage(StageKey stage) {
    if (stage == shown_ && stageIndexOf(session_->model(), stage) != SIZE_MAX)
        Q_EMIT stageRefreshed(stage);
}

void Navigator::showNoStage() {
    shown_ = {};
    Q_EMIT noStageRequested();
}

void Navigator::selectTasks(const QList<qint64>& taskIds) {
    Q_EMIT tasksSelected(taskIds);
}

void Navigator::chooseBarTasks(const QList<qint64>& taskIds) {
    Q_EMIT barTasksChosen(taskIds);
}

void Navigator::showFinding(const Finding& finding) {
    // A finding replaces everything the last one marked: a SQL or RDD finding must not leave the
    // previous stage's outliers in the histogram and the timeline.
    Q_EMIT cleared();
    Q_EMIT findingRequested(finding);
    // The stage it concerns (RelatedStage.h), then the first piece of each kind: its outliers,
    // the window, the plan node, the RDD.
    const ModelPtr& model = session_->model();
    const StageKey stage = model ? relatedStage(*model, finding) : StageKey{};
    if (stage.valid())
        showStage(stage);
    else
        showNoStage();
    for (const Evidence& e : finding.evidence)
        if (e.kind == Evidence::Kind::Tasks) {
            Q_EMIT tasksHighlighted(stageOf(e), e.taskIds, finding.focusMetric);
            break;
        }
    for (const Evidence& e : finding.evidence)
        if (e.kind == Evidence::Kind::TimeWindow && e.endMs > e.startMs) {
            showWindow(e);
            break;
        }
    for (const Evidence& e : finding.evidence)
        if (e.kind == Evidence::Kind::SqlNode) {
            Q_EMIT sqlNodeRequested(ExecutionId{e.executionId}, e.nodeId);
            break;
        }
    for (const Evidence& e : finding.evidence)
        if (e.kind == Evidence::Kind::Rdd) {
            Q_EMIT rddRequested(RddId{e.rddId});
            break;
        }
}

void Navigator::showEvidence(const Evidence& e, HistogramMetric focus) {
    // A line of the finding on screen refines it: nothing is cleared.
    Q_EMIT evidenceRequested(e);
    if (e.stageId >= 0) showStage(stageOf(e));
    if (e.kind == Evidence::Kind::Tasks) Q_EMIT tasksHighlighted(stageOf(e), e.taskIds, focus);
    if (e.kind == Evidence::Kind::TimeWindow && e.endMs > e.startMs) showWindow(e);
    if (e.kind == Evidence::Kind::SqlNode)
        Q_EMIT sqlNodeRequested(ExecutionId{e.executionId}, e.nodeId);
    if (e.kind == Evidence::Kind::Rdd) Q_EMIT rddRequested(RddId{e.rddId});
}

void Navigator::showWindow(const Evidence& e) {
    const auto [from, to] = widened(e.startMs, e.endMs, 50);
    Q_EMIT timeWindowRequested(stageOf(e), from, to);
}

void Navigator::showSlice(const Slice& slice) {
    Q_EMIT cleared();  // a new question: the previous finding's marks go
    const auto [from, to] = widened(slice.startMs, slice.endMs, 20);
    if (slice.stage.valid() && stageIndexOf(session_->model(), slice.stage) != SIZE_MAX) {
        showStage(slice.stage);
        Q_EMIT timeWindowRequested(slice.stage, from, to);
        return;
    }
    // Driver time, waiting for executors: where in the run it falls.
    Q_EMIT timeWindowRequested(StageKey{}, from, to);
}

void Navigator::showJob(int32_t jobId) {
    const ModelPtr& model = session_->model();
    if (!model) return;
    for (size_t i = 0; i < model->jobs.size(); ++i)
        if (model->jobs[i].id == jobId) {
            Q_EMIT cleared();
            Q_EMIT jobRequested(jobId);
            // The stage views follow (after the stage table lists the job's stages): a stage
            // outside the job would be read as one of its own.
            if (!shown_.valid() || !stageOfJob(*model, shown_, jobId)) {
                if (const StageKey longest = jobStage(*model, jobId); longest.valid())
                    showStage(longest);
                else
                    showNoStage();
            }
            const JobSpan& span = model->derived.jobSpans[i];
            if (span.known() && span.endMs > span.startMs) {
                const auto [from, to] = widened(span.startMs, span.endMs, 20);
                Q_EMIT timeWindowRequested(StageKey{}, from, to);
            }
            return;
        }
}

void Navigator::showGap(const Gap& gap) {
    // A wider margin than a finding's window: a gap is seen against the tasks around it.
    const auto [from, to] = widened(gap.startMs, gap.endMs, 4);
    if (gap.stageId < 0) {  // an application-level gap: where it falls in the run
        Q_EMIT cleared();
        Q_EMIT timeWindowRequested(StageKey{}, from, to);
        return;
    }
    const StageKey stage{gap.stageId, gap.stageAttemptId};
    showStage(stage);
    Q_EMIT timeWindowRequested(stage, from, to);
}

}  // namespace stagelight
