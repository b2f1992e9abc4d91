// Opening an application from a History Server URL (issue 20 §4), against a History Server
// stand-in on loopback: the logs come through …/api/v1/applications/ID[/ATTEMPT]/logs, under
// a path prefix too; a redirect is followed; a server error, a cut-off download, a refused
// token and a cancel are clear errors that leave nothing behind; the command line and the
// window open what was downloaded.
#include <httplib.h>

#include <QProcess>
#include <QSettings>
#include <QStandardPaths>
#include <QtTest>

#include <filesystem>
#include <thread>

#include "LogGenerator.h"
#include "TestSupport.h"
#include "gui/MainWindow.h"
#include "gui/UrlOpener.h"
#include "io/ZipWriter.h"
#include "load/Loader.h"
#include "net/HistoryServerDownload.h"

using namespace stagelight;
namespace fs = std::filesystem;

class Download : public QObject {
    Q_OBJECT
    QTemporaryDir tmp_;
    httplib::Server server_;
    std::thread thread_;
    int port_ = 0;
    std::string zip_;
    fs::path dir() const { return tmp_.path().toStdString(); }
    std::string base() const { return "http://127.0.0.1:" + std::to_string(port_); }

private Q_SLOTS:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        auto config = gen::makeScenario("skew");
        config.appId = "app-1";
        const fs::path log = dir() / "app-1.zstd";
        test::writeFile(log, gen::frame(Codec::Zstd, gen::generateLogText(config)));
        std::string error;
        QVERIFY(writeZip({{"app-1.zstd", log}},
                         [&](std::string_view b) {
                             zip_.append(b);
                             return true;
                         },
                         error));
        auto logs = [this](const httplib::Request&, httplib::Response& res) {
            res.set_content(zip_, "application/octet-stream");
        };
        server_.Get("/api/v1/applications/app-1/logs", logs);
        server_.Get("/api/v1/applications/app-1/2/logs", logs);
        server_.Get("/sparkhistory/api/v1/applications/app-1/logs", logs);
        server_.Get("/api/v1/applications/app-err/logs", [](const httplib::Request&, httplib::Response& res) {
            res.status = 500;
            res.set_content("{\"status\":500,\"message\":\"boom\"}", "application/json");
        });
        server_.Get("/api/v1/applications/app-moved/logs", [](const httplib::Request&, httplib::Response& res) {
            res.set_redirect("/api/v1/applications/app-1/logs");
        });
        server_.Get("/api/v1/applications/app-auth/logs",
                    [logs](const httplib::Request& req, httplib::Response& res) {
                        if (req.get_header_value("Authorization") != "Bearer s3cret") {
                            res.status = 401;
                            res.set_content("{\"message\":\"unauthorized\"}", "application/json");
                            return;
                        }
                        logs(req, res);
                    });
        // Says how long it is, then stops half way.
        server_.Get("/api/v1/applications/app-cut/logs", [this](const httplib::Request&, httplib::Response& res) {
            res.set_content_provider(zip_.size(), "application/octet-stream",
                                     [this](size_t offset, size_t, httplib::DataSink& sink) {
                                         if (offset >= zip_.size() / 2) return false;
                                         sink.write(zip_.data(), zip_.size() / 2);
                                         return true;
                                     });
        });
        port_ = server_.bind_to_any_port("127.0.0.1");
        QVERIFY(port_ > 0);
        thread_ = std::thread([this] { server_.listen_after_bind(); });
    }
    void cleanupTestCase() {
        server_.stop();
        if (thread_.joinable()) thread_.join();
    }

    void readsTheHistoryServersAddresses() {
        std::string error;
        auto u = net::parseHistoryServerUrl("https://shs.example:18080/history/app-20240101-1/jobs/", error);
        QVERIFY(u);
        QCOMPARE(u->origin, std::string("https://shs.example:18080"));
        QCOMPARE(u->logsPath(), std::string("/api/v1/applications/app-20240101-1/logs"));
        u = net::parseHistoryServerUrl("http://h/proxy/shs/history/application_1_2/3/stages/?x=1", error);
        QVERIFY(u);
        QCOMPARE(u->logsPath(), std::string("/proxy/shs/api/v1/applications/application_1_2/3/logs"));
        u = net::parseHistoryServerUrl("http://h:1/api/v1/applications/app-9/jobs", error);
        QVERIFY(u);
        QCOMPARE(u->appId, std::string("app-9"));
        QVERIFY(u->attemptId.empty());
        QVERIFY(!net::parseHistoryServerUrl("http://h/some/page", error));
        QVERIFY(error.find("not a History Server application URL") != std::string::npos);
        QVERIFY(!net::parseHistoryServerUrl("ftp://h/history/a/", error));
    }

    void downloadsWhatTheServerGives() {
        net::DownloadOptions options;
        options.cacheDir = dir() / "cache";
        for (const std::string path : {"/history/app-1/", "/history/app-1/2/jobs/",
                                       "/sparkhistory/history/app-1/", "/history/app-moved/"}) {
            const auto r = net::downloadEventLogs(base() + path, options);
            QVERIFY2(r.error.empty(), r.error.c_str());
            LoadResult loaded = loadEventLog(r.file);
            QVERIFY2(loaded.model, loaded.error.c_str());
            QCOMPARE(loaded.model->application.id, std::string("app-1"));
        }
    }

    void failuresAreClearAndLeaveNothing() {
        net::DownloadOptions options;
        options.cacheDir = dir() / "failing";
        auto r = net::downloadEventLogs(base() + "/history/app-err/", options);
        QVERIFY2(r.error.find("answered 500") != std::string::npos && r.error.find("boom") != std::string::npos,
                 r.error.c_str());
        r = net::downloadEventLogs(base() + "/history/app-cut/", options);
        QVERIFY2(!r.error.empty() && r.file.empty(), r.error.c_str());
        r = net::downloadEventLogs(base() + "/history/app-auth/", options);
        QVERIFY2(r.error.find("401") != std::string::npos, r.error.c_str());
        qputenv("STAGELIGHT_HS_TOKEN", "s3cret");
        r = net::downloadEventLogs(base() + "/history/app-auth/", options);
        qunsetenv("STAGELIGHT_HS_TOKEN");
        QVERIFY2(r.error.empty(), r.error.c_str());
        options.progress = [](uint64_t, uint64_t) { return false; };
        r = net::downloadEventLogs(base() + "/history/app-1/", options);
        QVERIFY(r.cancelled);
        r = net::downloadEventLogs("http://127.0.0.1:1/history/app-1/", {});  // nobody listens
        QVERIFY2(r.error.find("cannot connect to 127.0.0.1:1") != std::string::npos, r.error.c_str());
        r = net::downloadEventLogs("http://no-such-host.invalid/history/app-1/", {});
        QVERIFY2(r.error.find("cannot resolve the host name no-such-host.invalid") != std::string::npos,
                 r.error.c_str());
        // Nothing half-written stays in the cache.
        for (const auto& e : fs::directory_iterator(options.cacheDir))
            QVERIFY2(e.path().extension() != ".part", e.path().c_str());
    }

    void theCommandLineOpensAUrl() {
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("XDG_CACHE_HOME"), QString::fromStdString((dir() / "xdg").string()));
        p.setProcessEnvironment(env);
        p.start(QStringLiteral(STAGELIGHT_EXECUTABLE),
                {QStringLiteral("summary"), QString::fromStdString(base() + "/history/app-1/"),
                 QStringLiteral("--json")});
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitCode(), 0);
        QVERIFY(p.readAllStandardOutput().contains("\"app-1\""));
        p.start(QStringLiteral(STAGELIGHT_EXECUTABLE),
                {QStringLiteral("analyze"), QString::fromStdString(base() + "/history/app-err/")});
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitCode(), 2);
        QVERIFY(p.readAllStandardError().contains("answered 500"));
    }

    void theWindowOpensAUrl() {
        QSettings().clear();
        MainWindow w;
        w.urlOpener()->setCacheDir(QString::fromStdString((dir() / "gui").string()));
        QSignalSpy analysed(&w, &MainWindow::analysisShown);
        QSignalSpy failed(&w, &MainWindow::loadFinishedWithError);
        w.show();
        w.openUrl(QString::fromStdString(base() + "/history/app-1/"));
        QVERIFY(analysed.wait(60000));
        QCOMPARE(w.currentModel()->application.id, std::string("app-1"));
        w.openUrl(QString::fromStdString(base() + "/history/app-err/"));
        QVERIFY(failed.wait(30000));
        QVERIFY(failed.first().first().toString().contains(QStringLiteral("500")));
        QCOMPARE(w.currentModel()->application.id, std::string("app-1"));  // still on screen
        QSettings().clear();
    }
};

QTEST_MAIN(Download)
#include "tst_download.moc"
