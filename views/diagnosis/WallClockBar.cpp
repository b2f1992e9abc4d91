#include "diagnosis/WallClockBar.h"

#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QResizeEvent>
#include <QToolTip>

#include <algorithm>

#include "diagnosis/Analyzer.h"
#include "qt/PlainText.h"
#include "style/Palette.h"
#include "text/Format.h"

namespace stagelight {
namespace {

constexpr double kMinSegmentPx = 4;  // thinner runs are grouped: they could not be clicked
constexpr int kBarHeight = 30, kStripHeight = 6, kLegendHeight = 18;
constexpr int64_t kSchedulingSlackMs = 1000;  // the sweep's merge threshold (Slices.h)
constexpr int kExplainedEntry = -1, kUnexplainedEntry = -2;  // legend entries that are no cause

QString qs(std::string_view s) {
    return QString::fromUtf8(s.data(), qsizetype(s.size()));
}

QString shortLabel(const Slice& s) {
    switch (s.cause) {
        case Slice::Cause::DriverBeforeFirstJob:
        case Slice::Cause::DriverBetweenJobs:
        case Slice::Cause::DriverAfterLastJob:
            return QObject::tr("driver");
        case Slice::Cause::WaitingForExecutors:
            return QObject::tr("wait for executors");
        case Slice::Cause::StageWait:
            return QObject::tr("stage wait");
        case Slice::Cause::DriverInJob:
            return QObject::tr("driver in job");
        case Slice::Cause::IdleSlots:
        case Slice::Cause::StragglerTail:
        case Slice::Cause::StageRunning:
            break;
    }
    const QString stage = QStringLiteral("%1.%2").arg(s.stage.stage).arg(s.stage.attempt);
    return s.cause == Slice::Cause::StragglerTail ? QObject::tr("%1 tail").arg(stage)
           : s.cause == Slice::Cause::IdleSlots   ? QObject::tr("%1 idle").arg(stage)
                                                  : QObject::tr("stage %1").arg(stage);
}

}  // namespace

WallClockBar::WallClockBar(QWidget* parent) : QWidget(parent) {
    setMouseTracking(true);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
}

QSize WallClockBar::sizeHint() const {
    return {600, kBarHeight + kStripHeight + kLegendHeight + 4};
}

QSize WallClockBar::minimumSizeHint() const {
    return {200, sizeHint().height()};
}

void WallClockBar::setAnalysis(AnalysisPtr analysis) {
    analysis_ = std::move(analysis);
    hovered_ = -1;
    setFixedHeight(heightFor(width()));  // the legend's rows for these causes
    update();
}

QColor WallClockBar::causeColor(int cause) {
    switch (Slice::Cause(cause)) {
        case Slice::Cause::DriverBeforeFirstJob:
            return {0x78, 0x90, 0x9C};
        case Slice::Cause::DriverBetweenJobs:
            return {0x9E, 0xAE, 0xB6};
        case Slice::Cause::DriverAfterLastJob:
            return {0x60, 0x7D, 0x8B};
        case Slice::Cause::WaitingForExecutors:
            return {0x95, 0x75, 0xCD};
        case Slice::Cause::StageWait:
            return {0xFF, 0xCA, 0x28};
        case Slice::Cause::DriverInJob:
            return {0xA1, 0x88, 0x7F};
        case Slice::Cause::StageRunning:
            return palette::kComputing;
        case Slice::Cause::IdleSlots:
            return {0xFF, 0x8A, 0x65};
        case Slice::Cause::StragglerTail:
            return {0xE5, 0x73, 0x73};
    }
    return Qt::gray;
}

QRectF WallClockBar::barRect() const {
    return QRectF(1, 1, width() - 2, kBarHeight);
}

std::vector<WallClockBar::Segment> WallClockBar::segments() const {
    std::vector<Segment> out;
    if (!analysis_ || analysis_->time.slices.empty()) return out;
    const auto& slices = analysis_->time.slices;
    const int64_t t0 = slices.front().startMs, t1 = slices.back().endMs;
    const double pxPerMs = t1 > t0 ? barRect().width() / double(t1 - t0) : 0;
    // Consecutive slices of one cause and stage first, then thin runs of those as one group.
    std::vector<Segment> merged;
    for (size_t i = 0; i < slices.size(); ++i) {
        const Slice& s = slices[i];
        if (!merged.empty()) {
            const Slice& prev = slices[merged.back().last];
            if (prev.cause == s.cause && prev.stage.stage == s.stage.stage &&
                prev.stage.attempt == s.stage.attempt) {
                Segment& m = merged.back();
                m.last = i;
                m.endMs = s.endMs;
                m.explainedMs += s.explainedMs;
                m.taskMs += s.taskMs;
                m.coreMs += s.coreMs;
                if (s.durationMs() > slices[m.slice].durationMs()) m.slice = i;
                continue;
            }
        }
        merged.push_back({i, i, i, s.startMs, s.endMs, s.explainedMs, s.taskMs, s.coreMs});
    }
    for (const Segment& m : merged) {
        const bool thin = double(m.endMs - m.startMs) * pxPerMs < kMinSegmentPx;
        if (thin && !out.empty() &&
            double(out.back().endMs - out.back().startMs) * pxPerMs < kMinSegmentPx) {
            Segment& g = out.back();
            g.last = m.last;
            g.endMs = m.endMs;
            g.explainedMs += m.explainedMs;
            g.taskMs += m.taskMs;
            g.coreMs += m.coreMs;
            if (slices[m.slice].durationMs() > slices[g.slice].durationMs()) g.slice = m.slice;
            continue;
        }
        out.push_back(m);
    }
    return out;
}

void WallClockBar::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing, false);
    const QRectF bar = barRect();
    if (!analysis_ || analysis_->time.slices.empty()) {
        p.setPen(palette().color(QPalette::PlaceholderText));
        p.drawText(bar, Qt::AlignCenter,
                   placeholder_.isEmpty() ? tr("Open a log to see where its wall clock went")
                                          : placeholder_);
        return;
    }
    const auto& slices = analysis_->time.slices;
    const int64_t t0 = slices.front().startMs, t1 = slices.back().endMs;
    const double pxPerMs = t1 > t0 ? bar.width() / double(t1 - t0) : 0;
    const std::vector<Segment> segs = segments();
    const QRectF strip(bar.left(), bar.bottom() + 1, bar.width(), kStripHeight);
    QFont small = font();
    small.setPointSizeF(font().pointSizeF() * 0.9);
    p.setFont(small);
    for (size_t i = 0; i < segs.size(); ++i) {
        const Segment& s = segs[i];
        const double x0 = bar.left() + double(s.startMs - t0) * pxPerMs;
        const double x1 = bar.left() + double(s.endMs - t0) * pxPerMs;
        const QRectF r(x0, bar.top(), std::max(1.0, x1 - x0), bar.height());
        const QColor c = causeColor(int(slices[s.slice].cause));
        p.fillRect(r, int(i) == hovered_ ? c.darker(120) : c);
        // The explained share: solid dark from the left, the rest hatched.
        const double dur = double(s.endMs - s.startMs);
        const double share = dur > 0 ? std::clamp(double(s.explainedMs) / dur, 0.0, 1.0) : 0;
        const QRectF st(r.left(), strip.top(), r.width(), strip.height());
        p.fillRect(st, QBrush(palette().color(QPalette::Mid), Qt::BDiagPattern));
        p.fillRect(QRectF(st.left(), st.top(), st.width() * share, st.height()),
                   palette().color(QPalette::WindowText));
        if (r.width() > 2) {
            p.setPen(palette().color(QPalette::Base));
            p.drawLine(QPointF(r.right(), r.top()), QPointF(r.right(), r.bottom()));
        }
        const int64_t ms = labelMs(s);
        const QString label =
            shortLabel(slices[s.slice]) +
            (ms >= 0 ? QStringLiteral(" ") + QString::fromStdString(formatDuration(ms)) : QString());
        if (p.fontMetrics().horizontalAdvance(label) + 6 < r.width()) {
            p.setPen(Qt::black);  // on the light cause colours in both palettes
            p.drawText(r.adjusted(3, 0, -3, 0), Qt::AlignVCenter | Qt::AlignLeft, label);
        }
    }
    // The legend: what the strip means, then every cause present with its total, largest first,
    // wrapping onto further rows in a narrow window (the widget's height follows).
    const double y = strip.bottom() + 3;
    p.setPen(palette().color(QPalette::WindowText));
    const auto entries = legendEntries();
    const auto places = legendPlaces(entries, bar.width());
    for (size_t i = 0; i < entries.size(); ++i) {
        const double x = bar.left() + places[i].x(), ey = y + places[i].y();
        if (entries[i].cause == kExplainedEntry) {
            p.fillRect(QRectF(x, ey + 5, 14, 6), palette().color(QPalette::WindowText));
        } else if (entries[i].cause == kUnexplainedEntry) {
            p.fillRect(QRectF(x, ey + 5, 14, 6), QBrush(palette().color(QPalette::Mid), Qt::BDiagPattern));
        } else {
            p.fillRect(QRectF(x + 2, ey + 3, 10, 10), causeColor(entries[i].cause));
        }
        p.drawText(QRectF(x + 18, ey, p.fontMetrics().horizontalAdvance(entries[i].text) + 4, kLegendHeight - 2),
                   Qt::AlignVCenter | Qt::AlignLeft, entries[i].text);
    }
}

