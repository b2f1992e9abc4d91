#include "diagnosis/DiagnosisView.h"

#include <algorithm>

#include <QDateTime>
#include <QSignalBlocker>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QTextDocument>
#include <QTimer>
#include <QVBoxLayout>

#include "diagnosis/Analyzer.h"
#include "diagnosis/FindingRowDelegate.h"
#include "diagnosis/WallClockBar.h"
#include "qt/FindingsModel.h"
#include "tables/CellDelegates.h"
#include "tables/DataTableView.h"
#include "text/Format.h"

namespace stagelight {

DiagnosisView::DiagnosisView(QWidget* parent)
    : QWidget(parent),
      headline_(new QLabel(this)),
      bar_(new WallClockBar(this)),
      filter_(new QLineEdit(this)),
      model_(new FindingsModel(this)),
      table_(new DataTableView(this)) {
    setWindowTitle(tr("Diagnosis"));
    // Rich text for its links only: every word in it is the view's own, no text from the log.
    headline_->setTextFormat(Qt::RichText);
    // By mouse only: a focusable headline would take the window's first focus from the list.
    headline_->setTextInteractionFlags(Qt::LinksAccessibleByMouse);
    connect(headline_, &QLabel::linkActivated, this, &DiagnosisView::followHeadline);
    headline_->setObjectName(QStringLiteral("diagnosisHeadline"));
    QFont big = headline_->font();
    big.setPointSizeF(big.pointSizeF() * 1.15);
    big.setBold(true);
    headline_->setFont(big);
    bar_->setObjectName(QStringLiteral("wallClockBar"));
    filter_->setPlaceholderText(tr("Filter findings (e.g. critical, skew, stage 3)"));
    filter_->setClearButtonEnabled(true);
    filter_->setObjectName(QStringLiteral("alertFilter"));
    table_->setObjectName(QStringLiteral("alertTable"));
    table_->setSourceModel(model_);
    table_->setSortingEnabled(false);  // the analysis' order is the ranking
    table_->model()->sort(-1);         // the source order (the table sorted on creation)
    table_->setWordWrap(false);
    table_->setAlternatingRowColors(true);
    table_->setItemDelegateForColumn(FindingsModel::Severity,
                                     new SeverityDelegate(FindingsModel::SeverityRole, table_));
    table_->setItemDelegateForColumn(FindingsModel::Cost, new FindingCostDelegate(table_));
    table_->setItemDelegateForColumn(FindingsModel::Title, new FindingRowDelegate(table_));
    table_->setColumnHidden(FindingsModel::Rule, true);
    table_->verticalHeader()->setDefaultSectionSize(FindingRowDelegate::rowHeight(fontMetrics()));
    table_->horizontalHeader()->setStretchLastSection(false);
    table_->horizontalHeader()->setSectionResizeMode(FindingsModel::Title, QHeaderView::Stretch);
    // Tall rows: scrolled by pixel, so the chosen row is shown whole, never half past the edge.
    table_->setVerticalScrollMode(QAbstractItemView::ScrollPerPixel);
    table_->setVerticalScrollMode(QAbstractItemView::ScrollPerPixel);
    table_->setMinimumHeight(FindingRowDelegate::rowHeight(fontMetrics()) * 2 + 30);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 4, 6, 2);
    layout->setSpacing(4);
    // The filter is laid out by whoever embeds the view (the window puts it in its toolbar).
    layout->addWidget(headline_);
    filter_->setMaximumWidth(320);
    layout->addWidget(bar_);
    layout->addWidget(table_, 1);

    connect(filter_, &QLineEdit::textChanged, table_, &DataTableView::setFilterText);
    connect(bar_, &WallClockBar::sliceClicked, this, &DiagnosisView::sliceChosen);
    // The evidence follows the current row, whether the mouse or the arrow keys moved it; a
    // click on the current row shows it again (another view may have moved on since).
    connect(table_->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex& current) {
                if (table_->isFiltering()) return;  // typing a filter is not choosing
                choose(current);
                // Chosen by code too (at load, from an alert): on screen once laid out.
                QTimer::singleShot(0, table_, [this] { table_->scrollTo(table_->currentIndex()); });
            });
    connect(table_, &QAbstractItemView::clicked, this, [this](const QModelIndex& i) {
        const int f = table_->sourceIndex(i).row();
        if (f == lastChosen_ && QDateTime::currentMSecsSinceEpoch() - lastChosenAtMs_ < 400)
            return;  // the press that made it current showed it already
        choose(i);
    });
    connect(table_, &QAbstractItemView::activated, this,
            [this](const QModelIndex& i) { choose(i); });
}

