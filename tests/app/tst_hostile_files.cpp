// Hostile file systems: log directories (rolling, Databricks, legacy, a directory of logs) holding
// symlink loops, dangling links, unreadable entries, FIFOs and links to /dev/zero or
// /dev/urandom: never an exception or a hang, only regular files are read, and what is skipped is
// named. `report -o` onto a FIFO or a device writes into it and never replaces the node; the PDF
// path leaves no runtime directory behind.
#include <QtTest>

#include <fcntl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <atomic>
#include <fstream>
#include <thread>

#include "HostileRun.h"
#include "LogGenerator.h"
#include "TestSupport.h"
#include "load/Loader.h"
#include "load/LogListing.h"

using namespace stagelight;
namespace fs = std::filesystem;

namespace {

const std::string& healthyLog() {
    static const std::string text = gen::generateLogText(gen::makeScenario("healthy"));
    return text;
}

bool hasWarning(const EventLogModel& m, std::string_view needle) {
    for (const LoadWarning& w : m.report.warnings)
        if (w.message.find(needle) != std::string::npos) return true;
    return false;
}

QString qs(const fs::path& p) {
    return QString::fromStdString(p.string());
}

}  // namespace

class HostileFiles : public QObject {
    Q_OBJECT
    QTemporaryDir tmp_;
    fs::path dir(const std::string& name) {
        const fs::path d = fs::path(tmp_.path().toStdString()) / name;
        fs::create_directories(d);
        return d;
    }
    // The three layouts that read several parts, each with a good first part and `extra`
    // called to add a hostile entry named as a later part.
    std::vector<std::pair<fs::path, std::string>> layouts(
        const std::string& tag, const std::function<void(const fs::path&)>& extra) {
        const fs::path rolling = dir(tag + "/eventlog_v2_app-1");
        test::writeFile(rolling / "events_1_app-1", healthyLog());
        test::writeFile(rolling / "appstatus_app-1", "");
        extra(rolling / "events_2_app-1");
        const fs::path databricks = dir(tag + "/databricks");
        test::writeFile(databricks / "eventlog-2026-01-01--12-00", healthyLog());
        extra(databricks / "eventlog");
        const fs::path legacy = dir(tag + "/app-legacy");
        test::writeFile(legacy / "EVENT_LOG_1", healthyLog());
        test::writeFile(legacy / "APPLICATION_COMPLETE", "");
        extra(legacy / "EVENT_LOG_2");
        return {{rolling, "events_2_app-1"}, {databricks, "eventlog"}, {legacy, "EVENT_LOG_2"}};
    }

private Q_SLOTS:
    void symlinkLoopsAreReportedNotThrown() {
        auto loop = [](const fs::path& p) {
            fs::create_symlink(p.filename().string() + ".b", p);  // p -> p.b -> p
            fs::create_symlink(p.filename(), p.string() + ".b");
        };
        for (const auto& [layout, entry] : layouts("loops", loop)) {
            LoadResult r;
            try {
                r = loadEventLog(layout);
            } catch (const std::exception& e) {
                QFAIL(e.what());
            }
            QVERIFY2(r.model, r.error.c_str());
            QVERIFY(r.model->report.events > 0);  // the good part is read
            QVERIFY2(hasWarning(*r.model, entry), entry.c_str());
            QVERIFY(hasWarning(*r.model, "not a regular file; skipped"));
            const test::CliRun cli = test::runCli({QStringLiteral("summary"), qs(layout)});
            QVERIFY(cli.finishedNormally());
            QCOMPARE(cli.exitCode, 0);
            QVERIFY(cli.err.contains(QByteArray::fromStdString(entry)));
        }
        // A directory of logs (the History Server's) with a loop, a dangling link and a log:
        // the GUI's listing and every CLI command name the entry instead of aborting.
        const fs::path logs = dir("loops/history");
        test::writeFile(logs / "app-1", healthyLog());
        test::writeFile(logs / "app-2", healthyLog());
        fs::create_symlink("loop-b", logs / "loop-a");
        fs::create_symlink("loop-a", logs / "loop-b");
        fs::create_symlink("nowhere", logs / "dangling");
        try {
            QVERIFY(isDirectoryOfLogs(logs));
            const std::vector<LogSummary> listed = listEventLogs(logs);
            QCOMPARE(listed.size(), size_t(5));  // two logs; the loops and the dangling link named
            QVERIFY(std::any_of(listed.begin(), listed.end(), [](const LogSummary& l) {
                return l.path.filename() == "loop-a" && !l.error.empty();
            }));
            QCOMPARE(loadEventLogDirectory(logs).size(), size_t(5));
        } catch (const std::exception& e) {
            QFAIL(e.what());
        }
        for (const QStringList& args :
             {QStringList{QStringLiteral("summary"), qs(logs)},
              QStringList{QStringLiteral("analyze"), qs(logs)},
              QStringList{QStringLiteral("report"), qs(logs), QStringLiteral("--format"),
                          QStringLiteral("md")}}) {
            const test::CliRun cli = test::runCli(args);
            QVERIFY2(cli.finishedNormally(), qPrintable(args.first()));
            QCOMPARE(cli.exitCode, 2);  // several logs: pick one
            QVERIFY(cli.err.contains("separate event logs"));
        }
        const test::CliRun rest =
            test::runCli({QStringLiteral("rest"), qs(logs), QStringLiteral("applications")});
        QVERIFY(rest.finishedNormally());
        QCOMPARE(rest.exitCode, 0);
        QVERIFY(rest.err.contains("loop-a"));
        // Only a loop in the directory: a one-line error naming it.
        const fs::path only = dir("loops/only");
        fs::create_symlink("self", only / "self");
        const test::CliRun alone = test::runCli({QStringLiteral("summary"), qs(only)});
        QVERIFY(alone.finishedNormally());
        QCOMPARE(alone.exitCode, 2);
        QVERIFY(alone.err.contains("self"));
        const test::CliRun direct = test::runCli({QStringLiteral("analyze"), qs(only / "self")});
        QVERIFY(direct.finishedNormally());
        QCOMPARE(direct.exitCode, 2);
    }