const StageShare* WallClockBar::wholeStageOf(const Segment& s) const {
    const auto& slices = analysis_->time.slices;
    const Slice& main = slices[s.slice];
    if (main.cause != Slice::Cause::StageRunning || !main.stage.valid()) return nullptr;
    for (size_t i = 0; i < slices.size(); ++i)
        if ((i < s.first || i > s.last) && slices[i].stage.stage == main.stage.stage &&
            slices[i].stage.attempt == main.stage.attempt)
            return nullptr;  // part of the stage's time is elsewhere
    for (const StageShare& st : analysis_->time.stages)
        if (st.stageId == main.stage.stage && st.stageAttemptId == main.stage.attempt)
            return st.durationMs <= s.endMs - s.startMs &&
                           s.endMs - s.startMs - st.durationMs < kSchedulingSlackMs
                       ? &st
                       : nullptr;
    return nullptr;
}

int64_t WallClockBar::labelMs(const Segment& s) const {
    // A segment that holds a whole stage is labelled with the stage's Duration, the figure the
    // stage table shows; the few ms of scheduling the slice adds are named in its tooltip.
    if (const StageShare* st = wholeStageOf(s)) return st->durationMs;
    // Part of a running stage's time (it overlapped others, or its slices are split): no figure,
    // since any would differ from the stage's Duration; the tooltip gives both.
    const Slice& main = analysis_->time.slices[s.slice];
    if (main.cause == Slice::Cause::StageRunning && main.stage.valid() && s.first == s.last)
        return -1;
    return s.endMs - s.startMs;
}

