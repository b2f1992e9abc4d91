#include "text/JsonWriter.h"

#include <charconv>
#include <cmath>
#include <cstdio>

namespace stagelight {

void JsonWriter::escape(std::string& out, std::string_view s) {
    out += '"';
    for (unsigned char c : s) {
        switch (c) {
            case '"':
                out += "\\\"";
                break;
            case '\\':
                out += "\\\\";
                break;
            case '\n':
                out += "\\n";
                break;
            case '\r':
                out += "\\r";
                break;
            case '\t':
                out += "\\t";
                break;
            default:
                if (c < 0x20) {
                    char buf[8];
                    std::snprintf(buf, sizeof buf, "\\u%04x", c);
                    out += buf;
                } else {
                    out += char(c);
                }
        }
    }
    out += '"';
}

void JsonWriter::newline() {
    if (!pretty_) return;
    out_ += '\n';
    out_.append(hasItems_.size() * 2, ' ');
}

void JsonWriter::beforeValue() {
    if (afterKey_) {
        afterKey_ = false;
        return;
    }
    if (!hasItems_.empty()) {
        if (hasItems_.back()) out_ += ',';
        hasItems_.back() = true;
        newline();
    }
}

JsonWriter& JsonWriter::beginObject() {
    beforeValue();
    out_ += '{';
    hasItems_.push_back(false);
    return *this;
}
JsonWriter& JsonWriter::endObject() {
    const bool had = hasItems_.back();
    hasItems_.pop_back();
    if (had) newline();
    out_ += '}';
    return *this;
}
JsonWriter& JsonWriter::beginArray() {
    beforeValue();
    out_ += '[';
    hasItems_.push_back(false);
    return *this;
}
JsonWriter& JsonWriter::endArray() {
    const bool had = hasItems_.back();
    hasItems_.pop_back();
    if (had) newline();
    out_ += ']';
    return *this;
}
JsonWriter& JsonWriter::key(std::string_view k) {
    beforeValue();
    escape(out_, k);
    out_ += pretty_ ? ": " : ":";
    afterKey_ = true;
    return *this;
}
JsonWriter& JsonWriter::value(std::string_view s) {
    beforeValue();
    escape(out_, s);
    return *this;
}
JsonWriter& JsonWriter::value(int64_t v) {
    beforeValue();
    out_ += std::to_string(v);
    return *this;
}
JsonWriter& JsonWriter::value(uint64_t v) {
    beforeValue();
    out_ += std::to_string(v);
    return *this;
}
JsonWriter& JsonWriter::value(double v) {
    beforeValue();
    if (!std::isfinite(v)) {
        out_ += "null";
        return *this;
    }
    // Shortest text that reads back as the same double; integral values keep a ".0" as Jackson
    // writes them (1.0, not 1).
    char buf[64];
    const auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v);
    std::string_view text(buf, ec == std::errc() ? size_t(end - buf) : 0);
    out_ += text;
    if (text.find_first_of(".eE") == std::string_view::npos) out_ += ".0";
    return *this;
}

JsonWriter& JsonWriter::value(bool v) {
    beforeValue();
    out_ += v ? "true" : "false";
    return *this;
}
JsonWriter& JsonWriter::raw(std::string_view json) {
    beforeValue();
    while (!json.empty() && (json.back() == '\n' || json.back() == ' ')) json.remove_suffix(1);
    out_ += json;
    return *this;
}

JsonWriter& JsonWriter::null() {
    beforeValue();
    out_ += "null";
    return *this;
}

}  // namespace stagelight
