// The Environment dock: every section the log's EnvironmentUpdate carried (Spark properties,
// system properties, JVM information, classpath, Hadoop properties, metrics properties) as one
// filterable table, with the findings that refer to each setting.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "qt/SnapshotTableModel.h"

namespace stagelight {

class EnvironmentModel : public SnapshotTableModel {
    Q_OBJECT
public:
    enum Column { Section, Key, Value, ReferredBy, ColumnCount };

    explicit EnvironmentModel(QObject* parent = nullptr);
    // The rules of the findings that name each setting (from the analysis).
    void setReferences(std::map<std::string, std::vector<std::string>> rulesByKey);
    int rowOfKey(const QString& key) const;  // -1 when absent
    QVariant data(const QModelIndex& index, int role) const override;

private:
    int rebuild() override;
    struct Row {
        const std::string* section;
        const std::pair<std::string, std::string>* entry;
    };
    std::vector<Row> rows_;
    std::map<std::string, std::vector<std::string>> references_;
};

// The settings the findings name, each with the rules that name it.
std::map<std::string, std::vector<std::string>> settingReferences(const Analysis& analysis);

}  // namespace stagelight
