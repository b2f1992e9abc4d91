// The layer rules of design.md, enforced: model/core includes no Qt header; model/qt no QtGui or
// QtWidgets header (nor QCustomPlot); views/ never reach into app/.
#include <QtTest>

#include <fstream>
#include <regex>

#include "TestSupport.h"

namespace fs = std::filesystem;

namespace {
std::vector<std::string> offendingIncludes(const fs::path& dir, const std::regex& forbidden) {
    std::vector<std::string> bad;
    if (!fs::exists(dir)) return bad;
    const std::regex include("^\\s*#\\s*include\\s*[<\"]([^>\"]+)[>\"]");
    for (const auto& e : fs::recursive_directory_iterator(dir)) {
        const auto ext = e.path().extension();
        if (ext != ".h" && ext != ".cpp" && ext != ".hpp") continue;
        std::ifstream in(e.path());
        std::string line;
        int n = 0;
        while (std::getline(in, line)) {
            ++n;
            std::smatch m;
            if (std::regex_search(line, m, include) && std::regex_search(m[1].str(), forbidden))
                bad.push_back(e.path().string() + ":" + std::to_string(n) + ": " + m[1].str());
        }
    }
    return bad;
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
        const auto bad = offendingIncludes(stagelight::test::sourceDir() / "model/core",
                                           std::regex("^Q|^qt|^Qt"));
        QVERIFY2(bad.empty(), join(bad).c_str());
    }
    void modelQtIncludesNoGuiOrWidgets() {
        const auto bad =
            offendingIncludes(stagelight::test::sourceDir() / "model/qt",
                              std::regex("^QtGui|^QtWidgets|^QWidget|^QPainter|^QColor|^QPixmap|^"
                                         "QImage|^QAction|^QFont|qcustomplot"));
        QVERIFY2(bad.empty(), join(bad).c_str());
    }
    void viewsDoNotReachIntoApp() {
        const auto bad = offendingIncludes(stagelight::test::sourceDir() / "views",
                                           std::regex("^app/|MainWindow\\.h|cli/"));
        QVERIFY2(bad.empty(), join(bad).c_str());
    }
    void theRuleCatchesAnOffender() {
        // Guard against a rule that can never fire: a Qt include in a scratch tree is found.
        QTemporaryDir dir;
        stagelight::test::writeFile(fs::path(dir.path().toStdString()) / "x.h",
                                    "#include <QString>\n");
        QCOMPARE(offendingIncludes(dir.path().toStdString(), std::regex("^Q")).size(), size_t(1));
    }
};

QTEST_GUILESS_MAIN(Layering)
#include "tst_layering.moc"
