#include "net/HistoryServerDownload.h"

#include <httplib.h>
#include <netdb.h>
#include <simdjson.h>

#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <vector>

#include "io/ZipArchive.h"

namespace stagelight::net {
namespace fs = std::filesystem;

namespace {

bool digits(std::string_view s) {
    if (s.empty()) return false;
    for (char c : s)
        if (!std::isdigit(static_cast<unsigned char>(c))) return false;
    return true;
}

std::string env(const char* name) {
    const char* v = std::getenv(name);
    return v ? std::string(v) : std::string();
}

// A file name for the cache, with nothing but safe characters.
std::string safeName(std::string_view text) {
    std::string out;
    for (char c : text)
        out += std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.' ? c : '_';
    return out.empty() ? std::string("app") : out;
}

fs::path defaultCacheDir() {
    if (const std::string xdg = env("XDG_CACHE_HOME"); !xdg.empty()) return fs::path(xdg) / "stagelight";
    if (const std::string home = env("HOME"); !home.empty())
        return fs::path(home) / ".cache" / "stagelight";
    return fs::temp_directory_path() / "stagelight";
}

// The proxy for this origin from HTTPS_PROXY / HTTP_PROXY (lower case too), unless NO_PROXY
// names the host.
void applyProxy(httplib::Client& client, bool https, const std::string& host) {
    const std::string noProxy = !env("NO_PROXY").empty() ? env("NO_PROXY") : env("no_proxy");
    size_t from = 0;
    while (from <= noProxy.size()) {
        const size_t comma = std::min(noProxy.find(',', from), noProxy.size());
        std::string entry = noProxy.substr(from, comma - from);
        while (!entry.empty() && entry.front() == ' ') entry.erase(0, 1);
        if (!entry.empty() && entry.front() == '.') entry.erase(0, 1);
        if (entry == "*" || (!entry.empty() && (host == entry || (host.size() > entry.size() &&
                                                                  host.ends_with("." + entry)))))
            return;
        from = comma + 1;
    }
    std::string proxy = https ? (!env("HTTPS_PROXY").empty() ? env("HTTPS_PROXY") : env("https_proxy"))
                              : (!env("HTTP_PROXY").empty() ? env("HTTP_PROXY") : env("http_proxy"));
    if (proxy.empty()) return;
    if (const size_t scheme = proxy.find("://"); scheme != std::string::npos) proxy.erase(0, scheme + 3);
    if (const size_t at = proxy.rfind('@'); at != std::string::npos) {
        const std::string credentials = proxy.substr(0, at);
        const size_t colon = credentials.find(':');
        client.set_proxy_basic_auth(credentials.substr(0, colon),
                                    colon == std::string::npos ? "" : credentials.substr(colon + 1));
        proxy.erase(0, at + 1);
    }
    if (!proxy.empty() && proxy.back() == '/') proxy.pop_back();
    const size_t colon = proxy.rfind(':');
    const int port = colon == std::string::npos ? 80 : std::atoi(proxy.c_str() + colon + 1);
    client.set_proxy(proxy.substr(0, colon), port > 0 ? port : 80);
}

}  // namespace

bool looksLikeUrl(std::string_view text) {
    return text.starts_with("http://") || text.starts_with("https://");
}

std::string HistoryServerUrl::logsPath() const {
    return prefix + "/api/v1/applications/" + appId + (attemptId.empty() ? "" : "/" + attemptId) +
           "/logs";
}

std::optional<HistoryServerUrl> parseHistoryServerUrl(std::string_view url, std::string& error) {
    if (!looksLikeUrl(url)) {
        error = std::string(url) + ": not an http:// or https:// URL";
        return std::nullopt;
    }
    const size_t hostStart = url.find("://") + 3;
    const size_t pathStart = std::min(url.find('/', hostStart), url.size());
    HistoryServerUrl out;
    out.origin = std::string(url.substr(0, pathStart));
    std::string_view path = url.substr(pathStart);
    if (const size_t q = path.find_first_of("?#"); q != std::string_view::npos) path = path.substr(0, q);
    std::vector<std::string> seg;
    for (size_t at = 0; at < path.size();) {
        const size_t slash = std::min(path.find('/', at), path.size());
        if (slash > at) seg.emplace_back(path.substr(at, slash - at));
        at = slash + 1;
    }
    // .../history/APP[/ATTEMPT]/... or .../api/v1/applications/APP[/ATTEMPT]/...
    for (size_t i = 0; i < seg.size(); ++i) {
        size_t app = 0;
        if (seg[i] == "history" && i + 1 < seg.size())
            app = i + 1;
        else if (seg[i] == "api" && i + 3 < seg.size() && seg[i + 1] == "v1" &&
                 seg[i + 2] == "applications")
            app = i + 3;
        else
            continue;
        for (size_t k = 0; k < i; ++k) out.prefix += "/" + seg[k];
        out.appId = seg[app];
        if (app + 1 < seg.size() && digits(seg[app + 1])) out.attemptId = seg[app + 1];
        return out;
    }
    error = std::string(url) +
            ": not a History Server application URL (…/history/APP_ID/ or "
            "…/api/v1/applications/APP_ID)";
    return std::nullopt;
}

DownloadResult downloadEventLogs(std::string_view url, const DownloadOptions& options) {
    DownloadResult result;
    std::string error;
    const auto where = parseHistoryServerUrl(url, error);
    if (!where) {
        result.error = error;
        return result;
    }
    httplib::Client client(where->origin);
    if (!client.is_valid()) {
        result.error = where->origin + ": cannot connect (unsupported address)";
        return result;
    }
    const bool https = where->origin.starts_with("https://");
    const std::string host = where->origin.substr(where->origin.find("://") + 3);
    client.set_follow_location(true);
    client.set_connection_timeout(15, 0);
    client.set_read_timeout(120, 0);
    if (https) {
        if (const std::string ca = env("STAGELIGHT_CA_BUNDLE"); !ca.empty()) client.set_ca_cert_path(ca);
        client.enable_server_certificate_verification(env("STAGELIGHT_INSECURE_TLS") != "1");
    }
    if (const std::string token = env("STAGELIGHT_HS_TOKEN"); !token.empty())
        client.set_bearer_token_auth(token);
    else if (const std::string user = env("STAGELIGHT_HS_USER"); !user.empty())
        client.set_basic_auth(user, env("STAGELIGHT_HS_PASSWORD"));
    applyProxy(client, https, host.substr(0, host.rfind(':') == std::string::npos ? host.size() : host.rfind(':')));

    // An application with attempts and none named: the latest attempt, as the History Server's
    // UI opens it (its logs endpoint would zip every attempt, several logs never merged).
    HistoryServerUrl app = *where;
    if (app.attemptId.empty())
        if (auto info = client.Get(app.prefix + "/api/v1/applications/" + app.appId);
            info && info->status == 200) {
            simdjson::dom::parser parser;
            simdjson::dom::element listed;
            simdjson::dom::array attempts;
            std::string_view id;
            if (parser.parse(info->body).get(listed) == simdjson::SUCCESS &&
                listed["attempts"].get_array().get(attempts) == simdjson::SUCCESS &&
                attempts.size() > 0 &&
                attempts.at(0)["attemptId"].get_string().get(id) == simdjson::SUCCESS)
                app.attemptId = std::string(id);  // the History Server lists the newest first
        }
    const fs::path dir = options.cacheDir.empty() ? defaultCacheDir() : options.cacheDir;
    std::error_code ec;
    fs::create_directories(dir, ec);
    const std::string name =
        safeName(app.appId + (app.attemptId.empty() ? "" : "-" + app.attemptId));
    const fs::path target = dir / (name + ".zip"), partial = dir / (name + ".zip.part");
    std::ofstream out(partial, std::ios::binary | std::ios::trunc);
    if (!out) {
        result.error = partial.string() + ": cannot be written";
        return result;
    }
    int status = 0;
    std::string errorBody;
    uint64_t received = 0, declared = 0;
    auto res = client.Get(
        app.logsPath(),
        [&](const httplib::Response& r) {
            status = r.status;
            if (r.has_header("Content-Length"))
                declared = std::strtoull(r.get_header_value("Content-Length").c_str(), nullptr, 10);
            return true;
        },
        [&](const char* data, size_t length) {
            if (status != 200) {  // an error's text, for the message
                if (errorBody.size() < 500) errorBody.append(data, std::min<size_t>(length, 500));
                return true;
            }
            out.write(data, std::streamsize(length));
            received += length;
            return bool(out);
        },
        [&](uint64_t done, uint64_t total) {
            if (options.progress && !options.progress(done, total)) {
                result.cancelled = true;
                return false;
            }
            return true;
        });
    out.close();
    const std::string from = app.origin + app.logsPath();
    auto fail = [&](std::string message) {
        fs::remove(partial, ec);
        result.error = from + ": " + std::move(message);
        return result;
    };
    if (result.cancelled) return fail("download cancelled");
    if (!res) {
        if (res.error() == httplib::Error::Connection) {
            // Which of the two it was: a name that does not resolve, or nobody answering.
            const std::string name = host.substr(0, host.rfind(':') == std::string::npos ? host.size() : host.rfind(':'));
            addrinfo* found = nullptr;
            const bool resolves = getaddrinfo(name.c_str(), nullptr, nullptr, &found) == 0;
            if (found) freeaddrinfo(found);
            return fail(resolves ? "cannot connect to " + host + " (connection refused or no route)"
                                 : "cannot resolve the host name " + name);
        }
        return fail("download failed (" + httplib::to_string(res.error()) + " error)");
    }
    if (status != 200) {
        // One line: the server's message, unless it is an HTML page.
        std::string said;
        if (errorBody.find('<') != 0)
            for (char c : errorBody.substr(0, 200)) said += c == '\n' || c == '\r' || c == '\t' ? ' ' : c;
        while (!said.empty() && said.back() == ' ') said.pop_back();
        return fail("the History Server answered " + std::to_string(status) +
                    (said.empty() ? "" : ": " + said));
    }
    if (declared > 0 && received != declared)
        return fail("download cut off after " + std::to_string(received) + " of " +
                    std::to_string(declared) + " bytes");
    const auto entries = listZipEntries(partial);
    if (const auto* bad = std::get_if<std::string>(&entries))
        return fail("the download is not a zip of event logs (" + *bad + ")");
    fs::rename(partial, target, ec);
    if (ec) return fail("cannot save " + target.string() + ": " + ec.message());
    result.file = target;
    return result;
}

}  // namespace stagelight::net