    void unreadableEntriesAreReported() {
        if (::geteuid() == 0) QSKIP("root reads every entry; permission errors need a user");
        const fs::path logs = dir("noperm/history");
        test::writeFile(logs / "app-1", healthyLog());
        const fs::path locked = dir("noperm/history/locked");
        test::writeFile(locked / "app-2", healthyLog());
        fs::permissions(locked, fs::perms::owner_read);  // listable, not searchable
        try {
            (void)listEventLogs(logs);
            (void)loadEventLog(locked);
        } catch (const std::exception& e) {
            fs::permissions(locked, fs::perms::owner_all);
            QFAIL(e.what());
        }
        const test::CliRun cli = test::runCli({QStringLiteral("summary"), qs(locked)});
        fs::permissions(locked, fs::perms::owner_all);
        QVERIFY(cli.finishedNormally());
        QCOMPARE(cli.exitCode, 2);
    }

    void onlyRegularFilesAreRead() {
        // A FIFO blocks a reader forever; links to /dev/zero or /dev/urandom never end. Each
        // layout gets each of them once.
        for (int round = 0; round < 3; ++round) {
            int part = 0;
            auto special = [&](const fs::path& p) {
                switch ((part++ + round) % 3) {
                    case 0:
                        QCOMPARE(::mkfifo(p.c_str(), 0600), 0);
                        break;
                    case 1:
                        fs::create_symlink("/dev/zero", p);
                        break;
                    default:
                        fs::create_symlink("/dev/urandom", p);
                }
            };
            for (const auto& [layout, entry] :
                 layouts("special" + std::to_string(round), special)) {
                const test::CliRun cli =
                    test::runCli({QStringLiteral("summary"), qs(layout)}, 20000);
                QVERIFY2(!cli.timedOut, qPrintable(qs(layout / entry)));
                QCOMPARE(cli.exitCode, 0);
                QVERIFY2(cli.err.contains("not a regular file; skipped"), cli.err.constData());
                QVERIFY(cli.err.contains(QByteArray::fromStdString(entry)));
                QVERIFY(cli.seconds < 15);
            }
        }
        // A directory of logs (rest's History Server directory): the log is read, each
        // special entry named.
        const fs::path history = dir("special-history");
        test::writeFile(history / "app-1", healthyLog());
        QCOMPARE(::mkfifo((history / "app-fifo").c_str(), 0600), 0);
        fs::create_symlink("/dev/zero", history / "app-zero");
        fs::create_symlink("/dev/urandom", history / "app-random");
        const test::CliRun rest = test::runCli(
            {QStringLiteral("rest"), qs(history), QStringLiteral("applications")}, 20000);
        QVERIFY(!rest.timedOut);
        QCOMPARE(rest.exitCode, 0);
        for (const char* name : {"app-fifo", "app-zero", "app-random"})
            QVERIFY2(rest.err.contains(name), name);
        QCOMPARE(listEventLogs(history).size(), size_t(4));
        // The path itself: refused in one line, not read.
        const fs::path fifo = dir("special-direct") / "fifo";
        QCOMPARE(::mkfifo(fifo.c_str(), 0600), 0);
        for (const fs::path& p : {fifo, fs::path("/dev/zero")}) {
            const test::CliRun cli = test::runCli({QStringLiteral("analyze"), qs(p)}, 20000);
            QVERIFY(!cli.timedOut);
            QCOMPARE(cli.exitCode, 2);
            QVERIFY(cli.err.contains("not a regular file"));
        }
    }

