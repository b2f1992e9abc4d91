// The logs download's zip (io/ZipWriter, issue 20): what it writes the reader lists and the
// loader reads back, with and without the ZIP64 records a log past 4 GiB needs; a file that
// cannot be read and a receiver that stops are errors, not a truncated archive said to be whole.
#include <QtTest>

#include <filesystem>

#include "LogGenerator.h"
#include "TestSupport.h"
#include "io/ZipArchive.h"
#include "io/ZipWriter.h"
#include "load/Loader.h"
#include "report/Summary.h"

using namespace stagelight;
namespace fs = std::filesystem;

class ZipWriterTest : public QObject {
    Q_OBJECT
    QTemporaryDir tmp_;
    fs::path dir() const { return tmp_.path().toStdString(); }

private Q_SLOTS:
    void roundTrips_data() {
        QTest::addColumn<bool>("zip64");
        QTest::newRow("zip") << false;
        QTest::newRow("zip64") << true;
    }
    void roundTrips() {
        QFETCH(bool, zip64);
        const std::string text = gen::generateLogText(gen::makeScenario("skew"));
        const fs::path log = dir() / "app-1.lz4";
        test::writeFile(log, gen::frame(Codec::Lz4, text));
        std::string zip, error;
        QVERIFY(writeZip({{"app-1.lz4", log}},
                         [&](std::string_view b) {
                             zip.append(b);
                             return true;
                         },
                         error, zip64));
        QVERIFY(error.empty());
        const fs::path file = dir() / (zip64 ? "logs64.zip" : "logs.zip");
        test::writeFile(file, zip);
        const auto listed = listZipEntries(file);
        QVERIFY2(std::holds_alternative<std::vector<ZipEntry>>(listed),
                 std::get_if<std::string>(&listed) ? std::get<std::string>(listed).c_str() : "");
        const auto& entries = std::get<std::vector<ZipEntry>>(listed);
        QCOMPARE(entries.size(), size_t(1));
        QCOMPARE(entries[0].name, std::string("app-1.lz4"));
        QCOMPARE(entries[0].uncompressedSize, uint64_t(fs::file_size(log)));
        LoadResult original = loadEventLog(log), back = loadEventLog(file);
        QVERIFY2(back.model, back.error.c_str());
        QCOMPARE(summarize(*back.model).counts.tasks, summarize(*original.model).counts.tasks);
        QVERIFY(back.model->report.warnings.empty());
    }

    void aRollingLogKeepsItsDirectory() {
        const fs::path rolling = dir() / "eventlog_v2_app-2";
        fs::create_directories(rolling);
        const std::string text = gen::generateLogText(gen::makeScenario("healthy"));
        const size_t half = text.find('\n', text.size() / 2) + 1;
        test::writeFile(rolling / "events_1_app-2", text.substr(0, half));
        test::writeFile(rolling / "events_2_app-2", text.substr(half));
        test::writeFile(rolling / "appstatus_app-2", "");
        std::string zip, error;
        QVERIFY(writeZip({{"eventlog_v2_app-2/", {}},
                          {"eventlog_v2_app-2/events_1_app-2", rolling / "events_1_app-2"},
                          {"eventlog_v2_app-2/events_2_app-2", rolling / "events_2_app-2"}},
                         [&](std::string_view b) {
                             zip.append(b);
                             return true;
                         },
                         error));
        const fs::path file = dir() / "rolling.zip";
        test::writeFile(file, zip);
        LoadResult back = loadEventLog(file);
        QVERIFY2(back.model, back.error.c_str());
        QCOMPARE(back.model->tasks.size(), loadEventLog(rolling).model->tasks.size());
    }

    void failuresAreErrors() {
        std::string error;
        QVERIFY(!writeZip({{"missing", dir() / "does-not-exist"}},
                          [](std::string_view) { return true; }, error));
        QVERIFY(error.find("cannot be read") != std::string::npos);
        const fs::path log = dir() / "small";
        test::writeFile(log, std::string(3000, 'x'));
        error.clear();
        int calls = 0;
        QVERIFY(!writeZip({{"small", log}}, [&](std::string_view) { return ++calls < 2; }, error));
        QVERIFY(!error.empty());
    }
};

QTEST_GUILESS_MAIN(ZipWriterTest)
#include "tst_zip_writer.moc"
