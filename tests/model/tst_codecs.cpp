// Each codec's framing, written the way Spark writes it, read back exactly; then truncated,
// corrupted, renamed and laid out as rolling / Databricks / legacy / zip: never a crash, always
// a message, and everything before (and where the format allows, after) the damage still loads.
#include <QtTest>


#include <random>

#include "LogGenerator.h"
#include "TestSupport.h"
#include "ZipWriter.h"
#include "io/StreamDecoder.h"
#include "load/Loader.h"
#include "report/Summary.h"

using namespace stagelight;
namespace fs = std::filesystem;

namespace {

const std::vector<std::pair<Codec, std::string>> kCodecs = {
    {Codec::Plain, ""},         {Codec::Zstd, ".zstd"}, {Codec::Lz4, ".lz4"},
    {Codec::Snappy, ".snappy"}, {Codec::Lzf, ".lzf"},   {Codec::Gzip, ".gz"}};

const std::string& healthyLog() {
    static const std::string text = gen::generateLogText(gen::makeScenario("failures"));
    return text;
}

SummaryCounts counts(const fs::path& p) {
    LoadResult r = loadEventLog(p);
    if (!r.model) return {};
    return summarize(*r.model).counts;
}

bool sameCounts(const SummaryCounts& a, const SummaryCounts& b) {
    return a.jobs == b.jobs && a.stageAttempts == b.stageAttempts && a.tasks == b.tasks &&
           a.failedTasks == b.failedTasks && a.executors == b.executors &&
           a.sqlExecutions == b.sqlExecutions;
}

// What a decoder produced: its bytes and its issues, in order. With `roomBytes` > 0 the decoder
// is offered rooms of about that size to write into (the loader's path); otherwise it copies.
struct Decoded final : DecodeListener {
    explicit Decoded(size_t roomBytes) : roomBytes_(roomBytes) {}
    void decoded(std::string_view bytes) override { text.append(bytes); }
    void decodeIssue(const DecodeIssue& issue) override {
        issues += std::to_string(int(issue.kind)) + "@" +
                  std::to_string(issue.compressedOffset) + " " + issue.message + "\n";
    }
    std::span<char> decodeRoom(size_t bytes) override {
        if (roomBytes_ == 0 || ++rooms_ % 5 == 0) return {};  // now and then none
        room_.assign(std::max(bytes, roomBytes_ + rooms_ % 3), '\xEE');
        return room_;
    }
    void decodedInRoom(size_t bytes) override {
        QVERIFY(bytes <= room_.size());
        text.append(room_.data(), bytes);
        room_.clear();
    }
    std::string text, issues;

private:
    size_t roomBytes_;
    size_t rooms_ = 0;
    std::string room_;
};

Decoded decodeWhole(Codec codec, std::string_view framed, size_t roomBytes) {
    Decoded out(roomBytes);
    auto decoder = makeStreamDecoder(codec, out);
    for (size_t at = 0; at < framed.size(); at += 100'000) {
        const std::string_view piece = framed.substr(at, 100'000);
        decoder->feed(std::span(reinterpret_cast<const std::byte*>(piece.data()), piece.size()));
    }
    decoder->finish();
    return out;
}

bool hasWarning(const EventLogModel& m, std::string_view needle) {
    for (const LoadWarning& w : m.report.warnings)
        if (w.message.find(needle) != std::string::npos) return true;
    return false;
}


// Every task's raw TaskEnd line, and every job's JobStart line, read back by offset (all at once:
// one decoding pass per part) are exactly the lines of the log text.
void rawLinesReadBack(const EventLogModel& m) {
    std::vector<SourceRef> refs;
    std::vector<std::string> expected;
    for (size_t r = 0; r < m.tasks.size(); ++r) {
        refs.push_back({uint32_t(m.tasks.get(r, TaskField::SourcePart)),
                        uint64_t(m.tasks.get(r, TaskField::SourceOffset)), 0});
        expected.push_back("{\"Event\":\"SparkListenerTaskEnd\"");
    }
    for (const Job& j : m.jobs) {
        refs.push_back(j.startedAt);
        expected.push_back(
            "{\"Event\":\"SparkListenerJobStart\",\"Job ID\":" + std::to_string(j.id) + ",");
    }
    const auto lines = readSourceLines(m.source, refs);
    QCOMPARE(lines.size(), refs.size());
    for (size_t i = 0; i < lines.size(); ++i) {
        QVERIFY2(lines[i].has_value(), qPrintable(QString::number(i)));
        QVERIFY2(lines[i]->rfind(expected[i], 0) == 0, lines[i]->substr(0, 80).c_str());
        QVERIFY(lines[i]->back() == '}');
        if (i < m.tasks.size())
            QVERIFY(lines[i]->find(
                        "\"Task ID\":" + std::to_string(m.tasks.get(i, TaskField::TaskId)) + ",") !=
                    std::string::npos);
    }
    // One at a time gives the same text.
    QCOMPARE(readSourceLine(m.source, refs.back()), lines.back());
}

}  // namespace

class Codecs : public QObject {
    Q_OBJECT
    QTemporaryDir tmp_;
    fs::path dir() const { return tmp_.path().toStdString(); }
    SummaryCounts expected_;

private Q_SLOTS:
    void initTestCase() {
        QVERIFY(tmp_.isValid());
        test::writeFile(dir() / "plain-reference", healthyLog());
        expected_ = counts(dir() / "plain-reference");
        QVERIFY(expected_.tasks > 50);
        QVERIFY(expected_.failedTasks > 0);
    }

