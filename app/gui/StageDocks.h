// The docks that follow the stage on screen: its tasks, their summary metrics, the task
// histogram, the stage's event timeline and its job's DAG. Each subscribes itself, in its
// constructor, to the session (a new log clears it) and to the Navigator's intents; the main
// window only registers it. The session's model is read when a stage is requested, so the
// order in which views hear of a new log does not matter.
#pragma once

#include <QWidget>

#include <cstddef>
#include <cstdint>

#include "model/Ids.h"
#include "qt/MetaTypes.h"

namespace stagelight {

class DataTableView;
class LoadSession;
class Navigator;
class StageDagView;
class StageTimelineView;
class TaskHistogramView;
class TaskSummaryModel;
class TaskTableModel;

// Every task attempt of the stage, with a finding's outliers or a chart's pick selected.
class TasksDock : public QWidget {
    Q_OBJECT
public:
    TasksDock(LoadSession* session, Navigator* navigator, QWidget* parent);

private:
    void select(const QList<qint64>& taskIds);
    LoadSession* session_;
    TaskTableModel* model_;
    DataTableView* table_;
    bool selecting_ = false;  // a selection made here is not made again when it comes back
};

// Spark's summary metrics (quantiles) of the stage's successful tasks.
class SummaryDock : public QWidget {
    Q_OBJECT
public:
    SummaryDock(LoadSession* session, Navigator* navigator, QWidget* parent);

private:
    TaskSummaryModel* model_;
};

// The stage's tasks binned by a metric; a finding's outliers in the metric it is about.
class HistogramDock : public QWidget {
    Q_OBJECT
public:
    HistogramDock(LoadSession* session, Navigator* navigator, QWidget* parent);

private:
    TaskHistogramView* histogram_;
};

// The stage's event timeline with the time accounting's gaps; zoomed to a finding's window.
class TimelineDock : public QWidget {
    Q_OBJECT
public:
    TimelineDock(LoadSession* session, Navigator* navigator, QWidget* parent);

private:
    void showGaps();  // of the stage on screen, once the analysis is known
    LoadSession* session_;
    StageTimelineView* timeline_;
    StageKey stage_;
    bool zoomedByNavigation_ = false;  // undone when the next finding clears
    std::vector<int64_t> highlighted_, chosen_;  // marked, kept when the stage is refreshed
};

// The DAG of the job of the stage on screen (laid out again only when the job changes).
class JobDagDock : public QWidget {
    Q_OBJECT
public:
    JobDagDock(LoadSession* session, Navigator* navigator, QWidget* parent);

private:
    StageDagView* dag_;
    int32_t job_ = -1;
    int32_t chosenJob_ = -1;  // chosen in the Jobs dock, until the next navigation clears
};

}  // namespace stagelight
