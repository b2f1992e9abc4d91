// What a file-scan plan node is: its format, and whether that format can skip data the query
// does not need (missing-pushdown, wide-scan, recomputation).
#pragma once

#include <algorithm>
#include <cctype>
#include <set>
#include <string>

#include "diagnosis/rules/RuleKit.h"

namespace stagelight::rules {

// The scan's format in lower case ("parquet", "orc", "json", ...), from the Format metadata of
// FileSourceScanExec, else from the node name ("Scan parquet db.t"); empty when neither says.
inline std::string scanFormat(const PlanNode& n) {
    std::string f = nodeMetadata(n, "Format").value_or("");
    if (f.empty() && n.nodeName.rfind("Scan ", 0) == 0) {
        const std::string rest = n.nodeName.substr(5);
        f = rest.substr(0, rest.find(' '));
    }
    std::transform(f.begin(), f.end(), f.begin(), [](unsigned char c) { return std::tolower(c); });
    return f;
}

// Parquet and ORC skip row groups/stripes by pushed filters and read only the columns asked
// for; JSON, CSV and text are read whole whatever the query needs.
inline bool columnarFormat(const std::string& format) {
    return format == "parquet" || format == "orc" || format == "delta";
}

// A node name as text: Spark writes "Scan json " with a trailing space when the table has none.
inline std::string trimmedName(const PlanNode& n) {
    std::string s = n.nodeName;
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.pop_back();
    return s;
}

// Input bytes (and, with `shuffle`, shuffle-read bytes) of the stages of the jobs of an
// execution and of its sub-executions (rootExecutionId): what the query read, as the tasks
// report it.
inline int64_t queryBytes(const EventLogModel& m, int64_t executionId, bool shuffle) {
    std::set<int32_t> jobs;
    for (const SqlExecution& e : m.sqlExecutions)
        if (e.id == executionId || e.rootExecutionId == executionId)
            jobs.insert(e.jobIds.begin(), e.jobIds.end());
    int64_t bytes = 0;
    for (const StageTotals& t : m.derived.stageTotals) {
        const StageAttempt& a = m.stages[t.stage];
        if (std::any_of(a.jobIds.begin(), a.jobIds.end(),
                        [&](int32_t j) { return jobs.count(j) > 0; }))
            bytes += t.sum(TaskField::InputBytesRead) + (shuffle ? t.shuffleReadBytes() : 0);
    }
    return bytes;
}

}  // namespace stagelight::rules
