#include "RestExpectations.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

#include <fstream>

#include "TestSupport.h"

namespace stagelight::test {

std::vector<RestExpectation> restExpectations() {
    std::vector<RestExpectation> out;
    std::ifstream in(sharedDir() / "expectations" / "INDEX.tsv");
    std::string line;
    std::getline(in, line);  // header
    while (std::getline(in, line)) {
        const size_t t1 = line.find('\t'), t2 = line.find('\t', t1 + 1);
        if (t1 == std::string::npos || t2 == std::string::npos) continue;
        RestExpectation e;
        e.file = line.substr(0, t1);
        e.restPath = line.substr(t1 + 1, t2 - t1 - 1);
        const QString log = QString::fromStdString(line.substr(t2 + 1));
        // "all 19 logs in DIR/ (application listing)", "A, B" (several attempts) or one log.
        e.listing = log.startsWith(QLatin1String("all "));
        if (e.listing) {
            const qsizetype from = log.indexOf(QLatin1String(" in ")) + 4;
            e.listingDir = log.mid(from, log.indexOf(QLatin1String(" ("), from) - from).toStdString();
        } else {
            for (const QString& one : log.split(QLatin1Char(',')))
                e.logs.push_back(one.trimmed().toStdString());
        }
        out.push_back(std::move(e));
    }
    return out;
}

QJsonValue parseJson(const std::string& text) {
    const QJsonDocument d = QJsonDocument::fromJson(QByteArray::fromStdString(text));
    return d.isArray() ? QJsonValue(d.array()) : QJsonValue(d.object());
}

QString jsonDifference(const QJsonValue& a, const QJsonValue& b, const QString& path) {
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
                jsonDifference(it.value(), y.value(it.key()), path + QLatin1Char('.') + it.key());
            if (!d.isEmpty()) return d;
        }
        return {};
    }
    if (a.isArray()) {
        const QJsonArray x = a.toArray(), y = b.toArray();
        if (x.size() != y.size())
            return path + QStringLiteral(": %1 elements, expected %2").arg(x.size()).arg(y.size());
        for (qsizetype i = 0; i < x.size(); ++i) {
            const QString d = jsonDifference(x[i], y[i], path + QStringLiteral("[%1]").arg(i));
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

QString compareWithExpectation(const RestExpectation& e, const std::string& answer,
                               const std::function<std::string(const std::string&)>& answerFor,
                               const QSet<QString>& present) {
    const QJsonValue expected =
        parseJson(readFile(sharedDir() / "expectations" / e.file));
    if (!e.listing) return jsonDifference(parseJson(answer), expected, QStringLiteral("$"));
    // The corpus holds only some of the History Server's logs: compare the applications both
    // have (same values, same order), and check nothing is listed that the server filtered out.
    QString unlimitedPath = QString::fromStdString(e.restPath);
    unlimitedPath.remove(QRegularExpression(QStringLiteral("[?&]limit=\\d+")));
    const QJsonArray all = parseJson(answerFor(unlimitedPath.toStdString())).toArray();
    const QJsonArray ours = parseJson(answer).toArray();
    QSet<QString> listedByServer;
    for (const QJsonValue& app : expected.toArray())
        listedByServer.insert(app[QLatin1String("id")].toString());
    QJsonArray expectedShared, oursShared;
    for (const QJsonValue& app : expected.toArray())
        if (present.contains(app[QLatin1String("id")].toString())) expectedShared.append(app);
    for (const QJsonValue& app : all) {
        const QString id = app[QLatin1String("id")].toString();
        if (listedByServer.contains(id))
            oursShared.append(app);
        else if (e.restPath.find("limit=") == std::string::npos)
            return id + QStringLiteral(" is listed but the History Server filtered it");
    }
    if (QString diff = jsonDifference(oursShared, expectedShared, QStringLiteral("$"));
        !diff.isEmpty())
        return diff;
    if (ours.size() > expected.toArray().size()) return QStringLiteral("more listed than expected");
    for (qsizetype i = 0; i < ours.size(); ++i)  // limit: a prefix of the whole listing
        if (ours[i] != all[i]) return QStringLiteral("limited listing is not a prefix at %1").arg(i);
    return {};
}

}  // namespace stagelight::test
