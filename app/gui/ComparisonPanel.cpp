#include "gui/ComparisonPanel.h"

#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QSplitter>
#include <QTabBar>
#include <QVBoxLayout>

#include <algorithm>

#include "charts/TaskHistogramView.h"
#include "model/Numeric.h"
#include "qt/ComparisonModel.h"
#include "qt/PlainText.h"
#include "tables/DataTableView.h"
#include "text/Elide.h"
#include "text/Format.h"
#include "timeline/StageTimelineView.h"

namespace stagelight {
namespace {

QString text(const std::string& s) {
    return QString::fromStdString(elide(s));
}

// A wrapped label makes the layout height-for-width, and the dock's scroll area then sizes the
// panel to the layout's full minimum height, never short enough for the compact arrangement.
// So the summary opts out and sets its own minimum height instead: what its lines need at the
// current width, at most four lines; the whole text is also its tooltip.
class SummaryLabel : public QLabel {
public:
    using QLabel::QLabel;
    bool hasHeightForWidth() const override { return false; }

    void setSummary(const QString& text) {
        setText(text);
        setToolTip(plainTooltip(text));  // stage and file names from the logs, never markup
        fit();
    }

protected:
    void resizeEvent(QResizeEvent* event) override {
        QLabel::resizeEvent(event);
        fit();
    }

private:
    void fit() {
        const int lines = std::min(heightForWidth(width()), 4 * fontMetrics().lineSpacing() + 4);
        if (lines > 0 && minimumHeight() != lines) setMinimumHeight(lines);
    }
};

}  // namespace

ComparisonPanel::ComparisonPanel(QWidget* parent)
    : QWidget(parent),
      summary_(new SummaryLabel(this)),
      model_(new ComparisonModel(this)),
      table_(new DataTableView(this)) {
    setWindowTitle(tr("Comparison"));
    table_->setObjectName(QStringLiteral("comparisonTable"));
    summary_->setTextFormat(Qt::PlainText);  // file and stage names come from the logs
    summary_->setWordWrap(true);
    summary_->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    table_->setSourceModel(model_);
    // The change first: in a narrow dock the stage pair and its Δ are what stays in view.
    table_->horizontalHeader()->moveSection(ComparisonModel::DurationDelta, ComparisonModel::Confidence);
    table_->horizontalHeader()->moveSection(ComparisonModel::DurationPct, ComparisonModel::Confidence + 1);
    showing_ = new QTabBar(this);
    showing_->setObjectName(QStringLiteral("comparisonShowing"));
    showing_->addTab(tr("Timelines"));
    showing_->addTab(tr("Histograms"));
    showing_->setDrawBase(false);
    showing_->hide();
    auto* pair = new QWidget(this);
    auto* pairLayout = new QVBoxLayout(pair);
    pairLayout->setContentsMargins(0, 0, 0, 0);
    pairLayout->setSpacing(0);
    pairLayout->addWidget(showing_);
    auto* sides = new QSplitter(Qt::Horizontal, pair);
    pairLayout->addWidget(sides, 1);
    for (int i = 0; i < 2; ++i) {
        auto* side = new QWidget(sides);
        auto* layout = new QVBoxLayout(side);
        layout->setContentsMargins(0, 0, 0, 0);
        titles_[i] = new QLabel(side);
        titles_[i]->setTextFormat(Qt::PlainText);
        histograms_[i] = new TaskHistogramView(side);
        histograms_[i]->setMinimumHeight(120);
        timelines_[i] = new StageTimelineView(side);
        auto* views = new QSplitter(Qt::Vertical, side);
        views->addWidget(histograms_[i]);
        views->addWidget(timelines_[i]);
        layout->addWidget(titles_[i]);
        layout->addWidget(views, 1);
        sides->addWidget(side);
    }
    split_ = new QSplitter(Qt::Vertical, this);
    split_->addWidget(table_);
    split_->addWidget(pair);
    split_->setStretchFactor(1, 1);
    split_->setChildrenCollapsible(false);
    table_->setMinimumHeight(90);
    table_->setMinimumWidth(240);
    // Set here, not from the layout: the tall arrangement's minimum would keep the dock from
    // getting short enough to switch to the compact one.
    setMinimumSize(320, 200);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->addWidget(summary_);
    layout->addWidget(split_, 1);
    connect(showing_, &QTabBar::currentChanged, this, [this] { applyShowing(); });
    connect(table_, &QAbstractItemView::clicked, this,
            [this](const QModelIndex& index) { showRow(table_->sourceIndex(index).row()); });
    // The arrow keys move the stages shown too, not only the highlight.
    connect(table_->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex& current) {
                if (current.isValid()) showRow(table_->sourceIndex(current).row());
            });
    connect(table_, &QAbstractItemView::activated, this,
            [this](const QModelIndex& index) { showRow(table_->sourceIndex(index).row()); });
    clear();
}

void ComparisonPanel::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    // Below this the table, two histograms and two timelines cannot all be read at once.
    const bool compact = height() < 440;
    if (compact != compact_) setCompact(compact);
}

