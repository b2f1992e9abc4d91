// The landing page and the navigation around it (issue 17 §1–§3): the window fits 1366 × 768 and
// stays that size after a load; the Diagnosis view lists the findings in the analysis' order and
// its bar covers the wall clock; the evidence follows the keyboard; every finding kind clears
// what the last one marked; a job lists its stages; the stage filter's field syntax never moves
// the selection; choosing a SQL query keeps the stage; View menu items raise tabbed docks.
#include <QAction>
#include <QDockWidget>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QScrollArea>
#include <QScrollBar>
#include <QSettings>
#include <QStandardPaths>
#include <QTabBar>
#include <QTableView>
#include <QtTest>

#include <map>

#include "LogGenerator.h"
#include "TestSupport.h"
#include "WindowTestSupport.h"
#include "charts/TaskHistogramView.h"
#include "diagnosis/DiagnosisView.h"
#include "diagnosis/FindingRowDelegate.h"
#include "diagnosis/Slices.h"
#include "diagnosis/WallClockBar.h"
#include "gui/EvidencePanel.h"
#include "gui/MainWindow.h"
#include "gui/Navigator.h"
#include "qt/EnvironmentModel.h"
#include "qt/FindingsModel.h"
#include "qt/JobTableModel.h"
#include "qt/StageTableModel.h"
#include "qt/TaskSummaryModel.h"
#include "tables/CellDelegates.h"
#include "tables/DataTableView.h"
#include "text/Format.h"
#include "timeline/AppTimelineView.h"
#include "timeline/StageTimelineView.h"

using namespace stagelight;

using namespace stagelight::test;

namespace {

// Rows of a view fully on screen.
int visibleRows(const QTableView* t) {
    const int rowHeight = t->verticalHeader()->defaultSectionSize();
    return rowHeight > 0 ? t->viewport()->height() / rowHeight : 0;
}

}  // namespace

