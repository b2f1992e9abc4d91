#include "gui/AppDocks.h"

#include <QApplication>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLineEdit>
#include <QScopedValueRollback>

#include <utility>

#include "diagnosis/DiagnosisView.h"
#include "gui/DockLayout.h"
#include "gui/Navigator.h"
#include "qt/FindingsModel.h"
#include "qt/GapsModel.h"
#include "qt/JobTableModel.h"
#include "qt/LoadSession.h"
#include "qt/LoadWarningsModel.h"
#include "qt/StageTableModel.h"
#include "tables/CellDelegates.h"
#include "tables/DataTableView.h"
#include "timeline/AppTimelineView.h"

#include <optional>

namespace stagelight {

StageTablePanel::StageTablePanel(LoadSession* session, Navigator* navigator, QWidget* parent)
    : QWidget(parent), model_(new StageTableModel(this)), table_(new DataTableView(this)) {
    setWindowTitle(tr("Stages"));
    table_->setObjectName(QStringLiteral("stageTable"));
    table_->setSourceModel(model_);
    table_->sortByColumn(StageTableModel::Duration, Qt::DescendingOrder);
    table_->setItemDelegateForColumn(
        StageTableModel::Share, new ShareBarDelegate(StageTableModel::ShareRole, table_));
    table_->setFilterFields({{QStringLiteral("stage"), StageTableModel::Stage},
                             {QStringLiteral("job"), StageTableModel::Job},
                             {QStringLiteral("sql"), StageTableModel::Sql}});
    // The sort's own figure beside the stage: a narrow dock shows how long each one took.
    QHeaderView* header = table_->horizontalHeader();
    header->moveSection(header->visualIndex(StageTableModel::Duration), 1);
    header->moveSection(header->visualIndex(StageTableModel::Share), 2);
    header->moveSection(header->visualIndex(StageTableModel::Waited), 3);
    tightLayout(this)->addWidget(table_);
    connect(session, &LoadSession::modelAvailable, this,
            [this, session, navigator](const ModelPtr& model) {
        // A newer model of the same log (a followed log grew) keeps the stage chosen.
        std::optional<StageKey> kept;
        if (session->isRefresh())
            if (const QModelIndex current = table_->sourceIndex(table_->currentIndex());
                current.isValid())
                kept = model_->stageKeyOf(current.row());
        model_->setModel(model);
        if (kept) {
            if (const int row = model_->rowOfStage(kept->stage, kept->attempt); row >= 0) {
                navigating_ = true;  // the same stage: not chosen again, its figures renewed
                table_->selectSourceRows({row});
                navigating_ = false;
                navigator->refreshStage(*kept);
                return;
            }
        }
        // Start on the longest stage, as the table is sorted.
        if (table_->model()->rowCount() > 0) table_->selectRow(0);
    });
    // Selecting a stage by hand is navigation too.
    connect(table_->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this, session, navigator](const QModelIndex& current) {
                // Typing a filter narrows the list; it never chooses another stage.
                if (navigating_ || table_->isFiltering() || !current.isValid()) return;
                const QModelIndex source = table_->sourceIndex(current);
                const size_t index =
                    size_t(model_->data(source, StageTableModel::StageIndexRole).toULongLong());
                const ModelPtr& m = session->model();  // the one this table shows
                if (m && index < m->stages.size())
                    navigator->showStage({m->stages[index].stageId, m->stages[index].attemptId});
            });
    connect(navigator, &Navigator::noStageRequested, table_, [this] {
        navigating_ = true;
        table_->clearSelection();
        table_->setCurrentIndex({});
        navigating_ = false;
    });
    connect(navigator, &Navigator::stageRequested, this, [this](StageKey stage) {
        const int row = model_->rowOfStage(stage.stage, stage.attempt);
        // Picked here: the row is current already, and must not jump to the middle.
        if (row < 0) return;
        if (!table_->lists(row)) Q_EMIT filterHidesStage();
        if (table_->sourceIndex(table_->currentIndex()).row() == row) return;
        navigating_ = true;
        table_->selectSourceRows({row});
        navigating_ = false;
    });
}