    void eachCodecReadsExactly_data() {
        QTest::addColumn<int>("codec");
        for (const auto& [codec, ext] : kCodecs)
            QTest::newRow(std::string(codecName(codec)).c_str()) << int(codec);
    }
    void eachCodecReadsExactly() {
        QFETCH(int, codec);
        const auto& ext = kCodecs[size_t(codec)].second;
        const fs::path p = dir() / ("app-1" + ext);
        test::writeFile(p, gen::frame(Codec(codec), healthyLog(), 7));
        LoadResult r = loadEventLog(p);
        QVERIFY(r.model);
        QVERIFY(sameCounts(summarize(*r.model).counts, expected_));
        QCOMPARE(r.model->report.warnings.size(), size_t(0));
        QCOMPARE(r.model->report.bytesDecoded, uint64_t(healthyLog().size()));
        QCOMPARE(r.model->source.parts.front().codec, Codec(codec));
        rawLinesReadBack(*r.model);
    }

    void magicBytesWinOverTheName() {
        const fs::path p = dir() / "app-renamed.lz4";
        test::writeFile(p, gen::frame(Codec::Zstd, healthyLog()));
        LoadResult r = loadEventLog(p);
        QVERIFY(r.model);
        QVERIFY(sameCounts(summarize(*r.model).counts, expected_));
        QVERIFY(hasWarning(*r.model, "name suggests lz4 but content is zstd"));
    }

    void concatenatedStreamsAreReadOn_data() { eachCodecReadsExactly_data(); }
    void concatenatedStreamsAreReadOn() {
        QFETCH(int, codec);
        const std::string& text = healthyLog();
        const size_t cut = text.find('\n', text.size() / 2) + 1;
        const fs::path p = dir() / ("concat" + kCodecs[size_t(codec)].second);
        test::writeFile(p, gen::frame(Codec(codec), text.substr(0, cut)) +
                               gen::frame(Codec(codec), text.substr(cut)));
        QVERIFY(sameCounts(counts(p), expected_));
    }

    void truncationAtManyOffsetsNeverCrashes_data() { eachCodecReadsExactly_data(); }
    void truncationAtManyOffsetsNeverCrashes() {
        QFETCH(int, codec);
        const std::string framed = gen::frame(Codec(codec), healthyLog(), 5, false);
        int64_t previousTasks = -1;
        for (int i = 1; i <= 40; ++i) {
            const size_t cut = framed.size() * size_t(i) / 41;
            const fs::path p = dir() / ("cut" + kCodecs[size_t(codec)].second + ".inprogress");
            test::writeFile(p, framed.substr(0, cut));
            LoadResult r = loadEventLog(p);
            QVERIFY(r.model);
            const SummaryCounts c = summarize(*r.model).counts;
            QVERIFY(c.tasks <= expected_.tasks);
            QVERIFY(c.tasks >= previousTasks);  // a longer prefix never yields fewer tasks
            previousTasks = c.tasks;
            QCOMPARE(c.malformedLines, int64_t(0));  // a cut-off last line is expected here
            for (const LoadWarning& w : r.model->report.warnings)
                QVERIFY2(w.severity == LoadWarning::Severity::Info, w.toString().c_str());
        }
        QVERIFY(previousTasks > expected_.tasks / 2);
    }

