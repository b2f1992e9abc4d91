// Writers roll a log between events: a part that ends in one whole JSON object without its
// newline ended that event, and the next part starts a new one. The loader (LineAssembler) and
// the evidence read-back (SourceLine) apply the same rule.
#pragma once

#include <simdjson.h>

#include <string_view>

namespace stagelight {

// Whether `text` (trailing blanks aside) is one complete, valid JSON object. With `padded`,
// SIMDJSON_PADDING readable bytes follow `text` and nothing is copied.
inline bool isWholeJsonObject(simdjson::dom::parser& parser, std::string_view text, bool padded) {
    const size_t end = text.find_last_not_of(" \t\r");
    if (end == std::string_view::npos || text[end] != '}') return false;
    simdjson::dom::element whole;
    return parser.parse(text.data(), end + 1, !padded).get(whole) == simdjson::SUCCESS;
}

}  // namespace stagelight