JobsDock::JobsDock(LoadSession* session, Navigator* navigator, QWidget* parent) : QWidget(parent) {
    setWindowTitle(tr("Jobs"));
    auto* jobs = new JobTableModel(this);
    auto* table = new DataTableView(this);
    table->setObjectName(QStringLiteral("jobTable"));
    table->setSourceModel(jobs);
    table->sortByColumn(JobTableModel::Job, Qt::AscendingOrder);
    table->horizontalHeader()->moveSection(
        table->horizontalHeader()->visualIndex(JobTableModel::Duration), 1);
    // The result before the long description, so a narrow dock shows it whole.
    table->horizontalHeader()->moveSection(
        table->horizontalHeader()->visualIndex(JobTableModel::Result), 2);
    tightLayout(this)->addWidget(table);
    connect(session, &LoadSession::modelAvailable, jobs, &JobTableModel::setModel);
    const auto show = [this, table, navigator](const QModelIndex& i) {
        if (!i.isValid() || table->isFiltering()) return;
        const QScopedValueRollback<bool> choosing(choosing_, true);
        navigator->showJob(
            qint32(i.siblingAtColumn(JobTableModel::Job).data(Qt::UserRole).toInt()));
    };
    // Another navigation (a finding, a slice) leaves no job selected that no longer applies.
    connect(navigator, &Navigator::cleared, table, [this, table] {
        if (choosing_) return;
        table->clearSelection();
        table->setCurrentIndex({});
    });
    connect(table->selectionModel(), &QItemSelectionModel::currentRowChanged, this, show);
    connect(table, &QAbstractItemView::clicked, this, show);
}

WarningsDock::WarningsDock(LoadSession* session, QWidget* parent) : QWidget(parent) {
    setWindowTitle(tr("Load warnings"));
    auto* warnings = new LoadWarningsModel(this);
    auto* table = new DataTableView(this);
    table->setObjectName(QStringLiteral("warningTable"));
    table->setSourceModel(warnings);
    // What went wrong first, where after: a narrow dock shows the message.
    table->horizontalHeader()->moveSection(LoadWarningsModel::Message, 1);
    table->setMainColumn(LoadWarningsModel::Message);
    // Messages wrap: each names the line, offset and event, and a log keeps at most 500.
    table->setWordWrap(true);
    connect(table->horizontalHeader(), &QHeaderView::sectionResized, table,
            &QTableView::resizeRowsToContents);
    connect(warnings, &QAbstractItemModel::modelReset, table, &QTableView::resizeRowsToContents);
    tightLayout(this)->addWidget(table);
    connect(session, &LoadSession::modelAvailable, warnings, &LoadWarningsModel::setModel);
}

GapsDock::GapsDock(LoadSession* session, Navigator* navigator, QWidget* parent)
    : QWidget(parent), model_(new GapsModel(this)), table_(new DataTableView(this)) {
    setWindowTitle(tr("Gaps"));
    table_->setObjectName(QStringLiteral("gapTable"));
    table_->setSourceModel(model_);
    table_->sortByColumn(GapsModel::Duration, Qt::DescendingOrder);
    tightLayout(this)->addWidget(table_);
    connect(session, &LoadSession::cleared, this, [this] { model_->setAnalysis(nullptr, nullptr); });
    connect(session, &LoadSession::analysisAvailable, model_, &GapsModel::setAnalysis);
    connect(table_, &QAbstractItemView::activated, this, [this, navigator](const QModelIndex& i) {
        if (const Gap* g = model_->gap(table_->sourceIndex(i).row())) navigator->showGap(*g);
    });
    connect(table_, &QAbstractItemView::clicked, table_, &QAbstractItemView::activated);
}

