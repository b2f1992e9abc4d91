// The background-job helper: results arrive on the context's thread, a newer job drops an older
// one's result, a throwing job reports an error instead of terminating, cancel sets the job's
// flag, and destroying the tracker waits for its workers.
#include <QThread>
#include <QtTest>

#include <atomic>
#include <chrono>
#include <stdexcept>
#include <thread>

#include "qt/JobTracker.h"

using namespace stagelight;
using namespace std::chrono_literals;

namespace {

// A context owning its tracker, as the views and the load session do.
struct Context : QObject {
    JobTracker jobs{this};
};

}  // namespace

class JobTrackerTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void deliversOnTheContextThread() {
        Context c;
        QThread* worker = nullptr;
        QThread* delivered = nullptr;
        int result = 0;
        c.jobs.startJob(
            [&worker](const JobControl&) {
                worker = QThread::currentThread();
                return 42;
            },
            [&](int r) {
                delivered = QThread::currentThread();
                result = r;
            },
            [](const QString&) { QFAIL("no error expected"); });
        QVERIFY(c.jobs.isJobRunning());
        QTRY_COMPARE(result, 42);
        QVERIFY(worker && worker != QThread::currentThread());
        QCOMPARE(delivered, QThread::currentThread());
        QVERIFY(!c.jobs.isJobRunning());
    }

    void aNewerJobDropsTheOlderResult() {
        Context c;
        QList<int> results;
        // The older job finishes last: without job ids its stale result would win.
        const quint64 first = c.jobs.startJob(
            [](const JobControl&) {
                std::this_thread::sleep_for(200ms);
                return 1;
            },
            [&](int r) { results << r; }, [](const QString&) {});
        const quint64 second = c.jobs.startJob([](const JobControl&) { return 2; },
                                               [&](int r) { results << r; }, [](const QString&) {});
        QVERIFY(second > first);
        QTRY_COMPARE(results, QList<int>{2});
        c.jobs.waitForWorkers();
        QTest::qWait(50);  // the older one's delivery, were it posted, would run now
        QCOMPARE(results, QList<int>{2});
    }

    void anExceptionBecomesAnError() {
        Context c;
        QStringList errors;
        bool done = false;
        c.jobs.startJob(
            [](const JobControl&) -> int { throw std::runtime_error("threshold not declared"); },
            [&](int) { done = true; }, [&](const QString& e) { errors << e; });
        QTRY_COMPARE(errors.size(), 1);
        QCOMPARE(errors.first(), QStringLiteral("threshold not declared"));
        c.jobs.startJob([](const JobControl&) -> int { throw 7; }, [&](int) { done = true; },
                        [&](const QString& e) { errors << e; });
        QTRY_COMPARE(errors.size(), 2);
        QCOMPARE(errors.last(), QStringLiteral("an unknown error"));
        QVERIFY(!done);
    }

    void cancelSetsTheFlagAndDropsTheResult() {
        Context c;
        std::atomic<bool> started{false}, sawCancel{false};
        bool delivered = false;
        c.jobs.startJob(
            [&](const JobControl& control) {
                started = true;
                while (!control.cancelFlag()->load()) std::this_thread::sleep_for(1ms);
                sawCancel = control.cancelled();
                return 0;
            },
            [&](int) { delivered = true; }, [&](const QString&) { delivered = true; });
        QTRY_VERIFY(started.load());
        c.jobs.cancel();
        QVERIFY(!c.jobs.isJobRunning());
        c.jobs.waitForWorkers();
        QVERIFY(sawCancel.load());
        QTest::qWait(20);
        QVERIFY(!delivered);
    }

    void postedProgressStopsWithTheJob() {
        Context c;
        QList<int> progress;
        std::atomic<bool> release{false};
        c.jobs.startJob(
            [&](const JobControl& control) {
                control.post([&progress] { progress << 1; });
                while (!release.load()) std::this_thread::sleep_for(1ms);
                control.post([&progress] { progress << 2; });  // superseded by then: dropped
                return 0;
            },
            [](int) {}, [](const QString&) {});
        QTRY_COMPARE(progress, QList<int>{1});
        c.jobs.startJob([](const JobControl&) { return 0; }, [](int) {}, [](const QString&) {});
        release = true;
        c.jobs.waitForWorkers();
        QTest::qWait(20);
        QCOMPARE(progress, QList<int>{1});
    }

    void destroyingTheContextWaitsForTheWorker() {
        std::atomic<bool> started{false}, finished{false};
        bool delivered = false;
        {
            auto* c = new Context;
            c->jobs.startJob(
                [&](const JobControl&) {
                    started = true;
                    std::this_thread::sleep_for(100ms);
                    finished = true;
                    return 0;
                },
                [&delivered](int) { delivered = true; }, [](const QString&) {});
            QTRY_VERIFY(started.load());
            delete c;  // the window closes while its job runs
        }
        QVERIFY(finished.load());  // no worker outlives the object whose data it reads
        QTest::qWait(20);
        QVERIFY(!delivered);
    }
};

QTEST_GUILESS_MAIN(JobTrackerTest)
#include "tst_job_tracker.moc"
