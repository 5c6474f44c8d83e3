//===- ContractionLowering.cpp - a contraction as systile matmuls ---------===//
//
// Emits the systile.matmul(s) of an analysed contraction: each operand is
// packed in the orientation the matmul needs (`pack ... transpose` when it
// stores the dimensions the other way round, but a batched rhs stored
// [.., N, K] is packed as it is and read rhs_transposed; a unit dimension
// added to a vector, a batch of 1 reshaped away). Parallel batch dimensions
// become the batch of ONE systile.matmul (the pack of each operand, the
// unpack of its result); a reduced batch, and the batch of a quantized
// matmul, are sliced out one by one (unrolled, or an scf.for over tensor
// slices above a size limit). A quantized matmul's zero points are applied
// to the i8 matmul's i32 result by the zero-point decomposition.
//
//===----------------------------------------------------------------------===//

#include "Contraction.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/ReshapeOpsUtils.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;
using namespace systile;
using namespace systile::lowering;

namespace {

/// `value` (of a static shape) reshaped to `shape`, which differs from it
/// only by unit dimensions.
Value reshapeUnitDims(OpBuilder &b, Location loc, Value value,
                      ArrayRef<int64_t> shape) {
  auto type = cast<RankedTensorType>(value.getType());
  if (type.getShape() == shape)
    return value;
  auto target = RankedTensorType::get(shape, type.getElementType());
  if (target.getRank() < type.getRank()) {
    auto groups = getReassociationIndicesForCollapse(type.getShape(), shape);
    return tensor::CollapseShapeOp::create(b, loc, target, value, *groups);
  }
  auto groups = getReassociationIndicesForCollapse(shape, type.getShape());
  return tensor::ExpandShapeOp::create(b, loc, target, value, *groups);
}

struct Emitter {
  OpBuilder &b;
  Location loc;
  const Contraction &c;
  const LoweringOptions &options;

  int64_t batchSize() const { return c.sizeOf(c.batchDim); }

  /// The tensor of `view` at batch `index`, without the batch dimension.
  OperandView sliceBatch(const OperandView &view, OpFoldResult index) {
    auto *it = llvm::find(view.dims, *c.batchDim);
    if (it == view.dims.end())
      return view; // The accumulator of a batch reduction.
    auto pos = static_cast<int64_t>(it - view.dims.begin());
    OperandView sliced = view;
    sliced.dims.erase(sliced.dims.begin() + pos);
    auto type = cast<RankedTensorType>(view.value.getType());
    SmallVector<int64_t> shape(type.getShape());
    shape.erase(shape.begin() + pos);
    if (batchSize() == 1) {
      sliced.value = reshapeUnitDims(b, loc, view.value, shape);
      return sliced;
    }
    auto [offsets, sizes, strides] = batchSlice(type, pos, index);
    sliced.value = tensor::ExtractSliceOp::create(
        b, loc, RankedTensorType::get(shape, type.getElementType()), view.value,
        offsets, sizes, strides);
    return sliced;
  }

  /// Writes the batch-`index` result `slice` into `dest` (the output).
  Value insertBatch(Value slice, Value dest, OpFoldResult index) {
    auto type = cast<RankedTensorType>(dest.getType());
    if (batchSize() == 1)
      return reshapeUnitDims(b, loc, slice, type.getShape());
    auto pos = llvm::find(c.out.dims, *c.batchDim) - c.out.dims.begin();
    auto [offsets, sizes, strides] = batchSlice(type, pos, index);
    return tensor::InsertSliceOp::create(b, loc, slice, dest, offsets, sizes,
                                         strides);
  }

  std::tuple<SmallVector<OpFoldResult>, SmallVector<OpFoldResult>,
             SmallVector<OpFoldResult>>
  batchSlice(RankedTensorType type, int64_t pos, OpFoldResult index) {
    SmallVector<OpFoldResult> offsets(type.getRank(), b.getIndexAttr(0));
    SmallVector<OpFoldResult> sizes, strides(type.getRank(), b.getIndexAttr(1));
    for (int64_t size : type.getShape())
      sizes.push_back(b.getIndexAttr(size));
    offsets[pos] = index;
    sizes[pos] = b.getIndexAttr(1);
    return {offsets, sizes, strides};
  }

