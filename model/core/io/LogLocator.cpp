#include "io/LogLocator.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <fstream>
#include <optional>

#include "io/DirEntries.h"
#include "io/StreamDecoder.h"

namespace stagelight {
namespace fs = std::filesystem;

std::string_view layoutName(LogLayout layout) {
    switch (layout) {
        case LogLayout::SingleFile:
            return "single file";
        case LogLayout::Rolling:
            return "rolling (eventlog_v2)";
        case LogLayout::Databricks:
            return "Databricks rotated";
        case LogLayout::Legacy:
            return "legacy (EVENT_LOG_N)";
        case LogLayout::ZipArchive:
            return "zip archive";
    }
    return "unknown";
}

std::string LogPart::displayName() const {
    return zipEntry ? path.string() + "!/" + zipEntry->name : path.string();
}

uint64_t LogSet::totalBytes() const {
    uint64_t n = 0;
    for (const LogPart& p : parts) n += p.size;
    return n;
}

namespace {

bool startsWith(std::string_view s, std::string_view p) {
    return s.substr(0, p.size()) == p;
}
bool endsWith(std::string_view s, std::string_view p) {
    return s.size() >= p.size() && s.substr(s.size() - p.size()) == p;
}

// Magic bytes decide; the name is the fallback for empty files. A disagreement is noted.
LogPart describePart(const fs::path& path, std::vector<std::string>& notes) {
    LogPart part{path, codecFromFileName(path.filename().string()), 0, std::nullopt};
    std::error_code ec;
    part.size = fs::file_size(path, ec);
    std::array<std::byte, 8> head{};
    std::ifstream in(path, std::ios::binary);
    in.read(reinterpret_cast<char*>(head.data()), head.size());
    const auto got = static_cast<size_t>(in.gcount());
    if (got == 0) return part;
    if (auto magic = codecFromMagic(std::span(head.data(), got))) {
        if (*magic != part.codec)
            notes.push_back(path.string() + ": name suggests " +
                            std::string(codecName(part.codec)) + " but content is " +
                            std::string(codecName(*magic)) + "; decoding as " +
                            std::string(codecName(*magic)));
        part.codec = *magic;
    }
    return part;
}

std::optional<uint64_t> parseIndex(std::string_view digits) {
    uint64_t v = 0;
    auto [p, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), v);
    if (ec != std::errc() || p == digits.data()) return std::nullopt;
    return v;
}

// Only regular files are read: a FIFO would block, a link to a device never ends. What is
// skipped is noted, so a missing part is never silent.
bool readable(const DirEntry& e, std::vector<std::string>& notes) {
    if (e.isRegular()) return true;
    if (!e.isDirectory()) notes.push_back(skippedEntryNote(e));
    return false;
}

std::variant<LogSet, LocateError> locateRolling(const fs::path& dir,
                                                const std::vector<DirEntry>& entries) {
    struct Indexed {
        double order;
        uint64_t index;
        fs::path path;
        bool compact;
    };
    std::vector<Indexed> files;
    std::vector<std::string> skipped;
    std::optional<bool> appStatusInProgress;
    for (const auto& e : entries) {
        const std::string& name = e.name;
        if (startsWith(name, "appstatus_")) {
            appStatusInProgress = endsWith(name, ".inprogress");
            continue;
        }
        if (!startsWith(name, "events_") || !readable(e, skipped)) continue;
        const auto us = name.find('_', 7);
        if (us == std::string::npos) continue;
        auto idx = parseIndex(std::string_view(name).substr(7, us - 7));
        if (!idx) continue;
        const bool compact = endsWith(name, ".compact");
        files.push_back({double(*idx) + (compact ? 0.1 : 0.0), *idx, e.path, compact});
    }
    if (files.empty())
        return LocateError{dir.string() + ": rolling event log directory has no events_N_* file" +
                           (skipped.empty() ? "" : " that can be read (" + skipped.front() + ")")};
    std::sort(files.begin(), files.end(), [](auto& a, auto& b) { return a.order < b.order; });
    LogSet set;
    set.root = dir;
    set.layout = LogLayout::Rolling;
    set.notes = std::move(skipped);
    auto lastCompact =
        std::find_if(files.rbegin(), files.rend(), [](auto& f) { return f.compact; });
    if (lastCompact != files.rend()) {
        files.erase(files.begin(), std::prev(lastCompact.base()));
        set.notes.push_back(dir.string() + ": compacted by the History Server (" +
                            files.front().path.filename().string() +
                            "); events of finished jobs and executors before it are gone");
    }
    for (size_t i = 1; i < files.size(); ++i)
        if (files[i].index != files[i - 1].index + 1)
            set.notes.push_back(dir.string() + ": missing event log file(s) between events_" +
                                std::to_string(files[i - 1].index) + " and events_" +
                                std::to_string(files[i].index));
    if (!appStatusInProgress)
        set.notes.push_back(dir.string() + ": no appstatus_ file; treating the log as in progress");
    set.inProgress = appStatusInProgress.value_or(true);
    for (const auto& f : files) set.parts.push_back(describePart(f.path, set.notes));
    return set;
}

std::variant<LogSet, LocateError> locateLegacy(const fs::path& dir,
                                               const std::vector<DirEntry>& entries) {
    LogSet set;
    set.root = dir;
    set.layout = LogLayout::Legacy;
    set.inProgress = true;
    std::vector<std::pair<uint64_t, fs::path>> logs;
    for (const auto& e : entries) {
        const std::string& name = e.name;
        if (name == "APPLICATION_COMPLETE") set.inProgress = false;
        if (startsWith(name, "EVENT_LOG_") && readable(e, set.notes))
            logs.emplace_back(parseIndex(std::string_view(name).substr(10)).value_or(0), e.path);
    }
    std::sort(logs.begin(), logs.end());
    for (const auto& [idx, path] : logs) set.parts.push_back(describePart(path, set.notes));
    return set;
}

std::variant<LogSet, LocateError> locateDatabricks(const fs::path& dir,
                                                   const std::vector<DirEntry>& entries) {
    LogSet set;
    set.root = dir;
    set.layout = LogLayout::Databricks;
    std::vector<fs::path> rotated;
    fs::path current;
    for (const auto& e : entries) {
        const std::string& name = e.name;
        if ((name != "eventlog" && !startsWith(name, "eventlog-")) || !readable(e, set.notes))
            continue;
        if (name == "eventlog")
            current = e.path;
        else
            rotated.push_back(e.path);
    }
    // Rotated names carry a sortable date (eventlog-2021-06-15--15-00.gz); the live file is last.
    std::sort(rotated.begin(), rotated.end());
    for (const auto& p : rotated) set.parts.push_back(describePart(p, set.notes));
    if (!current.empty()) set.parts.push_back(describePart(current, set.notes));
    return set;
}

// The first decoded bytes of a zip entry (through its deflate and any codec inside).
class HeadCatcher final : public DecodeListener {
public:
    void decoded(std::string_view bytes) override {
        head_.append(bytes.substr(0, kBytes - std::min(kBytes, head_.size())));
    }
    void decodeIssue(const DecodeIssue&) override {}
    bool stopRequested() const override { return head_.size() >= kBytes; }
    const std::string& head() const { return head_; }

private:
    static constexpr size_t kBytes = 64;
    std::string head_;
};

// Does the entry hold a Spark event log from its first line ({"Event":... after blanks), or
// nothing at all? A side file (a pricing JSON, notes) does not.
bool zipEntryStartsLikeALog(const fs::path& file, const ZipEntry& e) {
    std::ifstream in(file, std::ios::binary);
    in.seekg(static_cast<std::streamoff>(e.dataOffset));
    std::vector<char> buf(size_t(std::min<uint64_t>(e.compressedSize, 1 << 16)));
    in.read(buf.data(), static_cast<std::streamsize>(buf.size()));
    HeadCatcher catcher;
    auto decoder = makeZipEntryDecoder(e.method, catcher, e.uncompressedSize);
    decoder->feed(std::as_bytes(std::span(buf.data(), size_t(in.gcount()))));
    if (!catcher.stopRequested()) decoder->finish();
    std::string_view head = catcher.head();
    if (startsWith(head, "\xEF\xBB\xBF")) head.remove_prefix(3);
    const size_t first = head.find_first_not_of(" \t\r\n");
    if (first == std::string_view::npos) return true;  // empty: read, and reported as such
    head.remove_prefix(first);
    constexpr std::string_view event = "{\"Event\"";
    return head.substr(0, event.size()) == event.substr(0, std::min(event.size(), head.size()));
}

// macOS Finder's companions of every zipped file: resource forks and folder settings.
bool isMacOsMetadata(const std::string& name, const std::string& base) {
    return startsWith(name, "__MACOSX/") || name.find("/__MACOSX/") != std::string::npos ||
           startsWith(base, "._") || base == ".DS_Store";
}

// Entries in reading order: rolling parts by index, anything else by name; markers skipped, and
// so are macOS metadata and side files (one note names them).
std::variant<LogSet, LocateError> locateZip(const fs::path& file) {
    auto listed = listZipEntries(file);
    if (auto* err = std::get_if<std::string>(&listed)) return LocateError{*err};
    auto entries = std::get<std::vector<ZipEntry>>(std::move(listed));
    LogSet set;
    set.root = file;
    set.layout = LogLayout::ZipArchive;
    auto baseName = [](const std::string& n) { return n.substr(n.find_last_of('/') + 1); };
    auto order = [&](const ZipEntry& e) {
        const std::string b = baseName(e.name);
        if (startsWith(b, "events_"))
            if (auto idx = parseIndex(std::string_view(b).substr(7, b.find('_', 7) - 7)))
                return double(*idx) + (endsWith(b, ".compact") ? 0.1 : 0.0);
        return 0.0;
    };
    std::stable_sort(entries.begin(), entries.end(), [&](auto& a, auto& b) {
        return order(a) != order(b) ? order(a) < order(b) : a.name < b.name;
    });
    std::vector<std::string> skipped;
    for (ZipEntry& e : entries) {
        const std::string b = baseName(e.name);
        if (startsWith(b, "appstatus_")) {
            set.inProgress = set.inProgress || endsWith(b, ".inprogress");
            continue;
        }
        if (b.empty()) continue;  // a directory entry
        // A rolling or rotated part may start inside a line: only whole logs are sniffed.
        const bool rollingPart =
            startsWith(b, "events_") || startsWith(b, "EVENT_LOG_") || startsWith(b, "eventlog");
        if (isMacOsMetadata(e.name, b) || b[0] == '.' ||
            (!rollingPart && !zipEntryStartsLikeALog(file, e))) {
            skipped.push_back(e.name);
            continue;
        }
        set.inProgress = set.inProgress || endsWith(b, ".inprogress");
        LogPart part{file, codecFromFileName(b), e.compressedSize, std::move(e)};
        set.parts.push_back(std::move(part));
    }
    if (set.parts.empty()) return LocateError{file.string() + ": zip archive holds no event log"};
    // One application's log only: a log directory's parts (rolling, rotated, legacy) share
    // their folder; any other file is a log of its own. Several (the History Server zips every
    // attempt of an application together) are never merged into one.
    std::vector<std::string> logs;
    for (const LogPart& p : set.parts) {
        const std::string& name = p.zipEntry->name;
        const std::string b = baseName(name);
        const bool rollingPart =
            startsWith(b, "events_") || startsWith(b, "EVENT_LOG_") || startsWith(b, "eventlog");
        const size_t slash = name.find_last_of('/');
        std::string group = rollingPart ? (slash == std::string::npos ? std::string("/")
                                                                      : name.substr(0, slash + 1))
                                        : name;
        if (std::find(logs.begin(), logs.end(), group) == logs.end()) logs.push_back(group);
    }
    if (logs.size() > 1) {
        std::string names;
        for (size_t i = 0; i < logs.size() && i < 5; ++i)
            names += (i ? ", " : "") + (logs[i] == "/" ? std::string("its rotated log") : logs[i]);
        if (logs.size() > 5) names += ", …";
        return LocateError{file.string() + ": zip archive holds " + std::to_string(logs.size()) +
                           " separate event logs (" + names +
                           "), never merged into one application: unzip it and open one (an "
                           "application's attempts each have their own log)"};
    }
    if (!skipped.empty()) {
        std::string names;
        for (size_t i = 0; i < skipped.size() && i < 5; ++i) names += (i ? ", " : "") + skipped[i];
        if (skipped.size() > 5) names += ", … (" + std::to_string(skipped.size() - 5) + " more)";
        set.notes.push_back(file.string() + ": skipped " + std::to_string(skipped.size()) +
                            (skipped.size() == 1 ? " entry" : " entries") +
                            " that are no event log (macOS metadata, side files): " + names);
    }
    return set;
}

}  // namespace

