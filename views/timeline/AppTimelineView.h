// The whole application on one time axis: job spans, stage attempts packed into rows (coloured by
// status, the longest labelled), driver-only gaps shaded, and below them the executor cores
// allocated and busy over time. Zooms and pans like the stage timeline (TimelineWidget);
// clicking a stage shows it everywhere (through the Navigator).
#pragma once

#include <vector>

#include "qt/MetaTypes.h"
#include "timeline/TimelineWidget.h"

namespace stagelight {

class AppTimelineView : public TimelineWidget {
    Q_OBJECT
public:
    explicit AppTimelineView(QWidget* parent = nullptr);
    void setModel(ModelPtr model);           // stages and jobs
    void setAnalysis(AnalysisPtr analysis);  // gaps and the core series
    void setSelectedStage(int32_t stageId, int32_t attemptId);

    struct StageBar {
        int32_t stageId, attemptId;
        int64_t start, end;
        // Submitted before its first task launched (a stage that waited): drawn as a line
        // leading into the bar; `start` when it did not wait.
        int64_t submitted;
        int row;
        StageStatus status;
    };
    const std::vector<StageBar>& stageBars() const { return bars_; }
    QRectF barRect(size_t i) const;
    // The stage under a widget position: (stage, attempt) or (-1, -1).
    std::pair<int32_t, int32_t> stageAt(const QPoint& pos) const;

Q_SIGNALS:
    void stageClicked(qint32 stageId, qint32 attemptId);

protected:
    QRectF plotArea() const override;  // the stage rows
    std::pair<double, double> fullRange() const override { return {double(start_), double(end_)}; }
    void clickedAt(const QPoint& pos) override;
    void paintEvent(QPaintEvent* event) override;
    bool event(QEvent* event) override;  // tooltips

private:
    QRectF coreArea() const;
    double rowHeight() const;

    ModelPtr model_;
    AnalysisPtr analysis_;
    std::vector<StageBar> bars_;
    int rows_ = 0;
    int64_t start_ = 0, end_ = 1;
    std::pair<int32_t, int32_t> selected_{-1, -1};
};

}  // namespace stagelight
