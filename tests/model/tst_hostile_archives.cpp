// Hostile archives and event floods: zip entries that overlap (one deflate kernel shared by many
// entries), entries that declare more than deflate can expand to or decode past what they
// declare, gzip and zip bombs at deflate's own ratio (under the old 2000x bound), and 300k
// exclusion events, which must load in linear time, also when thousands of executors are live.
#include <QtTest>

#include <chrono>

#include "LogGenerator.h"
#include "SparkFraming.h"
#include "TestSupport.h"
#include "ZipWriter.h"
#include "io/ZipArchive.h"
#include "load/Loader.h"

using namespace stagelight;
namespace fs = std::filesystem;

namespace {

const LoadWarning* warningWith(const EventLogModel& m, const char* part) {
    for (const LoadWarning& w : m.report.warnings)
        if (w.message.find(part) != std::string::npos) return &w;
    return nullptr;
}

// Raw strings stay out of the class body (moc does not read them there).
const char* const kJobLine =
    R"({"Event":"SparkListenerJobStart","Job ID":1,"Submission Time":2000,"Stage Infos":[],"Stage IDs":[],"Properties":{}})"
    "\n";
const char* const kExecutorLine =
    R"({"Event":"SparkListenerExecutorAdded","Timestamp":1500,"Executor ID":"1","Executor Info":{"Host":"h1","Total Cores":4,"Log Urls":{}}})"
    "\n";

std::string exclusionLine(bool node, const char* kind, const std::string& time) {
    return node ? std::string(R"({"Event":"SparkListenerNode)") + kind + R"(","time":)" + time +
                      R"(,"hostId":"h1","executorFailures":2})" + "\n"
                : std::string(R"({"Event":"SparkListenerExecutor)") + kind + R"(","time":)" + time +
                      R"(,"executorId":"1","taskFailures":2})" + "\n";
}

// 64 MiB of blank lines behind a real start: deflate squeezes it about 1000x.
std::string bombText() {
    return std::string(test::kLogStart) + std::string(size_t(64) << 20, '\n');
}

std::string executorOnHostLine(int i) {
    return R"({"Event":"SparkListenerExecutorAdded","Timestamp":1500,"Executor ID":")" +
           std::to_string(i) + R"(","Executor Info":{"Host":"h)" + std::to_string(i) +
           R"(","Total Cores":4,"Log Urls":{}}})" + "\n";
}

std::string nodeLine(const char* kind, int time, const std::string& host) {
    return std::string(R"({"Event":"SparkListenerNode)") + kind + R"(","time":)" +
           std::to_string(time) + R"(,"hostId":")" + host + R"(","executorFailures":2})" + "\n";
}

}  // namespace

class HostileArchives : public QObject {
    Q_OBJECT
    QTemporaryDir tmp_;
    fs::path write(const std::string& name, const std::string& bytes) {
        const fs::path p = fs::path(tmp_.path().toStdString()) / name;
        test::writeFile(p, bytes);
        return p;
    }

private Q_SLOTS:
    void overlappingZipEntriesAreRefused() {
        const std::string log = gen::generateLogText(gen::makeScenario("healthy"));
        // Many directory entries sharing one local header and its data: the classic
        // overlapping bomb. Without the check each alias is read (and decoded) again.
        test::ZipItem kernel = test::deflatedItem("events_1_app", log);
        kernel.aliases = 50;
        const fs::path bomb = write("overlap.zip", test::zipArchive({kernel}));
        const auto t0 = std::chrono::steady_clock::now();
        LoadResult r = loadEventLog(bomb);
        QVERIFY(!r.model);
        QVERIFY2(r.error.find("overlap") != std::string::npos, r.error.c_str());
        QVERIFY(r.error.find("overlap.zip") != std::string::npos);
        QVERIFY(std::chrono::steady_clock::now() - t0 < std::chrono::seconds(5));
        // The same entries side by side load.
        LoadResult fine = loadEventLog(write("fine.zip", test::zipArchive({test::deflatedItem("a.json", log)})));
        QVERIFY2(fine.model, fine.error.c_str());
        QVERIFY(fine.model->report.events > 0);
    }

    void zipSizesAreBoundedByDeflate() {
        // A directory that claims 4 GiB from a few bytes: more than deflate can give.
        test::ZipItem liar = test::deflatedItem("app.json", std::string(test::kLogStart));
        liar.uncompressed = 0xF0000000u;
        auto listed = listZipEntries(write("liar.zip", test::zipArchive({liar})));
        QVERIFY(std::holds_alternative<std::string>(listed));
        QVERIFY(std::get<std::string>(listed).find("zip bomb") != std::string::npos);
        // Stored entries cannot expand at all.
        test::ZipItem storedLiar = test::storedItem("app.json", std::string(test::kLogStart));
        storedLiar.uncompressed += 10;
        QVERIFY(std::holds_alternative<std::string>(
            listZipEntries(write("stored-liar.zip", test::zipArchive({storedLiar})))));
        // An entry that decodes past the size its directory declares stops there.
        const std::string text = std::string(test::kLogStart) + kJobLine;
        test::ZipItem shortDecl = test::deflatedItem("app.json", text + std::string(100000, '\n'));
        shortDecl.uncompressed = uint32_t(text.size());
        LoadResult r = loadEventLog(write("short.zip", test::zipArchive({shortDecl})));
        QVERIFY(r.model);
        QVERIFY(warningWith(*r.model, "decodes past the"));
        QCOMPARE(r.model->jobs.size(), size_t(1));  // what it declared is read
        QVERIFY(r.model->report.bytesDecoded <= text.size());
    }

