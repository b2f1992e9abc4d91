// The panels that show the whole application: the stage table in the middle of the window, the
// jobs, load warnings and gaps lists, the findings, and the application timeline. Each subscribes
// itself, in its constructor, to the session and to the Navigator; choosing a row in them asks
// the Navigator to show it.
#pragma once

#include <QWidget>

#include "qt/MetaTypes.h"

namespace stagelight {

class AppTimelineView;
class DataTableView;
class DiagnosisView;
class GapsModel;
class LoadSession;
class Navigator;
class StageTableModel;

// The stage attempts, sorted by duration; a new log starts on the longest. Selecting a row by
// hand shows that stage everywhere; a stage shown from elsewhere is selected here.
class StageTablePanel : public QWidget {
    Q_OBJECT
public:
    StageTablePanel(LoadSession* session, Navigator* navigator, QWidget* parent);
    DataTableView* table() const { return table_; }

Q_SIGNALS:
    // A stage shown from elsewhere is hidden by the filter: whoever owns the filter clears it
    // (the evidence must be on screen, not the user's last search).
    void filterHidesStage();

private:
    StageTableModel* model_;
    DataTableView* table_;
    bool navigating_ = false;  // selecting a row the Navigator asked for
};

// Choosing a job (mouse or keyboard) lists its stages and shows its span.
class JobsDock : public QWidget {
    Q_OBJECT
public:
    JobsDock(LoadSession* session, Navigator* navigator, QWidget* parent);

private:
    bool choosing_ = false;  // a job chosen here is being shown
};

class WarningsDock : public QWidget {
    Q_OBJECT
public:
    WarningsDock(LoadSession* session, QWidget* parent);
};

// The time accounting's gaps; choosing one zooms the stage's timeline to it.
class GapsDock : public QWidget {
    Q_OBJECT
public:
    GapsDock(LoadSession* session, Navigator* navigator, QWidget* parent);

private:
    GapsModel* model_;
    DataTableView* table_;
};

// The Diagnosis view (the landing page) on the session: choosing a finding, by mouse or
// keyboard, shows its evidence everywhere; choosing a slice of the wall-clock bar shows its
// stage and window.
class DiagnosisPanel : public QWidget {
    Q_OBJECT
public:
    DiagnosisPanel(LoadSession* session, Navigator* navigator, QWidget* parent);
    DiagnosisView* view() const { return view_; }
    // The costliest finding, unless one is chosen already: the views open on its evidence.
    void chooseFirstFinding();

private:
    DiagnosisView* view_;
};

// Jobs and stages on one time axis; marks the stage on screen, zooms to application-level
// windows.
class AppTimelineDock : public QWidget {
    Q_OBJECT
public:
    AppTimelineDock(LoadSession* session, Navigator* navigator, QWidget* parent);

private:
    AppTimelineView* timeline_;
    bool zoomedByNavigation_ = false;  // undone when the next finding clears
};

}  // namespace stagelight
