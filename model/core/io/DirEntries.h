// A directory's entries with their types, read without throwing: a symlink loop, a dangling link
// or an entry that cannot be stat'ed is an entry with an error, never an exception.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace stagelight {

struct DirEntry {
    std::filesystem::path path;
    std::string name;
    // What the entry is once symbolic links are followed; `none` when it could not be stat'ed,
    // `not_found` for a dangling link.
    std::filesystem::file_type type = std::filesystem::file_type::none;
    std::string error;  // why it could not be stat'ed (loop, permission, dangling link)

    bool isRegular() const { return type == std::filesystem::file_type::regular; }
    bool isDirectory() const { return type == std::filesystem::file_type::directory; }
    bool unreadable() const {
        return type == std::filesystem::file_type::none ||
               type == std::filesystem::file_type::not_found;
    }
    // "a FIFO", "a character device", "unreadable (Too many levels of symbolic links)"
    std::string kindText() const;
};

struct DirListing {
    std::vector<DirEntry> entries;  // sorted by name
    std::string error;              // the directory itself could not be listed
};

DirListing listDirectory(const std::filesystem::path& dir);

// The type of `path` (links followed) without throwing; `none` (or `not_found`) and `error`
// set when it cannot be stat'ed.
std::filesystem::file_type fileTypeOf(const std::filesystem::path& path,
                                      std::string* error = nullptr);

// Does this entry look like one application's event log (a file or a log directory)? See
// io/LogLocator.h.
bool looksLikeEventLog(const DirEntry& entry);

// "PATH: a FIFO, not a regular file; skipped" for a part that is not read.
std::string skippedEntryNote(const DirEntry& entry);

}  // namespace stagelight
