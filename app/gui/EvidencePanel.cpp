#include "gui/EvidencePanel.h"

#include <QDockWidget>
#include <QFontDatabase>
#include <QLabel>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QResizeEvent>
#include <QScrollArea>
#include <QSplitter>
#include <QVBoxLayout>

#include <algorithm>

#include "qt/StageText.h"
#include "diagnosis/EvidenceSources.h"
#include "gui/Navigator.h"
#include "load/Loader.h"
#include "qt/LoadSession.h"
#include "text/Format.h"
#include "text/JsonIndent.h"
#include "style/SeverityIcon.h"

namespace stagelight {
namespace {

// The finding's labels inside a scroll area: its minimum height is what the wrapped labels need
// at the width it has (QScrollArea sizes its widget from minimumSizeHint, which a word-wrapped
// layout computes for some other width and then cuts the last lines).
class WrappedTextBox : public QWidget {
public:
    using QWidget::QWidget;
    QSize minimumSizeHint() const override {
        QSize s = QWidget::minimumSizeHint();
        if (layout() && layout()->hasHeightForWidth() && width() > 0)
            s.setHeight(std::max(s.height(), layout()->totalHeightForWidth(width())));
        return s;
    }

protected:
    void resizeEvent(QResizeEvent* event) override {
        const bool widthChanged = event->size().width() != event->oldSize().width();
        QWidget::resizeEvent(event);
        if (widthChanged) updateGeometry();  // the scroll area asks minimumSizeHint again
    }
};

QLabel* plainLabel(QWidget* parent) {
    auto* label = new QLabel(parent);
    label->setTextFormat(Qt::PlainText);  // log text is never rich text
    label->setWordWrap(true);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return label;
}

QString evidenceText(const Evidence& e) {
    QString what;
    switch (e.kind) {
        case Evidence::Kind::Stage:
            what = EvidencePanel::tr("Stage %1").arg(stageIdText(e.stageId, e.stageAttemptId));
            break;
        case Evidence::Kind::Tasks:
            what = EvidencePanel::tr("%1 of stage %2")
                       .arg(QString::fromStdString(countText(int64_t(e.taskIds.size()), "task", "tasks")),
                            stageIdText(e.stageId, e.stageAttemptId));
            break;
        case Evidence::Kind::TimeWindow:
            what = EvidencePanel::tr("Time window of %1")
                       .arg(QString::fromStdString(formatDuration(e.endMs - e.startMs)));
            break;
        case Evidence::Kind::SqlNode:
            what = EvidencePanel::tr("Plan node %1 of SQL execution %2")
                       .arg(e.nodeId)
                       .arg(e.executionId);
            break;
        case Evidence::Kind::Rdd:
            what = EvidencePanel::tr("RDD %1").arg(e.rddId);
            break;
        case Evidence::Kind::Executor:
            what = EvidencePanel::tr("Executor %1").arg(QString::fromStdString(e.executorId));
            break;
    }
    return e.note.empty() ? what : what + QStringLiteral(": ") + QString::fromStdString(e.note);
}

// Runs on a worker thread: the model is shared and immutable.
QString readRawEvents(const ModelPtr& model, const std::vector<EvidenceSource>& sources) {
    std::vector<SourceRef> refs;
    for (const EvidenceSource& s : sources) refs.push_back(s.where);
    const auto lines = readSourceLines(model->source, refs);
    QString out;
    for (size_t i = 0; i < sources.size(); ++i) {
        const SourceRef& w = sources[i].where;
        out +=
            QStringLiteral("// %1 — %2, line %3\n")
                .arg(QString::fromStdString(sources[i].label),
                     QString::fromStdString(model->source.parts[w.part].path.filename().string()))
                .arg(w.line);
        out += lines[i] ? QString::fromStdString(indentJson(*lines[i]))
                        : EvidencePanel::tr("(the line could not be read back)");
        out += QStringLiteral("\n\n");
    }
    return out;
}

}  // namespace

EvidencePanel::EvidencePanel(LoadSession* session, Navigator* navigator, QWidget* parent)
    : QWidget(parent),
      icon_(new QLabel(this)),
      title_(plainLabel(this)),
      cost_(plainLabel(this)),
      detail_(plainLabel(this)),
      fix_(plainLabel(this)),
      method_(plainLabel(this)),
      list_(new QListWidget(this)),
      raw_(new QPlainTextEdit(this)) {
    setWindowTitle(tr("Evidence"));
    list_->setObjectName(QStringLiteral("evidenceList"));
    raw_->setObjectName(QStringLiteral("rawEvents"));
    QFont bold = title_->font();
    bold.setBold(true);
    title_->setFont(bold);
    auto* head = new QHBoxLayout;
    head->addWidget(icon_, 0, Qt::AlignTop);
    head->addWidget(title_, 1);
    auto* text = new WrappedTextBox(this);
    auto* textLayout = new QVBoxLayout(text);
    textLayout->setContentsMargins(4, 4, 4, 4);
    textLayout->addLayout(head);
    textLayout->addWidget(cost_);
    textLayout->addWidget(detail_);
    textLayout->addWidget(fix_);
    textLayout->addWidget(method_);
    textLayout->addStretch(1);  // room to spare goes below the text, not between paragraphs
    // The evidence list is a pane of its own: a long finding's text scrolls without pushing the
    // list out of view on a laptop screen.
    auto* evidence = new QWidget(this);
    auto* evidenceLayout = new QVBoxLayout(evidence);
    evidenceLayout->setContentsMargins(4, 0, 4, 0);
    evidenceLayout->setSpacing(2);
    evidenceLayout->addWidget(new QLabel(tr("Evidence (double-click to show it):"), this));
    evidenceLayout->addWidget(list_, 1);
    raw_->setReadOnly(true);
    raw_->setLineWrapMode(QPlainTextEdit::NoWrap);
    raw_->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    raw_->setPlaceholderText(tr("Raw events of the selected finding"));
    // The finding's text scrolls when the dock is short (a laptop screen), never cut off.
    auto* textScroll = new QScrollArea(this);
    textScroll->setObjectName(QStringLiteral("evidenceTextScroll"));
    textScroll->setWidgetResizable(true);
    textScroll->setFrameShape(QFrame::NoFrame);
    textScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    textScroll->setWidget(text);
    list_->setMinimumHeight(3 * fontMetrics().height());
    auto* split = new QSplitter(Qt::Vertical, this);
    split->addWidget(textScroll);
    split->addWidget(evidence);
    split->addWidget(raw_);
    split->setChildrenCollapsible(false);
    split->setStretchFactor(0, 4);
    split->setStretchFactor(1, 2);
    split->setStretchFactor(2, 1);
    split->setSizes({400, 160, 120});  // proportions: the finding's text first
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(split);
    connect(list_, &QListWidget::itemActivated, this, [this, navigator](QListWidgetItem* item) {
        const int i = list_->row(item);
        if (i >= 0 && size_t(i) < evidence_.size())
            navigator->showEvidence(evidence_[size_t(i)], focus_);
    });
    connect(session, &LoadSession::modelAvailable, this, [this, session](const ModelPtr& model) {
        model_ = model;
        // A newer model of the same log (a followed log grew) keeps the finding shown until
        // its newer findings come; another log's are gone.
        if (!session->isRefresh()) showFinding(nullptr);
    });
    connect(session, &LoadSession::analysisAvailable, this,
            [this](const ModelPtr&, const AnalysisPtr& analysis) {
                if (shownId_.empty() || !analysis) return;
                for (const Finding& f : analysis->findings)
                    if (f.id == shownId_) return showFinding(&f);
                showFinding(nullptr);  // the finding is gone from the newer findings
            });
    connect(navigator, &Navigator::findingRequested, this, [this](const Finding& f) {
        showFinding(&f);
        // Choosing a finding brings its evidence forward.
        if (auto* dock = qobject_cast<QDockWidget*>(parentWidget())) dock->raise();
    });
    showFinding(nullptr);
}

QString EvidencePanel::rawText() const {
    return raw_->toPlainText();
}

void EvidencePanel::showFinding(const Finding* f) {
    reader_.cancel();  // the events of the finding shown before are not wanted any more
    evidence_ = f ? f->evidence : std::vector<Evidence>{};
    shownId_ = f ? f->id : std::string();
    focus_ = f ? f->focusMetric : HistogramMetric::Duration;
    list_->clear();
    raw_->clear();
    if (!f) {
        icon_->clear();
        title_->setText(tr("Select a finding to see its evidence."));
        for (QLabel* l : {cost_, detail_, fix_, method_}) l->clear();
        return;
    }
    icon_->setPixmap(severityIcon(f->severity).pixmap(20, 20));
    title_->setText(QString::fromStdString(f->title));
    cost_->setText(
        tr("%1 · estimated cost %2 · rule %3")
            .arg(QString::fromUtf8(severityName(f->severity).data(),
                                   qsizetype(severityName(f->severity).size())),
                 QString::fromStdString(f->estimatedCostMs > 0 ? formatDuration(f->estimatedCostMs)
                                                               : std::string("—")),
                 QString::fromStdString(f->rule)));
    detail_->setText(QString::fromStdString(f->detail));
    fix_->setText(tr("Fix: %1").arg(QString::fromStdString(f->fix)));
    method_->setText(tr("Cost: %1").arg(QString::fromStdString(f->costMethod)));
    for (const Evidence& e : evidence_) list_->addItem(evidenceText(e));
    if (!model_) return;
    auto sources = evidenceSources(*model_, *f);
    if (sources.empty()) {
        raw_->setPlainText(tr("// No single event of the log holds this evidence."));
        return;
    }
    raw_->setPlainText(tr("// Reading %1 from the log…")
                           .arg(QString::fromStdString(countText(int64_t(sources.size()), "event", "events"))));
    reader_.startJob(
        [model = model_, sources = std::move(sources)](const JobControl&) {
            return readRawEvents(model, sources);  // the model is shared and immutable
        },
        [this](const QString& text) {
            raw_->setPlainText(text);
            Q_EMIT rawEventsShown();
        },
        [this](const QString& error) {
            raw_->setPlainText(tr("// The events could not be read back: %1").arg(error));
            Q_EMIT rawEventsShown();
        });
}

}  // namespace stagelight
