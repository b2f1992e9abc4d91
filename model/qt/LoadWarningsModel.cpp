#include "qt/LoadWarningsModel.h"

#include "qt/PlainText.h"

namespace stagelight {

LoadWarningsModel::LoadWarningsModel(QObject* parent)
    : SnapshotTableModel({tr("Severity"), tr("File"), tr("Line"), tr("Offset"), tr("Message")},
                         parent) {}

int LoadWarningsModel::rebuild() {
    return snapshot() ? int(snapshot()->report.warnings.size()) : 0;
}

QVariant LoadWarningsModel::data(const QModelIndex& index, int role) const {
    const ModelPtr& model = snapshot();
    if (!index.isValid() || !model || index.row() >= int(model->report.warnings.size())) return {};
    if (role == Qt::ToolTipRole) {  // file names and messages escaped: never rich text
        const QString shown = data(index, Qt::DisplayRole).toString();
        return shown.isEmpty() ? QVariant() : QVariant(plainTooltip(shown));
    }
    if (role != Qt::DisplayRole) return {};
    const LoadWarning& w = model->report.warnings[size_t(index.row())];
    switch (index.column()) {
        case Severity:
            return QString::fromLatin1(w.severity == LoadWarning::Severity::Info      ? "info"
                                       : w.severity == LoadWarning::Severity::Warning ? "warning"
                                                                                      : "error");
        case File:
            return logText(w.file);
        case Line:
            return w.line > 0 ? QString::number(w.line) : QString();
        case Offset:
            return QString(QString::number(w.offset) +
                           (w.offsetIsCompressed ? QStringLiteral(" (file)") : QString()));
        case Message:
            return logText(w.message, 2000);
    }
    return {};
}

}  // namespace stagelight
