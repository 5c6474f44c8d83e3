//===- Reduce.h - Mask-aware reductions -------------------------*- C++ -*-===//
//
// systile.reduce (RFC section 6): sum, max or min along one dimension, in
// increasing index order, only over logical elements. Sum starts at +0 and
// accumulates in the element type (f32, or i32 with two's-complement
// wrap-around); max/min start at the first logical element and propagate
// NaN: once a NaN is seen it is the result (the first NaN in index order,
// bits kept). Between equal values (+0 and -0) the earlier one is kept.
// The reduced dimension becomes 1; geometry is kept; padding of the result
// is zero.
//
//===----------------------------------------------------------------------===//

#ifndef SYSTILE_RUNTIME_REDUCE_H
#define SYSTILE_RUNTIME_REDUCE_H

#include "systile/Runtime/Status.h"
#include "systile/Runtime/TiledMatrix.h"

namespace systile::rt {

enum class ReduceKind { Sum, Max, Min };

const char *toString(ReduceKind kind);

/// dim = 0 reduces over rows (result 1 x cols), dim = 1 over columns
/// (result rows x 1); any other dim is an error.
Expected<TiledMatrix<float>> reduce(const TiledMatrix<float> &x,
                                    ReduceKind kind, int dim);
Expected<TiledMatrix<int32_t>> reduce(const TiledMatrix<int32_t> &x,
                                      ReduceKind kind, int dim);

} // namespace systile::rt

#endif // SYSTILE_RUNTIME_REDUCE_H
