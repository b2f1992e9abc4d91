#include "text/JsonIndent.h"

namespace stagelight {

std::string indentJson(std::string_view json, int indent) {
    std::string out;
    out.reserve(json.size() + json.size() / 4);
    int depth = 0;
    bool inString = false, escaped = false;
    auto newline = [&] {
        out += '\n';
        out.append(size_t(std::max(0, depth * indent)), ' ');
    };
    for (size_t i = 0; i < json.size(); ++i) {
        const char c = json[i];
        if (inString) {
            out += c;
            if (escaped)
                escaped = false;
            else if (c == '\\')
                escaped = true;
            else if (c == '"')
                inString = false;
            continue;
        }
        switch (c) {
            case '"':
                inString = true;
                out += c;
                break;
            case '{':
            case '[': {
                out += c;
                // An empty object or array stays on one line.
                size_t j = i + 1;
                while (j < json.size() && (json[j] == ' ' || json[j] == '\t')) ++j;
                if (j < json.size() && (json[j] == '}' || json[j] == ']')) {
                    out += json[j];
                    i = j;
                    break;
                }
                ++depth;
                newline();
                break;
            }
            case '}':
            case ']':
                --depth;
                newline();
                out += c;
                break;
            case ',':
                out += c;
                newline();
                break;
            case ':':
                out += ": ";
                break;
            case ' ':
            case '\t':
            case '\r':
            case '\n':
                break;  // the log's own whitespace between tokens is replaced
            default:
                out += c;
        }
    }
    return out;
}

}  // namespace stagelight
