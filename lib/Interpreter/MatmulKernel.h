//===- MatmulKernel.h - Sequential-k contraction kernel ---------*- C++ -*-===//
//
// The batched matrix product with upstream linalg's numerics, fast:
//
//   for every b, i, j:  acc = C[b][i][j]
//                       for k = 0 .. K-1:  acc = acc + A[b][i][k] * B[b][k][j]
//
// with the product and the sum each rounded (float, double: no FMA) or
// wrapping (uint32_t, uint64_t: two's-complement i32 / i64). The kernel is
// cache-blocked over i, j and k and vectorised along j (AVX-512, AVX2 or
// the portable baseline, chosen at run time); each C element still sees
// its k in increasing order, so the result is bit-identical to the naive
// loop. Rows are split over threads. Private to lib/Interpreter.
//
//===----------------------------------------------------------------------===//

#ifndef SYSTILE_LIB_INTERPRETER_MATMULKERNEL_H
#define SYSTILE_LIB_INTERPRETER_MATMULKERNEL_H

#include <cstdint>

namespace systile::interp::kernel {

/// A [batch][m][k], B [batch][k][n] and C [batch][m][n] are dense and
/// C-order; C is updated in place. `threads` <= 0 means all hardware
/// threads. T is float, double, uint32_t or uint64_t.
template <typename T>
void contract(const T *a, const T *b, T *c, int64_t batch, int64_t m,
              int64_t n, int64_t k, int threads);

/// The naive loop above, for tests and tails.
template <typename T>
void contractNaive(const T *a, const T *b, T *c, int64_t batch, int64_t m,
                   int64_t n, int64_t k);

/// The instruction-set variants of the kernel.
enum class Variant { Avx512, Avx2, Portable };
/// Which variant `contract` uses on this machine (the best it supports).
Variant bestVariant();
bool isSupported(Variant variant);
const char *toString(Variant variant);

/// `contract` with a given (supported) variant on one thread, for tests.
template <typename T>
void contractWith(Variant variant, const T *a, const T *b, T *c,
                  int64_t batch, int64_t m, int64_t n, int64_t k);

} // namespace systile::interp::kernel

#endif // SYSTILE_LIB_INTERPRETER_MATMULKERNEL_H
