// The report as Markdown and as JSON (`stagelight report --format md|json`).
#include <algorithm>
#include <cstdio>
#include <string>

#include "report/ReportDocument.h"
#include "text/Elide.h"
#include "text/Format.h"
#include "text/JsonWriter.h"

namespace stagelight {
namespace {

// Log text in Markdown: HTML and Markdown punctuation escaped, so a name is shown, not rendered;
// control characters written as \x1b, so `cat report.md` cannot drive a terminal either.
// A paragraph is bounded too (names are elided shorter in the document).
std::string md(std::string_view text) {
    const std::string s = terminalSafe(elide(text, 2000));
    std::string out;
    for (char c : s) {
        switch (c) {
            case '<':
                out += "&lt;";
                break;
            case '>':
                out += "&gt;";
                break;
            case '&':
                out += "&amp;";
                break;
            case '\n':
            case '\r':  // a line ending too: text from a log stays on its line
                out += ' ';
                break;
            case '\\':
            case '`':
            case '*':
            case '_':
            case '[':
            case ']':
            case '#':
            case '|':
            case '!':
                out += '\\';
                out += c;
                break;
            default:
                out += c;
        }
    }
    return out;
}

// Log text in a code span: no escapes work there, so the fence is one backtick longer than any
// run inside, and line endings become spaces; in a table cell a pipe is escaped (GFM reads
// \| there before the span).
std::string code(std::string_view full, bool inTable = false) {
    const std::string s = terminalSafe(elide(full));
    std::string text;
    size_t run = 0, longest = 0;
    for (char c : s) {
        run = c == '`' ? run + 1 : 0;
        longest = std::max(longest, run);
        if (inTable && c == '|') text += '\\';
        text += c == '\n' || c == '\r' ? ' ' : c;
    }
    const std::string fence(longest + 1, '`');
    const bool pad = !text.empty() && (text.front() == '`' || text.back() == '`');
    return fence + (pad ? " " : "") + text + (pad ? " " : "") + fence;
}

// A figure's line in an indented code block: each of its own lines indented, so a newline in
// log text (SQL, a plan node) cannot end the block and let Markdown or HTML through.
std::string codeBlockLines(std::string_view line) {
    std::string out;
    size_t from = 0;
    while (from <= line.size()) {
        size_t end = line.find_first_of("\r\n", from);
        if (end == std::string_view::npos) end = line.size();
        out += "\n    ";
        out += terminalSafe(line.substr(from, end - from));
        if (end + 1 < line.size() && line[end] == '\r' && line[end + 1] == '\n') ++end;
        from = end + 1;
    }
    return out;
}

std::string oneDecimal(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f", v);
    return buf;
}

std::string stageId(const EventLogModel* m, size_t index) {
    if (!m) return {};
    const StageAttempt& s = m->stages[index];
    return StageKey{s.stageId, s.attemptId}.str();
}

}  // namespace

std::string reportMarkdown(const ReportDocument& doc, const EventLogModel& m, const Analysis& a) {
    std::string o = "# Stagelight report: " + md(doc.title) + "\n\n";
    for (const auto& [k, v] : doc.facts) o += "- **" + k + "**: " + md(v) + "\n";
    for (const LogDigest& f : doc.files)
        o += "- **Log**: " + md(f.name) + " (" + formatBytes(int64_t(f.bytes)) + ", SHA-256 `" +
             f.sha256 + "`)\n";
    o += "\n## Summary\n\n";
    if (!doc.timeSlices.empty()) o += "Where the time went:\n\n";
    for (const auto& [k, v] : doc.timeSlices) o += "- **" + k + "**: " + v + "\n";
    if (!doc.timeSlices.empty()) o += "\n";
    if (a.findings.empty()) {
        o += "No finding: every check was clean or could not run.\n";
    } else {
        o += countText(int64_t(a.findings.size()), "finding", "findings") +
             "; the wall clock each would save adds up to " + formatDuration(doc.totalCostMs) +
             " of " + formatDuration(doc.wallClockMs) +
             " (each second is counted for one finding only).\n\n| Severity | Est. cost | Finding "
             "|\n|---|---|---|\n";
        for (const Finding& f : a.findings)
            o += "| " + std::string(severityName(f.severity)) + " | " +
                 (f.estimatedCostMs > 0 ? formatDuration(f.estimatedCostMs) : "—") + " | " +
                 md(f.title) + " |\n";
    }
    for (const ReportSection& s : doc.sections) {
        const Finding& f = a.findings[s.finding];
        o += "\n## " + md(f.title) + "\n\n";
        o += "*" + std::string(severityName(f.severity)) + "*, estimated cost " +
             (f.estimatedCostMs > 0 ? formatDuration(f.estimatedCostMs) : "—") + " (rule " +
             code(f.rule) + ", id " + code(f.id) + ")\n\n";
        o +=
            md(f.detail) + "\n\n**Fix:** " + md(f.fix) + "\n\n**Cost:** " + md(f.costMethod) + "\n";
        for (const ReportFigure& fig : s.figures) {
            o += "\n*" + md(fig.caption) + "*\n";
            for (const std::string& line : fig.lines) o += codeBlockLines(line);
            if (!fig.lines.empty()) o += "\n";
        }
    }
    o += "\n## Slowest stages\n\n| Stage | Duration | Tasks | Input | Shuffle read | Shuffle write "
         "| Spill (disk) | GC time |\n|---|---|---|---|---|---|---|---|\n";
    for (const StageTotals& st : doc.slowestStages)
        o += "| " + stageId(&m, st.stage) + " | " + formatDuration(st.durationMs) + " | " +
             std::to_string(st.attempts) + " | " + formatBytes(st.sum(TaskField::InputBytesRead)) +
             " | " + formatBytes(st.shuffleReadBytes()) + " | " +
             formatBytes(st.sum(TaskField::ShuffleBytesWritten)) + " | " +
             formatBytes(st.sum(TaskField::DiskBytesSpilled)) + " | " +
             formatDuration(st.sum(TaskField::JvmGcTime)) + " |\n";
    o += "\n## Time accounting\n\n";
    for (const auto& [k, v] : doc.timeFacts) o += "- **" + k + "**: " + v + "\n";
    for (const std::string& p : doc.criticalPaths) o += "- " + p + "\n";
    if (!doc.gaps.empty()) o += "\nLongest gaps:\n\n";
    for (const std::string& g : doc.gaps) o += "- " + md(g) + "\n";
    if (doc.hasComparison) {
        const Comparison& c = doc.comparison;
        o += "\n## Compared with the baseline\n\nBaseline: " + md(doc.baselineTitle) + " (" +
             md(doc.baselineFile) + "). Wall clock " + formatDuration(c.baselineWallMs) + " → " +
             formatDuration(c.trialWallMs) + "; critical path " +
             formatDuration(c.baselineCriticalPathMs) + " → " +
             formatDuration(c.trialCriticalPathMs) +
             ".\n\n| Baseline stage | This run | Match | "
             "Duration | Tasks | Shuffle read | Skew |\n|---|---|---|---|---|---|---|\n";
        for (const StageMatch& mt : c.matches)
            o += "| " + StageKey{mt.baseline.stageId, mt.baseline.attemptId}.str() + " " +
                 md(mt.baseline.name) + " | " +
                 StageKey{mt.trial.stageId, mt.trial.attemptId}.str() + " | " + std::to_string(int(mt.confidence * 100)) + " % | " +
                 formatDuration(mt.baseline.durationMs) + " → " +
                 formatDuration(mt.trial.durationMs) + " | " + std::to_string(mt.baseline.tasks) +
                 " → " + std::to_string(mt.trial.tasks) + " | " +
                 formatBytes(mt.baseline.shuffleReadBytes) + " → " +
                 formatBytes(mt.trial.shuffleReadBytes) + " | " +
                 oneDecimal(mt.baseline.skewRatio) + " → " + oneDecimal(mt.trial.skewRatio) +
                 " |\n";
        for (const ComparedStage& f : c.unmatchedBaseline)
            o += "\nOnly in the baseline: " + StageKey{f.stageId, f.attemptId}.label() + " " +
                 md(f.name) + "\n";
        for (const ComparedStage& f : c.unmatchedTrial)
            o += "\nOnly in this run: " + StageKey{f.stageId, f.attemptId}.label() + " " +
                 md(f.name) + "\n";
        for (const FindingChange& f : c.findings)
            if (f.kind != FindingChange::Kind::Unchanged)
                o += std::string("\n- ") +
                     (f.kind == FindingChange::Kind::Introduced ? "new: " : "resolved: ") +
                     md(f.title);
        o += "\n";
    }
    if (!doc.config.empty()) {
        o += "\n## Appendix: settings the findings refer to\n\n| Setting | Value in this run "
             "|\n|---|---|\n";
        for (const auto& [k, v] : doc.config) o += "| " + code(k, true) + " | " + md(v) + " |\n";
    }
    return o;
}

std::string reportJson(const ReportDocument& doc, const EventLogModel& m, const Analysis& a) {
    JsonWriter w;
    w.beginObject();
    w.field("schemaVersion", int64_t(1)).field("title", doc.title);
    w.key("facts").beginObject();
    for (const auto& [k, v] : doc.facts) w.field(k, v);
    w.endObject();
    w.key("logFiles").beginArray();
    for (const LogDigest& f : doc.files)
        w.beginObject()
            .field("name", f.name)
            .field("bytes", f.bytes)
            .field("sha256", f.sha256)
            .endObject();
    w.endArray();
    w.field("wallClockMs", doc.wallClockMs).field("totalEstimatedCostMs", doc.totalCostMs);
    w.key("findings").beginArray();
    for (const ReportSection& s : doc.sections) {
        const Finding& f = a.findings[s.finding];
        w.beginObject()
            .field("id", f.id)
            .field("rule", f.rule)
            .field("severity", std::string(severityName(f.severity)))
            .field("title", f.title)
            .field("estimatedCostMs", f.estimatedCostMs)
            .field("detail", f.detail)
            .field("fix", f.fix);
        w.key("figures").beginArray();
        for (const ReportFigure& fig : s.figures) {
            w.beginObject().field("caption", fig.caption);
            w.field("kind", fig.kind == ReportFigure::Kind::Histogram  ? "histogram"
                            : fig.kind == ReportFigure::Kind::Timeline ? "timeline"
                                                                       : "lines");
            if (fig.kind != ReportFigure::Kind::Lines)
                w.field("stage", stageId(&m, fig.stageIndex));
            if (fig.kind == ReportFigure::Kind::Histogram)
                w.field("metric", std::string(histogramMetricName(fig.metric)));
            if (fig.kind == ReportFigure::Kind::Timeline)
                w.field("fromMs", fig.fromMs).field("toMs", fig.toMs);
            if (!fig.lines.empty()) {
                w.key("lines").beginArray();
                for (const std::string& l : fig.lines) w.value(l);
                w.endArray();
            }
            w.endObject();
        }
        w.endArray().endObject();
    }
    w.endArray();
    w.key("slowestStages").beginArray();
    for (const StageTotals& st : doc.slowestStages)
        w.beginObject()
            .field("stage", stageId(&m, st.stage))
            .field("durationMs", st.durationMs)
            .field("tasks", int64_t(st.attempts))
            .field("inputBytes", st.sum(TaskField::InputBytesRead))
            .field("shuffleReadBytes", st.shuffleReadBytes())
            .field("shuffleWriteBytes", st.sum(TaskField::ShuffleBytesWritten))
            .field("diskBytesSpilled", st.sum(TaskField::DiskBytesSpilled))
            .field("gcTimeMs", st.sum(TaskField::JvmGcTime))
            .endObject();
    w.endArray();
    w.key("timeAccounting").beginObject();
    for (const auto& [k, v] : doc.timeFacts) w.field(k, v);
    w.endObject();
    w.key("whereTheTimeWent").beginObject();
    for (const auto& [k, v] : doc.timeSlices) w.field(k, v);
    w.endObject();
    w.key("criticalPaths").beginArray();
    for (const std::string& p : doc.criticalPaths) w.value(p);
    w.endArray();
    w.key("gaps").beginArray();
    for (const std::string& g : doc.gaps) w.value(g);
    w.endArray();
    w.key("config").beginObject();
    for (const auto& [k, v] : doc.config) w.field(k, v);
    w.endObject();
    if (doc.hasComparison) {
        w.key("comparison").beginObject().field("baseline", doc.baselineFile);
        w.key("result").raw(comparisonJson(doc.comparison));
        w.endObject();
    }
    w.endObject();
    return w.str() + "\n";
}

}  // namespace stagelight