    void truncatedCompletedFileIsReported() {
        const std::string framed = gen::frame(Codec::Zstd, healthyLog());
        const fs::path p = dir() / "complete-but-cut.zstd";
        test::writeFile(p, framed.substr(0, framed.size() * 2 / 3));
        LoadResult r = loadEventLog(p);
        QVERIFY(r.model);
        bool warned = false;
        for (const LoadWarning& w : r.model->report.warnings)
            warned =
                warned || (w.severity == LoadWarning::Severity::Warning && w.file == p.string());
        QVERIFY(warned);
    }

    void flippedBytesNeverCrash_data() { eachCodecReadsExactly_data(); }
    void flippedBytesNeverCrash() {
        QFETCH(int, codec);
        const std::string framed = gen::frame(Codec(codec), healthyLog(), 5);
        for (int i = 1; i <= 25; ++i) {
            std::string damaged = framed;
            const size_t at = damaged.size() * size_t(i) / 26;
            damaged[at] = char(damaged[at] ^ 0x5A);
            damaged[at + 1] = char(damaged[at + 1] ^ 0xFF);
            const fs::path p = dir() / ("flip" + kCodecs[size_t(codec)].second);
            test::writeFile(p, damaged);
            LoadResult r = loadEventLog(p);
            QVERIFY(r.model);
            const SummaryCounts c = summarize(*r.model).counts;
            QVERIFY(c.tasks <= expected_.tasks + 1);
        }
    }

    void randomDamageNeverCrashes_data() { eachCodecReadsExactly_data(); }
    void randomDamageNeverCrashes() {
        // Deterministic mutations (flips, cuts, inserted garbage, repeated ranges) of a framed log.
        QFETCH(int, codec);
        const std::string text = healthyLog().substr(0, healthyLog().find('\n', 200000) + 1);
        const std::string framed = gen::frame(Codec(codec), text, 9);
        std::mt19937_64 rng(uint64_t(codec) * 7919 + 1);
        auto pick = [&](size_t n) { return size_t(rng() % std::max<size_t>(n, 1)); };
        for (int round = 0; round < 120; ++round) {
            std::string damaged = framed;
            for (int edits = 1 + int(pick(4)); edits > 0; --edits) {
                switch (pick(4)) {
                    case 0:
                        damaged[pick(damaged.size())] = char(rng());
                        break;
                    case 1:
                        damaged.resize(pick(damaged.size()) + 1);
                        break;
                    case 2:
                        damaged.insert(pick(damaged.size()),
                                       std::string(1 + pick(64), char(rng())));
                        break;
                    default: {
                        const size_t at = pick(damaged.size()), len = pick(4096);
                        damaged.insert(pick(damaged.size()), damaged.substr(at, len));
                    }
                }
            }
            const fs::path p = dir() / ("fuzz" + kCodecs[size_t(codec)].second);
            test::writeFile(p, damaged);
            LoadResult r = loadEventLog(p);
            QVERIFY(r.model);
            QVERIFY(r.model->report.warnings.size() <= LoadReport::kMaxWarnings);
        }
    }

