#include "qt/EnvironmentModel.h"

#include <algorithm>
#include <iterator>

#include "qt/PlainText.h"
#include "report/ReportDocument.h"

namespace stagelight {

std::map<std::string, std::vector<std::string>> settingReferences(const Analysis& analysis) {
    std::map<std::string, std::vector<std::string>> out;
    for (const Finding& f : analysis.findings)
        for (const std::string& text : {f.fix, f.detail})
            for (const std::string& key : sparkKeysIn(text)) {
                auto& rules = out[key];
                if (std::find(rules.begin(), rules.end(), f.rule) == rules.end())
                    rules.push_back(f.rule);
            }
    return out;
}

EnvironmentModel::EnvironmentModel(QObject* parent)
    : SnapshotTableModel({tr("Section"), tr("Setting"), tr("Value"), tr("Referred to by")},
                         parent) {
    setColumnTips({tr("The EnvironmentUpdate section (Spark Properties, System Properties, JVM "
                      "Information, Classpath Entries, Hadoop Properties, ...)"),
                   tr("The property's name"), tr("Its value in this run"),
                   tr("The diagnosis rules whose findings name this setting")});
}

void EnvironmentModel::setReferences(std::map<std::string, std::vector<std::string>> rulesByKey) {
    beginResetModel();
    references_ = std::move(rulesByKey);
    endResetModel();
}

int EnvironmentModel::rebuild() {
    rows_.clear();
    if (!snapshot()) return 0;
    // In the Spark UI's order (Spark's settings before the JVM's), whatever order the log's
    // writer gave them; sections it does not know keep the log's order after those.
    static const char* const kOrder[] = {"JVM Information",    "Spark Properties",
                                         "Hadoop Properties",  "System Properties",
                                         "Metrics Properties", "Classpath Entries"};
    const auto rank = [](const std::string& section) {
        for (size_t i = 0; i < std::size(kOrder); ++i)
            if (section == kOrder[i]) return i;
        return std::size(kOrder);
    };
    std::vector<const std::pair<std::string, Properties>*> sections;
    for (const auto& s : snapshot()->environment.sections) sections.push_back(&s);
    std::stable_sort(sections.begin(), sections.end(),
                     [&](const auto* a, const auto* b) { return rank(a->first) < rank(b->first); });
    for (const auto* s : sections)
        for (const auto& entry : s->second) rows_.push_back({&s->first, &entry});
    return int(rows_.size());
}

int EnvironmentModel::rowOfKey(const QString& key) const {
    const std::string k = key.toStdString();
    for (size_t i = 0; i < rows_.size(); ++i)
        if (rows_[i].entry->first == k) return int(i);
    return -1;
}

QVariant EnvironmentModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= int(rows_.size())) return {};
    const Row& row = rows_[size_t(index.row())];
    QString shown;
    switch (index.column()) {
        case Section:
            shown = logText(*row.section);
            break;
        case Key:
            shown = logText(row.entry->first);
            break;
        case Value:
            // A line break in a value (line.separator) is shown as \n, not as an empty cell.
            shown = logText(row.entry->second)
                        .replace(QLatin1Char('\r'), QLatin1String("\\r"))
                        .replace(QLatin1Char('\n'), QLatin1String("\\n"));
            break;
        default:
            if (const auto it = references_.find(row.entry->first); it != references_.end())
                for (const std::string& rule : it->second)
                    shown += (shown.isEmpty() ? QString() : QStringLiteral(", ")) +
                             QString::fromStdString(rule);
    }
    if (role == Qt::DisplayRole || role == SortRole) return shown;
    if (role == Qt::ToolTipRole && index.column() != Section && !shown.isEmpty())
        return plainTooltip(shown);  // long keys and values (classpaths, JVM options) in full
    return {};
}

}  // namespace stagelight
