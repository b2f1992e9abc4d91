// Help > Keyboard shortcuts: every shortcut of the window's actions and QShortcuts (read from
// them, so a new one is listed without editing this: a QShortcut names what it does in its
// whatsThis and where in its "where" property), then the keys and mouse gestures the views
// handle on their own.
#pragma once

#include <QDialog>

class QMainWindow;
class QTableWidget;

namespace stagelight {

class ShortcutsDialog : public QDialog {
    Q_OBJECT
public:
    explicit ShortcutsDialog(QMainWindow* window);
    QTableWidget* table() const { return table_; }

private:
    QTableWidget* table_;
};

}  // namespace stagelight
