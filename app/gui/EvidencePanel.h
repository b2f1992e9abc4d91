// The selected finding in full: severity, title, cost, explanation, fix and how the cost was
// estimated; its evidence as a list (activating a line navigates to it); and the raw JSON of the
// events behind it, read from the log by byte offset on a worker thread when the finding is
// selected. All log text is plain text. Shows the finding the Navigator was asked for; activating
// a line asks the Navigator to show that piece of evidence.
#pragma once

#include <QWidget>

#include "figures/Histogram.h"
#include "qt/JobTracker.h"
#include "qt/MetaTypes.h"

class QLabel;
class QListWidget;
class QPlainTextEdit;

namespace stagelight {

class LoadSession;
class Navigator;

class EvidencePanel : public QWidget {
    Q_OBJECT
public:
    EvidencePanel(LoadSession* session, Navigator* navigator, QWidget* parent);
    QString rawText() const;  // what the raw JSON box shows (for tests)
    const std::string& shownFindingId() const { return shownId_; }  // "" when none

Q_SIGNALS:
    void rawEventsShown();  // the raw JSON has been read (or could not be) and is shown

private:
    void showFinding(const Finding* finding);  // null clears

    ModelPtr model_;
    std::vector<Evidence> evidence_;
    std::string shownId_;
    HistogramMetric focus_ = HistogramMetric::Duration;  // of the finding shown
    QLabel* icon_;
    QLabel* title_;
    QLabel* cost_;
    QLabel* detail_;
    QLabel* fix_;
    QLabel* method_;
    QListWidget* list_;
    QPlainTextEdit* raw_;
    JobTracker reader_{this};  // last: waits for the read before the rest goes
};

}  // namespace stagelight
