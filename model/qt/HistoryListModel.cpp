#include "qt/HistoryListModel.h"

#include <QDateTime>

#include "qt/PlainText.h"
#include "text/Format.h"

namespace stagelight {
namespace {
QString q(const std::string& s) {
    return logText(s);
}
}  // namespace

HistoryListModel::HistoryListModel(QObject* parent) : QAbstractTableModel(parent) {}

void HistoryListModel::addLogs(std::vector<LogSummary> logs) {
    if (logs.empty()) return;
    beginInsertRows({}, int(logs_.size()), int(logs_.size() + logs.size()) - 1);
    for (LogSummary& l : logs) {
        logs_.push_back(std::move(l));
        findings_.emplace_back();
        known_.push_back(false);
    }
    endInsertRows();
}

void HistoryListModel::setTopFinding(const QString& path, const TopFinding& finding) {
    const std::string p = path.toStdString();
    for (size_t i = 0; i < logs_.size(); ++i)
        if (logs_[i].path.string() == p) {
            findings_[i] = finding;
            if (!known_[i]) ++diagnosed_;
            known_[i] = true;
            Q_EMIT dataChanged(index(int(i), TopFindingColumn), index(int(i), Cost));
            return;
        }
}

int HistoryListModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : int(logs_.size());
}

int HistoryListModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant HistoryListModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal) return {};
    static const char* const names[] = {"App ID", "Name",  "User", "Start", "Duration",
                                        "Status", "Spark", "Size", "Costliest finding",
                                        "Cost",   "Log"};
    if (role == Qt::DisplayRole && section >= 0 && section < ColumnCount)
        return tr(names[section]);
    if (role == Qt::ToolTipRole && section == TopFindingColumn)
        return tr("The finding that costs most wall clock, from a diagnosis run in the "
                  "background, log after log");
    return {};
}

Qt::ItemFlags HistoryListModel::flags(const QModelIndex& index) const {
    if (!index.isValid()) return {};
    // A file that is no log is listed with why, but cannot be chosen.
    return readable(index.row()) ? Qt::ItemIsEnabled | Qt::ItemIsSelectable : Qt::ItemIsEnabled;
}

QVariant HistoryListModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= int(logs_.size())) return {};
    const LogSummary& l = logs_[size_t(index.row())];
    const TopFinding& f = findings_[size_t(index.row())];
    const bool bad = !l.error.empty();
    if (role == PathRole) return QString::fromStdString(l.path.string());
    if (role == StartRole) return qlonglong(l.startMs);
    if (role == Qt::TextAlignmentRole)
        return index.column() == Duration || index.column() == Size || index.column() == Cost
                   ? QVariant(int(Qt::AlignRight | Qt::AlignVCenter))
                   : QVariant();
    if (role == SortRole) {
        switch (index.column()) {
            case Start:
                return qlonglong(l.startMs);
            case Duration:
                return qlonglong(l.durationMs());
            case Size:
                return qlonglong(l.bytes);
            case Cost:
                return qlonglong(f.costMs);
            default:
                break;
        }
    }
    if (role == Qt::ToolTipRole) {
        if (index.column() == File) return plainTooltip(QString::fromStdString(l.path.string()));
        if (index.column() == TopFindingColumn && !f.title.empty())
            return plainTooltip(q(f.title) + QStringLiteral("\n") +
                                tr("%n finding(s) in all", nullptr, f.count));
        if (index.column() == Name && bad) return plainTooltip(q(l.error));
        return {};
    }
    if (role != Qt::DisplayRole && role != SortRole) return {};
    const bool diagnosed = known_[size_t(index.row())];
    switch (index.column()) {
        case AppId:
            return bad || l.appId.empty() ? QStringLiteral("—") : q(l.appIdText());
        case Name:
            return bad ? q(l.error) : firstLine(q(l.appName));
        case User:
            return l.user.empty() ? QStringLiteral("—") : q(l.user);
        case Start:
            return l.startMs < 0 ? QStringLiteral("—")
                                 : QDateTime::fromMSecsSinceEpoch(l.startMs)
                                       .toString(QStringLiteral("yyyy-MM-dd HH:mm:ss"));
        case Duration:
            return l.durationMs() < 0 ? QStringLiteral("—") : q(formatDuration(l.durationMs()));
        case Status:
            return q(l.status());
        case Spark:
            return l.sparkVersion.empty() ? QStringLiteral("—") : q(l.sparkVersion);
        case Size:
            return q(formatBytes(int64_t(l.bytes)));
        case TopFindingColumn:
            if (bad) return QString();
            if (!diagnosed) return tr("diagnosing…");
            if (!f.error.empty()) return tr("not diagnosed: %1").arg(q(f.error));
            return f.title.empty() ? tr("no finding") : firstLine(q(f.title));
        case Cost:
            return !diagnosed || f.costMs < 0 ? QStringLiteral("—") : q(formatDuration(f.costMs));
        case File:
            return q(l.path.filename().string());
        default:
            return {};
    }
}

}  // namespace stagelight
