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
    // For the Diagnosis view's rows: the one-line fix, what the finding concerns ("stage 3.0 ·
    // SQL 2 node 7 · RDD 9"), the root cause it is a symptom of (that finding's title), and
    // its cost as a share of the wall clock (the cost bar).
    static constexpr int FixRole = Qt::UserRole + 3;
    static constexpr int ConcernsRole = Qt::UserRole + 4;
    static constexpr int SymptomOfRole = Qt::UserRole + 5;
    static constexpr int CostShareRole = Qt::UserRole + 6;

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