    // Decoding straight into the reader's chunks gives the bytes and issues copying gives, on
    // whole, cut and damaged input.
    void decodingIntoARoomGivesTheSameBytes_data() { eachCodecReadsExactly_data(); }
    void decodingIntoARoomGivesTheSameBytes() {
        QFETCH(int, codec);
        const std::string framed = gen::frame(Codec(codec), healthyLog(), 4);
        std::vector<std::string> inputs = {framed, framed.substr(0, framed.size() * 2 / 3)};
        for (int i = 1; i <= 6; ++i) {
            std::string damaged = framed;
            const size_t at = damaged.size() * size_t(i) / 7;
            damaged[at] = char(damaged[at] ^ 0x5A);
            inputs.push_back(std::move(damaged));
        }
        for (const std::string& input : inputs) {
            const Decoded copied = decodeWhole(Codec(codec), input, 0);
            for (size_t room : {size_t(128 * 1024), size_t(300 * 1024), size_t(5 << 20)}) {
                const Decoded roomed = decodeWhole(Codec(codec), input, room);
                QVERIFY(roomed.text == copied.text);
                QCOMPARE(roomed.issues, copied.issues);
            }
        }
        QVERIFY(decodeWhole(Codec(codec), framed, 200'000).text == healthyLog());
    }

    void corruptLz4BlockIsSkippedAndTheRestLoads() {
        std::string framed = gen::frame(Codec::Lz4, healthyLog());
        // Damage the payload of the third block: its checksum no longer matches.
        size_t block = 0, pos = 0;
        for (int i = 0; i < 3; ++i) pos = framed.find("LZ4Block", pos + 1);
        block = pos + 21 + 100;
        framed[block] = char(framed[block] ^ 0x01);
        const fs::path p = dir() / "corrupt-block.lz4";
        test::writeFile(p, framed);
        LoadResult r = loadEventLog(p);
        QVERIFY(r.model);
        QVERIFY(hasWarning(*r.model, "lz4: "));
        QVERIFY(r.model->application.sawApplicationEnd);  // blocks after the damage still load
        QVERIFY(r.model->report.malformedLines <= 2);
    }

    void corruptZstdFrameIsSkippedAndTheRestLoads() {
        std::string framed = gen::frame(Codec::Zstd, healthyLog(), 3);
        const size_t mid = framed.find("\x28\xB5\x2F\xFD", framed.size() / 2);
        QVERIFY(mid != std::string::npos);
        framed[mid + 12] = char(framed[mid + 12] ^ 0xFF);
        framed[mid + 13] = char(framed[mid + 13] ^ 0xFF);
        const fs::path p = dir() / "corrupt-frame.zstd";
        test::writeFile(p, framed);
        LoadResult r = loadEventLog(p);
        QVERIFY(r.model);
        QVERIFY(r.model->application.sawApplicationEnd);
        QVERIFY(summarize(*r.model).counts.tasks > expected_.tasks / 2);
    }

    void emptyFileLoadsNothing() {
        const fs::path p = dir() / "empty-log";
        test::writeFile(p, "");
        LoadResult r = loadEventLog(p);
        QVERIFY(r.model);
        QCOMPARE(r.model->report.events, uint64_t(0));
    }

    void emptyDirectoryIsAClearError() {
        const fs::path d = dir() / "nothing-here";
        fs::create_directories(d);
        LoadResult r = loadEventLog(d);
        QVERIFY(!r.model);
        QVERIFY(r.error.find(d.string()) != std::string::npos);
        QVERIFY(r.error.find("empty") != std::string::npos);
    }

    void directoryOfNonLogsIsAClearError() {
        const fs::path d = dir() / "photos";
        fs::create_directories(d);
        test::writeFile(d / "cat.png", "\x89PNG\r\n\x1a\nxxxx");
        test::writeFile(d / "notes.bin", std::string("\x00\x01\x02\x03", 4));
        LoadResult r = loadEventLog(d);
        QVERIFY(!r.model);
        QVERIFY(r.error.find("holds no event log") != std::string::npos);
    }

    void rollingDirectoryWithLinesSpanningParts() {
        const fs::path d = dir() / "eventlog_v2_app-1";
        fs::create_directories(d);
        const std::string& text = healthyLog();
        // Cut mid-line: a line continues in the next part.
        const size_t a = text.size() / 3 + 17, b = 2 * text.size() / 3 + 5;
        test::writeFile(d / "events_1_app-1.zstd", gen::frame(Codec::Zstd, text.substr(0, a)));
        test::writeFile(d / "events_2_app-1.zstd", gen::frame(Codec::Zstd, text.substr(a, b - a)));
        test::writeFile(d / "events_10_app-1.zstd", "");
        test::writeFile(d / "events_3_app-1.zstd", gen::frame(Codec::Zstd, text.substr(b)));
        test::writeFile(d / "appstatus_app-1", "");
        LoadResult r = loadEventLog(d);
        QVERIFY(r.model);
        QCOMPARE(r.model->source.parts.size(), size_t(4));
        QCOMPARE(r.model->source.parts[3].path.filename().string(),
                 std::string("events_10_app-1.zstd"));
        QVERIFY(sameCounts(summarize(*r.model).counts, expected_));
        QVERIFY(hasWarning(*r.model, "missing event log file"));  // 4..9 are absent
        QCOMPARE(r.model->report.malformedLines, uint64_t(0));
        QVERIFY(r.model->application.complete);
        rawLinesReadBack(*r.model);  // the lines cut between parts included
    }

    void rollingDirectoryAfterCompactionStartsAtTheCompactFile() {
        const fs::path d = dir() / "eventlog_v2_app-2";
        fs::create_directories(d);
        const std::string& text = healthyLog();
        const size_t cut = text.find('\n', text.size() / 2) + 1;
        test::writeFile(d / "events_1_app-2",
                        "this file was compacted away and must not be read\n");
        test::writeFile(d / "events_2_app-2.compact", text.substr(0, cut));
        test::writeFile(d / "events_3_app-2", text.substr(cut));
        test::writeFile(d / "appstatus_app-2.inprogress", "");
        LoadResult r = loadEventLog(d);
        QVERIFY(r.model);
        QCOMPARE(r.model->source.parts.size(), size_t(2));
        QVERIFY(r.model->source.inProgress);
        QVERIFY(sameCounts(summarize(*r.model).counts, expected_));
        QVERIFY(hasWarning(*r.model, "compacted"));
    }

    void databricksDirectoryReadsRotatedFilesFirst() {
        const fs::path d = dir() / "databricks";
        fs::create_directories(d);
        const std::string& text = healthyLog();
        const size_t a = text.find('\n', text.size() / 4) + 1,
                     b = text.find('\n', text.size() / 2) + 1;
        test::writeFile(d / "eventlog-2026-01-01--12-00.gz",
                        gen::frame(Codec::Gzip, text.substr(0, a)));
        test::writeFile(d / "eventlog-2026-01-01--13-00.gz",
                        gen::frame(Codec::Gzip, text.substr(a, b - a)));
        test::writeFile(d / "eventlog", text.substr(b));
        LoadResult r = loadEventLog(d);
        QVERIFY(r.model);
        QCOMPARE(r.model->source.layout, LogLayout::Databricks);
        QVERIFY(sameCounts(summarize(*r.model).counts, expected_));
    }

    void legacyDirectory() {
        const fs::path d = dir() / "app-legacy";
        fs::create_directories(d);
        test::writeFile(d / "EVENT_LOG_1", healthyLog());
        test::writeFile(d / "SPARK_VERSION_1.2.0", "");
        test::writeFile(d / "APPLICATION_COMPLETE", "");
        LoadResult r = loadEventLog(d);
        QVERIFY(r.model);
        QCOMPARE(r.model->source.layout, LogLayout::Legacy);
        QVERIFY(!r.model->source.inProgress);
        QVERIFY(sameCounts(summarize(*r.model).counts, expected_));
    }

    void zipArchiveOfACompressedLog() {
        const fs::path p = dir() / "download.zip";
        test::writeFile(p, test::zipArchive({test::storedItem("app-1.lz4", gen::frame(Codec::Lz4, healthyLog()))}));
        LoadResult r = loadEventLog(p);
        QVERIFY(r.model);
        QCOMPARE(r.model->source.layout, LogLayout::ZipArchive);
        QVERIFY(sameCounts(summarize(*r.model).counts, expected_));
    }

    void realZstdLogTruncatedAtManyOffsets() {
        STAGELIGHT_REQUIRE_SHARED();
        const fs::path real = test::sharedDir() /
                              "eventlogs/NVIDIA__spark-rapids-tools/spark-events-profiling/"
                              "tasks_executors_fail_compressed_eventlog.zstd";
        const std::string bytes = test::readFile(real);
        const int64_t full = counts(real).tasks;
        QCOMPARE(full, int64_t(8580));  // 8,630 TaskEnd events, 50 of them Resubmitted
        int64_t previous = -1;
        for (int i = 1; i <= 30; ++i) {
            const fs::path p = dir() / "real-cut.zstd.inprogress";
            test::writeFile(p, bytes.substr(0, bytes.size() * size_t(i) / 31));
            LoadResult r = loadEventLog(p);
            QVERIFY(r.model);
            const SummaryCounts c = summarize(*r.model).counts;
            QVERIFY(c.tasks >= previous && c.tasks <= full);
            QCOMPARE(c.malformedLines, int64_t(0));
            previous = c.tasks;
        }
    }

    void nothingIsModified() {
        const fs::path p = dir() / "readonly.zstd";
        const std::string bytes = gen::frame(Codec::Zstd, healthyLog());
        test::writeFile(p, bytes);
        fs::permissions(p, fs::perms::owner_read | fs::perms::group_read | fs::perms::others_read);
        const auto before = fs::last_write_time(p);
        QVERIFY(loadEventLog(p).model);
        QCOMPARE(test::readFile(p), bytes);
        QVERIFY(fs::last_write_time(p) == before);
    }
};

QTEST_GUILESS_MAIN(Codecs)
#include "tst_codecs.moc"
