// Every fuzz target over its seeds, deterministic mutations of them (truncations, flipped and
// inserted bytes) and every input a fuzzer ever crashed on (tests/fuzz/regressions/<target>/):
// none may crash, hang or trip a sanitizer. Runs in every build, so a fixed crash stays fixed.
#include <QtTest>

#include <filesystem>
#include <fstream>
#include <random>

#include "FuzzSeeds.h"
#include "FuzzTargets.h"

using namespace stagelight;
namespace fs = std::filesystem;

class FuzzRegressions : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void targets_data();
    void targets();
};

namespace {

std::string readAll(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), {}};
}

void run(const fuzz::Target& t, const std::string& bytes) {
    t.run(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size());
}

}  // namespace

void FuzzRegressions::targets_data() {
    QTest::addColumn<int>("index");
    for (size_t i = 0; i < fuzz::targets().size(); ++i)
        QTest::newRow(fuzz::targets()[i].name) << int(i);
}

void FuzzRegressions::targets() {
    QFETCH(int, index);
    const fuzz::Target& target = fuzz::targets()[size_t(index)];
    // Inputs the fuzzers found (kept by tests/fuzz/run.sh when one crashed), replayed first.
    int kept = 0;
    const fs::path regressions = fs::path(STAGELIGHT_FUZZ_DIR) / "regressions" / target.name;
    if (fs::is_directory(regressions))
        for (const auto& entry : fs::directory_iterator(regressions)) {
            run(target, readAll(entry.path()));
            ++kept;
        }
    const auto seeds = fuzz::seedsFor(target);
    QVERIFY(seeds.size() >= 5);
    std::mt19937 rng(20261130);
    int runs = 0;
    for (const auto& seed : seeds) {
        QVERIFY(!seed.bytes.empty());
        run(target, seed.bytes);
        run(target, {});
        // Cut anywhere: inside a frame header, a block, a line.
        for (size_t cut = 1; cut < seed.bytes.size(); cut += 1 + seed.bytes.size() / 40)
            run(target, seed.bytes.substr(0, cut));
        // Flipped bits, bytes set to edge values, bytes inserted and removed.
        for (int m = 0; m < 60; ++m) {
            std::string bytes = seed.bytes;
            const size_t at = std::uniform_int_distribution<size_t>(0, bytes.size() - 1)(rng);
            switch (m % 4) {
                case 0:
                    bytes[at] = char(bytes[at] ^ (1 << (m % 8)));
                    break;
                case 1:
                    bytes[at] = char(m % 8 < 4 ? 0xff : 0x00);
                    break;
                case 2:
                    bytes.insert(at, std::string(size_t(1 + m % 5), char(0x80 + m)));
                    break;
                default:
                    bytes.erase(at, size_t(1 + m % 3));
                    break;
            }
            run(target, bytes);
            ++runs;
        }
    }
    qInfo("%s: %d regression inputs, %zu seeds, %d mutations", target.name, kept, seeds.size(),
          runs);
}

QTEST_GUILESS_MAIN(FuzzRegressions)
#include "tst_fuzz_regressions.moc"
