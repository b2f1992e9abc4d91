#include "cli/ServeCommand.h"

#include <httplib.h>
#include <signal.h>
#include <sys/socket.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

#include "cli/SummaryCommand.h"
#include "history/HistoryCatalog.h"
#include "text/JsonWriter.h"

namespace stagelight::cli {
namespace {

// Errors as JSON, with the History Server's status codes.
void jsonError(httplib::Response& res, int status, const std::string& message) {
    JsonWriter w(false);
    w.beginObject().field("status", int64_t(status)).field("message", message).endObject();
    res.status = status;
    res.set_content(w.str() + "\n", "application/json");
}

// The query string again (httplib hands it over decoded, as parameters).
std::string queryOf(const httplib::Request& req) {
    std::string q;
    for (const auto& [key, value] : req.params) q += (q.empty() ? "?" : "&") + key + "=" + value;
    return q;
}

bool isLoopback(const std::string& host) {
    return host == "127.0.0.1" || host == "localhost" || host == "::1" ||
           host.rfind("127.", 0) == 0;
}

struct Args {
    std::vector<std::filesystem::path> roots;
    int port = 18080;
    std::string bind = "127.0.0.1";
    uint64_t cacheMb = 1024;
};

bool parse(std::span<const std::string_view> args, Args& out) {
    for (size_t i = 0; i < args.size(); ++i) {
        const std::string_view a = args[i];
        auto number = [&](long min, long max, long& value) {
            if (i + 1 >= args.size()) return false;
            const std::string text(args[++i]);
            char* end = nullptr;
            value = std::strtol(text.c_str(), &end, 10);
            return end != text.c_str() && *end == '\0' && value >= min && value <= max;
        };
        long value = 0;
        if (a == "--port") {
            if (!number(0, 65535, value)) return false;
            out.port = int(value);
        } else if (a == "--bind" && i + 1 < args.size()) {
            out.bind = std::string(args[++i]);
        } else if (a == "--cache-mb") {
            if (!number(1, 1 << 24, value)) return false;
            out.cacheMb = uint64_t(value);
        } else if (!a.empty() && a[0] == '-') {
            return false;
        } else {
            out.roots.emplace_back(a);
        }
    }
    return !out.roots.empty();
}

}  // namespace

int runServe(std::span<const std::string_view> args) {
    Args a;
    if (!parse(args, a)) {
        std::fprintf(stderr,
                     "usage: stagelight serve DIR | LOG... [--port 18080] [--bind 127.0.0.1] "
                     "[--cache-mb 1024]\n");
        return kUsage;
    }
    for (const auto& root : a.roots) {
        std::error_code ec;
        if (!std::filesystem::exists(root, ec)) {
            printError(root.string() + ": no such file or directory");
            return kUnreadable;
        }
    }
    // Ctrl+C and SIGTERM stop the server cleanly: they go to one waiting thread, not to
    // whichever thread is serving.
    sigset_t stopSignals;
    sigemptyset(&stopSignals);
    sigaddset(&stopSignals, SIGINT);
    sigaddset(&stopSignals, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &stopSignals, nullptr);

    HistoryCatalog::Options options;
    options.cacheBytes = a.cacheMb << 20;
    HistoryCatalog catalog(a.roots, options);
    for (const std::string& bad : catalog.unreadableLogs()) printError("warning: " + bad);

    httplib::Server server;
    server.new_task_queue = [] { return new httplib::ThreadPool(8); };
    // Not SO_REUSEPORT (httplib's default): a second server on a port in use must fail, not
    // silently take half of its requests.
    server.set_socket_options([](socket_t sock) {
        int yes = 1;
        setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
    });
    server.set_keep_alive_timeout(1);  // an idle client holds a thread (and a stop) this long
    // Browser clients (dashboards, notebooks) may call from any origin: the API is read-only.
    server.set_default_headers({{"Access-Control-Allow-Origin", "*"}});
    server.Options(R"(.*)", [](const httplib::Request&, httplib::Response& res) {
        res.set_header("Access-Control-Allow-Methods", "GET, HEAD, OPTIONS");
        res.set_header("Access-Control-Allow-Headers", "*");
        res.status = 204;
    });
    auto zipLogs = [&catalog](const httplib::Request& req, httplib::Response& res) {
        const std::string app = req.matches[1], attempt = req.matches.size() > 2 ? req.matches[2].str() : "";
        auto files = catalog.logFiles(app, attempt);
        if (!files) return jsonError(res, 404, "unknown app: " + app + (attempt.empty() ? "" : "/" + attempt));
        res.set_header("Content-Disposition", "attachment; filename=\"eventLogs-" + app +
                                                  (attempt.empty() ? "" : "-" + attempt) +
                                                  ".zip\"");
        res.set_chunked_content_provider(
            "application/octet-stream",
            [files = std::move(*files)](size_t, httplib::DataSink& sink) {
                std::string error;
                const bool ok = writeZip(
                    files, [&](std::string_view b) { return sink.write(b.data(), b.size()); },
                    error);
                if (ok) sink.done();
                return ok;
            });
    };
    server.Get(R"(/api/v1/applications/([^/]+)/logs)", zipLogs);
    server.Get(R"(/api/v1/applications/([^/]+)/([^/]+)/logs)", zipLogs);
    server.Get(R"(/api/v1/.*)", [&catalog](const httplib::Request& req, httplib::Response& res) {
        const RestResponse answer = catalog.query(req.path + queryOf(req));
        if (answer.status != 200) return jsonError(res, answer.status, answer.body);
        res.set_content(answer.body, "application/json");
    });
    server.Get("/", [](const httplib::Request&, httplib::Response& res) {
        res.set_content(
            "Stagelight: the Spark History Server's REST API v1 at /api/v1/ "
            "(applications, jobs, stages, tasks, executors, storage, environment, sql, logs)\n",
            "text/plain");
    });
    // Read-only: every other method is refused as the History Server (Jersey) refuses it.
    auto notAllowed = [](const httplib::Request&, httplib::Response& res) {
        res.set_header("Allow", "GET, HEAD, OPTIONS");
        jsonError(res, 405, "the History Server's API is read-only: GET, HEAD or OPTIONS");
    };
    server.Post(R"(.*)", notAllowed);
    server.Put(R"(.*)", notAllowed);
    server.Patch(R"(.*)", notAllowed);
    server.Delete(R"(.*)", notAllowed);
    server.set_error_handler([](const httplib::Request& req, httplib::Response& res) {
        if (res.body.empty()) jsonError(res, res.status, "no such resource: " + req.path);
    });

    int port = a.port;
    if (port == 0)
        port = server.bind_to_any_port(a.bind);
    else if (!server.bind_to_port(a.bind, port))
        port = -1;
    if (port <= 0) {
        printError("cannot listen on " + a.bind + ":" + std::to_string(a.port));
        return kUnreadable;
    }
    if (!isLoopback(a.bind))
        printError("warning: listening on " + a.bind +
                   ": anyone who can reach this address can read these logs");
    const size_t apps = catalog.applicationCount();
    std::printf("stagelight serve: %zu application%s at http://%s:%d/api/v1/applications\n", apps,
                apps == 1 ? "" : "s", a.bind.c_str(), port);
    std::fflush(stdout);
    std::thread stopper([&] {
        int signal = 0;
        sigwait(&stopSignals, &signal);
        server.stop();
    });
    server.listen_after_bind();
    // Stopped by a signal: the waiting thread has returned. Stopped otherwise: release it.
    if (stopper.joinable()) {
        pthread_kill(stopper.native_handle(), SIGTERM);
        stopper.join();
    }
    return kOk;
}

}  // namespace stagelight::cli
