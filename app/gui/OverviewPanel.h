// The landing page's headline figures: application, wall clock, counts, data volumes. All text
// from the log is set as plain text.
#pragma once

#include <QWidget>

#include "qt/MetaTypes.h"

class QLabel;
class QFormLayout;

namespace stagelight {

class OverviewPanel : public QWidget {
    Q_OBJECT
public:
    explicit OverviewPanel(QWidget* parent = nullptr);
    void setModel(const ModelPtr& model);

private:
    QLabel* addRow(const QString& label);
    QFormLayout* form_;
    QLabel *app_, *spark_, *wallClock_, *counts_, *data_, *spill_, *executors_, *source_;
};

}  // namespace stagelight
