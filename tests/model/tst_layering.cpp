// The layer rules of design.md, enforced: model/core includes no Qt header; model/qt no QtGui or
// QtWidgets header (nor QCustomPlot); views/ never reach into app/; inside model/core each folder
// includes only the folders below it (README "Architecture"); and no code outside the rules
// compares a finding's rule name (the rules say what to show: Finding::focusMetric).
#include <QtTest>

#include <fstream>
#include <map>
#include <set>

#include "TestSupport.h"

namespace fs = std::filesystem;

namespace {
// The header named by an #include line, or "" for any other line.
std::string includedHeader(const std::string& line) {
    size_t p = line.find_first_not_of(" \t");
    if (p == std::string::npos || line[p] != '#') return {};
    p = line.find_first_not_of(" \t", p + 1);
    if (p == std::string::npos || line.compare(p, 7, "include") != 0) return {};
    const size_t open = line.find_first_of("<\"", p + 7);
    if (open == std::string::npos) return {};
    const size_t close = line.find_first_of(">\"", open + 1);
    return close == std::string::npos ? std::string() : line.substr(open + 1, close - open - 1);
}

// Headers matching `forbidden`: each alternative is a prefix, or anywhere when it starts with '*'.
bool matches(const std::string& header, const std::vector<std::string>& forbidden) {
    for (const std::string& f : forbidden) {
        if (f[0] == '*' ? header.find(f.substr(1)) != std::string::npos : header.rfind(f, 0) == 0)
            return true;
    }
    return false;
}

std::vector<std::string> offendingIncludes(const fs::path& dir,
                                           const std::vector<std::string>& forbidden) {
    std::vector<std::string> bad;
    if (!fs::exists(dir)) return bad;
    for (const auto& e : fs::recursive_directory_iterator(dir)) {
        const auto ext = e.path().extension();
        if (ext != ".h" && ext != ".cpp" && ext != ".hpp") continue;
        std::ifstream in(e.path());
        std::string line;
        int n = 0;
        while (std::getline(in, line)) {
            ++n;
            const std::string header = includedHeader(line);
            if (!header.empty() && matches(header, forbidden))
                bad.push_back(e.path().string() + ":" + std::to_string(n) + ": " + header);
        }
    }
    return bad;
}
// Inside model/core: the folders each folder may include (besides itself). The order, bottom up:
// text, io < model < events < status < parse, derive < load; figures < diagnosis < compare <
// report; rest; history above them all.
const std::map<std::string, std::set<std::string>>& coreOrder() {
    static const std::map<std::string, std::set<std::string>> allowed = {
        {"text", {}},
        {"io", {"text"}},
        {"model", {"io", "text"}},
        {"events", {"model", "io", "text"}},
        {"status", {"events", "model", "io", "text"}},
        {"parse", {"events", "status", "model", "io", "text"}},
        {"derive", {"model", "io", "text"}},
        {"load", {"parse", "derive", "events", "status", "model", "io", "text"}},
        {"figures", {"model", "io", "text"}},
        {"diagnosis", {"figures", "model", "io", "text"}},
        {"compare", {"diagnosis", "figures", "model", "io", "text"}},
        {"report", {"compare", "diagnosis", "figures", "model", "io", "text"}},
        {"rest", {"figures", "model", "io", "text"}},
        // A History Server's directory: reading logs, answering for them, scanning them.
        {"history",
         {"rest", "report", "compare", "diagnosis", "figures", "load", "parse", "derive", "events",
          "status", "model", "io", "text"}},
    };
    return allowed;
}

// Includes of "folder/..." in `core` that break coreOrder(); a folder missing from the table is
// itself an offence (a new folder must take its place in the order).
std::vector<std::string> innerOrderOffences(const fs::path& core) {
    std::vector<std::string> bad;
    if (!fs::exists(core)) return bad;
    const auto& allowed = coreOrder();
    for (const auto& e : fs::recursive_directory_iterator(core)) {
        const auto ext = e.path().extension();
        if (ext != ".h" && ext != ".cpp") continue;
        const std::string folder = fs::relative(e.path(), core).begin()->string();
        if (folder == e.path().filename().string()) continue;  // a file at the top of model/core
        const auto rule = allowed.find(folder);
        if (rule == allowed.end()) {
            bad.push_back(e.path().string() + ": folder '" + folder + "' has no place in the order");
            continue;
        }
        std::ifstream in(e.path());
        std::string line;
        int n = 0;
        while (std::getline(in, line)) {
            ++n;
            const std::string header = includedHeader(line);
            const size_t slash = header.find('/');
            if (header.empty() || slash == std::string::npos) continue;
            const std::string target = header.substr(0, slash);
            if (target == folder || !allowed.count(target)) continue;  // same folder, or external
            if (!rule->second.count(target))
                bad.push_back(e.path().string() + ":" + std::to_string(n) + ": " + folder +
                              " includes " + header);
        }
    }
    return bad;
}

// Lines of source files under `dir` containing `text`.
std::vector<std::string> linesContaining(const fs::path& dir, const std::string& text) {
    std::vector<std::string> found;
    for (const auto& e : fs::recursive_directory_iterator(dir)) {
        if (e.path().extension() != ".h" && e.path().extension() != ".cpp") continue;
        std::ifstream in(e.path());
        std::string line;
        for (int n = 1; std::getline(in, line); ++n)
            if (line.find(text) != std::string::npos)
                found.push_back(e.path().string() + ":" + std::to_string(n) + ": " + line);
    }
    return found;
}
std::string join(const std::vector<std::string>& v) {
    std::string s;
    for (const auto& x : v) s += x + "\n";
    return s;
}
}  // namespace

