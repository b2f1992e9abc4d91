// Runs a function on a fresh thread with a large stack and waits for it. Decoding recurses once
// per level of a SQL plan, and the caller's own stack (a GUI worker, a test) may be small.
#pragma once

#include <cstddef>
#include <functional>

namespace stagelight {

// Exceptions thrown by `fn` are rethrown in the caller. Falls back to calling `fn` directly when
// no thread can be created.
void runOnLargeStack(const std::function<void()>& fn, size_t stackBytes = size_t(256) << 20);

}  // namespace stagelight
