// File > Open URL and `stagelight https://shs:18080/history/APP_ID/`: the application's event
// logs downloaded from its History Server on a worker (net/HistoryServerDownload.h), with
// progress and cancel; the saved zip is then opened like a local file.
#pragma once

#include <QObject>
#include <QString>

#include "qt/JobTracker.h"

namespace stagelight {

class UrlOpener : public QObject {
    Q_OBJECT
public:
    explicit UrlOpener(QObject* parent = nullptr);
    void open(const QString& url);
    void cancel();
    bool isDownloading() const { return jobs_.isJobRunning(); }
    // Where downloads are kept (tests: a temporary directory).
    void setCacheDir(const QString& dir) { cacheDir_ = dir; }

Q_SIGNALS:
    void progress(qint64 done, qint64 total);
    void downloaded(const QString& url, const QString& file);
    void failed(const QString& message);

private:
    QString cacheDir_;
    JobTracker jobs_{this};
};

}  // namespace stagelight
