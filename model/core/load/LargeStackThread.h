// Threads with a large stack. Decoding recurses once per level of a SQL plan, and the caller's
// own stack (a GUI worker, a test) may be small.
#pragma once

#include <cstddef>
#include <exception>
#include <functional>
#include <memory>

namespace stagelight {

constexpr size_t kDecodingStackBytes = size_t(256) << 20;  // reserved; committed when touched

// Runs `fn` on a fresh thread with a large stack and waits for it. Exceptions thrown by `fn` are
// rethrown in the caller. Falls back to calling `fn` directly when no thread can be created.
void runOnLargeStack(const std::function<void()>& fn, size_t stackBytes = kDecodingStackBytes);

// A joinable thread with a large stack (a parallel load's workers). `fn` must not throw: it is
// the caller's to catch. When no thread can be created, started() is false and `fn` never runs.
class LargeStackThread {
public:
    explicit LargeStackThread(std::function<void()> fn, size_t stackBytes = kDecodingStackBytes);
    ~LargeStackThread();  // joins
    LargeStackThread(const LargeStackThread&) = delete;
    LargeStackThread& operator=(const LargeStackThread&) = delete;
    bool started() const;
    void join();

private:
    struct State;
    std::unique_ptr<State> state_;
};

}  // namespace stagelight
