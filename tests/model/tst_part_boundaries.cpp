// Where one buffer or file of a log ends and the next begins: every boundary of a Databricks
// rollover (first, middle and last part; a rollover metadata line first or not; gzip and plain
// parts; a part ending with or without its newline), zip archives carrying macOS metadata and
// side files, and lines split across decoded chunks with invalid UTF-8 lines back to back (under
// ASan, buffers the parser is done with are poisoned, so a view kept past its line fails here).
#include <QtTest>

#include <cstring>

#include "LogGenerator.h"
#include "SparkFraming.h"
#include "TestSupport.h"
#include "ZipWriter.h"
#include "io/StaleMemory.h"
#include "load/LineAssembler.h"
#include "load/Loader.h"
#include "load/LogDecoder.h"
#include "report/Summary.h"

using namespace stagelight;
namespace fs = std::filesystem;

namespace {

const std::string& failuresLog() {
    static const std::string text = gen::generateLogText(gen::makeScenario("failures"));
    return text;
}

std::vector<std::string> splitLines(const std::string& text) {
    std::vector<std::string> lines;
    size_t pos = 0;
    while (pos < text.size()) {
        const size_t nl = text.find('\n', pos);
        lines.push_back(text.substr(pos, nl - pos));
        if (nl == std::string::npos) break;
        pos = nl + 1;
    }
    return lines;
}

bool isTaskEnd(const std::string& line) {
    return line.starts_with(R"({"Event":"SparkListenerTaskEnd")");
}

// What a lost or glued line changes: every task's id, whether it ended, and its run time.
struct TaskFingerprint {
    size_t rows = 0, finished = 0;
    int64_t idSum = 0, runTimeSum = 0;
    bool operator==(const TaskFingerprint&) const = default;
};

TaskFingerprint fingerprint(const EventLogModel& m) {
    TaskFingerprint f;
    f.rows = m.tasks.size();
    for (size_t r = 0; r < m.tasks.size(); ++r) {
        if (!m.tasks.hasFlag(r, kFinished)) continue;
        ++f.finished;
        f.idSum += m.tasks.get(r, TaskField::TaskId);
        f.runTimeSum += m.tasks.get(r, TaskField::ExecutorRunTime);
    }
    return f;
}

std::string describe(const TaskFingerprint& f) {
    return std::to_string(f.rows) + " rows, " + std::to_string(f.finished) + " finished, ids " +
           std::to_string(f.idSum) + ", run time " + std::to_string(f.runTimeSum);
}

}  // namespace

class PartBoundaries : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void databricksRolloverKeepsEveryEvent_data();
    void databricksRolloverKeepsEveryEvent();
    void rollingLineCutMidwayStillJoins();
    void zipSkipsMacOsMetadataAndSideFilesWithOneNote();
    void zipKeepsALogWhateverItsName();
    void linesAcrossChunksAndRepairedLinesBackToBack_data();
    void linesAcrossChunksAndRepairedLinesBackToBack();
    void retiredBuffersAreStaleUnderAsan();

private:
    fs::path dir() const { return fs::path(tmp_.path().toStdString()); }
    QTemporaryDir tmp_;
    TaskFingerprint expected_;
    SummaryCounts expectedCounts_;
};

void PartBoundaries::initTestCase() {
    QVERIFY(tmp_.isValid());
    test::writeFile(dir() / "reference", failuresLog());
    LoadResult r = loadEventLog(dir() / "reference");
    QVERIFY(r.model);
    expected_ = fingerprint(*r.model);
    expectedCounts_ = summarize(*r.model).counts;
    QVERIFY(expected_.finished > 50);
    QCOMPARE(expected_.finished, expected_.rows);  // the reference leaves no task running
}

