//===- Utilization.cpp - RFC 8 utilisation accounting ---------------------===//
//
// The per-load formula, the checked sums and the one output format of RFC
// section 8's figures. Standard library only (see Utilization.h).
//
//===----------------------------------------------------------------------===//

#include "systile/Runtime/Utilization.h"

#include "systile/Runtime/LayoutCost.h"

#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <utility>

namespace systile::rt {

const char *const kStatsOverflow =
    "the utilisation figures of this matmul exceed 2^63-1";

double MatmulStats::utilization() const {
  return issuedMacs > 0 ? static_cast<double>(logicalMacs) /
                              static_cast<double>(issuedMacs)
                        : 0.0;
}

std::string MatmulStats::format(std::string_view prefix) const {
  char buf[320];
  std::snprintf(buf, sizeof(buf),
                ": logical_macs=%" PRId64 " issued_macs=%" PRId64
                " padding_macs=%" PRId64 " weight_loads=%" PRId64
                " skipped_loads=%" PRId64 " utilization=%.4f%%",
                logicalMacs, issuedMacs, paddingMacs, weightLoads, skippedLoads,
                100.0 * utilization());
  std::string line = std::string(prefix) + buf;
  if (hasHalo)
    line += " halo_macs=" + std::to_string(haloMacs);
  return line;
}

MatmulStats &MatmulStats::operator+=(const MatmulStats &other) {
  logicalMacs += other.logicalMacs;
  issuedMacs += other.issuedMacs;
  paddingMacs += other.paddingMacs;
  weightLoads += other.weightLoads;
  skippedLoads += other.skippedLoads;
  haloMacs += other.haloMacs;
  hasHalo = hasHalo || other.hasHalo;
  return *this;
}

/// `total += part`, field by field; false (and `total` unchanged) when a
/// sum would exceed 2^63-1.
static bool addTo(MatmulStats &total, const MatmulStats &part) {
  MatmulStats sum;
  if (__builtin_add_overflow(total.logicalMacs, part.logicalMacs,
                             &sum.logicalMacs) ||
      __builtin_add_overflow(total.issuedMacs, part.issuedMacs,
                             &sum.issuedMacs) ||
      __builtin_add_overflow(total.paddingMacs, part.paddingMacs,
                             &sum.paddingMacs) ||
      __builtin_add_overflow(total.weightLoads, part.weightLoads,
                             &sum.weightLoads) ||
      __builtin_add_overflow(total.skippedLoads, part.skippedLoads,
                             &sum.skippedLoads) ||
      __builtin_add_overflow(total.haloMacs, part.haloMacs, &sum.haloMacs))
    return false;
  sum.hasHalo = total.hasHalo || part.hasHalo;
  total = sum;
  return true;
}

void UtilizationTotals::add(const MatmulStats &part) {
  if (!overflowed_ && !addTo(sum_, part))
    overflowed_ = true;
}

void UtilizationTotals::addSkippedLoads(int64_t count) {
  MatmulStats part;
  part.skippedLoads = count;
  add(part);
}

Expected<MatmulStats> UtilizationTotals::stats() const {
  if (overflowed_)
    return Error("the summed utilisation figures exceed 2^63-1");
  return sum_;
}

bool addIssuedLoad(MatmulStats &stats, const MatmulDims &dims, int64_t kb,
                   int64_t nb) {
  const int64_t m = dims.mxu;
  const int64_t kLen = std::min(m, dims.depth - kb * m);
  const int64_t nLen = std::min(m, dims.cols - nb * m);
  // kLen * nLen <= m * m, which a valid geometry keeps exact.
  MatmulStats load;
  load.weightLoads = 1;
  if (__builtin_mul_overflow(dims.paddedRows, m * m, &load.issuedMacs) ||
      __builtin_mul_overflow(dims.rows, kLen * nLen, &load.logicalMacs))
    return false;
  load.paddingMacs = load.issuedMacs - load.logicalMacs;
  return addTo(stats, load);
}

/// The layouts of lhs and rhs for the stats functions, or an error.
static Expected<std::pair<Layout, Layout>>
statsLayouts(const char *op, Shape lhs, Shape rhs, Geometry geometry) {
  Expected<Layout> la = Layout::get(lhs, geometry);
  if (!la)
    return Error(la.error());
  Expected<Layout> lb = Layout::get(rhs, geometry);
  if (!lb)
    return Error(lb.error());
  if (lhs.cols != rhs.rows)
    return Error(std::string(op) + ": lhs has " + std::to_string(lhs.cols) +
                 " columns but rhs has " + std::to_string(rhs.rows) + " rows");
  return std::make_pair(la.take(), lb.take());
}

static MatmulDims dimsOf(const Layout &lhs, const Layout &rhs) {
  return {lhs.logicalShape().rows, rhs.logicalShape().rows,
          rhs.logicalShape().cols, lhs.paddedShape().rows, lhs.geometry().mxu};
}

Expected<MatmulStats> weightLoadStats(Shape lhs, Shape rhs, Geometry geometry,
                                      int64_t kb, int64_t nb) {
  auto layouts = statsLayouts("weightLoadStats", lhs, rhs, geometry);
  if (!layouts)
    return Error(layouts.error());
  const Layout &la = layouts->first, &lb = layouts->second;
  if (kb < 0 || kb >= lb.mxuRowBlocks() || nb < 0 || nb >= lb.mxuColBlocks())
    return Error("weightLoadStats: block (" + std::to_string(kb) + ", " +
                 std::to_string(nb) + ") is outside the " +
                 std::to_string(lb.mxuRowBlocks()) + " x " +
                 std::to_string(lb.mxuColBlocks()) + " weight blocks");
  MatmulStats stats;
  if (!addIssuedLoad(stats, dimsOf(la, lb), kb, nb))
    return Error(std::string("weightLoadStats: ") + kStatsOverflow);
  return stats;
}

Expected<MatmulStats> matmulStats(Shape lhs, Shape rhs, Geometry geometry) {
  auto layouts = statsLayouts("matmulStats", lhs, rhs, geometry);
  if (!layouts)
    return Error(layouts.error());
  const Layout *la = &layouts->first, *lb = &layouts->second;
  // Closed form of RFC 8's sum over all (kb, nb): the k_len * n_len of the
  // blocks add up to K * N, so logical = M*K*N; each load issues Mpad*m*m.
  // (A loop over blocks would be unbounded for huge shapes.)
  MatmulStats stats;
  const int64_t m = geometry.mxu;
  int64_t kn, perLoad;
  if (__builtin_mul_overflow(lb->mxuRowBlocks(), lb->mxuColBlocks(),
                             &stats.weightLoads) ||
      __builtin_mul_overflow(lhs.cols, rhs.cols, &kn) ||
      __builtin_mul_overflow(lhs.rows, kn, &stats.logicalMacs) ||
      __builtin_mul_overflow(la->paddedShape().rows, m * m, &perLoad) ||
      __builtin_mul_overflow(perLoad, stats.weightLoads, &stats.issuedMacs))
    return Error(std::string("matmulStats: ") + kStatsOverflow);
  stats.paddingMacs = stats.issuedMacs - stats.logicalMacs;
  return stats;
}

Expected<MatmulStats> batchStats(const MatmulStats &perMatrix,
                                 int64_t matrices, bool sharedWeights) {
  if (matrices < 1)
    return Error("batchStats: a batch has at least one matrix, got " +
                 std::to_string(matrices));
  const int64_t loadFactor = sharedWeights ? 1 : matrices;
  MatmulStats stats;
  if (__builtin_mul_overflow(perMatrix.logicalMacs, matrices,
                             &stats.logicalMacs) ||
      __builtin_mul_overflow(perMatrix.issuedMacs, matrices,
                             &stats.issuedMacs) ||
      __builtin_mul_overflow(perMatrix.weightLoads, loadFactor,
                             &stats.weightLoads) ||
      __builtin_mul_overflow(perMatrix.skippedLoads, loadFactor,
                             &stats.skippedLoads) ||
      __builtin_mul_overflow(perMatrix.haloMacs, matrices, &stats.haloMacs))
    return Error(std::string("batchStats: ") + kStatsOverflow);
  stats.hasHalo = perMatrix.hasHalo;
  stats.paddingMacs = stats.issuedMacs - stats.logicalMacs;
  return stats;
}

Expected<MatmulStats> multiPassStats(const MatmulStats &onePass,
                                     int64_t passes) {
  if (passes < 1)
    return Error("multiPassStats: a matmul makes at least one pass, got " +
                 std::to_string(passes));
  MatmulStats stats;
  stats.logicalMacs = onePass.logicalMacs;
  stats.haloMacs = onePass.haloMacs; // logical: counted once
  stats.hasHalo = onePass.hasHalo;
  if (__builtin_mul_overflow(onePass.issuedMacs, passes, &stats.issuedMacs) ||
      __builtin_mul_overflow(onePass.weightLoads, passes, &stats.weightLoads) ||
      __builtin_mul_overflow(onePass.skippedLoads, passes, &stats.skippedLoads))
    return Error(std::string("multiPassStats: ") + kStatsOverflow);
  stats.paddingMacs = stats.issuedMacs - stats.logicalMacs;
  return stats;
}

} // namespace systile::rt

