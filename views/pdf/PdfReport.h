// The findings report as a PDF (QPdfWriter + QPainter): vector output with selectable text, page
// numbers, A4 or Letter. Charts come from the views' own painters: QCustomPlot's histogram
// (recorded into a QPicture, so it stays vector) and the stage timeline's painter. Log text is
// drawn as plain text. The file is written atomically (a temporary file, then a rename).
#pragma once

#include <QPageSize>
#include <QString>

#include "diagnosis/Analyzer.h"
#include "model/EventLogModel.h"
#include "qt/MetaTypes.h"
#include "report/ReportDocument.h"

namespace stagelight {

// Needs a QApplication (QCustomPlot is a widget); the offscreen platform is enough.
bool writePdfReport(const ReportDocument& doc, const ModelPtr& model, const Analysis& analysis,
                    const QString& path, QPageSize::PageSizeId page, QString* error);

}  // namespace stagelight
