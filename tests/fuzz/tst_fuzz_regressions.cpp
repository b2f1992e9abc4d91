// Every fuzz target over its seeds, deterministic mutations of them (truncations, flipped and
// inserted bytes) and every input a fuzzer ever crashed on (tests/fuzz/regressions/<target>/):
// none may crash, hang or trip a sanitizer. Runs in every build, so a fixed crash stays fixed.
#include <QtTest>

#include <filesystem>
#include <fstream>
#include <random>

#include "FuzzSeeds.h"
#include "FuzzTargets.h"
#include "JsonMutator.h"
#include "TestSupport.h"
#include "parse/EventDecoder.h"

using namespace stagelight;
namespace fs = std::filesystem;

class FuzzRegressions : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void targets_data();
    void targets();
    void sharedFindingsReplay();
    void repairedLinesBackToBackNameNoStaleEvent();
};

namespace {

std::string readAll(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), {}};
}

// The targets that read decompressed event-log text.
bool takesLogText(const fuzz::Target& t) {
    return t.name == std::string_view("eventlog") || t.name == std::string_view("report");
}

void run(const fuzz::Target& t, const std::string& bytes) {
    t.run(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size());
}

}  // namespace

void FuzzRegressions::targets_data() {
    QTest::addColumn<int>("index");
    for (size_t i = 0; i < fuzz::targets().size(); ++i)
        QTest::newRow(fuzz::targets()[i].name) << int(i);
}

void FuzzRegressions::targets() {
    QFETCH(int, index);
    const fuzz::Target& target = fuzz::targets()[size_t(index)];
    // Inputs the fuzzers found (kept by tests/fuzz/run.sh when one crashed), replayed first.
    int kept = 0;
    const fs::path regressions = fs::path(STAGELIGHT_FUZZ_DIR) / "regressions" / target.name;
    if (fs::is_directory(regressions))
        for (const auto& entry : fs::directory_iterator(regressions)) {
            run(target, readAll(entry.path()));
            ++kept;
        }
    const auto seeds = fuzz::seedsFor(target);
    QVERIFY(seeds.size() >= 5);
    std::mt19937 rng(20261130);
    int runs = 0;
    for (const auto& seed : seeds) {
        QVERIFY(!seed.bytes.empty());
        run(target, seed.bytes);
        run(target, {});
        // Cut anywhere: inside a frame header, a block, a line.
        for (size_t cut = 1; cut < seed.bytes.size(); cut += 1 + seed.bytes.size() / 40)
            run(target, seed.bytes.substr(0, cut));
        // Flipped bits, bytes set to edge values, bytes inserted and removed.
        for (int m = 0; m < 60; ++m) {
            std::string bytes = seed.bytes;
            const size_t at = std::uniform_int_distribution<size_t>(0, bytes.size() - 1)(rng);
            switch (m % 4) {
                case 0:
                    bytes[at] = char(bytes[at] ^ (1 << (m % 8)));
                    break;
                case 1:
                    bytes[at] = char(m % 8 < 4 ? 0xff : 0x00);
                    break;
                case 2:
                    bytes.insert(at, std::string(size_t(1 + m % 5), char(0x80 + m)));
                    break;
                default:
                    bytes.erase(at, size_t(1 + m % 3));
                    break;
            }
            run(target, bytes);
            ++runs;
        }
    }
    // The committed corpus (real-log excerpts), and structural mutations of the JSON.
    int corpus = 0;
    const fs::path committed = fs::path(STAGELIGHT_FUZZ_DIR) / "corpus" / target.name;
    QVERIFY2(fs::is_directory(committed), committed.c_str());
    std::vector<std::string> texts;
    for (const auto& entry : fs::directory_iterator(committed)) {
        texts.push_back(readAll(entry.path()));
        run(target, texts.back());
        ++corpus;
    }
    QVERIFY(corpus >= 4);
    const std::string name = target.name;
    if (name == "eventlog" || name == "report") {
        for (const auto& seed : seeds) texts.push_back(seed.bytes);
        std::mt19937 jsonRng(20261202);
        int mutated = 0;
        for (size_t i = 0; i < texts.size(); ++i)
            for (int m = 0; m < (name == "report" ? 2 : 6); ++m) {
                std::string text = texts[i];
                if (!fuzz::mutateJsonText(text, jsonRng)) continue;
                run(target, text);
                ++mutated;
            }
        QVERIFY(mutated > int(texts.size()));  // the mutator finds values in real lines
        runs += mutated;
    }
    qInfo("%s: %d regression inputs, %d corpus inputs, %zu seeds, %d mutations", target.name,
          kept, corpus, seeds.size(), runs);
}

void FuzzRegressions::sharedFindingsReplay() {
    // The fuzzer's original input of issue 18 item 1 (kept in ../shared, never copied here).
    STAGELIGHT_REQUIRE_SHARED();
    const fs::path finding = test::sharedDir() / "findings" / "eventlog-heap-use-after-free.bin";
    QVERIFY2(fs::is_regular_file(finding), finding.c_str());
    const std::string bytes = readAll(finding);
    QVERIFY(bytes.size() > 1000);
    for (const auto& t : fuzz::targets())
        if (takesLogText(t)) run(t, bytes);
}

void FuzzRegressions::repairedLinesBackToBackNameNoStaleEvent() {
    // The same shape, inline: a line repaired from Latin-1 that names its event, then a far
    // longer one (the repair buffer reallocates) that fails before naming one. The error of the
    // second must not name the first's event, which lived in the freed buffer.
    std::string first = "{\"Event\":\"SparkListenerExecutorAdded\xcf\",\"Timestamp\":1}";
    // An unclosed string: simdjson fails on the repaired copy, in the error path that names
    // the current event.
    std::string second = "{\"\xc0vent\":\"SparkListenerTaskEnd\",\"Host\":\"" +
                         std::string(9000, '\xe9') + "\",\"bad\":\"unclosed}";
    EventDecoder decoder({});
    std::string seen;
    for (const std::string* line : {&first, &second, &first, &second}) {
        std::vector<char> buffer(line->begin(), line->end());
        buffer.resize(line->size() + simdjson::SIMDJSON_PADDING, '\0');
        const bool ok = decoder.decodeLine(buffer.data(), line->size(), buffer.size(), {});
        if (line == &first) {
            QVERIFY(ok);  // an unknown event (its name has a stray byte), counted
            QVERIFY(!decoder.problems().messages.empty());
        } else {
            QVERIFY(!ok);
            QVERIFY2(decoder.lastError().find("ExecutorAdded") == std::string::npos,
                     decoder.lastError().c_str());
            QVERIFY2(decoder.lastError().starts_with("invalid JSON"), decoder.lastError().c_str());
            seen = decoder.lastError();
        }
    }
    QVERIFY(!seen.empty());
    QCOMPARE(decoder.counts().unknown.size(), size_t(1));
    // And through every event-log fuzz target (chunked, recycled buffers; ASan in asan builds).
    const std::string log = first + "\n" + second + "\n" + first + "\n" + second + "\n";
    for (const auto& t : fuzz::targets())
        if (takesLogText(t)) run(t, log);
}

QTEST_GUILESS_MAIN(FuzzRegressions)
#include "tst_fuzz_regressions.moc"
