// Every view of the window, drawn on a loaded model: the hostile-input tests (absurd times, huge
// values) put each of them on screen and time it. Nothing is compared; it must finish.
#pragma once

#include <QPixmap>
#include <QSignalSpy>
#include <QTableView>
#include <QtTest>

#include <memory>

#include <QTemporaryDir>

#include "charts/CacheUsageChart.h"
#include "charts/ExecutorChart.h"
#include "charts/ExecutorMemoryChart.h"
#include "charts/TaskHistogramView.h"
#include "compare/Compare.h"
#include "dag/PlanGraphView.h"
#include "dag/StageDagView.h"
#include "diagnosis/Analyzer.h"
#include "diagnosis/DiagnosisView.h"
#include "diagnosis/WallClockBar.h"
#include "export/ReportExport.h"
#include "figures/CacheUsage.h"
#include "qt/CacheTableModel.h"
#include "qt/EnvironmentModel.h"
#include "qt/ExecutorTableModel.h"
#include "qt/FindingsModel.h"
#include "qt/GapsModel.h"
#include "qt/JobTableModel.h"
#include "qt/LoadWarningsModel.h"
#include "qt/SqlExecutionModel.h"
#include "qt/StageTableModel.h"
#include "qt/TaskSummaryModel.h"
#include "qt/TaskTableModel.h"
#include "report/AnalysisReport.h"
#include "report/Summary.h"
#include "rest/RestApi.h"
#include "timeline/AppTimelineView.h"
#include "timeline/StageTimelineView.h"

namespace stagelight::test {

inline void draw(QWidget& w, QSize size = QSize(1400, 700)) {
    w.resize(size);
    (void)w.grab();
}

inline void drawTable(QAbstractItemModel& model) {
    QTableView view;
    view.setModel(&model);
    view.resizeColumnsToContents();  // measures every cell's text
    draw(view);
    for (int r = 0; r < std::min(model.rowCount(), 50); ++r)
        for (int c = 0; c < model.columnCount(); ++c)
            (void)model.data(model.index(r, c), Qt::ToolTipRole);
}

// Puts every view on the model (every stage, job and SQL execution, at most `most` of each).
inline void drawEveryView(const ModelPtr& model, const AnalysisPtr& analysis, size_t most = 8) {
    AppTimelineView app;
    app.setModel(model);
    app.setAnalysis(analysis);
    draw(app);
    for (size_t s = 0; s < model->stages.size() && s < most; ++s) {
        StageTimelineView timeline;
        timeline.setStage(model, s);
        draw(timeline);
        TaskHistogramView histogram;
        histogram.setStage(model, s);
        draw(histogram);
        TaskTableModel tasks;
        tasks.setStage(model, s);
        drawTable(tasks);
        TaskSummaryModel summary;
        summary.setStage(model, s);
        drawTable(summary);
    }
    for (size_t j = 0; j < model->jobs.size() && j < most; ++j) {
        StageDagView dag;
        QSignalSpy laidOut(&dag, &StageDagView::laidOut);
        dag.setJob(model, model->jobs[j].id);
        if (laidOut.isEmpty()) laidOut.wait(30000);
        draw(dag);
    }
    for (size_t q = 0; q < model->sqlExecutions.size() && q < most; ++q) {
        PlanGraphView plan;
        plan.setExecution(model, model->sqlExecutions[q].id);
        draw(plan);
    }
    ExecutorChart executors;
    executors.setAnalysis(model, analysis);
    draw(executors);
    ExecutorMemoryChart memory;
    memory.setModel(model);
    draw(memory);
    CacheUsageChart cache;
    cache.setUsage(cacheUsage(*model), model->derived.span.startMs, model->derived.span.endMs);
    draw(cache);
    DiagnosisView diagnosis;
    diagnosis.setAnalysis(analysis);
    draw(diagnosis);
    WallClockBar bar;
    bar.setAnalysis(analysis);
    draw(bar, QSize(1400, 60));
    StageTableModel stages;
    JobTableModel jobs;
    ExecutorTableModel executorTable;
    SqlExecutionModel sql;
    EnvironmentModel environment;
    CacheTableModel rdds;
    LoadWarningsModel warnings;
    for (SnapshotTableModel* t : std::initializer_list<SnapshotTableModel*>{
             &stages, &jobs, &executorTable, &sql, &environment, &rdds, &warnings}) {
        t->setModel(model);
        drawTable(*t);
    }
    FindingsModel findings;
    findings.setAnalysis(analysis);
    drawTable(findings);
    GapsModel gaps;
    gaps.setAnalysis(model, analysis);
    drawTable(gaps);
}

// What every CLI command computes, in process (the commands are these calls): summary and
// analyze in both formats, the report in all three, REST answers of every kind, and a comparison.
inline void runEveryCommand(const ModelPtr& model, const AnalysisPtr& analysis) {
    const Summary summary = summarize(*model);
    QVERIFY(!summaryText(*model, summary).empty());
    QVERIFY(!summaryJson(*model, summary).empty());
    QVERIFY(!analysisText(*model, *analysis).empty());
    QVERIFY(!analysisJson(*model, *analysis).empty());
    QVERIFY(!reportText(model, *analysis, ReportFormat::Markdown).empty());
    QVERIFY(!reportText(model, *analysis, ReportFormat::Json).empty());
    QTemporaryDir dir;
    QString error;
    QVERIFY2(writeReport(model, *analysis, dir.filePath(QStringLiteral("r.pdf")), ReportFormat::Pdf,
                         QPageSize::A4, &error),
             qPrintable(error));
    const std::string app = "applications/" + model->application.id;
    for (const std::string& path :
         {std::string("applications"), app + "/jobs",
          app + "/stages?details=true&withSummaries=true", app + "/allexecutors",
          app + "/environment", app + "/storage/rdd", app + "/executors"})
        QCOMPARE(restQuery(*model, path).status, 200);
    for (const StageAttempt& s : model->stages) {
        const std::string stage =
            app + "/stages/" + std::to_string(s.stageId) + "/" + std::to_string(s.attemptId);
        (void)restQuery(*model, stage + "/taskSummary");
        (void)restQuery(*model, stage + "/taskList?length=100&sortBy=-runtime");
    }
    const Comparison c = compareRuns(*model, *analysis, *model, *analysis);
    QVERIFY(!comparisonText(c).empty());
}

}  // namespace stagelight::test
