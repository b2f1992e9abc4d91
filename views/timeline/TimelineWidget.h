// What both timelines share: a visible time range (TimeViewport) with zoom history, and the
// mouse and keys that move it. Wheel zooms around the cursor, dragging pans, Shift-drag (or the
// right button) zooms into a time range, Backspace goes back, Home shows everything; a click
// without a drag goes to clickedAt().
#pragma once

#include <QWidget>

#include <cstdint>
#include <utility>
#include <vector>

#include "timeline/TimeViewport.h"

class QPainter;

namespace stagelight {

class TimelineWidget : public QWidget {
    Q_OBJECT
public:
    explicit TimelineWidget(QWidget* parent = nullptr);

    void zoomTo(int64_t startMs, int64_t endMs);  // pushes the current range on the history
    void zoomBack();
    void resetZoom();  // the full range, with a small margin; clears nothing
    std::pair<int64_t, int64_t> visibleRange() const {
        return {int64_t(range_.start), int64_t(range_.end)};
    }
    size_t historyDepth() const { return history_.size(); }
    QRectF bandRect() const;  // the range being selected with the rubber band (empty: none)

protected:
    virtual QRectF plotArea() const = 0;
    virtual std::pair<double, double> fullRange() const = 0;
    virtual void clickedAt(const QPoint&) {}

    // The visible range mapped onto the plot area's pixels.
    TimeViewport viewport() const;
    void clearHistory() { history_.clear(); }
    void paintRubberBand(QPainter& p) const;

    void wheelEvent(QWheelEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;

private:
    void setRange(double start, double end);

    TimeViewport range_;
    std::vector<std::pair<double, double>> history_;
    QPoint pressPos_, bandEnd_;
    TimeViewport pressRange_;
    bool panning_ = false, banding_ = false, moved_ = false;
};

}  // namespace stagelight