    void reportIntoAFifoOrDeviceKeepsTheNode() {
        const fs::path log = dir("report") / "app.json";
        test::writeFile(log, healthyLog());
        const fs::path fifo = dir("report") / "out.fifo";
        QCOMPARE(::mkfifo(fifo.c_str(), 0600), 0);
        for (const char* format : {"md", "pdf"}) {
            std::string received;
            std::atomic<bool> done = false;
            std::thread reader([&] {
                std::ifstream in(fifo, std::ios::binary);
                received.assign(std::istreambuf_iterator<char>(in), {});
                done = true;
            });
            const test::CliRun cli =
                test::runCli({QStringLiteral("report"), qs(log), QStringLiteral("-o"), qs(fifo),
                              QStringLiteral("--format"), QLatin1String(format)},
                             60000);
            // A reader still waiting (the report never opened the FIFO) gets its end of file.
            while (!done) {
                if (const int fd = ::open(fifo.c_str(), O_WRONLY | O_NONBLOCK); fd >= 0)
                    ::close(fd);
                std::this_thread::sleep_for(std::chrono::milliseconds(10));
            }
            reader.join();
            QVERIFY(cli.finishedNormally());
            QCOMPARE(cli.exitCode, 0);
            struct stat st {};
            QCOMPARE(::lstat(fifo.c_str(), &st), 0);
            QVERIFY2(S_ISFIFO(st.st_mode), "the FIFO was replaced by a regular file");
            QVERIFY(
                received.starts_with(std::string(format) == "md" ? "# Stagelight report" : "%PDF"));
        }
        // A character device: /dev/null (or, as root, a private node of it, so a failure never
        // touches the system's).
        fs::path null = "/dev/null";
        const fs::path own = dir("report") / "null";
        if (::geteuid() == 0 && ::mknod(own.c_str(), S_IFCHR | 0666, makedev(1, 3)) == 0)
            null = own;
        const test::CliRun cli = test::runCli(
            {QStringLiteral("report"), qs(log), QStringLiteral("-o"), qs(null)}, 60000);
        QVERIFY(cli.finishedNormally());
        QCOMPARE(cli.exitCode, 0);
        struct stat st {};
        QCOMPARE(::lstat(null.c_str(), &st), 0);
        QVERIFY(S_ISCHR(st.st_mode));
        // A directory is refused with a message naming it.
        const test::CliRun intoDir = test::runCli(
            {QStringLiteral("report"), qs(log), QStringLiteral("-o"), qs(dir("report/adir")),
             QStringLiteral("--format"), QStringLiteral("md")});
        QCOMPARE(intoDir.exitCode, 2);
        QVERIFY(intoDir.err.contains("adir"));
        QVERIFY(fs::is_directory(dir("report/adir")));
    }

    void pdfLeavesNoRuntimeDirectory() {
        const fs::path log = dir("runtime") / "app.json";
        test::writeFile(log, healthyLog());
        const fs::path scratch = dir("runtime/tmp");
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.remove(QStringLiteral("XDG_RUNTIME_DIR"));
        env.remove(QStringLiteral("QT_QPA_PLATFORM"));
        env.remove(QStringLiteral("DISPLAY"));
        env.remove(QStringLiteral("WAYLAND_DISPLAY"));
        env.insert(QStringLiteral("TMPDIR"), qs(scratch));
        const fs::path out = dir("runtime") / "report.pdf";
        const test::CliRun cli = test::runCli(
            {QStringLiteral("report"), qs(log), QStringLiteral("-o"), qs(out)}, 60000, env);
        QVERIFY(cli.finishedNormally());
        QCOMPARE(cli.exitCode, 0);
        QVERIFY(fs::file_size(out) > 1000);
        QVERIFY2(fs::is_empty(scratch), "report left a directory in TMPDIR");
    }
};

QTEST_GUILESS_MAIN(HostileFiles)
#include "tst_hostile_files.moc"
