// The SQL plan graph: Graphviz's layout of known plans has no overlapping operators, every edge
// starts at its child and ends (arrow tip) at its parent, operators sit inside their stage's box;
// clicking an operator asks for the stage that ran it; a 2,000-operator plan lays out too. Every
// layout runs on a worker, so the tests wait for it.
#include <QApplication>
#include <QPainter>
#include <QWheelEvent>
#include <QtTest>

#include "LogGenerator.h"
#include "derive/Derive.h"
#include "TestSupport.h"
#include "dag/GraphLayout.h"
#include "dag/PlanGraphView.h"
#include "dag/StageDagView.h"
#include "figures/PlanGraph.h"
#include "load/Loader.h"

using namespace stagelight;

namespace {

double distanceToBox(const LayoutPoint& p, const LayoutResult::Box& b) {
    const double dx = std::max({b.x - p.x, 0.0, p.x - (b.x + b.width)});
    const double dy = std::max({b.y - p.y, 0.0, p.y - (b.y + b.height)});
    return std::hypot(dx, dy);
}

bool overlap(const LayoutResult::Box& a, const LayoutResult::Box& b) {
    return a.x < b.x + b.width - 0.5 && b.x < a.x + a.width - 0.5 && a.y < b.y + b.height - 0.5 &&
           b.y < a.y + a.height - 0.5;
}

void checkLayout(const LayoutInput& in, const LayoutResult& out) {
    QVERIFY2(out.ok, out.error.c_str());
    QCOMPARE(out.nodes.size(), in.nodes.size());
    for (size_t i = 0; i < out.nodes.size(); ++i) {
        QCOMPARE(out.nodes[i].width, in.nodes[i].width);  // sizes in, positions out
        for (size_t j = i + 1; j < out.nodes.size(); ++j)
            QVERIFY2(!overlap(out.nodes[i], out.nodes[j]),
                     qPrintable(QStringLiteral("%1 and %2 overlap").arg(i).arg(j)));
        if (in.nodes[i].cluster >= 0) {
            const auto& c = out.clusters[size_t(in.nodes[i].cluster)];
            const auto& n = out.nodes[i];
            QVERIFY(n.x >= c.x - 0.5 && n.y >= c.y - 0.5 && n.x + n.width <= c.x + c.width + 0.5 &&
                    n.y + n.height <= c.y + c.height + 0.5);
        }
    }
    for (size_t e = 0; e < in.edges.size(); ++e) {
        const auto& path = out.edges[e];
        QVERIFY(path.bezier.size() >= 4 && (path.bezier.size() - 1) % 3 == 0);
        QVERIFY(distanceToBox(path.bezier.front(), out.nodes[size_t(in.edges[e].from)]) < 2);
        QVERIFY(distanceToBox(path.arrowTip, out.nodes[size_t(in.edges[e].to)]) < 2);
    }
}

}  // namespace

class PlanGraphTest : public QObject {
    Q_OBJECT
    QTemporaryDir tmp_;
    ModelPtr demo_;  // the demo log, generated and loaded once for every test

private Q_SLOTS:
    void initTestCase() {
        const auto p = std::filesystem::path(tmp_.path().toStdString()) / "demo";
        test::writeFile(p, gen::generateLogText(gen::makeScenario("demo")));
        LoadResult r = loadEventLog(p);
        QVERIFY(r.model);
        demo_ = ModelPtr(std::move(r.model));
    }

