#include "io/DirEntries.h"

#include <algorithm>

namespace stagelight {
namespace fs = std::filesystem;

std::string DirEntry::kindText() const {
    switch (type) {
        case fs::file_type::none:
        case fs::file_type::not_found:
        case fs::file_type::unknown:
            return "unreadable (" + (error.empty() ? std::string("unknown type") : error) + ")";
        case fs::file_type::regular:
            return "a regular file";
        case fs::file_type::directory:
            return "a directory";
        case fs::file_type::symlink:
            return "a symbolic link";
        case fs::file_type::block:
            return "a block device";
        case fs::file_type::character:
            return "a character device";
        case fs::file_type::fifo:
            return "a FIFO";
        case fs::file_type::socket:
            return "a socket";
    }
    return "not a regular file";
}

fs::file_type fileTypeOf(const fs::path& path, std::string* error) {
    std::error_code ec;
    const fs::file_status st = fs::status(path, ec);
    if (ec) {
        if (error) *error = ec.message();
        return st.type() == fs::file_type::not_found ? fs::file_type::not_found
                                                     : fs::file_type::none;
    }
    return st.type();
}

DirListing listDirectory(const fs::path& dir) {
    DirListing out;
    std::error_code ec;
    fs::directory_iterator it(dir, ec), end;
    for (; !ec && it != end; it.increment(ec)) {
        DirEntry e;
        e.path = it->path();
        e.name = e.path.filename().string();
        e.type = fileTypeOf(e.path, &e.error);
        out.entries.push_back(std::move(e));
    }
    if (ec) out.error = ec.message();
    std::sort(out.entries.begin(), out.entries.end(),
              [](const DirEntry& a, const DirEntry& b) { return a.name < b.name; });
    return out;
}

std::string skippedEntryNote(const DirEntry& entry) {
    return entry.path.string() + ": " + entry.kindText() + ", not a regular file; skipped";
}

}  // namespace stagelight
