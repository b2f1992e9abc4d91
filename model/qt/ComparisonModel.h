// Baseline vs trial stage by stage (the Comparison dock): matched pairs with their figures and
// deltas, then the stages of one run only. Qt::UserRole holds raw values for sorting.
#pragma once

#include <QAbstractTableModel>

#include <memory>

#include "compare/Compare.h"

namespace stagelight {

class ComparisonModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        Baseline,
        Trial,
        Confidence,
        Duration,
        DurationDelta,
        DurationPct,
        Tasks,
        ShuffleRead,
        Spill,
        Skew,
        Name,
        ColumnCount
    };
    static constexpr int SortRole = Qt::UserRole;

    explicit ComparisonModel(QObject* parent = nullptr);
    void setComparison(std::shared_ptr<const Comparison> comparison);
    // The pair on a row: either side may be missing (a stage of one run only).
    const ComparedStage* baseline(int row) const;
    const ComparedStage* trial(int row) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    std::shared_ptr<const Comparison> comparison_;
};

}  // namespace stagelight
