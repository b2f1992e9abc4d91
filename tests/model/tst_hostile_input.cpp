// Hostile input: a decompression bomb and an absurd decoded size stop the load with a warning
// naming the file and offset; a line without end is skipped past a limit; deep nesting, numbers
// past 2^64, NUL bytes and invalid UTF-8 are reported per line while the rest loads; the input
// file is never modified (opened read-only, content and time unchanged).
#include <QtTest>

#include <sys/stat.h>

#include "LogGenerator.h"
#include "SparkFraming.h"
#include "TestSupport.h"
#include "io/Codec.h"
#include "load/Loader.h"
#include "report/Summary.h"

using namespace stagelight;
namespace fs = std::filesystem;

class HostileInput : public QObject {
    Q_OBJECT
    QTemporaryDir tmp_;
    std::filesystem::path write(const std::string& name, const std::string& bytes);

private Q_SLOTS:
    void decompressionBombIsStopped();
    void decodedSizeIsBounded_data();
    void decodedSizeIsBounded();
    void overlongLineIsSkipped();
    void deepNestingAndHugeNumbersAreLineErrors();
    void nulBytesAndInvalidUtf8();
    void inputIsNeverModified();
    void byteSizesParse();
};

namespace {

const char* const kStart = test::kLogStart;
const char* kJob =
    R"({"Event":"SparkListenerJobStart","Job ID":%1,"Submission Time":2000,"Stage Infos":[],"Stage IDs":[],"Properties":{}})"
    "\n";

std::string job(int id) {
    return QString::fromLatin1(kJob).arg(id).toStdString();
}

const LoadWarning* warningWith(const EventLogModel& m, const char* part) {
    for (const LoadWarning& w : m.report.warnings)
        if (w.message.find(part) != std::string::npos) return &w;
    return nullptr;
}

}  // namespace

std::filesystem::path HostileInput::write(const std::string& name, const std::string& bytes) {
    const fs::path p = fs::path(tmp_.path().toStdString()) / name;
    test::writeFile(p, bytes);
    return p;
}

void HostileInput::decompressionBombIsStopped() {
    // 64 MiB of blank lines squeezed by zstd into a few KiB, behind a real start.
    const std::string text = kStart + job(0) + std::string(size_t(64) << 20, '\n') + job(1);
    const std::string framed = gen::frame(Codec::Zstd, text, 1 << 30);
    QVERIFY(framed.size() < text.size() / 2000);
    LoadOptions options;
    options.expansionCheckAfterBytes = size_t(8) << 20;  // the default is the first GiB
    LoadResult r = loadEventLog(write("bomb.zstd", framed), options);
    QVERIFY(r.model);
    const LoadWarning* w = warningWith(*r.model, "decompression bomb");
    QVERIFY(w);
    QVERIFY(w->offsetIsCompressed);
    QVERIFY(w->file.find("bomb.zstd") != std::string::npos);
    QCOMPARE(r.model->application.name, std::string("t"));  // what came before is kept
    QCOMPARE(r.model->jobs.size(), size_t(1));
    QVERIFY(r.model->report.bytesDecoded < (uint64_t(16) << 20));  // stopped early
}

void HostileInput::decodedSizeIsBounded_data() {
    QTest::addColumn<int>("codec");
    for (Codec c : {Codec::Plain, Codec::Zstd, Codec::Lz4, Codec::Snappy, Codec::Lzf})
        QTest::newRow(codecName(c).data()) << int(c);
}

void HostileInput::decodedSizeIsBounded() {
    QFETCH(int, codec);
    std::string text = kStart;
    for (int i = 0; i < 4000; ++i) text += job(i);
    const std::string bytes = Codec(codec) == Codec::Plain ? text : gen::frame(Codec(codec), text);
    LoadOptions options;
    options.maxDecodedBytes = 64 << 10;
    LoadResult r =
        loadEventLog(write("sized." + std::string(codecName(Codec(codec))), bytes), options);
    QVERIFY(r.model);
    QVERIFY(warningWith(*r.model, "load stopped: more than 65536 bytes decoded"));
    QVERIFY(!r.model->jobs.empty());
    QVERIFY(r.model->jobs.size() < 4000);
    QVERIFY(r.model->report.bytesDecoded <= 64 << 10);
}

void HostileInput::overlongLineIsSkipped() {
    const std::string longLine =
        R"({"Event":"SparkListenerJobStart","Job ID":7,"Properties":{"k":")" +
        std::string(50000, 'x') + "\"}}\n";
    for (size_t chunk : {size_t(4) << 10, size_t(1) << 20}) {  // spanning chunks, or not
        LoadOptions options;
        options.maxLineBytes = 10000;
        options.chunkBytes = chunk;
        const std::string text = kStart + job(1) + longLine + job(2);
        LoadResult r = loadEventLog(write("long" + std::to_string(chunk), text), options);
        QVERIFY(r.model);
        const LoadWarning* w = warningWith(*r.model, "line longer than 10000 bytes skipped");
        QVERIFY(w);
        QCOMPARE(w->line, uint64_t(4));
        QCOMPARE(r.model->jobs.size(), size_t(2));  // the lines around it load
        QCOMPARE(r.model->jobs.back().id, 2);
    }
}

