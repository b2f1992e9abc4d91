// Fuzz targets whose input is a file or directory on disk (the zip reader, the log locator) or
// a REST path. Files live in memory (memfd) or in one private directory emptied after every
// input, so fuzzing leaves nothing behind.
#include <sys/mman.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string_view>

#include "FuzzTargets.h"
#include "LogGenerator.h"
#include "io/LogLocator.h"
#include "load/LargeStackThread.h"
#include "load/Loader.h"
#include "load/LogListing.h"
#include "rest/RestApi.h"

namespace stagelight::fuzz {
namespace fs = std::filesystem;
namespace {

// Bounded as the fuzzers' own limits: a bomb stops at 64 MiB, a line at 1 MiB.
LoadOptions boundedLoad() {
    LoadOptions o;
    o.maxDecodedBytes = uint64_t(64) << 20;
    o.maxLineBytes = size_t(1) << 20;
    o.chunkBytes = size_t(64) << 10;
    o.expansionCheckAfterBytes = uint64_t(1) << 20;
    return o;
}

void loadAndRead(const fs::path& path) {
    runOnLargeStack([&] {
        LoadResult r = loadEventLog(path, boundedLoad());
        if (!r.model || r.model->tasks.size() == 0) return;
        // The raw JSON of the first task's end, read back by offset (the evidence pane's path).
        const EventLogModel& m = *r.model;
        (void)readSourceLine(m.source, {uint32_t(m.tasks.get(0, TaskField::SourcePart)),
                                        uint64_t(m.tasks.get(0, TaskField::SourceOffset)), 0});
    });
}

// A private directory, removed when the process ends.
const fs::path& scratchDir() {
    static const fs::path dir = [] {
        std::string tmpl = (fs::temp_directory_path() / "stagelight-fuzz-XXXXXX").string();
        if (!mkdtemp(tmpl.data())) __builtin_trap();
        return fs::path(tmpl);
    }();
    // Registered after `dir` is built, so it runs before `dir` is destroyed.
    static const bool cleanup = [] {
        return std::atexit([] {
            std::error_code ec;
            fs::remove_all(scratchDir(), ec);
        }) == 0;
    }();
    (void)cleanup;
    return dir;
}

// Only names a directory entry can have, so every input stays inside the scratch directory.
std::string safeName(std::string_view raw) {
    std::string name;
    for (char c : raw.substr(0, 80))
        if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
            c == '.' || c == '_' || c == '-')
            name += c;
    if (name.empty() || name == "." || name == "..") name = "f";
    return name;
}

constexpr std::string_view kLayoutDirs[] = {"eventlog_v2_app-1", "databricks", "app-legacy",
                                            "logs"};

}  // namespace

std::string locatorInput(int layout, const std::vector<LocatorFile>& files) {
    std::string out(1, char(layout));
    for (const LocatorFile& f : files) {
        out += f.name;
        out += '\0';
        out += f.content;
        out += '\0';
    }
    return out;
}

void readZipArchive(const uint8_t* data, size_t size) {
    const int fd = memfd_create("stagelight-fuzz.zip", MFD_CLOEXEC);
    if (fd < 0) __builtin_trap();
    for (size_t done = 0; done < size;) {
        const ssize_t n = write(fd, data + done, size - done);
        if (n <= 0) __builtin_trap();
        done += size_t(n);
    }
    const fs::path path = "/proc/self/fd/" + std::to_string(fd);
    (void)listZipEntries(path);
    loadAndRead(path);
    close(fd);
}

void locateLogDirectory(const uint8_t* data, size_t size) {
    if (size == 0) return;
    const fs::path dir = scratchDir() / kLayoutDirs[data[0] % std::size(kLayoutDirs)];
    std::error_code ec;
    fs::remove_all(dir, ec);
    fs::create_directories(dir);
    std::string_view rest(reinterpret_cast<const char*>(data) + 1, size - 1);
    for (int files = 0; !rest.empty() && files < 12; ++files) {
        const size_t nameEnd = rest.find('\0');
        const std::string name = safeName(rest.substr(0, nameEnd));
        rest = nameEnd == std::string_view::npos ? std::string_view{} : rest.substr(nameEnd + 1);
        const size_t contentEnd = rest.find('\0');
        std::ofstream(dir / name, std::ios::binary | std::ios::app)
            << rest.substr(0, contentEnd);
        rest = contentEnd == std::string_view::npos ? std::string_view{}
                                                    : rest.substr(contentEnd + 1);
    }
    (void)locateLog(dir);
    if (isDirectoryOfLogs(dir)) {
        (void)listEventLogs(dir);
        for (LoadResult& r : loadEventLogDirectory(dir, boundedLoad())) (void)r;
    } else {
        loadAndRead(dir);
    }
    fs::remove_all(dir, ec);
}

void queryRest(const uint8_t* data, size_t size) {
    // Two attempts of one application and a second application: the listing's filters, and
    // every endpoint of a model with jobs, stages, tasks, SQL, executors and storage.
    static const std::vector<std::unique_ptr<EventLogModel>> models = [] {
        std::vector<std::unique_ptr<EventLogModel>> out;
        std::vector<std::string> texts = {
            gen::generateLogText(gen::makeScenario("demo", 0.05)),
            gen::generateLogText(gen::makeScenario("cache-released", 0.05))};
        for (const std::string& text : texts) {
            const fs::path file = scratchDir() / "rest-model";
            std::ofstream(file, std::ios::binary) << text;
            LoadResult r = loadEventLog(file, boundedLoad());
            if (!r.model) __builtin_trap();
            out.push_back(std::move(r.model));
            fs::remove(file);
        }
        return out;
    }();
    const std::string_view path(reinterpret_cast<const char*>(data), size);
    runOnLargeStack([&] {
        (void)restQuery(*models[0], path);
        (void)restQuery(std::vector<const EventLogModel*>{models[0].get(), models[1].get()},
                        path);
    });
}

}  // namespace stagelight::fuzz
