#include "dag/PlanGraphView.h"

#include <QGraphicsRectItem>
#include <QGraphicsSimpleTextItem>
#include <QKeyEvent>
#include <QMouseEvent>

#include <algorithm>

#include "dag/MiniMap.h"
#include "figures/PlanMetrics.h"
#include "style/Palette.h"

namespace stagelight {
namespace {

constexpr double kPad = 6, kMaxTextWidth = 440;

QString text(const std::string& s) {
    return QString::fromStdString(s);
}

}  // namespace

PlanGraphView::PlanGraphView(QWidget* parent) : GraphView(parent) {
    miniMap_ = new MiniMap(this);
    miniMap_->hide();
}

void PlanGraphView::setExecution(ModelPtr model, int64_t executionId) {
    model_ = std::move(model);
    scene()->clear();
    miniMap_->hide();
    nodeItems_.clear();
    nodeStage_.clear();
    layout_ = {};
    const SqlExecution* q = model_ ? model_->sqlExecution(executionId) : nullptr;
    if (!q || q->plan.nodes.empty()) return;
    const PlanMetricTable metrics(*model_, *q);
    const QFont bold = [&] {
        QFont f = font();
        f.setBold(true);
        return f;
    }();
    const QFontMetricsF fm(font()), fmBold(bold);
    // Node texts and sizes; the stage that ran each operator as its cluster.
    LayoutInput in;
    std::vector<QStringList> lines(q->plan.nodes.size());
    std::vector<std::pair<int32_t, int32_t>> clusterStages;
    std::vector<int64_t> timeMs;  // what each operator's timing metrics measured
    int64_t maxTime = 0;
    for (size_t i = 0; i < q->plan.nodes.size(); ++i) {
        const PlanNode& n = q->plan.nodes[i];
        timeMs.push_back(metrics.measuredTimeMs(n));
        maxTime = std::max(maxTime, timeMs.back());
        lines[i].push_back(text(n.nodeName));
        for (const PlanMetricValue& v : metrics.nodeMetrics(n)) {
            lines[i].push_back(text(v.name + ": " + v.text));
        }
        double w = fmBold.horizontalAdvance(lines[i].front());
        for (qsizetype k = 1; k < lines[i].size(); ++k)
            w = std::max(w, fm.horizontalAdvance(lines[i][k]));
        LayoutInput::Node node;
        node.width = std::min(w, kMaxTextWidth) + 2 * kPad;
        node.height = double(lines[i].size()) * fm.lineSpacing() + 2 * kPad;
        const auto stages = metrics.stagesOf(n);
        nodeStage_.push_back(stages.empty() ? std::pair{-1, -1} : stages.front());
        if (!stages.empty()) {
            auto it = std::find(clusterStages.begin(), clusterStages.end(), stages.front());
            if (it == clusterStages.end())
                it = clusterStages.insert(clusterStages.end(), stages.front());
            node.cluster = int(it - clusterStages.begin());
        }
        in.nodes.push_back(node);
        for (int32_t child : n.children) in.edges.push_back({child, int(i)});  // data flows up
    }
    for (const auto& [s, a] : clusterStages)
        in.clusterLabels.push_back("stage " + std::to_string(s) + "." + std::to_string(a));
    layout_ = layoutGraph(in);
    if (!layout_.ok) return;

    const QPalette pal = palette();
    for (size_t c = 0; c < layout_.clusters.size(); ++c) {
        const auto& b = layout_.clusters[c];
        auto* box = scene()->addRect(QRectF(b.x, b.y, b.width, b.height),
                                     QPen(pal.color(QPalette::Mid), 1, Qt::DashLine));
        box->setZValue(-1);
        auto* label = scene()->addSimpleText(text(in.clusterLabels[c]));
        label->setBrush(pal.color(QPalette::PlaceholderText));
        label->setPos(b.x + 4, b.y + 2);
    }
    for (const auto& edge : layout_.edges) addEdge(edge, pal.color(QPalette::Text));
    for (size_t i = 0; i < layout_.nodes.size(); ++i) {
        const auto& b = layout_.nodes[i];
        // Shaded by the share of the plan's measured time the operator took.
        QColor fill = pal.color(QPalette::Base);
        if (maxTime > 0 && timeMs[i] > 0) {
            QColor hot = palette::kWarning;
            hot.setAlphaF(0.1 + 0.5 * double(timeMs[i]) / double(maxTime));
            fill = hot;
        }
        auto* rect = scene()->addRect(QRectF(b.x, b.y, b.width, b.height),
                                      QPen(pal.color(QPalette::Mid)), fill);
        rect->setData(0, int(i));
        rect->setToolTip(nodeStage_[i].first >= 0 ? tr("Ran in stage %1.%2: click to show it")
                                                        .arg(nodeStage_[i].first)
                                                        .arg(nodeStage_[i].second)
                                                  : QString());
        double y = b.y + kPad;
        for (qsizetype k = 0; k < lines[i].size(); ++k) {
            auto* t = new QGraphicsSimpleTextItem(  // plain text: names come from the log
                fm.elidedText(lines[i][k], Qt::ElideRight, kMaxTextWidth), rect);
            t->setFont(k == 0 ? bold : font());
            t->setBrush(pal.color(QPalette::Text));
            t->setPos(b.x + kPad, y);
            y += fm.lineSpacing();
        }
        nodeItems_.push_back(rect);
    }
    scene()->setSceneRect(QRectF(-10, -10, layout_.width + 20, layout_.height + 20));
    fitAll();
}

void PlanGraphView::highlightNode(int64_t nodeId) {
    for (size_t i = 0; i < nodeItems_.size(); ++i)
        static_cast<QGraphicsRectItem*>(nodeItems_[i])
            ->setPen(
                QPen(int64_t(i) == nodeId ? palette::kCritical : palette().color(QPalette::Mid),
                     int64_t(i) == nodeId ? 3 : 1));
    if (nodeId >= 0 && size_t(nodeId) < nodeItems_.size()) centerOn(nodeItems_[size_t(nodeId)]);
}

void PlanGraphView::fitAll() {
    fitInView(scene()->sceneRect(), Qt::KeepAspectRatio);
    if (transform().m11() > 1) resetTransform();  // never larger than life
    placeMiniMap();
}

bool PlanGraphView::miniMapShown() const {
    return miniMap_->isVisible();
}

void PlanGraphView::placeMiniMap() {
    const QRectF visible = mapToScene(viewport()->rect()).boundingRect();
    const QRectF all = scene()->sceneRect();
    // Only when part of the plan is off screen (or too small to read).
    const bool needed = !nodeItems_.empty() &&
                        (!visible.contains(all.adjusted(5, 5, -5, -5)) || transform().m11() < 0.6);
    miniMap_->setVisible(needed);
    if (!needed) return;
    const QSize vp = viewport()->size();
    const double aspect = all.height() > 0 ? all.width() / all.height() : 1;
    int w = std::min(220, vp.width() / 4), h = int(w / aspect);
    if (h > vp.height() / 3) {
        h = vp.height() / 3;
        w = int(h * aspect);
    }
    miniMap_->setGeometry(vp.width() - w - 8, vp.height() - h - 8, std::max(w, 40),
                          std::max(h, 30));
    miniMap_->refit();
}

void PlanGraphView::resizeEvent(QResizeEvent* event) {
    QGraphicsView::resizeEvent(event);
    placeMiniMap();
}

void PlanGraphView::scrollContentsBy(int dx, int dy) {
    QGraphicsView::scrollContentsBy(dx, dy);
    if (miniMap_->isVisible()) miniMap_->viewport()->update();
}

QPoint PlanGraphView::nodePosition(int node) const {
    const auto& b = layout_.nodes[size_t(node)];
    return mapFromScene(QPointF(b.x + b.width / 2, b.y + b.height / 2));
}

void PlanGraphView::mouseReleaseEvent(QMouseEvent* event) {
    QGraphicsView::mouseReleaseEvent(event);
    if (miniMap_->isVisible() && miniMap_->geometry().contains(event->position().toPoint())) return;
    for (QGraphicsItem* item : items(event->position().toPoint())) {
        const QVariant index = item->data(0);
        if (!index.isValid()) continue;
        const auto [stage, attempt] = nodeStage_[size_t(index.toInt())];
        if (stage >= 0) Q_EMIT stageRequested(stage, attempt);
        return;
    }
}

void PlanGraphView::keyPressEvent(QKeyEvent* event) {
    if (event->key() == Qt::Key_Home)
        fitAll();
    else
        QGraphicsView::keyPressEvent(event);
}

}  // namespace stagelight
