// What the dock panels share for their layout: children edge to edge, as when the dock held the
// view itself.
#pragma once

#include <QVBoxLayout>
#include <QWidget>

namespace stagelight {

inline QVBoxLayout* tightLayout(QWidget* widget) {
    auto* layout = new QVBoxLayout(widget);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    return layout;
}

}  // namespace stagelight
