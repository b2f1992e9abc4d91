#include "export/ReportExport.h"

#include <QCryptographicHash>
#include <QFile>
#include <QSaveFile>

#include "pdf/PdfReport.h"
#include "report/ReportDocument.h"

namespace stagelight {

bool reportFormatFromName(const QString& name, ReportFormat& format) {
    const QString n = name.toLower();
    if (n == QLatin1String("pdf") || n.endsWith(QLatin1String(".pdf")))
        format = ReportFormat::Pdf;
    else if (n == QLatin1String("md") || n == QLatin1String("markdown") ||
             n.endsWith(QLatin1String(".md")))
        format = ReportFormat::Markdown;
    else if (n == QLatin1String("json") || n.endsWith(QLatin1String(".json")))
        format = ReportFormat::Json;
    else
        return false;
    return true;
}

std::vector<LogDigest> digestLogFiles(const LogSet& source) {
    std::vector<LogDigest> out;
    for (const LogPart& part : source.parts) {
        QFile file(QString::fromStdString(part.path.string()));
        LogDigest d;
        d.name = part.path.filename().string();
        if (file.open(QIODevice::ReadOnly)) {  // read-only: the log is never modified
            QCryptographicHash hash(QCryptographicHash::Sha256);
            hash.addData(&file);
            d.sha256 = hash.result().toHex().toStdString();
            d.bytes = uint64_t(file.size());
        } else {
            d.sha256 = "(unreadable)";
        }
        out.push_back(std::move(d));
    }
    return out;
}

namespace {

ReportDocument document(const ModelPtr& model, const Analysis& analysis,
                        const ReportBaseline* baseline) {
    ReportDocument doc = buildReport(*model, analysis, digestLogFiles(model->source));
    if (baseline) addComparison(doc, *baseline->model, baseline->file, baseline->comparison);
    return doc;
}

}  // namespace

std::string reportText(const ModelPtr& model, const Analysis& analysis, ReportFormat format,
                       const ReportBaseline* baseline) {
    const ReportDocument doc = document(model, analysis, baseline);
    return format == ReportFormat::Json ? reportJson(doc, *model, analysis)
                                        : reportMarkdown(doc, *model, analysis);
}

bool writeReport(const ModelPtr& model, const Analysis& analysis, const QString& path,
                 ReportFormat format, QPageSize::PageSizeId page, QString* error,
                 const ReportBaseline* baseline) {
    if (format == ReportFormat::Pdf)
        return writePdfReport(document(model, analysis, baseline), model, analysis, path, page,
                              error);
    const std::string text = reportText(model, analysis, format, baseline);
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) ||
        file.write(text.data(), qint64(text.size())) != qint64(text.size()) || !file.commit()) {
        if (error) *error = QStringLiteral("%1: %2").arg(path, file.errorString());
        return false;
    }
    return true;
}

}  // namespace stagelight
