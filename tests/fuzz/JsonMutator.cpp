#include "JsonMutator.h"

#include <array>
#include <string_view>
#include <vector>

namespace stagelight::fuzz {
namespace {

struct Span {
    size_t begin, end;  // [begin, end) of a value or key token in the text
    bool key;
};

// The scalar values and keys of the JSON in `text` (strings, numbers, literals), and the
// objects/arrays as whole spans, found by a scanner that tolerates broken input.
std::vector<Span> tokens(const std::string& text) {
    std::vector<Span> out;
    std::vector<size_t> open;  // starts of enclosing objects/arrays
    for (size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '"') {
            size_t j = i + 1;
            while (j < text.size() && text[j] != '"' && text[j] != '\n') j += text[j] == '\\' ? 2 : 1;
            if (j >= text.size() || text[j] != '"') return out;
            size_t k = j + 1;
            while (k < text.size() && text[k] == ' ') ++k;
            out.push_back({i, j + 1, k < text.size() && text[k] == ':'});
            i = j;
        } else if (c == '{' || c == '[') {
            open.push_back(i);
        } else if ((c == '}' || c == ']') && !open.empty()) {
            out.push_back({open.back(), i + 1, false});
            open.pop_back();
        } else if (c == '-' || (c >= '0' && c <= '9') || c == 't' || c == 'f' || c == 'n') {
            size_t j = i;
            while (j < text.size() && std::string_view(",}] \n").find(text[j]) == std::string_view::npos)
                ++j;
            out.push_back({i, j, false});
            i = j - 1;
        } else if (c == '\n') {
            open.clear();
        }
    }
    return out;
}

// Values that sit at the edges the decoder must survive: wrong types, range limits, deep
// nesting, invalid and unusual UTF-8, escapes.
std::string replacement(std::mt19937& rng, const std::string& old) {
    static const std::array<std::string_view, 34> kValues = {
        "0", "-1", "1", "2147483647", "2147483648", "-2147483649", "9223372036854775807",
        "9223372036854775808", "-9223372036854775808", "18446744073709551616", "1e308", "-1e308",
        "1.5", "-0", "0.0000001", "NaN", "null", "true", "false", "\"\"", "\"-1\"", "\"1e3\"",
        "{}", "[]", "[null]", "{\"Event\":\"SparkListenerTaskEnd\"}", "\"\\u0000\"",
        "\"\\ud800\"", "\"\\\"\\\\\\/\\b\\f\\n\\r\\t\"", "\"\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80\"",
        "\"\xc0\xaf\xed\xa0\x80\xff\"", "\"\xe9t\xe9\"", "\"org.apache.spark.scheduler.X\"",
        "\"SparkListenerStageCompleted\""};
    std::uniform_int_distribution<int> pick(0, 9);
    switch (pick(rng)) {
        case 0: {  // nesting: the old value inside many arrays or objects
            const int depth = std::uniform_int_distribution<int>(1, 3000)(rng);
            const bool arrays = rng() & 1;
            std::string s;
            for (int i = 0; i < depth; ++i) s += arrays ? "[" : "{\"a\":";
            s += old;
            for (int i = 0; i < depth; ++i) s += arrays ? "]" : "}";
            return s;
        }
        case 1:  // a long string
            return "\"" + std::string(std::uniform_int_distribution<size_t>(1, 5000)(rng), 'x') +
                   "\"";
        case 2:  // the number next to it, or its negation
            if (!old.empty() && (old[0] == '-' || (old[0] >= '0' && old[0] <= '9')))
                return old[0] == '-' ? old.substr(1) : "-" + old + "1";
            [[fallthrough]];
        default:
            return std::string(kValues[rng() % kValues.size()]);
    }
}

// A key Spark writes, so a mutant moves a value under another field's name.
std::string otherKey(std::mt19937& rng) {
    static const std::array<std::string_view, 24> kKeys = {
        "Event", "Stage ID", "Stage Attempt ID", "Task ID", "Attempt", "Launch Time",
        "Finish Time", "Executor ID", "Host", "Task Info", "Task Metrics", "Task End Reason",
        "Reason", "Job ID", "Stage Infos", "Submission Time", "Completion Time", "Timestamp",
        "executionId", "sparkPlanInfo", "children", "metrics", "Accumulables", "Push Based Shuffle"};
    return "\"" + std::string(kKeys[rng() % kKeys.size()]) + "\"";
}

}  // namespace

bool mutateJsonText(std::string& text, std::mt19937& rng) {
    const int edits = std::uniform_int_distribution<int>(1, 3)(rng);
    bool changed = false;
    for (int e = 0; e < edits; ++e) {
        const std::vector<Span> spans = tokens(text);
        if (spans.empty()) return changed;
        const Span s = spans[std::uniform_int_distribution<size_t>(0, spans.size() - 1)(rng)];
        const std::string old = text.substr(s.begin, s.end - s.begin);
        std::string now;
        if (s.key) {
            now = otherKey(rng);
        } else if ((rng() % 8) == 0 && !spans.empty()) {  // another value of the text, copied
            const Span o = spans[rng() % spans.size()];
            if (o.key) continue;
            now = text.substr(o.begin, o.end - o.begin);
        } else if ((rng() % 10) == 0) {  // a line duplicated or dropped
            const size_t a = text.rfind('\n', s.begin), b = text.find('\n', s.begin);
            const size_t from = a == std::string::npos ? 0 : a + 1;
            const std::string line = text.substr(from, b == std::string::npos ? b : b + 1 - from);
            if (rng() & 1)
                text.insert(from, line);
            else
                text.erase(from, line.size());
            changed = true;
            continue;
        } else {
            now = replacement(rng, old);
        }
        text.replace(s.begin, s.end - s.begin, now);
        changed = true;
    }
    return changed;
}

}  // namespace stagelight::fuzz
