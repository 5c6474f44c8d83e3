//===- LayoutCost.h - RFC 8 layout-transform figures ------------*- C++ -*-===//
//
// What the layout transforms of a program cost (RFC section 8): for each
// systile.pack, the padded storage bytes of its result; for each
// systile.unpack, the logical bytes of its result. One place for the
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

struct LayoutCost {
  int64_t packs = 0, unpacks = 0;
  uint64_t packedBytes = 0, unpackedBytes = 0;

  /// Counts one pack whose result has `layout` and `elementBytes`-byte
  /// elements (all padded storage is written).
  void addPack(const Layout &layout, uint64_t elementBytes) {
    ++packs;
    packedBytes += static_cast<uint64_t>(layout.numElements()) * elementBytes;
  }
  /// Counts one unpack of a matrix with `layout` (logical elements only).
  void addUnpack(const Layout &layout, uint64_t elementBytes) {
    ++unpacks;
    unpackedBytes +=
        static_cast<uint64_t>(layout.numLogicalElements()) * elementBytes;
  }

  /// "layout: packs=3 unpacks=1 packed_bytes=4194304 unpacked_bytes=2560"
  std::string format() const;
};

} // namespace systile::rt

#endif // SYSTILE_RUNTIME_LAYOUTCOST_H
