#include "text/Elide.h"

#include <cstdio>

namespace stagelight {

std::string elide(std::string_view text, size_t most) {
    if (text.size() <= most) return std::string(text);
    size_t cut = most;
    while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;  // UTF-8
    std::string n = std::to_string(text.size());
    for (int i = int(n.size()) - 3; i > 0; i -= 3) n.insert(size_t(i), ",");
    return std::string(text.substr(0, cut)) + "… (" + n + " bytes)";
}

std::string terminalSafe(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    char buf[8];
    for (size_t i = 0; i < text.size(); ++i) {
        const auto c = static_cast<unsigned char>(text[i]);
        const auto next = i + 1 < text.size() ? static_cast<unsigned char>(text[i + 1]) : 0;
        if ((c < 0x20 && c != '\n' && c != '\t') || c == 0x7f) {
            std::snprintf(buf, sizeof buf, "\\x%02x", c);
            out += buf;
        } else if (c == 0xC2 && next >= 0x80 && next <= 0x9F) {  // a C1 control in UTF-8
            std::snprintf(buf, sizeof buf, "\\u%04x", next);
            out += buf;
            ++i;
        } else {
            out += char(c);
        }
    }
    return out;
}

}  // namespace stagelight
