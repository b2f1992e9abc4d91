// Hostile logs made from a generated one: one task's times, a stage's or a job's times set to an
// absurd value, a huge application name, a stage with 100,000 RDDs, deep nesting inside an
// accumulable, invalid UTF-8 on every line. Made by the tests, never committed.
#pragma once

#include <QTemporaryDir>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>

#include "LogGenerator.h"
#include "TestSupport.h"

namespace stagelight::test {

inline std::filesystem::path writeIn(const QTemporaryDir& dir, const std::string& name,
                                     const std::string& text) {
    const std::filesystem::path p = std::filesystem::path(dir.path().toStdString()) / name;
    writeFile(p, text);
    return p;
}

// The number after "key": on `line` replaced by `value` (every occurrence).
inline void setNumber(std::string& line, std::string_view key, const std::string& value) {
    const std::string needle = "\"" + std::string(key) + "\":";
    for (size_t at = line.find(needle); at != std::string::npos; at = line.find(needle, at + 1)) {
        const size_t from = at + needle.size();
        size_t to = from;
        while (to < line.size() && (line[to] == '-' || (line[to] >= '0' && line[to] <= '9'))) ++to;
        line.replace(from, to - from, value);
    }
}

// Applies `edit` to each line holding `marker` (at most `most` of them).
template <typename Edit>
std::string editLines(const std::string& text, std::string_view marker, size_t most, Edit edit) {
    std::string out;
    out.reserve(text.size());
    size_t done = 0;
    for (size_t from = 0; from < text.size();) {
        size_t end = text.find('\n', from);
        if (end == std::string::npos) end = text.size();
        std::string line = text.substr(from, end - from);
        if (done < most && line.find(marker) != std::string::npos) {
            edit(line);
            ++done;
        }
        out += line + "\n";
        from = end + 1;
    }
    return out;
}

// A healthy run cut small (8 tasks a stage), so each hostile variant runs everything in seconds.
inline gen::ScenarioConfig smallConfig() {
    auto config = gen::makeScenario("healthy");
    for (auto& job : config.jobs)
        for (auto& stage : job.stages) stage.tasks = std::min(stage.tasks, 8);
    return config;
}

inline std::string smallLog() {
    return gen::generateLogText(smallConfig());
}

enum class TimeField { TaskLaunch, TaskFinish, StageSubmission, JobSubmission };

// The first task (its TaskStart and TaskEnd), first stage or first job given time `ms`.
inline std::string withTime(TimeField field, const std::string& ms) {
    const std::string base = smallLog();
    switch (field) {
        case TimeField::TaskLaunch:
            return editLines(editLines(base, "\"Event\":\"SparkListenerTaskStart\"", 1,
                                       [&](std::string& l) { setNumber(l, "Launch Time", ms); }),
                             "\"Event\":\"SparkListenerTaskEnd\"", 1,
                             [&](std::string& l) { setNumber(l, "Launch Time", ms); });
        case TimeField::TaskFinish:
            return editLines(base, "\"Event\":\"SparkListenerTaskEnd\"", 1,
                             [&](std::string& l) { setNumber(l, "Finish Time", ms); });
        case TimeField::StageSubmission:
            return editLines(
                editLines(base, "\"Event\":\"SparkListenerStageSubmitted\"", 1,
                          [&](std::string& l) { setNumber(l, "Submission Time", ms); }),
                "\"Event\":\"SparkListenerStageCompleted\"", 1,
                [&](std::string& l) { setNumber(l, "Submission Time", ms); });
        case TimeField::JobSubmission:
            return editLines(base, "\"Event\":\"SparkListenerJobStart\"", 1,
                             [&](std::string& l) { setNumber(l, "Submission Time", ms); });
    }
    return base;
}

inline std::string withAppName(size_t bytes) {
    auto config = smallConfig();
    config.appName = std::string(bytes, 'N');
    return gen::generateLogText(config);
}

// The first StageSubmitted (and its StageCompleted) with `count` RDD infos in a chain.
inline std::string withRdds(int count) {
    std::string rdds;
    rdds.reserve(size_t(count) * 200);
    for (int i = 0; i < count; ++i) {
        const std::string id = std::to_string(100000 + i);
        rdds +=
            (i ? "," : "") + std::string("{\"RDD ID\":") + id +
            ",\"Name\":\"MapPartitionsRDD\",\"Callsite\":\"map at x.scala:1\",\"Parent IDs\":[" +
            (i ? std::to_string(100000 + i - 1) : std::string()) +
            "],\"Storage Level\":{\"Use Disk\":false,\"Use Memory\":false,\"Deserialized\":"
            "false,\"Replication\":1},\"Number of Partitions\":4,\"Number of Cached "
            "Partitions\":0,\"Memory Size\":0,\"Disk Size\":0}";
    }
    auto edit = [&](std::string& l) {
        const size_t at = l.find("\"RDD Info\":[");
        if (at == std::string::npos) return;
        const size_t from = at + 12;
        int depth = 1;
        size_t to = from;
        for (; to < l.size() && depth > 0; ++to) depth += l[to] == '[' ? 1 : l[to] == ']' ? -1 : 0;
        l.replace(from, to - 1 - from, rdds);
    };
    return editLines(editLines(smallLog(), "\"Event\":\"SparkListenerStageSubmitted\"", 1, edit),
                     "\"Event\":\"SparkListenerStageCompleted\"", 1, edit);
}

// Every TaskEnd with an accumulable whose value nests `depth` arrays and objects deep.
inline std::string withDeepAccumulables(int depth) {
    std::string value;
    for (int i = 0; i < depth; ++i) value += i % 2 ? "[" : "{\"a\":";
    value += "1";
    for (int i = depth - 1; i >= 0; --i) value += i % 2 ? "]" : "}";
    const std::string acc = "{\"ID\":987654,\"Name\":\"deep\",\"Update\":" + value +
                            ",\"Value\":" + value +
                            ",\"Internal\":false,\"Count Failed Values\":true},";
    return editLines(smallLog(), "\"Event\":\"SparkListenerTaskEnd\"", SIZE_MAX,
                     [&](std::string& l) {
                         const size_t at = l.find("\"Accumulables\":[");
                         if (at != std::string::npos) l.insert(at + 16, acc);
                     });
}

// Invalid UTF-8 in a string of every line (and in the names).
inline std::string withInvalidUtf8Everywhere() {
    auto config = smallConfig();
    config.appName = "bad \xff\xfe name \xc3";
    return editLines(gen::generateLogText(config), "{", SIZE_MAX, [](std::string& l) {
        if (!l.empty() && l[0] == '{') l.insert(1, "\"Junk \xff\":\"\xc3\x28 \xed\xa0\x80 \xf8\",");
    });
}

}  // namespace stagelight::test