bool looksLikeEventLog(const DirEntry& entry) {
    const std::string& name = entry.name;
    if (name.empty() || name[0] == '.') return false;
    if (entry.isDirectory()) {
        if (startsWith(name, "eventlog_v2_")) return true;
        return fileTypeOf(entry.path / "EVENT_LOG_1") == fs::file_type::regular ||
               fileTypeOf(entry.path / "eventlog") == fs::file_type::regular;
    }
    if (!entry.isRegular()) return false;
    // A file counts when its first bytes are JSON or a codec Spark uses.
    std::array<std::byte, 8> head{};
    std::ifstream in(entry.path, std::ios::binary);
    in.read(reinterpret_cast<char*>(head.data()), head.size());
    const auto got = static_cast<size_t>(in.gcount());
    return got > 0 && codecFromMagic(std::span(head.data(), got)).has_value();
}

bool looksLikeEventLog(const fs::directory_entry& entry) {
    DirEntry e;
    e.path = entry.path();
    e.name = e.path.filename().string();
    e.type = fileTypeOf(e.path, &e.error);  // never the throwing directory_entry accessors
    return looksLikeEventLog(e);
}

std::variant<LogSet, LocateError> locateLog(const fs::path& path) {
    DirEntry self;
    self.path = path;
    self.type = fileTypeOf(path, &self.error);
    if (self.type == fs::file_type::not_found)
        return LocateError{path.string() + ": no such file or directory"};
    if (self.isRegular()) {
        LogSet set;
        set.root = path;
        set.layout = LogLayout::SingleFile;
        set.inProgress = endsWith(path.filename().string(), ".inprogress");
        set.parts.push_back(describePart(path, set.notes));
        if (set.parts.front().codec == Codec::Zip) return locateZip(path);
        return set;
    }
    if (!self.isDirectory())
        return LocateError{path.string() + ": " + self.kindText() +
                           ", not a regular file or directory"};
    const DirListing listing = listDirectory(path);
    if (!listing.error.empty())
        return LocateError{path.string() + ": cannot list directory: " + listing.error};
    const std::vector<DirEntry>& entries = listing.entries;
    if (entries.empty()) return LocateError{path.string() + ": directory is empty"};
    const std::string name = path.filename().string();
    auto has = [&](auto pred) { return std::any_of(entries.begin(), entries.end(), pred); };
    auto named = [](std::string_view prefix) {
        return [prefix](const DirEntry& e) { return startsWith(e.name, prefix); };
    };
    if (startsWith(name, "eventlog_v2_") || has(named("events_")))
        return locateRolling(path, entries);
    if (has(named("EVENT_LOG_"))) return locateLegacy(path, entries);
    if (has([](const DirEntry& e) { return e.isRegular() && e.name == "eventlog"; }) ||
        has([](const DirEntry& e) {  // rotated: eventlog-2021-06-15--15-00.gz
            const std::string& n = e.name;
            return startsWith(n, "eventlog-") && n.size() > 9 && n[9] >= '0' && n[9] <= '9';
        }))
        return locateDatabricks(path, entries);
    std::vector<std::string> logs;
    for (const auto& e : entries)
        if (looksLikeEventLog(e)) logs.push_back(e.name);
    if (logs.empty()) {
        const auto subdirs = std::count_if(entries.begin(), entries.end(),
                                           [](const DirEntry& e) { return e.isDirectory(); });
        const auto unreadable = std::find_if(entries.begin(), entries.end(),
                                             [](const DirEntry& e) { return e.unreadable(); });
        return LocateError{
            path.string() + ": directory holds no event log" +
            (subdirs > 0 ? " (subdirectories are not searched; open one of them)" : "") +
            (unreadable != entries.end() ? "; " + unreadable->name + " is " + unreadable->kindText()
                                         : "")};
    }
    // Several applications are never merged into one: name them so one can be opened.
    std::string names;
    for (size_t i = 0; i < logs.size() && i < 10; ++i) names += (i ? ", " : "") + logs[i];
    if (logs.size() > 10) names += ", … (" + std::to_string(logs.size() - 10) + " more)";
    return LocateError{path.string() + ": directory holds " + std::to_string(logs.size()) +
                       (logs.size() == 1 ? " separate event log" : " separate event logs") +
                       ", not one application; open one of them: " + names};
}

}  // namespace stagelight
