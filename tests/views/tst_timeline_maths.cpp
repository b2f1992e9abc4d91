// The timelines' time-to-pixel and zoom maths (TimeViewport) as data-driven cases, and the stage
// timeline's draw list: merged when zoomed out, failed and highlighted tasks never merged away;
// axis ticks counted, never stepped over the span (a range far from its origin hung the report).
#include <QImage>
#include <QPainter>
#include <QtTest>

#include "SyntheticModel.h"
#include "timeline/StageTimelinePainter.h"
#include "timeline/TimeAxis.h"
#include "timeline/TimeViewport.h"

using namespace stagelight;

class TimelineMathsTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void mapsTimeToPixels_data() {
        QTest::addColumn<double>("start");
        QTest::addColumn<double>("end");
        QTest::addColumn<double>("time");
        QTest::addColumn<double>("x");
        QTest::newRow("left edge") << 1000.0 << 2000.0 << 1000.0 << 100.0;
        QTest::newRow("right edge") << 1000.0 << 2000.0 << 2000.0 << 600.0;
        QTest::newRow("middle") << 1000.0 << 2000.0 << 1500.0 << 350.0;
        QTest::newRow("before the range") << 1000.0 << 2000.0 << 0.0 << -400.0;
        QTest::newRow("epoch times") << 1.7e12 << 1.7e12 + 60000 << 1.7e12 + 30000 << 350.0;
    }
    void mapsTimeToPixels() {
        QFETCH(double, start);
        QFETCH(double, end);
        QFETCH(double, time);
        QFETCH(double, x);
        TimeViewport v{start, end, 100, 500};
        QCOMPARE(v.xOf(time), x);
        QCOMPARE(v.timeAt(x), time);
    }

    void zoomsAroundTheCursor_data() {
        QTest::addColumn<double>("x");
        QTest::addColumn<double>("angle");
        QTest::addColumn<double>("newStart");
        QTest::addColumn<double>("newEnd");
        // One notch in is 1/1.25 = 0.8 of the span; the time under the cursor stays put.
        QTest::newRow("in at the left") << 0.0 << 120.0 << 0.0 << 800.0;
        QTest::newRow("in at the middle") << 500.0 << 120.0 << 100.0 << 900.0;
        QTest::newRow("out at the right") << 1000.0 << -120.0 << -250.0 << 1000.0;
        QTest::newRow("two notches in") << 500.0 << 240.0 << 180.0 << 820.0;
    }
    void zoomsAroundTheCursor() {
        QFETCH(double, x);
        QFETCH(double, angle);
        QFETCH(double, newStart);
        QFETCH(double, newEnd);
        TimeViewport v{0, 1000, 0, 1000};
        const double before = v.timeAt(x);
        v.zoomAround(x, TimeViewport::wheelFactor(angle));
        QVERIFY(qAbs(v.start - newStart) < 1e-6);
        QVERIFY(qAbs(v.end - newEnd) < 1e-6);
        QVERIFY(qAbs(v.timeAt(x) - before) < 1e-6);
    }

    void neverNarrowerThanAMillisecond() {
        TimeViewport v{0, 1000, 0, 1000};
        for (int i = 0; i < 100; ++i) v.zoomAround(300, TimeViewport::wheelFactor(120));
        QCOMPARE(v.span(), 1.0);
        v.setRange(50, 50);
        QCOMPARE(v.start, 49.5);
        QCOMPARE(v.end, 50.5);
        v.setRange(900, 100);  // reversed ends are put in order
        QCOMPARE(v.start, 100.0);
        QCOMPARE(v.end, 900.0);
    }

    void pansAndZoomsToPixels_data() {
        QTest::addColumn<double>("dx");
        QTest::addColumn<double>("newStart");
        QTest::newRow("drag right shows earlier time") << 100.0 << -200.0;
        QTest::newRow("drag left shows later time") << -50.0 << 100.0;
        QTest::newRow("no drag") << 0.0 << 0.0;
    }
    void pansAndZoomsToPixels() {
        QFETCH(double, dx);
        QFETCH(double, newStart);
        TimeViewport v{0, 1000, 0, 500};
        v.panPixels(dx);
        QCOMPARE(v.start, newStart);
        QCOMPARE(v.span(), 1000.0);
        TimeViewport band{0, 1000, 0, 500};
        band.zoomToPixels(300, 100);  // a rubber band dragged right to left
        QCOMPARE(band.start, 200.0);
        QCOMPARE(band.end, 600.0);
    }

    void mergesWhenZoomedOutButKeepsFailures() {
        // 40,000 tasks of 10 ms in 16 slots: at full zoom-out every task is far below a pixel.
        ModelPtr model = test::syntheticStage(40000, 4, 4, 10, 12345);
        StageTimelinePainter painter;
        painter.setStage(model, 0);
        QCOMPARE(painter.lanes().tasks.size(), size_t(40000));
        QCOMPARE(painter.lanes().laneLabels.size(), size_t(16));
        const QRectF bounds(0, 0, 1200, 500);
        const QRectF area = StageTimelinePainter::plotArea(bounds);
        TimeViewport all{double(painter.lanes().start), double(painter.lanes().end), area.left(),
                         area.width()};
        painter.build(all, area);
        // Back-to-back tasks merge into one run per lane, plus the one failed task on top.
        QCOMPARE(painter.drawListRects(), size_t(16 + 1));
        painter.setHighlightedTasks({7, 20001});
        painter.build(all, area);
        QCOMPARE(painter.drawListRects(), size_t(16 + 3));
        // Zoomed into 100 ms: only visible tasks are drawn, each with its phases.
        TimeViewport close = all;
        close.setRange(all.start + 1000, all.start + 1100);
        painter.setHighlightedTasks({});
        painter.build(close, area);
        QVERIFY(painter.drawListRects() >= 16 * 10);
        QVERIFY(painter.drawListRects() <= 16 * 12);
        // The failed task is found under its bar, and drawn (painting touches its pixels).
        const auto& lanes = painter.lanes();
        size_t failed = 0;
        while (model->tasks.get(lanes.tasks[failed].row, TaskField::TaskId) != 12345) ++failed;
        TimeViewport around = all;
        around.setRange(double(lanes.tasks[failed].start) - 50,
                        double(lanes.tasks[failed].end) + 50);
        const QPointF centre = painter.barRect(failed, around, area).center();
        QCOMPARE(painter.laneTaskAt(centre, around, area), int64_t(failed));
        QImage image(bounds.size().toSize(), QImage::Format_ARGB32_Premultiplied);
        QPainter p(&image);
        painter.paint(p, bounds, all, QPalette());
        p.end();
        const QRectF mark = painter.barRect(failed, all, area);
        QCOMPARE(image.pixelColor(mark.center().toPoint()), QColor(0xd6, 0x45, 0x3d));
    }

    void ticksAreCountedNotStepped() {
        // A task launched at -2^62 puts the origin there: zoomed to one second, adding the
        // 200 ms step to an offset of 2^62 ms (spacing 1024) is lost to rounding, so a loop
        // over the span never ends.
        const double origin = -4611686018427387904.0;
        const double step = niceTickStep(1000, 800);
        QVERIFY(step < 512);
        const std::vector<double> far = tickOffsets(origin, 0, 1000, step, 802);
        QVERIFY(far.size() <= 802);
        QVERIFY(std::is_sorted(far.begin(), far.end()));
        QVERIFY(std::adjacent_find(far.begin(), far.end()) == far.end());  // each tick moves
        // Near the origin the ticks are the round ones.
        const std::vector<double> near = tickOffsets(0, 0, 10'000, 2000, 100);
        QCOMPARE(near, (std::vector<double>{0, 2000, 4000, 6000, 8000, 10000}));
    }
};

QTEST_MAIN(TimelineMathsTest)
#include "tst_timeline_maths.moc"
