// The report's charts, drawn by the views' own code: the task histogram widget (QCustomPlot,
// recorded as vector drawing) and the stage timeline painter, in a light print palette.
#pragma once

#include <QPainter>

#include "qt/MetaTypes.h"
#include "report/ReportDocument.h"

namespace stagelight {

QPalette printPalette();
void paintHistogramChart(QPainter& p, const QRectF& rect, const ModelPtr& model,
                         const ReportFigure& figure);
void paintTimelineChart(QPainter& p, const QRectF& rect, const ModelPtr& model,
                        const ReportFigure& figure);

}  // namespace stagelight
