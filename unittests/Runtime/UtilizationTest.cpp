//===- UtilizationTest.cpp - the checked RFC 8 accumulators ---------------===//
//
// UtilizationTotals and LayoutCost, the running sums every report of RFC 8's
// figures goes through, against sums worked out by hand, including the
// sums that would not fit: they must stop and say so, never wrap.
//
//===----------------------------------------------------------------------===//

#include "systile/Runtime/LayoutCost.h"
#include "systile/Runtime/Utilization.h"

#include "gtest/gtest.h"

#include <cstdint>
#include <limits>

using namespace systile::rt;

namespace {

constexpr int64_t kMax = std::numeric_limits<int64_t>::max();

MatmulStats stats(int64_t logical, int64_t issued, int64_t loads,
                  int64_t skipped) {
  MatmulStats s;
  s.logicalMacs = logical;
  s.issuedMacs = issued;
  s.paddingMacs = issued - logical;
  s.weightLoads = loads;
  s.skippedLoads = skipped;
  return s;
}

TEST(UtilizationTotals, EmptyIsZero) {
  UtilizationTotals totals;
  Expected<MatmulStats> sum = totals.stats();
  ASSERT_TRUE(sum.ok());
  EXPECT_EQ(*sum, MatmulStats());
  EXPECT_EQ(sum->format("total"),
            "total: logical_macs=0 issued_macs=0 padding_macs=0 "
            "weight_loads=0 skipped_loads=0 utilization=0.0000%");
}

TEST(UtilizationTotals, SumsFieldByField) {
  UtilizationTotals totals;
  totals.add(stats(90, 128, 2, 0));
  totals.add(stats(10, 64, 1, 3));
  totals.addSkippedLoads(2);
  Expected<MatmulStats> sum = totals.stats();
  ASSERT_TRUE(sum.ok());
  EXPECT_FALSE(totals.overflowed());
  // 90 + 10 = 100 logical of 128 + 64 = 192 issued: 52.0833%.
  EXPECT_EQ(*sum, stats(100, 192, 3, 5));
  EXPECT_EQ(sum->format("total"),
            "total: logical_macs=100 issued_macs=192 padding_macs=92 "
            "weight_loads=3 skipped_loads=5 utilization=52.0833%");
}

TEST(UtilizationTotals, ExactlyTheLargestFigureFits) {
  UtilizationTotals totals;
  totals.add(stats(kMax - 1, kMax - 1, 1, 0));
  totals.add(stats(1, 1, 0, 0));
  Expected<MatmulStats> sum = totals.stats();
  ASSERT_TRUE(sum.ok());
  EXPECT_EQ(sum->issuedMacs, kMax);
  EXPECT_EQ(sum->logicalMacs, kMax);
}

TEST(UtilizationTotals, OverflowIsAnErrorAndSticks) {
  UtilizationTotals totals;
  totals.add(stats(5, kMax, 1, 0));
  ASSERT_TRUE(totals.stats().ok());
  totals.add(stats(1, 1, 1, 0)); // issued: 2^63-1 + 1
  EXPECT_TRUE(totals.overflowed());
  Expected<MatmulStats> sum = totals.stats();
  ASSERT_FALSE(sum.ok());
  EXPECT_NE(sum.error().find("2^63-1"), std::string::npos) << sum.error();
  // Later figures that would fit do not clear it.
  totals.add(stats(0, 0, 0, 0));
  EXPECT_FALSE(totals.stats().ok());
}

TEST(UtilizationTotals, OverflowOfSkippedLoads) {
  UtilizationTotals totals;
  totals.addSkippedLoads(kMax);
  ASSERT_TRUE(totals.stats().ok());
  totals.addSkippedLoads(1);
  EXPECT_FALSE(totals.stats().ok());
}

TEST(LayoutCost, SumsByHand) {
  // 3x5 on 2x4 tiles pads to 4x8: a pack writes 32 slots, an unpack reads
  // 15.
  Layout layout = *Layout::get({3, 5}, {2, 4, 4});
  LayoutCost cost;
  cost.addPack(layout, 4);
  cost.addPack(layout, 2);
  cost.addUnpack(layout, 1);
  EXPECT_FALSE(cost.overflowed());
  EXPECT_EQ(cost.format(),
            "layout: packs=2 unpacks=1 packed_bytes=192 unpacked_bytes=15 "
            "relayouts=0 relayout_bytes=0");
}

TEST(LayoutCost, BatchCountsEveryMatrix) {
  // A batch of 2 x 3 matrices of 3x5 on 2x4 tiles: one pack writes
  // 6 * 32 slots of 4 bytes, one unpack reads 6 * 15 of 1 byte.
  Layout layout = *Layout::get({3, 5}, {2, 4, 4});
  LayoutCost cost;
  cost.addPack(layout, 4, 6);
  cost.addUnpack(layout, 1, 6);
  EXPECT_EQ(cost.format(),
            "layout: packs=1 unpacks=1 packed_bytes=768 unpacked_bytes=90 "
            "relayouts=0 relayout_bytes=0");
  // 32 slots x 2^59 matrices overflow the element count before the bytes.
  cost.addPack(layout, 1, int64_t(1) << 59);
  EXPECT_TRUE(cost.overflowed());
  EXPECT_EQ(cost.packs, 1);
}

TEST(LayoutCost, RelayoutsCountResultStorageUnlessFree) {
  // A copying relayout to 3 matrices of 3x5 on 2x4 tiles writes 3 * 32
  // slots of 4 bytes; a free one moves nothing.
  Layout layout = *Layout::get({3, 5}, {2, 4, 4});
  LayoutCost cost;
  cost.addRelayout(layout, 4, 3, /*isFree=*/false);
  cost.addRelayout(layout, 4, 3, /*isFree=*/true);
  EXPECT_EQ(cost.format(), "layout: packs=0 unpacks=0 packed_bytes=0 "
                           "unpacked_bytes=0 relayouts=1 relayout_bytes=384");
  cost.addRelayout(layout, 1, int64_t(1) << 59, false);
  EXPECT_TRUE(cost.overflowed());
  EXPECT_EQ(cost.relayouts, 1);
}

TEST(LayoutCost, MergeAddsEveryFigureOrNothing) {
  // Two functions' costs on 2x4 tiles (3x5 pads to 4x8, 32 slots): one
  // f32 pack (128 bytes) and one f32 unpack (60 bytes), then a copying
  // relayout of 2 matrices (2 * 32 * 4 = 256 bytes).
  Layout layout = *Layout::get({3, 5}, {2, 4, 4});
  LayoutCost first, second;
  first.addPack(layout, 4);
  first.addUnpack(layout, 4);
  second.addRelayout(layout, 4, 2, /*isFree=*/false);
  LayoutCost total;
  EXPECT_TRUE(total.merge(first));
  EXPECT_TRUE(total.merge(second));
  EXPECT_EQ(total.format(), "layout: packs=1 unpacks=1 packed_bytes=128 "
                            "unpacked_bytes=60 relayouts=1 relayout_bytes=256");
  // A sum that does not fit changes nothing and marks the total.
  LayoutCost huge;
  huge.packedBytes = UINT64_MAX - 100;
  EXPECT_FALSE(total.merge(huge));
  EXPECT_TRUE(total.overflowed());
  EXPECT_EQ(total.packedBytes, 128u);
  EXPECT_EQ(total.packs, 1);
}

TEST(BatchStats, ScalesMacsAndLoadsByHand) {
  // One matrix: 2 loads issued of 8 x 4 x 4 = 128 MACs, 105 logical, 1
  // skipped.
  MatmulStats one = stats(105, 256, 2, 1);
  // 6 matrices, one weight matrix each: every figure 6 times.
  EXPECT_EQ(*batchStats(one, 6, false), stats(630, 1536, 12, 6));
  // A shared weight: MACs 6 times, the loads once.
  EXPECT_EQ(*batchStats(one, 6, true), stats(630, 1536, 2, 1));
  EXPECT_FALSE(batchStats(one, 0, true).ok());
  EXPECT_FALSE(batchStats(stats(1, kMax / 2 + 1, 1, 0), 2, true).ok());
}

TEST(LayoutCost, OverflowStopsTheSums) {
  Layout layout = *Layout::get({3, 5}, {2, 4, 4});
  constexpr uint64_t kMaxBytes = std::numeric_limits<uint64_t>::max();
  LayoutCost cost;
  // 32 slots of 2^59 bytes: 2^64, one more than uint64 holds.
  cost.addPack(layout, uint64_t(1) << 59);
  EXPECT_TRUE(cost.overflowed());
  EXPECT_EQ(cost.packs, 0);
  EXPECT_EQ(cost.packedBytes, 0u);

  LayoutCost sum;
  // 15 slots: (2^64-1)/15 bytes each is exactly 2^64-1; one more byte
  // overflows the sum, not the product.
  sum.addUnpack(layout, kMaxBytes / 15);
  ASSERT_FALSE(sum.overflowed());
  EXPECT_EQ(sum.unpackedBytes, kMaxBytes);
  sum.addPack(layout, 1);
  EXPECT_FALSE(sum.overflowed());
  sum.addUnpack(*Layout::get({1, 1}, {2, 4, 4}), 1);
  EXPECT_TRUE(sum.overflowed());
  EXPECT_EQ(sum.unpacks, 1);
  EXPECT_EQ(sum.unpackedBytes, kMaxBytes);
}

} // namespace
