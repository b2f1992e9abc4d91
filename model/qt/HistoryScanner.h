// Reads a log directory for the browser on a worker: each log's head first (rows in batches,
// so the list fills as it is read), then each log diagnosed in turn for its costliest finding.
// Stops when asked or when destroyed (and waits for its worker).
#pragma once

#include <QObject>
#include <QString>

#include <vector>

#include "load/LogListing.h"
#include "qt/HistoryListModel.h"
#include "qt/JobTracker.h"

namespace stagelight {

class HistoryScanner : public QObject {
    Q_OBJECT
public:
    explicit HistoryScanner(QObject* parent = nullptr);
    void start(const QString& directory, bool diagnose = true);
    void stop();
    bool isRunning() const { return jobs_.isJobRunning(); }

Q_SIGNALS:
    void logsListed(std::vector<stagelight::LogSummary> logs);  // the next batch of rows
    void listingDone(int logs);
    void findingReady(const QString& path, const stagelight::TopFinding& finding);
    void finished();

private:
    JobTracker jobs_{this};
};

}  // namespace stagelight
