// Analysis > Rules: every diagnosis rule with its on/off switch and thresholds (defaults from the
// rule's documented anchors), the severity bands, and rules files to load and save (the same
// JSON as `stagelight analyze --rules FILE`).
#pragma once

#include <QDialog>

#include <map>
#include <string>

#include "diagnosis/RuleConfig.h"

class QDoubleSpinBox;
class QTreeWidget;
class QTreeWidgetItem;

namespace stagelight {

class RulesDialog : public QDialog {
    Q_OBJECT
public:
    explicit RulesDialog(const RuleConfig& current, QWidget* parent = nullptr);
    RuleConfig config() const;  // what the dialog shows now
    void show(const RuleConfig& config);

private:
    void loadFile();
    void saveFile();

    QTreeWidget* tree_;
    QDoubleSpinBox* critical_;
    QDoubleSpinBox* warning_;
    std::map<std::string, QTreeWidgetItem*> ruleItems_;
    std::map<std::pair<std::string, std::string>, QDoubleSpinBox*> thresholds_;
};

}  // namespace stagelight
