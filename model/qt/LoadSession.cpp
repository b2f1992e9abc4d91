#include "qt/LoadSession.h"

#include <QTimer>

#include "load/Loader.h"
#include "load/LogFollower.h"
#include "qt/LiveFollow.h"

#include <utility>

namespace stagelight {
namespace {

struct Loaded {
    ModelPtr model;  // null: `error` says why
    QString error;
    std::shared_ptr<LogFollower> follower;  // a log still being written, to follow
};

}  // namespace

LoadSession::LoadSession(QObject* parent)
    : QObject(parent),
      analyzer_([](const EventLogModel& m, const RuleConfig& r) { return analyze(m, r); }),
      live_(new LiveFollow(this)) {
    qRegisterMetaType<ModelPtr>();
    qRegisterMetaType<AnalysisPtr>();
    connect(live_, &LiveFollow::updated, this, &LoadSession::showUpdate);
    connect(live_, &LiveFollow::rewritten, this, &LoadSession::showRewritten);
    connect(live_, &LiveFollow::failed, this, &LoadSession::followedLogUnreadable);
    connect(live_, &LiveFollow::ended, this, [this] { Q_EMIT followingChanged(false); });
}

bool LoadSession::isFollowing() const {
    return live_->isFollowing();
}

void LoadSession::setFollowLiveLogs(bool follow) {
    followLive_ = follow;
    if (!follow && live_->isFollowing()) {
        live_->follow(nullptr);
        Q_EMIT followingChanged(false);
    }
}

void LoadSession::showUpdate(ModelPtr model) {
    // The findings on screen stay until the new ones come (a fraction of a second): a followed
    // log's views do not blink at every update.
    model_ = std::move(model);
    startAnalysis();
    refresh_ = true;
    Q_EMIT modelAvailable(model_);
    refresh_ = false;
}

void LoadSession::showRewritten(ModelPtr model) {
    // Not the log the views chose in: everything shown before goes, as for another log.
    analyses_.cancel();
    analysis_.reset();
    model_ = std::move(model);
    Q_EMIT cleared();
    startAnalysis();
    Q_EMIT modelAvailable(model_);
    Q_EMIT followedLogRewritten();
}

LoadSession::~LoadSession() = default;

void LoadSession::cancel() {
    const bool loading = loads_.isJobRunning();
    loads_.cancel();
    // What a long load had shown stays, no longer said to be still reading (a copy, made once
    // the load has stopped: views may still read the partial model on their workers).
    if (loading && std::exchange(partialShown_, false) && model_ && model_->report.partial)
        QTimer::singleShot(0, this, [this, shown = model_] {
            if (model_ != shown) return;  // another log since
            auto kept = std::make_shared<EventLogModel>(*shown);
            kept->report.partial = false;
            kept->report.cancelled = true;
            model_ = std::move(kept);
            refresh_ = true;
            Q_EMIT modelAvailable(model_);
            refresh_ = false;
        });
    if (live_->isFollowing()) {
        live_->follow(nullptr);
        Q_EMIT followingChanged(false);
    }
}

void LoadSession::load(const QString& path) {
    analyses_.cancel();  // the log on screen is being replaced: its pending analysis too
    partialShown_ = false;
    if (live_->isFollowing()) {
        live_->follow(nullptr);
        Q_EMIT followingChanged(false);
    }
    const std::string file = path.toStdString();
    loads_.startJob(
        [this, file, first = firstPartial_, every = partialEvery_,
         follow = followLive_](const JobControl& control) {
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
            // A log still being written is read by a follower, which then keeps it open.
            std::shared_ptr<LogFollower> follower;
            LoadResult result;
            const auto located = locateLog(file);
            if (const auto* set = std::get_if<LogSet>(&located); follow && set && set->inProgress) {
                follower = std::make_shared<LogFollower>(file);
                const LogFollower::Poll poll = follower->poll(&options);
                if (!poll.error.empty())
                    return Loaded{nullptr, QString::fromStdString(poll.error), nullptr};
                result.model = follower->snapshot();
                result.cancelled = control.cancelled();
            } else {
                result = loadEventLog(file, options);
            }
            // A text or empty file is refused as the CLI refuses it, not shown as "(unnamed)";
            // a log still being written may have no line yet (its application just started).
            const bool nothingYet = follower && result.model && result.model->report.lines == 0;
            if (result.model && !nothingYet)
                if (std::string none = noSparkEventsError(*result.model, file); !none.empty())
                    return Loaded{nullptr, QString::fromStdString(none), nullptr};
            return Loaded{ModelPtr(std::move(result.model)), QString::fromStdString(result.error),
                          std::move(follower)};
        },
        [this](Loaded loaded) {
            if (!loaded.model) {
                Q_EMIT loadFailed(loaded.error);
                return;
            }
            model_ = std::move(loaded.model);
            analysis_.reset();
            startAnalysis();  // on its worker while the views take the model
            const bool refresh = std::exchange(partialShown_, false);
            if (!refresh) Q_EMIT cleared();  // else done at the first partial model
            refresh_ = refresh;
            Q_EMIT modelAvailable(model_);
            refresh_ = false;
            if (loaded.follower && !loaded.follower->ended()) {
                live_->follow(std::move(loaded.follower));
                Q_EMIT followingChanged(true);
            }
        },
        [this, path](const QString& error) {
            Q_EMIT loadFailed(tr("%1 could not be loaded: %2").arg(path, error));
        });
}

void LoadSession::showPartial(ModelPtr partial) {
    // The first partial model replaces the log on screen; later ones fill it in.
    const bool first = !std::exchange(partialShown_, true);
    if (first) {
        analyses_.cancel();
        analysis_.reset();
        model_ = partial;
        Q_EMIT cleared();
    }
    refresh_ = !first;
    model_ = std::move(partial);
    Q_EMIT modelAvailable(model_);
    refresh_ = false;
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
