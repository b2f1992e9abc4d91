#include "qt/LiveFollow.h"

#include <QFileInfo>
#include <QFileSystemWatcher>
#include <QTimer>

#include <filesystem>

#include "load/LogFollower.h"

namespace stagelight {

namespace {
struct Read {
    ModelPtr model;  // null: nothing new
    bool ended = false;
    bool rewritten = false;
    QString error;
};
}  // namespace

LiveFollow::LiveFollow(QObject* parent)
    : QObject(parent),
      watcher_(new QFileSystemWatcher(this)),
      poll_(new QTimer(this)),
      settle_(new QTimer(this)) {
    poll_->setInterval(2000);
    settle_->setSingleShot(true);
    settle_->setInterval(300);
    connect(poll_, &QTimer::timeout, this, &LiveFollow::pollNow);
    connect(settle_, &QTimer::timeout, this, &LiveFollow::pollNow);
    connect(watcher_, &QFileSystemWatcher::fileChanged, settle_, qOverload<>(&QTimer::start));
    connect(watcher_, &QFileSystemWatcher::directoryChanged, settle_,
            qOverload<>(&QTimer::start));
}

LiveFollow::~LiveFollow() = default;

void LiveFollow::setPollInterval(int ms) {
    poll_->setInterval(ms);
}

void LiveFollow::follow(std::shared_ptr<LogFollower> follower) {
    reads_.cancel();
    follower_ = std::move(follower);
    if (!watcher_->files().isEmpty()) watcher_->removePaths(watcher_->files());
    if (!watcher_->directories().isEmpty()) watcher_->removePaths(watcher_->directories());
    if (!follower_) {
        poll_->stop();
        settle_->stop();
        return;
    }
    watch();
    poll_->start();
}

void LiveFollow::watch() {
    // The log itself (a file, or a directory whose parts change) and the folder holding it,
    // where the writer's final rename shows.
    const QString path = QString::fromStdString(follower_->path().string());
    const QString folder = QFileInfo(path).absolutePath();
    if (!watcher_->files().contains(path) && !watcher_->directories().contains(path))
        watcher_->addPath(path);
    if (!watcher_->directories().contains(folder)) watcher_->addPath(folder);
}

void LiveFollow::pollNow() {
    if (!follower_ || reads_.isJobRunning()) return;
    std::shared_ptr<LogFollower> follower = follower_;
    reads_.startJob(
        [follower](const JobControl&) {
            Read r;
            const LogFollower::Poll poll = follower->poll();
            r.error = QString::fromStdString(poll.error);
            r.ended = follower->ended();
            r.rewritten = poll.restarted;
            if (poll.bytesRead > 0 || poll.restarted || r.ended) r.model = follower->snapshot();
            return r;
        },
        [this, follower](Read r) {
            if (follower != follower_) return;  // another log since
            if (!r.error.isEmpty()) Q_EMIT failed(r.error);
            if (r.model && r.rewritten)
                Q_EMIT rewritten(r.model);
            else if (r.model)
                Q_EMIT updated(r.model);
            if (r.ended) {
                follow(nullptr);
                Q_EMIT ended();
                return;
            }
            watch();  // a renamed file or a new part
        },
        [this](const QString& message) { Q_EMIT failed(message); });
}

}  // namespace stagelight
