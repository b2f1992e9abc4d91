// A position in a line's text, for the readers of Spark's own compact JSON form
// (CanonicalAccumulables, CanonicalTaskEnd): every read either matches and advances, or fails and
// leaves the position where it was. What they refuse, the On-Demand readers decode.
#pragma once

#include <charconv>
#include <cstdint>
#include <cstring>
#include <string_view>

#include "parse/Json.h"

namespace stagelight {

struct TextCursor {
    const char* p;
    const char* end;

    bool literal(std::string_view s) {
        if (size_t(end - p) < s.size() || !json::sameBytes(p, s.data(), s.size())) return false;
        p += s.size();
        return true;
    }
    // -?(0|[1-9][0-9]*) fitting int64: what simdjson's get_int64 accepts. A fraction or an
    // exponent (a double) is refused. Up to 18 digits cannot overflow and are summed here;
    // longer ones go through std::from_chars.
    bool integer(int64_t& out) {
        const bool negative = p < end && *p == '-';
        const char* digits = negative ? p + 1 : p;
        const char* q = digits;
        uint64_t value = 0;
        while (q < end && unsigned(*q - '0') < 10 && q - digits < 18)
            value = value * 10 + unsigned(*q++ - '0');
        if (q == digits || (*digits == '0' && q - digits > 1)) return false;
        if (q < end && unsigned(*q - '0') < 10) {  // 19 digits or more
            const auto [next, ec] = std::from_chars(p, end, out);
            if (ec != std::errc()) return false;
            q = next;
        } else {
            out = negative ? -int64_t(value) : int64_t(value);
        }
        if (q < end && (*q == '.' || *q == 'e' || *q == 'E')) return false;
        p = q;
        return true;
    }
    // A string without escapes or control characters (which JSON forbids raw, and simdjson
    // refuses): its text; the cursor after the closing quote. Eight bytes at a time.
    bool string(std::string_view& out) {
        if (p >= end || *p != '"') return false;
        const char* text = p + 1;
        const char* q = text;
        constexpr uint64_t kOnes = 0x0101010101010101u, kHigh = 0x8080808080808080u;
        for (; end - q >= 8; q += 8) {
            uint64_t w;
            std::memcpy(&w, q, 8);
            const uint64_t quote = w ^ (kOnes * '"'), slash = w ^ (kOnes * '\\');
            // A byte below 0x20, or equal to '"' or '\\', sets its high bit here (w < 0x80
            // bytes only; a byte >= 0x80 may set it too, which only sends the word to the loop).
            const uint64_t special = ((w - kOnes * 0x20) | (quote - kOnes) | (slash - kOnes)) & kHigh;
            if (special) break;
        }
        for (; q < end && *q != '"'; ++q)
            if (*q == '\\' || static_cast<unsigned char>(*q) < 0x20) return false;
        if (q >= end) return false;
        out = {text, size_t(q - text)};
        p = q + 1;
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