std::vector<WallClockBar::LegendEntry> WallClockBar::legendEntries() const {
    std::vector<LegendEntry> out{{kExplainedEntry, tr("explained by findings")},
                                 {kUnexplainedEntry, tr("no finding")}};
    if (!analysis_) return out;
    for (const SliceCauseTotal& t : sliceTotalsByCause(analysis_->time.slices))
        out.push_back({int(t.cause), qs(sliceCauseLabel(t.cause)) + QStringLiteral(" ") +
                                         QString::fromStdString(formatDuration(t.ms))});
    return out;
}

// Each entry's offset from the legend's top left: entries flow left to right and wrap.
std::vector<QPointF> WallClockBar::legendPlaces(const std::vector<LegendEntry>& entries,
                                                double width) const {
    std::vector<QPointF> out;
    double x = 0, y = 0;
    for (const LegendEntry& e : entries) {
        const double w = fontMetrics().horizontalAdvance(e.text) + 30;
        if (x > 0 && x + w > width) {
            x = 0;
            y += kLegendHeight;
        }
        out.emplace_back(x, y);
        x += w;
    }
    return out;
}

QStringList WallClockBar::legendTexts() const {
    QStringList out;
    for (const LegendEntry& e : legendEntries()) out.push_back(e.text);
    return out;
}

int WallClockBar::legendRows() const { return (heightFor(width()) - kBarHeight - kStripHeight - 4) / kLegendHeight; }

int WallClockBar::heightFor(int width) const {
    const auto entries = legendEntries();
    const auto places = legendPlaces(entries, width - 2);
    const int rows = places.empty() ? 1 : int(places.back().y() / kLegendHeight) + 1;
    return kBarHeight + kStripHeight + rows * kLegendHeight + 4;
}

void WallClockBar::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    if (const int h = heightFor(width()); h != height()) setFixedHeight(h);  // width stays
}

