#include "gui/UrlOpener.h"

#include "net/HistoryServerDownload.h"

namespace stagelight {

UrlOpener::UrlOpener(QObject* parent) : QObject(parent) {}

void UrlOpener::cancel() {
    jobs_.cancel();
}

void UrlOpener::open(const QString& url) {
    const std::string address = url.toStdString();
    const std::string cache = cacheDir_.toStdString();
    jobs_.startJob(
        [this, address, cache](const JobControl& control) {
            net::DownloadOptions options;
            options.cacheDir = cache;
            qint64 reported = -1;
            options.progress = [this, &control, &reported](uint64_t done, uint64_t total) {
                if (control.cancelled()) return false;
                if (qint64(done) - reported >= (qint64(1) << 20) || done == total) {
                    reported = qint64(done);
                    control.post([this, done, total] { Q_EMIT progress(qint64(done), qint64(total)); });
                }
                return true;
            };
            return net::downloadEventLogs(address, options);
        },
        [this, url](const net::DownloadResult& r) {
            if (!r.error.empty())
                Q_EMIT failed(QString::fromStdString(r.error));
            else
                Q_EMIT downloaded(url, QString::fromStdString(r.file.string()));
        },
        [this, url](const QString& error) { Q_EMIT failed(url + QStringLiteral(": ") + error); });
}

}  // namespace stagelight