class Layering : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void coreIncludesNoQt() {
        const auto bad =
            offendingIncludes(stagelight::test::sourceDir() / "model/core", {"Q", "qt", "Qt"});
        QVERIFY2(bad.empty(), join(bad).c_str());
    }
    void modelQtIncludesNoGuiOrWidgets() {
        const auto bad =
            offendingIncludes(stagelight::test::sourceDir() / "model/qt",
                              {"QtGui", "QtWidgets", "QWidget", "QPainter", "QColor", "QPixmap",
                               "QImage", "QAction", "QFont", "*qcustomplot"});
        QVERIFY2(bad.empty(), join(bad).c_str());
    }
    void viewsDoNotReachIntoApp() {
        const auto bad = offendingIncludes(stagelight::test::sourceDir() / "views",
                                           {"app/", "*MainWindow.h", "cli/"});
        QVERIFY2(bad.empty(), join(bad).c_str());
    }
    void coreFoldersKeepTheirOrder() {
        const auto bad = innerOrderOffences(stagelight::test::sourceDir() / "model/core");
        QVERIFY2(bad.empty(), join(bad).c_str());
    }
    void theOrderRuleCatchesAnOffender() {
        // A figure that reaches up into the report, and an unknown folder, are both found.
        QTemporaryDir dir;
        const fs::path root(dir.path().toStdString());
        fs::create_directories(root / "figures");
        fs::create_directories(root / "gadgets");
        stagelight::test::writeFile(root / "figures" / "x.h",
                                    "#include \"text/Format.h\"\n#include \"report/Summary.h\"\n");
        stagelight::test::writeFile(root / "gadgets" / "y.h", "\n");
        const auto bad = innerOrderOffences(root);
        QCOMPARE(bad.size(), size_t(2));
    }
    void ruleNamesStayInTheRules() {
        const fs::path src = stagelight::test::sourceDir();
        std::vector<std::string> bad;
        for (const char* dir : {"app", "views", "model/qt", "model/core/report", "model/core/compare"})
            for (const char* compare : {"rule == \"", "rule != \""})
                for (auto& hit : linesContaining(src / dir, compare)) bad.push_back(hit);
        QVERIFY2(bad.empty(), join(bad).c_str());
    }
    void theRuleCatchesAnOffender() {
        // Guard against a rule that can never fire: a Qt include in a scratch tree is found.
        QTemporaryDir dir;
        stagelight::test::writeFile(fs::path(dir.path().toStdString()) / "x.h",
                                    "#include <QString>\n");
        QCOMPARE(offendingIncludes(dir.path().toStdString(), {"Q"}).size(), size_t(1));
    }
};

QTEST_GUILESS_MAIN(Layering)
#include "tst_layering.moc"
