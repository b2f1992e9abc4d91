// The stage timeline's rows: lanes and folded executor strips, their heights and places in
// the plot, and their labels.
#include <QFontMetricsF>
#include <QPainter>

#include <algorithm>

#include "timeline/StageTimelinePainter.h"

namespace stagelight {

void StageTimelinePainter::buildRows() {
    rows_.clear();
    foldedBefore_.clear();
    rowOfLane_.assign(lanes_.laneLabels.size(), 0);
    for (size_t e = 0; e + 1 < lanes_.executorBegin.size(); ++e) {
        const uint32_t first = lanes_.executorBegin[e], end = lanes_.executorBegin[e + 1];
        if (folded_[e] && end - first > 1) {
            for (uint32_t l = first; l < end; ++l) rowOfLane_[l] = int(rows_.size());
            rows_.push_back({first, end, e, true});
            continue;
        }
        for (uint32_t l = first; l < end; ++l) {
            rowOfLane_[l] = int(rows_.size());
            rows_.push_back({l, l + 1, e, false});
        }
    }
    foldedBefore_.reserve(rows_.size() + 1);
    foldedBefore_.push_back(0);
    for (const Row& row : rows_)
        foldedBefore_.push_back(foldedBefore_.back() + (row.folded ? 1 : 0));
    firstRow_ = std::clamp(firstRow_, 0, std::max(0, int(rows_.size()) - 1));
}

StageTimelinePainter::RowHeights StageTimelinePainter::rowHeights(const QRectF& area) const {
    const double rows = std::max(1.0, double(rows_.size()));
    const double fit = area.height() / rows;
    if (mode_ == LaneMode::Fit) return {std::min(fit, 20.0), std::min(fit, 20.0)};
    if (fit >= kScrollRowHeight) return {std::min(fit, 20.0), std::min(fit, 20.0)};
    // A folded strip keeps a labelled row (its label is how it is told apart and unfolded); the
    // unfolded lanes share the rest while they stay three pixels or more, else every row
    // keeps the readable height and the rows scroll.
    const double folded = double(foldedBefore_.empty() ? 0 : foldedBefore_.back());
    const double lanes = rows - folded;
    const double laneFit =
        lanes > 0 ? (area.height() - folded * kScrollRowHeight) / lanes : kScrollRowHeight;
    if (laneFit >= 4) return {laneFit, kScrollRowHeight};
    return {kScrollRowHeight, kScrollRowHeight};
}

double StageTimelinePainter::laneHeight(const QRectF& area) const {
    return rowHeights(area).lane;
}

double StageTimelinePainter::rowHeight(int row, const QRectF& area) const {
    const RowHeights h = rowHeights(area);
    return rows_[size_t(row)].folded ? h.strip : h.lane;
}

double StageTimelinePainter::offsetOf(int row, const RowHeights& h) const {
    const int folded = foldedBefore_[size_t(row)];
    return double(row - folded) * h.lane + double(folded) * h.strip;
}

int StageTimelinePainter::rowsOnScreen(const QRectF& area) const {
    if (mode_ == LaneMode::Fit || rows_.empty()) return int(rows_.size());
    // Counted back from the last row, so the last row can reach the bottom of the plot.
    const RowHeights h = rowHeights(area);
    const double end = offsetOf(int(rows_.size()), h);
    int first = int(rows_.size());
    while (first > 0 && end - offsetOf(first - 1, h) <= area.height() + 1e-6) --first;
    return std::max(1, int(rows_.size()) - first);
}

void StageTimelinePainter::setFirstRow(int row, const QRectF& area) {
    firstRow_ = std::clamp(row, 0, std::max(0, int(rows_.size()) - rowsOnScreen(area)));
}

double StageTimelinePainter::rowTop(int row, const QRectF& area) const {
    const int first = mode_ == LaneMode::Fit ? 0 : firstRow_;
    const RowHeights h = rowHeights(area);
    return area.top() + offsetOf(row, h) - offsetOf(first, h);
}

int StageTimelinePainter::rowAt(double y, const QRectF& area) const {
    if (y < area.top() || y >= area.bottom() || rows_.empty()) return -1;
    const int first = mode_ == LaneMode::Fit ? 0 : firstRow_;
    const RowHeights h = rowHeights(area);
    const double at = y - area.top() + offsetOf(first, h);
    // The last row whose top is at or above y.
    int lo = first, hi = int(rows_.size());
    while (hi - lo > 1) {
        const int mid = lo + (hi - lo) / 2;
        (offsetOf(mid, h) <= at ? lo : hi) = mid;
    }
    return at < offsetOf(lo + 1, h) ? lo : -1;
}

QString StageTimelinePainter::rowLabel(const Row& row) const {
    const std::string& name = lanes_.executorNames[row.executor];
    const uint32_t slots =
        lanes_.executorBegin[row.executor + 1] - lanes_.executorBegin[row.executor];
    if (row.folded)
        // Lanes are tasks that ran at once by the log's times, which can exceed the
        // executor's cores (GPU scheduling, a launch logged before the last task's end).
        return QStringLiteral("▸ ") + (slots == 1 ? QObject::tr("executor %1 · %2 lane")
                                                  : QObject::tr("executor %1 · %2 lanes"))
                                          .arg(QString::fromStdString(name))
                                          .arg(slots);
    const QString label = QString::fromStdString(lanes_.laneLabels[row.firstLane]);
    if (slots > 1 && row.firstLane == lanes_.executorBegin[row.executor])
        return QStringLiteral("▾ ") + label;
    return label;
}

QFont StageTimelinePainter::labelFont(QFont font, const QRectF& area) const {
    const RowHeights heights = rowHeights(area);
    const double tallest = std::max(heights.lane, heights.strip);
    if (QFontMetricsF(font).height() > tallest + 1)
        font.setPixelSize(std::max(10, int(tallest) - 1));
    return font;
}

std::vector<std::pair<int, double>> StageTimelinePainter::labelPlacement(const QRectF& area,
                                                                         double textHeight) const {
    // Every folded strip keeps its label (it is how a strip is told apart and clicked to
    // unfold); lanes too short for their text are labelled where they leave room. Strips go
    // first (only in Fit mode can they be too thin for one label each), then the lanes between
    // them, top down; labels may touch by 2 px.
    constexpr double kSlack = 2;
    std::vector<std::pair<int, double>> placed;
    const int first = mode_ == LaneMode::Fit ? 0 : firstRow_;
    int end = first;
    while (end < int(rows_.size()) && rowTop(end, area) < area.bottom() - 1) ++end;
    const auto n = size_t(end - first);
    std::vector<double> top(n);
    for (size_t i = 0; i < n; ++i)
        top[i] =
            rowTop(first + int(i), area) + rowHeight(first + int(i), area) / 2 - textHeight / 2;
    std::vector<uint8_t> labelled(n, 0);
    double bottom = -1e300;
    for (size_t i = 0; i < n; ++i)
        if (rows_[size_t(first) + i].folded && top[i] >= bottom - kSlack) {
            labelled[i] = 1;
            bottom = top[i] + textHeight;
        }
    std::vector<double> nextTop(n + 1, 1e300);  // the top of the next strip's label
    for (size_t i = n; i-- > 0;) nextTop[i] = labelled[i] ? top[i] : nextTop[i + 1];
    bottom = -1e300;
    for (size_t i = 0; i < n; ++i) {
        if (!labelled[i] && (rows_[size_t(first) + i].folded || top[i] < bottom - kSlack ||
                             top[i] + textHeight > nextTop[i + 1] + kSlack))
            continue;
        placed.emplace_back(first + int(i), top[i]);
        bottom = top[i] + textHeight;
    }
    return placed;
}

void StageTimelinePainter::paintLabels(QPainter& p, const QRectF& bounds, const QRectF& area,
                                       const QPalette& pal) const {
    if (std::max(rowHeights(area).lane, rowHeights(area).strip) < 1) return;
    p.save();
    p.setPen(pal.color(QPalette::Text));
    p.setFont(labelFont(p.font(), area));
    const QFontMetricsF metrics(p.font());
    const double width = labelWidth(bounds) - 8;
    for (const auto& [row, top] : labelPlacement(area, metrics.height()))
        p.drawText(QRectF(bounds.left() + 4, top, width, metrics.height()),
                   Qt::AlignVCenter | Qt::AlignRight, fittedLabel(row, metrics, width));
    p.restore();
}

QString StageTimelinePainter::fittedLabel(int row, const QFontMetricsF& metrics,
                                          double width) const {
    QString label = rowLabel(rows_[size_t(row)]);
    // "executor 3 · lane 2" → "3 · lane 2", then the middle elided: the executor's id starts
    // the label and the lane ends it (a narrow comparison timeline).
    if (metrics.horizontalAdvance(label) > width) label.remove(QStringLiteral("executor "));
    return metrics.elidedText(label, Qt::ElideMiddle, width);
}

}  // namespace stagelight
