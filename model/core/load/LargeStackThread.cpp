#include "load/LargeStackThread.h"

#include <pthread.h>

namespace stagelight {
namespace {

struct Job {
    const std::function<void()>* fn;
    std::exception_ptr error;
};

void* trampoline(void* arg) {
    auto* job = static_cast<Job*>(arg);
    try {
        (*job->fn)();
    } catch (...) {
        job->error = std::current_exception();
    }
    return nullptr;
}

bool startThread(pthread_t& thread, void* (*entry)(void*), void* arg, size_t stackBytes) {
    pthread_attr_t attr;
    if (pthread_attr_init(&attr) != 0) return false;
    const bool started = pthread_attr_setstacksize(&attr, stackBytes) == 0 &&
                         pthread_create(&thread, &attr, entry, arg) == 0;
    pthread_attr_destroy(&attr);
    return started;
}

}  // namespace

void runOnLargeStack(const std::function<void()>& fn, size_t stackBytes) {
    Job job{&fn, nullptr};
    pthread_t thread;
    if (!startThread(thread, &trampoline, &job, stackBytes)) {
        fn();
        return;
    }
    pthread_join(thread, nullptr);
    if (job.error) std::rethrow_exception(job.error);
}

struct LargeStackThread::State {
    std::function<void()> fn;
    pthread_t thread{};
    bool running = false;
    static void* entry(void* arg) {
        static_cast<State*>(arg)->fn();
        return nullptr;
    }
};

LargeStackThread::LargeStackThread(std::function<void()> fn, size_t stackBytes)
    : state_(std::make_unique<State>()) {
    state_->fn = std::move(fn);
    state_->running = startThread(state_->thread, &State::entry, state_.get(), stackBytes);
}

bool LargeStackThread::started() const { return state_->running; }

LargeStackThread::~LargeStackThread() { join(); }

void LargeStackThread::join() {
    if (state_ && state_->running) {
        pthread_join(state_->thread, nullptr);
        state_->running = false;
    }
}

}  // namespace stagelight
