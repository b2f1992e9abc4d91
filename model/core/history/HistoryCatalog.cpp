#include "history/HistoryCatalog.h"

#include <algorithm>
#include <atomic>
#include <map>
#include <set>
#include <thread>

#include "io/DirEntries.h"
#include "io/LogLocator.h"
#include "load/LogFollower.h"
#include "load/LogListing.h"
#include "load/Loader.h"
#include "rest/RestListing.h"
#include "rest/RestRequest.h"

namespace stagelight {
namespace fs = std::filesystem;

struct HistoryCatalog::Entry {
    fs::path path;
    // What the disk said at the last scan; a change makes the entry stale.
    uint64_t bytes = 0;
    fs::file_time_type mtime{};
    size_t parts = 0;
    bool inProgress = false;
    bool stale = true;

    // Reads of this log are one at a time (lock, taken before the catalog's mutex, never
    // while holding it). Everything else here is the catalog mutex's, held only briefly.
    std::mutex lock;
    std::shared_ptr<LogFollower> follower;  // a log still being written (the lock's)
    bool known = false;  // read once: `app` holds what the listing needs
    Application app;
    std::string error;
    std::shared_ptr<const EventLogModel> model;  // null once evicted
    uint64_t modelBytes = 0, lastUse = 0;
};

namespace {

struct Found {
    fs::path path;
    uint64_t bytes = 0;
    fs::file_time_type mtime{};
    size_t parts = 0;
    bool inProgress = false;
};

// Every log under the roots, with what tells whether it changed.
std::vector<Found> findLogs(const std::vector<fs::path>& roots) {
    std::vector<fs::path> paths;
    for (const fs::path& root : roots) {
        if (isDirectoryOfLogs(root)) {
            for (const DirEntry& e : listDirectory(root).entries)
                if (looksLikeEventLog(e)) paths.push_back(e.path);
        } else {
            paths.push_back(root);
        }
    }
    std::vector<Found> found;
    for (const fs::path& p : paths) {
        Found f{p, 0, {}, 0, false};
        const auto located = locateLog(p);
        if (const auto* set = std::get_if<LogSet>(&located)) {
            f.bytes = set->totalBytes();
            f.parts = set->parts.size();
            f.inProgress = set->inProgress;
            std::error_code ec;
            for (const LogPart& part : set->parts)
                f.mtime = std::max(f.mtime, fs::last_write_time(part.path, ec));
        }
        found.push_back(std::move(f));
    }
    return found;
}

// About what a model holds in memory: its task table and a share of the text it was read from
// (plans, names, properties).
uint64_t approxBytes(const EventLogModel& m) {
    return m.tasks.memoryBytes() + m.report.bytesDecoded / 32 + 64 * 1024;
}

}  // namespace

HistoryCatalog::HistoryCatalog(std::vector<fs::path> roots, Options options)
    : roots_(std::move(roots)), options_(options) {
    rescan();
}

HistoryCatalog::~HistoryCatalog() = default;

void HistoryCatalog::rescan() {
    const std::vector<Found> found = findLogs(roots_);
    // The listing needs the new logs now; changed ones that were listed before follow them.
    std::vector<std::shared_ptr<Entry>> toRead, changedKnown;
    {
        std::lock_guard guard(mutex_);
        std::map<fs::path, std::shared_ptr<Entry>> before;
        for (auto& e : entries_) before.emplace(e->path, e);
        std::vector<std::shared_ptr<Entry>> now;
        for (const Found& f : found) {
            auto it = before.find(f.path);
            std::shared_ptr<Entry> e = it != before.end() ? it->second : std::make_shared<Entry>();
            const bool changed = e->bytes != f.bytes || e->mtime != f.mtime ||
                                 e->parts != f.parts || e->inProgress != f.inProgress;
            if (it == before.end() || changed) {
                e->path = f.path;
                e->bytes = f.bytes;
                e->mtime = f.mtime;
                e->parts = f.parts;
                e->inProgress = f.inProgress;
                e->stale = true;
            }
            if (e->stale) (e->known ? changedKnown : toRead).push_back(e);
            now.push_back(std::move(e));
        }
        entries_ = std::move(now);
        scannedAt_ = std::chrono::steady_clock::now();
    }
    // New and changed logs are read now, several at a time (each on one thread: many logs,
    // not one big one), so the listing is exact.
    toRead.insert(toRead.end(), changedKnown.begin(), changedKnown.end());
    std::atomic<size_t> next{0};
    auto work = [&] {
        for (size_t i; (i = next++) < toRead.size();) {
            std::lock_guard reading(toRead[i]->lock);
            bool stale;
            {
                std::lock_guard guard(mutex_);
                stale = toRead[i]->stale;
            }
            if (stale) read(*toRead[i]);
        }
    };
    const unsigned threads =
        std::min<unsigned>(unsigned(toRead.size()),
                           options_.scanThreads ? options_.scanThreads
                                                : std::max(1u, std::thread::hardware_concurrency()));
    std::vector<std::thread> pool;
    for (unsigned t = 1; t < threads; ++t) pool.emplace_back(work);
    work();
    for (std::thread& t : pool) t.join();
}

void HistoryCatalog::rescanIfStale() {
    {
        std::lock_guard guard(mutex_);
        if (std::chrono::steady_clock::now() - scannedAt_ < options_.rescanAfter) return;
    }
    rescan();
}

void HistoryCatalog::read(Entry& e) {
    fs::path path;
    bool inProgress;
    {
        std::lock_guard guard(mutex_);
        path = e.path;
        inProgress = e.inProgress;
    }
    std::shared_ptr<const EventLogModel> model;
    std::string error;
    if (inProgress) {  // followed: each read takes only what was appended
        if (!e.follower) e.follower = std::make_shared<LogFollower>(path);
        const LogFollower::Poll poll = e.follower->poll();
        if (poll.error.empty())
            model = e.follower->snapshot();
        else
            error = poll.error;
    } else {
        e.follower.reset();
        LoadOptions options;
        options.threads = 1;
        LoadResult r = loadEventLog(path, options);
        if (r.model)
            model = std::move(r.model);
        else
            error = r.error;
    }
    if (model) error = noSparkEventsError(*model, path.string());
    // The listing names applications by id: a log without one (no ApplicationStart) is not an
    // application the History Server lists either. Said, not hidden.
    if (model && error.empty() && model->application.id.empty())
        error = path.string() + ": no application id (no SparkListenerApplicationStart): not listed";
    std::lock_guard guard(mutex_);
    e.stale = false;
    e.error = error;
    if (!error.empty()) {
        e.model.reset();
        e.known = false;
        return;
    }
    e.app = model->application;
    e.known = true;
    e.modelBytes = approxBytes(*model);
    e.model = std::move(model);
    e.lastUse = ++useClock_;
    evictLocked(&e);
}

void HistoryCatalog::evictLocked(const Entry* keep) {
    uint64_t total = 0;
    for (const auto& e : entries_)
        if (e->model) total += e->modelBytes;
    while (total > options_.cacheBytes) {
        Entry* oldest = nullptr;
        for (const auto& e : entries_)
            if (e.get() != keep && e->model && (!oldest || e->lastUse < oldest->lastUse))
                oldest = e.get();
        if (!oldest) break;
        total -= oldest->modelBytes;
        oldest->model.reset();  // read again if asked for (requests hold their own copy)
    }
}

std::shared_ptr<const EventLogModel> HistoryCatalog::modelOf(const std::shared_ptr<Entry>& e) {
    std::lock_guard reading(e->lock);
    bool needed;
    {
        std::lock_guard guard(mutex_);
        needed = e->stale || !e->model;
    }
    if (needed) read(*e);
    std::lock_guard guard(mutex_);
    e->lastUse = ++useClock_;
    return e->model;
}

std::vector<std::shared_ptr<HistoryCatalog::Entry>> HistoryCatalog::attemptsOf(
    const std::string& appId) {
    std::vector<std::shared_ptr<Entry>> out;
    std::lock_guard guard(mutex_);
    for (const auto& e : entries_)
        if (e->known && e->app.id == appId) out.push_back(e);
    return out;
}

RestResponse HistoryCatalog::query(std::string_view apiPath) {
    rescanIfStale();
    const RestRequest req = parseRestPath(apiPath);
    const auto& seg = req.segments;
    // Listing-level answers need only what every read kept: stand-ins carry it.
    auto standIns = [this](const std::vector<std::shared_ptr<Entry>>& entries) {
        std::vector<EventLogModel> models(entries.size());
        std::lock_guard guard(mutex_);
        for (size_t i = 0; i < entries.size(); ++i) models[i].application = entries[i]->app;
        return models;
    };
    auto pointers = [](const std::vector<EventLogModel>& models) {
        std::vector<const EventLogModel*> out;
        for (const EventLogModel& m : models) out.push_back(&m);
        return out;
    };
    if (seg.size() == 1 && seg[0] == "applications") {
        std::vector<std::shared_ptr<Entry>> known;
        {
            std::lock_guard guard(mutex_);
            for (const auto& e : entries_)
                if (e->known) known.push_back(e);
        }
        const auto models = standIns(known);
        return restApplicationList(pointers(models), req);
    }
    if (seg.size() < 2 || seg[0] != "applications")
        return {404, "unsupported endpoint: " + std::string(apiPath)};
    const auto attempts = attemptsOf(seg[1]);
    if (attempts.empty()) return {404, "unknown app: " + seg[1]};
    const auto models = standIns(attempts);
    if (seg.size() == 2) return restApplicationInfo(pointers(models));
    std::vector<const Application*> apps;
    for (const EventLogModel& m : models) apps.push_back(&m.application);
    const auto choice = chooseAttempt(apps, seg);
    if (!choice) return {404, noSuchAttempt(apps, seg)};
    if (choice->next == seg.size()) return restQuery(pointers(models), apiPath);  // attempt info
    const auto model = modelOf(attempts[choice->attempt]);
    if (!model) {
        std::lock_guard guard(mutex_);
        return {500, "the log cannot be read: " + attempts[choice->attempt]->error};
    }
    return restQuery(*model, apiPath);
}

std::optional<std::vector<ZipSource>> HistoryCatalog::logFiles(const std::string& appId,
                                                               const std::string& attemptId) {
    rescanIfStale();
    std::vector<ZipSource> files;
    bool any = false;
    for (const auto& e : attemptsOf(appId)) {
        {
            std::lock_guard guard(mutex_);
            if (!attemptId.empty() && e->app.attemptId != attemptId) continue;
        }
        any = true;
        // As Spark's readers zip them: a file under its name, a log directory's files under it.
        const auto located = locateLog(e->path);
        const auto* set = std::get_if<LogSet>(&located);
        if (!set || set->layout == LogLayout::SingleFile || set->layout == LogLayout::ZipArchive) {
            files.push_back({e->path.filename().string(), e->path});
            continue;
        }
        const std::string dir = e->path.filename().string() + "/";
        files.push_back({dir, {}});
        for (const DirEntry& f : listDirectory(e->path).entries)
            if (f.isRegular()) files.push_back({dir + f.name, f.path});
    }
    if (!any) return std::nullopt;
    return files;
}

size_t HistoryCatalog::applicationCount() {
    rescanIfStale();
    std::set<std::string> ids;
    std::lock_guard guard(mutex_);
    for (const auto& e : entries_)
        if (e->known && !e->app.id.empty()) ids.insert(e->app.id);
    return ids.size();
}

std::vector<std::string> HistoryCatalog::unreadableLogs() {
    std::vector<std::string> out;
    std::lock_guard guard(mutex_);
    for (const auto& e : entries_)
        if (!e->error.empty()) out.push_back(e->error);
    return out;
}

uint64_t HistoryCatalog::cachedModelBytes() {
    uint64_t total = 0;
    std::lock_guard guard(mutex_);
    for (const auto& e : entries_)
        if (e->model) total += e->modelBytes;
    return total;
}

}  // namespace stagelight
