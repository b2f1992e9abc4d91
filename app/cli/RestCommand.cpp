#include "cli/RestCommand.h"

#include <cstdio>
#include <filesystem>
#include <string>
#include <variant>
#include <vector>

#include "cli/SummaryCommand.h"
#include "load/Loader.h"
#include "history/HistoryCatalog.h"
#include "rest/RestApi.h"
#include "rest/RestRequest.h"

#include <unistd.h>

namespace stagelight::cli {

int runRest(std::span<const std::string_view> args) {
    if (args.size() != 2) {
        std::fprintf(stderr,
                     "usage: stagelight rest LOG_OR_DIR API_PATH   (API_PATH as after /api/v1/, "
                     "e.g. applications/APP_ID/jobs?status=failed)\n");
        return kUsage;
    }
    const std::filesystem::path path(args[0]);
    // applications/ID[/ATTEMPT]/logs: the zip of the log files, as the History Server sends it.
    const RestRequest request = parseRestPath(args[1]);
    const auto& seg = request.segments;
    if (seg.size() >= 3 && seg.size() <= 4 && seg[0] == "applications" && seg.back() == "logs") {
        if (isatty(fileno(stdout))) {
            printError("the logs are a zip archive: send them to a file (> logs.zip)");
            return kUsage;
        }
        HistoryCatalog catalog({path});
        const auto files = catalog.logFiles(seg[1], seg.size() == 4 ? seg[2] : "");
        if (!files) {
            printText(stderr, "stagelight rest: 404: unknown app: " + seg[1] + "\n");
            return kUsage;
        }
        std::string error;
        if (!writeZip(*files,
                      [](std::string_view b) {
                          return std::fwrite(b.data(), 1, b.size(), stdout) == b.size();
                      },
                      error)) {
            printError(error);
            return kUnreadable;
        }
        return kOk;
    }
    // A directory that is not itself one log (rolling, Databricks) is a directory of logs.
    std::vector<LoadResult> loaded;
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec) &&
        std::holds_alternative<LocateError>(locateLog(path)))
        loaded = loadEventLogDirectory(path);
    else
        loaded.push_back(loadEventLog(path));
    std::vector<const EventLogModel*> logs;
    for (const LoadResult& r : loaded) {
        if (!r.model) {
            printError(r.error);
            continue;
        }
        printLoadWarnings(*r.model);
        // A file with no Spark event is not an application, here as in every subcommand.
        const std::string none = noSparkEventsError(*r.model, r.model->source.root.string());
        if (none.empty())
            logs.push_back(r.model.get());
        else
            printError(none);
    }
    if (logs.empty()) {
        if (loaded.empty()) printError(std::string(args[0]) + ": no event log");
        return kUnreadable;
    }
    const RestResponse response = restQuery(logs, args[1]);
    if (response.status != 200) {
        printText(stderr, "stagelight rest: " + std::to_string(response.status) + ": " +
                              response.body + "\n");
        return kUsage;
    }
    std::fwrite(response.body.data(), 1, response.body.size(), stdout);
    return kOk;
}

}  // namespace stagelight::cli