void DiagnosisView::choose(const QModelIndex& viewIndex) {
    if (!viewIndex.isValid()) return;
    const int f = table_->sourceIndex(viewIndex).row();
    if (!model_->finding(f)) return;
    lastChosen_ = f;
    lastChosenAtMs_ = QDateTime::currentMSecsSinceEpoch();
    Q_EMIT findingChosen(f);
}

QString DiagnosisView::headline() const {
    QTextDocument doc;  // the words shown, without the links' markup
    doc.setHtml(headline_->text());
    return doc.toPlainText();
}

int DiagnosisView::explainedPercent(int64_t explained, int64_t wall) {
    // Rounded, but never to 100 % while some time is unclaimed (the headline names it beside),
    // nor to 0 % when findings claim some.
    if (wall <= 0) return 0;
    const int pct = qRound(100.0 * double(explained) / double(wall));
    if (explained < wall) return std::clamp(pct, explained > 0 ? 1 : 0, 99);
    return 100;
}

void DiagnosisView::setPending(const QString& state, const QString& barText) {
    if (analysis_) setAnalysis(nullptr);
    headline_->setText(state.toHtmlEscaped());
    bar_->setPlaceholder(barText);
}

void DiagnosisView::setAnalysis(AnalysisPtr analysis) {
    // A new analysis of the same log (rules changed, a followed log grew) keeps the finding
    // the user chose, when it is still there, without showing it again.
    std::string chosenId;
    if (analysis_ && analysis)
        if (const Finding* f = model_->finding(table_->sourceIndex(table_->currentIndex()).row()))
            chosenId = f->id;
    analysis_ = analysis;
    lastChosen_ = -1;
    model_->setAnalysis(analysis);
    bar_->setAnalysis(analysis);
    if (!chosenId.empty())
        for (int row = 0; row < model_->rowCount(); ++row)
            if (const Finding* f = model_->finding(row); f && f->id == chosenId) {
                const QSignalBlocker quiet(table_->selectionModel());
                table_->setCurrentIndex(table_->viewIndex(model_->index(row, FindingsModel::Title)));
                lastChosen_ = row;
                break;
            }
    int severityWidth = 0;
    for (const char* name : {"critical", "warning", "info"})
        severityWidth = std::max(severityWidth, fontMetrics().horizontalAdvance(QString::fromLatin1(name)));
    table_->setColumnWidth(FindingsModel::Severity, severityWidth + 40);
    table_->setColumnWidth(FindingsModel::Cost,
                           fontMetrics().horizontalAdvance(QStringLiteral("000.0 min  100 %")) + 36);
    if (!analysis_) {
        headline_->setText(tr("No log open"));
        bar_->setPlaceholder({});
        return;
    }
    const TimeAccounting& t = analysis_->time;
    int64_t explained = 0;
    for (const Slice& s : t.slices) explained += s.explainedMs;
    const auto link = [](const char* target, const QString& label) {
        return QStringLiteral("<a href=\"%1\">%2</a>").arg(QLatin1String(target), label.toHtmlEscaped());
    };
    const QString duration = QString::fromStdString(formatDuration(t.wallClockMs));
    const QString unclaimed = QString::fromStdString(formatDuration(t.wallClockMs - explained));
    const QString count =
        QString::fromStdString(countText(int64_t(analysis_->findings.size()), "finding", "findings"));
    headline_->setText(tr("Wall clock %1 · findings explain %2 % · no finding claims %3 · %4")
                           .arg(duration.toHtmlEscaped())
                           .arg(explainedPercent(explained, t.wallClockMs))
                           .arg(explained < t.wallClockMs ? link("unexplained", unclaimed)
                                                          : unclaimed.toHtmlEscaped())
                           .arg(analysis_->findings.empty() ? count.toHtmlEscaped()
                                                            : link("top", count)));
    headline_->setToolTip(tr("Click the unclaimed time for the longest slice no finding "
                             "explains; click the findings to go to the first"));
}

void DiagnosisView::followHeadline(const QString& target) {
    if (!analysis_) return;
    if (target == QLatin1String("top")) {
        if (table_->model()->rowCount() == 0) return;
        const QModelIndex first = table_->model()->index(0, FindingsModel::Title);
        if (table_->currentIndex().row() == 0)
            choose(first);  // current already: show it again
        else
            table_->setCurrentIndex(first);
        table_->setFocus();
        return;
    }
    // The slice with the most time no finding claims.
    qsizetype best = -1;
    int64_t most = 0;
    const auto& slices = analysis_->time.slices;
    for (qsizetype i = 0; i < qsizetype(slices.size()); ++i) {
        const Slice& s = slices[size_t(i)];
        const int64_t left = s.endMs - s.startMs - s.explainedMs;
        if (left > most) most = left, best = i;
    }
    if (best >= 0) Q_EMIT sliceChosen(best);
}

}  // namespace stagelight
