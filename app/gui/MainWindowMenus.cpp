// MainWindow's menus and what they do: open, recent files, compare with a baseline, export the
// findings report, the rules editor, layout reset.
#include "gui/MainWindow.h"

#include <QApplication>
#include <QDir>
#include <QDockWidget>
#include <QFileDialog>
#include <QInputDialog>
#include <QFileInfo>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QSettings>
#include <QShortcut>
#include <optional>
#include "export/ReportExport.h"
#include "gui/ComparisonPanel.h"
#include "gui/RulesDialog.h"
#include "gui/ShortcutsDialog.h"

namespace stagelight {

// The log's name without its extensions (compression, .inprogress): "nightly-sales-rollup" for
// nightly-sales-rollup.zstd, and a directory's own name.
QString exportBaseName(const QString& logPath) {
    QString name = QFileInfo(logPath).fileName();
    if (name.isEmpty()) name = QFileInfo(QFileInfo(logPath).absolutePath()).fileName();
    for (const char* ext : {".inprogress", ".zstd", ".zst", ".lz4", ".snappy", ".lzf", ".gz",
                            ".zip", ".json", ".ndjson", ".log", ".txt"})
        if (name.endsWith(QLatin1String(ext)) && name.size() > int(qstrlen(ext)))
            name.chop(qsizetype(qstrlen(ext)));
    return name.isEmpty() ? QStringLiteral("stagelight") : name;
}

void MainWindow::chooseExport() {
    QString selected;
    const QString base = exportBaseName(path_) + QStringLiteral("-report");
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export findings"), base + QStringLiteral(".pdf"),
        tr("PDF report (*.pdf);;Markdown (*.md);;JSON (*.json)"), &selected);
    if (path.isEmpty()) return;
    QString error;
    if (!exportFindings(path, &error)) {
        QMessageBox box(QMessageBox::Warning, tr("Export findings"), error, QMessageBox::Ok, this);
        box.setTextFormat(Qt::PlainText);
        box.exec();
    } else {
        status_->setText(tr("Findings exported to %1").arg(path));
    }
}

void MainWindow::compareWith(const QString& baselinePath) {
    baselinePath_ = baselinePath;
    baselineModel_.reset();
    baselineAnalysis_.reset();
    comparisonResult_.reset();
    comparison_->clear();
    status_->setText(tr("Loading the baseline %1…").arg(baselinePath));
    baselineSession_->setRuleConfig(session_->ruleConfig());
    baselineSession_->load(baselinePath);
}

void MainWindow::compareRuns() {
    const ModelPtr& model = session_->model();
    const AnalysisPtr& analysis = session_->analysis();
    if (!baselineModel_ || !baselineAnalysis_ || !model || !analysis) return;
    comparisonResult_ = std::make_shared<const Comparison>(
        stagelight::compareRuns(*baselineModel_, *baselineAnalysis_, *model, *analysis));
    comparison_->setRuns(baselineModel_, QFileInfo(baselinePath_).fileName(), model,
                         comparisonResult_);
    if (auto* dock = findChild<QDockWidget*>(QStringLiteral("comparisonDock"))) {
        dock->show();
        dock->raise();
    }
    Q_EMIT comparisonShown();
}

bool MainWindow::exportFindings(const QString& path, QString* error) {
    if (!session_->model() || !session_->analysis()) {
        if (error) *error = tr("No findings to export yet");
        return false;
    }
    ReportFormat format = ReportFormat::Pdf;
    reportFormatFromName(path, format);  // .md and .json by name; anything else is a PDF
    QApplication::setOverrideCursor(Qt::WaitCursor);
    // With a baseline open, the report has its comparison section too.
    std::optional<ReportBaseline> baseline;
    if (comparisonResult_)
        baseline = ReportBaseline{baselineModel_, QFileInfo(baselinePath_).fileName().toStdString(),
                                  *comparisonResult_};
    const bool ok = writeReport(session_->model(), *session_->analysis(), path, format, QPageSize::A4, error,
                                baseline ? &*baseline : nullptr);
    QApplication::restoreOverrideCursor();
    return ok;
}