  /// `view` as a tiled `[batch.., row x col]` value: c.batchDims (which
  /// lead, in order, or are absent from a shared rhs), then the matrix; a
  /// missing role is a unit dimension, any other dimension (a batch of 1)
  /// is reshaped away. A matrix stored (col, row) is packed transposed or,
  /// when `transposed` is given, packed as it is with `*transposed` set.
  Value toTiled(const OperandView &view, std::optional<unsigned> row,
                std::optional<unsigned> col, bool *transposed = nullptr) {
    auto type = cast<RankedTensorType>(view.value.getType());
    SmallVector<int64_t, 4> batch;
    SmallVector<unsigned, 2> matrix;
    for (unsigned dim : view.dims) {
      if (llvm::is_contained(c.batchDims, dim))
        batch.push_back(c.sizeOf(dim));
      else if (dim == row || dim == col)
        matrix.push_back(dim);
    }
    const bool swapped = matrix.size() == 2 && matrix[0] != *row;
    SmallVector<int64_t, 4> stored = batch, logical = batch;
    if (matrix.size() == 2)
      stored.append({c.sizeOf(matrix[0]), c.sizeOf(matrix[1])});
    else
      stored.append({c.sizeOf(row), c.sizeOf(col)});
    logical.append({c.sizeOf(row), c.sizeOf(col)});
    Value dense = reshapeUnitDims(b, loc, view.value, stored);
    if (transposed)
      *transposed = swapped;
    auto tiled = TiledType::get(transposed ? stored : logical,
                                type.getElementType(), options.geometry,
                                PadKind::Zero);
    return PackOp::create(b, loc, tiled, dense,
                          /*transpose=*/swapped && !transposed);
  }

  /// The dense value of `tiled` in the storage type of `like`.
  Value fromTiled(Value tiled, Type like) {
    auto type = cast<TiledType>(tiled.getType());
    Value dense = UnpackOp::create(b, loc, type.getLogicalTensorType(), tiled);
    return reshapeUnitDims(b, loc, dense,
                           cast<RankedTensorType>(like).getShape());
  }

  /// acc + lhs x rhs; `acc` is tiled, or packed from `out` when null.
  Value matmul(const OperandView &lhs, const OperandView &rhs, Value acc,
               const OperandView *out = nullptr) {
    Value lhsTiled = toTiled(lhs, c.rowDim, c.kDim);
    Value rhsTiled = toTiled(rhs, c.kDim, c.colDim);
    if (!acc)
      acc = toTiled(*out, c.rowDim, c.colDim);
    return MatmulOp::create(b, loc, acc.getType(), lhsTiled, rhsTiled, acc,
                            /*rhs_transposed=*/UnitAttr(), precisionAttr(),
                            flushAttr());
  }

  /// The precision of this contraction: the option's for floats, f32 for
  /// integers; and flushing, for floats at a precision that converts.
  PrecisionAttr precisionAttr() { return precisionFor(b, c.isFloat, options); }
  UnitAttr flushAttr() { return flushFor(b, c.isFloat, options); }

  /// One batched matmul over c.batchDims: out = lhs x rhs + out.
  Value lowerBatched() {
    bool rhsTransposed = false;
    Value lhs = toTiled(c.lhs, c.rowDim, c.kDim);
    Value rhs = toTiled(c.rhs, c.kDim, c.colDim, &rhsTransposed);
    Value acc = toTiled(c.out, c.rowDim, c.colDim);
    Value result =
        MatmulOp::create(b, loc, acc.getType(), lhs, rhs, acc,
                         rhsTransposed ? b.getUnitAttr() : UnitAttr(),
                         precisionAttr(), flushAttr());
    return fromTiled(result, c.out.value.getType());
  }

  Value lower2D(const OperandView &lhs, const OperandView &rhs,
                const OperandView &out) {
    Value dense =
        fromTiled(matmul(lhs, rhs, /*acc=*/nullptr, &out), out.value.getType());
    return c.isQuantized ? applyZeroPoints(dense, lhs, rhs) : dense;
  }

  Value applyZeroPoints(Value product, const OperandView &lhs,
                        const OperandView &rhs);
  Value sumOverK(const OperandView &view, unsigned keptDim);
  Value lowerParallelBatch();
  Value lowerReductionBatch();

  /// Runs `body(index, carried)` for every batch, unrolled or in an scf.for.
  Value forEachBatch(Value init, function_ref<Value(OpFoldResult, Value)> body);
};

} // namespace

PrecisionAttr lowering::precisionFor(OpBuilder &b, bool isFloat,
                                     const LoweringOptions &options) {
  return PrecisionAttr::get(b.getContext(),
                            isFloat ? options.floatPrecision : Precision::F32);
}

