// The findings report as a PDF (QPdfWriter + QPainter): vector output with selectable text, page
// numbers, A4 or Letter. Charts come from the views' own painters: QCustomPlot's histogram
// (recorded into a QPicture, so it stays vector) and the stage timeline's painter. Log text is
// drawn as plain text. The caller chooses the device (app/export writes files atomically).
#pragma once

#include <QIODevice>
#include <QPageSize>
#include <QString>

#include "diagnosis/Analyzer.h"
#include "model/EventLogModel.h"
#include "qt/MetaTypes.h"
#include "report/ReportDocument.h"

namespace stagelight {

// Needs a QApplication (QCustomPlot is a widget); the offscreen platform is enough.
void writePdfReport(const ReportDocument& doc, const ModelPtr& model, const Analysis& analysis,
                    QIODevice& out, QPageSize::PageSizeId page);

}  // namespace stagelight
