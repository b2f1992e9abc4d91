#include <QtTest>

#include <limits>
#include <memory>
#include <random>

#include "model/PackedColumn.h"

using stagelight::PackedColumn;

class PackedColumnTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void roundTripsEveryWidth() {
        std::mt19937_64 rng(7);
        for (int bits : {0, 1, 7, 13, 31, 32, 33, 47, 63, 64}) {
            PackedColumn col;
            std::vector<int64_t> values;
            const int64_t base = int64_t(rng());
            for (int i = 0; i < 5000; ++i) {
                uint64_t r =
                    bits == 64 ? rng() : (bits == 0 ? 0 : rng() & ((uint64_t{1} << bits) - 1));
                const int64_t v = int64_t(uint64_t(base) + r);
                values.push_back(v);
                col.append(v);
            }
            QCOMPARE(col.size(), values.size());
            for (size_t i = 0; i < values.size(); ++i)
                QVERIFY2(col[i] == values[i],
                         qPrintable(QStringLiteral("bits %1 row %2").arg(bits).arg(i)));
        }
    }
    void extremesAndNegatives() {
        PackedColumn col;
        const int64_t vals[] = {std::numeric_limits<int64_t>::min(), -1, 0, 1,
                                std::numeric_limits<int64_t>::max()};
        for (int i = 0; i < 3000; ++i) col.append(vals[i % 5]);
        for (int i = 0; i < 3000; ++i) QCOMPARE(col[size_t(i)], vals[i % 5]);
    }
    // Enough blocks of every width to fill several segments; copies (a loading model's
    // snapshot) must read the same values after the original is gone or keeps growing.
    void copiesOutliveTheOriginal() {
        std::mt19937_64 rng(11);
        std::vector<int64_t> values;
        auto original = std::make_unique<PackedColumn>();
        for (int i = 0; i < 700 * 1024 + 17; ++i) {
            const unsigned bits = unsigned(i / 1024) % 65;
            const int64_t v = bits == 0 ? 42 : int64_t(rng() >> (64 - bits));
            values.push_back(v);
            original->append(v);
        }
        PackedColumn copy(*original);
        PackedColumn assigned;
        assigned.append(5);
        assigned = *original;
        for (int i = 0; i < 5000; ++i) original->append(-1);
        QCOMPARE((*original)[values.size() - 1], values.back());
        original.reset();
        QCOMPARE(copy.size(), values.size());
        QCOMPARE(assigned.size(), values.size());
        for (size_t i = 0; i < values.size(); ++i) {
            QVERIFY2(copy[i] == values[i], qPrintable(QStringLiteral("copy row %1").arg(i)));
            QVERIFY2(assigned[i] == values[i], qPrintable(QStringLiteral("assigned row %1").arg(i)));
        }
        PackedColumn moved(std::move(copy));
        QCOMPARE(moved[values.size() / 2], values[values.size() / 2]);
    }
    void zerosCostNothing() {
        PackedColumn col;
        for (int i = 0; i < 100 * 1024; ++i) col.append(0);
        QVERIFY(col.memoryBytes() < 20 * 1024);
    }
};

QTEST_GUILESS_MAIN(PackedColumnTest)
#include "tst_packed_column.moc"
