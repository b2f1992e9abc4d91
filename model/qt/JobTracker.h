// One way to run work off the GUI thread, after hotspot's JobTracker (src/jobtracker.h): every
// start is a new job id and supersedes the job before it, whose result is then dropped; the job
// sees a cancel flag; its result, or the message of an exception it threw, is delivered on the
// context object's thread (never once the context is gone). The tracker's destructor cancels and
// waits, so no worker outlives the object whose data it reads. Qt Core only.
#pragma once

#include <QMetaObject>
#include <QObject>
#include <QPointer>
#include <QString>
#include <QThreadPool>

#include <atomic>
#include <exception>
#include <memory>
#include <optional>
#include <type_traits>
#include <utility>

namespace stagelight {

// What a running job sees of its tracker.
class JobControl {
public:
    // Superseded by a newer job, cancelled, or the tracker is going away: stop early if you can.
    bool cancelled() const { return state_->cancelled.load(std::memory_order_relaxed); }
    // The same flag, for code that polls an atomic itself (LoadOptions::cancel).
    const std::atomic<bool>* cancelFlag() const { return &state_->cancelled; }
    quint64 jobId() const { return state_->id; }
    // Runs `f` on the context's thread, unless the job has been superseded by then (progress).
    // Callable from any thread the job runs code on.
    template <typename F>
    void post(F&& f) const {
        if (cancelled()) return;
        QMetaObject::invokeMethod(
            state_->context.data(),
            [state = state_, f = std::forward<F>(f)]() mutable {
                if (!state->cancelled.load()) f();
            },
            Qt::QueuedConnection);
    }

private:
    friend class JobTracker;
    struct State {
        State(quint64 jobId, QObject* ctx) : id(jobId), context(ctx) {}
        const quint64 id;
        std::atomic<bool> cancelled{false};
        // Made on the context's thread; workers only pass it to invokeMethod, and the tracker
        // (a member of the context) waits for them before the context is destroyed.
        const QPointer<QObject> context;
    };
    explicit JobControl(std::shared_ptr<State> state) : state_(std::move(state)) {}
    std::shared_ptr<State> state_;
};

// Make the tracker a member of `context` (or of something it owns), so it is destroyed, and
// waits for its workers, before the context is. Start and cancel jobs on the context's thread.
class JobTracker {
public:
    explicit JobTracker(QObject* context);
    ~JobTracker();  // cancels the current job and waits for every worker
    JobTracker(const JobTracker&) = delete;
    JobTracker& operator=(const JobTracker&) = delete;

    // Runs `job(const JobControl&)` on a worker. On the context's thread, if no job was started
    // or cancelled since: `done(result)`, or `failed(message)` when the job threw. Returns the id.
    template <typename Job, typename Done, typename Failed>
    quint64 startJob(Job&& job, Done&& done, Failed&& failed);
    // The current job's result is dropped and its flag set.
    void cancel();
    // A job was started and has neither delivered nor been cancelled.
    bool isJobRunning() const { return current_ != nullptr; }
    quint64 lastJobId() const { return lastId_; }
    // Blocks until every worker has returned, superseded ones too (results still arrive through
    // the event loop). For tests and shutdown.
    void waitForWorkers();

private:
    // Called on the context's thread with the delivering job's state.
    bool deliverable(const std::shared_ptr<JobControl::State>& state);
    static QString messageOf(const char* what);  // what() as text; null: not a std::exception

    QPointer<QObject> context_;
    QThreadPool pool_;
    std::shared_ptr<JobControl::State> current_;
    quint64 lastId_ = 0;
};

template <typename Job, typename Done, typename Failed>
quint64 JobTracker::startJob(Job&& job, Done&& done, Failed&& failed) {
    using Result = std::decay_t<std::invoke_result_t<Job&, const JobControl&>>;
    cancel();  // the job before is superseded
    auto state = std::make_shared<JobControl::State>(++lastId_, context_.data());
    current_ = state;
    JobTracker* const self = this;
    pool_.start([self, state, job = std::forward<Job>(job), done = std::forward<Done>(done),
                 failed = std::forward<Failed>(failed)]() mutable {
        if (state->cancelled.load()) return;  // superseded before a thread was free
        std::optional<Result> result;
        QString error;
        // The exception boundary: a throwing job is an error for the user, not std::terminate.
        try {
            result.emplace(job(JobControl(state)));
        } catch (const std::exception& e) {
            error = messageOf(e.what());
        } catch (...) {
            error = messageOf(nullptr);
        }
        if (state->cancelled.load()) return;
        QMetaObject::invokeMethod(
            state->context.data(),
            [self, state, result = std::move(result), error, done = std::move(done),
             failed = std::move(failed)]() mutable {
                // The flag first: it is set for every job of a destroyed tracker, so `self` is
                // only touched while it is alive.
                if (state->cancelled.load() || !self->deliverable(state)) return;
                if (result)
                    done(std::move(*result));
                else
                    failed(error);
            },
            Qt::QueuedConnection);
    });
    return state->id;
}

}  // namespace stagelight
