// The selected finding in full: severity, title, cost, explanation, fix and how the cost was
// estimated; its evidence as a list (activating a line navigates to it); and the raw JSON of the
// events behind it, read from the log by byte offset on a worker thread when the finding is
// selected. All log text is plain text.
#pragma once

#include <QWidget>

#include "qt/JobTracker.h"
#include "qt/MetaTypes.h"

class QLabel;
class QListWidget;
class QPlainTextEdit;

namespace stagelight {

class EvidencePanel : public QWidget {
    Q_OBJECT
public:
    explicit EvidencePanel(QWidget* parent = nullptr);
    void setModel(ModelPtr model);
    void showFinding(const Finding* finding);  // null clears
    QString rawText() const;                   // what the raw JSON box shows (for tests)

Q_SIGNALS:
    void evidenceActivated(const stagelight::Evidence& evidence);
    void rawEventsShown();  // the raw JSON has been read (or could not be) and is shown

private:
    ModelPtr model_;
    std::vector<Evidence> evidence_;
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
