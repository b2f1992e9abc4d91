// Runs the stagelight executable for the hostile-input tests: killed past a deadline (a hang is
// a failure, not a stuck test), with its time, exit and output kept.
#pragma once

#include <QElapsedTimer>
#include <QProcess>
#include <QProcessEnvironment>
#include <QStringList>

namespace stagelight::test {

struct CliRun {
    int exitCode = -1;
    bool crashed = false, timedOut = false;
    double seconds = 0;
    QByteArray out, err;
    bool finishedNormally() const { return !crashed && !timedOut; }
};

inline CliRun runCli(const QStringList& args, int timeoutMs = 60000,
                     const QProcessEnvironment& env = QProcessEnvironment::systemEnvironment()) {
    QProcess p;
    p.setProcessEnvironment(env);
    QElapsedTimer clock;
    clock.start();
    p.start(QStringLiteral(STAGELIGHT_EXECUTABLE), args);
    CliRun r;
    if (!p.waitForFinished(timeoutMs)) {
        r.timedOut = true;
        p.kill();
        p.waitForFinished(5000);
    }
    r.seconds = double(clock.elapsed()) / 1000.0;
    r.crashed = !r.timedOut && p.exitStatus() == QProcess::CrashExit;
    r.exitCode = p.exitCode();
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}

}  // namespace stagelight::test