void MainWindow::editRules() {
    RulesDialog dialog(session_->ruleConfig(), this);
    if (dialog.exec() != QDialog::Accepted) return;
    applyRules(dialog.config());
}

void MainWindow::applyRules(const RuleConfig& rules) {
    session_->setRuleConfig(rules);
    QSettings().setValue(QStringLiteral("rules/json"), QString::fromStdString(rules.toJson()));
    session_->reanalyze();  // a newer analysis supersedes one still running
}

void MainWindow::createMenus() {
    QMenu* file = menuBar()->addMenu(tr("&File"));
    file->addAction(tr("&Open…"), QKeySequence::Open, this, &MainWindow::chooseFile);
    file->addAction(tr("Open &directory…"), QKeySequence(tr("Ctrl+Shift+O")), this, [this] {
        // A rolling eventlog_v2_* directory, a Databricks log directory or a 1.x log directory.
        const QString dir =
            QFileDialog::getExistingDirectory(this, tr("Open a Spark event log directory"), path_);
        if (!dir.isEmpty()) openLog(dir);
    });
    file->addAction(tr("Open &URL…"), QKeySequence(tr("Ctrl+U")), this, [this] {
        // An application of a History Server: its logs come through the server's own API.
        bool ok = false;
        const QString url = QInputDialog::getText(
            this, tr("Open from a History Server"),
            tr("The application's address in the History Server\n(https://shs:18080/history/"
               "APP_ID/ or …/api/v1/applications/APP_ID):"),
            QLineEdit::Normal, QString(), &ok);
        if (ok && !url.trimmed().isEmpty()) openUrl(url.trimmed());
    });
    recentMenu_ = file->addMenu(tr("Open &Recent"));
    rebuildRecentMenu();
    file->addAction(tr("&Compare with baseline…"), QKeySequence(tr("Ctrl+B")), this, [this] {
        const QString path = QFileDialog::getOpenFileName(
            this, tr("Open the baseline run to compare with"), path_,
            tr("Spark event logs (*);;Compressed (*.zstd *.zst *.lz4 *.snappy *.lzf *.gz *.zip)"));
        if (!path.isEmpty()) compareWith(path);
    });
    exportAction_ = file->addAction(tr("&Export findings…"), QKeySequence(tr("Ctrl+E")), this,
                                    &MainWindow::chooseExport);
    exportAction_->setEnabled(false);  // until the findings are shown
    file->addAction(tr("Re&load"), QKeySequence::Refresh, this, [this] {
        if (!path_.isEmpty()) openLog(path_);
    });
    file->addSeparator();
    // Ctrl+Q itself: QKeySequence::Quit has no key under some platform themes (offscreen).
    file->addAction(tr("&Quit"), QKeySequence(tr("Ctrl+Q")), this, &QWidget::close);
    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    edit->addAction(tr("&Find stage…"), QKeySequence::Find, this, [this] {
        // Inside the SQL view, Ctrl+F searches the plan instead.
        auto* plan = findChild<QLineEdit*>(QStringLiteral("planFind"));
        auto* sql = findChild<QWidget*>(QStringLiteral("sqlDock"));
        if (QWidget* focus = QApplication::focusWidget(); plan && sql && sql->isAncestorOf(focus)) {
            plan->setFocus();
            plan->selectAll();
            return;
        }
        filter_->setFocus();
        filter_->selectAll();
    });
    edit->addAction(tr("Find &finding…"), QKeySequence(tr("Ctrl+Shift+A")), this, [this] {
        if (auto* f = findChild<QLineEdit*>(QStringLiteral("alertFilter"))) {
            f->setFocus();
            f->selectAll();
        }
    });
    QMenu* analysis = menuBar()->addMenu(tr("&Analysis"));
    analysis->addAction(tr("&Rules…"), this, &MainWindow::editRules);
    QMenu* view = menuBar()->addMenu(tr("&View"));
    // A dock's item brings it to the front (shown again if it was closed): tabbed docks are
    // raised, never hidden; closing is the dock's own button.
    for (QDockWidget* d : findChildren<QDockWidget*>()) {
        QAction* a = view->addAction(d->windowTitle());
        a->setObjectName(d->objectName() + QStringLiteral("Action"));
        connect(d, &QWidget::windowTitleChanged, a, &QAction::setText);
        connect(a, &QAction::triggered, d, [d] {
            d->show();
            d->raise();
        });
    }
    view->addSeparator();
    view->addAction(tr("&Full screen"), QKeySequence(Qt::Key_F11), this,
                    [this] { setWindowState(windowState() ^ Qt::WindowFullScreen); });
    view->addAction(tr("&Reset layout"), this, &MainWindow::resetLayout);
    // Escape in a filter field empties it: the whole list again.
    for (QLineEdit* field : {filter_, findChild<QLineEdit*>(QStringLiteral("alertFilter"))}) {
        if (!field) continue;
        auto* key = new QShortcut(QKeySequence(Qt::Key_Escape), field, field, &QLineEdit::clear,
                                  Qt::WidgetShortcut);
        key->setWhatsThis(tr("Clear the filter"));
        key->setProperty("where", field == filter_ ? tr("Stage filter") : tr("Finding filter"));
    }
    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&Keyboard shortcuts"), QKeySequence(tr("Ctrl+/")), this, [this] {
        auto* sheet = new ShortcutsDialog(this);
        sheet->setAttribute(Qt::WA_DeleteOnClose);
        sheet->open();
    });
    help->addAction(tr("&About Stagelight"), this, [this] {
        QMessageBox::about(this, tr("About Stagelight"),
                           tr("Stagelight opens Apache Spark event logs offline and shows where "
                              "the time went, with evidence."));
    });
}

