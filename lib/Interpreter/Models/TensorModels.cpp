//===- TensorModels.cpp - Execution models of the tensor dialect ----------===//
//
// Every tensor op works on the bytes of C-order DenseValues, so one model
// serves all element kinds. Reshapes (expand_shape, collapse_shape,
// reshape, a full-size extract_slice) and bitcast share the source's
// storage; a contiguous extract_slice is a view of it. An op that writes
// into a destination (insert, insert_slice) updates it in place when the
// destination operand dies there and nobody else holds its storage, and
// copies it otherwise. tensor.empty is zero-filled so results never depend
// on stale memory.
//
// Sizes, offsets and indices that are only known at run time are checked:
// an out-of-bounds slice or index, a negative size or a reshape to another
// element count is an error located at the op (upstream leaves these
// undefined).
//
//===----------------------------------------------------------------------===//

#include "TensorScfSupport.h"
#include "systile/Interpreter/ExecContext.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/SmallBitVector.h"

#include <cstring>

using namespace mlir;
using namespace systile::interp;

namespace {

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

/// `type`'s shape with its dynamic dimensions taken, in order, from
/// `dynamic`; an error for a negative size.
FailureOr<SmallVector<int64_t>> shapeOf(Operation *op, ExecContext &ctx,
                                        RankedTensorType type,
                                        ValueRange dynamic) {
  SmallVector<int64_t> shape;
  unsigned next = 0;
  for (auto [dim, size] : llvm::enumerate(type.getShape())) {
    if (!ShapedType::isDynamic(size)) {
      shape.push_back(size);
      continue;
    }
    if (next >= dynamic.size())
      return ExecContext::opError(op)
             << ": missing the size of dynamic dimension " << dim;
    int64_t v = scalarInt(ctx, dynamic[next++]);
    if (v < 0)
      return ExecContext::opError(op)
             << ": dynamic dimension " << dim << " has size " << v
             << "; sizes must be non-negative";
    shape.push_back(v);
  }
  return shape;
}

/// A new tensor of `type` whose dynamic sizes are `dynamic` (shapeOf),
/// zero-filled with `zero`.
FailureOr<DenseValue> allocateTensor(Operation *op, ExecContext &ctx,
                                     RankedTensorType type, ValueRange dynamic,
                                     bool zero = false) {
  FailureOr<ElementKind> kind = ctx.kindOf(op, type);
  if (failed(kind))
    return failure();
  FailureOr<SmallVector<int64_t>> shape = shapeOf(op, ctx, type, dynamic);
  if (failed(shape))
    return failure();
  return ctx.allocate(op, *kind, *shape, zero);
}

/// Checks that `shape` agrees with the static dimensions of `type`.
LogicalResult checkAgainstType(Operation *op, ArrayRef<int64_t> shape,
                               ShapedType type) {
  if (static_cast<int64_t>(shape.size()) != type.getRank())
    return ExecContext::opError(op)
           << ": the run-time value has rank " << shape.size()
           << ", but its type " << type << " has rank " << type.getRank();
  for (auto [dim, have, want] : llvm::enumerate(shape, type.getShape()))
    if (!ShapedType::isDynamic(want) && have != want)
      return ExecContext::opError(op)
             << ": dimension " << dim << " is " << have
             << " at run time, but the type " << type << " says " << want;
  return success();
}

/// Row-major linear index of `indices` in `shape`, or an error naming the
/// first index out of bounds.
FailureOr<int64_t> linearIndex(Operation *op, ArrayRef<int64_t> shape,
                               ArrayRef<int64_t> indices) {
  int64_t linear = 0;
  for (auto [dim, size, i] : llvm::enumerate(shape, indices)) {
    if (i < 0 || i >= size)
      return ExecContext::opError(op)
             << ": index " << i << " of dimension " << dim
             << " is out of bounds [0, " << size << ")";
    linear = linear * size + i;
  }
  return linear;
}

/// Checks `box` against a source or destination of `shape`.
LogicalResult checkBox(Operation *op, ArrayRef<int64_t> shape, const Box &box) {
  if (box.sizes.size() != shape.size())
    return ExecContext::opError(op)
           << ": the slice has rank " << box.sizes.size()
           << " but the tensor has rank " << shape.size();
  for (size_t d = 0; d < shape.size(); ++d) {
    int64_t off = box.offsets[d], size = box.sizes[d], stride = box.strides[d];
    if (size < 0)
      return ExecContext::opError(op)
             << ": slice size " << size << " of dimension " << d
             << " is negative";
    if (size == 0)
      continue;
    // Any stride: element i is at off + i * stride, so a stride of 0 reads
    // (or writes) one element size times and a negative one goes down.
    __int128 last =
        static_cast<__int128>(off) + static_cast<__int128>(size - 1) * stride;
    if (off < 0 || off >= shape[d] || last < 0 || last >= shape[d])
      return ExecContext::opError(op)
             << ": slice of dimension " << d << " (offset " << off << ", size "
             << size << ", stride " << stride
             << ") is out of bounds of its size " << shape[d];
  }
  return success();
}

/// A tensor `operand` may be written to: its own storage when the operand
/// dies here and holds the only reference, a copy otherwise.
FailureOr<DenseValue> writableOperand(Operation *op, ExecContext &ctx,
                                      OpOperand &operand) {
  RtValue v = ctx.take(operand);
  if (!v.isDense())
    return ExecContext::opError(op)
           << ": operand #" << operand.getOperandNumber()
           << " is not a dense tensor";
  if (v.dense().isUnique())
    return DenseValue(v.dense());
  llvm::Expected<DenseValue> copy = v.dense().clone(ctx.options().memoryBudget);
  if (!copy)
    return ExecContext::fail(op, copy.takeError());
  return std::move(*copy);
}

/// Stores the rank-0 `scalar` at element `index` of `dest`.
void storeScalar(DenseValue &dest, int64_t index, const DenseValue &scalar) {
  size_t elem = elementSize(dest.kind());
  std::memcpy(dest.mutableData<char>() + index * elem, scalar.rawData(), elem);
}

/// Fills `dest` with copies of the element at `element`.
void fill(DenseValue &dest, const void *element) {
  size_t elem = elementSize(dest.kind());
  size_t total = dest.sizeInBytes();
  if (total == 0)
    return;
  char *data = dest.mutableData<char>();
  std::memcpy(data, element, elem);
  for (size_t done = elem; done < total;) {
    size_t n = std::min(done, total - done);
    std::memcpy(data + done, data, n);
    done += n;
  }
}

/// A view of `source`'s elements [begin, begin + count) with `shape`,
/// sharing its storage (read-only).
DenseValue subView(const DenseValue &source, int64_t begin,
                   ArrayRef<int64_t> shape) {
  auto holder = std::make_shared<const DenseValue>(source);
  const char *data = source.data<char>() + begin * elementSize(source.kind());
  return DenseValue::adopt(source.kind(), shape, std::move(holder), data);
}

/// Whether `box` is the whole tensor of `shape` in order: each dimension
/// from 0 by steps of 1 (a dimension of size 1 takes any stride).
bool coversInOrder(ArrayRef<int64_t> shape, const Box &box) {
  if (box.sizes.size() != shape.size())
    return false;
  for (size_t d = 0; d < shape.size(); ++d)
    if (box.offsets[d] != 0 || box.sizes[d] != shape[d] ||
        (box.sizes[d] > 1 && box.strides[d] != 1))
      return false;
  return true;
}

/// When `box` of a tensor of `shape` is one contiguous run of elements,
/// its first element.
std::optional<int64_t> contiguousStart(ArrayRef<int64_t> shape,
                                       const Box &box) {
  size_t rank = shape.size();
  size_t d = 0;
  while (d < rank && box.sizes[d] == 1)
    ++d;
  // Dimensions after the first with size != 1 must be whole.
  for (size_t e = d + 1; e < rank; ++e)
    if (box.offsets[e] != 0 || box.sizes[e] != shape[e] ||
        (shape[e] > 1 && box.strides[e] != 1))
      return std::nullopt;
  if (d < rank && box.sizes[d] > 1 && box.strides[d] != 1)
    return std::nullopt;
  int64_t start = 0;
  for (size_t e = 0; e < rank; ++e)
    start = start * shape[e] + box.offsets[e];
  return start;
}

//===----------------------------------------------------------------------===//
// Creation
//===----------------------------------------------------------------------===//

LogicalResult executeEmpty(tensor::EmptyOp op, ExecContext &ctx) {
  FailureOr<DenseValue> v = allocateTensor(op, ctx, op.getType(),
                                           op.getDynamicSizes(), /*zero=*/true);
  if (failed(v))
    return failure();
  return ctx.bindResult(op, std::move(*v));
}

LogicalResult executeSplat(tensor::SplatOp op, ExecContext &ctx) {
  FailureOr<DenseValue> v =
      allocateTensor(op, ctx, op.getType(), op.getDynamicSizes());
  if (failed(v))
    return failure();
  fill(*v, ctx.dense(op.getInput()).rawData());
  return ctx.bindResult(op, std::move(*v));
}

LogicalResult executeFromElements(tensor::FromElementsOp op, ExecContext &ctx) {
  auto type = cast<RankedTensorType>(op.getType());
  FailureOr<ElementKind> kind = ctx.kindOf(op, type);
  if (failed(kind))
    return failure();
  FailureOr<DenseValue> v = ctx.allocate(op, *kind, type.getShape());
  if (failed(v))
    return failure();
  for (auto [i, element] : llvm::enumerate(op.getElements()))
    storeScalar(*v, i, ctx.dense(element));
  ctx.bind(op.getResult(), std::move(*v));
  return success();
}

/// Runs `region` (one index argument per dimension, yielding one scalar) at
/// every point of `shape`, or only at the points outside `keep` when given,
/// storing each result into `out`.
LogicalResult generateElements(Operation *op, ExecContext &ctx, Region &region,
                               DenseValue &out, const Box *keep = nullptr) {
  ArrayRef<int64_t> shape = out.shape();
  if (out.numElements() == 0)
    return success();
  SmallVector<int64_t> idx(shape.size(), 0);
  for (int64_t linear = 0; linear < out.numElements(); ++linear) {
    bool inside = keep != nullptr;
    for (size_t d = 0; inside && d < shape.size(); ++d)
      inside = idx[d] >= keep->offsets[d] &&
               idx[d] < keep->offsets[d] + keep->sizes[d];
    if (!inside) {
      SmallVector<RtValue> args;
      for (int64_t i : idx)
        args.push_back(indexScalar(i));
      FailureOr<SmallVector<RtValue>> yielded =
          ctx.runRegionConsuming(region, args);
      if (failed(yielded))
        return failure();
      releaseRegionValues(ctx, region);
      const RtValue &value = yielded->front();
      if (!value.isDense() || value.kind() != out.kind() ||
          value.dense().numElements() != 1)
        return ExecContext::opError(op) << ": the region must yield one "
                                        << toString(out.kind()) << " scalar";
      storeScalar(out, linear, value.dense());
    }
    for (int64_t d = static_cast<int64_t>(shape.size()) - 1; d >= 0; --d) {
      if (++idx[d] < shape[d])
        break;
      idx[d] = 0;
    }
  }
  return success();
}

LogicalResult executeGenerate(tensor::GenerateOp op, ExecContext &ctx) {
  FailureOr<DenseValue> v =
      allocateTensor(op, ctx, op.getType(), op.getDynamicExtents());
  if (failed(v) || failed(generateElements(op, ctx, op.getBody(), *v)))
    return failure();
  return ctx.bindResult(op, std::move(*v));
}

//===----------------------------------------------------------------------===//
// Elements and dimensions
//===----------------------------------------------------------------------===//

/// A rank-0 value of `kind` (zero bits), to be written by its producer.
DenseValue zeroScalar(ElementKind kind) {
  return visitKind(kind, [&](auto tag) {
    using T = typename decltype(tag)::type;
    return DenseValue::scalar<T>(kind, T());
  });
}

/// tensor.extract of one element, or, inside a linalg payload running on
/// lanes (a gather such as an embedding lookup), of one element per lane:
/// each index is then a scalar or a rank-1 value of N lanes.
LogicalResult executeExtract(tensor::ExtractOp op, ExecContext &ctx) {
  const DenseValue &src = ctx.dense(op.getTensor());
  int64_t lanes = 1;
  for (Value i : op.getIndices()) {
    int64_t n = ctx.dense(i).numElements();
    if (n != 1 && lanes != 1 && n != lanes)
      return ExecContext::opError(op)
             << ": index operands have " << lanes << " and " << n << " lanes";
    if (n != 1)
      lanes = n;
  }
  FailureOr<DenseValue> out = zeroScalar(src.kind());
  if (lanes != 1)
    out = ctx.allocate(op, src.kind(), {lanes});
  if (failed(out))
    return failure();
  size_t elem = elementSize(src.kind());
  SmallVector<int64_t> indices(op.getIndices().size());
  for (int64_t t = 0; t < lanes; ++t) {
    for (auto [k, i] : llvm::enumerate(op.getIndices())) {
      const DenseValue &index = ctx.dense(i);
      indices[k] = loadAsInt(index, index.numElements() == 1 ? 0 : t);
    }
    FailureOr<int64_t> at = linearIndex(op, src.shape(), indices);
    if (failed(at))
      return failure();
    std::memcpy(out->mutableData<char>() + t * elem,
                src.data<char>() + *at * elem, elem);
  }
  ctx.bind(op.getResult(), std::move(*out));
  return success();
}

LogicalResult executeInsert(tensor::InsertOp op, ExecContext &ctx) {
  SmallVector<int64_t> indices;
  for (Value i : op.getIndices())
    indices.push_back(scalarInt(ctx, i));
  FailureOr<int64_t> at =
      linearIndex(op, ctx.dense(op.getDest()).shape(), indices);
  if (failed(at))
    return failure();
  DenseValue scalar = ctx.dense(op.getScalar());
  FailureOr<DenseValue> dest = writableOperand(op, ctx, op.getDestMutable());
  if (failed(dest))
    return failure();
  storeScalar(*dest, *at, scalar);
  ctx.bind(op.getResult(), std::move(*dest));
  return success();
}

LogicalResult executeDim(tensor::DimOp op, ExecContext &ctx) {
  const DenseValue &src = ctx.dense(op.getSource());
  int64_t dim = scalarInt(ctx, op.getIndex());
  if (dim < 0 || dim >= src.rank())
    return ExecContext::opError(op)
           << ": dimension " << dim << " is out of range for a tensor of rank "
           << src.rank();
  return ctx.bindResult(op, indexScalar(src.shape()[dim]));
}

LogicalResult executeRank(tensor::RankOp op, ExecContext &ctx) {
  ctx.bind(op.getResult(), indexScalar(ctx.dense(op.getTensor()).rank()));
  return success();
}

//===----------------------------------------------------------------------===//
// Reshapes and casts: no copy
//===----------------------------------------------------------------------===//

LogicalResult bindReshaped(Operation *op, ExecContext &ctx,
                           const DenseValue &src, ArrayRef<int64_t> shape) {
  int64_t count = 1;
  for (int64_t d : shape)
    if (d < 0 || __builtin_mul_overflow(count, d, &count))
      return ExecContext::opError(op) << ": invalid result shape";
  if (count != src.numElements())
    return ExecContext::opError(op) << ": cannot reshape " << src.numElements()
                                    << " elements into " << count;
  if (failed(checkAgainstType(op, shape,
                              cast<ShapedType>(op->getResult(0).getType()))))
    return failure();
  ctx.bind(op->getResult(0), src.reshaped(shape));
  return success();
}

LogicalResult executeExpandShape(tensor::ExpandShapeOp op, ExecContext &ctx) {
  const DenseValue &src = ctx.dense(op.getSrc());
  SmallVector<int64_t> shape = resolveMixed(ctx, op.getMixedOutputShape());
  // Each group must multiply to its source dimension.
  for (auto [dim, group] : llvm::enumerate(op.getReassociationIndices())) {
    int64_t product = 1;
    for (int64_t d : group)
      if (shape[d] < 0 || __builtin_mul_overflow(product, shape[d], &product))
        return ExecContext::opError(op) << ": invalid output shape";
    if (product != src.shape()[dim])
      return ExecContext::opError(op)
             << ": source dimension " << dim << " of size " << src.shape()[dim]
             << " does not expand to sizes whose product is " << product;
  }
  return bindReshaped(op, ctx, src, shape);
}

LogicalResult executeCollapseShape(tensor::CollapseShapeOp op,
                                   ExecContext &ctx) {
  const DenseValue &src = ctx.dense(op.getSrc());
  SmallVector<int64_t> shape;
  for (const ReassociationIndices &group : op.getReassociationIndices()) {
    int64_t product = 1;
    for (int64_t d : group)
      product *= src.shape()[d]; // Bounded by src.numElements().
    shape.push_back(product);
  }
  return bindReshaped(op, ctx, src, shape);
}

LogicalResult executeReshape(tensor::ReshapeOp op, ExecContext &ctx) {
  const DenseValue &src = ctx.dense(op.getSource());
  const DenseValue &shapeValue = ctx.dense(op.getShape());
  SmallVector<int64_t> shape;
  for (int64_t i = 0; i < shapeValue.numElements(); ++i)
    shape.push_back(loadAsInt(shapeValue, i));
  return bindReshaped(op, ctx, src, shape);
}

LogicalResult executeCast(tensor::CastOp op, ExecContext &ctx) {
  const RtValue &src = ctx.lookup(op.getSource());
  auto type = dyn_cast<RankedTensorType>(op.getType());
  if (type && failed(checkAgainstType(op, src.dense().shape(), type)))
    return failure();
  ctx.bind(op.getResult(), src);
  return success();
}

LogicalResult executeBitcast(tensor::BitcastOp op, ExecContext &ctx) {
  const DenseValue &src = ctx.dense(op.getSource());
  FailureOr<ElementKind> kind = ctx.kindOf(op, op.getType());
  if (failed(kind))
    return failure();
  if (bitWidth(*kind) != bitWidth(src.kind()) ||
      elementSize(*kind) != elementSize(src.kind()))
    return ExecContext::opError(op)
           << ": cannot bitcast " << toString(src.kind()) << " elements to "
           << toString(*kind);
  ctx.bind(op.getResult(),
           DenseValue::adopt(*kind, src.shape(),
                             std::make_shared<const DenseValue>(src),
                             src.rawData()));
  return success();
}

//===----------------------------------------------------------------------===//
// Slices, padding, concatenation
//===----------------------------------------------------------------------===//

template <typename OpT> Box boxOf(OpT op, ExecContext &ctx) {
  return Box{resolveMixed(ctx, op.getMixedOffsets()),
             resolveMixed(ctx, op.getMixedSizes()),
             resolveMixed(ctx, op.getMixedStrides())};
}

LogicalResult executeExtractSlice(tensor::ExtractSliceOp op, ExecContext &ctx) {
  const DenseValue &src = ctx.dense(op.getSource());
  Box box = boxOf(op, ctx);
  if (failed(checkBox(op, src.shape(), box)))
    return failure();
  llvm::SmallBitVector dropped = op.getDroppedDims();
  SmallVector<int64_t> shape;
  int64_t count = 1;
  for (auto [d, size] : llvm::enumerate(box.sizes)) {
    count *= size; // Bounded by the source's element count.
    if (!dropped.test(d))
      shape.push_back(size);
  }
  if (failed(checkAgainstType(op, shape, op.getType())))
    return failure();
  if (coversInOrder(src.shape(), box)) {
    ctx.bind(op.getResult(), src.reshaped(shape));
    return success();
  }
  if (std::optional<int64_t> start =
          count ? contiguousStart(src.shape(), box) : std::nullopt) {
    ctx.bind(op.getResult(), subView(src, *start, shape));
    return success();
  }
  FailureOr<DenseValue> out = ctx.allocate(op, src.kind(), shape);
  if (failed(out))
    return failure();
  copyBox(const_cast<char *>(src.data<char>()), src.shape(), box,
          out->mutableData<char>(), elementSize(src.kind()), /*toBig=*/false);
  ctx.bind(op.getResult(), std::move(*out));
  return success();
}

LogicalResult executeInsertSlice(tensor::InsertSliceOp op, ExecContext &ctx) {
  DenseValue source = ctx.dense(op.getSource()); // Alive past take().
  Box box = boxOf(op, ctx);
  const DenseValue &old = ctx.dense(op.getDest());
  if (source.numElements() == old.numElements() && source.numElements() > 0 &&
      coversInOrder(old.shape(), box)) {
    // The slice is the whole destination in order: the result is the
    // source.
    if (failed(checkBox(op, old.shape(), box)) ||
        failed(checkSliceSource(op, source.shape(), box.sizes)))
      return failure();
    ctx.bind(op.getResult(), source.reshaped(old.shape()));
    return success();
  }
  FailureOr<DenseValue> dest = writableOperand(op, ctx, op.getDestMutable());
  if (failed(dest) || failed(insertSlice(op, *dest, source, box)))
    return failure();
  ctx.bind(op.getResult(), std::move(*dest));
  return success();
}

/// The padding value when the region does not depend on its indices: the
/// yielded value (if defined outside the region) or the region run once.
FailureOr<std::optional<DenseValue>> constantPad(tensor::PadOp op,
                                                 ExecContext &ctx) {
  Block &body = op.getRegion().front();
  if (!llvm::all_of(body.getArguments(),
                    [](BlockArgument a) { return a.use_empty(); }))
    return std::optional<DenseValue>();
  Value yielded = cast<tensor::YieldOp>(body.getTerminator()).getValue();
  if (!op.getRegion().isAncestor(yielded.getParentRegion()))
    return std::optional<DenseValue>(ctx.dense(yielded));
  SmallVector<RtValue> args(body.getNumArguments(), RtValue(indexScalar(0)));
  FailureOr<SmallVector<RtValue>> results =
      ctx.runRegionConsuming(op.getRegion(), args);
  if (failed(results))
    return failure();
  releaseRegionValues(ctx, op.getRegion());
  return std::optional<DenseValue>(results->front().dense());
}

LogicalResult executePad(tensor::PadOp op, ExecContext &ctx) {
  DenseValue src = ctx.dense(op.getSource());
  SmallVector<int64_t> low = resolveMixed(ctx, op.getMixedLowPad());
  SmallVector<int64_t> high = resolveMixed(ctx, op.getMixedHighPad());
  SmallVector<int64_t> shape;
  for (int64_t d = 0; d < src.rank(); ++d) {
    int64_t size;
    if (low[d] < 0 || high[d] < 0)
      return ExecContext::opError(op)
             << ": padding of dimension " << d << " (low " << low[d]
             << ", high " << high[d] << ") is negative";
    if (__builtin_add_overflow(src.shape()[d], low[d], &size) ||
        __builtin_add_overflow(size, high[d], &size))
      return ExecContext::opError(op)
             << ": padded dimension " << d << " overflows int64";
    shape.push_back(size);
  }
  if (failed(checkAgainstType(op, shape, op.getResultType())))
    return failure();
  FailureOr<DenseValue> out = ctx.allocate(op, src.kind(), shape);
  if (failed(out))
    return failure();
  Box box{low, SmallVector<int64_t>(src.shape()),
          SmallVector<int64_t>(src.rank(), 1)};
  FailureOr<std::optional<DenseValue>> value = constantPad(op, ctx);
  if (failed(value))
    return failure();
  if (*value) {
    if ((*value)->kind() != src.kind())
      return ExecContext::opError(op)
             << ": the padding value is not of the source's "
                "element type";
    fill(*out, (*value)->rawData());
  } else if (failed(generateElements(op, ctx, op.getRegion(), *out, &box))) {
    return failure();
  }
  copyBox(out->mutableData<char>(), shape, box,
          const_cast<char *>(src.data<char>()), elementSize(src.kind()),
          /*toBig=*/true);
  ctx.bind(op.getResult(), std::move(*out));
  return success();
}

LogicalResult executeConcat(tensor::ConcatOp op, ExecContext &ctx) {
  int64_t dim = static_cast<int64_t>(op.getDim());
  SmallVector<int64_t> shape(ctx.dense(op.getInputs().front()).shape());
  shape[dim] = 0;
  for (Value input : op.getInputs()) {
    ArrayRef<int64_t> s = ctx.dense(input).shape();
    for (size_t d = 0; d < shape.size(); ++d)
      if (static_cast<int64_t>(d) != dim && s[d] != shape[d])
        return ExecContext::opError(op)
               << ": inputs differ in dimension " << d << " (" << s[d] << " vs "
               << shape[d] << ")";
    if (__builtin_add_overflow(shape[dim], s[dim], &shape[dim]))
      return ExecContext::opError(op) << ": concatenated size overflows int64";
  }
  if (failed(checkAgainstType(op, shape, op.getResultType())))
    return failure();
  FailureOr<ElementKind> kind = ctx.kindOf(op, op.getResultType());
  if (failed(kind))
    return failure();
  FailureOr<DenseValue> out = ctx.allocate(op, *kind, shape);
  if (failed(out))
    return failure();
  Box box{SmallVector<int64_t>(shape.size(), 0), shape,
          SmallVector<int64_t>(shape.size(), 1)};
  for (Value input : op.getInputs()) {
    const DenseValue &in = ctx.dense(input);
    box.sizes[dim] = in.shape()[dim];
    copyBox(out->mutableData<char>(), shape, box,
            const_cast<char *>(in.data<char>()), elementSize(*kind),
            /*toBig=*/true);
    box.offsets[dim] += in.shape()[dim];
  }
  ctx.bind(op.getResult(), std::move(*out));
  return success();
}

} // namespace