void PartBoundaries::databricksRolloverKeepsEveryEvent_data() {
    QTest::addColumn<QString>("metadata");
    QTest::addColumn<bool>("metadataFirst");
    QTest::addColumn<bool>("gzip");
    QTest::addColumn<bool>("newlineAtPartEnd");
    const std::pair<const char*, const char*> kinds[] = {
        {"log-start", R"({"Event":"SparkListenerLogStart","Spark Version":"3.5.1"})"},
        // What Databricks writes at every rollover (seen in real logs).
        {"dbc-metadata",
         R"({"Event":"DBCEventLoggingListenerMetadata","Spark Version":"3.4.1","Timestamp":1000,"Rollover Number":1,"SparkContext Id":4113768911})"},
    };
    for (const auto& [kind, line] : kinds)
        for (bool first : {true, false})
            for (bool gzip : {true, false})
                for (bool newline : {true, false})
                    QTest::addRow("%s %s, %s parts, %s", kind, first ? "first" : "second",
                                  gzip ? "gzip" : "plain",
                                  newline ? "newline at part end" : "no newline at part end")
                        << QString::fromLatin1(line) << first << gzip << newline;
}

void PartBoundaries::databricksRolloverKeepsEveryEvent() {
    QFETCH(QString, metadata);
    QFETCH(bool, metadataFirst);
    QFETCH(bool, gzip);
    QFETCH(bool, newlineAtPartEnd);
    const std::vector<std::string> lines = splitLines(failuresLog());
    // Cut where a TaskEnd starts the part and another follows: the event after the metadata
    // line is then a TaskEnd whichever place the metadata takes.
    auto cutNear = [&](size_t at) {
        while (at + 1 < lines.size() && !(isTaskEnd(lines[at]) && isTaskEnd(lines[at + 1]))) ++at;
        return at;
    };
    const size_t cuts[] = {0, cutNear(lines.size() / 3), cutNear(2 * lines.size() / 3),
                           lines.size()};
    QVERIFY(cuts[1] < cuts[2] && cuts[2] + 1 < lines.size());
    const std::string meta = metadata.toStdString();
    const char* names[] = {"eventlog-2026-01-01--10-00", "eventlog-2026-01-01--11-00", "eventlog"};
    const fs::path d = dir() / QTest::currentDataTag();
    fs::create_directories(d);
    for (size_t part = 0; part < 3; ++part) {
        std::vector<std::string> own(lines.begin() + ptrdiff_t(cuts[part]),
                                     lines.begin() + ptrdiff_t(cuts[part + 1]));
        // Every part carries the metadata line (the first part after its LogStart).
        own.insert(own.begin() + (metadataFirst && part > 0 ? 0 : 1), meta);
        std::string text;
        for (const std::string& l : own) text += l + "\n";
        if (!newlineAtPartEnd && part < 2) text.pop_back();
        const bool live = part == 2;  // the live file is plain; rotated ones gzip or plain
        test::writeFile(d / (std::string(names[part]) + (gzip && !live ? ".gz" : "")),
                        gzip && !live ? gen::frame(Codec::Gzip, text) : text);
    }
    LoadResult r = loadEventLog(d);
    QVERIFY2(r.model, r.error.c_str());
    QCOMPARE(r.model->source.layout, LogLayout::Databricks);
    QCOMPARE(r.model->source.parts.size(), size_t(3));
    const TaskFingerprint got = fingerprint(*r.model);
    QVERIFY2(got == expected_, (describe(got) + " instead of " + describe(expected_)).c_str());
    QCOMPARE(r.model->report.malformedLines, uint64_t(0));
    const SummaryCounts counts = summarize(*r.model).counts;
    QCOMPARE(counts.jobs, expectedCounts_.jobs);
    QCOMPARE(counts.stageAttempts, expectedCounts_.stageAttempts);
    // Each task's raw TaskEnd, read back by offset (the evidence pane), is that one event.
    std::vector<SourceRef> refs;
    const EventLogModel& m = *r.model;
    for (size_t row = 0; row < m.tasks.size(); ++row)
        refs.push_back({uint32_t(m.tasks.get(row, TaskField::SourcePart)),
                        uint64_t(m.tasks.get(row, TaskField::SourceOffset)), 0});
    const auto raw = readSourceLines(m.source, refs);
    for (const auto& line : raw) {
        QVERIFY(line && isTaskEnd(*line));
        QVERIFY2(line->find(R"({"Event")", 1) == std::string::npos, line->substr(0, 200).c_str());
    }
    // The listener's own metadata event is counted as unknown, once per part.
    const bool unknown = meta.find("DBCEventLoggingListenerMetadata") != std::string::npos;
    QCOMPARE(counts.unknownEvents, unknown ? int64_t(3) : int64_t(0));
}