void MainWindow::resetLayout() {
    restoreState(defaultLayout_, kLayoutVersion);
    for (QDockWidget* d : findChildren<QDockWidget*>()) d->show();
    restoreState(defaultLayout_, kLayoutVersion);
}

QStringList MainWindow::recentFiles() const {
    return QSettings().value(QStringLiteral("recentFiles")).toStringList();
}

void MainWindow::rememberRecent(const QString& path) {
    QStringList files = recentFiles();
    files.removeAll(path);
    files.prepend(path);
    while (files.size() > 10) files.removeLast();
    QSettings().setValue(QStringLiteral("recentFiles"), files);
    rebuildRecentMenu();
}

void MainWindow::rebuildRecentMenu() {
    if (!recentMenu_) return;
    recentMenu_->clear();
    const QStringList files = recentFiles();
    for (qsizetype i = 0; i < files.size(); ++i) {
        const QString& f = files[i];
        // The file with its folder ("spark-events/app-1.zstd"): an absolute path ran off the
        // screen; the whole path is the status tip. Plain text: a name could hold '&'.
        // Numbered: Alt+1…9 picks one.
        const QFileInfo info(f);
        const QString folder = info.dir().dirName();
        const QString shown =
            folder.isEmpty() || folder == QLatin1String(".") || info.dir().isRoot()
                ? info.fileName()
                : folder + QLatin1Char('/') + info.fileName();
        const QString name = QString(shown).replace(QLatin1Char('&'), QStringLiteral("&&"));
        QAction* a = recentMenu_->addAction(
            i < 9 ? QStringLiteral("&%1  %2").arg(i + 1).arg(name) : QStringLiteral("   ") + name);
        a->setStatusTip(f);
        a->setToolTip(f);
        connect(a, &QAction::triggered, this, [this, f] { openLog(f); });
    }
    recentMenu_->setToolTipsVisible(true);
    if (!files.isEmpty()) {
        recentMenu_->addSeparator();
        recentMenu_->addAction(tr("&Clear recent"), this, [this] {
            QSettings().remove(QStringLiteral("recentFiles"));
            rebuildRecentMenu();
        });
    }
    recentMenu_->setEnabled(!files.isEmpty());
}

void MainWindow::chooseFile() {
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Open Spark event log"), path_,
        tr("Spark event logs (*);;Compressed (*.zstd *.zst *.lz4 *.snappy *.lzf *.gz *.zip)"));
    if (!path.isEmpty()) openLog(path);
}

}  // namespace stagelight
