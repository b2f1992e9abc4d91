// Loads an event log on a worker thread and hands the finished, immutable model to the GUI.
// Each load has a generation number; results of a superseded load are dropped (as in hotspot).
#pragma once

#include <QObject>
#include <QString>

#include <atomic>
#include <memory>

#include "diagnosis/RuleConfig.h"
#include "qt/MetaTypes.h"

namespace stagelight {

class LoadSession : public QObject {
    Q_OBJECT
public:
    explicit LoadSession(QObject* parent = nullptr);
    ~LoadSession() override;

    void load(const QString& path);
    void cancel();
    // The rules of every later analysis (a rules file edited in the GUI).
    void setRuleConfig(const RuleConfig& config) { rules_ = config; }
    const RuleConfig& ruleConfig() const { return rules_; }
    // Analyses a loaded model again (on a worker) with the current rules: analysisAvailable.
    void reanalyze(ModelPtr model);
    bool isLoading() const { return running_ > 0; }

Q_SIGNALS:
    void progress(qint64 bytesDone, qint64 bytesTotal);
    void modelAvailable(stagelight::ModelPtr model);
    // After the model: the diagnosis of the same log (findings come last, as they take longest).
    void analysisAvailable(stagelight::ModelPtr model, stagelight::AnalysisPtr analysis);
    void loadFailed(const QString& message);

private:
    RuleConfig rules_;
    std::shared_ptr<std::atomic<bool>> cancel_;
    quint64 generation_ = 0;
    int running_ = 0;
};

}  // namespace stagelight