void PartBoundaries::rollingLineCutMidwayStillJoins() {
    // A rolling part cut inside a line (not after a whole object) continues in the next part.
    const std::string& text = failuresLog();
    size_t cut = text.find(R"("Task Info":{)", text.size() / 2);
    QVERIFY(cut != std::string::npos);
    cut += 3;
    const fs::path d = dir() / "eventlog_v2_app-cut";
    fs::create_directories(d);
    test::writeFile(d / "events_1_app-cut", text.substr(0, cut));
    test::writeFile(d / "events_2_app-cut", text.substr(cut));
    test::writeFile(d / "appstatus_app-cut", "");
    LoadResult r = loadEventLog(d);
    QVERIFY(r.model);
    QCOMPARE(r.model->report.malformedLines, uint64_t(0));
    QVERIFY(fingerprint(*r.model) == expected_);
}

void PartBoundaries::zipSkipsMacOsMetadataAndSideFilesWithOneNote() {
    const std::string& log = failuresLog();
    const std::string pricing = R"({"instanceType":"m5.xlarge","pricePerHour":0.192})"
                                "\n"
                                R"({"instanceType":"r5.2xlarge","pricePerHour":0.504})"
                                "\n";
    const fs::path zip = dir() / "download-mac.zip";
    test::writeFile(zip, test::zipArchive({
                             test::deflatedItem("app-1/eventlog.json", log),
                             test::storedItem("__MACOSX/app-1/._eventlog.json",
                                              std::string("\x00\x05\x16\x07\x00\x02", 6)),
                             test::storedItem("app-1/.DS_Store", std::string("\x00\x00\x00\x01" "Bud1", 8)),
                             test::storedItem("app-1/._pricing.json", std::string("\x00\x05\x16\x07", 4)),
                             test::deflatedItem("app-1/pricing.json", pricing),
                         }));
    LoadResult r = loadEventLog(zip);
    QVERIFY2(r.model, r.error.c_str());
    QCOMPARE(r.model->source.parts.size(), size_t(1));
    QCOMPARE(r.model->source.parts[0].zipEntry->name, std::string("app-1/eventlog.json"));
    QCOMPARE(r.model->report.malformedLines, uint64_t(0));
    QVERIFY(fingerprint(*r.model) == expected_);
    int notes = 0;
    for (const LoadWarning& w : r.model->report.warnings)
        if (w.message.find("skipped 4 entries") != std::string::npos) {
            ++notes;
            QVERIFY(w.message.find("pricing.json") != std::string::npos);
            QVERIFY(w.message.find("__MACOSX") != std::string::npos);
        }
    QCOMPARE(notes, 1);
    QCOMPARE(r.model->report.warnings.size(), size_t(1));  // and nothing per line
}

void PartBoundaries::zipKeepsALogWhateverItsName() {
    // Logs renamed .json or .txt, stored or deflated, and a compressed one: all read.
    const std::string& log = failuresLog();
    const fs::path zip = dir() / "renamed.zip";
    test::writeFile(zip, test::zipArchive({test::storedItem("run.txt", log)}));
    LoadResult r = loadEventLog(zip);
    QVERIFY2(r.model, r.error.c_str());
    QCOMPARE(r.model->source.parts.size(), size_t(1));
    QVERIFY(fingerprint(*r.model) == expected_);
    const fs::path zstd = dir() / "zstd.zip";
    test::writeFile(zstd, test::zipArchive({test::storedItem(
                              "app-1.json", gen::frame(Codec::Zstd, log))}));
    r = loadEventLog(zstd);
    QVERIFY2(r.model, r.error.c_str());
    QVERIFY(fingerprint(*r.model) == expected_);
    // Only side files: no log, and the error says so.
    const fs::path none = dir() / "none.zip";
    test::writeFile(none, test::zipArchive({test::storedItem("pricing.json", "{\"a\":1}\n")}));
    QVERIFY(!loadEventLog(none).model);
}