class DiagnosisViewTest : public QObject {
    Q_OBJECT
    QTemporaryDir tmp_;
    QString skew_, demo_;

private Q_SLOTS:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QSettings().clear();
        qRegisterMetaType<Finding>();
        skew_ = tmp_.filePath(QStringLiteral("skew.json"));
        demo_ = tmp_.filePath(QStringLiteral("demo.json"));
        test::writeFile(skew_.toStdString(), gen::generateLogText(gen::makeScenario("skew")));
        test::writeFile(demo_.toStdString(), gen::generateLogText(gen::makeScenario("demo")));
        QDir().mkpath(QString::fromStdString((test::binaryDir() / "docks").string()));
    }

    void cleanup() { QSettings().clear(); }

    void theEvidenceTextIsNeverCutOff() {
        // At the smaller supported size, every finding's title, detail and fix are whole: the
        // labels get the height their text needs (the text scrolls in the dock instead).
        MainWindow w;
        QVERIFY(openAnalysed(w, demo_, QSize(1366, 768)));
        auto* table = child<QTableView>(w, "alertTable");
        auto* evidence = w.findChild<EvidencePanel*>();
        QVERIFY(evidence);
        for (int row = 0; row < table->model()->rowCount(); ++row) {
            table->setCurrentIndex(table->model()->index(row, FindingsModel::Title));
            QApplication::processEvents();
            QTest::qWait(20);  // the scroll area lays its text out once it knows its width
            for (QLabel* label : evidence->findChildren<QLabel*>()) {
                if (!label->wordWrap() || label->text().isEmpty() || !label->isVisible()) continue;
                QVERIFY2(label->height() >= label->heightForWidth(label->width()),
                         qPrintable(QStringLiteral("row %1: %2 px for %3 px of \"%4\"")
                                        .arg(row)
                                        .arg(label->height())
                                        .arg(label->heightForWidth(label->width()))
                                        .arg(label->text().left(60))));
            }
        }
    }

    void theWindowFitsTheScreenAndStaysThere_data() {
        QTest::addColumn<QSize>("size");
        QTest::newRow("1366x768") << QSize(1366, 768);
        QTest::newRow("1920x1080") << QSize(1920, 1080);
    }

    void theWindowFitsTheScreenAndStaysThere() {
        QFETCH(QSize, size);
        MainWindow w;
        // Nothing a dock holds sets a minimum past the smaller supported screen (the window
        // needed 1160 px of height before).
        QVERIFY2(w.minimumSizeHint().height() <= 700,
                 qPrintable(QString::number(w.minimumSizeHint().height())));
        QVERIFY(w.minimumSizeHint().width() <= 1024);
        QVERIFY(openAnalysed(w, demo_, size));
        // A stage and a finding shown: panels fill with data; the window must not grow.
        auto* diagnosis = w.findChild<DiagnosisView*>();
        diagnosis->findingsTable()->setCurrentIndex(
            diagnosis->findingsTable()->model()->index(0, 0));
        QCoreApplication::processEvents();
        QCOMPARE(w.size(), size);
        QVERIFY(w.minimumSizeHint().height() <= 700);
        // Readable: the findings, the stages and the jobs show more than a couple of rows.
        QVERIFY2(visibleRows(diagnosis->findingsTable()) >= 3,
                 qPrintable(QString::number(visibleRows(diagnosis->findingsTable()))));
        QVERIFY(visibleRows(child<QTableView>(w, "stageTable")) >= 7);
        QVERIFY(visibleRows(child<QTableView>(w, "jobTable")) >= 4);
        // The Diagnosis view is the largest area of the window.
        const int diagnosisArea = diagnosis->width() * diagnosis->height();
        for (QDockWidget* d : w.findChildren<QDockWidget*>())
            if (d->isVisible())
                QVERIFY2(d->width() * d->height() < diagnosisArea, qPrintable(d->objectName()));
        // Tabbed docks show whole titles (with scroll arrows when they do not all fit).
        QVERIFY(w.findChildren<QTabBar*>(Qt::FindDirectChildrenOnly).size() >= 3);
        for (QTabBar* tabs : w.findChildren<QTabBar*>(Qt::FindDirectChildrenOnly))
            QVERIFY2(tabs->elideMode() == Qt::ElideNone && tabs->usesScrollButtons(),
                     qPrintable(tabs->tabText(0)));
        // Every dock brought to the front shows its tables with more than two rows, and is
        // saved as a screenshot to look at.
        for (QDockWidget* d : w.findChildren<QDockWidget*>()) {
            d->raise();
            QCoreApplication::processEvents();
            for (QTableView* t : d->findChildren<QTableView*>())
                if (t->isVisible() && t->model()->rowCount() >= 3)
                    QVERIFY2(visibleRows(t) >= 3,
                             qPrintable(d->objectName() + QLatin1Char(' ') + t->objectName()));
            // Its content fits the dock's width: nothing is reached only by scrolling the whole
            // panel sideways (the executors chart's right axis was).
            if (auto* scroll = qobject_cast<QScrollArea*>(d->widget()); scroll && d->isVisible())
                QVERIFY2(!scroll->horizontalScrollBar()->isVisible(),
                         qPrintable(QStringLiteral("%1: %2 px of content in %3 px")
                                        .arg(d->objectName())
                                        .arg(scroll->widget()->minimumSizeHint().width())
                                        .arg(scroll->viewport()->width())));
            const QString shot = QStringLiteral("%1-%2x%3.png")
                                     .arg(d->objectName())
                                     .arg(size.width())
                                     .arg(size.height());
            QVERIFY(w.grab().save(QString::fromStdString(
                (test::binaryDir() / "docks" / shot.toStdString()).string())));
        }
    }

    void aFindingChosenByCodeIsScrolledIntoView() {
        // At load, from an alert or a test's --finding: the chosen row is on screen, whole.
        MainWindow w;
        QVERIFY(openAnalysed(w, demo_, QSize(1366, 768)));
        auto* table = w.findChild<DiagnosisView*>()->findingsTable();
        const int last = table->model()->rowCount() - 1;
        QVERIFY(last >= 8);
        table->setCurrentIndex(table->model()->index(last, FindingsModel::Title));
        QCoreApplication::processEvents();
        const QRect row = table->visualRect(table->currentIndex());
        QVERIFY2(table->viewport()->rect().contains(row),
                 qPrintable(QStringLiteral("row at %1..%2 of %3")
                                .arg(row.top())
                                .arg(row.bottom())
                                .arg(table->viewport()->height())));
    }

    void theSummaryAlwaysShowsMax() {
        MainWindow w;
        QVERIFY(openAnalysed(w, demo_));
        child<QDockWidget>(w, "summaryDock")->raise();
        QCoreApplication::processEvents();
        auto* summary = child<QTableView>(w, "summaryTable");
        QVERIFY(summary && summary->isVisible());
        const QHeaderView* h = summary->horizontalHeader();
        QVERIFY(h->sectionViewportPosition(TaskSummaryModel::Max) >= 0);
        QVERIFY2(h->sectionViewportPosition(TaskSummaryModel::Max) +
                         h->sectionSize(TaskSummaryModel::Max) <=
                     summary->viewport()->width(),
                 "Max is cut off");
    }

    void findingsAreListedInTheAnalysisOrder() {
        MainWindow w;
        QVERIFY(openAnalysed(w, demo_));
        const AnalysisPtr a = w.currentAnalysis();
        auto* table = child<QTableView>(w, "alertTable");
        QCOMPARE(table->model()->rowCount(), int(a->findings.size()));
        for (int row = 0; row < table->model()->rowCount(); ++row)
            QCOMPARE(findingOnRow(w, row), &a->findings[size_t(row)]);
        // Each row carries its fix and what it concerns.
        const QModelIndex first = table->model()->index(0, FindingsModel::Title);
        QCOMPARE(first.data(FindingsModel::FixRole).toString().isEmpty(),
                 a->findings[0].fix.empty());
        QVERIFY(!first.data(FindingsModel::ConcernsRole).toString().isEmpty());
    }

    void theBarsSlicesAddUpToTheWallClock() {
        MainWindow w;
        QVERIFY(openAnalysed(w, demo_));
        const AnalysisPtr a = w.currentAnalysis();
        auto* bar = w.findChild<WallClockBar*>();
        QVERIFY(bar && bar->isVisible());
        const auto segments = bar->segments();
        QVERIFY(segments.size() > 1);
        int64_t total = 0;
        size_t next = 0;
        for (const auto& s : segments) {
            QCOMPARE(s.first, next);  // every slice in one segment, in time order
            next = s.last + 1;
            total += s.endMs - s.startMs;
        }
        QCOMPARE(next, a->time.slices.size());
        QCOMPARE(total, a->time.wallClockMs);
    }

    void theBarsStageLabelsAreTheStageTablesDurations() {
        // A segment holding a whole stage is labelled with the stage's Duration, as the stage
        // table shows it, not the slice's few ms more (demo stage 7.0: 10.5 s beside 10.4 s).
        MainWindow w;
        QVERIFY(openAnalysed(w, demo_, QSize(1920, 1080)));
        const AnalysisPtr a = w.currentAnalysis();
        auto* bar = w.findChild<WallClockBar*>();
        auto* stages = child<QTableView>(w, "stageTable");
        std::map<QString, QString> tableDuration;
        for (int r = 0; r < stages->model()->rowCount(); ++r)
            tableDuration[stages->model()->index(r, StageTableModel::Stage).data().toString()] =
                stages->model()->index(r, StageTableModel::Duration).data().toString();
        int wholeStages = 0, differs = 0;
        for (const auto& seg : bar->segments()) {
            const Slice& main = a->time.slices[seg.slice];
            if (main.cause != Slice::Cause::StageRunning || seg.first != seg.last) continue;
            const QString stage = QStringLiteral("%1.%2").arg(main.stage.stage).arg(main.stage.attempt);
            bool whole = true;
            for (size_t i = 0; i < a->time.slices.size(); ++i)
                whole = whole && (i == seg.slice || !(a->time.slices[i].stage == main.stage));
            // A stage that overlapped others holds less wall clock than its Duration: its
            // segment is labelled with the slice's own time.
            for (const StageShare& st : a->time.stages)
                if (st.stageId == main.stage.stage && st.stageAttemptId == main.stage.attempt)
                    whole = whole && st.durationMs <= seg.endMs - seg.startMs;
            if (!whole || !tableDuration.count(stage)) continue;
            ++wholeStages;
            differs += bar->labelMs(seg) != seg.endMs - seg.startMs;
            QCOMPARE(QString::fromStdString(formatDuration(bar->labelMs(seg))),
                     tableDuration[stage]);
        }
        QVERIFY(wholeStages >= 3);
        QVERIFY(differs >= 1);  // the demo has slices holding a stage's scheduling slack
    }

    void environmentKeysAreShownWhole() {
        // In the narrow right-hand dock at 1366, a long setting name wraps after its dots
        // instead of being elided; values stay on one line.
        MainWindow w;
        QVERIFY(openAnalysed(w, demo_, QSize(1366, 768)));
        child<QDockWidget>(w, "environmentDock")->raise();
        QCoreApplication::processEvents();
        auto* table = child<QTableView>(w, "environmentTable");
        QVERIFY(table && table->isVisible() && table->model()->rowCount() > 20);
        const int keyColumn = EnvironmentModel::Key;
        const int width = table->columnWidth(keyColumn);
        int wrapped = 0;
        for (int r = 0; r < table->model()->rowCount(); ++r) {
            const QModelIndex key = table->model()->index(r, keyColumn);
            QStyleOptionViewItem option;
            option.initFrom(table);
            option.rect = QRect(0, 0, width, table->rowHeight(r));
            option.features |= QStyleOptionViewItem::WrapText;
            const int needed = table->itemDelegateForColumn(keyColumn)->sizeHint(option, key).height();
            QVERIFY2(table->rowHeight(r) >= needed,
                     qPrintable(QStringLiteral("%1: %2 px for %3 px")
                                    .arg(key.data().toString())
                                    .arg(table->rowHeight(r))
                                    .arg(needed)));
            // Every piece between dots fits the column: nothing is cut.
            const QString breakable = BreakAtDotsDelegate::withBreaks(key.data().toString());
            for (const QString& piece : breakable.split(QChar(0x200B)))
                QVERIFY2(table->fontMetrics().horizontalAdvance(piece) < width, qPrintable(piece));
            wrapped += table->rowHeight(r) > table->verticalHeader()->defaultSectionSize();
        }
        QVERIFY(wrapped > 0);  // the demo's long spark.sql.* keys take two lines
    }

    void theBarsLegendNamesEveryCauseAtAnySize() {
        MainWindow w;
        QVERIFY(openAnalysed(w, demo_, QSize(1366, 768)));
        const AnalysisPtr a = w.currentAnalysis();
        auto* bar = w.findChild<WallClockBar*>();
        const auto totals = sliceTotalsByCause(a->time.slices);
        QVERIFY(totals.size() >= 5);  // the demo's wall clock has that many kinds of time
        const QStringList texts = bar->legendTexts();
        QCOMPARE(texts.size(), int(totals.size()) + 2);
        for (const SliceCauseTotal& t : totals)
            QVERIFY(texts.contains(QString::fromStdString(std::string(sliceCauseLabel(t.cause))) +
                                   QStringLiteral(" ") + QString::fromStdString(formatDuration(t.ms))));
        // Narrower, the legend wraps onto more rows and the bar grows to hold them.
        const int rows = bar->legendRows(), height = bar->height();
        QVERIFY(rows >= 2);
        bar->resize(bar->width() / 2, bar->height());
        QVERIFY(bar->legendRows() > rows);
        QVERIFY(bar->height() > height);
    }

    void aSliceClickShowsItsStage() {
        MainWindow w;
        QVERIFY(openAnalysed(w, demo_));
        const AnalysisPtr a = w.currentAnalysis();
        auto* bar = w.findChild<WallClockBar*>();
        // The longest stage slice, clicked at its middle.
        qsizetype best = -1;
        for (size_t i = 0; i < a->time.slices.size(); ++i)
            if (a->time.slices[i].stage.valid() &&
                (best < 0 ||
                 a->time.slices[i].durationMs() > a->time.slices[size_t(best)].durationMs()))
                best = qsizetype(i);
        QVERIFY(best >= 0);
        const Slice& s = a->time.slices[size_t(best)];
        const auto& all = a->time.slices;
        const double mid = double((s.startMs + s.endMs) / 2 - all.front().startMs) /
                           double(all.back().endMs - all.front().startMs);
        QSignalSpy chosen(bar, &WallClockBar::sliceClicked);
        QTest::mouseClick(bar, Qt::LeftButton, {}, QPoint(int(1 + mid * (bar->width() - 2)), 10));
        QCOMPARE(chosen.size(), 1);
        const Slice& clicked = a->time.slices[size_t(chosen.first().first().value<qsizetype>())];
        QCOMPARE(currentStage(w),
                 QStringLiteral("%1.%2").arg(clicked.stage.stage).arg(clicked.stage.attempt));
        QVERIFY(!child<QDockWidget>(w, "timelineDock")->visibleRegion().isEmpty());
        // A driver slice has no stage: the application timeline comes to the front, zoomed to it.
        qsizetype driver = -1;
        for (size_t i = 0; i < all.size(); ++i)
            if (all[i].isDriver() &&
                (driver < 0 || all[i].durationMs() > all[size_t(driver)].durationMs()))
                driver = qsizetype(i);
        QVERIFY(driver >= 0);
        Q_EMIT bar->sliceClicked(driver);
        QCoreApplication::processEvents();
        auto* app = child<AppTimelineView>(w, "appTimeline");
        QVERIFY(app->isVisible());
        const auto [from, to] = app->visibleRange();
        QVERIFY(from <= double(all[size_t(driver)].startMs) &&
                to >= double(all[size_t(driver)].endMs));
        QVERIFY(to - from < double(a->time.wallClockMs));
    }

    void theEvidenceFollowsTheKeyboard() {
        MainWindow w;
        QVERIFY(openAnalysed(w, demo_));
        auto* navigator = w.findChild<Navigator*>();
        QSignalSpy requested(navigator, &Navigator::findingRequested);
        auto* table = child<QTableView>(w, "alertTable");
        table->setFocus();
        // The costliest finding was chosen with the load: its evidence is on screen already.
        QCOMPARE(table->currentIndex().row(), 0);
        QVERIFY(w.findChild<EvidencePanel*>()->shownFindingId() == findingOnRow(w, 0)->id);
        for (int row = 1; row < 4; ++row) {
            QTest::keyClick(table, Qt::Key_Down);
            QCOMPARE(requested.size(), row);
            const Finding shown = requested.last().first().value<Finding>();
            QCOMPARE(shown.id, findingOnRow(w, row)->id);
        }
        // A stage finding reached by keyboard selects its stage too.
        const Finding* f = findingOnRow(w, 3);
        if (f->stage.valid())
            QCOMPARE(currentStage(w),
                     QStringLiteral("%1.%2").arg(f->stage.stage).arg(f->stage.attempt));
        QVERIFY(w.grab().save(
            QString::fromStdString((test::binaryDir() / "diagnosis-keyboard.png").string())));
    }

    void everyFindingWithoutTasksClearsTheOutliers() {
        MainWindow w;
        QVERIFY(openAnalysed(w, demo_));
        auto* histogram = child<TaskHistogramView>(w, "stageHistogram");
        auto* timeline = child<StageTimelineView>(w, "stageTimeline");
        auto* table = child<QTableView>(w, "alertTable");
        int withTasks = -1;
        for (int row = 0; row < table->model()->rowCount() && withTasks < 0; ++row)
            if (hasEvidence(*findingOnRow(w, row), Evidence::Kind::Tasks)) withTasks = row;
        QVERIFY(withTasks >= 0);
        int checked = 0;
        for (int row = 0; row < table->model()->rowCount(); ++row) {
            if (hasEvidence(*findingOnRow(w, row), Evidence::Kind::Tasks)) continue;
            // Outliers on screen, then a SQL, RDD, configuration or application-level finding.
            table->setCurrentIndex(table->model()->index(withTasks, 0));
            QVERIFY(histogram->highlightedTasks() > 0 && timeline->highlightedTasks() > 0);
            table->setCurrentIndex(table->model()->index(row, 0));
            QCOMPARE(histogram->highlightedTasks(), size_t(0));
            QCOMPARE(timeline->highlightedTasks(), size_t(0));
            ++checked;
        }
        QVERIFY(checked >= 3);
    }

    void aPlanNodeFindingRaisesTheSqlView() {
        MainWindow w;
        QVERIFY(openAnalysed(w, demo_));
        auto* table = child<QTableView>(w, "alertTable");
        auto* navigator = w.findChild<Navigator*>();
        auto* sql = child<QDockWidget>(w, "sqlDock");
        auto* timeline = child<QDockWidget>(w, "timelineDock");
        const Finding* planOnly = nullptr;
        const Finding* both = nullptr;
        int planRow = -1;
        for (int row = 0; row < table->model()->rowCount(); ++row) {
            const Finding* f = findingOnRow(w, row);
            const bool plan = hasEvidence(*f, Evidence::Kind::SqlNode);
            bool stage = false;
            for (const Evidence& e : f->evidence) stage = stage || e.stageId >= 0;
            if (plan && !stage && !planOnly) {
                planOnly = f;
                planRow = row;
            }
            if (plan && stage && !both) both = f;
        }
        QVERIFY(planOnly);
        table->setCurrentIndex(table->model()->index(planRow, 0));
        QCoreApplication::processEvents();
        QVERIFY(!sql->visibleRegion().isEmpty());
        if (both) {  // a stage finding shows the stage; its plan-node line then shows the plan
            navigator->showFinding(*both);
            QCoreApplication::processEvents();
            QVERIFY(!timeline->visibleRegion().isEmpty());
            for (const Evidence& e : both->evidence)
                if (e.kind == Evidence::Kind::SqlNode) {
                    navigator->showEvidence(e, both->focusMetric);
                    break;
                }
            QCoreApplication::processEvents();
            QVERIFY(!sql->visibleRegion().isEmpty());
        }
    }

    void aJobListsItsStagesAndShowsItsSpan() {
        MainWindow w;
        QVERIFY(openAnalysed(w, demo_));
        const ModelPtr m = w.currentModel();
        auto* jobs = child<QTableView>(w, "jobTable");
        auto* stages = child<QTableView>(w, "stageTable");
        auto* app = child<AppTimelineView>(w, "appTimeline");
        const int all = stages->model()->rowCount();
        // The job with the most stages.
        int row = 0;
        for (int r = 0; r < jobs->model()->rowCount(); ++r)
            if (jobs->model()->index(r, JobTableModel::Stages).data(Qt::UserRole).toInt() >
                jobs->model()->index(row, JobTableModel::Stages).data(Qt::UserRole).toInt())
                row = r;
        const QString job = jobs->model()->index(row, JobTableModel::Job).data().toString();
        jobs->setCurrentIndex(jobs->model()->index(row, JobTableModel::Job));
        QCOMPARE(child<QLineEdit>(w, "stageFilter")->text(), QStringLiteral("job:") + job);
        QVERIFY(stages->model()->rowCount() > 0 && stages->model()->rowCount() < all);
        for (int r = 0; r < stages->model()->rowCount(); ++r)
            QVERIFY(stages->model()
                        ->index(r, StageTableModel::Job)
                        .data()
                        .toString()
                        .split(QStringLiteral(", "))
                        .contains(job));
        // Its span on the application timeline.
        const auto [from, to] = app->visibleRange();
        const JobSpan& span =
            m->derived.jobSpans[size_t(jobs->model()->index(row, 0).data(Qt::UserRole).toInt())];
        QVERIFY(from <= double(span.startMs) && to >= double(span.endMs));
        QVERIFY(to - from < double(m->derived.span.wallMs()));
        // The job table has its submit time and progress.
        QVERIFY(jobs->model()
                    ->index(row, JobTableModel::Submitted)
                    .data()
                    .toString()
                    .startsWith(QLatin1Char('+')));
        QVERIFY(jobs->model()
                    ->index(row, JobTableModel::Tasks)
                    .data()
                    .toString()
                    .contains(QLatin1Char('/')));
        QVERIFY(w.grab().save(
            QString::fromStdString((test::binaryDir() / "diagnosis-job.png").string())));
        // A finding afterwards lists every stage again (row 0 is current since the load).
        auto* table = child<QTableView>(w, "alertTable");
        QVERIFY(table->model()->rowCount() > 1);
        table->setCurrentIndex(table->model()->index(1, 0));
        QCOMPARE(stages->model()->rowCount(), all);
    }

    void theStageFilterHasFieldsAndKeepsTheSelection() {
        MainWindow w;
        QVERIFY(openAnalysed(w, demo_));
        auto* stages = child<QTableView>(w, "stageTable");
        auto* filter = child<QLineEdit>(w, "stageFilter");
        auto* navigator = w.findChild<Navigator*>();
        const int all = stages->model()->rowCount();
        const QString before = currentStage(w);
        QSignalSpy moved(navigator, &Navigator::stageRequested);
        filter->setFocus();
        QTest::keyClicks(filter, QStringLiteral("stage:1"));
        QCOMPARE(moved.size(), 0);  // typing never chooses a stage
        for (int r = 0; r < stages->model()->rowCount(); ++r)
            QVERIFY(
                stages->model()->index(r, 0).data().toString().startsWith(QStringLiteral("1.")));
        QVERIFY(stages->model()->rowCount() >= 1);
        // "stage:1" is stage 1, never 10 or 11.
        filter->setText(QStringLiteral("stage:1"));
        QVERIFY(stages->model()->rowCount() < all);
        filter->setText(QStringLiteral("job:0"));
        for (int r = 0; r < stages->model()->rowCount(); ++r)
            QVERIFY(stages->model()
                        ->index(r, StageTableModel::Job)
                        .data()
                        .toString()
                        .split(QStringLiteral(", "))
                        .contains(QStringLiteral("0")));
        filter->setText(QStringLiteral("sql:1"));
        for (int r = 0; r < stages->model()->rowCount(); ++r)
            QVERIFY(stages->model()
                        ->index(r, StageTableModel::Sql)
                        .data()
                        .toString()
                        .split(QStringLiteral(", "))
                        .contains(QStringLiteral("1")));
        filter->clear();
        QCOMPARE(moved.size(), 0);
        QCOMPARE(stages->model()->rowCount(), all);
        QCOMPARE(currentStage(w), before);  // selected again once listed again
    }

    void choosingASqlQueryKeepsTheStage() {
        MainWindow w;
        QVERIFY(openAnalysed(w, demo_));
        const QString before = currentStage(w);
        auto* sql = child<QTableView>(w, "sqlTable");
        QVERIFY(sql->model()->rowCount() > 2);
        for (int row = 0; row < sql->model()->rowCount(); ++row) {
            const QModelIndex i = sql->model()->index(row, 0);
            sql->setCurrentIndex(i);
            Q_EMIT sql->clicked(i);
            QCOMPARE(currentStage(w), before);
        }
    }

    void viewMenuItemsRaiseTabbedDocks() {
        MainWindow w;
        QVERIFY(openAnalysed(w, demo_));
        for (const char* name : {"executorsDock", "cacheDock", "tasksDock", "jobsDock"}) {
            auto* dock = child<QDockWidget>(w, name);
            auto* action =
                w.findChild<QAction*>(QString::fromLatin1(name) + QStringLiteral("Action"));
            QVERIFY(dock && action);
            action->trigger();
            QCoreApplication::processEvents();
            QVERIFY2(dock->isVisible() && !dock->visibleRegion().isEmpty(), name);
            action->trigger();  // again: still shown, never hidden
            QCoreApplication::processEvents();
            QVERIFY2(dock->isVisible(), name);
        }
    }

    void theLoadProgressIsReadable() {
        QCOMPARE(MainWindow::progressText(0, 1024, 0), QStringLiteral("0 B of 1.0 KiB"));
        const QString t = MainWindow::progressText(8 << 20, 16 << 20, 1000);
        QVERIFY2(t.contains(QStringLiteral("8.0 MiB of 16.0 MiB")) &&
                     t.contains(QStringLiteral("8.0 MiB/s")) &&
                     t.contains(QStringLiteral("1.0 s left")),
                 qPrintable(t));
    }
};

QTEST_MAIN(DiagnosisViewTest)
#include "tst_diagnosis_view.moc"
