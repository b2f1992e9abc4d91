#include "export/ReportExport.h"

#include <QCryptographicHash>
#include <QFile>
#include <QSaveFile>

#include <sys/stat.h>

#include <memory>

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

namespace {

// Where a report goes: a regular file (or a new one) is replaced atomically, a temporary file
// then a rename; a FIFO or a character device (/dev/null, /dev/stdout) is written directly, since
// renaming over it would replace the node itself; anything else is refused.
class ReportTarget {
public:
    bool open(const QString& path, QString& error) {
        struct stat st {};
        const QByteArray native = QFile::encodeName(path);
        if (::stat(native.constData(), &st) == 0 && !S_ISREG(st.st_mode)) {
            if (!S_ISFIFO(st.st_mode) && !S_ISCHR(st.st_mode)) {
                error = QStringLiteral(
                            "%1: not a regular file, a FIFO or a character device; "
                            "refusing to write the report there")
                            .arg(path);
                return false;
            }
            direct_ = std::make_unique<QFile>(path);
            device_ = direct_.get();
            if (direct_->open(QIODevice::WriteOnly | QIODevice::Unbuffered)) return true;
        } else {
            atomic_ = std::make_unique<QSaveFile>(path);
            device_ = atomic_.get();
            if (atomic_->open(QIODevice::WriteOnly)) return true;
        }
        error = QStringLiteral("%1: %2").arg(path, device_->errorString());
        return false;
    }
    QIODevice& device() { return *device_; }
    bool commit(const QString& path, QString& error) {
        const bool ok = atomic_ ? atomic_->commit() : direct_->error() == QFileDevice::NoError;
        if (!ok) error = QStringLiteral("%1: %2").arg(path, device_->errorString());
        return ok;
    }

private:
    std::unique_ptr<QSaveFile> atomic_;
    std::unique_ptr<QFile> direct_;
    QIODevice* device_ = nullptr;
};

}  // namespace

bool writeReport(const ModelPtr& model, const Analysis& analysis, const QString& path,
                 ReportFormat format, QPageSize::PageSizeId page, QString* error,
                 const ReportBaseline* baseline) {
    QString why;
    ReportTarget target;
    bool ok = target.open(path, why);
    if (ok && format == ReportFormat::Pdf) {
        writePdfReport(document(model, analysis, baseline), model, analysis, target.device(), page);
    } else if (ok) {
        const std::string text = reportText(model, analysis, format, baseline);
        if (target.device().write(text.data(), qint64(text.size())) != qint64(text.size())) {
            why = QStringLiteral("%1: %2").arg(path, target.device().errorString());
            ok = false;
        }
    }
    ok = ok && target.commit(path, why);
    if (!ok && error) *error = why;
    return ok;
}

}  // namespace stagelight
