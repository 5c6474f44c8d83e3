//===- LayoutCost.h - RFC 8 layout-transform figures ------------*- C++ -*-===//
//
// What the layout transforms of a program cost (RFC section 8): for each
// systile.pack, the padded storage bytes of its result; for each
// systile.unpack, the logical bytes of its result; for each relayout op
// that copies, the padded storage bytes of its result (a free relayout,
// whose storage is its input's, counts nothing). One place for the
// figures and their machine-parsable line, so systile-report-layout (static,
// ops in the IR) and systile-run --stats (dynamic, ops executed) print the
// same form.
//
//===----------------------------------------------------------------------===//

#ifndef SYSTILE_RUNTIME_LAYOUTCOST_H
#define SYSTILE_RUNTIME_LAYOUTCOST_H

#include "systile/Runtime/Layout.h"

#include <cstdint>
#include <string>

namespace systile::rt {

/// The one running sum of the layout figures. Like UtilizationTotals, a sum
/// that would not fit (2^63-1 ops, 2^64-1 bytes) is never wrapped: the
/// figures stop at the last exact sums and overflowed() stays true.
struct LayoutCost {
  int64_t packs = 0, unpacks = 0, relayouts = 0;
  uint64_t packedBytes = 0, unpackedBytes = 0, relayoutBytes = 0;

  /// Counts one pack whose result is `matrices` matrices (a batch) of
  /// `layout` with `elementBytes`-byte elements (all padded storage is
  /// written).
  void addPack(const Layout &layout, uint64_t elementBytes,
               int64_t matrices = 1);
  /// Counts one unpack of `matrices` matrices of `layout` (logical
  /// elements only).
  void addUnpack(const Layout &layout, uint64_t elementBytes,
                 int64_t matrices = 1);

  /// Counts one relayout op whose result is `matrices` matrices of
  /// `layout` (all padded storage is written), unless it `isFree` (the
  /// result's storage is the input's: nothing moves, nothing counts).
  void addRelayout(const Layout &layout, uint64_t elementBytes,
                   int64_t matrices, bool isFree);

  /// Adds every figure of `other` (e.g. one function's cost to a module's
  /// total); returns false, changing nothing and setting overflowed(), when
  /// a sum would not fit or `other` overflowed.
  bool merge(const LayoutCost &other);

  bool overflowed() const { return overflowed_; }

  /// "layout: packs=3 unpacks=1 packed_bytes=4194304 unpacked_bytes=2560
  /// relayouts=1 relayout_bytes=4096"
  std::string format() const;

private:
  /// `count += 1` and `bytes += matrices * elements * elementBytes`, or
  /// neither.
  void add(int64_t &count, uint64_t &bytes, int64_t elements,
           int64_t matrices, uint64_t elementBytes);

  bool overflowed_ = false;
};

} // namespace systile::rt

#endif // SYSTILE_RUNTIME_LAYOUTCOST_H
