#include "PlanBuilder.h"

#include "text/JsonWriter.h"

namespace stagelight::gen {

namespace {

struct Builder {
    int64_t& nextId;
    int extraColumns = 0;

    std::string extraColumnsText() const {
        std::string s;
        for (int i = 0; i < extraColumns; ++i) s += ",attr_" + std::to_string(i) + ":string";
        return s;
    }
    GenMetric metric(std::string name, std::string type, MetricRole role, int stage) {
        return GenMetric{std::move(name), std::move(type), nextId++, role, stage};
    }
    GenPlanNode node(std::string name, std::string simple, std::vector<GenMetric> metrics,
                     std::vector<GenPlanNode> children = {}) {
        GenPlanNode n;
        n.name = std::move(name);
        n.simpleString = std::move(simple);
        n.metrics = std::move(metrics);
        n.children = std::move(children);
        return n;
    }
    GenPlanNode scan(const std::string& table, bool pushed, int stage) {
        GenPlanNode n =
            node("Scan parquet " + table,
                 "FileScan parquet " + table + "[region#1,amount#2,customer_id#3,store#4,day#5]",
                 {metric("number of files read", "sum", MetricRole::ScanFiles, stage),
                  metric("scan time", "timing", MetricRole::ScanTime, stage),
                  metric("size of files read", "size", MetricRole::ScanBytes, stage),
                  metric("number of output rows", "sum", MetricRole::ScanRows, stage)});
        n.metadata = {
            {"Batched", "true"},
            {"DataFilters", pushed ? "[isnotnull(region#1)]" : "[]"},
            {"Format", "Parquet"},
            {"Location", "InMemoryFileIndex(1 paths)[s3://warehouse/" + table + "]"},
            {"PartitionFilters", "[]"},
            {"PushedFilters", pushed ? "[IsNotNull(region), GreaterThan(amount,0.0)]" : "[]"},
            {"ReadSchema",
             "struct<region:string,amount:double,customer_id:bigint,store:int,day:date" +
                 extraColumnsText() + ">"}};
        return n;
    }
    GenPlanNode filter(GenPlanNode child, bool pushed, int stage) {
        const std::string cond = pushed ? "(isnotnull(region#1) AND (amount#2 > 0.0))"
                                        : "(cast(amount#2 as string) LIKE 1%)";
        return node("Filter", "Filter " + cond,
                    {metric("number of output rows", "sum", MetricRole::FilterRows, stage)},
                    {std::move(child)});
    }
    GenPlanNode exchange(GenPlanNode child, int writeStage, int readStage) {
        return node(
            "Exchange",
            "Exchange hashpartitioning(region#1, 200), ENSURE_REQUIREMENTS, [plan_id=42]",
            {metric("shuffle records written", "sum", MetricRole::ShuffleRecordsWritten,
                    writeStage),
             metric("shuffle write time", "nsTiming", MetricRole::ShuffleWriteTime, writeStage),
             metric("records read", "sum", MetricRole::ShuffleRecordsRead, readStage),
             metric("local bytes read", "size", MetricRole::ShuffleLocalBytes, readStage),
             metric("fetch wait time", "timing", MetricRole::ShuffleFetchWait, readStage),
             metric("remote bytes read", "size", MetricRole::ShuffleRemoteBytes, readStage),
             metric("shuffle bytes written", "size", MetricRole::ShuffleBytesWritten, writeStage)},
            {std::move(child)});
    }
    GenPlanNode aggregate(GenPlanNode child, bool partial, int stage) {
        return node("HashAggregate",
                    std::string("HashAggregate(keys=[region#1], functions=[") +
                        (partial ? "partial_sum" : "sum") + "(amount#2)])",
                    {metric("spill size", "size", MetricRole::AggSpill, stage),
                     metric("time in aggregation build", "timing", MetricRole::AggBuildTime, stage),
                     metric("peak memory", "size", MetricRole::AggPeakMemory, stage),
                     metric("number of output rows", "sum", MetricRole::AggRows, stage)},
                    {std::move(child)});
    }
    GenPlanNode codegen(int id, GenPlanNode child, int stage) {
        return node("WholeStageCodegen (" + std::to_string(id) + ")",
                    "WholeStageCodegen (" + std::to_string(id) + ")",
                    {metric("duration", "timing", MetricRole::CodegenDuration, stage)},
                    {std::move(child)});
    }
};

void describe(const GenPlanNode& n, int depth, std::string& out) {
    out += std::string(size_t(depth) * 3, ' ') + (depth ? "+- " : "") + n.simpleString + "\n";
    for (const auto& c : n.children) describe(c, depth + 1, out);
}

void collect(const GenPlanNode& n, std::vector<GenMetric>& out) {
    out.insert(out.end(), n.metrics.begin(), n.metrics.end());
    for (const auto& c : n.children) collect(c, out);
}

// AQE's final plan reads each shuffle through a query stage: AQEShuffleRead → ShuffleQueryStage.
GenPlanNode withQueryStages(GenPlanNode n, int& stageId) {
    for (auto& c : n.children) c = withQueryStages(std::move(c), stageId);
    if (n.name != "Exchange") return n;
    const int id = stageId++;
    GenPlanNode stage{"ShuffleQueryStage", "ShuffleQueryStage " + std::to_string(id), {}, {}, {}};
    stage.children.push_back(std::move(n));
    GenPlanNode read{"AQEShuffleRead", "AQEShuffleRead coalesced", {}, {}, {}};
    read.children.push_back(std::move(stage));
    return read;
}

GenPlanNode withoutQueryStages(const GenPlanNode& n) {
    if (n.name == "AQEShuffleRead" || n.name == "ShuffleQueryStage")
        return withoutQueryStages(n.children.front());
    GenPlanNode out = n;
    for (auto& c : out.children) c = withoutQueryStages(c);
    return out;
}

}  // namespace

GenPlan initialAdaptivePlan(const GenPlan& finalPlan) {
    GenPlan plan;
    plan.root = withoutQueryStages(finalPlan.root);
    plan.root.simpleString = "AdaptiveSparkPlan isFinalPlan=false";
    plan.description = "== Physical Plan ==\n";
    describe(plan.root, 0, plan.description);
    return plan;
}

std::vector<GenMetric> GenPlan::allMetrics() const {
    std::vector<GenMetric> out;
    collect(root, out);
    return out;
}

GenPlan buildPlan(const JobSpec& job, int64_t& nextAccumulatorId, const std::string& table) {
    Builder b{nextAccumulatorId, job.extraColumns};
    const int last = int(job.stages.size()) - 1;
    GenPlanNode input = b.filter(b.scan(table, job.pushedFilters, 0), job.pushedFilters, 0);
    GenPlanNode top;
    switch (job.plan) {
        case PlanShape::SortMergeJoin: {
            GenPlanNode dim = b.scan("dim_customers", true, 0);
            auto sorted = [&](GenPlanNode child, bool small) {
                GenPlanNode exchange = b.exchange(std::move(child), 0, last);
                // The dimension side's shuffle carries the small table's size (as "data size"
                // on Spark 3's Exchange), the size a broadcast would have had.
                if (small)
                    exchange.metrics.push_back(
                        b.metric("data size", "size", MetricRole::BroadcastDataSize, -1));
                return b.node("Sort", "Sort [customer_id#3 ASC NULLS FIRST], false, 0",
                              {b.metric("sort time", "timing", MetricRole::SortTime, last),
                               b.metric("peak memory", "size", MetricRole::AggPeakMemory, last),
                               b.metric("spill size", "size", MetricRole::SortSpill, last)},
                              {std::move(exchange)});
            };
            top = b.node("SortMergeJoin", "SortMergeJoin [customer_id#3], [id#20], Inner",
                         {b.metric("number of output rows", "sum", MetricRole::JoinRows, last)},
                         {sorted(std::move(input), false), sorted(std::move(dim), true)});
            break;
        }
        case PlanShape::BroadcastJoin: {
            GenPlanNode bcast =
                b.node("BroadcastExchange",
                       "BroadcastExchange HashedRelationBroadcastMode(List(input[0, int, "
                       "false]),false), [plan_id=77]",
                       {b.metric("data size", "size", MetricRole::BroadcastDataSize, -1),
                        b.metric("number of output rows", "sum", MetricRole::BroadcastRows, -1),
                        b.metric("time to build", "timing", MetricRole::BroadcastBuildTime, -1)},
                       {b.scan("dim_stores", true, 0)});
            GenPlanNode join =
                b.node("BroadcastHashJoin",
                       "BroadcastHashJoin [store#4], [id#30], Inner, BuildRight, false",
                       {b.metric("number of output rows", "sum", MetricRole::JoinRows, 0)},
                       {std::move(input), std::move(bcast)});
            top = b.aggregate(b.exchange(b.aggregate(std::move(join), true, 0), 0, last), false,
                              last);
            break;
        }
        case PlanShape::PythonUdf: {
            GenPlanNode udf = b.node(
                "ArrowEvalPython",
                "ArrowEvalPython [normalize_address(addr#7)#50], [pythonUDF0#60], 200",
                {b.metric("data sent to Python workers", "size", MetricRole::PythonDataSent, 0),
                 b.metric("data returned from Python workers", "size",
                          MetricRole::PythonDataReturned, 0),
                 b.metric("time spent executing", "nsTiming", MetricRole::PythonExecTime, 0)},
                {std::move(input)});
            top =
                b.aggregate(b.exchange(b.aggregate(std::move(udf), true, 0), 0, last), false, last);
            break;
        }
        case PlanShape::Cartesian: {
            top = b.node("CartesianProduct", "CartesianProduct",
                         {b.metric("number of output rows", "sum", MetricRole::JoinRows, last)},
                         {std::move(input), b.scan("dim_calendar", true, 0)});
            break;
        }
        case PlanShape::RepartitionWrite: {
            // df.repartition(N).write: a round-robin shuffle into the write stage's N tasks.
            GenPlanNode exchange = b.exchange(std::move(input), 0, last);
            exchange.simpleString = "Exchange RoundRobinPartitioning(" +
                                    std::to_string(job.stages.back().tasks) +
                                    "), REPARTITION_BY_NUM, [plan_id=42]";
            top = std::move(exchange);
            break;
        }
        case PlanShape::ScanAggregate:
        case PlanShape::None:
            top = b.aggregate(
                b.exchange(b.codegen(1, b.aggregate(std::move(input), true, 0), 0), 0, last), false,
                last);
            break;
    }
    bool writes = false;
    for (const auto& s : job.stages) writes = writes || s.writesOutput;
    if (writes)
        top = b.node("Execute InsertIntoHadoopFsRelationCommand",
                     "Execute InsertIntoHadoopFsRelationCommand s3://warehouse/staging/sales, "
                     "false, Parquet, Append",
                     {b.metric("number of written files", "sum", MetricRole::WrittenFiles, -1),
                      b.metric("written output", "size", MetricRole::WrittenBytes, -1),
                      b.metric("number of output rows", "sum", MetricRole::WrittenRows, -1)},
                     {std::move(top)});
    int queryStage = 0;
    if (job.adaptive) top = withQueryStages(std::move(top), queryStage);
    GenPlan plan;
    plan.root =
        b.node("AdaptiveSparkPlan", "AdaptiveSparkPlan isFinalPlan=true", {}, {std::move(top)});
    plan.description = "== Physical Plan ==\n";
    describe(plan.root, 0, plan.description);
    return plan;
}

std::string planInfoJson(const GenPlanNode& node) {
    std::string out = "{\"nodeName\":";
    JsonWriter::escape(out, node.name);
    out += ",\"simpleString\":";
    JsonWriter::escape(out, node.simpleString);
    out += ",\"children\":[";
    for (size_t i = 0; i < node.children.size(); ++i)
        out += (i ? "," : "") + planInfoJson(node.children[i]);
    out += "],\"metadata\":{";
    for (size_t i = 0; i < node.metadata.size(); ++i) {
        if (i) out += ",";
        JsonWriter::escape(out, node.metadata[i].first);
        out += ":";
        JsonWriter::escape(out, node.metadata[i].second);
    }
    out += "},\"metrics\":[";
    for (size_t i = 0; i < node.metrics.size(); ++i) {
        const GenMetric& m = node.metrics[i];
        out += (i ? ",{\"name\":" : "{\"name\":");
        JsonWriter::escape(out, m.name);
        out += ",\"accumulatorId\":" + std::to_string(m.accumulatorId) + ",\"metricType\":";
        JsonWriter::escape(out, m.type);
        out += "}";
    }
    out += "]}";
    return out;
}

}  // namespace stagelight::gen
