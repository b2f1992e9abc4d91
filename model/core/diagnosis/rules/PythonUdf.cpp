// python-udf: Python UDFs (BatchEvalPython, ArrowEvalPython, pandas UDF operators) move every row
// to Python workers and back. Default from sparkforensics' PLAN: ≥ 64 MiB sent to Python. Cost:
// the operator's own "duration"/"time spent executing" when logged, else not measured.
#include "diagnosis/rules/RuleKit.h"
#include "model/Numeric.h"

namespace stagelight::rules {

RuleDef pythonUdfRule() {
    RuleDef r;
    r.name = "python-udf";
    r.checks = "rows shipped to Python UDFs";
    r.defaults = {{"minBytesToPython", 64.0 * (1 << 20)}};
    r.run = [](const RuleInput& in, const RuleParams& p, std::vector<Finding>& out) {
        const double cores = std::max<double>(1, double(in.ctx.cores.maxCores()));
        forEachPlanNode(in.ctx.model, [&](const SqlExecution& e, int32_t id, const PlanNode& n) {
            const std::string& name = n.nodeName;
            if (name.find("EvalPython") == std::string::npos &&
                name.find("InPandas") == std::string::npos &&
                name.find("PythonUDF") == std::string::npos)
                return;
            const auto sent = nodeMetric(in, n, "data sent to Python workers");
            if (sent && double(*sent) < p["minBytesToPython"]) return;
            const auto time = nodeTimeMs(in, n, "time spent executing");
            Finding f;
            f.id = "python-udf:sql-" + std::to_string(e.id) + "-node-" + std::to_string(id);
            f.title = "A Python UDF in SQL execution " + std::to_string(e.id);
            f.detail =
                name +
                (sent ? " sent " + formatBytes(*sent) + " to Python workers" : " runs Python") +
                (time ? " and spent " + formatDuration(*time) + " of task time there." : ".");
            f.estimatedCostMs = time ? saturatingInt64(double(*time) / cores) : 0;
            f.costMethod = time ? "the operator's time, spread over the cores"
                                : "not measured: the operator logged no time";
            f.minSeverity = Severity::Warning;
            f.fix =
                "Replace the UDF with built-in functions (pyspark.sql.functions), or use a "
                "vectorised pandas UDF with spark.sql.execution.arrow.pyspark.enabled=true";
            f.evidence = {Evidence::sqlNode(e.id, id, "the Python operator")};
            out.push_back(std::move(f));
        });
        return RuleRun{};
    };
    return r;
}

}  // namespace stagelight::rules
