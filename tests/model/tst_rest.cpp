// `stagelight rest` against the History Server's own answers (../shared/expectations): the same
// keys with the same values, for every endpoint implemented so far; the rest are listed as skips.
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSet>
#include <QtTest>

#include <fstream>

#include "TestSupport.h"
#include "load/Loader.h"
#include "rest/RestApi.h"

using namespace stagelight;
namespace fs = std::filesystem;

class Rest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void matchesTheHistoryServer_data();
    void matchesTheHistoryServer();
    void restDatesAreTheHistoryServersFormat();
    void comparisonCatchesADifference();
};

namespace {

// "" when equal, else the path of the first difference.
QString difference(const QJsonValue& a, const QJsonValue& b, const QString& path) {
    if (a.type() != b.type()) return path + QStringLiteral(": type differs");
    if (a.isObject()) {
        const QJsonObject x = a.toObject(), y = b.toObject();
        for (auto it = y.begin(); it != y.end(); ++it)
            if (!x.contains(it.key()))
                return path + QLatin1Char('.') + it.key() + QStringLiteral(": missing");
        for (auto it = x.begin(); it != x.end(); ++it) {
            if (!y.contains(it.key()))
                return path + QLatin1Char('.') + it.key() + QStringLiteral(": unexpected");
            const QString d =
                difference(it.value(), y.value(it.key()), path + QLatin1Char('.') + it.key());
            if (!d.isEmpty()) return d;
        }
        return {};
    }
    if (a.isArray()) {
        const QJsonArray x = a.toArray(), y = b.toArray();
        if (x.size() != y.size())
            return path + QStringLiteral(": %1 elements, expected %2").arg(x.size()).arg(y.size());
        for (qsizetype i = 0; i < x.size(); ++i) {
            const QString d = difference(x[i], y[i], path + QStringLiteral("[%1]").arg(i));
            if (!d.isEmpty()) return d;
        }
        return {};
    }
    if (a != b)
        return path + QStringLiteral(": ") +
               QString::fromUtf8(QJsonDocument(QJsonArray{a}).toJson(QJsonDocument::Compact)) +
               QStringLiteral(" vs expected ") +
               QString::fromUtf8(QJsonDocument(QJsonArray{b}).toJson(QJsonDocument::Compact));
    return {};
}

QJsonValue parse(const std::string& text) {
    const QJsonDocument d = QJsonDocument::fromJson(QByteArray::fromStdString(text));
    return d.isArray() ? QJsonValue(d.array()) : QJsonValue(d.object());
}

}  // namespace

void Rest::initTestCase() {
    STAGELIGHT_REQUIRE_SHARED();
}

void Rest::matchesTheHistoryServer_data() {
    QTest::addColumn<QString>("expectation");
    QTest::addColumn<QString>("restPath");
    QTest::addColumn<QString>("log");
    std::ifstream in(test::sharedDir() / "expectations" / "INDEX.tsv");
    std::string line;
    std::getline(in, line);  // header
    int rows = 0;
    while (std::getline(in, line)) {
        const size_t t1 = line.find('\t'), t2 = line.find('\t', t1 + 1);
        if (t1 == std::string::npos || t2 == std::string::npos) continue;
        const std::string file = line.substr(0, t1), rest = line.substr(t1 + 1, t2 - t1 - 1),
                          log = line.substr(t2 + 1);
        ++rows;
        QTest::newRow(file.c_str()) << QString::fromStdString(file) << QString::fromStdString(rest)
                                    << QString::fromStdString(log);
    }
    QVERIFY(rows >= 50);
}

