//===- Reduce.h - Mask-aware reductions -------------------------*- C++ -*-===//
//
// systile.reduce (RFC section 6): sum, max or min along one dimension, in
// increasing index order, only over logical elements, each step computing
// `acc = op(element, acc)` as the payload of a frontend's reduction does.
// Sum starts at +0 and accumulates in the element type (arith.addf on f32,
// arith.addi with two's-complement wrap-around on i32); max/min start at the
// first logical element and then step with arith.maximumf / minimumf on f32
// (NaN propagates, quieted, as that step gives it; -0 < +0) and
// maxsi / minsi on i32. The reduced dimension becomes 1; geometry is kept;
// padding of the result is zero. On a batch, a batch dimension reduces
// matrix by matrix, slot by slot, with the same steps.
//
//===----------------------------------------------------------------------===//

#ifndef SYSTILE_RUNTIME_REDUCE_H
#define SYSTILE_RUNTIME_REDUCE_H

#include "systile/Runtime/Status.h"
#include "systile/Runtime/TiledBatch.h"

namespace systile::rt {

enum class ReduceKind { Sum, Max, Min };

const char *toString(ReduceKind kind);

/// dim = 0 reduces over rows (result 1 x cols), dim = 1 over columns
/// (result rows x 1); any other dim is an error.
Expected<TiledMatrix<float>> reduce(const TiledMatrix<float> &x,
                                    ReduceKind kind, int dim);
Expected<TiledMatrix<int32_t>> reduce(const TiledMatrix<int32_t> &x,
                                      ReduceKind kind, int dim);
Expected<TiledMatrix<double>> reduce(const TiledMatrix<double> &x,
                                     ReduceKind kind, int dim);

/// `dim` indexes the full shape (batch dimensions, then rows and columns):
/// the two minor dimensions reduce every matrix as above; a batch
/// dimension becomes 1, each result slot folding that slot of the matrices
/// along it.
Expected<TiledBatch<float>> reduce(const TiledBatch<float> &x, ReduceKind kind,
                                   int64_t dim);
Expected<TiledBatch<int32_t>> reduce(const TiledBatch<int32_t> &x,
                                     ReduceKind kind, int64_t dim);
Expected<TiledBatch<double>> reduce(const TiledBatch<double> &x,
                                    ReduceKind kind, int64_t dim);

} // namespace systile::rt

#endif // SYSTILE_RUNTIME_REDUCE_H
