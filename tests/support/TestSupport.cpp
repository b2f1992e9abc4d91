#include "TestSupport.h"

#include <zlib.h>
#include <zstd.h>

#include <QJsonDocument>
#include <QJsonObject>
#include <algorithm>
#include <fstream>

namespace stagelight::test {

const char* const kLogStart =
    "{\"Event\":\"SparkListenerLogStart\",\"Spark Version\":\"3.5.1\"}\n"
    "{\"Event\":\"SparkListenerApplicationStart\",\"App Name\":\"t\",\"App ID\":\"app-1\","
    "\"Timestamp\":1000,\"User\":\"u\"}\n";
namespace fs = std::filesystem;

fs::path sourceDir() {
    return STAGELIGHT_SOURCE_DIR;
}
fs::path sharedDir() {
    return fs::path(STAGELIGHT_SHARED_DIR).lexically_normal();
}
fs::path binaryDir() {
    return STAGELIGHT_BINARY_DIR;
}
bool sharedAvailable() {
    return fs::is_directory(sharedDir() / "eventlogs");
}
bool runningInCi() {
    return qEnvironmentVariable("CI") == QLatin1String("true");
}

std::vector<fs::path> corpusLogPaths() {
    const fs::path root = sharedDir() / "eventlogs";
    std::vector<fs::path> paths;
    std::ifstream readme(root / "README.md");
    for (std::string line; std::getline(readme, line);) {
        if (line.rfind("| `", 0) != 0) continue;
        const size_t end = line.find('`', 3);
        const fs::path p = root / line.substr(3, end - 3);
        if (end != std::string::npos && fs::exists(p)) paths.push_back(p);
    }
    const fs::path ndjson = root / "shuffle-works__spark-event-corpus-data";
    if (fs::is_directory(ndjson))
        for (const auto& e : fs::recursive_directory_iterator(ndjson))
            if (e.is_regular_file() && e.path().extension() == ".ndjson") paths.push_back(e.path());
    return paths;
}

void writeFile(const fs::path& path, std::string_view bytes) {
    std::ofstream out(path, std::ios::binary);
    out.write(bytes.data(), std::streamsize(bytes.size()));
}

bool appendFile(const fs::path& path, std::string_view bytes) {
    std::ofstream out(path, std::ios::binary | std::ios::app);
    out.write(bytes.data(), std::streamsize(bytes.size()));
    out.close();
    return !out.fail();
}

std::string readFile(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

namespace {

std::optional<std::string> zstdText(const std::string& bytes) {
    ZSTD_DStream* ds = ZSTD_createDStream();
    std::string out;
    std::vector<char> buf(1 << 16);
    ZSTD_inBuffer in{bytes.data(), bytes.size(), 0};
    while (in.pos < in.size) {
        ZSTD_outBuffer o{buf.data(), buf.size(), 0};
        const size_t r = ZSTD_decompressStream(ds, &o, &in);
        if (ZSTD_isError(r)) break;
        out.append(buf.data(), o.pos);
    }
    for (;;) {  // drain
        ZSTD_inBuffer none{nullptr, 0, 0};
        ZSTD_outBuffer o{buf.data(), buf.size(), 0};
        const size_t r = ZSTD_decompressStream(ds, &o, &none);
        if (ZSTD_isError(r) || o.pos == 0) break;
        out.append(buf.data(), o.pos);
    }
    ZSTD_freeDStream(ds);
    return out;
}

std::optional<std::string> gzipText(const fs::path& path) {
    gzFile f = gzopen(path.c_str(), "rb");
    if (!f) return std::nullopt;
    std::string out;
    char buf[1 << 16];
    int n;
    while ((n = gzread(f, buf, sizeof buf)) > 0) out.append(buf, size_t(n));
    gzclose(f);
    return out;
}

std::optional<std::string> fileText(const fs::path& path) {
    std::string bytes = readFile(path);
    if (bytes.size() >= 4 && uint8_t(bytes[0]) == 0x28 && uint8_t(bytes[1]) == 0xB5)
        return zstdText(bytes);
    if (bytes.size() >= 2 && uint8_t(bytes[0]) == 0x1F && uint8_t(bytes[1]) == 0x8B)
        return gzipText(path);
    if (!bytes.empty() && bytes[0] != '{') return std::nullopt;
    return bytes;
}

}  // namespace

std::optional<std::string> rawLogText(const fs::path& path) {
    if (fs::is_regular_file(path)) return fileText(path);
    std::vector<fs::path> parts;
    std::vector<std::pair<long, fs::path>> rolling;
    std::vector<fs::path> rotated;
    fs::path live;
    for (const auto& e : fs::directory_iterator(path)) {
        const std::string name = e.path().filename().string();
        if (name.rfind("events_", 0) == 0)
            rolling.emplace_back(std::stol(name.substr(7)), e.path());
        else if (name == "eventlog")
            live = e.path();
        else if (name.rfind("eventlog-", 0) == 0)
            rotated.push_back(e.path());
    }
    std::sort(rolling.begin(), rolling.end());
    std::sort(rotated.begin(), rotated.end());
    for (auto& [i, p] : rolling) parts.push_back(p);
    for (auto& p : rotated) parts.push_back(p);
    if (!live.empty()) parts.push_back(live);
    if (parts.empty()) return std::nullopt;
    std::string text;
    for (const auto& p : parts) {
        auto t = fileText(p);
        if (!t) return std::nullopt;
        text += *t;
    }
    return text;
}

RawCounts countRawLines(const std::string& text) {
    RawCounts c;
    std::set<std::pair<qint64, qint64>> stages;
    std::set<QString> executors;
    std::set<qint64> sql, jobs;
    size_t pos = 0;
    while (pos < text.size()) {
        size_t nl = text.find('\n', pos);
        if (nl == std::string::npos) nl = text.size();
        const QByteArray line =
            QByteArray::fromRawData(text.data() + pos, qsizetype(nl - pos)).trimmed();
        const bool last = nl >= text.size() - 1;
        pos = nl + 1;
        if (line.isEmpty()) continue;
        QJsonParseError err;
        const QJsonDocument doc = QJsonDocument::fromJson(line, &err);
        if (err.error != QJsonParseError::NoError || !doc.isObject()) {
            ++c.invalidLines;
            c.lastLineInvalid = last;
            continue;
        }
        const QJsonObject o = doc.object();
        const QString event = o.value(QLatin1String("Event")).toString();
        if (event == QLatin1String("SparkListenerJobStart"))
            jobs.insert(o.value(QLatin1String("Job ID")).toInteger());
        else if (event == QLatin1String("SparkListenerStageSubmitted") ||
                 event == QLatin1String("SparkListenerStageCompleted")) {
            const QJsonObject info = o.value(QLatin1String("Stage Info")).toObject();
            stages.insert({info.value(QLatin1String("Stage ID")).toInteger(),
                           info.value(QLatin1String("Stage Attempt ID")).toInteger()});
        } else if (event == QLatin1String("SparkListenerTaskEnd")) {
            const QString reason = o.value(QLatin1String("Task End Reason"))
                                       .toObject()
                                       .value(QLatin1String("Reason"))
                                       .toString();
            // A Resubmitted TaskEnd repeats an attempt that succeeded: it is not an attempt.
            if (reason == QLatin1String("Resubmitted")) {
                ++c.resubmittedTasks;
                continue;
            }
            ++c.tasks;
            // A TaskEnd without an end reason (hand-written fixtures) counts as successful.
            if (!reason.isEmpty() && reason != QLatin1String("Success")) ++c.failedTasks;
        } else if (event == QLatin1String("SparkListenerExecutorAdded")) {
            executors.insert(o.value(QLatin1String("Executor ID")).toString());
        } else if (event ==
                   QLatin1String(
                       "org.apache.spark.sql.execution.ui.SparkListenerSQLExecutionStart")) {
            sql.insert(o.value(QLatin1String("executionId")).toInteger());
        }
    }
    c.jobs = qint64(jobs.size());
    c.stageAttempts = qint64(stages.size());
    c.executors = qint64(executors.size());
    c.sqlExecutions = qint64(sql.size());
    return c;
}

}  // namespace stagelight::test
