#include "parse/CanonicalAccumulables.h"

#include <charconv>
#include <cstring>
#include <string>

#include "parse/Json.h"

namespace stagelight {

namespace {

// A position in the text; every read either matches and advances or fails and stays.
struct Cursor {
    const char* p;
    const char* end;

    bool literal(std::string_view s) {
        if (size_t(end - p) < s.size() || std::memcmp(p, s.data(), s.size()) != 0) return false;
        p += s.size();
        return true;
    }
    // -?(0|[1-9][0-9]*) fitting int64: what simdjson's get_int64 accepts.
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
    // A string without escapes: its text, the cursor after the closing quote.
    bool string(std::string_view& out) {
        if (p >= end || *p != '"') return false;
        const char* text = p + 1;
        const auto* close = static_cast<const char*>(std::memchr(text, '"', size_t(end - text)));
        if (!close || std::memchr(text, '\\', size_t(close - text))) return false;
        out = {text, size_t(close - text)};
        p = close + 1;
        return true;
    }
    bool boolean(bool& out) {
        if (literal("true")) return out = true;
        if (literal("false")) return !(out = false);
        return false;
    }
};

// Update or Value: a number or a string, absent when its key is.
struct Scalar {
    bool present = false, isNumber = false;
    int64_t number = 0;
    std::string_view text;

    bool read(Cursor& c, std::string_view key) {
        if (!c.literal(key)) return true;  // absent
        present = true;
        if (c.p < c.end && *c.p == '"') return c.string(text);
        isNumber = true;
        return c.integer(number);
    }
    // As the general reader renders it for a user accumulator.
    std::string rendered() const { return isNumber ? std::to_string(number) : std::string(text); }
};

constexpr std::string_view kInternalPrefix = "internal.metrics.";

}  // namespace

bool readCanonicalAccumulables(const char* text, const char* end, events::TaskInfo& info) {
    TaskRecord& task = info.task;
    const size_t names = info.accumulatorNames.size();
    const size_t updates = task.accumulables.size();
    const size_t users = task.userAccumulables.size();
    auto fail = [&] {
        info.accumulatorNames.resize(names);
        task.accumulables.resize(updates);
        task.userAccumulables.resize(users);
        return false;
    };
    Cursor c{text, end};
    if (!c.literal("[")) return false;
    if (c.literal("]")) return true;
    do {
        int64_t id = 0;
        std::string_view name, metadata;
        Scalar update, value;
        bool internal = false, countFailed = false;
        if (!c.literal("{\"ID\":") || !c.integer(id) || !c.literal(",\"Name\":") ||
            !c.string(name) || !update.read(c, ",\"Update\":") || !value.read(c, ",\"Value\":"))
            return fail();
        if (c.literal(",\"Internal\":") && !c.boolean(internal)) return fail();
        if (c.literal(",\"Count Failed Values\":") && !c.boolean(countFailed)) return fail();
        if (c.literal(",\"Metadata\":") && !c.string(metadata)) return fail();
        if (!c.literal("}")) return fail();
        // Internal metrics duplicate Task Metrics: the general reader skips them by name too.
        if (name.starts_with(kInternalPrefix)) continue;
        info.accumulatorNames.push_back({id, name, metadata});
        int64_t numeric = update.number;
        if (update.present && (update.isNumber || json::parseInt64(update.text, numeric)))
            task.accumulables.push_back({id, numeric});
        // The History Server lists a task's accumulators except internal and SQL ones.
        if (!internal && metadata != "sql")
            task.userAccumulables.push_back({id, std::string(name),
                                             update.present ? update.rendered() : std::string(),
                                             value.present ? value.rendered() : std::string(),
                                             update.present});
    } while (c.literal(","));
    return c.literal("]") || fail();
}

}  // namespace stagelight
