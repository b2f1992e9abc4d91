#include "qt/JobTracker.h"

namespace stagelight {

JobTracker::JobTracker(QObject* context) : context_(context) {}

JobTracker::~JobTracker() {
    cancel();
    waitForWorkers();
}

void JobTracker::cancel() {
    if (current_) current_->cancelled.store(true);
    current_.reset();
}

void JobTracker::waitForWorkers() {
    pool_.waitForDone();
}

bool JobTracker::deliverable(const std::shared_ptr<JobControl::State>& state) {
    // cancel() and the destructor run on this thread too, so this cannot race with them.
    if (state->cancelled.load() || state != current_ || !context_) return false;
    current_.reset();
    return true;
}

QString JobTracker::messageOf(const char* what) {
    if (!what) return QStringLiteral("an unknown error");
    const QString text = QString::fromUtf8(what);
    return text.isEmpty() ? QStringLiteral("an unnamed error") : text;
}

}  // namespace stagelight
