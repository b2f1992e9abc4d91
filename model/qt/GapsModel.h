// The gaps of the time accounting as a table: cause, start (from the application's start),
// duration, stage, detail. Qt::UserRole holds raw values for sorting.
#pragma once

#include <QAbstractTableModel>

#include "qt/MetaTypes.h"

namespace stagelight {

class GapsModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Cause, Start, Duration, Stage, Detail, ColumnCount };
    static constexpr int SortRole = Qt::UserRole;

    explicit GapsModel(QObject* parent = nullptr);
    void setAnalysis(ModelPtr model, AnalysisPtr analysis);
    const Gap* gap(int row) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    ModelPtr model_;
    AnalysisPtr analysis_;
};

}  // namespace stagelight
