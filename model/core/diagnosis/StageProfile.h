// What kind of work a stage attempt did, read from its RDDs' classes and scopes, its job and its
// SQL plan: a fix must name the lever that sets that stage's partitions (a file scan's split
// size, an RDD's input splits, a shuffle's partitions, an explicit repartition before a write).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "diagnosis/Context.h"

namespace stagelight {

struct StageProfile {
    enum class Kind {
        PartitionDiscovery,  // "Listing leaf files and directories" (InMemoryFileIndex)
        FileScan,            // a DataFrame file scan (FileScanRDD, Scan parquet, GpuScan, …)
        RddInput,            // an RDD read from Hadoop input (textFile, HadoopRDD)
        ShuffleRead,         // reads a shuffle (ShuffledRowRDD, ShuffledRDD, …)
        Parallelize,         // a local collection (ParallelCollectionRDD)
        Other,
    };
    Kind kind = Kind::Other;
    bool writes = false;       // writes files (WriteFiles, InsertInto…, output bytes)
    bool broadcast = false;    // the job of a broadcast exchange
    std::string scanFormat;    // "parquet", "json", "text", "csv", "orc", … for file scans
    // An explicit repartition(N) the stage's plan reads from (Exchange …, REPARTITION_BY_NUM),
    // 0 when none.
    int32_t explicitPartitions = 0;
};
std::string_view stageKindName(StageProfile::Kind k);  // "file scan", "shuffle", …

StageProfile profileStage(const DiagnosisContext& ctx, const StageFacts& stage);

}  // namespace stagelight
