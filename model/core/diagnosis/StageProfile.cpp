#include "diagnosis/StageProfile.h"

#include <cctype>
#include <cstdlib>
#include "model/Numeric.h"

namespace stagelight {

std::string_view stageKindName(StageProfile::Kind k) {
    switch (k) {
        case StageProfile::Kind::PartitionDiscovery:
            return "partition discovery";
        case StageProfile::Kind::FileScan:
            return "file scan";
        case StageProfile::Kind::RddInput:
            return "RDD input";
        case StageProfile::Kind::ShuffleRead:
            return "shuffle";
        case StageProfile::Kind::Parallelize:
            return "local collection";
        case StageProfile::Kind::Other:
            break;
    }
    return "other";
}

namespace {

bool startsWith(std::string_view s, std::string_view p) {
    return s.substr(0, p.size()) == p;
}

// "Scan parquet db.t" → "parquet"; "GpuScan parquet " → "parquet".
std::string scanFormatOf(std::string_view scope) {
    const size_t at = scope.find("Scan ");
    if (at == std::string_view::npos) return {};
    std::string f;
    for (size_t i = at + 5; i < scope.size() && std::isalnum(static_cast<unsigned char>(scope[i]));
         ++i)
        f += char(std::tolower(static_cast<unsigned char>(scope[i])));
    return f;
}

// N of "Exchange RoundRobinPartitioning(N), REPARTITION_BY_NUM" / "hashpartitioning(…, N)".
int32_t repartitionCount(std::string_view simple) {
    if (simple.find("REPARTITION_BY_NUM") == std::string_view::npos) return 0;
    const size_t close = simple.find("),");
    if (close == std::string_view::npos) return 0;
    size_t start = close;
    while (start > 0 && std::isdigit(static_cast<unsigned char>(simple[start - 1]))) --start;
    return start < close ? leadingInt32(simple.substr(start, close - start)) : 0;
}

}  // namespace

StageProfile profileStage(const DiagnosisContext& ctx, const StageFacts& s) {
    const EventLogModel& m = ctx.model;
    const StageAttempt& a = m.stages[s.stageIndex];
    StageProfile p;
    bool scan = false, hadoop = false, shuffle = false, parallelize = false;
    for (const RddInfo& r : a.rdds) {
        const std::string scope = r.scopeName();
        if (r.name == "FileScanRDD" || r.name == "GpuDataSourceRDD" || r.name == "DataSourceRDD" ||
            scope.find("Scan ") != std::string::npos) {
            scan = true;
            if (p.scanFormat.empty()) p.scanFormat = scanFormatOf(scope);
        }
        if (r.name == "HadoopRDD" || r.name == "NewHadoopRDD" ||
            r.name.find("textFile") != std::string::npos)
            hadoop = true;
        if (startsWith(r.name, "Shuffled") || r.name == "CoGroupedRDD") shuffle = true;
        if (r.name == "ParallelCollectionRDD") parallelize = true;
        if (scope == "WriteFiles" || startsWith(scope, "Execute InsertInto") ||
            startsWith(scope, "Execute CreateDataSourceTable") || scope == "InsertIntoHiveTable")
            p.writes = true;
    }
    if (s.metrics[TaskField::OutputBytesWritten] > 0) p.writes = true;
    if (s.shuffleReadBytes() > 0) shuffle = true;
    bool listing = false, sqlScan = false;
    for (int32_t id : a.jobIds)
        if (const Job* j = m.job(id)) {
            listing = listing || startsWith(j->description, "Listing leaf files and directories");
            p.broadcast = p.broadcast || startsWith(j->description, "broadcast exchange");
            if (const SqlExecution* q = m.sqlExecution(j->sqlExecutionId))
                for (const PlanNode& n : q->plan.nodes) {
                    // A SQL query's file scan: the split size is Spark SQL's, not the RDD's.
                    if (startsWith(n.nodeName, "Scan ") || startsWith(n.nodeName, "FileScan") ||
                        startsWith(n.nodeName, "GpuScan") || startsWith(n.nodeName, "BatchScan"))
                        sqlScan = true;
                    if (n.nodeName == "Exchange" && shuffle)
                        if (const int32_t k = repartitionCount(n.simpleString);
                            k > 0 && k == a.numTasks)
                            p.explicitPartitions = k;
                }
        }
    if (listing)
        p.kind = StageProfile::Kind::PartitionDiscovery;
    else if (shuffle)
        p.kind = StageProfile::Kind::ShuffleRead;
    else if (scan || (sqlScan && !hadoop && s.metrics[TaskField::InputBytesRead] > 0))
        p.kind = StageProfile::Kind::FileScan;
    else if (hadoop || s.metrics[TaskField::InputBytesRead] > 0)
        p.kind = StageProfile::Kind::RddInput;
    else if (parallelize)
        p.kind = StageProfile::Kind::Parallelize;
    return p;
}

}  // namespace stagelight
