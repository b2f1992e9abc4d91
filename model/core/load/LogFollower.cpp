#include "load/LogFollower.h"

#include <simdjson.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>

#include "derive/Derive.h"
#include "io/StreamDecoder.h"
#include "load/LineAssembler.h"
#include "load/LogDecoder.h"

namespace stagelight {
namespace fs = std::filesystem;

namespace {

constexpr size_t kReadBytes = size_t(1) << 20;
constexpr size_t kFingerprintBytes = 4096;

constexpr std::string_view kInProgress = ".inprogress";

// The name a writer gives "app.inprogress" when the application ends ("app"); empty for a name
// that is not in progress.
std::string completedName(const fs::path& path) {
    const std::string p = path.string();
    return p.ends_with(kInProgress) ? p.substr(0, p.size() - kInProgress.size()) : std::string();
}

// The same part, perhaps renamed by its writer on completion.
bool samePart(const fs::path& before, const fs::path& now) {
    return before == now || (!completedName(before).empty() && completedName(before) == now.string());
}

}  // namespace

// Everything a follow keeps between polls: the model being built, its sinks, the line carried
// over, and for each part how far it was read (and a compressed part's decoder, mid-stream).
struct LogFollower::State final : DecodeListener {
    struct Cursor {
        uint64_t offset = 0;  // bytes of the file consumed
        std::unique_ptr<StreamDecoder> decoder;
        bool ended = false;  // a later part exists: its end was told to the lines
        // The file's first bytes and the last ones consumed, as read: a log rewritten with
        // other content (not appended to) differs in them even when it is no shorter.
        std::string head, tail;

        void noteRead(const char* bytes, size_t n) {
            if (head.size() < kFingerprintBytes)
                head.append(bytes, std::min(n, kFingerprintBytes - head.size()));
            if (n >= kFingerprintBytes) {
                tail.assign(bytes + n - kFingerprintBytes, kFingerprintBytes);
            } else {
                tail.append(bytes, n);
                if (tail.size() > kFingerprintBytes) tail.erase(0, tail.size() - kFingerprintBytes);
            }
        }
        // Whether `path` still holds, where they were read, the bytes this cursor read.
        bool stillHolds(const fs::path& path) const {
            std::FILE* file = std::fopen(path.c_str(), "rb");
            if (!file) return false;
            const bool same = holds(file, 0, head) && holds(file, offset - tail.size(), tail);
            std::fclose(file);
            return same;
        }
        static bool holds(std::FILE* file, uint64_t at, const std::string& expected) {
            if (expected.empty()) return true;
            std::string now(expected.size(), '\0');
            return std::fseek(file, long(at), SEEK_SET) == 0 &&
                   std::fread(now.data(), 1, now.size(), file) == now.size() && now == expected;
        }
    };

    explicit State(size_t maxLineBytes)
        : decoding(model), lines(model, decoding.decoder(), maxLineBytes) {}

    EventLogModel model;
    LogDecoder decoding;
    LineAssembler lines;
    std::vector<Cursor> cursors;
    std::vector<std::string> notes;  // the layout's notes in the report
    DecodedChunk chunk;  // decompressed bytes waiting for the lines
    uint32_t part = 0;
    size_t chunkBytes = size_t(4) << 20;
    std::function<void()> afterChunk;

    void startChunk(size_t room) {
        const size_t want = std::max(chunkBytes, room) + kReadBytes + simdjson::SIMDJSON_PADDING;
        if (chunk.buffer.size() < want) chunk.buffer.allocate(want);
        else markFresh(chunk.buffer.data(), chunk.buffer.size());
    }
    void flush() {
        if (chunk.used == 0) return;
        std::memset(chunk.buffer.data() + chunk.used, 0, simdjson::SIMDJSON_PADDING);
        chunk.kind = DecodedChunk::Kind::Data;
        chunk.part = part;
        lines.consume(chunk);
        chunk.buffer.retire();  // no view into it may survive its reuse
        chunk.used = 0;
        if (afterChunk) afterChunk();
    }
    void decoded(std::string_view bytes) override {
        if (chunk.used > 0 && chunk.used + bytes.size() + simdjson::SIMDJSON_PADDING >
                                  chunk.buffer.size())
            flush();
        if (chunk.used == 0) startChunk(bytes.size());
        std::memcpy(chunk.buffer.data() + chunk.used, bytes.data(), bytes.size());
        chunk.used += bytes.size();
        if (chunk.used >= chunkBytes) flush();
    }
    void decodeIssue(const DecodeIssue& issue) override {
        flush();
        DecodedChunk note;
        note.kind = DecodedChunk::Kind::Issue;
        note.part = part;
        note.issue = issue;
        lines.consume(note);
    }
    void endPart(uint32_t index) {
        part = index;
        if (cursors[index].decoder) cursors[index].decoder->finish();  // a frame left open
        flush();
        DecodedChunk end;
        end.kind = DecodedChunk::Kind::PartEnd;
        end.part = index;
        lines.consume(end);
        cursors[index].ended = true;
    }