    void deflateBombsStopAtTheDefaultRatio() {
        // gzip and zip reach about 1000x, under the old 2000x bound: the default must catch
        // them (checked past 8 MiB here instead of the first GiB, to stay fast).
        const std::string text = bombText();
        const std::string gz = gen::frame(Codec::Gzip, text);
        QVERIFY(text.size() / gz.size() > 500);
        LoadOptions options;
        options.expansionCheckAfterBytes = size_t(8) << 20;
        for (const auto& [name, bytes] :
             {std::pair{std::string("bomb.gz"), gz},
              std::pair{std::string("bomb.zip"), test::zipArchive({test::deflatedItem("app.json", text)})}}) {
            LoadResult r = loadEventLog(write(name, bytes), options);
            QVERIFY2(r.model, r.error.c_str());
            const LoadWarning* w = warningWith(*r.model, "decompression bomb");
            QVERIFY2(w, name.c_str());
            QVERIFY(w->file.find(name) != std::string::npos);
            QVERIFY(r.model->report.bytesDecoded < (uint64_t(32) << 20));
            QCOMPARE(r.model->application.name, std::string("t"));
        }
        // Real logs compress 5-50x: a generated one loads without a warning at that bound.
        const std::string real = gen::generateLogText(gen::makeScenario("demo"));
        LoadResult r = loadEventLog(write("real.gz", gen::frame(Codec::Gzip, real)), options);
        QVERIFY(r.model);
        QVERIFY(!warningWith(*r.model, "decompression bomb"));
    }

    void exclusionFloodLoadsInLinearTime() {
        // 300k NodeExcluded lines (150k exclusions, each with its deprecated Blacklisted twin,
        // as Spark 3.1+ logs them) and 20k executor exclusion lines.
        std::string text = std::string(test::kLogStart) + kExecutorLine;
        text.reserve(size_t(40) << 20);
        for (int i = 0; i < 150000; ++i) {
            const std::string t = std::to_string(2000 + i);
            for (const char* kind : {"Excluded", "Blacklisted"}) {
                text += exclusionLine(true, kind, t);
                if (i < 10000) text += exclusionLine(false, kind, t);
            }
        }
        const fs::path p = write("excluded.json", text);
        const auto t0 = std::chrono::steady_clock::now();
        LoadResult r = loadEventLog(p);
        const double seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        QVERIFY(r.model);
        QCOMPARE(r.model->nodeExclusions.size(), size_t(150000));  // twins removed
        const auto ex = std::find_if(r.model->executors.begin(), r.model->executors.end(),
                                     [](const Executor& e) { return e.id == "1"; });
        QVERIFY(ex != r.model->executors.end());
        QCOMPARE(ex->exclusions.size(), size_t(10000));
        QVERIFY(std::is_sorted(ex->exclusions.begin(), ex->exclusions.end(),
                               [](auto& a, auto& b) { return a.time < b.time; }));  // order kept
        qInfo("320k exclusion lines loaded in %.2f s", seconds);
        QVERIFY2(seconds < 30, "the de-duplication of exclusions is not linear");
    }

    void nodeExclusionsCostTheirHostOnly() {
        // 8k live executors on 8k hosts and 100k node exclusion lines: replaying each over every
        // executor (as Spark's listener does) is 8e8 host comparisons, over 20 s here.
        std::string text(test::kLogStart);
        text.reserve(size_t(16) << 20);
        constexpr int kExecutors = 8000;
        for (int i = 0; i < kExecutors; ++i) text += executorOnHostLine(i);
        for (int i = 0; i < 50000; ++i) {
            const std::string host = "h" + std::to_string(i % kExecutors);
            text += nodeLine("Excluded", 2000 + i, host) + nodeLine("Unexcluded", 2000 + i, host);
        }
        // The last one stays excluded: its executor, and only it, is marked.
        text += nodeLine("Excluded", 999999, "h7");
        const fs::path p = write("node-excluded.json", text);
        const auto t0 = std::chrono::steady_clock::now();
        LoadResult r = loadEventLog(p);
        const double seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        QVERIFY(r.model);
        const auto& executors = r.model->status.executors;
        QCOMPARE(executors.size(), size_t(kExecutors));
        for (const auto& [id, e] : executors) QCOMPARE(e.isExcluded, id == "7");
        qInfo("%d executors, 100k node exclusion lines loaded in %.2f s", kExecutors, seconds);
        QVERIFY2(seconds < 10, "a node exclusion is replayed over every executor");
    }
};

QTEST_GUILESS_MAIN(HostileArchives)
#include "tst_hostile_archives.moc"
