#include "cli/RestCommand.h"

#include <cstdio>
#include <string>

#include "cli/SummaryCommand.h"
#include "load/Loader.h"
#include "rest/RestApi.h"

namespace stagelight::cli {

int runRest(std::span<const std::string_view> args) {
    if (args.size() != 2) {
        std::fprintf(stderr,
                     "usage: stagelight rest LOG API_PATH   (API_PATH as after /api/v1/, e.g. "
                     "applications/APP_ID/jobs?status=failed)\n");
        return kUsage;
    }
    const std::string path(args[0]);
    LoadResult loaded = loadEventLog(path);
    if (!loaded.model) {
        std::fprintf(stderr, "stagelight: %s\n", loaded.error.c_str());
        return kUnreadable;
    }
    const RestResponse response = restQuery(*loaded.model, args[1]);
    if (response.status != 200) {
        std::fprintf(stderr, "stagelight rest: %d: %s\n", response.status, response.body.c_str());
        return kUsage;
    }
    std::fwrite(response.body.data(), 1, response.body.size(), stdout);
    return kOk;
}

}  // namespace stagelight::cli
