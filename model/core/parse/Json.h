// Tolerant readers over simdjson On-Demand values. Scalars never throw: a wrong type is recorded
// as a field problem and a default is used. Containers of the wrong type throw (the event is then
// reported as malformed and skipped).
#pragma once

#include <simdjson.h>

#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "model/Entities.h"

namespace stagelight::json {

namespace od = simdjson::ondemand;

// Whether n bytes are equal, compared a word at a time inline: keys are short and compared
// hundreds of times per task event, where a call to memcmp costs more than the comparison.
inline bool sameBytes(const char* a, const char* b, size_t n) {
    for (; n >= 8; a += 8, b += 8, n -= 8) {
        uint64_t x, y;
        std::memcpy(&x, a, 8);
        std::memcpy(&y, b, 8);
        if (x != y) return false;
    }
    for (; n > 0; ++a, ++b, --n)
        if (*a != *b) return false;
    return true;
}

// An object key, kept as a pointer into the document until its text is needed: comparing it
// with the expected key costs one comparison, without first scanning for its closing quote.
class JsonKey {
public:
    JsonKey(std::string_view text) : text_(text) {}  // NOLINT: literal keys convert implicitly
    JsonKey(const char* text) : text_(text) {}       // NOLINT
    static JsonKey fromRaw(const char* raw) {
        JsonKey k{std::string_view()};
        k.raw_ = raw;
        return k;
    }
    // The document is padded, so reading past a short key stays inside the buffer.
    bool operator==(std::string_view s) const {
        if (!raw_) return text_.size() == s.size() && sameBytes(text_.data(), s.data(), s.size());
        return sameBytes(raw_, s.data(), s.size()) && raw_[s.size()] == '"';
    }
    std::string_view text() const {
        if (!raw_) return text_;
        const char* e = raw_;
        while (*e != '"' || (e > raw_ && e[-1] == '\\')) ++e;  // Spark's keys carry no escapes
        return {raw_, size_t(e - raw_)};
    }

private:
    std::string_view text_;
    const char* raw_ = nullptr;
};

// Problems found while decoding one line.
struct LineProblems {
    std::vector<std::string> messages;
    void add(JsonKey key, std::string_view what) {
        if (messages.size() < 8)
            messages.push_back("field \"" + std::string(key.text()) + "\": " + std::string(what));
    }
};

// simdjson_result<field>::value() means the field's value, not the unwrapped result: unwrap here.
inline od::field unwrap(simdjson::simdjson_result<od::field> r) {
    od::field f;
    if (auto err = std::move(r).get(f)) throw simdjson::simdjson_error(err);
    return f;
}

inline JsonKey keyOf(od::field& f) {
    return JsonKey::fromRaw(f.key().raw());
}

inline od::json_type typeOf(od::value& v) {
    od::json_type t;
    if (v.type().get(t) != simdjson::SUCCESS) throw simdjson::simdjson_error(simdjson::TAPE_ERROR);
    return t;
}
inline bool isNull(od::value& v) {
    return typeOf(v) == od::json_type::null;
}

int64_t readInt(od::value v, JsonKey key, LineProblems& problems, int64_t fallback = 0);
double readDouble(od::value v, JsonKey key, LineProblems& problems);
bool readBool(od::value v, JsonKey key, LineProblems& problems);
// Strings; null reads as "" (and sets *wasNull); numbers and booleans read as their JSON text.
std::string_view readString(od::value v, JsonKey key, LineProblems& problems,
                            bool* wasNull = nullptr);
// Any value as text: strings unescaped, everything else as its raw JSON.
std::string readAsText(od::value v);
// Parses a decimal integer held in a string ("1024", "-1"); false if it is not one.
bool parseInt64(std::string_view text, int64_t& out);

// {"k":"v",...} → Properties (non-string values kept as raw JSON text).
Properties readProperties(od::value v, JsonKey key, LineProblems& problems);
std::vector<int32_t> readIntArray(od::value v, JsonKey key, LineProblems& problems);

// Calls fn(key, value) for each field until it returns false (On-Demand skips the rest when the
// parent moves on), for objects whose first keys decide whether the rest matters.
template <typename Fn>
void forEachFieldUntil(od::value v, Fn&& fn) {
    od::object obj = v.get_object();
    for (auto result : obj) {
        od::field field = unwrap(result);
        JsonKey key = keyOf(field);
        if (!fn(key, field.value())) return;
    }
}

template <typename Fn>
void forEachField(od::value v, Fn&& fn) {
    forEachFieldUntil(v, [&](JsonKey key, od::value value) {
        fn(key, value);
        return true;
    });
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
    int find(JsonKey key, size_t& hint) const {
        // Absent keys (older Spark, zero metrics) only shift the order: search on from the hint.
        const size_t n = entries_.size();
        for (size_t i = hint; i < n; ++i)
            if (key == entries_[i].key) return hit(i, hint);
        for (size_t i = 0; i < hint && i < n; ++i)
            if (key == entries_[i].key) return hit(i, hint);
        return kNotFound;
    }
    static constexpr int kNotFound = -1;

private:
    int hit(size_t i, size_t& hint) const {
        hint = i + 1;
        return entries_[i].slot;
    }
    std::vector<Entry> entries_;
};

}  // namespace stagelight::json
