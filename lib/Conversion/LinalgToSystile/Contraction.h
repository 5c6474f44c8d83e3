//===- Contraction.h - a linalg contraction seen as 2-D matmuls -*- C++ -*-===//
//
// What convert-linalg-to-systile needs to know about a contraction: which
// loop dimension is the row (M), column (N) and depth (K) dimension of the
// matmul it is made of, which ones are batch dimensions (of one batched
// systile.matmul, or a reduction unrolled into 2-D matmuls), how each
// operand stores its dimensions (so a transposed operand becomes a
// transposing pack or a rhs_transposed matmul), and the zero points of a
// quantized matmul. The analysis decides
// whether an op can be lowered and says why not; the lowering emits it.
//
//===----------------------------------------------------------------------===//

#ifndef SYSTILE_LIB_CONVERSION_LINALGTOSYSTILE_CONTRACTION_H
#define SYSTILE_LIB_CONVERSION_LINALGTOSYSTILE_CONTRACTION_H

#include "systile/Dialect/Systile/IR/SystileOps.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"

#include <optional>
#include <string>

namespace systile::lowering {

/// An operand as the lowering reads it: a tensor and, for each of its
/// dimensions in storage order, the loop dimension indexing it. A
/// linalg.transpose feeding the op is looked through (its input, with the
/// dimensions permuted), so the transpose happens in the pack.
struct OperandView {
  mlir::Value value;
  llvm::SmallVector<unsigned, 3> dims;
  /// The linalg.transpose ops looked through (erased once dead).
  llvm::SmallVector<mlir::Operation *, 1> transposes;
  /// The zero point subtracted from each element (quantized matmuls).
  mlir::Value zeroPoint;
};

/// A contraction as matmuls `out(b.., row, col) += sum over k
/// lhs(b.., row, k) * rhs(b.., k, col)`. `row` / `col` are absent for a
/// vector (they become a unit dimension). If the op's output stores (n, m),
/// lhs and rhs are swapped so that row/col follow the output's storage
/// order.
struct Contraction {
  mlir::linalg::LinalgOp op;
  OperandView lhs, rhs, out;
  std::optional<unsigned> rowDim, colDim;
  unsigned kDim = 0;
  /// The batch dimensions of one batched systile.matmul, in the output's
  /// storage order (the leading dimensions of every operand, in that
  /// order); a batch of 1 is left out (reshaped away). The rhs has all of
  /// them, or none (`sharedRhs`: one weight for every matrix, as
  /// `einsum('bmk,kn->bmn')`).
  llvm::SmallVector<unsigned, 2> batchDims;
  bool sharedRhs = false;
  /// A batch lowered to one 2-D matmul per batch (unrolled or an scf.for):
  /// a reduction (batch_reduce_matmul, every batch accumulates into one
  /// output) or the batch of quantized_batch_matmul.
  std::optional<unsigned> batchDim;
  bool batchIsReduction = false;
  llvm::SmallVector<int64_t, 4> loopSizes;
  bool isFloat = true;
  bool isQuantized = false;

  int64_t sizeOf(std::optional<unsigned> dim) const {
    return dim ? loopSizes[*dim] : 1;
  }
};

/// True for the ops the pass treats as contractions (and so lowers or
/// remarks on): linalg ops that are contractions by structure
/// (isaContractionOpInterface), linalg.quantized_matmul and
/// linalg.quantized_batch_matmul.
bool isContractionCandidate(mlir::Operation *op);

/// The contraction `op` computes, or std::nullopt with `why` saying why it
/// cannot be lowered on `geometry`.
std::optional<Contraction> analyzeContraction(mlir::linalg::LinalgOp op,
                                              GeometryAttr geometry,
                                              std::string &why);

struct LoweringOptions {
  GeometryAttr geometry;
  Precision floatPrecision = Precision::F32;
  /// Float matmuls get `flush_subnormals` (floatPrecision is not f32).
  bool flushSubnormals = false;
  /// Batches lowered per batch (batchDim) up to this count are unrolled;
  /// more become an scf.for.
  int64_t unrollBatchLimit = 8;
};

/// The precision of a lowered matmul: the option's for floats, f32 for
/// integers; and `flush_subnormals`, for floats at a precision that
/// converts. Shared by the contraction and the convolution lowerings.
PrecisionAttr precisionFor(mlir::OpBuilder &b, bool isFloat,
                           const LoweringOptions &options);
mlir::UnitAttr flushFor(mlir::OpBuilder &b, bool isFloat,
                        const LoweringOptions &options);

/// Replaces the contraction with systile ops (and the tensor/scf/linalg ops
/// around them that batches, vectors and zero points need) and erases it.
void lowerContraction(const Contraction &contraction,
                      const LoweringOptions &options);

} // namespace systile::lowering

#endif // SYSTILE_LIB_CONVERSION_LINALGTOSYSTILE_CONTRACTION_H
