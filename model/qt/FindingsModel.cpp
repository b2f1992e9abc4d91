#include "qt/FindingsModel.h"

#include <QStringList>

#include "qt/PlainText.h"
#include "text/Format.h"

namespace stagelight {
namespace {

// The entities a finding points at, each once, in evidence order (at most four).
QString concernsOf(const Finding& f) {
    QStringList parts;
    const auto add = [&parts](const QString& s) {
        if (!parts.contains(s) && parts.size() < 4) parts << s;
    };
    if (f.stage.valid()) add(QStringLiteral("stage %1.%2").arg(f.stage.stage).arg(f.stage.attempt));
    for (const Evidence& e : f.evidence) {
        if (e.stageId >= 0) add(QStringLiteral("stage %1.%2").arg(e.stageId).arg(e.stageAttemptId));
        if (e.kind == Evidence::Kind::SqlNode)
            add(e.nodeId >= 0 ? QStringLiteral("SQL %1 node %2").arg(e.executionId).arg(e.nodeId)
                              : QStringLiteral("SQL %1").arg(e.executionId));
        if (e.kind == Evidence::Kind::Rdd) add(QStringLiteral("RDD %1").arg(e.rddId));
        if (e.kind == Evidence::Kind::Executor)
            add(QStringLiteral("executor %1").arg(logText(e.executorId)));
    }
    return parts.isEmpty() ? QObject::tr("the application") : parts.join(QStringLiteral(" · "));
}

}  // namespace

FindingsModel::FindingsModel(QObject* parent) : QAbstractTableModel(parent) {}

void FindingsModel::setAnalysis(AnalysisPtr analysis) {
    beginResetModel();
    analysis_ = std::move(analysis);
    endResetModel();
}

const Finding* FindingsModel::finding(int row) const {
    if (!analysis_ || row < 0 || size_t(row) >= analysis_->findings.size()) return nullptr;
    return &analysis_->findings[size_t(row)];
}

int FindingsModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() || !analysis_ ? 0 : int(analysis_->findings.size());
}

int FindingsModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant FindingsModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    switch (section) {
        case Severity:
            return tr("Severity");
        case Title:
            return tr("Finding");
        case Cost:
            return tr("Est. cost");
        case Rule:
            return tr("Rule");
        default:
            return {};
    }
}

QVariant FindingsModel::data(const QModelIndex& index, int role) const {
    const Finding* f = index.isValid() ? finding(index.row()) : nullptr;
    if (!f) return {};
    if (role == FindingRole) return index.row();
    if (role == SeverityRole) return int(f->severity);
    if (role == FixRole) return QString::fromStdString(oneLine(f->fix, 400));
    if (role == ConcernsRole) return concernsOf(*f);
    if (role == SymptomOfRole) {
        if (f->symptomOf.empty()) return QString();
        for (const Finding& root : analysis_->findings)
            if (root.id == f->symptomOf) return QString::fromStdString(oneLine(root.title, 120));
        return QString::fromStdString(f->symptomOf);
    }
    if (role == CostShareRole) {
        const int64_t wall = analysis_->time.wallClockMs;
        return wall > 0 ? double(f->estimatedCostMs) / double(wall) : 0.0;
    }
    if (role == SortRole) {
        switch (index.column()) {
            case Severity:
                return int(f->severity);
            case Cost:
                return qlonglong(f->estimatedCostMs);
            case Title:
                return logText(f->title, 2000);
            default:
                return QString::fromStdString(f->rule);
        }
    }
    if (role == Qt::TextAlignmentRole)
        return index.column() == Cost ? QVariant(int(Qt::AlignRight | Qt::AlignVCenter))
                                      : QVariant(int(Qt::AlignLeft | Qt::AlignVCenter));
    if (role == Qt::ToolTipRole)
        return plainTooltip(
            logText(f->detail + "\n\nFix: " + f->fix + "\n\nCost: " + f->costMethod));
    if (role != Qt::DisplayRole) return {};
    switch (index.column()) {
        case Severity:
            return QString::fromUtf8(severityName(f->severity).data(),
                                     qsizetype(severityName(f->severity).size()));
        case Title:
            return logText(f->title, 2000);
        case Cost:
            return f->estimatedCostMs > 0
                       ? QString::fromStdString(formatDuration(f->estimatedCostMs))
                       : QStringLiteral("—");
        case Rule:
            return QString::fromStdString(f->rule);
        default:
            return {};
    }
}

}  // namespace stagelight