int WallClockBar::segmentAt(const QPointF& pos) const {
    if (!analysis_ || analysis_->time.slices.empty()) return -1;
    const QRectF bar = barRect();
    if (pos.y() < bar.top() || pos.y() > bar.bottom() + kStripHeight + 1) return -1;
    const auto& slices = analysis_->time.slices;
    const int64_t t0 = slices.front().startMs, t1 = slices.back().endMs;
    if (t1 <= t0) return -1;
    const double ms = double(t0) + (pos.x() - bar.left()) / bar.width() * double(t1 - t0);
    const std::vector<Segment> segs = segments();
    for (size_t i = 0; i < segs.size(); ++i)
        if (ms >= double(segs[i].startMs) && ms <= double(segs[i].endMs)) return int(i);
    return -1;
}

QString WallClockBar::tooltipOf(const Segment& s) const {
    const auto& slices = analysis_->time.slices;
    const Slice& main = slices[s.slice];
    const int64_t t0 = slices.front().startMs;
    const double dur = double(std::max<int64_t>(1, s.endMs - s.startMs));
    QString text = qs(sliceCauseLabel(main.cause));
    if (main.stage.valid())
        text += tr(" · stage %1.%2").arg(main.stage.stage).arg(main.stage.attempt);
    if (s.last > s.first) text += tr(" (and %1 more slices)").arg(s.last - s.first);
    text += QStringLiteral("\n") +
            tr("%1 → %2 · %3")
                .arg(QString::fromStdString(formatOffset(s.startMs - t0)),
                     QString::fromStdString(formatOffset(s.endMs - t0)),
                     QString::fromStdString(formatDuration(s.endMs - s.startMs)));
    // The slice is wall clock the stage held; the stage's own span (the stage table's
    // Duration, the label's figure when the segment holds the whole stage) can differ by the few
    // ms of scheduling around it, so both are named.
    if (const StageShare* st = wholeStageOf(s)) {
        const int64_t extra = s.endMs - s.startMs - st->durationMs;
        text += QStringLiteral("\n") +
                tr("the stage ran %1 from its first task to its completion (its Duration)")
                    .arg(QString::fromStdString(formatDuration(st->durationMs)));
        if (extra > 0)
            text += QStringLiteral("\n") + tr("and %1 of scheduling around it belong to this slice")
                                               .arg(QString::fromStdString(formatDuration(extra)));
    } else if (main.stage.valid()) {
        for (const StageShare& st : analysis_->time.stages)
            if (st.stageId == main.stage.stage && st.stageAttemptId == main.stage.attempt)
                text += QStringLiteral("\n") +
                        tr("the stage ran %1 from its first task to its completion (its Duration)")
                            .arg(QString::fromStdString(formatDuration(st.durationMs)));
    }
    text += QStringLiteral("\n") + tr("cores busy %1 of %2 allocated (average)")
                                       .arg(s.taskMs / dur, 0, 'f', 1)
                                       .arg(s.coreMs / dur, 0, 'f', 1);
    text += QStringLiteral("\n") +
            tr("explained by findings: %1 · no finding claims %2")
                .arg(QString::fromStdString(formatDuration(s.explainedMs)),
                     QString::fromStdString(formatDuration(s.endMs - s.startMs - s.explainedMs)));
    text += QStringLiteral("\n") + tr("Click to show it");
    return plainTooltip(text);
}

void WallClockBar::mouseMoveEvent(QMouseEvent* event) {
    const int h = segmentAt(event->position());
    if (h != hovered_) {
        hovered_ = h;
        setCursor(h >= 0 ? Qt::PointingHandCursor : Qt::ArrowCursor);
        update();
    }
}

void WallClockBar::mousePressEvent(QMouseEvent* event) {
    const int i = segmentAt(event->position());
    if (i < 0 || event->button() != Qt::LeftButton) return;
    Q_EMIT sliceClicked(qsizetype(segments()[size_t(i)].slice));
}

bool WallClockBar::event(QEvent* event) {
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        const int i = segmentAt(help->pos());
        if (i < 0) {
            QToolTip::hideText();
            event->ignore();
        } else {
            QToolTip::showText(help->globalPos(), tooltipOf(segments()[size_t(i)]), this);
        }
        return true;
    }
    if (event->type() == QEvent::Leave && hovered_ >= 0) {
        hovered_ = -1;
        update();
    }
    return QWidget::event(event);
}

}  // namespace stagelight
