// The stage timeline widget keeps every lane reachable (issue 17 §6): 1,000 slots in a small
// widget scroll to the last lane, fold into executor strips and unfold on a click, and the Fit
// mode draws every lane at once; a clicked task is outlined; the rubber band spans the plot.
#include <QScrollBar>
#include <QtTest>

#include <QFontInfo>
#include <QFontMetricsF>

#include <algorithm>
#include <set>
#include <tuple>

#include "SyntheticModel.h"
#include "TestSupport.h"
#include "timeline/StageTimelinePainter.h"
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

    void skippingTasksInsideARunDrawsTheSame() {
        // Zoomed out, tasks inside a run of covered pixels are jumped over: the draw list must
        // equal the one that visits every task, at every zoom, with outliers highlighted (each
        // still drawn on top) and a failed task.
        for (auto [executors, cores] : {std::pair{250, 4}, std::pair{1, 2}}) {
            const auto model = test::syntheticStage(20000, executors, cores, 50, 777);
            StageTimelinePainter skipping, visiting;
            visiting.setRunSkipping(false);
            std::vector<int64_t> outliers;
            for (int64_t id = 3; id < 20000; id += 997) outliers.push_back(id);
            for (StageTimelinePainter* p : {&skipping, &visiting}) {
                p->setStage(model, 0);
                p->setHighlightedTasks(outliers);
            }
            QVERIFY(skipping.highlightedTasks() == outliers.size());
            const QRectF area = StageTimelinePainter::plotArea(QRectF(0, 0, 1400, 800));
            const double from = double(skipping.lanes().start), to = double(skipping.lanes().end);
            for (double zoom : {1.0, 3.0, 40.0, 400.0}) {
                TimeViewport v{from, to, area.left(), area.width()};
                const double mid = from + (to - from) * 0.37, half = (to - from) / zoom / 2;
                v.setRange(mid - half, mid + half);
                skipping.build(v, area);
                visiting.build(v, area);
                // Two lanes of 10,000 tasks zoomed out: most are jumped over.
                if (cores == 2 && zoom == 1.0)
                    QVERIFY(skipping.tasksVisited() * 4 < visiting.tasksVisited());
                for (size_t k = 0; k < skipping.drawKinds(); ++k) {
                    auto a = skipping.drawList(k), b = visiting.drawList(k);
                    const auto order = [](const QRectF& x, const QRectF& y) {
                        return std::tuple(x.top(), x.left(), x.width()) <
                               std::tuple(y.top(), y.left(), y.width());
                    };
                    std::sort(a.begin(), a.end(), order);
                    std::sort(b.begin(), b.end(), order);
                    QVERIFY2(a == b, qPrintable(QStringLiteral("kind %1 at zoom %2: %3 vs %4 rects")
                                                    .arg(k).arg(zoom).arg(a.size()).arg(b.size())));
                }
            }
        }
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

    void everyFoldedStripKeepsItsLabel() {
        // One executor unfolded among folded ones (q66 stage 13.0): lanes too thin for their
        // labels are labelled where they leave room, every folded strip keeps its label, and
        // labels are at least 10 px and never drawn over one another.
        const auto model = test::syntheticStage(2000, 9, 16, 50, -1);
        StageTimelineView view;
        view.resize(900, 260);
        view.show();
        view.setStage(model, 0);
        view.setLaneMode(Mode::Scroll);
        view.foldExecutors(true);
        view.toggleFold(0);  // executor 1's 16 lanes, then 8 strips
        const StageTimelinePainter& p = view.painter();
        QCOMPARE(p.rowCount(), 16 + 8);
        const QRectF area = view.plotRect();
        const QFont font = p.labelFont(view.font(), area);
        QVERIFY(QFontInfo(font).pixelSize() >= 10);
        const double textHeight = QFontMetricsF(font).height();
        const auto placed = p.labelPlacement(area, textHeight);
        std::set<int> labelled;
        double bottom = -1e9;
        for (const auto& [row, top] : placed) {
            labelled.insert(row);
            QVERIFY2(top >= bottom - 2, qPrintable(QStringLiteral("row %1 overlaps").arg(row)));
            bottom = top + textHeight;
        }
        int strips = 0;
        for (int r = p.firstRow(); r < p.rowCount() && p.rowTop(r, area) < area.bottom() - 1; ++r)
            if (p.rowFolded(r)) {
                ++strips;
                QVERIFY2(labelled.count(r), qPrintable(QStringLiteral("strip row %1").arg(r)));
            }
        QVERIFY(strips >= 4);
        QVERIFY(labelled.size() < size_t(p.rowCount()));  // the lanes were thinned
        // Every row is still reachable by scrolling, the last one at the bottom.
        view.scrollToRow(p.rowCount());
        QVERIFY(p.rowTop(p.rowCount() - 1, area) < area.bottom());
        QVERIFY(p.rowAt(p.rowTop(p.rowCount() - 1, area) + 1, area) == p.rowCount() - 1);
        view.scrollToRow(0);
        view.grab().save(
            QString::fromStdString((test::binaryDir() / "timeline-lanes-strips.png").string()));
    }

    void narrowLabelsKeepTheExecutorAndTheLane() {
        // A comparison timeline's narrow label column: "executor" goes, then the middle is
        // elided, so the label still starts with the executor and ends with its lane.
        const auto model = test::syntheticStage(200, 2, 4, 50, -1);
        StageTimelinePainter p;
        p.setStage(model, 0);
        p.foldAll(false);
        const QFontMetricsF metrics(QApplication::font());
        const QString whole = QString::fromStdString(p.lanes().laneLabels[3]);
        QVERIFY(whole.startsWith(QStringLiteral("executor 1 · lane ")));
        QCOMPARE(p.fittedLabel(3, metrics, 400), whole);
        const QString shorter = QString(whole).remove(QStringLiteral("executor "));
        const QString label = p.fittedLabel(3, metrics, metrics.horizontalAdvance(shorter) - 4);
        QVERIFY2(label.startsWith(QStringLiteral("1 ")) && label.endsWith(whole.right(1)),
                 qPrintable(label));
        QVERIFY(label.contains(QStringLiteral("…")) && !label.contains(QStringLiteral("executor")));
    }

    void saysWhenNoStageIsSelected() {
        StageTimelinePainter p;
        QCOMPARE(p.emptyText(), QStringLiteral("No stage selected"));
        p.setStage(model_, size_t(-1));
        QCOMPARE(p.emptyText(), QStringLiteral("No stage selected"));
        const auto empty = test::syntheticStage(0, 1, 1, 50, -1);
        p.setStage(empty, 0);
        QCOMPARE(p.emptyText(), QStringLiteral("No tasks in this stage"));
        p.setStage(model_, 0);
        QVERIFY(p.emptyText().isEmpty());
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
