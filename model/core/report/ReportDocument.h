// The findings report as a document, independent of its output: what `stagelight report` and
// File > Export findings write as PDF (views/report), Markdown or JSON. It holds the facts and
// which charts to draw; the renderers only lay them out.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "compare/Compare.h"
#include "diagnosis/Analyzer.h"
#include "figures/Histogram.h"
#include "model/EventLogModel.h"

namespace stagelight {

struct LogDigest {
    std::string name;    // file name (without its directory)
    std::string sha256;  // hex
    uint64_t bytes = 0;
};

// One chart or excerpt of a finding's evidence.
struct ReportFigure {
    enum class Kind { Histogram, Timeline, Lines };
    Kind kind = Kind::Lines;
    std::string caption;
    size_t stageIndex = 0;                               // Histogram, Timeline
    HistogramMetric metric = HistogramMetric::Duration;  // Histogram
    std::vector<int64_t> taskIds;                        // highlighted (Histogram, Timeline)
    int64_t fromMs = 0, toMs = 0;                        // Timeline window
    std::vector<std::string> lines;                      // Lines: plan node, RDD, executor
};

struct ReportSection {
    size_t finding = 0;  // index into Analysis::findings
    std::vector<ReportFigure> figures;
};

using ReportFacts = std::vector<std::pair<std::string, std::string>>;

struct ReportDocument {
    std::string title;  // the application's name (or id)
    ReportFacts facts;  // title page: application, Spark, run time, executors, cores, ...
    std::vector<LogDigest> files;
    int64_t totalCostMs = 0;  // the findings' estimated costs added up
    int64_t wallClockMs = 0;
    std::vector<ReportSection> sections;  // one per finding, most expensive first
    std::vector<StageTotals> slowestStages;
    ReportFacts timeFacts;  // wall clock, driver-only, job time, idle cores, ...
    // Where the time went: each slice cause with its time, share and how much findings explain.
    ReportFacts timeSlices;
    std::vector<std::string> criticalPaths, gaps;
    std::vector<std::pair<std::string, std::string>> config;  // settings the findings name
    // With a baseline run: this run (the trial) compared with it.
    bool hasComparison = false;
    Comparison comparison;
    std::string baselineTitle, baselineFile;
};

ReportDocument buildReport(const EventLogModel& model, const Analysis& analysis,
                           std::vector<LogDigest> files, size_t slowestStages = 10);
// Adds the comparison with a baseline run (`report --baseline`).
void addComparison(ReportDocument& doc, const EventLogModel& baseline, const std::string& file,
                   Comparison comparison);

std::string reportMarkdown(const ReportDocument& doc, const EventLogModel& model,
                           const Analysis& analysis);
std::string reportJson(const ReportDocument& doc, const EventLogModel& model,
                       const Analysis& analysis);

// The `spark.*` keys a text names (findings name the settings their fixes change).
std::vector<std::string> sparkKeysIn(std::string_view text);

}  // namespace stagelight