void HostileInput::deepNestingAndHugeNumbersAreLineErrors() {
    std::string deep = R"({"Event":"SparkListenerJobStart","Job ID":5,"Properties":{"a":)";
    deep += std::string(200000, '[') + std::string(200000, ']') + "}}\n";
    const std::string huge =
        R"({"Event":"SparkListenerJobStart","Job ID":123456789012345678901234567890,"Submission Time":1e400,"Stage Infos":[],"Stage IDs":[-99999999999999999999],"Properties":{}})"
        "\n";
    const std::string bare = std::string(300000, '[') + std::string(300000, ']') + "\n";
    LoadResult r = loadEventLog(write("nested", kStart + deep + huge + bare + job(3)));
    QVERIFY(r.model);
    const auto at = [&](uint64_t line) -> const LoadWarning* {
        for (const LoadWarning& w : r.model->report.warnings)
            if (w.line == line) return &w;
        return nullptr;
    };
    // Nesting inside a value Stagelight skips costs nothing: the job loads.
    QVERIFY(std::any_of(r.model->jobs.begin(), r.model->jobs.end(),
                        [](const Job& j) { return j.id == 5; }));
    // Numbers past int64 are named per field, never wrapped or converted out of range.
    QVERIFY(at(4));
    QVERIFY(at(4)->message.find("\"Job ID\": number out of range") != std::string::npos);
    QVERIFY(at(4)->message.find("\"Submission Time\": number out of range") != std::string::npos);
    // A line that is nothing but nesting is malformed, reported by number.
    QVERIFY(at(5));
    QVERIFY(at(5)->message.find("malformed") != std::string::npos);
    QVERIFY(std::any_of(r.model->jobs.begin(), r.model->jobs.end(),
                        [](const Job& j) { return j.id == 3; }));
}

void HostileInput::nulBytesAndInvalidUtf8() {
    std::string text = kStart;
    text +=
        std::string(
            R"({"Event":"SparkListenerJobStart","Job ID":1,"Properties":{"spark.job.description":"a)") +
        std::string(1, '\0') + "b\"}}\n";
    text +=
        R"({"Event":"SparkListenerJobStart","Job ID":2,"Properties":{"spark.job.description":"esc\u0000aped"}})"
        "\n";
    text +=
        "{\"Event\":\"SparkListenerJobStart\",\"Job ID\":3,\"Properties\":{\"spark.job."
        "description\":\"bad \xff\xfe utf8\"}}\n";
    text += job(4);
    LoadResult r = loadEventLog(write("nul", text));
    QVERIFY(r.model);
    std::vector<int> ids;
    for (const Job& j : r.model->jobs) ids.push_back(j.id);
    QVERIFY(std::find(ids.begin(), ids.end(), 4) != ids.end());
    QVERIFY(std::find(ids.begin(), ids.end(), 2) != ids.end());  // an escaped NUL is text
    // The raw NUL byte makes its line malformed, reported by number.
    bool second = false;
    for (const LoadWarning& w : r.model->report.warnings) second = second || w.line == 3;
    QVERIFY(second);
}

void HostileInput::inputIsNeverModified() {
    const std::string text = gen::generateLogText(gen::makeScenario("healthy"));
    const fs::path p = write("readonly", text);
    fs::permissions(p, fs::perms::owner_read | fs::perms::group_read | fs::perms::others_read);
    struct stat before {};
    QCOMPARE(::stat(p.c_str(), &before), 0);
    QTest::qWait(20);
    LoadResult r = loadEventLog(p);
    QVERIFY(r.model);
    QVERIFY(r.model->report.warnings.empty());
    struct stat after {};
    QCOMPARE(::stat(p.c_str(), &after), 0);
    QCOMPARE(after.st_mtim.tv_sec, before.st_mtim.tv_sec);
    QCOMPARE(after.st_mtim.tv_nsec, before.st_mtim.tv_nsec);
    QCOMPARE(after.st_size, before.st_size);
    QCOMPARE(test::readFile(p), text);
    fs::permissions(p, fs::perms::owner_write, fs::perm_options::add);
}

void HostileInput::byteSizesParse() {
    QCOMPARE(parseByteSize("1000"), std::optional<uint64_t>(1000));
    QCOMPARE(parseByteSize("64K"), std::optional<uint64_t>(64 << 10));
    QCOMPARE(parseByteSize("2g"), std::optional<uint64_t>(uint64_t(2) << 30));
    QCOMPARE(parseByteSize("3TB"), std::optional<uint64_t>(uint64_t(3) << 40));
    QVERIFY(!parseByteSize(""));
    QVERIFY(!parseByteSize("12Q"));
    QVERIFY(!parseByteSize("-5"));
    QVERIFY(!parseByteSize("99999999999999999999999"));
    QVERIFY(!parseByteSize("99999999999T"));
}

QTEST_GUILESS_MAIN(HostileInput)
#include "tst_hostile_input.moc"
