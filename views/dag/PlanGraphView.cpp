#include "dag/PlanGraphView.h"

#include <QGraphicsRectItem>
#include <QGraphicsSimpleTextItem>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QScopedValueRollback>
#include <QTimer>

#include <algorithm>
#include <cmath>
#include <utility>

#include "dag/MiniMap.h"
#include "dag/PlanNodeItem.h"
#include "figures/OperatorDetails.h"
#include "qt/StageText.h"
#include "style/Palette.h"
#include "text/Elide.h"

namespace stagelight {
namespace {

constexpr double kPad = 6, kMaxTextWidth = 440;
// Up to this many operators a layout usually takes < ~0.1 s: its placeholder waits 150 ms.
constexpr size_t kLayoutQuietly = 400;
// Below this scale, node text is too small to read: operators are drawn compact instead.
constexpr double kReadableScale = 0.6;

QString text(const std::string& s) {
    return QString::fromStdString(elide(s));  // elidedText would measure all of a huge name
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
    const SqlExecution* q = model ? model->sqlExecution(executionId) : nullptr;
    const SqlPlan* plan = !q ? nullptr
                          : which == Which::Initial && !q->initialPlan.nodes.empty() ? &q->initialPlan
                                                                                       : &q->plan;
    setPlan(std::move(model), executionId, plan);
}

void PlanGraphView::setPlan(ModelPtr model, int64_t executionId, const SqlPlan* plan) {
    model_ = std::move(model);
    scene()->clear();
    miniMap_->hide();
    nodeItems_.clear();
    graph_ = {};
    layout_ = {};
    highlighted_ = -1;
    selected_ = currentMatch_ = -1;
    matches_.clear();
    compact_ = relayout_ = false;
    plan_ = nullptr;
    layouts_.cancel();  // a layout still running for the previous plan is dropped
    const SqlExecution* q = model_ ? model_->sqlExecution(executionId) : nullptr;
    if (!q || !plan || plan->nodes.empty()) {
        auto* hint = scene()->addSimpleText(
            q ? tr("This query's plan has no operators") : tr("Choose a query to see its plan"));
        hint->setBrush(palette().color(QPalette::PlaceholderText));
        scene()->setSceneRect(hint->boundingRect().adjusted(-20, -20, 20, 20));
        resetTransform();
        return;
    }
    plan_ = plan;
    graph_ = buildPlanGraph(*plan, PlanMetricTable(*model_, *q));
    // Operators no stage's tasks updated (AQE query stages, shuffle reads, inputs) go in the box
    // of the stage that consumes their output, so they never float between boxes.
    for (int pass = 0; pass < 8; ++pass) {
        bool changed = false;
        for (const auto& [from, to] : graph_.edges)
            if (graph_.nodes[size_t(from)].stage.first < 0 && graph_.nodes[size_t(to)].stage.first >= 0 &&
                graph_.nodes[size_t(from)].half == ExchangeHalf::None &&
                !isShuffleExchange(plan->nodes[size_t(graph_.nodes[size_t(from)].planNode)])) {
                graph_.nodes[size_t(from)].stage = graph_.nodes[size_t(to)].stage;
                changed = true;
            }
        if (!changed) break;
    }
    searchText_.clear();
    for (const PlanGraphNode& n : graph_.nodes) {
        // Searched whole (linear), while drawn elided.
        QString t = QString::fromStdString(n.title + "\n" +
                                           plan->nodes[size_t(n.planNode)].simpleString);
        for (const PlanMetricValue& v : n.metrics)
            t += QStringLiteral("\n") + QString::fromStdString(v.name);
        searchText_.push_back(t.toLower());
    }
    buildScene();
}

void PlanGraphView::buildScene() {
    QFont bold = font();
    bold.setBold(true);
    const QFontMetricsF fm(font()), fmBold(bold);
    // Node texts and sizes; the stage that ran each operator (half) as its cluster, and inside
    // it the WholeStageCodegen box around the operators compiled together.
    LayoutInput in;
    lines_.assign(graph_.nodes.size(), {});
    layoutIndex_.assign(graph_.nodes.size(), -1);
    std::vector<std::pair<int32_t, int32_t>> clusterStages;
    const auto stageCluster = [&](std::pair<int32_t, int32_t> stage) {
        if (stage.first < 0) return -1;
        auto it = std::find(clusterStages.begin(), clusterStages.end(), stage);
        if (it == clusterStages.end()) {
            it = clusterStages.insert(clusterStages.end(), stage);
            in.clusterLabels.push_back(StageKey{stage.first, stage.second}.label());
            in.clusterParents.push_back(-1);
            clusterNodes_.push_back(-1);
        }
        return int(std::distance(clusterStages.begin(), it));
    };
    clusterNodes_.clear();
    std::vector<int> codegenCluster(graph_.nodes.size(), -1);
    // A codegen whose own metric no task updated goes in the box of its first operator's stage.
    std::vector<std::pair<int32_t, int32_t>> memberStage(graph_.nodes.size(), {-1, -1});
    for (const PlanGraphNode& n : graph_.nodes)
        if (n.codegen >= 0 && size_t(n.codegen) < graph_.nodes.size() && n.stage.first >= 0 &&
            memberStage[size_t(n.codegen)].first < 0)
            memberStage[size_t(n.codegen)] = n.stage;
    for (size_t i = 0; i < graph_.nodes.size(); ++i) {
        const PlanGraphNode& n = graph_.nodes[i];
        const PlanNode& pn = plan_->nodes[size_t(n.planNode)];
        lines_[i].push_back(fmBold.elidedText(text(n.title), Qt::ElideRight, kMaxTextWidth));
        if (n.cluster) {
            // The codegen's own metric (duration) is its box's title.
            for (const PlanMetricValue& v : n.metrics)
                lines_[i].push_back(
                    fm.elidedText(text(v.name + ": " + v.text), Qt::ElideRight, kMaxTextWidth));
            const int parent = stageCluster(n.stage.first >= 0 ? n.stage : memberStage[i]);
            codegenCluster[i] = int(in.clusterLabels.size());
            in.clusterLabels.push_back(lines_[i].join(QLatin1Char('\n')).toStdString());
            in.clusterParents.push_back(parent);
            clusterNodes_.push_back(int(i));
            continue;
        }
        if (n.hidden) continue;
        // Scans: table, filters pushed down, columns; joins: strategy and build side.
        for (const auto& [key, value] : operatorDetails(pn)) {
            const bool keep = compact_ ? key == "Table"
                                       : key == "Table" || key == "PushedFilters" ||
                                             key == "PartitionFilters" || key == "ReadSchema" ||
                                             key == "Build side" || key == "Join type";
            if (keep && n.half != ExchangeHalf::Read)
                lines_[i].push_back(
                    fm.elidedText(text(key + ": " + value), Qt::ElideRight, kMaxTextWidth));
        }
        if (!compact_)
            for (const PlanMetricValue& v : n.metrics)
                lines_[i].push_back(
                    fm.elidedText(text(v.name + ": " + v.text), Qt::ElideRight, kMaxTextWidth));
    }
    for (size_t i = 0; i < graph_.nodes.size(); ++i) {
        const PlanGraphNode& n = graph_.nodes[i];
        if (!n.drawn()) continue;
        double w = fmBold.horizontalAdvance(lines_[i].front());
        for (qsizetype k = 1; k < lines_[i].size(); ++k)
            w = std::max(w, fm.horizontalAdvance(lines_[i][k]));
        LayoutInput::Node node;
        node.width = std::ceil(w) + 2 * kPad;
        node.height = double(lines_[i].size()) * fm.lineSpacing() + 2 * kPad;
        const bool compiled = n.codegen >= 0 && size_t(n.codegen) < graph_.nodes.size() &&
                              codegenCluster[size_t(n.codegen)] >= 0;
        node.cluster = compiled ? codegenCluster[size_t(n.codegen)] : stageCluster(n.stage);
        layoutIndex_[i] = int(in.nodes.size());
        in.nodes.push_back(node);
    }
    for (const auto& [from, to] : graph_.drawnEdges())
        in.edges.push_back({layoutIndex_[size_t(from)], layoutIndex_[size_t(to)]});
    measureClusterLabels(in);
    clusterLabels_ = in.clusterLabels;
    scene()->clear();
    nodeItems_.clear();
    // Big plans take dot a second or more (twice when they are then drawn compact): say so,
    // at once for those, after a moment for the rest (a quick layout never flashes it up).
    auto sayLayingOut = [this, generation = ++layoutGeneration_] {
        if (generation != layoutGeneration_ || !layouts_.isJobRunning()) return;
        auto* note = scene()->addSimpleText(
            tr("Laying out %L1 operators…").arg(qulonglong(graph_.nodes.size())));
        note->setBrush(palette().color(QPalette::PlaceholderText));
    };
    layouts_.startJob([in](const JobControl&) { return layoutGraph(in); },
                      [this](LayoutResult layout) {
                          addItems(std::move(layout));
                          // Fitted to the width, text would be unreadable: lay out compact
                          // operators (their metrics go to the side panel) once.
                          const double w = layout_.width + 20;
                          if (!compact_ && layout_.ok && w > 0 &&
                              (viewport()->width() - 20) / w < kReadableScale) {
                              compact_ = true;
                              // After this job's bookkeeping is done, not from inside it.
                              relayout_ = true;
                              QTimer::singleShot(0, this, [this] {
                                  if (std::exchange(relayout_, false)) buildScene();
                              });
                              return;
                          }
                          Q_EMIT laidOut();
                      },
                      [this](const QString& error) {
                          scene()->clear();
                          auto* note = scene()->addSimpleText(
                              tr("The plan could not be laid out: %1").arg(error));
                          note->setBrush(palette().color(QPalette::PlaceholderText));
                          Q_EMIT laidOut();
                      });
    if (graph_.nodes.size() > kLayoutQuietly)
        sayLayingOut();
    else
        QTimer::singleShot(150, this, sayLayingOut);
}

void PlanGraphView::addItems(LayoutResult layout) {
    scene()->clear();
    nodeItems_.assign(graph_.nodes.size(), nullptr);
    layout_ = std::move(layout);
    if (!layout_.ok) return;
    int64_t maxTime = 0;
    for (const PlanGraphNode& n : graph_.nodes)
        if (n.drawn()) maxTime = std::max(maxTime, n.measuredTimeMs);
    const QPalette pal = palette();
    for (size_t c = 0; c < layout_.clusters.size(); ++c) {
        const auto& b = layout_.clusters[c];
        const int node = c < clusterNodes_.size() ? clusterNodes_[c] : -1;
        QGraphicsRectItem* box = nullptr;
        if (node >= 0) {
            // A codegen box, filled as Spark's UI fills it, clickable for its duration.
            QColor fill = pal.color(QPalette::Highlight);
            fill.setAlphaF(0.07);
            box = scene()->addRect(QRectF(b.x, b.y, b.width, b.height),
                                   QPen(pal.color(QPalette::Mid), 1), fill);
            box->setData(0, node);
            box->setZValue(-0.5);
            nodeItems_[size_t(node)] = box;
            const auto [stage, attempt] = graph_.nodes[size_t(node)].stage;
            if (stage >= 0)
                box->setToolTip(tr("Compiled into one function, ran in stage %1: click to show it")
                                    .arg(stageIdText(stage, attempt)));
        } else {
            box = scene()->addRect(QRectF(b.x, b.y, b.width, b.height),
                                   QPen(pal.color(QPalette::Mid), 1, Qt::DashLine));
            box->setZValue(-1);
        }
        addClusterTitle(b, text(clusterLabels_[c]),
                        pal.color(node >= 0 ? QPalette::Text : QPalette::PlaceholderText));
    }
    for (const auto& edge : layout_.edges) addEdge(edge, pal.color(QPalette::Text));
    for (size_t i = 0; i < graph_.nodes.size(); ++i) {
        const int li = layoutIndex_[i];
        if (li < 0 || size_t(li) >= layout_.nodes.size()) continue;
        const auto& b = layout_.nodes[size_t(li)];
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
        nodeItems_[i] = item;
    }
    scene()->setSceneRect(QRectF(-10, -10, layout_.width + 20, layout_.height + 20));
    fitWidth();
    restyle();
    if (highlighted_ >= 0) highlightNode(highlighted_);
}

void PlanGraphView::restyle() {
    const QPen normal(palette().color(QPalette::Mid), 1), marked(palette::kCritical, 3),
        selected(palette().color(QPalette::Highlight), 3), match(palette().color(QPalette::Highlight), 1.5);
    const bool searching = !searchText_.empty() && currentMatch_ >= -1 && !query_.isEmpty();
    for (size_t i = 0; i < nodeItems_.size(); ++i) {
        auto* item = static_cast<QGraphicsRectItem*>(nodeItems_[i]);
        if (!item) continue;
        const bool hit = graph_.nodes[i].planNode == highlighted_ && highlighted_ >= 0;
        const bool isMatch = std::binary_search(matches_.begin(), matches_.end(), int(i));
        const bool current = currentMatch_ >= 0 && matches_[size_t(currentMatch_)] == int(i);
        item->setPen(hit ? marked : (int(i) == selected_ || current) ? selected : isMatch ? match : normal);
        item->setOpacity(searching && !isMatch ? 0.25 : 1.0);
    }
}

int PlanGraphView::dimmedNodeCount() const {
    int n = 0;
    for (const QGraphicsItem* item : nodeItems_) n += item && item->opacity() < 1.0;
    return n;
}

void PlanGraphView::highlightNode(int64_t planNode) {
    highlighted_ = planNode;  // applied again when a worker's layout arrives
    restyle();
    for (size_t i = 0; i < nodeItems_.size(); ++i)
        if (graph_.nodes[i].planNode == planNode && nodeItems_[i]) {
            centerOn(nodeItems_[i]);
            break;
        }
}

int PlanGraphView::setSearch(const QString& query) {
    query_ = query.trimmed().toLower();
    matches_.clear();
    currentMatch_ = -1;
    if (!query_.isEmpty())
        for (size_t i = 0; i < searchText_.size(); ++i)
            if (graph_.nodes[i].drawn() || graph_.nodes[i].cluster)
                if (searchText_[i].contains(query_)) matches_.push_back(int(i));
    restyle();
    if (!matches_.empty()) showMatch(0);
    return int(matches_.size());
}

void PlanGraphView::showMatch(int k) {
    if (matches_.empty()) return;
    const int n = int(matches_.size());
    currentMatch_ = ((k % n) + n) % n;
    restyle();
    const int node = matches_[size_t(currentMatch_)];
    if (size_t(node) < nodeItems_.size() && nodeItems_[size_t(node)])
        centerOn(nodeItems_[size_t(node)]);
}

void PlanGraphView::selectNode(int node) {
    if (node == -1 && selected_ >= 0) {  // a new question: no operator stays selected
        selected_ = -1;
        restyle();
        return;
    }
    if (node < 0 || size_t(node) >= graph_.nodes.size()) return;
    selected_ = node;
    restyle();
    Q_EMIT nodeSelected(node);
}

QString PlanGraphView::nodeDetails(int node) const {
    if (node < 0 || size_t(node) >= graph_.nodes.size() || !plan_) return {};
    const PlanGraphNode& n = graph_.nodes[size_t(node)];
    const PlanNode& pn = plan_->nodes[size_t(n.planNode)];
    QString s = text(n.title) + QStringLiteral("\n");
    if (n.stage.first >= 0)
        s += tr("Stage %1\n").arg(stageIdText(n.stage.first, n.stage.second));
    for (const auto& [key, value] : operatorDetails(pn))
        s += text(key) + QStringLiteral(": ") + text(value) + QStringLiteral("\n");
    if (!n.metrics.empty()) s += tr("\nMetrics (total (min, med, max))\n");
    for (const PlanMetricValue& v : n.metrics)
        s += text(v.name) + QStringLiteral(": ") + text(v.text) + QStringLiteral("\n");
    s += QStringLiteral("\n") + text(pn.simpleString);
    return s;
}

void PlanGraphView::fitWidth() {
    const QRectF all = scene()->sceneRect();
    if (all.width() <= 0) return;
    // Compact operators are never drawn below a readable scale: the plan scrolls instead.
    const double scale = std::min(
        1.0, std::max(compact_ ? kReadableScale : 0.05, (viewport()->width() - 4) / all.width()));
    setTransform(QTransform::fromScale(scale, scale));
    // Wider than the view: it opens on its first operator (the top row's leftmost), so the
    // view starts on a whole operator rather than on the middle of the scene.
    double x = all.center().x();
    if (all.width() * scale > viewport()->width()) {
        QRectF first;
        for (const QGraphicsItem* item : nodeItems_) {
            if (!item) continue;
            const QRectF r = item->sceneBoundingRect();
            if (first.isNull() || r.top() < first.top() - 1 ||
                (r.top() <= first.top() + 1 && r.left() < first.left()))
                first = r;
        }
        // centerOn keeps the view inside the scene, so the left edge needs no clamp.
        if (!first.isNull()) x = first.left() - 10 + viewport()->width() / 2.0 / scale;
    }
    centerOn(x, all.top() + viewport()->height() / 2.0 / scale);
    placeMiniMap();
}

void PlanGraphView::fitAll() {
    fitInView(scene()->sceneRect(), Qt::KeepAspectRatio);
    if (transform().m11() > 1) resetTransform();  // never larger than life
    placeMiniMap();
}

bool PlanGraphView::miniMapShown() const {
    return miniMap_->isVisible();
}

QRect PlanGraphView::miniMapGeometry() const {
    return miniMap_->geometry();
}

void PlanGraphView::placeMiniMap() {
    if (placingMiniMap_) return;  // the margins below resize the viewport, which calls this
    const QScopedValueRollback<bool> guard(placingMiniMap_, true);
    const QRectF visible = mapToScene(viewport()->rect()).boundingRect();
    const QRectF all = scene()->sceneRect();
    // Beside the plan, never over it: a strip at the view's right, so only when the view is
    // wide enough to spare one and part of the plan is off screen (or too small to read).
    const int room = width();
    const bool needed = !nodeItems_.empty() && room >= 480 &&
                        (!visible.contains(all.adjusted(5, 5, -5, -5)) || transform().m11() < 0.6);
    miniMap_->setVisible(needed);
    if (!needed) {
        setViewportMargins(0, 0, 0, 0);
        return;
    }
    const double aspect = all.height() > 0 ? all.width() / all.height() : 1;
    int w = std::min(200, room / 5), h = int(w / aspect);
    if (h > height() / 2) {
        h = height() / 2;
        w = int(h * aspect);
    }
    // A plan far wider or taller than the strip scales to a sliver no one can read or aim at:
    // the scroll bars serve better then.
    if (w < 40 || h < 40) {
        miniMap_->hide();
        setViewportMargins(0, 0, 0, 0);
        return;
    }
    setViewportMargins(0, 0, w + 8, 0);
    const QRect vp = viewport()->geometry();  // in this widget's coordinates
    miniMap_->setGeometry(vp.right() + 5, vp.top() + 4, w, h);
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
    if (node < 0 || size_t(node) >= nodeItems_.size() || !nodeItems_[size_t(node)]) return {};
    const QRectF b = nodeItems_[size_t(node)]->sceneBoundingRect();
    if (graph_.nodes[size_t(node)].cluster)  // the box's title, clear of its operators
        return mapFromScene(QPointF(b.x() + 8, b.y() + 6));
    return mapFromScene(b.center());
}

int PlanGraphView::nodeCount() const {
    return int(std::count_if(nodeItems_.begin(), nodeItems_.end(),
                             [](const QGraphicsItem* i) { return i != nullptr; }));
}

void PlanGraphView::mouseReleaseEvent(QMouseEvent* event) {
    QGraphicsView::mouseReleaseEvent(event);
    if (miniMap_->isVisible() && miniMap_->geometry().contains(event->position().toPoint())) return;
    for (QGraphicsItem* item : items(event->position().toPoint())) {
        const QVariant index = item->data(0);
        if (!index.isValid()) continue;
        selectNode(index.toInt());
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
