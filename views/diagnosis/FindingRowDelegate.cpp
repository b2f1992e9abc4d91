#include "diagnosis/FindingRowDelegate.h"

#include <QApplication>
#include <QPainter>

#include <algorithm>

#include "qt/FindingsModel.h"
#include "style/Palette.h"

namespace stagelight {
QColor FindingCellDelegate::drawBackground(QPainter* p, const QStyleOptionViewItem& option,
                                           const QModelIndex& index) const {
    QStyleOptionViewItem background = option;
    initStyleOption(&background, index);
    background.text.clear();
    const QWidget* widget = option.widget;
    QStyle* style = widget ? widget->style() : QApplication::style();
    style->drawControl(QStyle::CE_ItemViewItem, &background, p, widget);
    const bool selected = option.state & QStyle::State_Selected;
    return option.palette.color(selected ? QPalette::HighlightedText : QPalette::Text);
}

QSize FindingRowDelegate::sizeHint(const QStyleOptionViewItem& option, const QModelIndex&) const {
    return {300, rowHeight(option.fontMetrics)};
}

void FindingRowDelegate::paint(QPainter* p, const QStyleOptionViewItem& option,
                               const QModelIndex& index) const {
    const QColor text = drawBackground(p, option, index);
    QColor dim = text;
    dim.setAlphaF(0.7f);
    const QFontMetrics fm = option.fontMetrics;
    const QRect r = option.rect.adjusted(4, 4, -4, -4);
    const int h = fm.height();
    const auto line = [&](int row, const QString& s, const QFont& font, const QColor& c) {
        p->setFont(font);
        p->setPen(c);
        const QFontMetrics m(font);
        p->drawText(QRect(r.left(), r.top() + row * h, r.width(), h),
                    Qt::AlignLeft | Qt::AlignVCenter, m.elidedText(s, Qt::ElideRight, r.width()));
    };
    p->save();
    QFont bold = option.font;
    bold.setBold(true);
    const int rank = index.data(FindingsModel::FindingRole).toInt() + 1;
    line(0, QStringLiteral("%1. %2").arg(rank).arg(index.data(Qt::DisplayRole).toString()), bold,
         text);
    const QString fix = index.data(FindingsModel::FixRole).toString();
    line(1, fix.isEmpty() ? QString() : QObject::tr("Fix: %1").arg(fix), option.font, text);
    QString concerns = index.data(FindingsModel::ConcernsRole).toString();
    const QString symptom = index.data(FindingsModel::SymptomOfRole).toString();
    if (!symptom.isEmpty()) concerns += QObject::tr(" — symptom of: %1").arg(symptom);
    line(2, concerns, option.font, dim);
    p->restore();
}

void FindingCostDelegate::paint(QPainter* p, const QStyleOptionViewItem& option,
                                const QModelIndex& index) const {
    const QColor text = drawBackground(p, option, index);
    const double share = std::clamp(index.data(FindingsModel::CostShareRole).toDouble(), 0.0, 1.0);
    const QString cost = index.data(Qt::DisplayRole).toString();
    const QFontMetrics fm = option.fontMetrics;
    const QRect r = option.rect.adjusted(6, 4, -6, -4);
    p->save();
    QFont bold = option.font;
    bold.setBold(true);
    p->setFont(bold);
    p->setPen(text);
    const QString label = share > 0 ? QStringLiteral("%1  %2 %").arg(cost).arg(
                                          share >= 0.01 ? QString::number(qRound(share * 100))
                                                        : QStringLiteral("<1"))
                                    : cost;
    p->drawText(QRect(r.left(), r.top(), r.width(), fm.height()), Qt::AlignRight | Qt::AlignVCenter,
                QFontMetrics(bold).elidedText(label, Qt::ElideLeft, r.width()));
    if (share > 0) {
        const int h = std::max(6, fm.height() / 2);
        const QRectF track(r.left(), r.top() + fm.height() + 6, r.width(), h);
        QColor trackColour = option.palette.color(QPalette::Mid);
        trackColour.setAlphaF(0.35f);
        p->setPen(Qt::NoPen);
        p->setBrush(trackColour);
        p->drawRoundedRect(track, 2, 2);
        const auto severity = index.data(FindingsModel::SeverityRole).toInt();
        // Finding severities: 0 info, 1 warning, 2 critical (the model's enum order).
        const QColor fill = severity >= 2 ? palette::kCritical : severity == 1 ? palette::kWarning
                                                                                : palette::kInfo;
        p->setBrush(fill);
        p->drawRoundedRect(QRectF(track.left(), track.top(), std::max(3.0, track.width() * share),
                                  track.height()),
                           2, 2);
    }
    p->restore();
}

}  // namespace stagelight