UnitAttr lowering::flushFor(OpBuilder &b, bool isFloat,
                            const LoweringOptions &options) {
  return isFloat && options.flushSubnormals &&
                 options.floatPrecision != Precision::F32
             ? b.getUnitAttr()
             : UnitAttr();
}

Value Emitter::forEachBatch(Value init,
                            function_ref<Value(OpFoldResult, Value)> body) {
  int64_t count = batchSize();
  if (count <= options.unrollBatchLimit) {
    Value carried = init;
    for (int64_t i = 0; i < count; ++i)
      carried = body(b.getIndexAttr(i), carried);
    return carried;
  }
  Value lb = arith::ConstantIndexOp::create(b, loc, 0);
  Value ub = arith::ConstantIndexOp::create(b, loc, count);
  Value step = arith::ConstantIndexOp::create(b, loc, 1);
  auto loop = scf::ForOp::create(
      b, loc, lb, ub, step, ValueRange{init},
      [&](OpBuilder &nested, Location, Value iv, ValueRange args) {
        OpBuilder::InsertionGuard guard(b);
        b.setInsertionPointToEnd(nested.getInsertionBlock());
        scf::YieldOp::create(b, loc, body(iv, args.front()));
      });
  return loop.getResult(0);
}

/// batch_matmul: out[i] = lhs[i] x rhs[i] + out[i] for every batch i.
Value Emitter::lowerParallelBatch() {
  return forEachBatch(c.out.value, [&](OpFoldResult i, Value dest) {
    OperandView carried = c.out;
    carried.value = dest; // The output so far (the loop's iter_arg).
    OperandView out = sliceBatch(carried, i);
    Value result = lower2D(sliceBatch(c.lhs, i), sliceBatch(c.rhs, i), out);
    return insertBatch(result, dest, i);
  });
}

/// batch_reduce_matmul: acc = lhs[i] x rhs[i] + acc, in increasing i, on
/// one tiled accumulator.
Value Emitter::lowerReductionBatch() {
  Value acc = toTiled(c.out, c.rowDim, c.colDim);
  acc = forEachBatch(acc, [&](OpFoldResult i, Value carried) {
    return matmul(sliceBatch(c.lhs, i), sliceBatch(c.rhs, i), carried);
  });
  return fromTiled(acc, c.out.value.getType());
}

/// sum over k of sext(view(kept, k)) as a tensor<size(kept) x i32>: the
/// row sums of the lhs or the column sums of the rhs.
Value Emitter::sumOverK(const OperandView &view, unsigned keptDim) {
  MLIRContext *ctx = b.getContext();
  Type i32 = b.getI32Type();
  // The loops follow the operand's own dimensions, so it is read by the
  // identity (a reduction that layout propagation tiles): the kept one
  // parallel, k the reduction.
  unsigned rank = view.dims.size();
  unsigned keptPos = 0;
  SmallVector<utils::IteratorType, 2> iterators;
  for (auto [i, dim] : llvm::enumerate(view.dims)) {
    if (dim == keptDim)
      keptPos = i;
    iterators.push_back(dim == keptDim ? utils::IteratorType::parallel
                                       : utils::IteratorType::reduction);
  }
  int64_t size = c.sizeOf(keptDim);
  Value init = tensor::EmptyOp::create(b, loc, ArrayRef<int64_t>{size}, i32);
  Value zero = arith::ConstantIntOp::create(b, loc, i32, 0);
  init = linalg::FillOp::create(b, loc, zero, init).getResult(0);
  SmallVector<AffineMap, 2> maps = {
      AffineMap::getMultiDimIdentityMap(rank, ctx),
      AffineMap::get(rank, 0, {b.getAffineDimExpr(keptPos)}, ctx)};
  auto sum = linalg::GenericOp::create(
      b, loc, init.getType(), ValueRange{view.value}, ValueRange{init}, maps,
      iterators, [&](OpBuilder &nb, Location l, ValueRange args) {
        Value wide = arith::ExtSIOp::create(nb, l, i32, args[0]);
        linalg::YieldOp::create(
            nb, l, ValueRange{arith::AddIOp::create(nb, l, args[1], wide)});
      });
  return sum.getResult(0);
}

