// What the window's tests share: finding its parts by name, opening a log with its findings on
// screen, and reading what the findings, stage and task views hold.
#pragma once

#include <QItemSelectionModel>
#include <QSignalSpy>
#include <QTableView>

#include <set>

#include "diagnosis/Finding.h"
#include "gui/MainWindow.h"
#include "qt/FindingsModel.h"
#include "qt/StageTableModel.h"
#include "qt/TaskTableModel.h"

namespace stagelight::test {

template <typename T>
T* child(const QObject& w, const char* objectName) {
    return w.findChild<T*>(QString::fromLatin1(objectName));
}

// A window of `size` with `log` and its findings on screen.
inline bool openAnalysed(MainWindow& w, const QString& log, QSize size = {1366, 768}) {
    QSignalSpy analysed(&w, &MainWindow::analysisShown);
    w.resize(size);
    w.applyDefaultDockSizes();
    w.show();
    w.openLog(log);
    return analysed.wait(30000);
}

inline const Finding* findingOnRow(const MainWindow& w, int row) {
    auto* table = child<QTableView>(w, "alertTable");
    const QVariant index = table->model()->index(row, 0).data(FindingsModel::FindingRole);
    const AnalysisPtr& a = w.currentAnalysis();
    return a && index.isValid() ? &a->findings[size_t(index.toInt())] : nullptr;
}

inline bool hasEvidence(const Finding& f, Evidence::Kind kind) {
    for (const Evidence& e : f.evidence)
        if (e.kind == kind) return true;
    return false;
}

inline QString currentStage(const MainWindow& w) {
    auto* stages = child<QTableView>(w, "stageTable");
    return stages->currentIndex().siblingAtColumn(StageTableModel::Stage).data().toString();
}

inline std::set<qint64> selectedTaskIds(QTableView* table) {
    std::set<qint64> ids;
    for (const QModelIndex& i : table->selectionModel()->selectedRows())
        ids.insert(i.data(TaskTableModel::TaskIdRole).toLongLong());
    return ids;
}

// The first stage attempt with at least `n` tasks.
inline StageKey stageWithTasks(const ModelPtr& model, size_t n) {
    for (size_t i = 0; i < model->stages.size(); ++i)
        if (model->derived.stageRows.rows(i).size() >= n)
            return {model->stages[i].stageId, model->stages[i].attemptId};
    return {};
}

}  // namespace stagelight::test
