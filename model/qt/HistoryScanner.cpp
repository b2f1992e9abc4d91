#include "qt/HistoryScanner.h"

#include <filesystem>

#include "diagnosis/Analyzer.h"
#include "io/DirEntries.h"
#include "load/Loader.h"


namespace stagelight {
namespace {
constexpr size_t kBatch = 32;  // rows per update while the heads are read
}

HistoryScanner::HistoryScanner(QObject* parent) : QObject(parent) {
    qRegisterMetaType<std::vector<LogSummary>>();
    qRegisterMetaType<TopFinding>();
}

void HistoryScanner::stop() {
    jobs_.cancel();
}

void HistoryScanner::start(const QString& directory, bool diagnose) {
    const std::filesystem::path dir = directory.toStdString();
    jobs_.startJob(
        [this, dir, diagnose](const JobControl& control) {
            std::vector<std::filesystem::path> paths;
            for (const DirEntry& e : listDirectory(dir).entries)
                if (looksLikeEventLog(e)) paths.push_back(e.path);
            std::vector<LogSummary> batch, readable;
            auto flush = [&] {
                control.post([this, rows = std::move(batch)] { Q_EMIT logsListed(rows); });
                batch.clear();
            };
            for (const auto& p : paths) {
                if (control.cancelled()) return false;
                batch.push_back(summarizeLog(p));
                if (batch.back().error.empty()) readable.push_back(batch.back());
                if (batch.size() >= kBatch) flush();
            }
            flush();
            control.post([this, n = int(paths.size())] { Q_EMIT listingDone(n); });
            if (!diagnose) return true;
            // The newest first: those are the ones a user looks at.
            std::stable_sort(readable.begin(), readable.end(),
                             [](const LogSummary& a, const LogSummary& b) { return a.startMs > b.startMs; });
            for (const LogSummary& l : readable) {
                if (control.cancelled()) return false;
                TopFinding top;
                LoadOptions options;
                options.threads = 1;  // the window's own load keeps the other cores
                options.cancel = control.cancelFlag();
                LoadResult r = loadEventLog(l.path, options);
                if (r.cancelled || control.cancelled()) return false;
                if (!r.model) {
                    top.error = r.error;
                } else {
                    const Analysis a = analyze(*r.model);
                    top.count = int(a.findings.size());
                    // The costliest finding that costs wall clock; else the first listed.
                    for (const Finding& f : a.findings)
                        if (!f.costNotWallClock && f.estimatedCostMs > top.costMs) {
                            top.costMs = f.estimatedCostMs;
                            top.title = f.title;
                            top.severity = f.severity;
                        }
                    if (top.title.empty() && !a.findings.empty()) {
                        top.title = a.findings.front().title;
                        top.severity = a.findings.front().severity;
                    }
                }
                control.post([this, path = QString::fromStdString(l.path.string()), top] {
                    Q_EMIT findingReady(path, top);
                });
            }
            return true;
        },
        [this](bool) { Q_EMIT finished(); }, [this](const QString&) { Q_EMIT finished(); });
}

}  // namespace stagelight
