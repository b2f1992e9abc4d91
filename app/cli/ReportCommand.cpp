#include "cli/ReportCommand.h"

#include <QApplication>

#include <stdlib.h>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <optional>
#include <string>

#include "cli/AnalyzeCommand.h"
#include "cli/SummaryCommand.h"
#include "export/ReportExport.h"
#include "load/Loader.h"

namespace stagelight::cli {
namespace {

// Without XDG_RUNTIME_DIR, Qt creates /tmp/runtime-USER and leaves it behind. The report gets a
// private one for its run instead (0700, as Qt requires), removed once Qt is gone.
class RuntimeDir {
public:
    RuntimeDir() {
        if (!qEnvironmentVariableIsEmpty("XDG_RUNTIME_DIR")) return;
        const QByteArray tmp =
            qEnvironmentVariableIsEmpty("TMPDIR") ? QByteArray("/tmp") : qgetenv("TMPDIR");
        std::string pattern = tmp.toStdString() + "/stagelight-runtime-XXXXXX";
        if (::mkdtemp(pattern.data())) {
            path_ = pattern;
            qputenv("XDG_RUNTIME_DIR", QByteArray::fromStdString(path_));
        }
    }
    ~RuntimeDir() {
        if (path_.empty()) return;
        std::error_code ec;
        std::filesystem::remove_all(path_, ec);
        qunsetenv("XDG_RUNTIME_DIR");
    }
    RuntimeDir(const RuntimeDir&) = delete;
    RuntimeDir& operator=(const RuntimeDir&) = delete;

private:
    std::string path_;
};

}  // namespace

int runReport(int argc, char** argv, std::span<const std::string_view> args) {
    std::optional<std::string> log, output, rulesFile, baseline;
    ReportFormat format = ReportFormat::Pdf;
    bool formatGiven = false, bad = false;
    QPageSize::PageSizeId page = QPageSize::A4;
    for (size_t i = 0; i < args.size() && !bad; ++i) {
        const std::string_view a = args[i];
        const bool hasValue = i + 1 < args.size();
        if ((a == "-o" || a == "--output") && hasValue) {
            output = std::string(args[++i]);
        } else if (a == "--format" && hasValue) {
            const std::string_view name = args[++i];
            bad = !reportFormatFromName(QString::fromUtf8(name.data(), qsizetype(name.size())),
                                        format);
            formatGiven = true;
        } else if (a == "--page" && hasValue) {
            const std::string_view p = args[++i];
            if (p == "a4")
                page = QPageSize::A4;
            else if (p == "letter")
                page = QPageSize::Letter;
            else
                bad = true;
        } else if (a == "--rules" && hasValue) {
            rulesFile = std::string(args[++i]);
        } else if (a == "--baseline" && hasValue) {
            baseline = std::string(args[++i]);
        } else if (!log && !a.starts_with("-")) {
            log = std::string(a);
        } else {
            bad = true;
        }
    }
    if (!log || bad) {
        std::fprintf(stderr,
                     "usage: stagelight report LOG [-o FILE] [--format pdf|md|json] "
                     "[--page a4|letter] [--rules FILE] [--baseline LOG]\n");
        return kUsage;
    }
    if (!formatGiven && output) reportFormatFromName(QString::fromStdString(*output), format);
    RuleConfig rules;
    if (rulesFile && !loadRulesFile(*rulesFile, rules)) return kUsage;
    const ModelPtr model = loadLogForCli(*log);
    if (!model) return kUnreadable;
    const Analysis analysis = analyze(*model, rules);
    std::optional<ReportBaseline> base;
    if (baseline) {
        ModelPtr baselineModel = loadLogForCli(*baseline);
        if (!baselineModel) return kUnreadable;
        base = ReportBaseline{
            std::move(baselineModel), std::filesystem::path(*baseline).filename().string(), {}};
        base->comparison =
            compareRuns(*base->model, analyze(*base->model, rules), *model, analysis);
    }
    const ReportBaseline* withBaseline = base ? &*base : nullptr;
    if (format != ReportFormat::Pdf && !output) {  // Markdown and JSON go to stdout by default
        const std::string text = reportText(model, analysis, format, withBaseline);
        std::fwrite(text.data(), 1, text.size(), stdout);  // Markdown escapes; JSON is JSON
        return kOk;
    }
    if (!output) output = std::filesystem::path(*log).filename().string() + "-report.pdf";
    // Headless: no display is needed to draw the charts.
    if (qEnvironmentVariableIsEmpty("DISPLAY") && qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY") &&
        qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    const RuntimeDir runtimeDir;  // outlives the application
    QApplication app(argc, argv);
    QString error;
    if (!writeReport(model, analysis, QString::fromStdString(*output), format, page, &error,
                     withBaseline)) {
        printError(error.toStdString());
        return kUnreadable;
    }
    printError("wrote " + *output);
    return kOk;
}

}  // namespace stagelight::cli
