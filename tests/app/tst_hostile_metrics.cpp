// Hostile figures: every task metric, executor memory peak and accumulable update of a log at
// int64's edges (max, min, 2^62 so that two of them overflow a sum, -1), and tasks that run from
// -2^63 to 2^63-1. Spark's own sums of such values wrap as JVM longs do and ours wrap the same
// way (jvmAdd); every other sum, difference and conversion saturates. Built with UBSan (the asan
// preset, no -fwrapv), any signed overflow left anywhere in the load, the diagnosis, a view, the
// report or a command aborts this test.
#include <QtTest>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include "HostileLogs.h"
#include "HostileRun.h"
#include "HostileViews.h"
#include "TestSupport.h"
#include "load/Loader.h"

using namespace stagelight;
namespace fs = std::filesystem;

namespace {

// Every number that is a value (follows a ':') inside the object or array after "key": on `line`.
void setNumbersInside(std::string& line, std::string_view key, const std::string& value) {
    const std::string needle = "\"" + std::string(key) + "\":";
    for (size_t at = line.find(needle); at != std::string::npos; at = line.find(needle, at + 1)) {
        size_t from = at + needle.size();
        if (from >= line.size() || (line[from] != '{' && line[from] != '[')) continue;
        int depth = 0;
        bool inString = false;
        for (size_t i = from; i < line.size(); ++i) {
            const char c = line[i];
            if (inString) {
                if (c == '\\')
                    ++i;
                else if (c == '"')
                    inString = false;
                continue;
            }
            if (c == '"')
                inString = true;
            else if (c == '{' || c == '[')
                ++depth;
            else if ((c == '}' || c == ']') && --depth == 0)
                break;
            else if (c == ':') {
                size_t to = i + 1;
                while (to < line.size() &&
                       (line[to] == '-' || (line[to] >= '0' && line[to] <= '9')))
                    ++to;
                if (to > i + 1) line.replace(i + 1, to - i - 1, value);
            }
        }
    }
}

std::string withMetrics(const std::string& value) {
    std::string text = test::editLines(test::smallLog(), "\"Event\":\"SparkListenerTaskEnd\"",
                                       SIZE_MAX, [&](std::string& l) {
                                           setNumbersInside(l, "Task Metrics", value);
                                           setNumbersInside(l, "Task Executor Metrics", value);
                                           test::setNumber(l, "Update", value);
                                           test::setNumber(l, "Value", value);
                                       });
    for (const char* marker :
         {"\"Event\":\"SparkListenerStageCompleted\"",
          "\"Event\":\"SparkListenerStageExecutorMetrics\"",
          "\"Event\":\"SparkListenerExecutorMetricsUpdate\"",
          "\"Event\":\"org.apache.spark.sql.execution.ui.SparkListenerDriverAccumUpdates\"",
          "\"Event\":\"SparkListenerBlockManagerAdded\""})
        text = test::editLines(text, marker, SIZE_MAX, [&](std::string& l) {
            setNumbersInside(l, "Executor Metrics", value);
            setNumbersInside(l, "accumUpdates", value);
            test::setNumber(l, "Value", value);
            test::setNumber(l, "Maximum Memory", value);
            test::setNumber(l, "Maximum Onheap Memory", value);
        });
    return text;
}

// Every task launched at -2^63 and finished at 2^63-1: each duration overflows a subtraction.
std::string withWidestTasks() {
    return test::editLines(test::smallLog(), "\"Event\":\"SparkListenerTask", SIZE_MAX,
                           [](std::string& l) {
                               test::setNumber(l, "Launch Time", "-9223372036854775808");
                               test::setNumber(l, "Finish Time", "9223372036854775807");
                               test::setNumber(l, "Getting Result Time", "9223372036854775807");
                           });
}

}  // namespace

class HostileMetrics : public QObject {
    Q_OBJECT
    QTemporaryDir tmp_;

    void everything(const std::string& name, const std::string& text) {
        const fs::path p = test::writeIn(tmp_, name, text);
        LoadResult r = loadEventLog(p);
        QVERIFY2(r.model, r.error.c_str());
        const ModelPtr model(std::move(r.model));
        const AnalysisPtr analysis = std::make_shared<const Analysis>(analyze(*model, {}));
        test::runEveryCommand(model, analysis);
        test::drawEveryView(model, analysis, 3);
        // The same through the executable (its own process, its own sanitizers).
        const QString log = QString::fromStdString(p.string());
        for (const QStringList& args :
             {QStringList{QStringLiteral("summary"), log, QStringLiteral("--json")},
              QStringList{QStringLiteral("analyze"), log},
              QStringList{QStringLiteral("report"), log, QStringLiteral("-o"),
                          tmp_.filePath(QStringLiteral("m.pdf"))},
              QStringList{QStringLiteral("compare"), log, log}}) {
            const test::CliRun run = test::runCli(args);
            QVERIFY2(run.finishedNormally() && run.exitCode == 0,
                     qPrintable(args.join(u' ') + QStringLiteral(": ") +
                                QString::fromUtf8(run.err.right(2000))));
        }
    }

private Q_SLOTS:
    void metricsAtTheEdges_data() {
        QTest::addColumn<QString>("value");
        for (const char* v :
             {"9223372036854775807", "-9223372036854775808", "4611686018427387904", "-1"})
            QTest::newRow(v) << QString::fromLatin1(v);
    }
    void metricsAtTheEdges() {
        QFETCH(QString, value);
        const std::string text = withMetrics(value.toStdString());
        QVERIFY(text.find(value.toStdString()) != std::string::npos);
        everything("metrics.json", text);
    }

    void tasksSpanningEveryMillisecond() { everything("widest.json", withWidestTasks()); }

    void sumsWrapAsTheJvmDoes() {
        // Every task ran 2^62 ms: Spark's long sum over n tasks wraps to n * 2^62 mod 2^64.
        LoadResult r =
            loadEventLog(test::writeIn(tmp_, "wrap.json", withMetrics("4611686018427387904")));
        QVERIFY(r.model);
        const std::string body =
            restQuery(*r.model, "applications/" + r.model->application.id + "/stages").body;
        const QJsonArray stages = QJsonDocument::fromJson(QByteArray::fromStdString(body)).array();
        QVERIFY(!stages.isEmpty());
        for (const QJsonValue& v : stages) {
            const QJsonObject s = v.toObject();
            const uint64_t n = uint64_t(s[QStringLiteral("numCompleteTasks")].toInteger() +
                                        s[QStringLiteral("numFailedTasks")].toInteger() +
                                        s[QStringLiteral("numKilledTasks")].toInteger());
            const auto expected = double(int64_t(n * (uint64_t(1) << 62)));
            QCOMPARE(s[QStringLiteral("executorRunTime")].toDouble(), expected);
        }
    }
};

QTEST_MAIN(HostileMetrics)
#include "tst_hostile_metrics.moc"
