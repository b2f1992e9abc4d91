// Docks that list what the log says about the application beyond its stages: executors (GC above
// 10 % of task time flagged), SQL executions with the selected one's physical plan, cached RDDs,
// and the environment with a filter (the settings the findings name show which rules refer to
// them). Each subscribes itself to the session, and to the Navigator's intents it applies.
#pragma once

#include <QWidget>

#include "figures/PlanChanges.h"
#include "qt/MetaTypes.h"

class QLabel;
class QLineEdit;
class QComboBox;
class QPlainTextEdit;

class QTimer;

namespace stagelight {

class CacheTableModel;
class CacheUsageChart;
class DataTableView;
class ExecutorChart;
class ExecutorMemoryChart;
class PlanGraphView;
class EnvironmentModel;
class ExecutorTableModel;
class LoadSession;
class Navigator;
class SqlExecutionModel;

class ExecutorsPanel : public QWidget {
    Q_OBJECT
public:
    ExecutorsPanel(LoadSession* session, QWidget* parent);
    const ExecutorTableModel* model() const { return model_; }
    const ExecutorChart* chart() const { return chart_; }
    ExecutorMemoryChart* memoryChart() const { return memory_; }

private:
    ExecutorTableModel* model_;
    DataTableView* table_;
    ExecutorChart* chart_;
    ExecutorMemoryChart* memory_;
};

class SqlPanel : public QWidget {
    Q_OBJECT
public:
    SqlPanel(LoadSession* session, Navigator* navigator, QWidget* parent);
    void showExecution(int64_t executionId);
    void showNode(int64_t executionId, int64_t nodeId);  // a finding's plan node, highlighted
    int64_t shownExecution() const { return execution_; }  // -1: none
    // The stage on screen: its SQL execution (kept when it is the one shown), or none.
    void followStage(StageKey stage);
    void clearExecution();
    QString planText() const;
    PlanGraphView* graph() const { return graph_; }
    // Adaptive execution: show the initial plan instead of the final one (when AQE changed it).
    void showInitialPlan(bool initial);
    bool initialPlanAvailable() const;
    // Every version of an adaptive plan: the initial one, then one per AdaptiveExecutionUpdate.
    int planVersionCount() const { return int(versions_.size()); }
    QStringList planVersionTitles() const;
    void showPlanVersion(int version);
    QString planChangesText() const;  // what the shown version changed
    QComboBox* planVersionBox() const { return which_; }
    // Find in the plan graph and the plan text: the number of operators that match.
    int findInPlan(const QString& text);
    void findNext(int step);  // +1 next, -1 previous
    QString findStatus() const;
    int textMatchCount() const;  // occurrences marked in the plan text
    QString selectedOperatorDetails() const;

private:
    void setModel(ModelPtr model);
    void showPlan();
    void findInText(bool fromStart, bool backwards);
    ModelPtr snapshot_;
    int64_t execution_ = -1;
    SqlExecutionModel* model_;
    DataTableView* table_;
    PlanGraphView* graph_;
    QPlainTextEdit* plan_;
    QComboBox* which_;
    QLineEdit* find_;
    QLabel* findCount_;
    QLabel* changes_;
    QPlainTextEdit* details_;
    std::vector<PlanVersionInfo> versions_;
};

class CachePanel : public QWidget {
    Q_OBJECT
public:
    CachePanel(LoadSession* session, Navigator* navigator, QWidget* parent);
    const CacheTableModel* model() const { return model_; }
    const CacheUsageChart* chart() const { return chart_; }

private:
    void setModel(ModelPtr model);
    void showRdd(int32_t rddId);  // a cache finding's evidence
    CacheTableModel* model_;
    DataTableView* table_;
    CacheUsageChart* chart_;
};

class EnvironmentPanel : public QWidget {
    Q_OBJECT
public:
    EnvironmentPanel(LoadSession* session, QWidget* parent);
    void filter(const QString& text);
    const EnvironmentModel* model() const { return model_; }
    int visibleRows() const;

private:
    void fitKeyRows();  // each row as high as its key needs at the key column's width
    EnvironmentModel* model_;
    DataTableView* table_;
    QLineEdit* filter_;
    QTimer* fitRows_;
};

}  // namespace stagelight
