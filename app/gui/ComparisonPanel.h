// The Comparison dock: a baseline run against the open (trial) run, stage by stage. A summary
// line, the matched stages with their deltas (and the stages of one run only), and for the
// selected pair the task histograms and timelines of both runs side by side. In a short dock
// (a laptop screen) the table and the pair sit side by side instead, the pair showing either
// its timelines or its histograms (a tab bar switches), so nothing is squeezed to zero.
#pragma once

#include <QWidget>

#include <memory>

#include "compare/Compare.h"
#include "qt/MetaTypes.h"

class QLabel;
class QSplitter;
class QTabBar;

namespace stagelight {

class ComparisonModel;
class DataTableView;
class TaskHistogramView;
class StageTimelineView;

class ComparisonPanel : public QWidget {
    Q_OBJECT
public:
    explicit ComparisonPanel(QWidget* parent = nullptr);
    void setRuns(ModelPtr baseline, const QString& baselineFile, ModelPtr trial,
                 std::shared_ptr<const Comparison> comparison);
    void clear();
    void showRow(int row);  // the pair on that row, in both runs' views
    const ComparisonModel* model() const { return model_; }
    const TaskHistogramView* baselineHistogram() const { return histograms_[0]; }
    const TaskHistogramView* trialHistogram() const { return histograms_[1]; }
    bool compact() const { return compact_; }

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    ModelPtr runs_[2];
    std::shared_ptr<const Comparison> comparison_;
    QLabel* summary_;
    ComparisonModel* model_;
    DataTableView* table_;
    QLabel* titles_[2];
    TaskHistogramView* histograms_[2];
    StageTimelineView* timelines_[2];
    QSplitter* split_;   // the table over (or, compact, beside) the pair
    QTabBar* showing_;   // compact: timelines or histograms
    bool compact_ = false;
    void setCompact(bool compact);
    void applyShowing();  // compact: the views the tab bar chose
};

}  // namespace stagelight
