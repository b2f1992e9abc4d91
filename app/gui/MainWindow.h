// The main window: overview and stage table in the middle; jobs, alerts (the diagnosis'
// findings), the selected stage's tasks and summary metrics, and load warnings docked; a status
// bar with the file, Spark version, load time and warning count. Logs open from the
// toolbar, the command line, or by dropping a file on the window.
#pragma once

#include <QMainWindow>

#include "compare/Compare.h"
#include "diagnosis/RuleConfig.h"
#include "qt/LoadSession.h"

class QAction;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;

namespace stagelight {

class ComparisonPanel;
class CachePanel;
class DataTableView;
class StageDagView;
class EnvironmentPanel;
class ExecutorsPanel;
class SqlPanel;
class EvidencePanel;
class FindingsModel;
class GapsModel;
class JobTableModel;
class Navigator;
class TaskSummaryModel;
class TaskTableModel;
class LoadWarningsModel;
class OverviewPanel;
class StageTableModel;
class TaskHistogramView;
class StageTimelineView;
class AppTimelineView;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);
    void openLog(const QString& path);
    ModelPtr currentModel() const { return model_; }
    AnalysisPtr currentAnalysis() const { return analysis_; }
    QStringList recentFiles() const;
    void resetLayout();  // View > Reset layout: the shipped arrangement of the docks
    // Analysis > Rules: the rules of this and later analyses (kept in the settings).
    void applyRules(const RuleConfig& rules);
    // File > Compare with baseline: loads that run and compares the open run with it.
    void compareWith(const QString& baselinePath);
    // File > Export findings: the report as PDF, or Markdown/JSON by the file's extension.
    bool exportFindings(const QString& path, QString* error);

Q_SIGNALS:
    void modelShown();       // a loaded model is on screen
    void analysisShown();    // its findings are on screen too (used by --screenshot)
    void comparisonShown();  // the baseline comparison is on screen
    void loadFinishedWithError(const QString& message);

protected:
    void closeEvent(QCloseEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    void createActions();
    void createMenus();
    void rememberRecent(const QString& path);
    void rebuildRecentMenu();
    void createDocks();
    void showModel(ModelPtr model);
    void showAnalysis(ModelPtr model, AnalysisPtr analysis);
    void showProgress(qint64 done, qint64 total);
    void chooseFile();
    void editRules();
    void chooseExport();
    void compareRuns();

    LoadSession* session_;
    LoadSession* baselineSession_;
    ModelPtr baselineModel_;
    AnalysisPtr baselineAnalysis_;
    QString baselinePath_;
    std::shared_ptr<const Comparison> comparisonResult_;
    QAction* exportAction_ = nullptr;
    ModelPtr model_;
    QString path_;
    OverviewPanel* overview_;
    StageTableModel* stages_;
    JobTableModel* jobs_;
    LoadWarningsModel* warnings_;
    DataTableView* stageView_;
    DataTableView* jobView_;
    DataTableView* warningView_;
    FindingsModel* findings_;
    TaskTableModel* tasks_;
    TaskSummaryModel* summary_;
    DataTableView* findingView_;
    EvidencePanel* evidence_;
    ComparisonPanel* comparison_;
    ExecutorsPanel* executors_;
    SqlPanel* sql_;
    CachePanel* cache_;
    StageDagView* dag_;
    int32_t dagJob_ = -1;
    EnvironmentPanel* environment_;
    DataTableView* taskView_;
    DataTableView* summaryView_;
    TaskHistogramView* histogram_;
    GapsModel* gaps_;
    DataTableView* gapView_;
    StageTimelineView* timeline_;
    AppTimelineView* appTimeline_;
    Navigator* navigator_;
    AnalysisPtr analysis_;
    QByteArray defaultLayout_;
    class QMenu* recentMenu_ = nullptr;
    QLineEdit* filter_;
    QLabel* status_;
    QProgressBar* progress_;
    QPushButton* cancel_;
};

}  // namespace stagelight