void DiagnosisPanel::chooseFirstFinding() {
    DataTableView* table = view_->findingsTable();
    if (!table->currentIndex().isValid() && table->model()->rowCount() > 0)
        table->setCurrentIndex(table->model()->index(0, FindingsModel::Title));
}

DiagnosisPanel::DiagnosisPanel(LoadSession* session, Navigator* navigator, QWidget* parent)
    : QWidget(parent), view_(new DiagnosisView(this)) {
    setWindowTitle(tr("Diagnosis"));
    tightLayout(this)->addWidget(view_);
    connect(session, &LoadSession::cleared, this, [this] { view_->setAnalysis(nullptr); });
    // Until the findings come, the landing page says what is going on, not "No log open".
    connect(session, &LoadSession::modelAvailable, this, [this, session](const ModelPtr& model) {
        if (session->analysis()) return;
        view_->setPending(model->report.partial
                              ? tr("Reading the log… the jobs and stages read so far are in "
                                   "the other views; the findings come once it is read")
                          : model->report.cancelled
                              ? tr("The load was cancelled: the other views show what was read; "
                                   "the findings need the whole log (open it again)")
                              : tr("Diagnosing… the findings come in a moment"),
                          tr("The wall clock's slices come with the findings"));
    });
    connect(session, &LoadSession::analysisAvailable, this,
            [this](const ModelPtr&, const AnalysisPtr& analysis) {
                view_->setAnalysis(analysis);
                // The arrow keys walk the findings at once, unless the user is typing somewhere.
                if (!qobject_cast<QLineEdit*>(QApplication::focusWidget()))
                    view_->findingsTable()->setFocus();
            });
    connect(view_, &DiagnosisView::findingChosen, this, [session, navigator](int index) {
        const AnalysisPtr& a = session->analysis();
        if (a && index >= 0 && size_t(index) < a->findings.size())
            navigator->showFinding(a->findings[size_t(index)]);
    });
    connect(view_, &DiagnosisView::sliceChosen, this, [session, navigator](qsizetype index) {
        const AnalysisPtr& a = session->analysis();
        if (a && index >= 0 && size_t(index) < a->time.slices.size())
            navigator->showSlice(a->time.slices[size_t(index)]);
    });
}

AppTimelineDock::AppTimelineDock(LoadSession* session, Navigator* navigator, QWidget* parent)
    : QWidget(parent), timeline_(new AppTimelineView(this)) {
    setWindowTitle(tr("Application timeline"));
    timeline_->setObjectName(QStringLiteral("appTimeline"));
    tightLayout(this)->addWidget(timeline_);
    connect(session, &LoadSession::modelAvailable, this, [this](const ModelPtr& model) {
        zoomedByNavigation_ = false;
        timeline_->setModel(model);
    });
    connect(session, &LoadSession::analysisAvailable, this,
            [this](const ModelPtr&, const AnalysisPtr& analysis) {
                timeline_->setAnalysis(analysis);
            });
    connect(navigator, &Navigator::stageRequested, this,
            [this](StageKey stage) { timeline_->setSelectedStage(stage.stage, stage.attempt); });
    connect(navigator, &Navigator::noStageRequested, this,
            [this] { timeline_->setSelectedStage(-1, -1); });
    connect(navigator, &Navigator::timeWindowRequested, this,
            [this](StageKey stage, qint64 from, qint64 to) {
                if (stage.valid()) return;  // the stage timeline's
                timeline_->zoomTo(from, to);
                zoomedByNavigation_ = true;
            });
    connect(navigator, &Navigator::cleared, this, [this] {
        if (std::exchange(zoomedByNavigation_, false)) timeline_->resetZoom();
    });
    connect(timeline_, &AppTimelineView::stageClicked, navigator,
            [navigator](qint32 stage, qint32 attempt) { navigator->showStage({stage, attempt}); });
}

}  // namespace stagelight
