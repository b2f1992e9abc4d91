// The open log, for every view: loads an event log on a worker, analyses it on another, and is
// the one publisher of what is on screen. Views subscribe to it themselves:
//   cleared()            — a new log replaces the old one: drop everything shown;
//   modelAvailable(m)    — the new log's model (findings come later); while a long load goes on,
//                          models of what was read so far come first (m->report.partial), the
//                          first within a fraction of a second, then about every second; a log
//                          still being written is followed, and each time events were appended
//                          its model comes again (isRefresh(): views keep what the user chose);
//   analysisAvailable(m, a) — its diagnosis, again after each reanalyze().
// Jobs run through JobTracker: a newer load supersedes an older one and its analysis, a newer
// analysis an older one (two quick rule changes leave the later on screen), and an exception in
// a worker becomes loadFailed/analysisFailed instead of std::terminate.
#pragma once

#include <QObject>
#include <QString>

#include <chrono>
#include <functional>

#include "diagnosis/RuleConfig.h"
#include "qt/JobTracker.h"
#include "qt/MetaTypes.h"

namespace stagelight {

class LiveFollow;

class LoadSession : public QObject {
    Q_OBJECT
public:
    // How a model is analysed: analyze() unless a test injects a slow or throwing one.
    using Analyzer = std::function<Analysis(const EventLogModel&, const RuleConfig&)>;

    explicit LoadSession(QObject* parent = nullptr);
    ~LoadSession() override;  // cancels, and waits for the workers

    void load(const QString& path);
    // Logs still being written are followed after their load (the default), or not.
    void setFollowLiveLogs(bool follow);
    bool followsLiveLogs() const { return followLive_; }
    bool isFollowing() const;
    LiveFollow* liveFollow() const { return live_; }
    // True while modelAvailable brings a newer model of the log on screen (a followed log's
    // update, a long load's next partial model), not another log.
    bool isRefresh() const { return refresh_; }
    void cancel();  // the running load stops and reports nothing
    // The rules of every later analysis (a rules file edited in the GUI).
    void setRuleConfig(const RuleConfig& config) { rules_ = config; }
    const RuleConfig& ruleConfig() const { return rules_; }
    // Analyses the model on screen again with the current rules: analysisAvailable.
    void reanalyze();
    bool isLoading() const { return loads_.isJobRunning(); }
    // Blocks until no load's worker runs any more, cancelled ones too (tests).
    void waitForLoadWorkers() { loads_.waitForWorkers(); }
    // When partial models come during a load (tests make them come at once and often).
    void setPartialTiming(std::chrono::milliseconds first, std::chrono::milliseconds every) {
        firstPartial_ = first;
        partialEvery_ = every;
    }
    // The last load's and analysis's durations (ms), for the status line.
    double analysisMillis() const { return analysisMillis_; }
    void setAnalyzer(Analyzer analyzer) { analyzer_ = std::move(analyzer); }

    // What was published last (null before the first log, and the analysis until it arrives).
    const ModelPtr& model() const { return model_; }
    const AnalysisPtr& analysis() const { return analysis_; }

Q_SIGNALS:
    void progress(qint64 bytesDone, qint64 bytesTotal);
    void cleared();
    void modelAvailable(stagelight::ModelPtr model);
    void analysisAvailable(stagelight::ModelPtr model, stagelight::AnalysisPtr analysis);
    void loadFailed(const QString& message);
    void analysisFailed(const QString& message);
    void followingChanged(bool following);  // a live log is (no longer) followed
    // The followed log was rewritten rather than appended to: what is on screen now is its new
    // content, read from its start (cleared and modelAvailable came before).
    void followedLogRewritten();
    // The followed log cannot be read now (deleted, moved away, unreadable): what is on screen
    // stays, and it is looked at again.
    void followedLogUnreadable(const QString& message);

private:
    void startAnalysis();
    void showPartial(ModelPtr partial);
    void showUpdate(ModelPtr model);  // a followed log's newer model
    void showRewritten(ModelPtr model);  // a followed log's new content

    RuleConfig rules_;
    Analyzer analyzer_;
    ModelPtr model_;
    AnalysisPtr analysis_;
    bool partialShown_ = false;  // the load in progress has put a partial model on screen
    bool refresh_ = false;
    bool followLive_ = true;
    LiveFollow* live_;
    std::chrono::milliseconds firstPartial_{250}, partialEvery_{1000};
    double analysisMillis_ = 0;
    // Last, so they are destroyed (and wait for their workers) first.
    JobTracker loads_{this};
    JobTracker analyses_{this};
};

}  // namespace stagelight
