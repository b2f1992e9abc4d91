// The history browser: File > Open of a directory that holds several separate event logs (a
// History Server's log directory) lists its applications — id, name, user, start, duration,
// status, Spark version, size, and, diagnosed in the background, each one's costliest finding —
// sortable and filterable. One chosen opens; two open as a comparison (the earlier is the
// baseline). Logs are never merged. Only each log's head is read to list it.
#pragma once

#include <QDialog>
#include <QStringList>

class QLabel;
class QLineEdit;
class QPushButton;
class QTimer;

namespace stagelight {

class DataTableView;
class HistoryListModel;
class HistoryScanner;

class LogChooserDialog : public QDialog {
    Q_OBJECT
public:
    LogChooserDialog(const QString& directory, QWidget* parent);
    // The chosen logs: one to open, or two to compare (the earlier start first: the baseline).
    QStringList chosenPaths() const;
    DataTableView* table() const { return table_; }
    HistoryListModel* model() const { return model_; }
    HistoryScanner* scanner() const { return scanner_; }
    // Chooses the rows of these log files (names, as in the Log column).
    void choose(const QStringList& fileNames);

private:
    void updateButtons();
    void updateIntro();

    QString directory_;
    HistoryListModel* model_;
    HistoryScanner* scanner_;
    DataTableView* table_;
    QLineEdit* filter_;
    QLabel* intro_;
    QPushButton* open_;
    QTimer* refit_;
    int listed_ = -1;  // logs listed once the directory is read
};

}  // namespace stagelight
