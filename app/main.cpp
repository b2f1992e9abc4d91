// stagelight: the desktop application when started without a subcommand, a command-line tool
// with one.
#include <cstdio>
#include <cstdlib>
#include <string_view>
#include <vector>

#include "cli/AnalyzeCommand.h"
#include "cli/CompareCommand.h"
#include "cli/ReportCommand.h"
#include "cli/ScanCommand.h"
#include "cli/ServeCommand.h"
#include "cli/RestCommand.h"
#include "cli/SummaryCommand.h"
#include "net/HistoryServerDownload.h"

namespace {
void printUsage() {
    std::puts(
        "usage: stagelight [LOG]                 open LOG (or the bundled demo log) in the desktop "
        "app\n"
        "       stagelight BASELINE TRIAL        open TRIAL compared with BASELINE in the desktop "
        "app\n"
        "       stagelight summary LOG [--json]  application, counts and stages by duration\n"
        "       stagelight analyze LOG [--json] [--rules FILE] [--fail-on critical|warning]\n"
        "                                        why the application was slow: findings by cost\n"
        "       stagelight compare BASELINE TRIAL [--json] [--max-regression-pct P]\n"
        "                                        two runs stage by stage (exit 3: a regression)\n"
        "       stagelight report LOG [-o FILE] [--format pdf|md|json] [--page a4|letter]\n"
        "                         [--rules FILE] [--baseline LOG]\n"
        "                                        the findings report (PDF by default), headless\n"
        "       stagelight rest LOG_OR_DIR API_PATH  the History Server REST answer (API_PATH "
        "after /api/v1/)\n"
        "       stagelight serve DIR | LOG... [--port 18080] [--bind 127.0.0.1] [--cache-mb 1024]\n"
        "                                        the History Server's REST API over HTTP\n"
        "       stagelight scan DIR [--jobs N] [--since YYYY-MM-DD] [--rules FILE]\n"
        "                                        every application analysed: a JSON line each\n"
        "       stagelight --help | --version\n"
        "\nLOG may also be a History Server application's URL (https://shs:18080/history/APP_ID/):\n"
        "its event logs are downloaded first (STAGELIGHT_HS_TOKEN or STAGELIGHT_HS_USER and\n"
        "STAGELIGHT_HS_PASSWORD authenticate; HTTPS_PROXY and NO_PROXY are followed).\n"
        "\nLOG is an event log file (plain, .inprogress, .zstd/.zst, .lz4, .snappy, .lzf, .gz) or "
        "a\n"
        "directory (rolling eventlog_v2_*, Databricks eventlog + eventlog-*.gz, legacy "
        "EVENT_LOG_1).\n"
        "Exit codes: 0 loaded, 1 usage error, 2 nothing could be read, 3 (analyze --fail-on) a\n"
        "finding at or above that severity, or (compare --max-regression-pct) a slower trial.\n"
        "Environment: STAGELIGHT_MAX_DECODED_BYTES (default 256G) and STAGELIGHT_MAX_LINE_BYTES\n"
        "(default 1G) bound what one log may decompress to and one line's length.\n"
        "--threads N (or STAGELIGHT_THREADS=N) decodes a log on N threads (default: every core);\n"
        "the result is the same for any N.\n"
        "Input files are only read. See stagelight(1).");
}
}  // namespace

int runGui(int argc, char** argv);

namespace {
bool validThreadCount(const char* value) {
    char* end = nullptr;
    const long n = std::strtol(value, &end, 10);
    return end != value && *end == '\0' && n >= 1 && n <= 256;
}

// `--threads N` (any subcommand, or the window) sets how many threads decode a log: it is taken
// out of the arguments and passed on as STAGELIGHT_THREADS. False on a bad count.
bool takeThreadsOption(int& argc, char** argv) {
    for (int i = 1; i < argc; ++i) {
        if (std::string_view(argv[i]) != "--threads") continue;
        const char* value = i + 1 < argc ? argv[i + 1] : "";
        if (!validThreadCount(value)) {
            std::fprintf(stderr, "stagelight: --threads needs a count from 1 to 256\n");
            return false;
        }
        setenv("STAGELIGHT_THREADS", value, 1);
        for (int j = i; j + 2 <= argc; ++j) argv[j] = argv[j + 2];  // argv[argc] stays null
        argc -= 2;
        return true;
    }
    // The variable is set outside the command line: said, not refused.
    if (const char* env = std::getenv("STAGELIGHT_THREADS"); env && !validThreadCount(env)) {
        std::fprintf(stderr,
                     "stagelight: STAGELIGHT_THREADS is not a count from 1 to 256; decoding on "
                     "every core\n");
        unsetenv("STAGELIGHT_THREADS");
    }
    return true;
}

// A History Server application's URL among a subcommand's arguments is downloaded first (its
// logs zipped by the server), and the saved zip stands in for it. False when a download fails.
bool downloadUrls(std::vector<std::string_view>& args, std::vector<std::string>& files) {
    files.reserve(args.size());  // views into it stay valid
    for (size_t i = 1; i < args.size(); ++i) {
        if (!stagelight::net::looksLikeUrl(args[i])) continue;
        std::fprintf(stderr, "stagelight: downloading the event logs of %.*s\n", int(args[i].size()),
                     args[i].data());
        stagelight::net::DownloadOptions options;
        uint64_t shown = 0;
        options.progress = [&shown](uint64_t done, uint64_t total) {
            if (done - shown >= (uint64_t(16) << 20)) {
                shown = done;
                std::fprintf(stderr, "stagelight: %llu MiB%s\n", (unsigned long long)(done >> 20),
                             total ? (" of " + std::to_string(total >> 20) + " MiB").c_str() : "");
            }
            return true;
        };
        const auto result = stagelight::net::downloadEventLogs(args[i], options);
        if (!result.error.empty()) {
            stagelight::cli::printError(result.error);
            return false;
        }
        files.push_back(result.file.string());
        args[i] = files.back();
    }
    return true;
}
}  // namespace

int main(int argc, char** argv) {
    if (!takeThreadsOption(argc, argv)) return 1;
    std::vector<std::string_view> args(argv + 1, argv + argc);
    std::vector<std::string> downloaded;
    const bool subcommand = !args.empty() && (args[0] == "summary" || args[0] == "analyze" ||
                                              args[0] == "compare" || args[0] == "report" ||
                                              args[0] == "rest");
    if (subcommand && !downloadUrls(args, downloaded)) return 2;
    if (!args.empty()) {
        if (args[0] == "summary") return stagelight::cli::runSummary(std::span(args).subspan(1));
        if (args[0] == "rest") return stagelight::cli::runRest(std::span(args).subspan(1));
        if (args[0] == "analyze") return stagelight::cli::runAnalyze(std::span(args).subspan(1));
        if (args[0] == "compare") return stagelight::cli::runCompare(std::span(args).subspan(1));
        if (args[0] == "serve") return stagelight::cli::runServe(std::span(args).subspan(1));
        if (args[0] == "scan") return stagelight::cli::runScan(std::span(args).subspan(1));
#ifdef STAGELIGHT_HAS_GUI
        if (args[0] == "report")
            return stagelight::cli::runReport(argc, argv, std::span(args).subspan(1));
#endif
        if (args[0] == "--help" || args[0] == "-h" || args[0] == "help") {
            printUsage();
            return 0;
        }
        if (args[0] == "--version" || args[0] == "-V") {
            std::printf("stagelight %s\n", STAGELIGHT_VERSION_STRING);
            return 0;
        }
    }
    return runGui(argc, argv);
}