void Rest::matchesTheHistoryServer() {
    QFETCH(QString, expectation);
    QFETCH(QString, restPath);
    QFETCH(QString, log);
    const fs::path logs = test::sharedDir() / "eventlogs";
    // "all 19 logs in DIR/ (application listing)", "A, B" (several attempts) or one log.
    std::vector<LoadResult> loaded;
    const bool listing = log.startsWith(QLatin1String("all "));
    if (listing) {
        const qsizetype from = log.indexOf(QLatin1String(" in ")) + 4;
        const QString dir = log.mid(from, log.indexOf(QLatin1String(" ("), from) - from);
        loaded = loadEventLogDirectory(logs / dir.toStdString());
    } else {
        for (const QString& one : log.split(QLatin1Char(','))) {
            const fs::path file = logs / one.trimmed().toStdString();
            if (!fs::exists(file))
                QSKIP("the expectation's log is not part of ../shared/eventlogs");
            loaded.push_back(loadEventLog(file));
        }
    }
    std::vector<const EventLogModel*> models;
    for (const LoadResult& r : loaded) {
        QVERIFY2(r.model, r.error.c_str());
        models.push_back(r.model.get());
    }
    QVERIFY(!models.empty());
    const RestResponse response = restQuery(models, restPath.toStdString());
    if (response.status == 404 && response.body.rfind("unsupported endpoint", 0) == 0)
        QSKIP("endpoint not implemented yet");
    QCOMPARE(response.status, 200);
    const QJsonValue expected =
        parse(test::readFile(test::sharedDir() / "expectations" / expectation.toStdString()));
    if (!listing) {
        const QString diff = difference(parse(response.body), expected, QStringLiteral("$"));
        QVERIFY2(diff.isEmpty(), qPrintable(diff));
        return;
    }
    // The corpus holds only some of the History Server's logs: compare the applications both
    // have (same values, same order), and check nothing is listed that the server filtered out.
    QString unlimitedPath = restPath;
    unlimitedPath.remove(QRegularExpression(QStringLiteral("[?&]limit=\\d+")));
    const QJsonArray all = parse(restQuery(models, unlimitedPath.toStdString()).body).toArray();
    const QJsonArray ours = parse(response.body).toArray();
    QSet<QString> present, listedByServer;
    for (const EventLogModel* m : models) present.insert(QString::fromStdString(m->application.id));
    for (const QJsonValue& app : expected.toArray())
        listedByServer.insert(app[QLatin1String("id")].toString());
    QJsonArray expectedShared, oursShared;
    for (const QJsonValue& app : expected.toArray())
        if (present.contains(app[QLatin1String("id")].toString())) expectedShared.append(app);
    for (const QJsonValue& app : all) {
        const QString id = app[QLatin1String("id")].toString();
        if (listedByServer.contains(id))
            oursShared.append(app);
        else if (!restPath.contains(QLatin1String("limit=")))
            QFAIL(qPrintable(id + QStringLiteral(" is listed but the History Server filtered it")));
    }
    const QString diff = difference(oursShared, expectedShared, QStringLiteral("$"));
    QVERIFY2(diff.isEmpty(), qPrintable(diff));
    QVERIFY(ours.size() <= expected.toArray().size());
    for (qsizetype i = 0; i < ours.size(); ++i) QCOMPARE(ours[i], all[i]);  // limit: a prefix
}

void Rest::restDatesAreTheHistoryServersFormat() {
    QCOMPARE(restDate(1422981779720), std::string("2015-02-03T16:42:59.720GMT"));
    QCOMPARE(restDate(0), std::string("1970-01-01T00:00:00.000GMT"));
    QCOMPARE(restDate(-1), std::string("1969-12-31T23:59:59.999GMT"));  // "not ended"
}

void Rest::comparisonCatchesADifference() {
    QVERIFY(!difference(parse(R"({"a":1,"b":[1,2]})"), parse(R"({"a":1,"b":[1,3]})"),
                        QStringLiteral("$"))
                 .isEmpty());
    QVERIFY(
        !difference(parse(R"({"a":1})"), parse(R"({"a":1,"c":2})"), QStringLiteral("$")).isEmpty());
    QVERIFY(difference(parse(R"({"b":2,"a":1})"), parse(R"({"a":1,"b":2})"), QStringLiteral("$"))
                .isEmpty());
}

QTEST_GUILESS_MAIN(Rest)
#include "tst_rest.moc"
