// Tolerant readers over simdjson On-Demand values. Scalars never throw: a wrong type is recorded
// as a field problem and a default is used. Containers of the wrong type throw (the event is then
// reported as malformed and skipped).
#pragma once

#include <simdjson.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "model/Entities.h"

namespace stagelight::json {

namespace od = simdjson::ondemand;

// Problems found while decoding one line.
struct LineProblems {
    std::vector<std::string> messages;
    void add(std::string_view key, std::string_view what) {
        if (messages.size() < 8)
            messages.push_back("field \"" + std::string(key) + "\": " + std::string(what));
    }
};

// simdjson_result<field>::value() means the field's value, not the unwrapped result: unwrap here.
inline od::field unwrap(simdjson::simdjson_result<od::field> r) {
    od::field f;
    if (auto err = std::move(r).get(f)) throw simdjson::simdjson_error(err);
    return f;
}

// The raw key text (Spark's keys never contain escapes, so no unescaping is needed).
inline std::string_view keyOf(od::field& f) {
    const char* s = f.key().raw();
    const char* e = s;
    while (*e != '"' || (e > s && e[-1] == '\\')) ++e;
    return {s, size_t(e - s)};
}

inline od::json_type typeOf(od::value& v) {
    od::json_type t;
    if (v.type().get(t) != simdjson::SUCCESS) throw simdjson::simdjson_error(simdjson::TAPE_ERROR);
    return t;
}
inline bool isNull(od::value& v) {
    return typeOf(v) == od::json_type::null;
}

int64_t readInt(od::value v, std::string_view key, LineProblems& problems, int64_t fallback = 0);
double readDouble(od::value v, std::string_view key, LineProblems& problems);
bool readBool(od::value v, std::string_view key, LineProblems& problems);
// Strings; null reads as "" (and sets *wasNull); numbers and booleans read as their JSON text.
std::string_view readString(od::value v, std::string_view key, LineProblems& problems,
                            bool* wasNull = nullptr);
// Any value as text: strings unescaped, everything else as its raw JSON.
std::string readAsText(od::value v);
// Parses a decimal integer held in a string ("1024", "-1"); false if it is not one.
bool parseInt64(std::string_view text, int64_t& out);

// {"k":"v",...} → Properties (non-string values kept as raw JSON text).
Properties readProperties(od::value v, std::string_view key, LineProblems& problems);
std::vector<int32_t> readIntArray(od::value v, std::string_view key, LineProblems& problems);

template <typename Fn>
void forEachField(od::value v, Fn&& fn) {
    od::object obj = v.get_object();
    for (auto result : obj) {
        od::field field = unwrap(result);
        std::string_view key = keyOf(field);
        fn(key, field.value());
    }
}

// Like forEachField, but stops as soon as `fn` returns false (On-Demand skips the rest when
// the parent moves on), for objects whose first keys decide whether the rest matters.
template <typename Fn>
void forEachFieldUntil(od::value v, Fn&& fn) {
    od::object obj = v.get_object();
    for (auto result : obj) {
        od::field field = unwrap(result);
        std::string_view key = keyOf(field);
        if (!fn(key, field.value())) return;
    }
}

template <typename Fn>
void forEachElement(od::value v, Fn&& fn) {
    od::array arr = v.get_array();
    for (auto result : arr) fn(od::value(result.value()));
}

// Looks keys up in a table listed in the order Spark writes them: the next expected key is tried
// first, so a well-formed object costs one comparison per key.
class OrderedKeyTable {
public:
    struct Entry {
        std::string_view key;
        int slot;
    };
    explicit OrderedKeyTable(std::vector<Entry> entries) : entries_(std::move(entries)) {}
    int find(std::string_view key, size_t& hint) const {
        if (hint < entries_.size() && entries_[hint].key == key) return entries_[hint++].slot;
        for (size_t i = 0; i < entries_.size(); ++i)
            if (entries_[i].key == key) {
                hint = i + 1;
                return entries_[i].slot;
            }
        return -1;
    }

private:
    std::vector<Entry> entries_;
};

}  // namespace stagelight::json
