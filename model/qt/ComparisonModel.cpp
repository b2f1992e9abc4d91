#include "qt/ComparisonModel.h"

#include "qt/StageText.h"
#include "qt/PlainText.h"
#include "text/Format.h"

namespace stagelight {
namespace {

QString text(const std::string& s) {
    return logText(s);
}

QString stageLabel(const ComparedStage* s) {
    return s ? stageIdText(s->stageId, s->attemptId) : QStringLiteral("—");
}

template <typename Fn>
QString pair(const ComparedStage* b, const ComparedStage* t, Fn&& format) {
    auto side = [&](const ComparedStage* s) { return s ? format(s) : QStringLiteral("—"); };
    return side(b) + QStringLiteral(" → ") + side(t);
}

}  // namespace

ComparisonModel::ComparisonModel(QObject* parent) : QAbstractTableModel(parent) {}

void ComparisonModel::setComparison(std::shared_ptr<const Comparison> comparison) {
    beginResetModel();
    comparison_ = std::move(comparison);
    endResetModel();
}

const ComparedStage* ComparisonModel::baseline(int row) const {
    if (!comparison_ || row < 0) return nullptr;
    const size_t r = size_t(row), matched = comparison_->matches.size();
    if (r < matched) return &comparison_->matches[r].baseline;
    if (r - matched < comparison_->unmatchedBaseline.size())
        return &comparison_->unmatchedBaseline[r - matched];
    return nullptr;
}

const ComparedStage* ComparisonModel::trial(int row) const {
    if (!comparison_ || row < 0) return nullptr;
    const size_t r = size_t(row), matched = comparison_->matches.size(),
                 onlyBaseline = comparison_->unmatchedBaseline.size();
    if (r < matched) return &comparison_->matches[r].trial;
    if (r >= matched + onlyBaseline &&
        r - matched - onlyBaseline < comparison_->unmatchedTrial.size())
        return &comparison_->unmatchedTrial[r - matched - onlyBaseline];
    return nullptr;
}

int ComparisonModel::rowCount(const QModelIndex& parent) const {
    if (parent.isValid() || !comparison_) return 0;
    return int(comparison_->matches.size() + comparison_->unmatchedBaseline.size() +
               comparison_->unmatchedTrial.size());
}

int ComparisonModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant ComparisonModel::headerData(int section, Qt::Orientation orientation, int role) const {
    static const char* names[] = {"Baseline",     "Trial", "Match", "Duration",
                                  "Δ duration",   "Δ %",   "Tasks", "Shuffle read",
                                  "Spill (disk)", "Skew",  "Name"};
    static const char* tips[] = {
        "The stage in the baseline run (id.attempt)",
        "The matching stage in the trial run (ids shift between runs)",
        "How much of the stages' structure agrees: call site, job, rank in the job, RDD scopes, "
        "parents",
        "Stage duration (first task launch to completion), baseline → trial",
        "Trial minus baseline duration",
        "Change of the duration in percent of the baseline's",
        "Task attempts, baseline → trial",
        "Shuffle bytes read, baseline → trial",
        "Bytes spilled to disk, baseline → trial",
        "Longest over median successful task duration, baseline → trial",
        "The stage's name (call site)"};
    if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount) return {};
    if (role == Qt::DisplayRole) return tr(names[section]);
    if (role == Qt::ToolTipRole) return tr(tips[section]);
    return {};
}

QVariant ComparisonModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rowCount()) return {};
    const ComparedStage* b = baseline(index.row());
    const ComparedStage* t = trial(index.row());
    const bool matched = size_t(index.row()) < comparison_->matches.size();
    const double confidence = matched ? comparison_->matches[size_t(index.row())].confidence : 0;
    const int64_t delta = b && t ? t->durationMs - b->durationMs : 0;
    const double pct =
        b && t && b->durationMs > 0 ? 100.0 * double(delta) / double(b->durationMs) : 0;
    const ComparedStage* any = t ? t : b;
    if (role == Qt::TextAlignmentRole)
        return index.column() == Name ? QVariant(int(Qt::AlignLeft | Qt::AlignVCenter))
                                      : QVariant(int(Qt::AlignRight | Qt::AlignVCenter));
    if (role == SortRole) {
        switch (index.column()) {
            case Baseline:
                return b ? qlonglong(b->stageId) * 1000 + b->attemptId : -1;
            case Trial:
                return t ? qlonglong(t->stageId) * 1000 + t->attemptId : -1;
            case Confidence:
                return confidence;
            case Duration:
                return qlonglong(any->durationMs);
            case DurationDelta:
                return qlonglong(delta);
            case DurationPct:
                return pct;
            case Tasks:
                return qlonglong(any->tasks);
            case ShuffleRead:
                return qlonglong(any->shuffleReadBytes);
            case Spill:
                return qlonglong(any->spillBytes);
            case Skew:
                return any->skewRatio;
            default:
                return firstLine(text(any->name));
        }
    }
    if (role == Qt::ToolTipRole && index.column() == Name) return plainTooltip(text(any->name));
    if (role != Qt::DisplayRole) return {};
    switch (index.column()) {
        case Baseline:
            return stageLabel(b);
        case Trial:
            return stageLabel(t);
        case Confidence:
            return matched ? QStringLiteral("%1 %").arg(int(confidence * 100 + 0.5))
                           : tr("only one run");
        case Duration:
            return pair(b, t,
                        [](const ComparedStage* s) { return text(formatDuration(s->durationMs)); });
        case DurationDelta:
            return b && t ? (delta >= 0 ? QStringLiteral("+") : QStringLiteral("−")) +
                                text(formatDuration(delta >= 0 ? delta : -delta))
                          : QString();
        case DurationPct:
            return b && t ? QStringLiteral("%1%2 %")
                                .arg(pct >= 0 ? QStringLiteral("+") : QString())
                                .arg(pct, 0, 'f', 1)
                          : QString();
        case Tasks:
            return pair(b, t, [](const ComparedStage* s) { return QString::number(s->tasks); });
        case ShuffleRead:
            return pair(b, t, [](const ComparedStage* s) {
                return text(formatBytes(s->shuffleReadBytes));
            });
        case Spill:
            return pair(b, t,
                        [](const ComparedStage* s) { return text(formatBytes(s->spillBytes)); });
        case Skew:
            return pair(
                b, t, [](const ComparedStage* s) { return QString::number(s->skewRatio, 'f', 1); });
        default:
            return firstLine(text(any->name));
    }
}

}  // namespace stagelight