SmallVector<int64_t>
systile::interp::resolveMixed(ExecContext &ctx, ArrayRef<OpFoldResult> mixed) {
  SmallVector<int64_t> out;
  out.reserve(mixed.size());
  for (OpFoldResult ofr : mixed) {
    if (auto attr = dyn_cast<Attribute>(ofr))
      out.push_back(cast<IntegerAttr>(attr).getInt());
    else
      out.push_back(scalarInt(ctx, cast<Value>(ofr)));
  }
  return out;
}

void systile::interp::copyBox(char *big, ArrayRef<int64_t> bigShape,
                              const Box &box, char *small, size_t elem,
                              bool toBig) {
  size_t rank = bigShape.size();
  if (rank == 0) {
    toBig ? std::memcpy(big, small, elem) : std::memcpy(small, big, elem);
    return;
  }
  if (llvm::is_contained(box.sizes, 0))
    return;
  SmallVector<int64_t> pitch(rank, 1);
  for (size_t d = rank - 1; d > 0; --d)
    pitch[d - 1] = pitch[d] * bigShape[d];
  int64_t inner = box.sizes[rank - 1], innerStride = box.strides[rank - 1];
  size_t run = static_cast<size_t>(inner) * elem;
  SmallVector<int64_t> idx(rank - 1, 0);
  while (true) {
    int64_t at = box.offsets[rank - 1];
    for (size_t d = 0; d + 1 < rank; ++d)
      at += (box.offsets[d] + idx[d] * box.strides[d]) * pitch[d];
    const int64_t size = static_cast<int64_t>(elem);
    if (innerStride == 1) {
      char *b = big + at * size;
      toBig ? std::memcpy(b, small, run) : std::memcpy(small, b, run);
    } else {
      // Element j at at + j * innerStride, a stride of any sign: each
      // address is formed in bounds (none past either end).
      for (int64_t j = 0; j < inner; ++j) {
        char *b = big + (at + j * innerStride) * size;
        toBig ? std::memcpy(b, small + j * size, elem)
              : std::memcpy(small + j * size, b, elem);
      }
    }
    small += run;
    int64_t d = static_cast<int64_t>(rank) - 2;
    for (; d >= 0; --d) {
      if (++idx[d] < box.sizes[d])
        break;
      idx[d] = 0;
    }
    if (d < 0)
      return;
  }
}

