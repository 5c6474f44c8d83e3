//===- SystileRuntimeBridge.h - dialect enums as the runtime's --*- C++ -*-===//
//
// The one mapping from the dialect's ODS enums (precision, pad kind, reduce
// kind) to the std-only runtime's enums of the same meaning. The runtime
// cannot see the dialect, so the mapping lives on this side of the seam;
// the type's own runtime view (geometryOf, shapeOf, layoutOf) is in
// SystileTypes.h.
//
//===----------------------------------------------------------------------===//

#ifndef SYSTILE_DIALECT_SYSTILE_IR_SYSTILERUNTIMEBRIDGE_H
#define SYSTILE_DIALECT_SYSTILE_IR_SYSTILERUNTIMEBRIDGE_H

#include "systile/Dialect/Systile/IR/SystileAttrs.h"
#include "systile/Runtime/Matmul.h"
#include "systile/Runtime/Reduce.h"
#include "systile/Runtime/TiledMatrix.h"

namespace systile {

// Each switch names every case, so a case added to one enum and not mapped
// is a -Wswitch warning here rather than a silent default.

inline rt::Precision toRuntime(Precision precision) {
  switch (precision) {
  case Precision::F32:
    return rt::Precision::F32;
  case Precision::BF16:
    return rt::Precision::BF16;
  case Precision::BF16_3X:
    return rt::Precision::BF16_3X;
  case Precision::BF16_6X:
    return rt::Precision::BF16_6X;
  }
  return rt::Precision::F32;
}

/// The passes a matmul of `precision` makes through the array (RFC 8).
inline int64_t passCount(Precision precision) {
  return rt::passCount(toRuntime(precision));
}

inline rt::PadKind toRuntime(PadKind kind) {
  switch (kind) {
  case PadKind::Zero:
    return rt::PadKind::Zero;
  case PadKind::Undef:
    return rt::PadKind::Undef;
  }
  return rt::PadKind::Undef;
}

inline rt::ReduceKind toRuntime(ReduceKind kind) {
  switch (kind) {
  case ReduceKind::Sum:
    return rt::ReduceKind::Sum;
  case ReduceKind::Max:
    return rt::ReduceKind::Max;
  case ReduceKind::Min:
    return rt::ReduceKind::Min;
  }
  return rt::ReduceKind::Sum;
}

} // namespace systile

#endif // SYSTILE_DIALECT_SYSTILE_IR_SYSTILERUNTIMEBRIDGE_H
