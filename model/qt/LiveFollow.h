// Keeps a log that is still being written open (an .inprogress file, a rolling directory): a
// file-system watch, with a poll every few seconds for file systems that send no events (NFS,
// a mounted bucket), starts a read of what was appended on a worker, and each time something
// new was read the whole model, as a load of the log so far would give it, comes back in
// `updated`. Reads never overlap; the watch stops when the application has ended.
#pragma once

#include <QObject>
#include <QString>

#include <memory>

#include "qt/JobTracker.h"
#include "qt/MetaTypes.h"

class QFileSystemWatcher;
class QTimer;

namespace stagelight {

class LogFollower;

class LiveFollow : public QObject {
    Q_OBJECT
public:
    explicit LiveFollow(QObject* parent = nullptr);
    ~LiveFollow() override;

    // Follows `follower`'s log from where its first poll left it; null stops following.
    void follow(std::shared_ptr<LogFollower> follower);
    bool isFollowing() const { return follower_ != nullptr; }
    // How often the log is looked at without a file-system event (tests: often).
    void setPollInterval(int ms);
    void pollNow();  // a read now, unless one is running

Q_SIGNALS:
    void updated(stagelight::ModelPtr model);  // what was appended is read: the model so far
    // The log was rewritten, not appended to (another application, say): read again from its
    // start, it is a new log on screen.
    void rewritten(stagelight::ModelPtr model);
    void ended();                              // the application ended: no more reading
    void failed(const QString& message);       // the log cannot be read now (it is kept)

private:
    void watch();  // the log's current files and folder
    std::shared_ptr<LogFollower> follower_;
    QFileSystemWatcher* watcher_;
    QTimer* poll_;      // the fallback
    QTimer* settle_;    // a burst of writes is one read
    JobTracker reads_{this};
};

}  // namespace stagelight