    // Reads part `index` from where it was left to its current end. Returns the bytes read.
    uint64_t readPart(uint32_t index, const std::atomic<bool>* cancel) {
        const LogPart& p = model.source.parts[index];
        Cursor& c = cursors[index];
        part = index;
        std::FILE* file = std::fopen(p.path.c_str(), "rb");
        if (!file) return 0;
        uint64_t read = 0;
        if (std::fseek(file, long(c.offset), SEEK_SET) == 0) {
            if (p.codec != Codec::Plain && !c.decoder) c.decoder = makeStreamDecoder(p.codec, *this);
            std::vector<std::byte> buffer(c.decoder ? kReadBytes : 0);
            for (;;) {
                if (cancel && cancel->load(std::memory_order_relaxed)) break;
                size_t n;
                if (c.decoder) {
                    n = std::fread(buffer.data(), 1, buffer.size(), file);
                    c.noteRead(reinterpret_cast<const char*>(buffer.data()), n);
                    if (n > 0) c.decoder->feed(std::span(buffer.data(), n));
                } else {  // plain bytes straight into the chunk
                    if (chunk.used == 0) startChunk(0);
                    const size_t room = chunk.buffer.size() - chunk.used - simdjson::SIMDJSON_PADDING;
                    n = std::fread(chunk.buffer.data() + chunk.used, 1,
                                   std::min({room, kReadBytes, chunkBytes}), file);
                    c.noteRead(chunk.buffer.data() + chunk.used, n);
                    chunk.used += n;
                    if (chunk.used >= chunkBytes) flush();
                }
                if (n == 0) break;
                c.offset += n;
                read += n;
            }
        }
        std::fclose(file);
        flush();
        return read;
    }
};

LogFollower::LogFollower(fs::path path, LoadOptions options)
    : path_(std::move(path)), options_(std::move(options)) {
    // Callbacks belong to one poll (they point into their caller): never kept.
    options_.progress = nullptr;
    options_.partial = nullptr;
    options_.cancel = nullptr;
    restart();
}

LogFollower::~LogFollower() = default;

void LogFollower::restart() {
    state_ = std::make_unique<State>(options_.maxLineBytes);
    state_->chunkBytes = std::max<size_t>(options_.chunkBytes, 1);
}

LogFollower::Poll LogFollower::poll(const LoadOptions* during) {
    const LoadOptions none;
    const LoadOptions& calls = during ? *during : none;
    Poll result;
    auto located = locateLog(path_);
    if (std::holds_alternative<LocateError>(located)) {
        if (const std::string done = completedName(path_); !done.empty() && fs::exists(done)) {
            path_ = done;
            located = locateLog(path_);
        }
        if (auto* err = std::get_if<LocateError>(&located)) {
            result.error = err->message;
            return result;
        }
    }
    LogSet now = std::move(std::get<LogSet>(located));
    State* s = state_.get();
    // Appended to, or rewritten (a part shrank, parts are not the ones read, or a part's bytes
    // read so far changed): from the start.
    bool appended = now.parts.size() >= s->cursors.size();
    for (size_t i = 0; appended && i < s->cursors.size(); ++i)
        appended = samePart(s->model.source.parts[i].path, now.parts[i].path) &&
                   (now.parts[i].codec != Codec::Plain || now.parts[i].size >= s->cursors[i].offset) &&
                   s->cursors[i].stillHolds(now.parts[i].path);
    if (!appended) {
        restart();
        s = state_.get();
        result.restarted = true;
    }
    const bool first = s->cursors.empty();
    EventLogModel& m = s->model;
    m.source.root = now.root;
    m.source.layout = now.layout;
    m.source.inProgress = now.inProgress;
    m.source.notes = now.notes;
    for (size_t i = 0; i < now.parts.size(); ++i) {
        if (i < m.source.parts.size())
            m.source.parts[i] = now.parts[i];
        else
            m.source.parts.push_back(now.parts[i]);
    }
    s->cursors.resize(m.source.parts.size());
    m.report.bytesOnDisk = m.source.totalBytes();
    // The layout's notes as they are now: "no appstatus_ file" goes once the writer adds it.
    const std::string root = m.source.root.string();
    for (const std::string& note : s->notes)
        if (std::find(now.notes.begin(), now.notes.end(), note) == now.notes.end())
            std::erase_if(m.report.warnings, [&](const LoadWarning& w) {
                return w.line == 0 && w.file == root && w.message == note;
            });
    for (const std::string& note : now.notes)
        if (std::find(s->notes.begin(), s->notes.end(), note) == s->notes.end())
            m.report.add({LoadWarning::Severity::Warning, root, 0, 0, false, note});
    s->notes = now.notes;

    const auto started = std::chrono::steady_clock::now();
    auto nextPartial = started + calls.firstPartialAfter;
    uint64_t total = 0;
    s->afterChunk = [&] {
        if (calls.progress) calls.progress(total, m.report.bytesOnDisk);
        if (first && calls.partial && std::chrono::steady_clock::now() >= nextPartial) {
            auto partial = snapshot();
            partial->report.partial = true;  // the first read goes on
            calls.partial(std::move(partial));
            nextPartial = std::chrono::steady_clock::now() + calls.partialEvery;
        }
    };
    for (uint32_t i = 0; i < s->cursors.size(); ++i) {
        if (s->cursors[i].ended) continue;
        total += s->readPart(i, calls.cancel);
        if (i + 1 < s->cursors.size()) s->endPart(i);  // a later part exists: this one is done
    }
    s->afterChunk = nullptr;
    result.bytesRead = total;
    m.report.loadMillis +=
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started)
            .count();
    return result;
}

std::unique_ptr<EventLogModel> LogFollower::snapshot() const {
    const auto carried = state_->lines.carried();
    auto copy = carried ? state_->decoding.snapshot(carried->text, carried->where)
                        : state_->decoding.snapshot();
    copy->report.partial = false;  // everything written so far
    return copy;
}

bool LogFollower::ended() const {
    const EventLogModel& m = state_->model;
    return m.application.sawApplicationEnd && !m.source.inProgress;
}

}  // namespace stagelight
