// python-udf: Python UDFs move every row to Python workers and back. BatchEvalPython is the
// row-at-a-time (pickled) UDF; ArrowEvalPython and the *InPandas / *InArrow operators are
// already vectorised Arrow UDFs, for which "use a pandas UDF" would name what is in use.
// Size floor (sparkforensics' PLAN): minBytesToPython sent to Python; when the operator logs no
// such metric (before Spark 3.4), the bytes its query's stages read stand in as an upper bound.
// Cost: the operator's own "time spent executing" when logged, else not measured.
#include "diagnosis/rules/FileScan.h"
#include "diagnosis/rules/RuleKit.h"
#include "model/Numeric.h"

namespace stagelight::rules {

namespace {

bool isPythonOperator(const std::string& name) {
    return name.find("EvalPython") != std::string::npos ||
           name.find("InPandas") != std::string::npos ||
           name.find("InArrow") != std::string::npos ||
           name.find("PythonUDF") != std::string::npos;
}

bool isArrowOperator(const std::string& name) {
    return name.find("Arrow") != std::string::npos || name.find("Pandas") != std::string::npos;
}

}  // namespace

RuleDef pythonUdfRule() {
    RuleDef r;
    r.name = "python-udf";
    r.checks = "rows shipped to Python UDFs";
    r.defaults = {{"minBytesToPython", 64.0 * (1 << 20)}};
    r.run = [](const RuleInput& in, const RuleParams& p, std::vector<Finding>& out) {
        const EventLogModel& m = in.ctx.model;
        const double cores = std::max<double>(1, double(in.ctx.cores.maxCores()));
        forEachPlanNode(m, [&](const SqlExecution& e, int32_t id, const PlanNode& n) {
            const std::string& name = n.nodeName;
            if (!isPythonOperator(name)) return;
            const auto sent = nodeMetric(in, n, "data sent to Python workers");
            const int64_t root = e.rootExecutionId >= 0 ? e.rootExecutionId : e.id;
            const int64_t volume = sent ? *sent : queryBytes(m, root, true);
            if (double(volume) < p["minBytesToPython"]) return;
            const auto time = nodeTimeMs(in, n, "time spent executing");
            const bool arrow = isArrowOperator(name);
            Finding f;
            f.id = "python-udf:sql-" + std::to_string(e.id) + "-node-" + std::to_string(id);
            f.title = arrow ? "A pandas UDF in SQL execution " + std::to_string(e.id)
                            : "A Python UDF in SQL execution " + std::to_string(e.id);
            f.detail = name + (arrow ? " (a pandas UDF on Arrow batches)"
                                     : " (a row-at-a-time Python UDF, rows pickled one by one)") +
                       (sent ? " sent " + formatBytes(*sent) + " to Python workers"
                             : " runs Python in a query whose stages read " +
                                   formatBytes(volume)) +
                       (time ? " and spent " + formatDuration(*time) + " of task time there."
                             : ".");
            f.estimatedCostMs = time ? saturatingInt64(double(*time) / cores) : 0;
            f.costMethod = time ? "the operator's time, spread over the cores"
                                : "not measured: the operator logged no time";
            f.minSeverity = Severity::Warning;
            if (arrow)
                f.fix =
                    "It is already vectorised: what remains is the Python work itself. Replace it "
                    "with built-in functions (pyspark.sql.functions) where they exist, keep only "
                    "the columns it needs in its input, and size the batches with "
                    "spark.sql.execution.arrow.maxRecordsPerBatch";
            else if (in.ctx.run.versionAtLeast(3, 5))
                f.fix =
                    "Replace the UDF with built-in functions (pyspark.sql.functions), or run it on "
                    "Arrow batches: @udf(useArrow=True) or "
                    "spark.sql.execution.pythonUDF.arrow.enabled=true, or a @pandas_udf";
            else
                f.fix =
                    "Replace the UDF with built-in functions (pyspark.sql.functions), or rewrite "
                    "it as a @pandas_udf, which processes Arrow batches instead of pickled rows";
            f.evidence = {Evidence::sqlNode(e.id, id, "the Python operator")};
            out.push_back(std::move(f));
        });
        return RuleRun{};
    };
    return r;
}

}  // namespace stagelight::rules
