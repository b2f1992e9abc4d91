// The diagnosis findings as a table (the Alerts dock): severity, title, estimated cost, rule.
// Qt::UserRole holds raw values for sorting; FindingRole the finding's index in the analysis.
#pragma once

#include <QAbstractTableModel>

#include "qt/MetaTypes.h"

namespace stagelight {

class FindingsModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Severity, Cost, Title, Rule, ColumnCount };
    static constexpr int SortRole = Qt::UserRole;
    static constexpr int FindingRole = Qt::UserRole + 1;
    static constexpr int SeverityRole = Qt::UserRole + 2;  // the Severity as an int

    explicit FindingsModel(QObject* parent = nullptr);
    void setAnalysis(AnalysisPtr analysis);
    const Finding* finding(int row) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    AnalysisPtr analysis_;
};

}  // namespace stagelight