    void knownPlansLayOutCleanly() {
        const ModelPtr& model = demo_;
        PlanGraphView view;
        view.resize(900, 700);
        view.show();
        int clicked = 0;
        for (const SqlExecution& q : model->sqlExecutions) {
            view.setExecution(model, q.id);
            QTRY_VERIFY_WITH_TIMEOUT(!view.layoutPending(), 30000);
            // One box per operator, two per shuffle exchange (write and read halves), one
            // around the operators of each WholeStageCodegen; InputAdapters are not drawn.
            const PlanGraph& g = view.graph();
            const auto undrawn = std::count_if(g.nodes.begin(), g.nodes.end(),
                                               [](const PlanGraphNode& n) { return n.hidden; });
            QCOMPARE(view.nodeCount(), int(g.nodes.size() - size_t(undrawn)));
            QVERIFY(g.nodes.size() >= q.plan.nodes.size());
            LayoutInput in;  // the same graph, to check the edges against it
            for (const auto& b : view.layout().nodes) in.nodes.push_back({b.width, b.height, -1});
            for (const auto& [from, to] : g.drawnEdges())
                in.edges.push_back({view.layoutIndex(from), view.layoutIndex(to)});
            LayoutResult check = view.layout();
            check.clusters.clear();
            checkLayout(in, check);
            // Clicking the scan (a leaf with metrics) asks for the stage that read the files.
            for (size_t i = 0; i < q.plan.nodes.size(); ++i) {
                if (q.plan.nodes[i].nodeName.rfind("Scan", 0) != 0) continue;
                view.fitAll();
                QSignalSpy stage(&view, &PlanGraphView::stageRequested);
                QTest::mouseClick(view.viewport(), Qt::LeftButton, Qt::NoModifier,
                                  view.nodePosition(g.nodesOf(int32_t(i)).front()));
                if (stage.size() == 1) ++clicked;
                break;
            }
        }
        QVERIFY(clicked >= 4);
        view.setExecution(model, 2);
        // Small plans too are laid out on a worker: Graphviz's lock may be held by another view.
        QVERIFY(view.layoutPending());
        QCOMPARE(view.nodeCount(), 0);
        QTRY_VERIFY_WITH_TIMEOUT(!view.layoutPending(), 30000);
        QVERIFY(view.grab().save(
            QString::fromStdString((test::binaryDir() / "plan-graph.png").string())));
        // Zoomed in, part of the plan is off screen: the mini-map shows where the view is.
        QWheelEvent zoom(QPointF(450, 350), view.mapToGlobal(QPointF(450, 350)), QPoint(),
                         QPoint(0, 600), Qt::NoButton, Qt::ControlModifier, Qt::NoScrollPhase,
                         false);
        QApplication::sendEvent(view.viewport(), &zoom);
        QVERIFY(view.miniMapShown());
        // Beside the plan, never over an operator.
        QVERIFY(!view.viewport()->geometry().intersects(view.miniMapGeometry()));
        QVERIFY(view.rect().contains(view.miniMapGeometry()));
        QVERIFY(view.grab().save(
            QString::fromStdString((test::binaryDir() / "plan-graph-zoomed.png").string())));
    }

    void adaptivePlansSwitchToTheInitialPlan() {
        const ModelPtr& model = demo_;
        const auto q = std::find_if(model->sqlExecutions.begin(), model->sqlExecutions.end(),
                                    [](const SqlExecution& e) { return e.planUpdates > 0; });
        QVERIFY(q != model->sqlExecutions.end());
        PlanGraphView view;
        view.resize(1000, 700);
        view.show();
        const auto names = [&] {
            QStringList out;
            for (const auto& n : view.graph().nodes) out << QString::fromStdString(n.title);
            return out;
        };
        view.setExecution(model, q->id, PlanGraphView::Which::Final);
        QTRY_VERIFY_WITH_TIMEOUT(!view.layoutPending(), 30000);
        QVERIFY(names().contains(QStringLiteral("ShuffleQueryStage")));
        QVERIFY(names().contains(QStringLiteral("Exchange (write)")));
        const int finalCount = view.nodeCount();
        view.setExecution(model, q->id, PlanGraphView::Which::Initial);
        QTRY_VERIFY_WITH_TIMEOUT(!view.layoutPending(), 30000);
        QVERIFY(!names().contains(QStringLiteral("ShuffleQueryStage")));
        QVERIFY(names().contains(QStringLiteral("Exchange (read)")));
        QVERIFY(view.nodeCount() < finalCount);
        QVERIFY(view.grab().save(
            QString::fromStdString((test::binaryDir() / "plan-graph-initial.png").string())));
        // Without adaptive updates the initial plan is the plan itself.
        const SqlExecution& plain = model->sqlExecutions.front();
        QCOMPARE(plain.planUpdates, 0);
        view.setExecution(model, plain.id, PlanGraphView::Which::Initial);
        QTRY_VERIFY_WITH_TIMEOUT(!view.layoutPending(), 30000);
        const PlanGraph plainGraph = buildPlanGraph(plain.plan, PlanMetricTable(*model, plain));
        QCOMPARE(view.nodeCount(), int(std::count_if(plainGraph.nodes.begin(), plainGraph.nodes.end(),
                                                     [](const PlanGraphNode& n) { return !n.hidden; })));
    }