void systile::rt::LayoutCost::add(int64_t &count, uint64_t &bytes,
                                  int64_t elements, int64_t matrices,
                                  uint64_t elementBytes) {
  int64_t newCount;
  uint64_t product, newBytes;
  if (overflowed_ || matrices < 0 ||
      __builtin_add_overflow(count, 1, &newCount) ||
      __builtin_mul_overflow(static_cast<uint64_t>(elements),
                             static_cast<uint64_t>(matrices), &product) ||
      __builtin_mul_overflow(product, elementBytes, &product) ||
      __builtin_add_overflow(bytes, product, &newBytes)) {
    overflowed_ = true;
    return;
  }
  count = newCount;
  bytes = newBytes;
}

bool systile::rt::LayoutCost::merge(const LayoutCost &other) {
  LayoutCost sum;
  if (overflowed_ || other.overflowed_ ||
      __builtin_add_overflow(packs, other.packs, &sum.packs) ||
      __builtin_add_overflow(unpacks, other.unpacks, &sum.unpacks) ||
      __builtin_add_overflow(relayouts, other.relayouts, &sum.relayouts) ||
      __builtin_add_overflow(packedBytes, other.packedBytes,
                             &sum.packedBytes) ||
      __builtin_add_overflow(unpackedBytes, other.unpackedBytes,
                             &sum.unpackedBytes) ||
      __builtin_add_overflow(relayoutBytes, other.relayoutBytes,
                             &sum.relayoutBytes)) {
    overflowed_ = true;
    return false;
  }
  *this = sum;
  return true;
}

void systile::rt::LayoutCost::addPack(const Layout &layout,
                                      uint64_t elementBytes, int64_t matrices) {
  add(packs, packedBytes, layout.numElements(), matrices, elementBytes);
}

void systile::rt::LayoutCost::addUnpack(const Layout &layout,
                                        uint64_t elementBytes,
                                        int64_t matrices) {
  add(unpacks, unpackedBytes, layout.numLogicalElements(), matrices,
      elementBytes);
}

void systile::rt::LayoutCost::addRelayout(const Layout &layout,
                                          uint64_t elementBytes,
                                          int64_t matrices, bool isFree) {
  if (!isFree)
    add(relayouts, relayoutBytes, layout.numElements(), matrices,
        elementBytes);
}

std::string systile::rt::LayoutCost::format() const {
  return "layout: packs=" + std::to_string(packs) +
         " unpacks=" + std::to_string(unpacks) +
         " packed_bytes=" + std::to_string(packedBytes) +
         " unpacked_bytes=" + std::to_string(unpackedBytes) +
         " relayouts=" + std::to_string(relayouts) +
         " relayout_bytes=" + std::to_string(relayoutBytes);
}
