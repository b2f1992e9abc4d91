#include "gui/RulesDialog.h"

#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFile>
#include <QFileDialog>
#include <QFormLayout>
#include <QHeaderView>
#include <QMessageBox>
#include <QPushButton>
#include <QSaveFile>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace stagelight {
namespace {

QDoubleSpinBox* numberBox(QWidget* parent, double max, int decimals) {
    auto* box = new QDoubleSpinBox(parent);
    box->setRange(0, max);
    box->setDecimals(decimals);
    box->setAccelerated(true);
    return box;
}

QString text(std::string_view s) {
    return QString::fromUtf8(s.data(), qsizetype(s.size()));
}

}  // namespace

RulesDialog::RulesDialog(const RuleConfig& current, QWidget* parent)
    : QDialog(parent),
      tree_(new QTreeWidget(this)),
      critical_(numberBox(this, 1, 3)),
      warning_(numberBox(this, 1, 3)) {
    setWindowTitle(tr("Diagnosis rules"));
    resize(760, 620);
    critical_->setToolTip(
        tr("A finding is critical when its estimated cost is at least this "
           "share of the application's wall clock"));
    warning_->setToolTip(tr("A finding is a warning from this share of the wall clock"));
    auto* bands = new QFormLayout;
    bands->addRow(tr("Critical from (share of wall clock)"), critical_);
    bands->addRow(tr("Warning from (share of wall clock)"), warning_);

    tree_->setColumnCount(3);
    tree_->setHeaderLabels({tr("Rule / threshold"), tr("Value"), tr("Default / what it checks")});
    tree_->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    tree_->setUniformRowHeights(true);
    for (const RuleDef& rule : allRules()) {
        auto* item = new QTreeWidgetItem(tree_);
        item->setText(0, text(rule.name));
        item->setText(2, text(rule.checks));
        item->setToolTip(2, text(rule.checks));
        item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
        item->setCheckState(0, Qt::Checked);
        ruleItems_[std::string(rule.name)] = item;
        for (const auto& [key, value] : rule.defaults) {
            auto* child = new QTreeWidgetItem(item);
            child->setText(0, QString::fromStdString(key));
            child->setText(2, tr("default %1").arg(value));
            auto* box = numberBox(tree_, 1e15, value != double(int64_t(value)) ? 3 : 0);
            tree_->setItemWidget(child, 1, box);
            thresholds_[{std::string(rule.name), key}] = box;
        }
    }

    auto* buttons = new QDialogButtonBox(
        QDialogButtonBox::Ok | QDialogButtonBox::Cancel | QDialogButtonBox::RestoreDefaults, this);
    QPushButton* load = buttons->addButton(tr("Load…"), QDialogButtonBox::ActionRole);
    QPushButton* save = buttons->addButton(tr("Save as…"), QDialogButtonBox::ActionRole);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(buttons->button(QDialogButtonBox::RestoreDefaults), &QPushButton::clicked, this,
            [this] { show(RuleConfig{}); });
    connect(load, &QPushButton::clicked, this, &RulesDialog::loadFile);
    connect(save, &QPushButton::clicked, this, &RulesDialog::saveFile);

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(bands);
    layout->addWidget(tree_, 1);
    layout->addWidget(buttons);
    show(current);
}

void RulesDialog::show(const RuleConfig& config) {
    critical_->setValue(config.criticalShare);
    warning_->setValue(config.warningShare);
    for (const RuleDef& rule : allRules()) {
        const std::string name(rule.name);
        ruleItems_[name]->setCheckState(0, config.enabled(rule) ? Qt::Checked : Qt::Unchecked);
        const RuleParams params = config.paramsFor(rule);
        for (const auto& [key, value] : rule.defaults)
            thresholds_[{name, key}]->setValue(params[key]);
    }
}

RuleConfig RulesDialog::config() const {
    RuleConfig c;
    c.criticalShare = critical_->value();
    c.warningShare = warning_->value();
    for (const RuleDef& rule : allRules()) {
        const std::string name(rule.name);
        if (ruleItems_.at(name)->checkState(0) != Qt::Checked) c.disabled.insert(name);
        for (const auto& [key, value] : rule.defaults) {
            const double shown = thresholds_.at({name, key})->value();
            if (shown != value) c.overrides[name][key] = shown;
        }
    }
    return c;
}

void RulesDialog::loadFile() {
    const QString path = QFileDialog::getOpenFileName(this, tr("Load rules"), QString(),
                                                      tr("Rules files (*.json);;All files (*)"));
    if (path.isEmpty()) return;
    QFile file(path);
    RuleConfig loaded;
    std::string error = "cannot read the file";
    if (!file.open(QIODevice::ReadOnly) ||
        !RuleConfig::parse(file.readAll().toStdString(), loaded, error)) {
        QMessageBox box(QMessageBox::Warning, tr("Load rules"),
                        tr("%1: %2").arg(path, QString::fromStdString(error)), QMessageBox::Ok,
                        this);
        box.setTextFormat(Qt::PlainText);
        box.exec();
        return;
    }
    show(loaded);
}

void RulesDialog::saveFile() {
    const QString path = QFileDialog::getSaveFileName(this, tr("Save rules"),
                                                      QStringLiteral("stagelight-rules.json"),
                                                      tr("Rules files (*.json)"));
    if (path.isEmpty()) return;
    QSaveFile file(path);  // written atomically: a temporary file, then a rename
    const std::string json = config().toJson();
    if (!file.open(QIODevice::WriteOnly) || file.write(json.data(), qint64(json.size())) < 0 ||
        !file.commit()) {
        QMessageBox box(QMessageBox::Warning, tr("Save rules"),
                        tr("%1: %2").arg(path, file.errorString()), QMessageBox::Ok, this);
        box.setTextFormat(Qt::PlainText);
        box.exec();
    }
}

}  // namespace stagelight
