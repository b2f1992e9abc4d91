// Writes the findings report of a loaded log as PDF, Markdown or JSON: the one code path behind
// `stagelight report` and File > Export findings. Regular files are written atomically; a FIFO or
// a character device is written into, never replaced.
#pragma once

#include <QPageSize>
#include <QString>

#include "qt/MetaTypes.h"
#include "report/ReportDocument.h"

namespace stagelight {

enum class ReportFormat { Pdf, Markdown, Json };

// "pdf", "md", "json" (also guessed from a file name's extension); false when unknown.
bool reportFormatFromName(const QString& name, ReportFormat& format);

// The SHA-256 and size of each file of the log (rolling logs have several).
std::vector<LogDigest> digestLogFiles(const LogSet& source);

// A baseline run for the report's comparison section.
struct ReportBaseline {
    ModelPtr model;
    std::string file;
    Comparison comparison;  // baseline vs the report's run
};

// The report's text (Markdown or JSON); PDF goes through writeReport.
std::string reportText(const ModelPtr& model, const Analysis& analysis, ReportFormat format,
                       const ReportBaseline* baseline = nullptr);

// PDF needs a QApplication (the offscreen platform is enough).
bool writeReport(const ModelPtr& model, const Analysis& analysis, const QString& path,
                 ReportFormat format, QPageSize::PageSizeId page, QString* error,
                 const ReportBaseline* baseline = nullptr);

}  // namespace stagelight
