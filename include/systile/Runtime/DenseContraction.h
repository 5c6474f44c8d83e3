//===- DenseContraction.h - Sequential-k dense contraction ------*- C++ -*-===//
//
// The batched matrix product with upstream linalg's numerics, fast:
//
//   for every b, i, j:  acc = C[b][i][j]
//                       for k = 0 .. K-1:  acc = acc + A[b][i][k] * B[b][k][j]
//
// with the product and the sum each rounded (float, double: no FMA) or
// wrapping (uint32_t, uint64_t: two's-complement i32 / i64). The kernel is
// cache-blocked over i, j and k and vectorised along j (AVX-512, AVX2 or
// the portable baseline, chosen at run time through Cpu.h); each C
// element still sees its k in increasing order, so the result is
// bit-identical to the naive loop. Rows are split over threads. The
// interpreter runs linalg contractions through it.
//
//===----------------------------------------------------------------------===//

#ifndef SYSTILE_RUNTIME_DENSECONTRACTION_H
#define SYSTILE_RUNTIME_DENSECONTRACTION_H

#include "systile/Runtime/Cpu.h"

#include <cstdint>

namespace systile::rt::dense {

/// A [batch][m][k], B [batch][k][n] and C [batch][m][n] are dense and
/// C-order; C is updated in place. `threads` <= 0 means all hardware
/// threads. T is float, double, uint32_t or uint64_t. Records its path
/// (KernelFamily::DenseContraction).
template <typename T>
void contract(const T *a, const T *b, T *c, int64_t batch, int64_t m, int64_t n,
              int64_t k, int threads);

/// The naive loop above, for tests.
template <typename T>
void contractNaive(const T *a, const T *b, T *c, int64_t batch, int64_t m,
                   int64_t n, int64_t k);

/// The path `contract` takes on this machine: AVX512, AVX2 or Portable,
/// the widest the CPU supports.
Isa contractionIsa();

/// `contract` on the path `isa` (AVX512, AVX2 or Portable; Auto as
/// contractionIsa; the CPU must support it), on one thread, for tests.
template <typename T>
void contractWith(Isa isa, const T *a, const T *b, T *c, int64_t batch,
                  int64_t m, int64_t n, int64_t k);

} // namespace systile::rt::dense

#endif // SYSTILE_RUNTIME_DENSECONTRACTION_H