void PartBoundaries::linesAcrossChunksAndRepairedLinesBackToBack_data() {
    QTest::addColumn<int>("chunkBytes");
    for (int n : {1, 2, 3, 7, 16, 61, 64, 127, 500, 4093, 1 << 16})
        QTest::addRow("%d-byte chunks", n) << n;
}

void PartBoundaries::linesAcrossChunksAndRepairedLinesBackToBack() {
    QFETCH(int, chunkBytes);
    // A log with Latin-1 bytes in several lines back to back (each repaired into the decoder's
    // buffer, which grows), some of them malformed after the repair, and a part boundary.
    std::string text = splitLines(failuresLog())[0] + "\n";
    for (int i = 0; i < 6; ++i) {
        text += R"({"Event":"SparkListenerApplicationStart","App Name":"caf)" +
                std::string(size_t(1 + i * 300), '\xe9') +
                R"(","App ID":"app-1","Timestamp":1000,"User":"u"})"
                "\n";
        text += R"({"Event":"SparkListenerJobStart","Job ID":)" + std::to_string(i) +
                R"(,"Submission Time":1200,"Stage Infos":[],"Stage IDs":[],"Properties":{"x":")" +
                std::string(size_t(700 + i * 500), '\xff') + "\"}}\n";
        text += "{\"Ev\xe9nt\":\"Spark" + std::string(size_t(50 * i), '\xfe') + "\",\"bad\":}\n";
    }
    const size_t partBoundary = text.size() / 2 + 3;  // inside a line: it continues
    auto run = [&](size_t step, std::vector<std::string>& messages) {
        EventLogModel model;
        LogDecoder decoding(model);
        LineAssembler lines(model, decoding.decoder(), size_t(1) << 20);
        DecodedChunk buffers[2];  // recycled in turn, as the loader's queue does
        size_t pos = 0, turn = 0;
        auto feed = [&](size_t from, size_t to, uint32_t part) {
            for (size_t at = from; at < to;) {
                const size_t n = std::min(step, to - at);
                DecodedChunk& chunk = buffers[turn++ % 2];
                chunk.kind = DecodedChunk::Kind::Data;
                chunk.part = part;
                chunk.buffer.allocate(n + simdjson::SIMDJSON_PADDING);
                std::memcpy(chunk.buffer.data(), text.data() + at, n);
                std::memset(chunk.buffer.data() + n, 0, simdjson::SIMDJSON_PADDING);
                chunk.used = n;
                lines.consume(chunk);
                chunk.buffer.retire();
                at += n;
            }
        };
        feed(pos, partBoundary, 0);
        DecodedChunk end;
        end.kind = DecodedChunk::Kind::PartEnd;
        end.part = 0;
        lines.consume(end);
        feed(partBoundary, text.size(), 1);
        lines.finish();
        decoding.finish();
        for (const LoadWarning& w : model.report.warnings) messages.push_back(w.message);
        return std::pair{model.report.events, model.report.malformedLines};
    };
    std::vector<std::string> whole, split;
    const auto [events, malformed] = run(text.size(), whole);
    const auto [splitEvents, splitMalformed] = run(size_t(chunkBytes), split);
    QCOMPARE(events, uint64_t(1 + 6 + 6));  // LogStart, the application and job starts
    QCOMPARE(malformed, uint64_t(6));
    QCOMPARE(splitEvents, events);
    QCOMPARE(splitMalformed, malformed);
    QCOMPARE(split, whole);
    // No message names an event of an earlier line (the use-after-free of issue 18 did).
    for (const std::string& m : split)
        if (m.starts_with("malformed line skipped"))
            QVERIFY2(m.find(" in ") == std::string::npos, m.c_str());
}

void PartBoundaries::retiredBuffersAreStaleUnderAsan() {
    if (!staleMemoryIsChecked()) QSKIP("poisoning is checked in the asan build only");
    ChunkBuffer buffer;
    buffer.allocate(256);
    QVERIFY(!isStale(buffer.data() + 100));
    buffer.retire();
    QVERIFY(isStale(buffer.data()));
    QVERIFY(isStale(buffer.data() + 200));
    buffer.allocate(128);  // reused: fresh again
    QVERIFY(!isStale(buffer.data() + 100));
}

QTEST_GUILESS_MAIN(PartBoundaries)
#include "tst_part_boundaries.moc"
