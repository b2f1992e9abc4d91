#include "qt/LoadWarningsModel.h"

namespace stagelight {

LoadWarningsModel::LoadWarningsModel(QObject* parent) : QAbstractTableModel(parent) {}

void LoadWarningsModel::setModel(ModelPtr model) {
    beginResetModel();
    model_ = std::move(model);
    endResetModel();
}

int LoadWarningsModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() || !model_ ? 0 : int(model_->report.warnings.size());
}
int LoadWarningsModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant LoadWarningsModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    static const char* names[] = {"Severity", "File", "Line", "Offset", "Message"};
    return section >= 0 && section < ColumnCount ? QString::fromLatin1(names[section]) : QVariant();
}

QVariant LoadWarningsModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || !model_ || index.row() >= int(model_->report.warnings.size())) return {};
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole) return {};
    const LoadWarning& w = model_->report.warnings[size_t(index.row())];
    switch (index.column()) {
        case Severity:
            return QString::fromLatin1(w.severity == LoadWarning::Severity::Info      ? "info"
                                       : w.severity == LoadWarning::Severity::Warning ? "warning"
                                                                                      : "error");
        case File: return QString::fromStdString(w.file);
        case Line: return w.line > 0 ? QString::number(w.line) : QString();
        case Offset: return QString(QString::number(w.offset) + (w.offsetIsCompressed ? QStringLiteral(" (file)") : QString()));
        case Message: return QString::fromStdString(w.message);
    }
    return {};
}

}  // namespace stagelight