    void codegenIsABoxAroundItsOperators() {
        // As Spark's SQL UI draws it: WholeStageCodegen (1) around Sort and Project, down to the
        // InputAdapter (not drawn) over the exchange; (2) around Filter over the scan.
        auto model = std::make_shared<EventLogModel>();
        SqlExecution q;
        q.id = 3;
        q.started = true;
        const auto node = [&](std::string name, std::vector<int32_t> children) {
            PlanNode n;
            n.nodeName = std::move(name);
            n.children = std::move(children);
            q.plan.nodes.push_back(std::move(n));
            return int32_t(q.plan.nodes.size() - 1);
        };
        // Root first, children by index.
        node("WholeStageCodegen (1)", {1});  // 0
        node("Sort", {2});                   // 1
        node("Project", {3});                // 2
        node("InputAdapter", {4});           // 3
        node("Exchange", {5});               // 4
        node("WholeStageCodegen (2)", {6});  // 5
        node("Filter", {7});                 // 6
        node("ColumnarToRow", {8});          // 7
        node("InputAdapter", {9});           // 8
        node("Scan parquet sales", {});      // 9
        model->sqlExecutions.push_back(q);
        model->sqlIndex[q.id] = 0;
        deriveFigures(*model);
        PlanGraphView view;
        view.resize(900, 900);
        view.show();
        view.setExecution(model, q.id);
        QTRY_VERIFY_WITH_TIMEOUT(!view.layoutPending() && view.nodeCount() > 0, 30000);
        const PlanGraph& g = view.graph();
        const auto nodeOf = [&](int32_t planNode) { return g.nodesOf(planNode).front(); };
        QVERIFY(g.nodes[size_t(nodeOf(0))].cluster && g.nodes[size_t(nodeOf(5))].cluster);
        QVERIFY(g.nodes[size_t(nodeOf(3))].hidden && g.nodes[size_t(nodeOf(8))].hidden);
        for (int32_t member : {1, 2}) QCOMPARE(g.nodes[size_t(nodeOf(member))].codegen, nodeOf(0));
        for (int32_t member : {6, 7}) QCOMPARE(g.nodes[size_t(nodeOf(member))].codegen, nodeOf(5));
        for (int32_t outside : {4, 9}) QCOMPARE(g.nodes[size_t(nodeOf(outside))].codegen, -1);
        // Operators only: 6 boxes laid out, the data flowing scan → ColumnarToRow → Filter →
        // Exchange → Project → Sort through the undrawn nodes.
        QCOMPARE(view.layout().nodes.size(), size_t(6));
        QCOMPARE(view.nodeCount(), 8);
        const auto edges = g.drawnEdges();
        const auto has = [&](int32_t from, int32_t to) {
            return std::find(edges.begin(), edges.end(), std::pair{nodeOf(from), nodeOf(to)}) !=
                   edges.end();
        };
        QCOMPARE(edges.size(), size_t(5));
        QVERIFY(has(9, 7) && has(7, 6) && has(6, 4) && has(4, 2) && has(2, 1));
        // Each compiled operator sits inside its codegen's box.
        QCOMPARE(view.layout().clusters.size(), size_t(2));
        for (int32_t member : {1, 2, 6, 7}) {
            const auto& b = view.layout().nodes[size_t(view.layoutIndex(nodeOf(member)))];
            const int codegenPlanNode = member < 5 ? 0 : 5;
            const auto& c = view.layout().clusters[member < 5 ? 0 : 1];
            QVERIFY2(b.x >= c.x && b.y >= c.y && b.x + b.width <= c.x + c.width &&
                         b.y + b.height <= c.y + c.height,
                     qPrintable(QStringLiteral("%1 outside codegen %2").arg(member).arg(codegenPlanNode)));
        }
        // The codegen box answers a click on its title with its own details.
        view.fitAll();
        QTest::mouseClick(view.viewport(), Qt::LeftButton, Qt::NoModifier, view.nodePosition(nodeOf(5)));
        QCOMPARE(view.selectedNode(), nodeOf(5));
        QVERIFY(view.nodeDetails(nodeOf(5)).startsWith(QStringLiteral("WholeStageCodegen (2)")));
        QVERIFY(view.setSearch(QStringLiteral("codegen")) == 2);
        QVERIFY(view.grab().save(
            QString::fromStdString((test::binaryDir() / "plan-graph-codegen.png").string())));
    }

