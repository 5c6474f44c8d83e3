//===- TensorScfSupport.h - Shared by the tensor and scf models -*- C++ -*-===//
//
// Index scalars, static-or-dynamic entries, slices of C-order tensors, and
// the release of a region's values after a model ran it; used by
// TensorModels.cpp and ScfModels.cpp (scf.forall applies
// tensor.parallel_insert_slice).
//
//===----------------------------------------------------------------------===//

#ifndef SYSTILE_LIB_INTERPRETER_MODELS_TENSORSCFSUPPORT_H
#define SYSTILE_LIB_INTERPRETER_MODELS_TENSORSCFSUPPORT_H

#include "systile/Interpreter/ExecContext.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"

namespace systile::interp {

/// The value of an index or integer scalar (sign-extended; i1 is 0 or 1).
inline int64_t scalarInt(ExecContext &ctx, mlir::Value v) {
  return loadAsInt(ctx.dense(v), 0);
}

/// The run-time value of each static-or-dynamic entry (an offset, size,
/// stride or loop bound).
llvm::SmallVector<int64_t>
resolveMixed(ExecContext &ctx, llvm::ArrayRef<mlir::OpFoldResult> mixed);

/// An `index` scalar.
inline DenseValue indexScalar(int64_t v) {
  return DenseValue::scalar<int64_t>(ElementKind::Index, v);
}

/// Drops the frame's references to the values a run of `region` left
/// behind (its block arguments and the values its terminator yielded), so
/// that the yielded values are uniquely owned by the op that ran it and
/// can be updated in place by the next iteration.
inline void releaseRegionValues(ExecContext &ctx, mlir::Region &region) {
  mlir::Block &block = region.front();
  for (mlir::BlockArgument arg : block.getArguments())
    ctx.bind(arg, RtValue());
  if (block.empty())
    return;
  for (mlir::Value v : block.back().getOperands())
    if (region.isAncestor(v.getParentRegion()))
      ctx.bind(v, RtValue());
}

/// A strided box of a C-order tensor: per dimension an offset, a size and
/// a stride, in elements of that dimension.
struct Box {
  llvm::SmallVector<int64_t> offsets, sizes, strides;
};

/// Copies between `box` of the tensor at `big` (of `bigShape`) and the
/// contiguous C-order elements at `small`: into the box when `toBig`, out
/// of it otherwise. The box must lie within the tensor.
void copyBox(char *big, llvm::ArrayRef<int64_t> bigShape, const Box &box,
             char *small, size_t elementBytes, bool toBig);

/// Errors unless a slice source of `source` shape fits `sizes`: equal
/// after dropping unit dimensions (a rank-reducing slice drops only those).
/// Equal element counts are not enough: a 2x6 source in a 3x4 slice would
/// be written in the wrong places.
inline mlir::LogicalResult checkSliceSource(mlir::Operation *op,
                                            llvm::ArrayRef<int64_t> source,
                                            llvm::ArrayRef<int64_t> sizes) {
  auto nonUnit = [](llvm::ArrayRef<int64_t> shape) {
    llvm::SmallVector<int64_t> result;
    llvm::copy_if(shape, std::back_inserter(result),
                  [](int64_t d) { return d != 1; });
    return result;
  };
  if (source.size() <= sizes.size() && nonUnit(source) == nonUnit(sizes))
    return mlir::success();
  auto str = [](llvm::ArrayRef<int64_t> shape) {
    std::string text;
    llvm::raw_string_ostream os(text);
    llvm::interleave(shape, os, "x");
    return text;
  };
  return ExecContext::opError(op)
         << ": the source has shape " << str(source)
         << " but the slice has sizes " << str(sizes);
}

/// Writes `source`'s elements into `box` of `dest` (which the caller owns
/// exclusively); errors on an out-of-bounds box or a size mismatch.
mlir::LogicalResult insertSlice(mlir::Operation *op, DenseValue &dest,
                                const DenseValue &source, const Box &box);

/// The run-time box of a tensor.parallel_insert_slice.
Box sliceBox(ExecContext &ctx, mlir::tensor::ParallelInsertSliceOp op);

} // namespace systile::interp

#endif // SYSTILE_LIB_INTERPRETER_MODELS_TENSORSCFSUPPORT_H
