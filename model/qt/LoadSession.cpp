#include "qt/LoadSession.h"

#include "load/Loader.h"

#include <utility>

namespace stagelight {
namespace {

struct Loaded {
    ModelPtr model;  // null: `error` says why
    QString error;
};

}  // namespace

LoadSession::LoadSession(QObject* parent)
    : QObject(parent), analyzer_([](const EventLogModel& m, const RuleConfig& r) {
          return analyze(m, r);
      }) {
    qRegisterMetaType<ModelPtr>();
    qRegisterMetaType<AnalysisPtr>();
}

LoadSession::~LoadSession() = default;

void LoadSession::cancel() {
    loads_.cancel();
}

void LoadSession::load(const QString& path) {
    analyses_.cancel();  // the log on screen is being replaced: its pending analysis too
    partialShown_ = false;
    const std::string file = path.toStdString();
    loads_.startJob(
        [this, file, first = firstPartial_, every = partialEvery_](const JobControl& control) {
            LoadOptions options;
            options.cancel = control.cancelFlag();
            options.firstPartialAfter = first;
            options.partialEvery = every;
            options.partial = [this, &control](std::unique_ptr<EventLogModel> partial) {
                control.post([this, m = ModelPtr(std::move(partial))] { showPartial(m); });
            };
            qint64 lastReported = -1;
            options.progress = [this, &control, &lastReported](uint64_t done, uint64_t total) {
                // A few hundred updates at most, whatever the file size.
                if (qint64(done) - lastReported < qint64(total / 200) && done < total) return;
                lastReported = qint64(done);
                // Runs on this session's thread, and only while the load is current.
                control.post([this, done, total] { Q_EMIT progress(qint64(done), qint64(total)); });
            };
            LoadResult result = loadEventLog(file, options);
            // A text or empty file is refused as the CLI refuses it, not shown as "(unnamed)".
            if (result.model)
                if (std::string none = noSparkEventsError(*result.model, file); !none.empty())
                    return Loaded{nullptr, QString::fromStdString(none)};
            return Loaded{ModelPtr(std::move(result.model)), QString::fromStdString(result.error)};
        },
        [this](Loaded loaded) {
            if (!loaded.model) {
                Q_EMIT loadFailed(loaded.error);
                return;
            }
            model_ = std::move(loaded.model);
            analysis_.reset();
            startAnalysis();  // on its worker while the views take the model
            if (!std::exchange(partialShown_, false)) Q_EMIT cleared();  // else done at the first
            Q_EMIT modelAvailable(model_);
        },
        [this, path](const QString& error) {
            Q_EMIT loadFailed(tr("%1 could not be loaded: %2").arg(path, error));
        });
}

void LoadSession::showPartial(ModelPtr partial) {
    // The first partial model replaces the log on screen; later ones fill it in.
    if (!std::exchange(partialShown_, true)) {
        analyses_.cancel();
        analysis_.reset();
        model_ = partial;
        Q_EMIT cleared();
    }
    model_ = std::move(partial);
    Q_EMIT modelAvailable(model_);
}

void LoadSession::reanalyze() {
    if (model_) startAnalysis();
}

void LoadSession::startAnalysis() {
    const ModelPtr model = model_;
    analyses_.startJob(
        [model, rules = rules_, analyzer = analyzer_](const JobControl&) {
            const auto started = std::chrono::steady_clock::now();
            auto analysis = AnalysisPtr(std::make_shared<const Analysis>(analyzer(*model, rules)));
            return std::make_pair(analysis, std::chrono::duration<double, std::milli>(
                                                std::chrono::steady_clock::now() - started)
                                                .count());
        },
        [this, model](std::pair<AnalysisPtr, double> done) {
            if (model != model_) return;  // a newer log is on screen
            analysis_ = std::move(done.first);
            analysisMillis_ = done.second;
            Q_EMIT analysisAvailable(model_, analysis_);
        },
        [this](const QString& error) {
            Q_EMIT analysisFailed(tr("The diagnosis of this log failed: %1").arg(error));
        });
}

}  // namespace stagelight
