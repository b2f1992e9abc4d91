// The application's wall clock as one horizontal bar cut into its time-accounting slices
// (diagnosis/Slices.h), coloured by cause. Consecutive slices of one cause and stage are one
// segment; runs of segments too thin to see or click are drawn as one group (the colour of its
// longest member). A thin strip under the bar shows how much of each segment the findings
// explain. Clicking a segment reports its longest slice.
#pragma once

#include <QWidget>

#include <vector>

#include "qt/MetaTypes.h"

namespace stagelight {

struct StageShare;

class WallClockBar : public QWidget {
    Q_OBJECT
public:
    explicit WallClockBar(QWidget* parent = nullptr);
    void setAnalysis(AnalysisPtr analysis);
    // What the bar says while it has no analysis (empty: "Open a log…").
    void setPlaceholder(const QString& text) {
        placeholder_ = text;
        update();
    }

    // A run of slices drawn as one piece; `slice` is its longest (what a click shows).
    struct Segment {
        size_t first = 0, last = 0;  // slice indices, inclusive
        size_t slice = 0;
        int64_t startMs = 0, endMs = 0, explainedMs = 0;
        double taskMs = 0, coreMs = 0;
    };
    // The segments at the current width, in time order (tests add up their durations).
    std::vector<Segment> segments() const;
    static QColor causeColor(int cause);  // Slice::Cause as an int
    // The duration a segment's label prints: the stage's Duration (the stage table's figure)
    // for a segment that holds a whole running stage, none (-1) for one that holds part of a
    // running stage, else the segment's wall clock.
    int64_t labelMs(const Segment& s) const;

    // The legend's entries (the strip's two marks, then every cause present with its total) and
    // how many rows they wrap onto at the current width; none is ever left out.
    QStringList legendTexts() const;
    int legendRows() const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

Q_SIGNALS:
    void sliceClicked(qsizetype sliceIndex);  // into Analysis::time.slices

protected:
    void paintEvent(QPaintEvent*) override;
    void resizeEvent(QResizeEvent* event) override;  // the legend's rows follow the width
    void mouseMoveEvent(QMouseEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    bool event(QEvent* event) override;

private:
    QRectF barRect() const;
    struct LegendEntry {
        int cause;  // Slice::Cause, or the explained / unexplained marks (negative)
        QString text;
    };
    std::vector<LegendEntry> legendEntries() const;
    std::vector<QPointF> legendPlaces(const std::vector<LegendEntry>& entries, double width) const;
    int heightFor(int width) const;
    int segmentAt(const QPointF& pos) const;
    QString tooltipOf(const Segment& s) const;
    // The stage whose every slice is in `s`, a running stage whose Duration it spans up to the
    // few ms of scheduling the sweep merges into it; null otherwise.
    const StageShare* wholeStageOf(const Segment& s) const;
    AnalysisPtr analysis_;
    QString placeholder_;
    int hovered_ = -1;
};

}  // namespace stagelight
