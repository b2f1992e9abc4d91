// SQL plans and the cache over time, from generated logs: shuffle exchanges split into a write
// half in the map stage and a read half in the reducing stage; an adaptive query keeps its
// initial plan beside the final one; an unpersisted RDD leaves the cache's series at the time of
// the event logged before the unpersist.
#include <QtTest>

#include "LogGenerator.h"
#include "TestSupport.h"
#include "figures/CacheUsage.h"
#include "figures/PlanGraph.h"
#include "load/Loader.h"

using namespace stagelight;
namespace fs = std::filesystem;

class PlanAndCache : public QObject {
    Q_OBJECT
    QTemporaryDir tmp_;
    std::shared_ptr<const EventLogModel> load(const std::string& name, const std::string& text) {
        const fs::path p = fs::path(tmp_.path().toStdString()) / name;
        test::writeFile(p, text);
        LoadResult r = loadEventLog(p);
        return std::shared_ptr<const EventLogModel>(std::move(r.model));
    }

private Q_SLOTS:
    void exchangesSplitIntoWriteAndReadHalves() {
        const auto m = load("demo", gen::generateLogText(gen::makeScenario("demo")));
        QVERIFY(m);
        int split = 0;
        for (const SqlExecution& q : m->sqlExecutions) {
            const PlanMetricTable table(*m, q);
            const PlanGraph g = buildPlanGraph(q.plan, table);
            for (size_t i = 0; i < q.plan.nodes.size(); ++i) {
                const auto halves = g.nodesOf(int32_t(i));
                QVERIFY(!halves.empty());
                if (!isShuffleExchange(q.plan.nodes[i])) {
                    QCOMPARE(halves.size(), size_t(1));
                    continue;
                }
                QCOMPARE(halves.size(), size_t(2));
                const PlanGraphNode& write = g.nodes[size_t(halves[0])];
                const PlanGraphNode& read = g.nodes[size_t(halves[1])];
                QCOMPARE(write.half, ExchangeHalf::Write);
                QCOMPARE(read.half, ExchangeHalf::Read);
                QVERIFY(write.title.find("(write)") != std::string::npos);
                // Each half in the stage that updated its metrics: the map stage writes first.
                QVERIFY(write.stage.first >= 0 && read.stage.first >= 0);
                QVERIFY(write.stage.first < read.stage.first);
                for (const auto& v : write.metrics) QVERIFY(!isShuffleReadMetric(v.name));
                for (const auto& v : read.metrics) QVERIFY(isShuffleReadMetric(v.name));
                QVERIFY(!write.metrics.empty() && !read.metrics.empty());
                // Data flows from the write half to the read half, and on to the parent.
                const auto edge = std::make_pair(halves[0], halves[1]);
                QVERIFY(std::find(g.edges.begin(), g.edges.end(), edge) != g.edges.end());
                ++split;
            }
            // Every plan edge is kept, plus one per split exchange.
            size_t planEdges = 0;
            for (const PlanNode& n : q.plan.nodes) planEdges += n.children.size();
            QCOMPARE(g.nodes.size() - q.plan.nodes.size(), g.edges.size() - planEdges);
        }
        QVERIFY(split >= 5);
        // The metric classes follow Spark's shuffle read/write reporter names.
        QVERIFY(isShuffleReadMetric("remote bytes read to disk"));
        QVERIFY(isShuffleReadMetric("fetch wait time"));
        QVERIFY(!isShuffleReadMetric("shuffle records written"));
        QVERIFY(!isShuffleReadMetric("data size"));
        PlanNode broadcast;
        broadcast.nodeName = "BroadcastExchange";
        QVERIFY(!isShuffleExchange(broadcast));
        broadcast.nodeName = "GpuColumnarExchange";
        QVERIFY(isShuffleExchange(broadcast));
    }

    void adaptiveQueriesKeepTheirInitialPlan() {
        const auto m = load("demo-aqe", gen::generateLogText(gen::makeScenario("demo")));
        QVERIFY(m);
        int adaptive = 0;
        for (const SqlExecution& q : m->sqlExecutions) {
            const auto count = [](const SqlPlan& p, const std::string& name) {
                return std::count_if(p.nodes.begin(), p.nodes.end(),
                                     [&](const PlanNode& n) { return n.nodeName == name; });
            };
            if (q.planUpdates == 0) {
                QVERIFY(q.initialPlan.nodes.empty());  // nothing kept twice
                continue;
            }
            ++adaptive;
            QCOMPARE(q.planUpdates, 1);
            QVERIFY(q.initialPlan.nodes.front().simpleString.find("isFinalPlan=false") !=
                    std::string::npos);
            QVERIFY(q.plan.nodes.front().simpleString.find("isFinalPlan=true") !=
                    std::string::npos);
            QCOMPARE(count(q.initialPlan, "ShuffleQueryStage"), 0);
            QVERIFY(count(q.plan, "ShuffleQueryStage") >= 1);
            QCOMPARE(count(q.plan, "Exchange"), count(q.initialPlan, "Exchange"));
            QVERIFY(q.initialPlan.physicalPlanDescription != q.plan.physicalPlanDescription);
            // The initial plan's operators share the final plan's accumulators: metrics show.
            const PlanGraph initial = buildPlanGraph(q.initialPlan, PlanMetricTable(*m, q));
            size_t withMetrics = 0;
            for (const auto& n : initial.nodes) withMetrics += n.metrics.empty() ? 0 : 1;
            QVERIFY(withMetrics >= 4);
        }
        QCOMPARE(adaptive, 1);
    }

    void unpersistedRddsLeaveTheCacheSeries() {
        const auto m =
            load("cache-released", gen::generateLogText(gen::makeScenario("cache-released")));
        QVERIFY(m);
        QCOMPARE(m->unpersistedRdds.size(), size_t(1));
        const RddUnpersist u = m->unpersistedRdds.front();
        const CacheUsage usage = cacheUsage(*m);
        QCOMPARE(usage.unpersists.size(), size_t(1));
        QCOMPARE(usage.unpersists.front().rddId, u.rddId);
        // The unpersist follows the second job's SQL end, the latest time logged before it.
        QVERIFY(u.afterTimeMs > m->jobs[1].completionTime);
        QVERIFY(u.afterTimeMs < m->jobs[2].submissionTime);
        QCOMPARE(usage.unpersists.front().timeMs, u.afterTimeMs);
        // Before it both jobs' RDDs are cached; from it on only the first one's.
        const auto at =
            std::find_if(usage.series.begin(), usage.series.end(),
                         [&](const CacheSample& s) { return s.timeMs == u.afterTimeMs; });
        QVERIFY(at != usage.series.end() && at != usage.series.begin());
        const auto& gone = m->rdds.at(u.rddId);
        QCOMPARE(at->memoryBytes, (at - 1)->memoryBytes - gone.memorySize);
        QVERIFY(gone.memorySize > 0);
        QVERIFY(at->memoryBytes > 0);
        for (const CachedRdd& r : usage.rdds) QCOMPARE(r.unpersisted, r.id == u.rddId);
        // An unpersist of an RDD never cached leaves no mark.
        EventLogModel other = *m;
        other.unpersistedRdds.push_back({999999, u.afterTimeMs});
        QCOMPARE(cacheUsage(other).unpersists.size(), size_t(1));
    }
};

QTEST_GUILESS_MAIN(PlanAndCache)
#include "tst_plan_and_cache.moc"
