// `stagelight rest` against the History Server's own answers (../shared/expectations): the same
// keys with the same values, for every endpoint implemented so far; the rest are listed as skips.
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSet>
#include <QtTest>

#include <fstream>

#include "RestExpectations.h"
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
QString difference(const QJsonValue& a, const QJsonValue& b, const QString& path) {
    return test::jsonDifference(a, b, path);
}
QJsonValue parse(const std::string& text) {
    return test::parseJson(text);
}
}  // namespace

void Rest::initTestCase() {
    STAGELIGHT_REQUIRE_SHARED();
}

void Rest::matchesTheHistoryServer_data() {
    QTest::addColumn<int>("row");
    const auto all = test::restExpectations();
    for (size_t i = 0; i < all.size(); ++i) QTest::newRow(all[i].file.c_str()) << int(i);
    QVERIFY(all.size() >= 50);
}

void Rest::matchesTheHistoryServer() {
    QFETCH(int, row);
    const test::RestExpectation e = test::restExpectations()[size_t(row)];
    const fs::path logs = test::sharedDir() / "eventlogs";
    std::vector<LoadResult> loaded;
    if (e.listing) {
        loaded = loadEventLogDirectory(logs / e.listingDir);
    } else {
        for (const std::string& one : e.logs) {
            if (!fs::exists(logs / one))
                QSKIP("the expectation's log is not part of ../shared/eventlogs");
            loaded.push_back(loadEventLog(logs / one));
        }
    }
    std::vector<const EventLogModel*> models;
    QSet<QString> present;
    for (const LoadResult& r : loaded) {
        QVERIFY2(r.model, r.error.c_str());
        models.push_back(r.model.get());
        present.insert(QString::fromStdString(r.model->application.id));
    }
    QVERIFY(!models.empty());
    const RestResponse response = restQuery(models, e.restPath);
    if (response.status == 404 && response.body.rfind("unsupported endpoint", 0) == 0)
        QSKIP("endpoint not implemented yet");
    QCOMPARE(response.status, 200);
    const QString diff = test::compareWithExpectation(
        e, response.body, [&](const std::string& path) { return restQuery(models, path).body; },
        present);
    QVERIFY2(diff.isEmpty(), qPrintable(diff));
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
