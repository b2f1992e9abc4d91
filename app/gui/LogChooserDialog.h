// File > Open of a directory that holds several separate event logs: its applications listed
// (id, name, start, duration, status, size) to pick one, or two to compare. Logs are never merged.
#pragma once

#include <QDialog>
#include <QStringList>

#include <vector>

#include "load/LogListing.h"

class QDialogButtonBox;
class QPushButton;
class QTreeWidget;

namespace stagelight {

class LogChooserDialog : public QDialog {
    Q_OBJECT
public:
    LogChooserDialog(const QString& directory, std::vector<LogSummary> logs, QWidget* parent);
    // The chosen logs in list order: one to open, or two (baseline first) to compare.
    QStringList chosenPaths() const;
    QTreeWidget* list() const { return list_; }
    enum Column { AppId, Name, Start, Duration, Status, Size, File, ColumnCount };

private:
    void updateButtons();

    QTreeWidget* list_;
    QPushButton* open_;
};

}  // namespace stagelight
