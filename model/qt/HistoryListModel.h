// The applications of a log directory (a History Server's log directory) as a table: what each
// log's head says (id, name, user, start, duration, status, Spark version, size), and, once the
// background diagnosis reaches it, its costliest finding. Rows arrive in batches as the
// directory is read, so thousands of logs list without a pause.
#pragma once

#include <QAbstractTableModel>

#include <string>
#include <vector>

#include "diagnosis/Finding.h"
#include "load/LogListing.h"

namespace stagelight {

// A log's costliest finding, as the browser shows it.
struct TopFinding {
    std::string title, error;  // error: the log could not be diagnosed
    int64_t costMs = -1;       // -1: no finding, or a cost that is not wall clock
    Severity severity = Severity::Info;
    int count = 0;  // findings in all
};

class HistoryListModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { AppId, Name, User, Start, Duration, Status, Spark, Size, TopFindingColumn, Cost, File, ColumnCount };
    static constexpr int SortRole = Qt::UserRole;      // raw values
    static constexpr int PathRole = Qt::UserRole + 1;  // the log's path
    static constexpr int StartRole = Qt::UserRole + 2;  // epoch ms, -1 when not read

    explicit HistoryListModel(QObject* parent = nullptr);
    void addLogs(std::vector<LogSummary> logs);
    void setTopFinding(const QString& path, const TopFinding& finding);
    bool readable(int row) const { return logs_[size_t(row)].error.empty(); }
    int diagnosed() const { return diagnosed_; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;

private:
    std::vector<LogSummary> logs_;
    std::vector<TopFinding> findings_;
    std::vector<bool> known_;  // the finding has been computed
    int diagnosed_ = 0;
};

}  // namespace stagelight