/// sum_k (a - za)(b - zb) = sum_k a b - zb rowsum(a) - za colsum(b)
///                          + K za zb, exactly, in i32 wrap-around
/// arithmetic (the ring of integers mod 2^32): `product` is the i8 matmul
/// (with the accumulator), the other terms are added here. Terms whose zero
/// point is a constant 0 are left out.
Value Emitter::applyZeroPoints(Value product, const OperandView &lhs,
                               const OperandView &rhs) {
  bool lhsZp = !matchPattern(lhs.zeroPoint, m_Zero());
  bool rhsZp = !matchPattern(rhs.zeroPoint, m_Zero());
  if (!lhsZp && !rhsZp)
    return product;
  MLIRContext *ctx = b.getContext();
  Type i32 = b.getI32Type();
  AffineExpr row = b.getAffineDimExpr(0), col = b.getAffineDimExpr(1);
  SmallVector<Value> inputs = {lhs.zeroPoint, rhs.zeroPoint};
  SmallVector<AffineMap> maps(2, AffineMap::get(2, 0, {}, ctx));
  if (rhsZp) { // zb * rowsum(lhs)
    inputs.push_back(sumOverK(lhs, *c.rowDim));
    maps.push_back(AffineMap::get(2, 0, {row}, ctx));
  }
  if (lhsZp) { // za * colsum(rhs)
    inputs.push_back(sumOverK(rhs, *c.colDim));
    maps.push_back(AffineMap::get(2, 0, {col}, ctx));
  }
  // The product is an input and the init an empty tensor, so the op is
  // element-wise (its payload reads no init) and runs tiled once layout
  // propagation sees the product unpacked.
  inputs.push_back(product);
  maps.push_back(AffineMap::get(2, 0, {row, col}, ctx));
  maps.push_back(AffineMap::get(2, 0, {row, col}, ctx));
  SmallVector<utils::IteratorType, 2> iterators(2,
                                                utils::IteratorType::parallel);
  int64_t depth = c.sizeOf(c.kDim);
  auto productType = cast<RankedTensorType>(product.getType());
  Value init = tensor::EmptyOp::create(b, loc, productType.getShape(),
                                       productType.getElementType());
  auto generic = linalg::GenericOp::create(
      b, loc, product.getType(), inputs, ValueRange{init}, maps, iterators,
      [&](OpBuilder &nb, Location l, ValueRange args) {
        auto widen = [&](Value v) -> Value {
          return v.getType() == i32 ? v : arith::ExtSIOp::create(nb, l, i32, v);
        };
        Value za = widen(args[0]), zb = widen(args[1]),
              r = args[args.size() - 2];
        unsigned next = 2;
        if (rhsZp)
          r = arith::SubIOp::create(
              nb, l, r, arith::MulIOp::create(nb, l, zb, args[next++]));
        if (lhsZp)
          r = arith::SubIOp::create(
              nb, l, r, arith::MulIOp::create(nb, l, za, args[next++]));
        if (lhsZp && rhsZp) {
          // K mod 2^32: the sum of K copies of za * zb wraps the same way.
          Value k = arith::ConstantIntOp::create(
              nb, l, i32, static_cast<int32_t>(static_cast<uint32_t>(depth)));
          Value kzz = arith::MulIOp::create(
              nb, l, arith::MulIOp::create(nb, l, k, za), zb);
          r = arith::AddIOp::create(nb, l, r, kzz);
        }
        linalg::YieldOp::create(nb, l, ValueRange{r});
      });
  return generic.getResult(0);
}

void lowering::lowerContraction(const Contraction &c,
                                const LoweringOptions &options) {
  OpBuilder builder(c.op);
  Emitter emitter{builder, c.op->getLoc(), c, options};
  Value result;
  if (!c.batchDims.empty())
    result = emitter.lowerBatched();
  else if (!c.batchDim)
    result = emitter.lower2D(c.lhs, c.rhs, c.out);
  else if (c.batchIsReduction)
    result = emitter.lowerReductionBatch();
  else
    result = emitter.lowerParallelBatch();
  c.op->getResult(0).replaceAllUsesWith(result);
  c.op->erase();
  // A transpose that fed only lowered contractions is now dead (lhs and rhs
  // may read through the same one).
  llvm::SmallSetVector<Operation *, 2> transposes;
  transposes.insert(c.lhs.transposes.begin(), c.lhs.transposes.end());
  transposes.insert(c.rhs.transposes.begin(), c.rhs.transposes.end());
  for (Operation *transpose : transposes)
    if (transpose->use_empty())
      transpose->erase();
}
