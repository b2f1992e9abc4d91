// A small streaming JSON writer: correct escaping, no intermediate tree.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace stagelight {

class JsonWriter {
public:
    explicit JsonWriter(bool pretty = true) : pretty_(pretty) {}

    JsonWriter& beginObject();
    JsonWriter& endObject();
    JsonWriter& beginArray();
    JsonWriter& endArray();
    JsonWriter& key(std::string_view k);
    JsonWriter& value(std::string_view s);
    JsonWriter& value(const char* s) { return value(std::string_view(s)); }
    JsonWriter& value(const std::string& s) { return value(std::string_view(s)); }
    JsonWriter& value(int64_t v);
    JsonWriter& value(int32_t v) { return value(int64_t(v)); }
    JsonWriter& value(uint64_t v);
    JsonWriter& value(double v);
    JsonWriter& value(bool v);
    JsonWriter& null();
    // A complete JSON value written elsewhere (e.g. another document's object), inserted as is.
    JsonWriter& raw(std::string_view json);
    template <typename T>
    JsonWriter& field(std::string_view k, const T& v) {
        key(k);
        return value(v);
    }

    const std::string& str() const { return out_; }
    static void escape(std::string& out, std::string_view s);

private:
    void beforeValue();
    void newline();
    std::string out_;
    std::vector<bool> hasItems_;  // per open container
    bool pretty_;
    bool afterKey_ = false;
};

}  // namespace stagelight
