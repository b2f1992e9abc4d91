// The main window: the Diagnosis view (wall-clock bar and ranked findings) in the middle; the
// stages, jobs, gaps and load warnings on the left; the chosen finding's evidence, the overview,
// executors, cache and environment on the right; the stage's timeline, tasks, histogram and
// summary metrics, the application timeline, SQL and job DAG below; a status bar with the file,
// Spark version, load time and warning count. Logs open from the
// toolbar, the command line, or by dropping a file on the window. The window registers the
// docks; each subscribes itself to the session and the Navigator, so nothing is pushed to them.
#pragma once

#include <QElapsedTimer>
#include <QMainWindow>

#include "compare/Compare.h"
#include "diagnosis/RuleConfig.h"
#include "qt/LoadSession.h"

class QAction;
class QDialog;
class QDockWidget;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;

namespace stagelight {

class ComparisonPanel;
class DataTableView;
class Navigator;

// The default file name of an export: the log's name without its extensions.
QString exportBaseName(const QString& logPath);

class UrlOpener;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);
    // The saved dock layout's version: 2 has the Diagnosis view in the middle (issue 17); an
    // older saved layout is not applied.
    static constexpr int kLayoutVersion = 2;
    void openLog(const QString& path);
    // An application of a History Server (…/history/APP_ID/): its logs downloaded, then opened.
    void openUrl(const QString& url);
    UrlOpener* urlOpener() const { return urlOpener_; }
    ModelPtr currentModel() const { return session_->model(); }
    AnalysisPtr currentAnalysis() const { return session_->analysis(); }
    QStringList recentFiles() const;
    void resetLayout();  // View > Reset layout: the shipped arrangement of the docks
    // Resizes the window to `wanted`, at most the screen's available size, with the docks in
    // the default proportions (--size and first launch).
    void fitToScreen(QSize wanted);
    void applyDefaultDockSizes();  // the docks in the default proportions of the window's size
    // "16.0 MiB of 16.8 MiB · 12.3 MiB/s · about 1 s left" (no rate in the first 200 ms).
    static QString progressText(qint64 done, qint64 total, qint64 elapsedMs);
    // Analysis > Rules: the rules of this and later analyses (kept in the settings).
    void applyRules(const RuleConfig& rules);
    // File > Compare with baseline: loads that run and compares the open run with it.
    void compareWith(const QString& baselinePath);
    // File > Export findings: the report as PDF, or Markdown/JSON by the file's extension.
    bool exportFindings(const QString& path, QString* error);

Q_SIGNALS:
    void partialModelShown();  // what was read so far of a log still loading is on screen
    void modelShown();       // a loaded model is on screen
    void analysisShown();    // its findings are on screen too (used by --screenshot)
    void comparisonShown();  // the baseline comparison is on screen
    void loadFinishedWithError(const QString& message);
    // A directory of several logs was opened: this chooser lists them (window-modal, open).
    void logChooserShown(QDialog* chooser);
    void analysisFailed(const QString& message);  // the model is on screen, its findings not

protected:
    bool event(QEvent* event) override;
    void closeEvent(QCloseEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    void createActions();
    void createMenus();
    void rememberRecent(const QString& path);
    void rebuildRecentMenu();
    void createDocks();
    // Registers a dock: its title follows the content's window title.
    QDockWidget* addDock(QWidget* content, const QString& name, Qt::DockWidgetArea area);
    QDockWidget* addDock(QWidget* content, const QString& name, QDockWidget* tabbedWith);
    void showModel();
    // The status line of the log on screen: path, Spark version, read time, the diagnosis's state.
    QString statusText(const QString& diagnosis) const;
    void showAnalysis();
    void showProgress(qint64 done, qint64 total);
    // A window-modal message (never a nested event loop: tests and --screenshot keep running).
    void showError(const QString& title, const QString& message);
    void failLoad(const QString& title, const QString& message);  // the load or download failed
    void showReading(bool reading);  // the landing page while the first log is read (or not)
    void chooseFile();
    void chooseLogIn(const QString& directory);  // a directory of separate logs: pick one
    void editRules();
    void chooseExport();
    void compareRuns();

    LoadSession* session_;
    LoadSession* baselineSession_;
    UrlOpener* urlOpener_;
    Navigator* navigator_;
    ModelPtr baselineModel_;
    AnalysisPtr baselineAnalysis_;
    QString baselinePath_;
    std::shared_ptr<const Comparison> comparisonResult_;
    QAction* exportAction_ = nullptr;
    QString path_;
    QString rewritten_;  // said in the status line once a followed log was rewritten
    DataTableView* stageView_ = nullptr;
    ComparisonPanel* comparison_ = nullptr;
    QByteArray defaultLayout_;
    class QMenu* recentMenu_ = nullptr;
    QLineEdit* filter_;
    QLabel* status_;
    QProgressBar* progress_;
    QPushButton* cancel_;
    QElapsedTimer loadClock_;
};

}  // namespace stagelight
