// The text utilities every view, finding and report writes with.
#include <QtTest>

#include "text/Format.h"
#include "text/NaturalOrder.h"

using namespace stagelight;

class TextFormat : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void namesInNaturalOrder() {
        const std::vector<std::string> sorted = {"",   "1",  "01", "2",  "9",   "10", "19",
                                                 "20", "a",  "a2", "a10", "a10b", "b", "driver"};
        for (size_t i = 0; i < sorted.size(); ++i)
            for (size_t j = 0; j < sorted.size(); ++j)
                QVERIFY2(naturalLess(sorted[i], sorted[j]) == (i < j),
                         (sorted[i] + " vs " + sorted[j]).c_str());
    }
    void bytes();
    void durations();
    void offsets();
    void oneLineText();
    void utcTimes();
    void counts();
};

void TextFormat::bytes() {
    QCOMPARE(formatBytes(0), std::string("0 B"));
    QCOMPARE(formatBytes(512), std::string("512 B"));
    QCOMPARE(formatBytes(1023), std::string("1023 B"));
    QCOMPARE(formatBytes(1024), std::string("1.0 KiB"));
    QCOMPARE(formatBytes(int64_t(1023.97 * 1024)), std::string("1.0 MiB"));  // never "1024.0 KiB"
    QCOMPARE(formatBytes(int64_t(3) << 30), std::string("3.0 GiB"));
}

void TextFormat::durations() {
    QCOMPARE(formatDuration(850), std::string("850 ms"));
    QCOMPARE(formatDuration(4200), std::string("4.2 s"));
    QCOMPARE(formatDuration(186'000), std::string("3.1 min"));
    QCOMPARE(formatDuration(4'320'000), std::string("1.2 h"));
}

void TextFormat::offsets() {
    QCOMPARE(formatOffset(0), std::string("+0 ms"));
    QCOMPARE(formatOffset(42'300), std::string("+42.3 s"));
    QCOMPARE(formatOffset(89'600), std::string("+1 min 29.6 s"));
    QCOMPARE(formatOffset(119'970), std::string("+2 min 0.0 s"));  // rounds into the minute
    QCOMPARE(formatOffset(7'512'400), std::string("+2 h 05 min 12 s"));
    QCOMPARE(formatOffset(-1500), std::string("-1.5 s"));
    // Two points a second apart in a long run read differently (not both "+5.7 min").
    QVERIFY(formatOffset(342'000) != formatOffset(343'000));
}

void TextFormat::oneLineText() {
    QCOMPARE(oneLine("try:\n  def f():\n    i = 1"), std::string("try: def f(): i = 1"));
    QCOMPARE(oneLine("  lead and trail \n"), std::string("lead and trail"));
    QCOMPARE(oneLine("abcdef", 3), std::string("abc…"));
    // Never cuts inside a UTF-8 sequence.
    QCOMPARE(oneLine("aé", 2), std::string("a…"));
}

void TextFormat::utcTimes() {
    QCOMPARE(formatUtc(1701371553913, "%Y-%m-%d %H:%M:%S"), std::string("2023-11-30 19:12:33"));
    QCOMPARE(formatUtc(0, "%Y-%m-%d"), std::string("1970-01-01"));
}

void TextFormat::counts() {
    QCOMPARE(countText(1, "task", "tasks"), std::string("1 task"));
    QCOMPARE(countText(0, "task", "tasks"), std::string("0 tasks"));
    // As the plan's SQL metrics print them, so a finding's count reads the same.
    QCOMPARE(formatCount(3014070), std::string("3,014,070"));
    QCOMPARE(formatCount(999), std::string("999"));
    QCOMPARE(formatCount(-1000), std::string("-1,000"));
    QCOMPARE(formatCount(INT64_MIN), std::string("-9,223,372,036,854,775,808"));
}

QTEST_GUILESS_MAIN(TextFormat)
#include "tst_text_format.moc"
