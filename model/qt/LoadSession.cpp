#include "qt/LoadSession.h"

#include <QMetaObject>
#include <QPointer>
#include <QThread>

#include "load/Loader.h"

namespace stagelight {

LoadSession::LoadSession(QObject* parent) : QObject(parent) {
    qRegisterMetaType<ModelPtr>();
    qRegisterMetaType<AnalysisPtr>();
}

LoadSession::~LoadSession() {
    cancel();
}

void LoadSession::cancel() {
    if (cancel_) cancel_->store(true);
}

void LoadSession::load(const QString& path) {
    cancel();
    cancel_ = std::make_shared<std::atomic<bool>>(false);
    const quint64 generation = ++generation_;
    ++running_;
    QPointer<LoadSession> self(this);
    auto cancelFlag = cancel_;
    const std::string file = path.toStdString();
    QThread* thread = QThread::create([self, cancelFlag, file, generation, rules = rules_] {
        LoadOptions options;
        options.cancel = cancelFlag.get();
        qint64 lastReported = -1;
        options.progress = [&](uint64_t done, uint64_t total) {
            // A few hundred updates at most, whatever the file size.
            if (qint64(done) - lastReported < qint64(total / 200) && done < total) return;
            lastReported = qint64(done);
            QMetaObject::invokeMethod(
                self,
                [self, done, total, generation] {
                    if (self && self->generation_ == generation)
                        Q_EMIT self->progress(qint64(done), qint64(total));
                },
                Qt::QueuedConnection);
        };
        LoadResult result = loadEventLog(file, options);
        const bool cancelled = result.cancelled || cancelFlag->load();
        ModelPtr model(std::move(result.model));
        const QString error = QString::fromStdString(result.error);
        QMetaObject::invokeMethod(
            self,
            [self, model, error, cancelled, generation] {
                if (!self) return;
                --self->running_;
                if (self->generation_ != generation || cancelled)
                    return;  // superseded or cancelled
                if (model)
                    Q_EMIT self->modelAvailable(model);
                else
                    Q_EMIT self->loadFailed(error);
            },
            Qt::QueuedConnection);
        if (!model || cancelled) return;
        AnalysisPtr analysis = std::make_shared<const Analysis>(analyze(*model, rules));
        QMetaObject::invokeMethod(
            self,
            [self, model, analysis, generation] {
                if (self && self->generation_ == generation && !self->cancel_->load())
                    Q_EMIT self->analysisAvailable(model, analysis);
            },
            Qt::QueuedConnection);
    });
    connect(thread, &QThread::finished, thread, &QObject::deleteLater);
    thread->start();
}

void LoadSession::reanalyze(ModelPtr model) {
    if (!model) return;
    const quint64 generation = generation_;  // a new load supersedes this analysis
    QPointer<LoadSession> self(this);
    QThread* thread = QThread::create([self, model, generation, rules = rules_] {
        AnalysisPtr analysis = std::make_shared<const Analysis>(analyze(*model, rules));
        QMetaObject::invokeMethod(
            self,
            [self, model, analysis, generation] {
                if (self && self->generation_ == generation)
                    Q_EMIT self->analysisAvailable(model, analysis);
            },
            Qt::QueuedConnection);
    });
    connect(thread, &QThread::finished, thread, &QObject::deleteLater);
    thread->start();
}

}  // namespace stagelight
