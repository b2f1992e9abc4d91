#include "gui/ComparisonPanel.h"

#include <QLabel>
#include <QSplitter>
#include <QVBoxLayout>

#include "charts/TaskHistogramView.h"
#include "qt/ComparisonModel.h"
#include "tables/DataTableView.h"
#include "text/Elide.h"
#include "text/Format.h"
#include "timeline/StageTimelineView.h"

namespace stagelight {
namespace {

QString text(const std::string& s) {
    return QString::fromStdString(elide(s));
}

}  // namespace

ComparisonPanel::ComparisonPanel(QWidget* parent)
    : QWidget(parent),
      summary_(new QLabel(this)),
      model_(new ComparisonModel(this)),
      table_(new DataTableView(this)) {
    setWindowTitle(tr("Comparison"));
    table_->setObjectName(QStringLiteral("comparisonTable"));
    summary_->setTextFormat(Qt::PlainText);  // file and stage names come from the logs
    summary_->setWordWrap(true);
    table_->setSourceModel(model_);
    auto* sides = new QSplitter(Qt::Horizontal, this);
    for (int i = 0; i < 2; ++i) {
        auto* side = new QWidget(sides);
        auto* layout = new QVBoxLayout(side);
        layout->setContentsMargins(0, 0, 0, 0);
        titles_[i] = new QLabel(side);
        titles_[i]->setTextFormat(Qt::PlainText);
        histograms_[i] = new TaskHistogramView(side);
        histograms_[i]->setMinimumHeight(150);
        timelines_[i] = new StageTimelineView(side);
        auto* views = new QSplitter(Qt::Vertical, side);
        views->addWidget(histograms_[i]);
        views->addWidget(timelines_[i]);
        layout->addWidget(titles_[i]);
        layout->addWidget(views, 1);
        sides->addWidget(side);
    }
    auto* split = new QSplitter(Qt::Vertical, this);
    split->addWidget(table_);
    split->addWidget(sides);
    split->setStretchFactor(1, 1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->addWidget(summary_);
    layout->addWidget(split, 1);
    connect(table_, &QAbstractItemView::clicked, this,
            [this](const QModelIndex& index) { showRow(table_->sourceIndex(index).row()); });
    connect(table_, &QAbstractItemView::activated, this,
            [this](const QModelIndex& index) { showRow(table_->sourceIndex(index).row()); });
    clear();
}

void ComparisonPanel::clear() {
    runs_[0] = runs_[1] = nullptr;
    comparison_.reset();
    model_->setComparison(nullptr);
    summary_->setText(
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
    for (size_t k = 0; k < c.explaining.size(); ++k) {
        const StageMatch& m = c.matches[c.explaining[k]];
        const int64_t d = m.trial.durationMs - m.baseline.durationMs;
        line += (k == 0 ? tr(" · explained mostly by ") : QStringLiteral(", ")) +
                QStringLiteral("%1.%2 → %3.%4 (%5%6)")
                    .arg(m.baseline.stageId)
                    .arg(m.baseline.attemptId)
                    .arg(m.trial.stageId)
                    .arg(m.trial.attemptId)
                    .arg(d >= 0 ? QStringLiteral("+") : QStringLiteral("−"),
                         text(formatDuration(d >= 0 ? d : -d)));
    }
    summary_->setText(line);
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
