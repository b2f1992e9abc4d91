// The load report as a list: severity, file, line, offset, message (plain text, never rich text).
#pragma once

#include "qt/SnapshotTableModel.h"

namespace stagelight {

class LoadWarningsModel : public SnapshotTableModel {
    Q_OBJECT
public:
    enum Column { Severity, File, Line, Offset, Message, ColumnCount };
    explicit LoadWarningsModel(QObject* parent = nullptr);
    QVariant data(const QModelIndex& index, int role) const override;

private:
    int rebuild() override;
};

}  // namespace stagelight