void ComparisonPanel::setCompact(bool compact) {
    compact_ = compact;
    split_->setOrientation(compact ? Qt::Horizontal : Qt::Vertical);
    showing_->setVisible(compact);
    applyShowing();
    split_->setStretchFactor(0, compact ? 1 : 0);  // side by side both grow; stacked the pair
    if (compact)
        split_->setSizes({width() * 45 / 100, width() * 55 / 100});
    else
        split_->setSizes({height() * 35 / 100, height() * 65 / 100});
}

void ComparisonPanel::applyShowing() {
    const bool histograms = showing_->currentIndex() == 1;
    for (int i = 0; i < 2; ++i) {
        histograms_[i]->setVisible(!compact_ || histograms);
        timelines_[i]->setVisible(!compact_ || !histograms);
    }
}

void ComparisonPanel::clear() {
    runs_[0] = runs_[1] = nullptr;
    comparison_.reset();
    model_->setComparison(nullptr);
    static_cast<SummaryLabel*>(summary_)->setSummary(
        tr("File > Compare with… opens a baseline run to compare the open run with, "
           "stage by stage."));
    for (int i = 0; i < 2; ++i) {
        titles_[i]->clear();
        histograms_[i]->setStage(nullptr, 0);
        timelines_[i]->setStage(nullptr, 0);
    }
}

void ComparisonPanel::setRuns(ModelPtr baseline, const QString& baselineFile, ModelPtr trial,
                              std::shared_ptr<const Comparison> comparison) {
    runs_[0] = std::move(baseline);
    runs_[1] = std::move(trial);
    comparison_ = std::move(comparison);
    model_->setComparison(comparison_);
    const Comparison& c = *comparison_;
    const double pct = c.baselineWallMs > 0 ? 100.0 * double(c.trialWallMs - c.baselineWallMs) /
                                                  double(c.baselineWallMs)
                                            : 0.0;
    QString line =
        tr("Baseline %1: wall clock %2 → %3 (%4%5 %) · %6 stages matched, %7 only in "
           "the baseline, %8 only in this run")
            .arg(baselineFile, text(formatDuration(c.baselineWallMs)),
                 text(formatDuration(c.trialWallMs)), pct >= 0 ? QStringLiteral("+") : QString())
            .arg(pct, 0, 'f', 1)
            .arg(c.matches.size())
            .arg(c.unmatchedBaseline.size())
            .arg(c.unmatchedTrial.size());
    // What kind of time changed first (the driver's, waiting, stages), then which stages.
    for (size_t k = 0; k < c.explainingCauses.size(); ++k)
        line += (k == 0 ? tr(" · the wall clock changed mostly in ") : QStringLiteral("; ")) +
                text(causeChangeText(c.causes[c.explainingCauses[k]]))
                    .replace(QStringLiteral(" -> "), QStringLiteral(" → "));  // the GUI's arrow
    for (size_t k = 0; k < c.explaining.size(); ++k) {
        const StageMatch& m = c.matches[c.explaining[k]];
        const int64_t d = saturatingSub(m.trial.durationMs, m.baseline.durationMs);
        line += (k == 0 ? tr(" · stage time mostly in ") : QStringLiteral(", ")) +
                QStringLiteral("%1.%2 → %3.%4 (%5%6)")
                    .arg(m.baseline.stageId)
                    .arg(m.baseline.attemptId)
                    .arg(m.trial.stageId)
                    .arg(m.trial.attemptId)
                    .arg(d >= 0 ? QStringLiteral("+") : QStringLiteral("−"),
                         text(formatDuration(d >= 0 ? d : -d)));
    }
    static_cast<SummaryLabel*>(summary_)->setSummary(line);
    // The stages that moved the total in its direction first.
    table_->sortByColumn(ComparisonModel::DurationDelta, c.trialWallMs >= c.baselineWallMs
                                                             ? Qt::DescendingOrder
                                                             : Qt::AscendingOrder);
    showRow(c.explaining.empty() ? 0 : int(c.explaining.front()));
}

void ComparisonPanel::showRow(int row) {
    const ComparedStage* sides[2] = {model_->baseline(row), model_->trial(row)};
    const QString names[2] = {tr("Baseline"), tr("This run")};
    for (int i = 0; i < 2; ++i) {
        const ComparedStage* s = sides[i];
        if (!s || !runs_[i]) {
            titles_[i]->setText(tr("%1: no matching stage").arg(names[i]));
            histograms_[i]->setStage(nullptr, 0);
            timelines_[i]->setStage(nullptr, 0);
            continue;
        }
        titles_[i]->setText(tr("%1: stage %2.%3 · %4 · %5")
                                .arg(names[i])
                                .arg(s->stageId)
                                .arg(s->attemptId)
                                .arg(text(formatDuration(s->durationMs)), text(s->name)));
        histograms_[i]->setStage(runs_[i], s->stage);
        timelines_[i]->setStage(runs_[i], s->stage);
    }
    if (row >= 0 && row < model_->rowCount()) table_->selectSourceRows({row});
}

}  // namespace stagelight
