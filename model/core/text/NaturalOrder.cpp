#include "text/NaturalOrder.h"

namespace stagelight {
namespace {
bool isDigit(char c) {
    return c >= '0' && c <= '9';
}
}  // namespace

bool naturalLess(std::string_view a, std::string_view b) {
    size_t i = 0, j = 0;
    while (i < a.size() && j < b.size()) {
        if (!isDigit(a[i]) || !isDigit(b[j])) {
            if (a[i] != b[j]) return static_cast<unsigned char>(a[i]) < static_cast<unsigned char>(b[j]);
            ++i, ++j;
            continue;
        }
        // Two numbers: by value (length without leading zeros, then digits), then the one
        // written with fewer leading zeros first, so only equal names tie.
        size_t ia = i, jb = j;
        while (ia < a.size() && a[ia] == '0') ++ia;
        while (jb < b.size() && b[jb] == '0') ++jb;
        size_t ie = ia, je = jb;
        while (ie < a.size() && isDigit(a[ie])) ++ie;
        while (je < b.size() && isDigit(b[je])) ++je;
        if (ie - ia != je - jb) return ie - ia < je - jb;
        if (const int c = a.substr(ia, ie - ia).compare(b.substr(jb, je - jb)); c != 0) return c < 0;
        if (ie - i != je - j) return ie - i < je - j;
        i = ie, j = je;
    }
    return a.size() - i < b.size() - j;
}

}  // namespace stagelight
