// Helpers shared by the test executables: where the shared corpus is, temporary files, and an
// independent reader of raw event lines (libzstd/zlib directly, Qt's JSON parser) to check the
// project's reader against.
#pragma once

#include <QString>
#include <QtTest>

#include <filesystem>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace stagelight::test {

std::filesystem::path sourceDir();
std::filesystem::path sharedDir();
std::filesystem::path binaryDir();
bool sharedAvailable();
bool runningInCi();
// Every log the corpus README lists, then the shuffle-works ndjson logs it lists by pattern.
std::vector<std::filesystem::path> corpusLogPaths();

void writeFile(const std::filesystem::path& path, std::string_view bytes);
// Appends, as a writer of a live log does (the file is closed after); false when not all was.
[[nodiscard]] bool appendFile(const std::filesystem::path& path, std::string_view bytes);
// The two lines every inline test log starts with: LogStart (Spark 3.5.1) and ApplicationStart
// (app "t", id "app-1", user "u", at 1000 ms).
extern const char* const kLogStart;
std::string readFile(const std::filesystem::path& path);

// Counts made from the raw lines with the definitions of `stagelight summary --json` (jobs are
// distinct job IDs in JobStart events: an excerpt may repeat a JobStart).
struct RawCounts {
    int64_t jobs = 0, stageAttempts = 0, tasks = 0, failedTasks = 0, resubmittedTasks = 0,
            executors = 0, sqlExecutions = 0;
    int64_t invalidLines = 0;  // lines Qt's JSON parser rejects (a cut-off last line included)
    bool lastLineInvalid = false;
};

// The uncompressed text of a log (file or directory), decoded without the project's decoders.
// Empty optional when the layout or codec is not one the independent reader handles.
std::optional<std::string> rawLogText(const std::filesystem::path& path);
RawCounts countRawLines(const std::string& text);

}  // namespace stagelight::test

// Skips (locally) or fails (under CI=true) a test that needs ../shared when it is absent.
#define STAGELIGHT_REQUIRE_SHARED()                                                               \
    do {                                                                                          \
        if (!stagelight::test::sharedAvailable()) {                                               \
            if (stagelight::test::runningInCi())                                                  \
                QFAIL("../shared/eventlogs is missing, and CI=true requires it");                 \
            QSKIP("../shared/eventlogs not found beside the checkout; skipping real-log checks"); \
        }                                                                                         \
    } while (false)
