//===- MatmulPrecision.h - Matmuls on bf16 operand parts --------*- C++ -*-===//
//
// Internal contract between the simulator's entry points (Matmul.cpp) and
// the precisions that convert the operands to bf16 before any kernel runs
// (MatmulPrecision.cpp): the multi-pass BF16_3X / BF16_6X, and BF16 with
// MatmulOptions::flushSubnormals.
//
//===----------------------------------------------------------------------===//

#ifndef SYSTILE_LIB_RUNTIME_MATMULPRECISION_H
#define SYSTILE_LIB_RUNTIME_MATMULPRECISION_H

#include "systile/Runtime/Matmul.h"

#include <optional>

namespace systile::rt::detail {

/// One weight load (kb, nb) of simulateMxuBlock.
struct WeightBlock {
  int64_t kb, nb;
};

/// Whether a float matmul of `precision` runs on bf16 parts made here
/// (multi-pass, or bf16 with flushed conversions) rather than on the
/// operands as they are.
inline bool runsOnBF16Parts(Precision precision, const MatmulOptions &options) {
  return passCount(precision) > 1 ||
         (precision == Precision::BF16 && options.flushSubnormals);
}

/// simulateMatmul (`inPlace`: simulateMatmulInPlace over `*inPlace`, which
/// is `acc`; `block`: simulateMxuBlock of that load) for a precision that
/// runsOnBF16Parts, on validated operands. Multi-pass: RFC 6's passes over
/// the split parts, one bf16 x bf16 simulation each (every kernel path),
/// the RFC 8 figures of every pass summed with the logical MACs counted
/// once. On an error `*inPlace` is left as it was.
template <typename A, typename B>
Expected<MatmulResult<float>>
matmulOnBF16Parts(const TiledMatrix<A> &lhs, const TiledMatrix<B> &rhs,
                  const TiledMatrix<float> &acc, Precision precision,
                  const MatmulOptions &options,
                  std::optional<WeightBlock> block,
                  TiledMatrix<float> *inPlace);

} // namespace systile::rt::detail

#endif // SYSTILE_LIB_RUNTIME_MATMULPRECISION_H
