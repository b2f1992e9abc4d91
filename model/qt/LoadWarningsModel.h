// The load report as a list: severity, file, line, offset, message (plain text, never rich text).
#pragma once

#include <QAbstractTableModel>

#include "qt/LoadSession.h"

namespace stagelight {

class LoadWarningsModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Severity, File, Line, Offset, Message, ColumnCount };
    explicit LoadWarningsModel(QObject* parent = nullptr);
    void setModel(ModelPtr model);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    ModelPtr model_;
};

}  // namespace stagelight
