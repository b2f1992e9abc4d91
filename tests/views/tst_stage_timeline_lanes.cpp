// The stage timeline widget keeps every lane reachable (issue 17 §6): 1,000 slots in a small
// widget scroll to the last lane, fold into executor strips and unfold on a click, and the Fit
// mode draws every lane at once; a clicked task is outlined; the rubber band spans the plot.
#include <QScrollBar>
#include <QtTest>

#include "SyntheticModel.h"
#include "TestSupport.h"
#include "timeline/StageTimelineView.h"

using namespace stagelight;
using Mode = StageTimelinePainter::LaneMode;

class StageTimelineLanesTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() {
        model_ = test::syntheticStage(20000, 250, 4, 50, 777);  // 1,000 slots
    }

    void scrollsToTheLastLane() {
        StageTimelineView view;
        view.resize(1000, 500);
        view.show();
        view.setStage(model_, 0);
        view.foldExecutors(false);
        view.setLaneMode(Mode::Scroll);
        const size_t lanes = view.lanes().laneLabels.size();
        QCOMPARE(lanes, size_t(1000));
        QCOMPARE(view.painter().rowCount(), 1000);
        QVERIFY(view.laneScrollBar()->isVisible());
        view.grab();
        QVERIFY(view.painter().lanesDrawn() < lanes);  // a screenful, not the whole stage
        // End scrolls so the last lane is on screen; a task in it is drawn and found there.
        QTest::keyClick(&view, Qt::Key_End);
        QCOMPARE(view.laneScrollBar()->value(), view.laneScrollBar()->maximum());
        view.grab();
        const QRectF area = view.plotRect();
        const StageTimelinePainter& p = view.painter();
        QVERIFY(p.rowTop(p.rowCount() - 1, area) < area.bottom());
        QVERIFY(p.rowTop(p.rowCount() - 1, area) >= area.top());
        size_t last = 0;
        while (view.lanes().tasks[last].lane != int(lanes - 1)) ++last;
        const QRectF bar = view.barRect(last);
        QVERIFY(area.contains(bar.center()));
        QCOMPARE(view.taskAt(bar.center().toPoint()),
                 model_->tasks.get(view.lanes().tasks[last].row, TaskField::TaskId));
        view.resize(1300, 420);
        view.grab().save(QString::fromStdString((test::binaryDir() / "timeline-lanes-scrolled-end.png").string()));
        // Home goes back to the first lane.
        QTest::keyClick(&view, Qt::Key_Home);
        QCOMPARE(view.painter().firstRow(), 0);
    }

    void fitDrawsEveryLane() {
        StageTimelineView view;
        view.resize(1000, 500);
        view.show();
        view.setStage(model_, 0);
        view.foldExecutors(false);
        view.setLaneMode(Mode::Fit);
        QVERIFY(!view.laneScrollBar()->isVisible());
        view.grab();
        QCOMPARE(view.painter().lanesDrawn(), size_t(1000));
        view.grab().save(QString::fromStdString((test::binaryDir() / "timeline-lanes-fit.png").string()));
    }

    void foldsAndUnfoldsExecutors() {
        StageTimelineView view;
        view.resize(1000, 500);
        view.show();
        view.setStage(model_, 0);
        view.grab();  // 1,000 lanes do not fit 500 px: executors start folded
        QCOMPARE(view.painter().rowCount(), 250);
        QVERIFY(view.painter().rowFolded(0));
        // A click on the first executor's label unfolds its four slots.
        const QRectF area = view.plotRect();
        const QPoint label(20, int(view.painter().rowTop(0, area) + 2));
        QTest::mouseClick(&view, Qt::LeftButton, {}, label);
        QCOMPARE(view.painter().rowCount(), 253);
        QVERIFY(!view.painter().rowFolded(0));
        view.grab().save(QString::fromStdString((test::binaryDir() / "timeline-lanes-folded.png").string()));
        QTest::mouseClick(&view, Qt::LeftButton, {}, label);
        QCOMPARE(view.painter().rowCount(), 250);
    }

    void marksTheClickedTaskAndShowsTheBand() {
        StageTimelineView view;
        view.resize(1000, 500);
        view.show();
        view.setStage(model_, 0);
        view.foldExecutors(false);
        view.setLaneMode(Mode::Scroll);
        const auto& lt = view.lanes().tasks[0];
        view.zoomTo(lt.start - 20, lt.end + 20);
        QSignalSpy clicked(&view, &StageTimelineView::taskClicked);
        const QPoint at = view.barRect(0).center().toPoint();
        QTest::mouseClick(&view, Qt::LeftButton, {}, at);
        QCOMPARE(clicked.count(), 1);
        const int64_t id = model_->tasks.get(lt.row, TaskField::TaskId);
        QCOMPARE(view.selectedTask(), id);
        // The outline is drawn just outside the bar, in the text colour.
        const QImage image = view.grab().toImage();
        const QRectF bar = view.barRect(0);
        QCOMPARE(image.pixelColor(QPoint(int(bar.center().x()), int(bar.top()) - 1)),
                 view.palette().color(QPalette::Text));
        // Shift-drag: while dragging, the band spans the plot's height between the two points.
        const QRectF area = view.plotRect();
        const QPoint from(int(area.left()) + 100, int(area.top()) + 50),
            to(int(area.left()) + 300, int(area.top()) + 52);
        QTest::mousePress(&view, Qt::LeftButton, Qt::ShiftModifier, from);
        QMouseEvent move(QEvent::MouseMove, to, view.mapToGlobal(to), Qt::LeftButton,
                         Qt::LeftButton, Qt::ShiftModifier);
        QApplication::sendEvent(&view, &move);
        const QRectF band = view.bandRect();
        QCOMPARE(band.left(), double(from.x()));
        QCOMPARE(band.right(), double(to.x()));
        QCOMPARE(band.height(), area.height());
        QTest::mouseRelease(&view, Qt::LeftButton, Qt::ShiftModifier, to);
        QVERIFY(view.bandRect().isEmpty());
    }

private:
    ModelPtr model_;
};

QTEST_MAIN(StageTimelineLanesTest)
#include "tst_stage_timeline_lanes.moc"
