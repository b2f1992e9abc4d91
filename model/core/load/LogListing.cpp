#include "load/LogListing.h"

#include <simdjson.h>

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <functional>
#include <variant>

#include "io/DirEntries.h"
#include "io/LogLocator.h"
#include "io/StreamDecoder.h"
#include "text/Format.h"

namespace stagelight {
namespace fs = std::filesystem;
namespace {

// The head is where ApplicationStart lives (after LogStart, ResourceProfileAdded, a few
// executors); past this many decoded bytes a log without one is not worth reading further.
constexpr size_t kHeadBytes = size_t(2) << 20;
// A compressed last part up to this size is decoded whole to find ApplicationEnd; a plain one
// is only read from its tail.
constexpr uint64_t kScanCompressedBytes = uint64_t(8) << 20;
constexpr size_t kPlainTailBytes = size_t(256) << 10;

// Splits decoded bytes into lines and hands each to `line` until it returns false.
class LineSink final : public DecodeListener {
public:
    explicit LineSink(std::function<bool(std::string_view)> line, size_t limit)
        : line_(std::move(line)), limit_(limit) {}
    void decoded(std::string_view bytes) override {
        seen_ += bytes.size();
        while (!stop_ && !bytes.empty()) {
            const size_t nl = bytes.find('\n');
            if (nl == std::string_view::npos) {
                pending_.append(bytes);
                break;
            }
            pending_.append(bytes.substr(0, nl));
            bytes.remove_prefix(nl + 1);
            stop_ = !line_(pending_);
            pending_.clear();
        }
        if (seen_ > limit_) stop_ = true;
    }
    void decodeIssue(const DecodeIssue&) override {}
    bool stopRequested() const override { return stop_; }
    void finish() {
        if (!stop_ && !pending_.empty()) stop_ = !line_(pending_);
    }
    bool stopped() const { return stop_; }

private:
    std::function<bool(std::string_view)> line_;
    size_t limit_;
    size_t seen_ = 0;
    std::string pending_;
    bool stop_ = false;
};

// Feeds one part through its decoder until the sink stops; false when it could not be opened.
bool readPart(const LogPart& part, LineSink& sink) {
    std::FILE* file = std::fopen(part.path.c_str(), "rb");
    if (!file) return false;
    auto decoder = part.zipEntry ? makeZipEntryDecoder(part.zipEntry->method, sink,
                                                       part.zipEntry->uncompressedSize)
                                 : makeStreamDecoder(part.codec, sink);
    uint64_t left = part.zipEntry ? part.zipEntry->compressedSize : UINT64_MAX;
    if (part.zipEntry && std::fseek(file, long(part.zipEntry->dataOffset), SEEK_SET) != 0) left = 0;
    std::vector<std::byte> buf(size_t(64) << 10);
    size_t n;
    while (!sink.stopped() && left > 0 &&
           (n = std::fread(buf.data(), 1, std::min<uint64_t>(buf.size(), left), file)) > 0) {
        left -= n;
        decoder->feed(std::span(buf.data(), n));
    }
    std::fclose(file);
    if (!sink.stopped()) {
        decoder->finish();
        sink.finish();
    }
    return true;
}

bool mentions(std::string_view line, std::string_view event) {
    return line.find(event) != std::string_view::npos;
}

std::string stringField(simdjson::dom::element e, const char* key) {
    std::string_view v;
    return e[key].get(v) == simdjson::SUCCESS ? std::string(v) : std::string();
}
int64_t intField(simdjson::dom::element e, const char* key) {
    int64_t v = -1;
    return e[key].get(v) == simdjson::SUCCESS ? v : -1;
}

// The first events: LogStart's version and ApplicationStart's id, name, attempt and time.
void readHead(const LogPart& part, LogSummary& out) {
    simdjson::dom::parser parser;
    bool sawEvent = false;
    LineSink sink(
        [&](std::string_view line) {
            if (!mentions(line, "\"Event\"")) return true;
            simdjson::dom::element doc;
            if (parser.parse(line.data(), line.size()).get(doc) != simdjson::SUCCESS) return true;
            const std::string event = stringField(doc, "Event");
            if (event.rfind("SparkListener", 0) == 0 || event.rfind("org.apache.spark", 0) == 0)
                sawEvent = true;
            if (event == "SparkListenerLogStart")
                out.sparkVersion = stringField(doc, "Spark Version");
            if (event != "SparkListenerApplicationStart") return true;
            out.appId = stringField(doc, "App ID");
            out.appName = stringField(doc, "App Name");
            out.attemptId = stringField(doc, "App Attempt ID");
            out.user = stringField(doc, "User");
            out.startMs = intField(doc, "Timestamp");
            return false;
        },
        kHeadBytes);
    if (!readPart(part, sink))
        out.error = "cannot be read";
    else if (!sawEvent)
        out.error = "no Spark events in its first lines";
}

int64_t endTimestamp(std::string_view line) {
    simdjson::dom::parser parser;
    simdjson::dom::element doc;
    if (parser.parse(line.data(), line.size()).get(doc) != simdjson::SUCCESS) return -1;
    return stringField(doc, "Event") == "SparkListenerApplicationEnd" ? intField(doc, "Timestamp")
                                                                      : -1;
}

// ApplicationEnd is the last event Spark writes: a plain file's tail holds it; a small
// compressed part is decoded whole. A large compressed one is left unchecked (status "?").
void readEnd(const LogPart& part, LogSummary& out) {
    if (part.codec == Codec::Plain && !part.zipEntry) {
        std::FILE* file = std::fopen(part.path.c_str(), "rb");
        if (!file) return;
        const uint64_t from = part.size > kPlainTailBytes ? part.size - kPlainTailBytes : 0;
        std::string tail(size_t(part.size - from), '\0');
        if (std::fseek(file, long(from), SEEK_SET) == 0)
            tail.resize(std::fread(tail.data(), 1, tail.size(), file));
        std::fclose(file);
        out.endChecked = true;
        const size_t at = tail.rfind("\"SparkListenerApplicationEnd\"");
        if (at == std::string::npos) return;
        const size_t begin = tail.rfind('\n', at);
        const size_t end = tail.find('\n', at);
        const size_t b = begin == std::string::npos ? 0 : begin + 1;
        out.endMs = endTimestamp(std::string_view(tail).substr(
            b, end == std::string::npos ? std::string::npos : end - b));
        return;
    }
    if (part.size > kScanCompressedBytes) return;
    LineSink sink(
        [&](std::string_view line) {
            if (mentions(line, "\"SparkListenerApplicationEnd\"")) out.endMs = endTimestamp(line);
            return true;
        },
        SIZE_MAX);
    out.endChecked = readPart(part, sink);
}

std::string timeText(int64_t ms) {
    return ms < 0 ? "—" : formatUtc(ms, "%Y-%m-%d %H:%M:%S");
}

}  // namespace

std::string LogSummary::appIdText() const {
    return attemptId.empty() ? appId : appId + " (attempt " + attemptId + ")";
}

std::string LogSummary::status() const {
    if (!error.empty()) return "not a log";
    if (endMs >= 0) return "completed";
    if (inProgress) return "in progress";
    return endChecked ? "incomplete" : "?";
}

LogSummary summarizeLog(const fs::path& log) {
    LogSummary out;
    out.path = log;
    auto located = locateLog(log);
    if (auto* err = std::get_if<LocateError>(&located)) {
        out.error = err->message;
        return out;
    }
    const LogSet& set = std::get<LogSet>(located);
    out.bytes = set.totalBytes();
    out.inProgress = set.inProgress;
    if (set.parts.empty()) {
        out.error = "holds no event log file";
        return out;
    }
    readHead(set.parts.front(), out);
    if (out.error.empty()) readEnd(set.parts.back(), out);
    return out;
}

bool isDirectoryOfLogs(const fs::path& path) {
    std::error_code ec;
    if (!fs::is_directory(path, ec)) return false;
    auto located = locateLog(path);
    auto* err = std::get_if<LocateError>(&located);
    if (!err) return false;  // one application's log directory
    const DirListing listing = listDirectory(path);
    return std::any_of(listing.entries.begin(), listing.entries.end(),
                       [](const DirEntry& e) { return looksLikeEventLog(e); });
}

std::vector<LogSummary> listEventLogs(const fs::path& dir) {
    std::vector<LogSummary> out;
    for (const DirEntry& e : listDirectory(dir).entries) {
        if (looksLikeEventLog(e)) {
            out.push_back(summarizeLog(e.path));
        } else if (!e.isRegular() && !e.isDirectory()) {  // named, so it is not silently missing
            LogSummary bad;
            bad.path = e.path;
            bad.error = e.kindText();
            out.push_back(std::move(bad));
        }
    }
    return out;
}

std::string logListingText(const std::vector<LogSummary>& logs) {
    std::string out;
    char line[512];
    std::snprintf(line, sizeof line, "  %-32s %-28s %-19s %10s %-11s %10s  %s\n", "APP ID", "NAME",
                  "START (UTC)", "DURATION", "STATUS", "SIZE", "LOG");
    out += line;
    for (const LogSummary& l : logs) {
        const int64_t d = l.durationMs();
        const std::string id = l.appId.empty() ? "—" : oneLine(l.appIdText(), 32);
        std::snprintf(line, sizeof line, "  %-32s %-28s %-19s %10s %-11s %10s  %s\n", id.c_str(),
                      l.appName.empty() ? "—" : oneLine(l.appName, 28).c_str(),
                      timeText(l.startMs).c_str(), d < 0 ? "—" : formatDuration(d).c_str(),
                      l.status().c_str(), formatBytes(int64_t(l.bytes)).c_str(),
                      l.path.filename().string().c_str());
        out += line;
    }
    return out;
}

}  // namespace stagelight
