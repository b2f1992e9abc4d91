// The landing page's headline figures: application, wall clock, counts, data volumes, from the
// session's model. All text from the log is set as plain text.
#pragma once

#include <QWidget>

#include "qt/MetaTypes.h"

class QLabel;
class QFormLayout;

namespace stagelight {

class LoadSession;

class OverviewPanel : public QWidget {
    Q_OBJECT
public:
    OverviewPanel(LoadSession* session, QWidget* parent);

private:
    void setModel(const ModelPtr& model);
    QLabel* addRow(const QString& label);
    QFormLayout* form_;
    QLabel *app_, *spark_, *wallClock_, *counts_, *data_, *spill_, *executors_, *source_;
};

}  // namespace stagelight
