#include "figures/OperatorDetails.h"

#include <algorithm>

namespace stagelight {
namespace {

bool contains(const std::string& s, const char* part) {
    return s.find(part) != std::string::npos;
}

// Fields of a FileSourceScanExec description, "Key: value, Key: value" in any order.
const char* const kScanKeys[] = {"Batched",       "BucketedScan", "DataFilters",  "Format",
                                 "Location",      "PartitionFilters", "PushedFilters",
                                 "ReadSchema",    "SelectedBucketsCount", "PushedAggregation",
                                 "PushedGroupBy", "RuntimeFilters"};

std::string field(const std::string& s, const std::string& key) {
    const std::string tag = key + ": ";
    size_t at = s.find(tag);
    while (at != std::string::npos && at > 0 && s[at - 1] != ' ' && s[at - 1] != ',')
        at = s.find(tag, at + 1);
    if (at == std::string::npos) return {};
    const size_t from = at + tag.size();
    size_t to = s.size();
    for (const char* other : kScanKeys) {  // the value ends where the next field starts
        const size_t next = s.find(std::string(", ") + other + ": ", from);
        if (next != std::string::npos) to = std::min(to, next);
    }
    return s.substr(from, to - from);
}

std::string metadata(const PlanNode& node, const std::string& key) {
    for (const auto& [k, v] : node.metadata)
        if (k == key) return v;
    return {};
}

// Top-level fields of "struct<a:int,b:struct<c:int>,...>"; "…" marks a truncated schema.
std::string columnCount(const std::string& schema) {
    if (schema.rfind("struct<", 0) != 0) return {};
    int depth = 0, fields = schema.size() > 7 && schema[7] != '>' ? 1 : 0;
    for (size_t i = 7; i < schema.size(); ++i) {
        const char c = schema[i];
        if (c == '<' || c == '(') ++depth;
        if (c == '>' || c == ')') --depth;
        if (c == ',' && depth == 0) ++fields;
    }
    const bool truncated = contains(schema, "...");
    return std::to_string(fields) + (truncated ? "+ columns (truncated in the log)" : " columns");
}

// "InMemoryFileIndex[gs://bucket/path/web_sales]" → "web_sales".
std::string tableOf(const std::string& location) {
    std::string s = location;
    if (const size_t open = s.find('['); open != std::string::npos) s = s.substr(open + 1);
    s = s.substr(0, s.find_first_of(",]"));
    while (!s.empty() && s.back() == '/') s.pop_back();
    const size_t slash = s.rfind('/');
    return slash == std::string::npos ? s : s.substr(slash + 1);
}

}  // namespace

bool isScanOperator(const PlanNode& node) {
    const std::string& n = node.nodeName;
    return n.rfind("Scan", 0) == 0 || contains(n, "FileScan") || contains(n, "BatchScan") ||
           contains(n, "GpuScan") || contains(n, "Scan ");
}

bool isJoinOperator(const PlanNode& node) {
    return contains(node.nodeName, "Join") || contains(node.nodeName, "CartesianProduct");
}

std::vector<std::pair<std::string, std::string>> operatorDetails(const PlanNode& node) {
    std::vector<std::pair<std::string, std::string>> out;
    const std::string& s = node.simpleString;
    auto value = [&](const char* key) {
        std::string v = metadata(node, key);
        return v.empty() ? field(s, key) : v;
    };
    if (isScanOperator(node)) {
        // "Scan parquet db.table" names the table; file scans without one name their location.
        std::string table;
        const size_t space = node.nodeName.find(' ');
        if (space != std::string::npos) {
            const std::string rest = node.nodeName.substr(space + 1);
            const size_t second = rest.find(' ');
            if (second != std::string::npos && second + 1 < rest.size())
                table = rest.substr(second + 1);
        }
        const std::string location = value("Location");
        if (table.empty() && !location.empty()) table = tableOf(location);
        while (!table.empty() && table.back() == ' ') table.pop_back();
        if (!table.empty()) out.emplace_back("Table", table);
        if (const std::string f = value("Format"); !f.empty()) out.emplace_back("Format", f);
        for (const char* key : {"PushedFilters", "PartitionFilters", "DataFilters"})
            if (std::string v = value(key); !v.empty() && v != "[]") out.emplace_back(key, v);
        if (const std::string schema = value("ReadSchema"); !schema.empty()) {
            const std::string n = columnCount(schema);
            out.emplace_back("ReadSchema", n.empty() ? schema : n);
        }
        if (!location.empty()) out.emplace_back("Location", location);
        return out;
    }
    if (isJoinOperator(node)) {
        std::string strategy = node.nodeName;
        if (strategy.rfind("Gpu", 0) == 0) strategy = strategy.substr(3) + " (GPU)";
        out.emplace_back("Strategy", strategy);
        for (const char* type : {"LeftOuter", "RightOuter", "FullOuter", "LeftSemi", "LeftAnti",
                                 "ExistenceJoin", "Cross", "Inner"})
            if (contains(s, (std::string(", ") + type).c_str())) {
                out.emplace_back("Join type", type);
                break;
            }
        if (contains(s, "BuildRight"))
            out.emplace_back("Build side", "right");
        else if (contains(s, "BuildLeft"))
            out.emplace_back("Build side", "left");
    }
    return out;
}

}  // namespace stagelight
