#include "dag/PlanGraphView.h"

#include <QGraphicsRectItem>
#include <QGraphicsSimpleTextItem>
#include <QKeyEvent>
#include <QMouseEvent>

#include <algorithm>
#include <cmath>

#include "qt/StageText.h"
#include "dag/MiniMap.h"
#include "dag/PlanNodeItem.h"
#include "style/Palette.h"

namespace stagelight {
namespace {

constexpr double kPad = 6, kMaxTextWidth = 440;
// Up to this many operators a layout takes < ~0.1 s: no placeholder flashes up meanwhile.
constexpr size_t kLayoutQuietly = 400;

QString text(const std::string& s) {
    return QString::fromStdString(s);
}

}  // namespace

PlanGraphView::PlanGraphView(QWidget* parent) : GraphView(parent) {
    miniMap_ = new MiniMap(this);
    miniMap_->hide();
    // Thousands of operators: find the items under a point without scanning them all.
    scene()->setItemIndexMethod(QGraphicsScene::BspTreeIndex);
    setViewportUpdateMode(QGraphicsView::SmartViewportUpdate);
}

void PlanGraphView::setExecution(ModelPtr model, int64_t executionId, Which which) {
    model_ = std::move(model);
    scene()->clear();
    miniMap_->hide();
    nodeItems_.clear();
    graph_ = {};
    layout_ = {};
    highlighted_ = -1;
    layouts_.cancel();  // a layout still running for the previous plan is dropped
    const SqlExecution* q = model_ ? model_->sqlExecution(executionId) : nullptr;
    if (!q) return;
    const SqlPlan& plan =
        which == Which::Initial && !q->initialPlan.nodes.empty() ? q->initialPlan : q->plan;
    if (plan.nodes.empty()) return;
    buildScene(plan, PlanMetricTable(*model_, *q));
}

void PlanGraphView::buildScene(const SqlPlan& plan, const PlanMetricTable& metrics) {
    graph_ = buildPlanGraph(plan, metrics);
    QFont bold = font();
    bold.setBold(true);
    const QFontMetricsF fm(font()), fmBold(bold);
    // Node texts and sizes; the stage that ran each operator (half) as its cluster.
    LayoutInput in;
    lines_.assign(graph_.nodes.size(), {});
    std::vector<std::pair<int32_t, int32_t>> clusterStages;
    for (size_t i = 0; i < graph_.nodes.size(); ++i) {
        const PlanGraphNode& n = graph_.nodes[i];
        lines_[i].push_back(fmBold.elidedText(text(n.title), Qt::ElideRight, kMaxTextWidth));
        for (const PlanMetricValue& v : n.metrics)
            lines_[i].push_back(
                fm.elidedText(text(v.name + ": " + v.text), Qt::ElideRight, kMaxTextWidth));
        double w = fmBold.horizontalAdvance(lines_[i].front());
        for (qsizetype k = 1; k < lines_[i].size(); ++k)
            w = std::max(w, fm.horizontalAdvance(lines_[i][k]));
        LayoutInput::Node node;
        node.width = std::ceil(w) + 2 * kPad;
        node.height = double(lines_[i].size()) * fm.lineSpacing() + 2 * kPad;
        if (n.stage.first >= 0) {
            auto it = std::find(clusterStages.begin(), clusterStages.end(), n.stage);
            if (it == clusterStages.end()) it = clusterStages.insert(clusterStages.end(), n.stage);
            node.cluster = int(it - clusterStages.begin());
        }
        in.nodes.push_back(node);
    }
    for (const auto& [from, to] : graph_.edges) in.edges.push_back({from, to});
    for (const auto& [s, a] : clusterStages)
        in.clusterLabels.push_back(StageKey{s, a}.label());
    clusterLabels_ = in.clusterLabels;
    if (graph_.nodes.size() > kLayoutQuietly) {
        // Big plans take dot a second or more.
        auto* note = scene()->addSimpleText(
            tr("Laying out %L1 operators…").arg(qulonglong(graph_.nodes.size())));
        note->setBrush(palette().color(QPalette::PlaceholderText));
    }
    layouts_.startJob([in](const JobControl&) { return layoutGraph(in); },
                      [this](LayoutResult layout) {
                          addItems(std::move(layout));
                          Q_EMIT laidOut();
                      },
                      [this](const QString& error) {
                          scene()->clear();
                          auto* note = scene()->addSimpleText(
                              tr("The plan could not be laid out: %1").arg(error));
                          note->setBrush(palette().color(QPalette::PlaceholderText));
                          Q_EMIT laidOut();
                      });
}

void PlanGraphView::addItems(LayoutResult layout) {
    scene()->clear();
    layout_ = std::move(layout);
    if (!layout_.ok) return;
    int64_t maxTime = 0;
    for (const PlanGraphNode& n : graph_.nodes) maxTime = std::max(maxTime, n.measuredTimeMs);
    const QPalette pal = palette();
    for (size_t c = 0; c < layout_.clusters.size(); ++c) {
        const auto& b = layout_.clusters[c];
        auto* box = scene()->addRect(QRectF(b.x, b.y, b.width, b.height),
                                     QPen(pal.color(QPalette::Mid), 1, Qt::DashLine));
        box->setZValue(-1);
        auto* label = scene()->addSimpleText(text(clusterLabels_[c]));
        label->setBrush(pal.color(QPalette::PlaceholderText));
        label->setPos(b.x + 4, b.y + 2);
    }
    for (const auto& edge : layout_.edges) addEdge(edge, pal.color(QPalette::Text));
    for (size_t i = 0; i < layout_.nodes.size(); ++i) {
        const auto& b = layout_.nodes[i];
        const PlanGraphNode& n = graph_.nodes[i];
        // Shaded by the share of the plan's measured time the operator took.
        QColor fill = pal.color(QPalette::Base);
        if (maxTime > 0 && n.measuredTimeMs > 0) {
            QColor hot = palette::kWarning;
            hot.setAlphaF(0.1 + 0.5 * double(n.measuredTimeMs) / double(maxTime));
            fill = hot;
        }
        auto* item = new PlanNodeItem(QRectF(b.x, b.y, b.width, b.height), lines_[i], font(),
                                      pal.color(QPalette::Text), kPad);
        item->setPen(QPen(pal.color(QPalette::Mid)));
        item->setBrush(fill);
        item->setData(0, int(i));
        if (n.stage.first >= 0)
            item->setToolTip(
                tr("Ran in stage %1: click to show it").arg(stageIdText(n.stage.first, n.stage.second)));
        scene()->addItem(item);
        nodeItems_.push_back(item);
    }
    scene()->setSceneRect(QRectF(-10, -10, layout_.width + 20, layout_.height + 20));
    fitAll();
    if (highlighted_ >= 0) highlightNode(highlighted_);
}

void PlanGraphView::highlightNode(int64_t planNode) {
    highlighted_ = planNode;  // applied again when a worker's layout arrives
    const QPen normal(palette().color(QPalette::Mid), 1), marked(palette::kCritical, 3);
    QGraphicsItem* first = nullptr;
    for (size_t i = 0; i < nodeItems_.size(); ++i) {
        const bool hit = graph_.nodes[i].planNode == planNode;
        static_cast<QGraphicsRectItem*>(nodeItems_[i])->setPen(hit ? marked : normal);
        if (hit && !first) first = nodeItems_[i];
    }
    if (first) centerOn(first);
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
        const auto [stage, attempt] = graph_.nodes[size_t(index.toInt())].stage;
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
