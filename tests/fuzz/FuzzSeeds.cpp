#include "FuzzSeeds.h"

#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "LogGenerator.h"
#include "SparkFraming.h"
#include "ZipWriter.h"
#include "io/ZipWriter.h"

namespace stagelight::fuzz {
namespace {

// The first lines of a log, up to about `bytes` (whole lines), so seeds stay small and fast.
std::string head(const std::string& text, size_t bytes) {
    size_t end = 0;
    while (end < text.size() && end < bytes) {
        const size_t nl = text.find('\n', end);
        if (nl == std::string::npos) return text;
        end = nl + 1;
    }
    return text.substr(0, end);
}

// The text cut at a line boundary near its middle.
std::pair<std::string, std::string> halves(const std::string& text) {
    size_t cut = text.find('\n', text.size() / 2);
    cut = cut == std::string::npos ? text.size() : cut + 1;
    return {text.substr(0, cut), text.substr(cut)};
}

std::string appId(const std::string& text) {
    const std::string key = "\"App ID\":\"";
    const size_t at = text.find(key);
    if (at == std::string::npos) return "app-1";
    return text.substr(at + key.size(), text.find('"', at + key.size()) - at - key.size());
}

// The logs endpoint's zip (io/ZipWriter) with the ZIP64 records a log past 4 GiB needs.
std::string zip64Archive(const std::string& text) {
    const std::filesystem::path file =
        std::filesystem::temp_directory_path() / ("stagelight-zip64-seed-" + std::to_string(getpid()));
    {
        std::ofstream(file, std::ios::binary) << text;
    }
    std::string zip, error;
    writeZip({{"app-1", file}},
             [&](std::string_view b) {
                 zip.append(b);
                 return true;
             },
             error, true);
    std::filesystem::remove(file);
    return zip;
}

std::vector<Seed> zipSeeds(const std::string& name, const std::string& text) {
    using namespace test;
    const auto [first, second] = halves(text);
    return {
        {name + "-deflated", zipArchive({deflatedItem("app-1.json", text)})},
        {name + "-stored-zstd", zipArchive({storedItem("app-1.zstd", gen::frame(Codec::Zstd, text))})},
        {name + "-macos", zipArchive({deflatedItem("app-1/eventlog.json", text),
                                      storedItem("__MACOSX/app-1/._eventlog.json", "\x05\x16\x07"),
                                      storedItem("app-1/.DS_Store", "Bud1"),
                                      deflatedItem("app-1/pricing.json", "{\"m5.xlarge\":0.19}\n")})},
        {name + "-rolling", zipArchive({storedItem("eventlog_v2_app-1/events_1_app-1", first),
                                        deflatedItem("eventlog_v2_app-1/events_2_app-1", second),
                                        storedItem("eventlog_v2_app-1/appstatus_app-1", "")})},
        {name + "-zip64", zip64Archive(text)},
    };
}

std::vector<Seed> locatorSeeds(const std::string& name, const std::string& text) {
    const auto [first, second] = halves(text);
    const std::string dbc =
        R"({"Event":"DBCEventLoggingListenerMetadata","Spark Version":"3.4.1","Timestamp":1,"Rollover Number":1,"SparkContext Id":7})"
        "\n";
    return {
        {name + "-rolling", locatorInput(0, {{"events_1_app-1.zstd", gen::frame(Codec::Zstd, first)},
                                             {"events_2_app-1", second},
                                             {"appstatus_app-1.inprogress", ""}})},
        {name + "-compacted", locatorInput(0, {{"events_1_app-1.compact", first},
                                               {"events_2_app-1.lz4", gen::frame(Codec::Lz4, second)}})},
        {name + "-databricks",
         locatorInput(1, {{"eventlog-2026-01-01--10-00.gz", gen::frame(Codec::Gzip, first)},
                          {"eventlog", dbc + second}})},
        {name + "-legacy", locatorInput(2, {{"EVENT_LOG_1", text},
                                            {"SPARK_VERSION_1.2.0", ""},
                                            {"APPLICATION_COMPLETE", ""}})},
        {name + "-several", locatorInput(3, {{"app-1", first},
                                             {"app-2.inprogress", text},
                                             {"notes.txt", "not a log"}})},
    };
}

std::vector<Seed> restSeeds(const std::string& text) {
    const std::string app = "applications/" + appId(text);
    std::vector<Seed> out;
    for (const std::string& path :
         {std::string("applications?status=completed&minDate=2020-01-01&limit=2"),
          app + "/jobs?status=succeeded&status=failed", app + "/stages?details=true&withSummaries=true",
          app + "/stages/1/0/taskList?offset=2&length=3&sortBy=-runtime&status=success",
          app + "/stages/1/0/taskSummary?quantiles=0.01,0.5,0.99", app + "/executors",
          app + "/allexecutors", app + "/storage/rdd", app + "/environment",
          app + "/sql?details=true&planDescription=true&offset=0&length=5", app + "/sql/0",
          app + "/stages/1?quantiles=0.5&details=true&taskStatus=FAILED", app + "/jobs/0"})
        out.push_back({"path-" + std::to_string(out.size()), path});
    return out;
}

}  // namespace

std::vector<Seed> seedsFor(const Target& target, const std::vector<Seed>& logs) {
    const std::string name = target.name;
    std::vector<Seed> out;
    if (name == "rest") return restSeeds(logs.empty() ? std::string() : logs.front().bytes);
    for (const Seed& log : logs) {
        if (name == "zip")
            for (Seed& s : zipSeeds(log.name, log.bytes)) out.push_back(std::move(s));
        else if (name == "locator")
            for (Seed& s : locatorSeeds(log.name, log.bytes)) out.push_back(std::move(s));
        else
            out.push_back({log.name, target.seedCodec == Codec::Plain
                                         ? log.bytes
                                         : gen::frame(target.seedCodec, log.bytes, 8)});
    }
    return out;
}

std::vector<Seed> generatedLogs() {
    std::vector<Seed> out;
    for (const char* scenario : {"healthy", "failures", "cache-released", "python-udf", "demo"}) {
        gen::ScenarioConfig config = gen::makeScenario(scenario, 0.05);
        out.push_back({scenario, head(gen::generateLogText(config), 24 << 10)});
    }
    // The tail of a log too: job, stage and SQL ends, application end.
    const std::string whole = gen::generateLogText(gen::makeScenario("skew", 0.05));
    const std::string tail =
        whole.substr(whole.size() > (16 << 10) ? whole.size() - (16 << 10) : 0);
    out.push_back({"skew-tail", tail.substr(tail.find('\n') + 1)});
    return out;
}

std::vector<Seed> seedsFor(const Target& target) {
    std::vector<Seed> logs = generatedLogs();
    if (std::string(target.name) == "zip" || std::string(target.name) == "locator")
        logs.resize(2);  // each log makes several seeds
    return seedsFor(target, logs);
}

}  // namespace stagelight::fuzz
