// Benchmark of the views at a million tasks (prints figures; never a timed test): the stage
// timeline's draw list plus paint at full zoom-out and three zoom levels (target <= 16 ms each)
// in each way of showing the lanes (fit: every lane on screen; scroll: the first screenful;
// folded: an occupancy strip per executor), with the lanes drawn against the lanes of the stage,
// and histogram re-binning (target <= 5 ms). Fails when the fit or folded views drop a lane or
// the last lane cannot be scrolled to.
#include <QGuiApplication>
#include <QImage>
#include <QPainter>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <tuple>
#include <vector>

#include "SyntheticModel.h"
#include "figures/Histogram.h"
#include "timeline/StageTimelinePainter.h"

using namespace stagelight;
using Clock = std::chrono::steady_clock;

namespace {

template <typename Fn>
double medianMs(int runs, Fn&& fn) {
    std::vector<double> ms;
    for (int i = 0; i < runs; ++i) {
        const auto t = Clock::now();
        fn();
        ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - t).count());
    }
    std::sort(ms.begin(), ms.end());
    return ms[ms.size() / 2];
}

bool benchTimeline(const ModelPtr& model) {
    StageTimelinePainter painter;
    const double lanesMs = medianMs(3, [&] { painter.setStage(model, 0); });
    std::printf("%-46s %8.1f ms\n", "slot lanes for the stage", lanesMs);
    const QRectF bounds(0, 0, 1600, 900);
    const QRectF area = StageTimelinePainter::plotArea(bounds);
    QImage image(bounds.size().toSize(), QImage::Format_ARGB32_Premultiplied);
    const double from = double(painter.lanes().start), to = double(painter.lanes().end);
    const size_t lanes = painter.lanes().laneLabels.size();
    bool allLanes = true;
    using Mode = StageTimelinePainter::LaneMode;
    for (auto [name, mode, folded] : {std::tuple{"fit", Mode::Fit, false},
                                      std::tuple{"fit, executors folded", Mode::Fit, true},
                                      std::tuple{"scroll", Mode::Scroll, false},
                                      std::tuple{"scroll, executors folded", Mode::Scroll, true}}) {
    painter.setLaneMode(mode);
    painter.foldAll(folded);
    painter.setFirstRow(0, area);
    std::printf("%s: %d rows\n", name, painter.rowCount());
    std::printf("%-22s %10s %12s %14s %14s  (target <= 16 ms)\n", "zoom", "rects", "build ms",
                "build+paint ms", "lanes drawn");
    for (double zoom : {1.0, 10.0, 100.0, 1000.0}) {
        TimeViewport v{from, to, area.left(), area.width()};
        const double mid = (from + to) / 2, half = (to - from) / zoom / 2;
        v.setRange(mid - half, mid + half);
        const double build = medianMs(15, [&] { painter.build(v, area); });
        const size_t rects = painter.drawListRects();
        const double paint = medianMs(15, [&] {
            painter.invalidateDrawList();  // a new view each frame: built again
            QPainter p(&image);
            painter.paint(p, bounds, v, QPalette());
        });
        char label[32];
        std::snprintf(label, sizeof label, zoom == 1 ? "full zoom-out" : "1/%.0f of the stage",
                      zoom);
        std::printf("%-22s %10zu %12.2f %14.2f %8zu / %zu\n", label, rects, build, paint,
                    painter.lanesDrawn(), lanes);
        if (mode == Mode::Fit) allLanes &= painter.lanesDrawn() == lanes;
        if (zoom == 1.0 && mode == Mode::Fit && !folded) {
            // The same frame visiting every task, for what jumping over runs saves.
            painter.setRunSkipping(false);
            const double visiting = medianMs(15, [&] { painter.build(v, area); });
            painter.setRunSkipping(true);
            std::printf("%-22s %10s %12.2f  (every task visited)\n", "", "", visiting);
        }
    }
    if (mode == Mode::Scroll) {
        // Scrolled to the end, the last lane is drawn.
        painter.setFirstRow(painter.rowCount(), area);
        painter.build(TimeViewport{from, to, area.left(), area.width()}, area);
        const bool reached = painter.firstRow() + painter.rowsOnScreen(area) == painter.rowCount() &&
                             painter.rowTop(painter.rowCount() - 1, area) < area.bottom();
        std::printf("scrolled to the end: rows %d-%d of %d drawn%s\n", painter.firstRow() + 1,
                    painter.firstRow() + painter.rowsOnScreen(area), painter.rowCount(),
                    reached ? "" : "  LAST LANE NOT REACHED");
        allLanes &= reached;
    }
    }
    if (!allLanes) std::printf("FAILED: lanes were dropped\n");
    return allLanes;
}

}  // namespace

int main(int argc, char** argv) {
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QGuiApplication app(argc, argv);
    const int tasks = argc > 1 ? std::atoi(argv[1]) : 1000000;
    // Two shapes of a million-task stage: 1,000 slots (lanes one pixel high: busy runs) and 64
    // slots (lanes tall enough for phases when zoomed in). Tasks are 50 ms; one failed.
    ModelPtr model;
    bool ok = true;
    for (auto [executors, cores] : {std::pair{250, 4}, std::pair{16, 4}}) {
        auto t0 = Clock::now();
        model = test::syntheticStage(tasks, executors, cores, 50, tasks / 2);
        std::printf("\n%d tasks on %d slots, built in memory in %.0f ms\n", tasks,
                    executors * cores,
                    std::chrono::duration<double, std::milli>(Clock::now() - t0).count());
        ok &= benchTimeline(model);
    }

    TaskValues values;
    const double collect =
        medianMs(3, [&] { values = taskValues(*model, 0, HistogramMetric::ShuffleRead); });
    Histogram h;
    const double rebin = medianMs(25, [&] { h = binTaskValues(values, 40); });
    const double rebin200 = medianMs(25, [&] { h = binTaskValues(values, 200); });
    std::printf("\n%-46s %8.1f ms\n", "histogram: collect and sort the stage's values", collect);
    std::printf("%-46s %8.3f ms  (target <= 5 ms)\n", "histogram: re-bin into 40 bins", rebin);
    std::printf("%-46s %8.3f ms\n", "histogram: re-bin into 200 bins", rebin200);
    return ok && h.tasks == size_t(tasks) ? 0 : 1;
}
