#include "load/LargeStackThread.h"

#include <pthread.h>

#include <exception>

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

}  // namespace

void runOnLargeStack(const std::function<void()>& fn, size_t stackBytes) {
    Job job{&fn, nullptr};
    pthread_attr_t attr;
    pthread_t thread;
    bool started = pthread_attr_init(&attr) == 0;
    if (started) {
        // The stack is reserved address space; pages are only committed when touched.
        started = pthread_attr_setstacksize(&attr, stackBytes) == 0 &&
                  pthread_create(&thread, &attr, &trampoline, &job) == 0;
        pthread_attr_destroy(&attr);
    }
    if (!started) {
        fn();
        return;
    }
    pthread_join(thread, nullptr);
    if (job.error) std::rethrow_exception(job.error);
}

}  // namespace stagelight
