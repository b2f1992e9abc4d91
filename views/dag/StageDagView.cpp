#include "dag/StageDagView.h"

#include <QGraphicsRectItem>
#include <QGraphicsSimpleTextItem>
#include <QMouseEvent>

#include <algorithm>
#include <map>

#include "style/Palette.h"
#include "text/Elide.h"
#include "text/Format.h"

namespace stagelight {
namespace {

constexpr size_t kMaxRddsPerStage = 150;
constexpr double kReadableScale = 0.7;  // below it node text is too small to read

// The attempt of a stage to draw: the latest one.
const StageAttempt* latestAttempt(const EventLogModel& m, int32_t stageId) {
    const StageAttempt* best = nullptr;
    for (const StageAttempt& s : m.stages)
        if (s.stageId == stageId && (!best || s.attemptId > best->attemptId)) best = &s;
    return best;
}

}  // namespace

StageDagView::StageDagView(QWidget* parent) : GraphView(parent) {}

void StageDagView::setJob(ModelPtr model, int32_t jobId) {
    model_ = std::move(model);
    layouts_.cancel();  // the layout of the job before is dropped
    scene()->clear();
    boxes_.clear();
    layout_ = {};
    stages_.clear();
    input_ = {};
    labels_.clear();
    attempts_.clear();
    totals_.clear();
    const Job* job = model_ ? model_->job(jobId) : nullptr;
    if (!job) return;
    const EventLogModel& m = *model_;
    totals_ = m.derived.stageTotals;
    const auto& totals = totals_;
    std::vector<int32_t> ids = job->stageIds;
    std::sort(ids.begin(), ids.end());
    LayoutInput& in = input_;
    std::vector<QString>& labels = labels_;
    std::vector<const StageAttempt*>& attempts = attempts_;
    std::map<std::pair<int32_t, int32_t>, int> nodeOf;  // (stage, rdd) → node
    for (int32_t id : ids) {
        const StageAttempt* s = latestAttempt(m, id);
        if (!s || s->rdds.empty()) continue;  // an excerpt may lack a stage's RDD Info
        const int cluster = int(attempts.size());
        attempts.push_back(s);
        stages_.emplace_back(s->stageId, s->attemptId);
        std::vector<RddInfo> rdds = s->rdds;
        std::sort(rdds.begin(), rdds.end(),
                  [](const RddInfo& a, const RddInfo& b) { return a.id < b.id; });
        // A stage of 100,000 RDDs would take minutes to lay out: its last ones (nearest its
        // output) are drawn, and its box says how many there are.
        const size_t allRdds = rdds.size();
        if (rdds.size() > kMaxRddsPerStage)
            rdds.erase(rdds.begin(), rdds.end() - ptrdiff_t(kMaxRddsPerStage));
        for (const RddInfo& r : rdds) {
            const std::string scope = elide(r.scopeName(), 80);
            labels.push_back(QString::fromStdString((scope.empty() ? "" : scope + "\n") +
                                                    elide(r.name, 80) + " [" +
                                                    std::to_string(r.id) + "]"));
            const QFontMetricsF fm(font());
            const QRectF box =
                fm.boundingRect(QRectF(0, 0, 400, 200), Qt::AlignCenter, labels.back());
            nodeOf[{s->stageId, r.id}] = int(in.nodes.size());
            in.nodes.push_back({std::max(80.0, box.width() + 16), box.height() + 10, cluster});
        }
        const StageTotals& st = totals[size_t(s - m.stages.data())];
        in.clusterLabels.push_back(s->status() == StageStatus::Skipped
                                       ? "Stage " + std::to_string(s->stageId) + " (skipped)"
                                       : "Stage " + StageKey{s->stageId, s->attemptId}.str() + " · " +
                                             formatDuration(st.durationMs) + " · shuffle read " +
                                             formatBytes(st.shuffleReadBytes()) + ", write " +
                                             formatBytes(st.sum(TaskField::ShuffleBytesWritten)));
        if (allRdds > rdds.size())
            in.clusterLabels.back() += " · the last " + std::to_string(rdds.size()) + " of " +
                                       std::to_string(allRdds) + " RDDs";
    }
    // Edges: parents inside the stage, else in a parent stage (a shuffle boundary).
    for (const StageAttempt* s : attempts)
        for (const RddInfo& r : s->rdds)
            for (int32_t parent : r.parentIds) {
                int from = -1;
                if (auto it = nodeOf.find({s->stageId, parent}); it != nodeOf.end())
                    from = it->second;
                else
                    for (int32_t ps : s->parentIds)
                        if (auto pit = nodeOf.find({ps, parent}); pit != nodeOf.end())
                            from = pit->second;
                const auto to = nodeOf.find({s->stageId, r.id});
                if (from >= 0 && to != nodeOf.end()) in.edges.push_back({from, to->second});
            }
    // A shuffle dependency whose RDDs the log does not connect: the parent stage's last RDD
    // feeds the stage's first, as Spark's visualization joins stage boxes.
    auto stageOfNode = [&](int node) { return attempts[size_t(in.nodes[size_t(node)].cluster)]; };
    for (const StageAttempt* s : attempts)
        for (int32_t ps : s->parentIds) {
            const StageAttempt* parent = nullptr;
            for (const StageAttempt* a : attempts)
                if (a->stageId == ps) parent = a;
            if (!parent) continue;
            const bool linked = std::any_of(in.edges.begin(), in.edges.end(), [&](const auto& e) {
                return stageOfNode(e.from) == parent && stageOfNode(e.to) == s;
            });
            if (linked) continue;
            int last = -1, first = -1;
            for (const auto& [key, node] : nodeOf) {
                if (key.first == ps) last = node;  // map order: the highest RDD id wins
                if (key.first == s->stageId && first < 0) first = node;
            }
            if (last >= 0 && first >= 0) in.edges.push_back({last, first});
        }
    measureClusterLabels(in);
    if (in.nodes.size() > 400) {  // a second or more: say so meanwhile
        auto* note = scene()->addSimpleText(
            tr("Laying out %L1 RDDs…").arg(qulonglong(in.nodes.size())));
        note->setBrush(palette().color(QPalette::PlaceholderText));
    }
    layouts_.startJob([in](const JobControl&) { return layoutGraph(in); },
                      [this](LayoutResult layout) {
                          addItems(std::move(layout));
                          Q_EMIT laidOut();
                      },
                      [this](const QString& error) {
                          scene()->clear();
                          boxes_.clear();  // they were the scene's
                          auto* note = scene()->addSimpleText(
                              tr("The job could not be laid out: %1").arg(error));
                          note->setBrush(palette().color(QPalette::PlaceholderText));
                          Q_EMIT laidOut();
                      });
}

void StageDagView::addItems(LayoutResult layout) {
    scene()->clear();
    boxes_.clear();
    layout_ = std::move(layout);
    if (!layout_.ok) return;
    const EventLogModel& m = *model_;
    const LayoutInput& in = input_;
    const std::vector<QString>& labels = labels_;
    const std::vector<const StageAttempt*>& attempts = attempts_;
    const auto& totals = totals_;

    // The slowest stage is emphasized; skipped ones are dimmed.
    int64_t slowest = 0;
    for (const StageAttempt* s : attempts)
        slowest = std::max(slowest, totals[size_t(s - m.stages.data())].durationMs);
    const QPalette pal = palette();
    for (size_t c = 0; c < attempts.size(); ++c) {
        const StageAttempt& s = *attempts[c];
        const StageTotals& st = totals[size_t(&s - m.stages.data())];
        const bool skipped = s.status() == StageStatus::Skipped;
        const bool slow = !skipped && st.durationMs == slowest && slowest > 0;
        const auto& b = layout_.clusters[c];
        auto* box = scene()->addRect(
            QRectF(b.x, b.y, b.width, b.height),
            QPen(slow ? palette::kCritical : pal.color(QPalette::Mid), slow ? 2.5 : 1),
            skipped ? pal.color(QPalette::AlternateBase) : QColor(Qt::transparent));
        box->setData(0, int(c));
        box->setZValue(-1);
        boxes_.push_back(box);
        QGraphicsItem* title = addClusterTitle(
            b, QString::fromStdString(in.clusterLabels[c]),
            skipped ? pal.color(QPalette::PlaceholderText) : pal.color(QPalette::Text));
        title->setData(0, int(c));  // a click on the title shows the stage too
        box->setToolTip(QObject::tr("Click to show stage %1").arg(s.stageId));
    }
    for (const auto& edge : layout_.edges) addEdge(edge, pal.color(QPalette::Text));
    for (size_t i = 0; i < layout_.nodes.size(); ++i) {
        const auto& b = layout_.nodes[i];
        const bool skipped =
            attempts[size_t(in.nodes[i].cluster)]->status() == StageStatus::Skipped;
        auto* node = scene()->addRect(
            QRectF(b.x, b.y, b.width, b.height), QPen(pal.color(QPalette::Mid)),
            skipped ? pal.color(QPalette::AlternateBase) : QColor(0xB3, 0xDE, 0x69, 90));
        node->setData(0, in.nodes[i].cluster);
        auto* text = new QGraphicsSimpleTextItem(labels[i], node);  // plain text from the log
        text->setBrush(skipped ? pal.color(QPalette::PlaceholderText) : pal.color(QPalette::Text));
        const QRectF t = text->boundingRect();
        text->setPos(b.x + (b.width - t.width()) / 2, b.y + (b.height - t.height()) / 2);
    }
    outlineBoxes();
    scene()->setSceneRect(QRectF(-10, -10, layout_.width + 20, layout_.height + 20));
    fitInView(scene()->sceneRect(), Qt::KeepAspectRatio);
    if (transform().m11() > 1) resetTransform();
    // A job too big to fit readably is shown at a readable scale around the current stage
    // (drag or scroll for the rest; Ctrl+wheel zooms out).
    if (transform().m11() < kReadableScale) {
        setTransform(QTransform::fromScale(kReadableScale, kReadableScale));
        for (size_t c = 0; c < boxes_.size(); ++c)
            if (stageOutlined(c)) centerOn(boxes_[c]->rect().center());
    }
}

void StageDagView::setCurrentStage(int32_t stageId, int32_t attemptId) {
    current_ = {stageId, attemptId};
    outlineBoxes();
}

bool StageDagView::stageOutlined(size_t cluster) const {
    // The DAG draws a stage's latest attempt: any attempt of it is that box.
    return cluster < boxes_.size() && cluster < stages_.size() && current_.first >= 0 &&
           stages_[cluster].first == current_.first;
}

void StageDagView::outlineBoxes() {
    // Over its red or grey frame: a wider band in the selection colour, behind the box.
    for (size_t c = 0; c < boxes_.size() && c < stages_.size(); ++c) {
        QGraphicsRectItem* box = boxes_[c];
        const bool current = stageOutlined(c);
        QGraphicsRectItem* band = nullptr;
        for (QGraphicsItem* child : box->childItems())
            if (child->data(1).toBool()) band = static_cast<QGraphicsRectItem*>(child);
        if (!current) {
            delete band;
            continue;
        }
        if (band) continue;
        band = new QGraphicsRectItem(box->rect().adjusted(-4, -4, 4, 4), box);
        band->setPen(QPen(palette().color(QPalette::Highlight), 4));
        band->setBrush(Qt::NoBrush);
        band->setData(1, true);
        band->setFlag(QGraphicsItem::ItemStacksBehindParent);
    }
}

QPoint StageDagView::stagePosition(size_t stage) const {
    const auto& b = layout_.clusters[stage];
    return mapFromScene(QPointF(b.x + 6, b.y + 6));
}

void StageDagView::mouseReleaseEvent(QMouseEvent* event) {
    QGraphicsView::mouseReleaseEvent(event);
    for (QGraphicsItem* item : items(event->position().toPoint())) {
        QVariant index = item->data(0);
        if (!index.isValid() && item->parentItem()) index = item->parentItem()->data(0);
        if (!index.isValid()) continue;
        const auto [stage, attempt] = stages_[size_t(index.toInt())];
        Q_EMIT stageClicked(stage, attempt);
        return;
    }
}

}  // namespace stagelight
