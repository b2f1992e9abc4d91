// A position in a line's text, for the readers of Spark's own compact JSON form
// (CanonicalAccumulables, CanonicalTaskEnd): every read either matches and advances, or fails and
// leaves the position where it was. What they refuse, the On-Demand readers decode.
#pragma once

#include <charconv>
#include <cstdint>
#include <cstring>
#include <string_view>

namespace stagelight {

struct TextCursor {
    const char* p;
    const char* end;

    bool literal(std::string_view s) {
        if (size_t(end - p) < s.size() || std::memcmp(p, s.data(), s.size()) != 0) return false;
        p += s.size();
        return true;
    }
    // -?(0|[1-9][0-9]*) fitting int64: what simdjson's get_int64 accepts. A fraction or an
    // exponent (a double) is refused.
    bool integer(int64_t& out) {
        const char* digits = p < end && *p == '-' ? p + 1 : p;
        if (digits >= end || *digits < '0' || *digits > '9') return false;
        if (*digits == '0' && digits + 1 < end && digits[1] >= '0' && digits[1] <= '9')
            return false;
        const auto [next, ec] = std::from_chars(p, end, out);
        if (ec != std::errc()) return false;
        if (next < end && (*next == '.' || *next == 'e' || *next == 'E')) return false;
        p = next;
        return true;
    }
    // A string without escapes: its text; the cursor after the closing quote.
    bool string(std::string_view& out) {
        if (p >= end || *p != '"') return false;
        const char* text = p + 1;
        const auto* close = static_cast<const char*>(std::memchr(text, '"', size_t(end - text)));
        if (!close || std::memchr(text, '\\', size_t(close - text))) return false;
        out = {text, size_t(close - text)};
        p = close + 1;
        return true;
    }
    // An object key and its colon.
    bool key(std::string_view& out) {
        const char* at = p;
        if (string(out) && literal(":")) return true;
        p = at;
        return false;
    }
    bool boolean(bool& out) {
        if (literal("true")) return out = true;
        if (literal("false")) return !(out = false);
        return false;
    }
    // A number, string, boolean or null whose value nobody reads.
    bool skipScalar() {
        int64_t i;
        std::string_view s;
        bool b;
        return integer(i) || string(s) || boolean(b) || literal("null");
    }
};

}  // namespace stagelight
