// Follows a log that is still being written (an .inprogress file, a rolling directory): each
// poll reads only what was appended since the last one and applies it to the same model, so a
// running application's figures update as the live Spark UI's do, but offline and on a copy of
// the log on any file system. A line not yet ended waits for its end. snapshot() is the model a
// load of the same bytes from scratch gives (for plain parts exactly; a compressed part's open
// frame is not reported as cut off).
#pragma once

#include <filesystem>
#include <memory>
#include <string>

#include "load/Loader.h"

namespace stagelight {

class LogFollower {
public:
    // `options`: the line limit and chunk size (its callbacks are poll()'s).
    explicit LogFollower(std::filesystem::path path, LoadOptions options = {});
    ~LogFollower();
    LogFollower(const LogFollower&) = delete;
    LogFollower& operator=(const LogFollower&) = delete;

    struct Poll {
        uint64_t bytesRead = 0;  // from disk this time (0: nothing new)
        bool restarted = false;  // the log was rewritten, not appended to: read again from its start
        std::string error;       // the log cannot be read now (it is kept as it was)
    };
    // Reads what was appended since the last call (everything, the first time). `during`: this
    // poll's cancel flag, progress and partial models (a long first read), if any; nothing of it
    // is kept after the call.
    Poll poll(const LoadOptions* during = nullptr);
    // The model of everything read so far, finished and derived (a copy: polling goes on).
    std::unique_ptr<EventLogModel> snapshot() const;
    // The application has ended and its writer finished (no .inprogress, ApplicationEnd seen).
    bool ended() const;
    const std::filesystem::path& path() const { return path_; }

private:
    struct State;
    void restart();
    std::filesystem::path path_;
    LoadOptions options_;
    std::unique_ptr<State> state_;
};

}  // namespace stagelight
