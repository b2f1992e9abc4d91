// The History Server's own answers (../shared/expectations/INDEX.tsv) and how an answer of
// Stagelight's is compared with one: same keys, same values; for a listing, the applications
// both have, in the same order, and none the server filtered out.
#pragma once

#include <QJsonValue>
#include <QSet>
#include <QString>

#include <functional>
#include <string>
#include <vector>

namespace stagelight::test {

struct RestExpectation {
    std::string file, restPath;  // the expectation's file, the path after /api/v1/ with query
    bool listing = false;        // the application listing over every log of `listingDir`
    std::string listingDir;      // relative to ../shared/eventlogs
    std::vector<std::string> logs;  // otherwise: the log, or its attempts' logs
};

std::vector<RestExpectation> restExpectations();

QJsonValue parseJson(const std::string& text);
// "" when equal, else the path of the first difference.
QString jsonDifference(const QJsonValue& a, const QJsonValue& b, const QString& path);

// Compares Stagelight's answer with the expectation: "" when they agree. For a listing,
// `answerFor` gives the answer to another path (the same listing without its limit) and
// `present` holds the ids of the applications Stagelight has.
QString compareWithExpectation(const RestExpectation& e, const std::string& answer,
                               const std::function<std::string(const std::string&)>& answerFor,
                               const QSet<QString>& present);

}  // namespace stagelight::test
