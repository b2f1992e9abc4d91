#include "parse/CanonicalAccumulables.h"

#include <string>

#include "parse/Json.h"
#include "parse/KeyTables.h"
#include "parse/TextCursor.h"

namespace stagelight {

namespace {

// Update or Value: a number or a string, absent when its key is.
struct Scalar {
    bool present = false, isNumber = false;
    int64_t number = 0;
    std::string_view text;

    bool read(TextCursor& c, std::string_view key) {
        if (!c.literal(key)) return true;  // absent
        present = true;
        if (c.p < c.end && *c.p == '"') return c.string(text);
        isNumber = true;
        return c.integer(number);
    }
    // As the general reader renders it for a user accumulator.
    std::string rendered() const { return isNumber ? std::to_string(number) : std::string(text); }
};

}  // namespace

const char* readCanonicalAccumulables(const char* text, const char* end, events::TaskInfo& info) {
    TaskRecord& task = info.task;
    const size_t names = info.accumulatorNames.size();
    const size_t updates = task.accumulables.size();
    const size_t users = task.userAccumulables.size();
    auto fail = [&] {
        info.accumulatorNames.resize(names);
        task.accumulables.resize(updates);
        task.userAccumulables.resize(users);
        return static_cast<const char*>(nullptr);
    };
    TextCursor c{text, end};
    if (!c.literal("[")) return nullptr;
    if (c.literal("]")) return c.p;
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
        if (name.starts_with(kInternalMetricPrefix)) continue;
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
    return c.literal("]") ? c.p : fail();
}

}  // namespace stagelight
