#include "qt/GapsModel.h"

#include "model/Numeric.h"
#include "qt/PlainText.h"
#include "qt/StageText.h"
#include "text/Format.h"

namespace stagelight {
namespace {

QString causeText(Gap::Cause c) {
    const std::string_view t = gapCauseText(c);
    return QString::fromUtf8(t.data(), qsizetype(t.size()));
}

}  // namespace

GapsModel::GapsModel(QObject* parent) : QAbstractTableModel(parent) {}

void GapsModel::setAnalysis(ModelPtr model, AnalysisPtr analysis) {
    beginResetModel();
    model_ = std::move(model);
    analysis_ = std::move(analysis);
    endResetModel();
}

const Gap* GapsModel::gap(int row) const {
    if (!analysis_ || row < 0 || size_t(row) >= analysis_->time.gaps.size()) return nullptr;
    return &analysis_->time.gaps[size_t(row)];
}

int GapsModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() || !analysis_ ? 0 : int(analysis_->time.gaps.size());
}

int GapsModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant GapsModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal) return {};
    static const char* names[] = {"Cause", "Start", "Duration", "Stage", "Detail"};
    static const char* tips[] = {
        "driver only: no job running; no executors: a job ran with no executor alive; straggler "
        "tail: under half the cores busy while a stage's last tasks ran; idle slots: cores idle "
        "while a stage's tasks waited to launch",
        "From the application's start", "How long the gap lasted", "The stage it happened in",
        "What the gap is"};
    if (section < 0 || section >= ColumnCount) return {};
    if (role == Qt::DisplayRole) return tr(names[section]);
    if (role == Qt::ToolTipRole) return tr(tips[section]);
    return {};
}

QVariant GapsModel::data(const QModelIndex& index, int role) const {
    const Gap* g = index.isValid() ? gap(index.row()) : nullptr;
    if (!g || !model_) return {};
    const int64_t start = saturatingSub(g->startMs, model_->application.startTime);
    if (role == SortRole) {
        switch (index.column()) {
            case Cause:
                return int(g->cause);
            case Start:
                return qlonglong(start);
            case Duration:
                return qlonglong(g->endMs - g->startMs);
            case Stage:
                return qlonglong(g->stageId) * 1000 + g->stageAttemptId;
            default:
                return logText(g->detail, 2000);
        }
    }
    if (role == Qt::ToolTipRole && index.column() == Detail)
        return plainTooltip(logText(g->detail, 2000));
    if (role == Qt::TextAlignmentRole)
        return index.column() == Start || index.column() == Duration
                   ? QVariant(int(Qt::AlignRight | Qt::AlignVCenter))
                   : QVariant(int(Qt::AlignLeft | Qt::AlignVCenter));
    if (role != Qt::DisplayRole) return {};
    switch (index.column()) {
        case Cause:
            return causeText(g->cause);
        case Start:
            return QString::fromStdString(formatOffset(start));
        case Duration:
            return QString::fromStdString(formatDuration(g->endMs - g->startMs));
        case Stage:
            return g->stageId >= 0 ? stageIdText(g->stageId, g->stageAttemptId)
                                   : QString();
        case Detail:
            return logText(g->detail, 2000);
        default:
            return {};
    }
}

}  // namespace stagelight