LogicalResult systile::interp::insertSlice(Operation *op, DenseValue &dest,
                                           const DenseValue &source,
                                           const Box &box) {
  if (failed(checkBox(op, dest.shape(), box)) ||
      failed(checkSliceSource(op, source.shape(), box.sizes)))
    return failure();
  int64_t count = 1;
  for (int64_t s : box.sizes)
    count *= s;
  if (count != source.numElements())
    return ExecContext::opError(op)
           << ": the source has " << source.numElements()
           << " elements but the slice has " << count;
  copyBox(dest.mutableData<char>(), dest.shape(), box,
          const_cast<char *>(source.data<char>()), elementSize(dest.kind()),
          /*toBig=*/true);
  return success();
}

Box systile::interp::sliceBox(ExecContext &ctx,
                              tensor::ParallelInsertSliceOp op) {
  return boxOf(op, ctx);
}

void systile::interp::registerTensorExecutionModels(DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *ctx, tensor::TensorDialect *) {
    attachModels<executeBitcast, executeCast, executeCollapseShape,
                 executeConcat, executeDim, executeEmpty, executeExpandShape,
                 executeExtractSlice, executeFromElements, executeGenerate,
                 executeInsert, executeInsertSlice, executePad, executeRank,
                 executeReshape, executeSplat>(*ctx);
    // tensor.extract also runs on lanes (see executeExtract).
    attachLaneModel<tensor::ExtractOp, executeExtract>(*ctx);
  });
}