    void realAdaptivePlans() {
        STAGELIGHT_REQUIRE_SHARED();
        // Spark 3.x logs with AQE updates: both plans lay out cleanly, exchanges split.
        int adaptive = 0, split = 0;
        PlanGraphView view;
        view.resize(1100, 800);
        view.show();
        for (const char* rel : {"apache__spark/core/spark-events/local-1642039451826",
                                "shuffle-works__spark-event-corpus-data/external/"
                                "external-real-spark-eventlog.ndjson"}) {
            LoadResult r = loadEventLog(test::sharedDir() / "eventlogs" / rel);
            QVERIFY2(r.model, rel);
            ModelPtr model(std::move(r.model));
            for (const SqlExecution& q : model->sqlExecutions) {
                if (q.planUpdates == 0) continue;
                ++adaptive;
                QVERIFY(!q.initialPlan.nodes.empty());
                for (auto which : {PlanGraphView::Which::Final, PlanGraphView::Which::Initial}) {
                    view.setExecution(model, q.id, which);
                    QTRY_VERIFY_WITH_TIMEOUT(!view.layoutPending(), 30000);
                    QVERIFY(view.layout().ok);
                    for (const auto& n : view.graph().nodes)
                        split += n.half == ExchangeHalf::Read ? 1 : 0;
                }
            }
        }
        QVERIFY(adaptive >= 2);
        QVERIFY(split >= 1);
        QVERIFY(view.grab().save(
            QString::fromStdString((test::binaryDir() / "plan-graph-real.png").string())));
    }

    void largePlansStayInteractive() {
        // 2,400 operators: a chain of 200 exchanges, each over a join of a scan and the rest.
        auto model = std::make_shared<EventLogModel>();
        SqlExecution q;
        q.id = 7;
        q.started = true;
        int64_t acc = 1;
        const auto node = [&](std::string name, std::vector<int32_t> children) {
            PlanNode n;
            n.nodeName = std::move(name);
            n.children = std::move(children);
            n.metrics.push_back({"number of output rows", "sum", acc++});
            q.plan.nodes.push_back(std::move(n));
            return int32_t(q.plan.nodes.size() - 1);
        };
        int32_t below = node("Scan parquet t0", {});
        for (int i = 0; i < 400; ++i) {
            const int32_t scan = node("Scan parquet t" + std::to_string(i + 1), {});
            const int32_t filter = node("Filter", {scan});
            const int32_t project = node("Project", {filter});
            const int32_t join = node("SortMergeJoin", {below, project});
            const int32_t sort = node("Sort", {join});
            below = node("Exchange", {sort});
        }
        std::reverse(q.plan.nodes.begin(), q.plan.nodes.end());  // the root first, as decoded
        const int32_t last = int32_t(q.plan.nodes.size()) - 1;
        for (auto& n : q.plan.nodes)
            for (auto& c : n.children) c = last - c;
        model->sqlExecutions.push_back(q);
        model->sqlIndex[q.id] = 0;
        deriveFigures(*model);
        PlanGraphView view;
        view.resize(1200, 800);
        view.show();
        QElapsedTimer timer;
        timer.start();
        view.setExecution(model, q.id);
        const qint64 handedOff = timer.restart();
        // Laid out on a worker: the window keeps handling events meanwhile.
        QVERIFY(view.layoutPending());
        QTRY_VERIFY_WITH_TIMEOUT(!view.layoutPending() && view.nodeCount() > 0, 60000);
        const qint64 build = timer.restart();
        qInfo("setExecution returned after %lld ms", handedOff);
        QCOMPARE(view.nodeCount(), int(q.plan.nodes.size()));
        QVERIFY(view.miniMapShown());
        QImage frame(view.viewport()->size(), QImage::Format_ARGB32_Premultiplied);
        {
            QPainter painter(&frame);
            view.render(&painter);  // fitted: boxes only, the text too small to draw
        }
        const qint64 fitted = timer.restart();
        view.resetTransform();
        view.centerOn(view.scene()->sceneRect().center());
        {
            QPainter painter(&frame);
            view.render(&painter);
        }
        const qint64 actual = timer.restart();
        const int operators = view.nodeCount();
        LayoutInput in;  // the layout alone, for the record
        for (const auto& b : view.layout().nodes) in.nodes.push_back({b.width, b.height, -1});
        for (const auto& [from, to] : view.graph().drawnEdges())
            in.edges.push_back({view.layoutIndex(from), view.layoutIndex(to)});
        QVERIFY(layoutGraph(in).ok);
        qInfo("the layout alone %lld ms", timer.elapsed());
        // A new plan while a layout runs drops the old one.
        view.setExecution(model, q.id);
        view.setExecution(nullptr, -1);
        QTest::qWait(50);
        QCOMPARE(view.nodeCount(), 0);
        // Figures for the record, not a timed test (benchmarks carry the targets).
        qInfo("%d operators: layout and scene %lld ms, paint fitted %lld ms, at 100%% %lld ms",
              operators, build, fitted, actual);
    }

