// The landing page: where the wall clock went (one bar of its slices) and, under it, the
// findings in the analysis' order (headline first, then by cost), each row with its rank,
// severity, a cost bar, title, one-line fix and what it concerns. Choosing a finding by mouse
// or keyboard, or a slice of the bar, is reported; the window turns it into navigation (views
// know no Navigator).
#pragma once

#include <QWidget>

#include "qt/MetaTypes.h"

class QLabel;
class QLineEdit;

namespace stagelight {

class DataTableView;
class FindingsModel;
class WallClockBar;

class DiagnosisView : public QWidget {
    Q_OBJECT
public:
    explicit DiagnosisView(QWidget* parent = nullptr);
    void setAnalysis(AnalysisPtr analysis);  // nullptr: nothing loaded
    // No findings yet, and why ("Reading the log…", "Diagnosing…") in the headline, and what
    // the bar will show, until setAnalysis.
    void setPending(const QString& state, const QString& barText);
    DataTableView* findingsTable() const { return table_; }
    WallClockBar* bar() const { return bar_; }
    QLineEdit* filter() const { return filter_; }
    QString headline() const;
    // The headline's "findings explain N %".
    static int explainedPercent(int64_t explainedMs, int64_t wallClockMs);

Q_SIGNALS:
    void findingChosen(int findingIndex);    // into Analysis::findings
    void sliceChosen(qsizetype sliceIndex);  // into Analysis::time.slices

private:
    void choose(const QModelIndex& viewIndex);
    void followHeadline(const QString& target);  // a link of the headline: "top", "unexplained"
    AnalysisPtr analysis_;
    QLabel* headline_;
    WallClockBar* bar_;
    QLineEdit* filter_;
    FindingsModel* model_;
    DataTableView* table_;
    int lastChosen_ = -1;
    qint64 lastChosenAtMs_ = 0;
};

}  // namespace stagelight