    void jobDagGroupsRddsByStage() {
        const ModelPtr& model = demo_;
        StageDagView view;
        view.resize(900, 600);
        view.show();
        for (const Job& job : model->jobs) {
            QSignalSpy laidOut(&view, &StageDagView::laidOut);
            view.setJob(model, job.id);
            QVERIFY(view.layoutPending());  // never laid out on the GUI thread
            QVERIFY(laidOut.wait(20000));
            const LayoutResult& out = view.layout();
            QVERIFY(out.ok);
            QVERIFY(!view.stages().empty());
            QCOMPARE(out.clusters.size(), view.stages().size());
            for (size_t i = 0; i < out.nodes.size(); ++i)
                for (size_t j = i + 1; j < out.nodes.size(); ++j)
                    QVERIFY(!overlap(out.nodes[i], out.nodes[j]));
            QSignalSpy clicked(&view, &StageDagView::stageClicked);
            QTest::mouseClick(view.viewport(), Qt::LeftButton, Qt::NoModifier,
                              view.stagePosition(0));
            QCOMPARE(clicked.size(), 1);
            QCOMPARE(clicked.first().first().toInt(), view.stages().front().first);
        }
        view.setJob(model, 2);  // a join: two scans feed the join stage
        QTRY_VERIFY_WITH_TIMEOUT(!view.layoutPending(), 30000);
        QVERIFY(view.stages().size() >= 2);
        QVERIFY(!view.layout().edges.empty());
        QVERIFY(
            view.grab().save(QString::fromStdString((test::binaryDir() / "job-dag.png").string())));
    }

    void clustersAndLargePlans() {
        // A 2,000-operator plan: a binary tree of joins over scans, in 8 stage boxes.
        LayoutInput in;
        for (int i = 0; i < 2000; ++i) {
            in.nodes.push_back({120.0 + (i % 5) * 10, 30.0 + (i % 3) * 12, i % 8});
            if (i > 0) in.edges.push_back({i, (i - 1) / 2});
        }
        for (int c = 0; c < 8; ++c) in.clusterLabels.push_back("stage " + std::to_string(c));
        QElapsedTimer timer;
        timer.start();
        const LayoutResult out = layoutGraph(in);
        qInfo("2,000 operators laid out in %lld ms", timer.elapsed());
        // Nodes of a cluster are spread over the tree here, so only the basic checks apply.
        LayoutInput plain = in;
        for (auto& n : plain.nodes) n.cluster = -1;
        LayoutResult flat = out;
        checkLayout(plain, flat);
    }

    void nestedClusters() {
        // Stage boxes holding codegen boxes: a node of an inner cluster is inside both boxes; a
        // parent index out of range or pointing at itself makes a top-level cluster.
        LayoutInput in;
        in.clusterLabels = {"Stage 1.0", "WholeStageCodegen (1)\nduration: 1 s", "Stage 2.0",
                            "loose"};
        in.clusterParents = {-1, 0, 7, 3};
        for (int i = 0; i < 6; ++i) in.nodes.push_back({100, 30, i < 3 ? 1 : i < 5 ? 2 : 3});
        for (int i = 1; i < 6; ++i) in.edges.push_back({i, i - 1});
        const LayoutResult out = layoutGraph(in);
        checkLayout(in, out);
        const auto inside = [](const LayoutResult::Box& n, const LayoutResult::Box& c) {
            return n.x >= c.x - 0.5 && n.y >= c.y - 0.5 && n.x + n.width <= c.x + c.width + 0.5 &&
                   n.y + n.height <= c.y + c.height + 0.5;
        };
        for (int i = 0; i < 3; ++i) QVERIFY(inside(out.nodes[size_t(i)], out.clusters[0]));
        QVERIFY(inside(out.clusters[1], out.clusters[0]));
        QVERIFY(!inside(out.nodes[3], out.clusters[0]));
    }
};

QTEST_MAIN(PlanGraphTest)
#include "tst_plan_graph.moc"
