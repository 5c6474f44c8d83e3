//===- SystileModels.cpp - Execution models of the systile dialect --------===//
//
// The systile ops run through the runtime library, so their numerics are
// RFC 6's by construction. A chain of systile.mxu_matmul ops (one matmul
// after systile-block-matmul, as MatmulChains.h defines it) is one record
// of RFC 8 figures; when the chain is in RFC 6 order within one block it
// runs as one rt::simulateMatmul call at its last op (bit for bit the
// sequence of rt::simulateMxuBlock calls, which the runtime guarantees),
// otherwise load by load. A free relayout takes over its input's storage
// when nothing else holds it.
//
//===----------------------------------------------------------------------===//

#include "systile/Interpreter/ExecContext.h"

#include "systile/Dialect/Systile/Analysis/MatmulChains.h"
#include "systile/Dialect/Systile/IR/SystileOps.h"
#include "systile/Dialect/Systile/IR/SystileRuntimeBridge.h"
#include "systile/Runtime/Runtime.h"
#include "systile/Runtime/Tiling.h"

#include "mlir/IR/DialectResourceBlobManager.h"
#include "llvm/ADT/DenseMap.h"

#include <cstring>

using namespace mlir;
using namespace systile::interp;
namespace rt = systile::rt;
using systile::TiledType;
using systile::toRuntime;

namespace {

template <typename T> constexpr bool isFloatElement() {
  return std::is_same_v<T, float> || std::is_same_v<T, rt::bf16>;
}

/// Operand combinations the matmul simulator accepts.
template <typename L, typename R, typename A> constexpr bool isMatmulCombo() {
  return (isFloatElement<L>() && isFloatElement<R>() &&
          std::is_same_v<A, float>) ||
         (std::is_same_v<L, int8_t> && std::is_same_v<R, int8_t> &&
          std::is_same_v<A, int32_t>);
}

template <typename T>
FailureOr<RtValue> unwrap(Operation *op, rt::Expected<rt::TiledMatrix<T>> e) {
  if (!e)
    return ExecContext::opError(op) << ": " << e.error();
  return RtValue(e.take());
}

template <typename T>
FailureOr<RtValue> unwrap(Operation *op, rt::Expected<rt::TiledBatch<T>> e) {
  if (!e)
    return ExecContext::opError(op) << ": " << e.error();
  return RtValue(e.take());
}

/// The input of a per-matrix op (element type In), and the op run on every
/// matrix of it by `kernel`, a runtime kernel of one matrix.
template <typename Out, typename In, typename F>
FailureOr<RtValue> perMatrix(Operation *op, const TiledValue &input,
                             F &&kernel) {
  const auto &x = std::get<rt::TiledBatch<In>>(input.batch);
  return unwrap(op, rt::mapMatrices<Out>(x, std::forward<F>(kernel)));
}

/// Whether any padding slot of any matrix of `m` is non-zero (bitwise).
template <typename T> bool hasNonZeroPadding(const rt::TiledBatch<T> &m) {
  const int64_t n = m.layout().numElements();
  for (int64_t b = 0; b < m.numMatrices(); ++b)
    if (rt::findNonZeroPadding(m.layout().grid(), m.data() + b * n, sizeof(T)))
      return true;
  return false;
}

/// Binds `value` to `op`'s result, checking the pad = zero promise.
LogicalResult bindChecked(Operation *op, ExecContext &ctx, RtValue value) {
#if SYSTILE_CHECK_INVARIANTS
  // A scan of every result's padding: a whole pass over the storage, so
  // only in the sanitizer and fuzz builds (CMake's
  // SYSTILE_CHECK_INVARIANTS); the runtime's unit tests hold its results'
  // padding in every build.
  auto type = dyn_cast<TiledType>(op->getResult(0).getType());
  if (type && type.getPadKind() == systile::PadKind::Zero &&
      std::visit([](const auto &m) { return hasNonZeroPadding(m); },
                 value.tiled().batch))
    return op->emitError() << "internal error: the runtime's result for '"
                           << op->getName()
                           << "' has non-zero padding, but its type " << type
                           << " promises pad = zero";
#endif
  ctx.bind(op->getResult(0), std::move(value));
  return success();
}

LogicalResult bindChecked(Operation *op, ExecContext &ctx,
                          FailureOr<RtValue> value) {
  if (failed(value))
    return failure();
  return bindChecked(op, ctx, std::move(*value));
}

/// Admission of a tiled result of `type` against the run's memory budget.
LogicalResult admit(Operation *op, TiledType type,
                    const MemoryBudgetRef &budget) {
  uint64_t bytes = systile::storageBytes(type);
  if (llvm::Error e = systile::interp::admit(budget, bytes, "tiled storage"))
    return ExecContext::fail(op, std::move(e));
  return success();
}

//===----------------------------------------------------------------------===//
// Layout: pack, unpack, constant, fill_padding
//===----------------------------------------------------------------------===//

LogicalResult executePack(systile::PackOp pack, ExecContext &ctx) {
  TiledType type = pack.getResult().getType();
  // packDense admits the storage against the memory budget.
  auto packed = packDense(ctx.dense(pack.getInput()), systile::geometryOf(type),
                          pack.getTranspose(), ctx.options().threads,
                          ctx.options().memoryBudget);
  if (!packed)
    return ExecContext::fail(pack, packed.takeError());
  ctx.layoutStats().addPack(packed->layout(), elementSize(packed->kind()),
                            packed->numMatrices());
  return bindChecked(pack, ctx, RtValue(std::move(*packed)));
}

LogicalResult executeUnpack(systile::UnpackOp unpack, ExecContext &ctx) {
  auto dense =
      toDense(ctx.tiled(unpack.getInput()), ctx.options().memoryBudget);
  if (!dense)
    return ExecContext::fail(unpack, dense.takeError());
  const TiledValue &input = ctx.tiled(unpack.getInput());
  ctx.layoutStats().addUnpack(input.layout(), elementSize(dense->kind()),
                              input.numMatrices());
  ctx.bind(unpack.getResult(), RtValue(std::move(*dense)));
  return success();
}

/// `f(T{})` for the storage type T of a tiled element type (f32, bf16, i8,
/// f64; i32 otherwise, the verifier admitting no other).
template <typename F> auto withTiledElement(Type element, F &&f) {
  if (element.isF32())
    return f(float{});
  if (element.isBF16())
    return f(rt::bf16{});
  if (element.isInteger(8))
    return f(int8_t{});
  if (element.isF64())
    return f(double{});
  return f(int32_t{});
}

/// systile.to_storage: a copy of the tiled value's storage (a view would
/// chain every to_storage and from_storage pair of a loop's iterations to
/// the first storage).
LogicalResult executeToStorage(systile::ToStorageOp op, ExecContext &ctx) {
  const TiledValue &input = ctx.tiled(op.getInput());
  auto out = DenseValue::allocate(input.kind(), op.getType().getShape(),
                                  /*zero=*/false, ctx.options().memoryBudget);
  if (!out)
    return ExecContext::fail(op, out.takeError());
  std::visit(
      [&](const auto &b) {
        std::memcpy(out->template mutableData<char>(), b.data(),
                    out->sizeInBytes());
      },
      input.batch);
  ctx.bind(op.getResult(), RtValue(std::move(*out)));
  return success();
}

/// systile.from_storage: the tiled value borrowing the dense value's
/// elements as its storage (no copy; copied only if misaligned). Padding
/// that a pad = zero type promises to be zero is checked first.
template <typename T>
FailureOr<RtValue> tiledFromStorage(systile::FromStorageOp op,
                                    const DenseValue &storage,
                                    const MemoryBudgetRef &budget) {
  TiledType type = op.getType();
  if (type.getPadKind() == systile::PadKind::Zero)
    if (std::optional<std::string> where =
            systile::describeNonZeroPadding(type, storage.rawData()))
      return ExecContext::opError(op)
             << ": pad kind 'zero' requires zero padding, but " << *where;
  rt::Expected<rt::Layout> layout = systile::layoutOf(type);
  if (!layout)
    return ExecContext::opError(op) << ": " << layout.error();
  if (reinterpret_cast<uintptr_t>(storage.rawData()) % alignof(T) != 0 &&
      failed(admit(op, type, budget)))
    return failure();
  auto holder = std::make_shared<DenseValue>(storage);
  std::shared_ptr<const void> keep(holder, holder->rawData());
  return unwrap(op, rt::TiledBatch<T>::borrow(
                        systile::batchShapeOf(type), *layout,
                        holder->rawData(), holder->sizeInBytes(),
                        toRuntime(type.getPadKind()), std::move(keep)));
}

LogicalResult executeFromStorage(systile::FromStorageOp op, ExecContext &ctx) {
  const DenseValue &storage = ctx.dense(op.getInput());
  const MemoryBudgetRef &budget = ctx.options().memoryBudget;
  FailureOr<RtValue> value =
      withTiledElement(op.getType().getElementType(), [&](auto element) {
        using T = decltype(element);
        return tiledFromStorage<T>(op, storage, budget);
      });
  if (failed(value))
    return failure();
  return bindChecked(op, ctx, std::move(*value));
}

/// A splat constant's tiled value: storage of its own, filled with the
/// value (admitted against the memory budget). A splat whose bits are all
/// zero (+0, 0) borrows pages of zeros that are never written
/// (rt::mapZeros): a zero accumulator is read once, and reading it clears
/// no page.
template <typename T>
FailureOr<RtValue> buildSplat(Operation *op, const rt::Layout &layout,
                              ArrayRef<char> raw, TiledType type,
                              const MemoryBudgetRef &budget) {
  if (failed(admit(op, type, budget)))
    return failure();
  if (llvm::all_of(raw.take_front(sizeof(T)), [](char c) { return c == 0; })) {
    const rt::BatchShape batch = systile::batchShapeOf(type);
    // Admitted above: it fits the memory budget.
    const size_t bytes = static_cast<size_t>(systile::storageBytes(type));
    rt::Expected<std::shared_ptr<const void>> zeros = rt::mapZeros(bytes);
    if (!zeros)
      return ExecContext::opError(op) << ": " << zeros.error();
    rt::Expected<rt::TiledBatch<T>> m = rt::TiledBatch<T>::borrow(
        batch, layout, zeros->get(), bytes, toRuntime(type.getPadKind()),
        *zeros);
    if (!m)
      return ExecContext::opError(op) << ": " << m.error();
    return RtValue(m.take());
  }
  rt::Expected<rt::TiledBatch<T>> m =
      rt::TiledBatch<T>::uninitialized(systile::batchShapeOf(type), layout);
  if (!m)
    return ExecContext::opError(op) << ": " << m.error();
  T v;
  std::memcpy(&v, raw.data(), sizeof(T));
  T *data = m->data();
  std::fill(data, data + m->size(), v);
  m->setPadKind(toRuntime(type.getPadKind()));
  return RtValue(m.take());
}

/// A constant's tiled matrix. A splat is filled; otherwise the matrix
/// borrows the storage-order bytes in place (the dense attribute's data or
/// the dense_resource blob, e.g. mapped from a bytecode file), so the
/// constant is held once. The attribute and its blob live as long as the
/// MLIRContext, which must outlive the values (Interpreter.h). Only data not
/// aligned for T is copied (and then admitted against the memory budget).
template <typename T>
FailureOr<RtValue> buildConstant(Operation *op, systile::StorageBytes bytes,
                                 TiledType type,
                                 const MemoryBudgetRef &budget) {
  rt::Expected<rt::Layout> layout = systile::layoutOf(type);
  if (!layout)
    return ExecContext::opError(op) << ": " << layout.error();
  if (bytes.splat)
    return buildSplat<T>(op, *layout, bytes.data, type, budget);
  if (reinterpret_cast<uintptr_t>(bytes.data.data()) % alignof(T) != 0 &&
      failed(admit(op, type, budget)))
    return failure();
  rt::Expected<rt::TiledBatch<T>> m = rt::TiledBatch<T>::borrow(
      systile::batchShapeOf(type), *layout, bytes.data.data(),
      bytes.data.size(), toRuntime(type.getPadKind()));
  if (!m)
    return ExecContext::opError(op) << ": " << m.error();
  return RtValue(m.take());
}

/// A constant is built once per op and shared by every execution (a
/// constant in a loop body is not rebuilt). Its matrix is read-only: no
/// model writes to a tiled operand in place (and a borrowed matrix would
/// copy itself before any write, see TiledMatrix.h).
struct ConstantCache {
  RtValue value;
  bool built = false;
};

FailureOr<RtValue> buildTiledConstant(Operation *op,
                                      const MemoryBudgetRef &budget) {
  auto constant = cast<systile::ConstantOp>(op);
  TiledType type = constant.getResult().getType();
  std::optional<systile::StorageBytes> bytes = constant.getStorageBytes();
  if (!bytes)
    return ExecContext::opError(op)
           << ": its dense_resource '"
           << cast<DenseResourceElementsAttr>(constant.getValue())
                  .getRawHandle()
                  .getKey()
           << "' has no data (elided or not loaded)";
  return withTiledElement(type.getElementType(), [&](auto element) {
    return buildConstant<decltype(element)>(op, *bytes, type, budget);
  });
}

LogicalResult executeConstant(systile::ConstantOp op, ExecContext &ctx) {
  ConstantCache &cache = ctx.cached<ConstantCache>(op);
  if (!cache.built) {
    FailureOr<RtValue> value =
        buildTiledConstant(op, ctx.options().memoryBudget);
    if (failed(value))
      return failure();
    if (failed(bindChecked(op, ctx, *value)))
      return failure();
    cache = {std::move(*value), true};
    return success();
  }
  ctx.bind(op->getResult(0), cache.value);
  return success();
}

LogicalResult executeFillPadding(systile::FillPaddingOp fill,
                                 ExecContext &ctx) {
  RtValue input = ctx.take(fill->getOpOperand(0));
  TiledBatchVariant copy = input.tiled().batch;
  Attribute value = fill.getValue();
  std::visit(
      [&](auto &m) {
        using T = typename std::decay_t<decltype(m)>::value_type;
        T v{};
        if constexpr (std::is_same_v<T, float>)
          v = cast<FloatAttr>(value).getValue().convertToFloat();
        else if constexpr (std::is_same_v<T, rt::bf16>)
          v = rt::bf16::fromBits(static_cast<uint16_t>(cast<FloatAttr>(value)
                                                           .getValue()
                                                           .bitcastToAPInt()
                                                           .getZExtValue()));
        else
          v = static_cast<T>(
              cast<IntegerAttr>(value).getValue().getSExtValue());
        m.fillPadding(v);
      },
      copy);
  return bindChecked(fill, ctx, RtValue(TiledValue{std::move(copy)}));
}

//===----------------------------------------------------------------------===//
// Relayouts
//===----------------------------------------------------------------------===//

/// Runs the relayout `op` as `kernel(input)`, a runtime relayout of the
/// input's typed batch, and counts it in the layout figures. A free
/// relayout of an input nothing else holds gets the batch as an rvalue, so
/// the result takes over its storage; any other result is new storage,
/// admitted against the memory budget first.
template <typename Kernel>
LogicalResult executeRelayout(Operation *op, ExecContext &ctx,
                              Kernel &&kernel) {
  auto relayout = cast<systile::RelayoutOpInterface>(op);
  auto type = cast<TiledType>(op->getResult(0).getType());
  RtValue input = ctx.take(op->getOpOperand(0));
  const bool reuse = relayout.isFree() && input.isUniqueTiled();
  // A free relayout of a value used elsewhere too: a read-only view of its
  // storage under the result's shape, which keeps the input alive (and, so
  // held, never updated in place); a write to the view copies it first.
  const bool view = relayout.isFree() && !reuse;
  if (!reuse && !view && failed(admit(op, type, ctx.options().memoryBudget)))
    return failure();
  auto viewOf = [&](const auto &x) -> FailureOr<RtValue> {
    using T = typename std::decay_t<decltype(x)>::value_type;
    auto borrowed = rt::TiledBatch<T>::borrow(
        x.batchShape(), x.layout(), x.data(),
        static_cast<size_t>(x.size()) * sizeof(T), x.padKind(),
        std::make_shared<RtValue>(input));
    if (!borrowed)
      return unwrap(op, std::move(borrowed));
    return unwrap(op, kernel(std::move(*borrowed)));
  };
  FailureOr<RtValue> result =
      reuse  ? std::visit(
                  [&](auto &x) { return unwrap(op, kernel(std::move(x))); },
                  input.mutableTiled().batch)
      : view ? std::visit(viewOf, input.tiled().batch)
             : std::visit([&](const auto &x) { return unwrap(op, kernel(x)); },
                          input.tiled().batch);
  if (failed(result))
    return failure();
  const TiledValue &out = result->tiled();
  ctx.layoutStats().addRelayout(out.layout(), elementSize(out.kind()),
                                out.numMatrices(), relayout.isFree());
  return bindChecked(op, ctx, std::move(*result));
}

LogicalResult executeReshapeBatch(systile::ReshapeBatchOp op,
                                  ExecContext &ctx) {
  rt::BatchShape batch = systile::batchShapeOf(op.getType());
  return executeRelayout(op, ctx, [&](auto &&x) {
    return rt::reshapeBatch(std::forward<decltype(x)>(x), batch);
  });
}

LogicalResult executeMergeRows(systile::MergeRowsOp op, ExecContext &ctx) {
  return executeRelayout(op, ctx, [](auto &&x) {
    return rt::mergeRows(std::forward<decltype(x)>(x));
  });
}

LogicalResult executeSplitRows(systile::SplitRowsOp op, ExecContext &ctx) {
  const int64_t rows = op.getType().getRows();
  return executeRelayout(op, ctx, [&](auto &&x) {
    return rt::splitRows(std::forward<decltype(x)>(x), rows);
  });
}

LogicalResult executeSplitHeads(systile::SplitHeadsOp op, ExecContext &ctx) {
  const int64_t heads = op.getType().getBatchShape().back();
  return executeRelayout(
      op, ctx, [&](const auto &x) { return rt::splitHeads(x, heads); });
}

LogicalResult executeMergeHeads(systile::MergeHeadsOp op, ExecContext &ctx) {
  return executeRelayout(op, ctx,
                         [](const auto &x) { return rt::mergeHeads(x); });
}

LogicalResult executeReshape(systile::ReshapeOp op, ExecContext &ctx) {
  rt::BatchShape batch = systile::batchShapeOf(op.getType());
  const rt::Shape shape{op.getType().getRows(), op.getType().getCols()};
  return executeRelayout(op, ctx, [&](auto &&x) {
    return rt::reshape(std::forward<decltype(x)>(x), batch, shape);
  });
}

LogicalResult executeSlice(systile::SliceOp op, ExecContext &ctx) {
  const std::vector<int64_t> offsets(op.getOffsets().begin(),
                                     op.getOffsets().end());
  rt::BatchShape batch = systile::batchShapeOf(op.getType());
  const rt::Shape shape{op.getType().getRows(), op.getType().getCols()};
  // The interpreter copies even a free slice (a chip reads that range in
  // place), so it admits the copy whatever executeRelayout does.
  if (op.isFree() && failed(admit(op, op.getType(), ctx.options().memoryBudget)))
    return failure();
  return executeRelayout(op, ctx, [&](const auto &x) {
    return rt::slice(x, offsets, batch, shape);
  });
}

LogicalResult executeTranspose(systile::TransposeOp op, ExecContext &ctx) {
  return executeRelayout(op, ctx,
                         [](const auto &x) { return rt::transposeMinor(x); });
}

/// The window op's `pad_value` as an element of type T (+0 when absent;
/// the verifier checked its type).
template <typename T> T padValueAs(std::optional<TypedAttr> attr) {
  T zero;
  if constexpr (std::is_same_v<T, rt::bf16>)
    zero = rt::bf16::fromBits(0);
  else
    zero = T(0);
  if (!attr)
    return zero;
  if (auto f = dyn_cast<FloatAttr>(*attr)) {
    const float value = f.getValue().convertToFloat();
    if constexpr (std::is_same_v<T, rt::bf16>)
      return rt::bf16::fromFloat(value); // exact: the attr is bf16
    else if constexpr (std::is_floating_point_v<T>)
      return T(value);
  }
  if (auto i = dyn_cast<IntegerAttr>(*attr))
    if constexpr (std::is_integral_v<T>)
      return T(i.getValue().getSExtValue());
  return zero;
}

bool deferWindow(Operation *op, ExecContext &ctx);
LogicalResult executeDeferredWindow(Operation *op, ExecContext &ctx);

LogicalResult executeIm2col(systile::Im2colOp op, ExecContext &ctx) {
  if (deferWindow(op, ctx))
    return executeDeferredWindow(op, ctx);
  rt::ConvWindow window = op.getWindow();
  return executeRelayout(op, ctx, [&](const auto &x) {
    using T = typename std::decay_t<decltype(x)>::value_type;
    return rt::im2col(x, window, padValueAs<T>(op.getPadValue()));
  });
}

LogicalResult executeWindow(systile::WindowOp op, ExecContext &ctx) {
  if (deferWindow(op, ctx))
    return executeDeferredWindow(op, ctx);
  rt::ConvWindow window = op.getWindow();
  return executeRelayout(op, ctx, [&](const auto &x) {
    using T = typename std::decay_t<decltype(x)>::value_type;
    return rt::convTap(x, window, op.getTap()[0], op.getTap()[1],
                       padValueAs<T>(op.getPadValue()));
  });
}

//===----------------------------------------------------------------------===//
// Conversions and reductions
//===----------------------------------------------------------------------===//

LogicalResult executeTruncF(systile::TruncFOp op, ExecContext &ctx) {
  return bindChecked(
      op, ctx,
      perMatrix<rt::bf16, float>(op, ctx.tiled(op->getOperand(0)),
                                 [](const auto &x) {
                                   return rt::tryTruncToBF16(x);
                                 }));
}

LogicalResult executeExtF(systile::ExtFOp op, ExecContext &ctx) {
  return bindChecked(
      op, ctx,
      perMatrix<float, rt::bf16>(op, ctx.tiled(op->getOperand(0)),
                                 [](const auto &x) {
                                   return rt::tryExtToF32(x);
                                 }));
}

/// systile.quantize / systile.dequantize: `convert(x, scale, zero_point)`
/// on every input matrix (of element type In), through the runtime.
template <typename Out, typename In, typename Op, typename F>
LogicalResult executeAffine(Op affine, ExecContext &ctx, F convert) {
  float scale = affine.getScaleAttr().getValue().convertToFloat();
  auto zeroPoint = static_cast<int32_t>(affine.getZeroPointAttr().getInt());
  return bindChecked(affine, ctx,
                     perMatrix<Out, In>(affine, ctx.tiled(affine.getInput()),
                                        [&](const auto &x) {
                                          return convert(x, scale, zeroPoint);
                                        }));
}

LogicalResult executeQuantize(systile::QuantizeOp op, ExecContext &ctx) {
  return executeAffine<int8_t, float>(
      op, ctx, [](const auto &x, float scale, int32_t zeroPoint) {
        return rt::quantize(x, scale, zeroPoint);
      });
}

LogicalResult executeDequantize(systile::DequantizeOp op, ExecContext &ctx) {
  return executeAffine<float, int8_t>(
      op, ctx, [](const auto &x, float scale, int32_t zeroPoint) {
        return rt::dequantize(x, scale, zeroPoint);
      });
}

LogicalResult executeReduce(systile::ReduceOp r, ExecContext &ctx) {
  rt::ReduceKind kind = toRuntime(r.getKind());
  const TiledValue &x = ctx.tiled(r.getInput());
  auto reduce = [&](const auto &batch) {
    return unwrap(r, rt::reduce(batch, kind, r.getDim()));
  };
  if (x.kind() == ElementKind::F32)
    return bindChecked(r, ctx, reduce(std::get<rt::TiledBatch<float>>(x.batch)));
  if (x.kind() == ElementKind::I32)
    return bindChecked(r, ctx,
                       reduce(std::get<rt::TiledBatch<int32_t>>(x.batch)));
  if (x.kind() == ElementKind::F64)
    return bindChecked(r, ctx,
                       reduce(std::get<rt::TiledBatch<double>>(x.batch)));
  return r->emitError() << "systile.reduce supports f32, f64 and i32";
}

//===----------------------------------------------------------------------===//
// Matmuls
//===----------------------------------------------------------------------===//

/// Whether `v` is a systile.constant splat whose bits are all zero (+0.0,
/// 0): an accumulator the simulator need not read.
bool isZeroConstant(Value v) {
  auto constant = v.getDefiningOp<systile::ConstantOp>();
  if (!constant)
    return false;
  std::optional<systile::StorageBytes> bytes = constant.getStorageBytes();
  return bytes && bytes->splat &&
         llvm::all_of(bytes->data, [](char c) { return c == 0; });
}

/// The simulator options of `m`'s execution, whose accumulator is `acc`
/// (the chain head's for a fused chain).
template <typename OpTy>
rt::MatmulOptions matmulOptions(OpTy m, ExecContext &ctx, Value acc) {
  rt::MatmulOptions o;
  o.skipZeroBlocks = ctx.options().skipZeroBlocks;
  o.threads = ctx.options().threads;
  o.path = ctx.options().matmulKernel;
  o.rhsTransposed = m.getRhsTransposed();
  o.flushSubnormals = m.getFlushSubnormals();
  o.accIsZero = isZeroConstant(acc);
  return o;
}

/// Calls `f(lhs, rhs, acc)` with the typed batches when they are a
/// combination the simulator takes.
template <typename F>
LogicalResult withMatmulBatches(Operation *op, const TiledValue &lhs,
                                const TiledValue &rhs, const TiledValue &acc,
                                F &&f) {
  return std::visit(
      [&](const auto &l, const auto &r, const auto &a) -> LogicalResult {
        using L = typename std::decay_t<decltype(l)>::value_type;
        using R = typename std::decay_t<decltype(r)>::value_type;
        using A = typename std::decay_t<decltype(a)>::value_type;
        if constexpr (!isMatmulCombo<L, R, A>())
          return op->emitError() << "unsupported operand types";
        else
          return f(l, r, a);
      },
      lhs.batch, rhs.batch, acc.batch);
}

template <typename F>
LogicalResult withMatmulOperands(Operation *op, ExecContext &ctx, Value lhs,
                                 Value rhs, Value acc, F &&f) {
  return withMatmulBatches(op, ctx.tiled(lhs), ctx.tiled(rhs), ctx.tiled(acc),
                           std::forward<F>(f));
}

/// A batched matmul's result and the RFC 8 figures of the whole batch.
template <typename A> struct BatchMatmulResult {
  rt::TiledBatch<A> result;
  rt::MatmulStats stats;
};

/// Runs `simulate(lhs_b, rhs_b, acc_b)` (the simulator on matrices) for
/// every matrix b of a matmul's batch, the one rhs for every b when it is
/// `shared`, into one batch of the accumulator's shape. The figures are
/// those of the shared analysis (rt::batchStats): matrix 0's scaled to the
/// batch for a shared rhs (every matrix loads, or skips, the same weight
/// blocks: one load streams the rows of all), the sum over the matrices
/// otherwise. A single matrix keeps the simulator's result storage.
template <typename L, typename R, typename A, typename F>
rt::Expected<BatchMatmulResult<A>>
perMatrixMatmul(const rt::TiledBatch<L> &lhs, const rt::TiledBatch<R> &rhs,
                const rt::TiledBatch<A> &acc, bool shared, F &&simulate) {
  const int64_t n = acc.numMatrices();
  std::optional<rt::TiledBatch<A>> out;
  rt::UtilizationTotals totals;
  rt::MatmulStats first;
  for (int64_t b = 0; b < n; ++b) {
    auto r = simulate(lhs.matrix(b), rhs.matrix(shared ? 0 : b), acc.matrix(b));
    if (!r)
      return rt::Error(r.error());
    if (acc.batchShape().empty())
      return BatchMatmulResult<A>{
          rt::TiledBatch<A>::fromMatrix(std::move(r->result)), r->stats};
    const rt::TiledMatrix<A> &m = r->result;
    if (!out) {
      auto fresh = rt::TiledBatch<A>::uninitialized(acc.batchShape(), m.layout());
      if (!fresh)
        return rt::Error(fresh.error());
      out = fresh.take();
      first = r->stats;
    }
    std::copy(m.data(), m.data() + m.size(), out->data() + b * m.size());
    totals.add(r->stats);
  }
  out->setPadKind(rt::PadKind::Zero); // as every simulator result
  rt::Expected<rt::MatmulStats> stats =
      shared ? rt::batchStats(first, n, /*sharedWeights=*/true)
             : totals.stats();
  if (!stats)
    return rt::Error(stats.error());
  return BatchMatmulResult<A>{std::move(*out), *stats};
}

/// The whole matmul (rt::simulateMatmul) on every matrix of the batch.
template <typename L, typename R, typename A>
rt::Expected<BatchMatmulResult<A>>
simulateBatch(const rt::TiledBatch<L> &lhs, const rt::TiledBatch<R> &rhs,
              const rt::TiledBatch<A> &acc, bool shared,
              rt::Precision precision, const rt::MatmulOptions &options) {
  return perMatrixMatmul(lhs, rhs, acc, shared,
                         [&](const auto &l, const auto &w, const auto &a) {
                           return rt::simulateMatmul(l, w, a, precision,
                                                     options);
                         });
}

/// `stats` with the halo MACs of the matmul `m` (RFC 8; the shared
/// analysis, as systile-report-utilization counts them), or an error.
rt::Expected<rt::MatmulStats> withHalo(systile::MatmulOp m,
                                       rt::MatmulStats stats) {
  if (!systile::addHaloMacs(stats, m.getLhs(), m.getDepth(), m.getWidth(),
                            m.getLhs().getType().getMxu()))
    return rt::Error(rt::kStatsOverflow);
  return stats;
}

/// The same for the chain `ops` (its loads in the IR).
rt::Expected<rt::MatmulStats> withHalo(ArrayRef<systile::MxuMatmulOp> ops,
                                       rt::MatmulStats stats) {
  SmallVector<std::pair<int64_t, int64_t>> loads;
  for (systile::MxuMatmulOp op : ops)
    loads.emplace_back(op.getKbAttr().getInt(), op.getNbAttr().getInt());
  systile::MxuMatmulOp head = ops.front();
  if (!systile::addHaloMacs(stats, head.getLhs(), head.getDepth(),
                            head.getWidth(), head.getLhs().getType().getMxu(),
                            ArrayRef<std::pair<int64_t, int64_t>>(loads)))
    return rt::Error(rt::kStatsOverflow);
  return stats;
}

LogicalResult executeMatmul(systile::MatmulOp m, ExecContext &ctx) {
  const rt::MatmulOptions options = matmulOptions(m, ctx, m.getAcc());
  const rt::Precision precision = toRuntime(m.getPrecision());
  return withMatmulOperands(
      m, ctx, m.getLhs(), m.getRhs(), m.getAcc(),
      [&](const auto &lhs, const auto &rhs, const auto &acc) -> LogicalResult {
        auto r = simulateBatch(lhs, rhs, acc, m.hasSharedRhs(), precision,
                               options);
        if (!r)
          return m.emitError() << "systile.matmul: " << r.error();
        rt::Expected<rt::MatmulStats> stats = withHalo(m, r->stats);
        if (!stats)
          return m.emitError() << "systile.matmul: " << stats.error();
        ctx.recordMatmul({m.getLoc(), "systile.matmul", *stats});
        return bindChecked(m, ctx, RtValue(std::move(r->result)));
      });
}

/// What the interpreter knows of one chain of mxu_matmul ops.
struct ChainInfo {
  SmallVector<systile::MxuMatmulOp> ops;
  /// Runs as one simulateMatmul at its last op.
  bool fused = false;
  /// Loads of the matmul not in the IR (folded away).
  int64_t missing = 0;
  /// This execution of the chain runs fused; its operands, kept from the
  /// head to the last op.
  bool fusedNow = false;
  SmallVector<RtValue, 3> operands;
  /// This execution's lhs is the matrix of `window` (a systile.im2col or
  /// systile.window), read from its image (operands[0]) as it is packed:
  /// that op deferred it.
  Operation *window = nullptr;
  /// Figures summed over this execution (unfused chains).
  rt::UtilizationTotals stats;
};

/// A systile.im2col or systile.window whose matrix is never built: its
/// only uses are the lhs of one fused chain, which reads it from the image
/// (simulateWindowMatmul). The image is kept here from the op to the
/// chain's head.
struct DeferredWindow {
  bool analysed = false;
  bool defer = false;
  std::optional<RtValue> image;
};

/// The analysed chain a member of a chain belongs to (set for every member
/// when the head is analysed: walking back to the head from each member
/// would cost the square of the chain's length).
struct ChainMember {
  ChainInfo *info = nullptr;
};

/// The chain `op` belongs to, analysed once per head.
ChainInfo &chainOf(systile::MxuMatmulOp op, ExecContext &ctx) {
  if (ChainInfo *known = ctx.cached<ChainMember>(op).info)
    return *known;
  systile::MxuMatmulOp head = op;
  while (!systile::isChainHead(head))
    head = head.getAcc().getDefiningOp<systile::MxuMatmulOp>();
  ChainInfo &info = ctx.cached<ChainInfo>(head);
  if (!info.ops.empty())
    return info;
  info.ops = systile::collectChain(head);
  for (systile::MxuMatmulOp member : info.ops)
    ctx.cached<ChainMember>(member).info = &info;
  info.missing = head.getDepthBlocks() * head.getWidthBlocks() -
                 static_cast<int64_t>(info.ops.size());
  // A multi-pass load is its precision on one k block: only with one k
  // block is the chain the whole multi-pass matmul.
  info.fused = ctx.options().fuseMxuChains &&
               systile::isInMatmulOrder(info.ops) &&
               (systile::passCount(head.getPrecision()) == 1 ||
                head.getDepthBlocks() == 1) &&
               (info.missing == 0 || ctx.options().skipZeroBlocks);
  return info;
}

/// Whether `op`'s matrix need not be built: every use is the lhs of one
/// chain that runs fused, unbatched, with every load in the IR, and no
/// listener would see the value. Decided once per op.
bool deferWindow(Operation *op, ExecContext &ctx) {
  DeferredWindow &d = ctx.cached<DeferredWindow>(op);
  if (d.analysed)
    return d.defer;
  d.analysed = true;
  auto in = cast<TiledType>(op->getOperand(0).getType());
  auto out = cast<TiledType>(op->getResult(0).getType());
  if (!ctx.options().fuseMxuChains || ctx.options().listener ||
      in.isBatched() || out.isBatched())
    return false;
  Operation *head = nullptr;
  for (OpOperand &use : op->getUses()) {
    auto m = dyn_cast<systile::MxuMatmulOp>(use.getOwner());
    if (!m || use.getOperandNumber() != 0)
      return false;
    ChainInfo &info = chainOf(m, ctx);
    systile::MxuMatmulOp first = info.ops.front();
    if (!info.fused || info.missing != 0 || (head && head != first) ||
        first.getAcc().getType().isBatched() ||
        first.getRhs().getType().isBatched() || first.getRhsTransposed())
      return false;
    head = first;
  }
  d.defer = head != nullptr;
  return d.defer;
}

/// A deferred im2col or window: the chain's head reads the matrix from
/// the image, kept until then; the layout line counts the relayout all
/// the same (RFC 8 counts what the IR moves).
LogicalResult executeDeferredWindow(Operation *op, ExecContext &ctx) {
  RtValue image = ctx.take(op->getOpOperand(0));
  auto type = cast<TiledType>(op->getResult(0).getType());
  rt::Expected<rt::Layout> layout = systile::layoutOf(type);
  if (!layout)
    return op->emitError() << op->getName() << ": " << layout.error();
  ctx.layoutStats().addRelayout(
      *layout, elementSize(image.tiled().kind()), 1,
      cast<systile::RelayoutOpInterface>(op).isFree());
  ctx.cached<DeferredWindow>(op).image = std::move(image);
  return success();
}

/// A chain with loads folded away equals simulateMatmul only when the
/// folded blocks are zero and zero blocks are skipped anyway.
template <typename R>
bool missingAreZero(const ChainInfo &info, const rt::TiledMatrix<R> &rhs,
                    TiledType rhsType) {
  if (info.missing == 0)
    return true;
  int64_t nkb = rhsType.getRowBlocks(), nnb = rhsType.getColBlocks();
  std::vector<char> present(static_cast<size_t>(nkb * nnb), 0);
  for (systile::MxuMatmulOp op : info.ops)
    present[op.getKbAttr().getInt() * nnb + op.getNbAttr().getInt()] = 1;
  rt::SparseTileMap map = rt::SparseTileMap::compute(rhs);
  for (int64_t kb = 0; kb < nkb; ++kb)
    for (int64_t nb = 0; nb < nnb; ++nb)
      if (!present[kb * nnb + nb] && !map.isZeroBlock(kb, nb))
        return false;
  return true;
}

/// Decides at the chain's head whether this execution runs fused, and
/// then keeps the operands (the frame may release them before the last
/// op). A batched or transposed-rhs chain with loads folded away runs load
/// by load (the same bits; the zero test of the folded blocks reads one
/// K x N matrix).
LogicalResult startChain(systile::MxuMatmulOp head, ChainInfo &info,
                         ExecContext &ctx) {
  info.stats = rt::UtilizationTotals();
  info.fusedNow = false;
  info.window = nullptr;
  if (!info.fused)
    return success();
  Operation *source = head.getLhs().getDefiningOp();
  if (source && isa<systile::Im2colOp, systile::WindowOp>(source)) {
    DeferredWindow &deferred = ctx.cached<DeferredWindow>(source);
    if (deferred.image) {
      info.fusedNow = true;
      info.window = source;
      info.operands = {std::move(*deferred.image), ctx.lookup(head.getRhs()),
                       ctx.take(head.getAccMutable())};
      deferred.image.reset();
      return success();
    }
  }
  const bool plain = !head.getAcc().getType().isBatched() &&
                     !head.getRhs().getType().isBatched() &&
                     !head.getRhsTransposed();
  return withMatmulOperands(
      head, ctx, head.getLhs(), head.getRhs(), head.getAcc(),
      [&](const auto &, const auto &rhs, const auto &) -> LogicalResult {
        info.fusedNow =
            info.missing == 0 ||
            (plain &&
             missingAreZero(info, rhs.matrix(0), head.getRhs().getType()));
        // The accumulator is taken: when the chain is its last use and
        // nothing else holds it, a single matrix's result is written over
        // it.
        if (info.fusedNow)
          info.operands = {ctx.lookup(head.getLhs()), ctx.lookup(head.getRhs()),
                           ctx.take(head.getAccMutable())};
        return success();
      });
}

/// simulateMatmulInPlace over a single-matrix accumulator that nothing
/// else holds, or nullopt.
template <typename A, typename L, typename R>
std::optional<rt::Expected<BatchMatmulResult<A>>>
tryInPlace(const rt::TiledBatch<L> &lhs, const rt::TiledBatch<R> &rhs,
           RtValue &acc, rt::Precision precision,
           const rt::MatmulOptions &options) {
  if (!lhs.batchShape().empty() || !rhs.batchShape().empty() ||
      !acc.isUniqueTiled())
    return std::nullopt;
  auto &batch = std::get<rt::TiledBatch<A>>(acc.mutableTiled().batch);
  if (!batch.batchShape().empty())
    return std::nullopt;
  auto owned = batch.releaseMatrix();
  if (!owned)
    return std::nullopt;
  auto r = rt::simulateMatmulInPlace(lhs.matrix(0), rhs.matrix(0),
                                     owned.take(), precision, options);
  if (!r)
    return rt::Expected<BatchMatmulResult<A>>(rt::Error(r.error()));
  return rt::Expected<BatchMatmulResult<A>>(BatchMatmulResult<A>{
      rt::TiledBatch<A>::fromMatrix(std::move(r->result)), r->stats});
}

/// A fused chain whose lhs is the matrix of `source` (a systile.im2col or
/// systile.window), read from the image `lhs` (one matrix, as deferWindow
/// requires), in place over `acc` when nothing else holds it.
template <typename A, typename L, typename R>
rt::Expected<BatchMatmulResult<A>>
windowMatmul(Operation *source, const rt::TiledBatch<L> &lhs,
             const rt::TiledBatch<R> &rhs, RtValue &acc,
             rt::Precision precision, const rt::MatmulOptions &options) {
  rt::ConvWindow window;
  std::optional<TypedAttr> padAttr;
  int64_t tap = -1;
  if (auto im2col = dyn_cast<systile::Im2colOp>(source)) {
    window = im2col.getWindow();
    padAttr = im2col.getPadValue();
  } else {
    auto one = cast<systile::WindowOp>(source);
    window = one.getWindow();
    padAttr = one.getPadValue();
    tap = one.getTap()[0] * window.kernelW + one.getTap()[1];
  }
  const L pad = padValueAs<L>(padAttr);
  auto wrap = [](rt::Expected<rt::MatmulResult<A>> r)
      -> rt::Expected<BatchMatmulResult<A>> {
    if (!r)
      return rt::Error(r.error());
    return BatchMatmulResult<A>{
        rt::TiledBatch<A>::fromMatrix(std::move(r->result)), r->stats};
  };
  if (acc.isUniqueTiled()) {
    auto &batch = std::get<rt::TiledBatch<A>>(acc.mutableTiled().batch);
    if (auto owned = batch.releaseMatrix())
      return wrap(rt::simulateWindowMatmulInPlace(
          lhs.matrix(0), window, pad, rhs.matrix(0), owned.take(), precision,
          options, tap));
  }
  const auto &batch = std::get<rt::TiledBatch<A>>(acc.tiled().batch);
  return wrap(rt::simulateWindowMatmul(lhs.matrix(0), window, pad,
                                       rhs.matrix(0), batch.matrix(0),
                                       precision, options, tap));
}

LogicalResult runFused(systile::MxuMatmulOp m, ChainInfo &info,
                       ExecContext &ctx) {
  SmallVector<RtValue, 3> operands = std::move(info.operands);
  info.operands.clear();
  const rt::MatmulOptions options =
      matmulOptions(m, ctx, info.ops.front().getAcc());
  const rt::Precision precision = toRuntime(m.getPrecision());
  return withMatmulBatches(
      m, operands[0].tiled(), operands[1].tiled(), operands[2].tiled(),
      [&](const auto &lhs, const auto &rhs, const auto &acc) -> LogicalResult {
        using A = typename std::decay_t<decltype(acc)>::value_type;
        rt::Expected<BatchMatmulResult<A>> r = [&] {
          if (info.window)
            return windowMatmul<A>(info.window, lhs, rhs, operands[2],
                                   precision, options);
          if (auto one =
                  tryInPlace<A>(lhs, rhs, operands[2], precision, options))
            return std::move(*one);
          return simulateBatch(lhs, rhs, acc, m.hasSharedRhs(), precision,
                               options);
        }();
        if (!r)
          return m.emitError() << "systile.mxu_matmul: " << r.error();
        rt::Expected<rt::MatmulStats> stats = withHalo(info.ops, r->stats);
        if (!stats)
          return m.emitError() << "systile.mxu_matmul: " << stats.error();
        ctx.recordMatmul(
            {info.ops.front().getLoc(), "systile.mxu_matmul", *stats});
        return bindChecked(m, ctx, RtValue(std::move(r->result)));
      });
}

LogicalResult runOne(systile::MxuMatmulOp m, ChainInfo &info,
                     ExecContext &ctx) {
  const rt::MatmulOptions options = matmulOptions(m, ctx, m.getAcc());
  const rt::Precision precision = toRuntime(m.getPrecision());
  const int64_t kb = m.getKbAttr().getInt(), nb = m.getNbAttr().getInt();
  return withMatmulOperands(
      m, ctx, m.getLhs(), m.getRhs(), m.getAcc(),
      [&](const auto &lhs, const auto &rhs, const auto &acc) -> LogicalResult {
        auto r = perMatrixMatmul(
            lhs, rhs, acc, m.hasSharedRhs(),
            [&](const auto &l, const auto &w, const auto &a) {
              return rt::simulateMxuBlock(l, w, a, kb, nb, precision, options);
            });
        if (!r)
          return m.emitError() << "systile.mxu_matmul: " << r.error();
        info.stats.add(r->stats);
        if (m == info.ops.back()) {
          // Loads of the matmul not in the IR were folded away: skipped,
          // as systile-report-utilization counts them (once per weight
          // matrix and pass).
          const int64_t weights =
              m.hasSharedRhs() ? 1 : m.getAcc().getType().getNumMatrices();
          info.stats.addSkippedLoads(info.missing * weights *
                                     systile::passCount(m.getPrecision()));
          rt::Expected<rt::MatmulStats> sum = info.stats.stats();
          if (sum)
            sum = withHalo(info.ops, *sum);
          if (!sum)
            return m.emitError() << "systile.mxu_matmul: " << sum.error();
          ctx.recordMatmul(
              {info.ops.front().getLoc(), "systile.mxu_matmul", *sum});
        }
        return bindChecked(m, ctx, RtValue(std::move(r->result)));
      });
}

/// A convolution's taps (conv-strategy=taps): one-load chains, each
/// reading a deferred systile.window of one image (the same window but
/// for the tap) and accumulating into the one before, with nothing else
/// between them in the block. They run together, at the first, through
/// rt::simulateWindowTapsInPlace (image by image, the accumulator in
/// cache), with the same bits and each tap's own figures; the last binds
/// the result.
struct TapSequence {
  bool analysed = false;
  SmallVector<systile::MxuMatmulOp> taps; // Two or more when valid.
  SmallVector<systile::WindowOp> windows;
  /// This execution runs the sequence; the result, from the first tap to
  /// the last.
  bool activeNow = false;
  std::optional<RtValue> result;
};
/// The sequence an mxu_matmul belongs to (null when none).
struct TapMember {
  bool analysed = false;
  TapSequence *sequence = nullptr;
  size_t index = 0;
};

/// Whether `m` is a one-load chain reading a window whose matrix is never
/// built, the window.
systile::WindowOp tapWindow(systile::MxuMatmulOp m, ExecContext &ctx) {
  ChainInfo &info = chainOf(m, ctx);
  if (info.ops.size() != 1 || !info.fused || info.missing != 0 ||
      m.getRhsTransposed() || m.getAcc().getType().isBatched() ||
      m.getRhs().getType().isBatched())
    return nullptr;
  auto window = m.getLhs().getDefiningOp<systile::WindowOp>();
  if (!window || !deferWindow(window, ctx))
    return nullptr;
  return window;
}

bool sameWindow(systile::WindowOp a, systile::WindowOp b) {
  const rt::ConvWindow x = a.getWindow(), y = b.getWindow();
  return a.getInput() == b.getInput() && a.getPadValue() == b.getPadValue() &&
         x.batch == y.batch && x.height == y.height && x.width == y.width &&
         x.kernelH == y.kernelH && x.kernelW == y.kernelW &&
         x.strideH == y.strideH && x.strideW == y.strideW &&
         x.dilationH == y.dilationH && x.dilationW == y.dilationW &&
         x.padTop == y.padTop && x.padLeft == y.padLeft &&
         x.padBottom == y.padBottom && x.padRight == y.padRight;
}

/// The tap sequence starting at `first`, analysed once (also marking its
/// members).
TapSequence *analyseTaps(systile::MxuMatmulOp first, ExecContext &ctx) {
  TapSequence &seq = ctx.cached<TapSequence>(first);
  if (seq.analysed)
    return seq.taps.size() >= 2 ? &seq : nullptr;
  seq.analysed = true;
  systile::WindowOp w0 = tapWindow(first, ctx);
  if (!w0)
    return nullptr;
  seq.taps.push_back(first);
  seq.windows.push_back(w0);
  for (systile::MxuMatmulOp m = first; m->hasOneUse();) {
    OpOperand &use = *m->use_begin();
    auto next = dyn_cast<systile::MxuMatmulOp>(use.getOwner());
    if (!next || use.get() != next.getAcc() ||
        next->getBlock() != first->getBlock() ||
        next.getPrecision() != first.getPrecision() ||
        next.getFlushSubnormals() != first.getFlushSubnormals() ||
        next.getRhs().getType().getElementType() !=
            first.getRhs().getType().getElementType())
      break;
    systile::WindowOp w = tapWindow(next, ctx);
    if (!w || !sameWindow(w, w0))
      break;
    seq.taps.push_back(next);
    seq.windows.push_back(w);
    m = next;
  }
  // Nothing but the windows and the taps between the first and the last:
  // every weight is defined before the first, and the figures are
  // recorded in the order the taps would record them.
  llvm::SmallPtrSet<Operation *, 32> members;
  for (size_t t = 0; t < seq.taps.size(); ++t) {
    members.insert(seq.taps[t]);
    if (t > 0)
      members.insert(seq.windows[t]);
  }
  size_t count = 0;
  for (Operation *op = first->getNextNode(); op && count + 1 < members.size();
       op = op->getNextNode()) {
    if (!members.contains(op)) {
      seq.taps.resize(1);
      break;
    }
    ++count;
  }
  if (seq.taps.size() < 2) {
    seq.taps.clear();
    return nullptr;
  }
  for (size_t t = 0; t < seq.taps.size(); ++t)
    ctx.cached<TapMember>(seq.taps[t]) = {true, &seq, t};
  return &seq;
}

/// Runs the whole sequence at its first tap: the image from the first
/// window's deferral, every tap's weight, the accumulator taken (copied
/// on its first write when something else holds it). Leaves activeNow
/// false, and each tap to run as its own chain, when the image was not
/// deferred this time.
LogicalResult runTaps(TapSequence &seq, ExecContext &ctx) {
  systile::MxuMatmulOp first = seq.taps.front();
  DeferredWindow &deferred = ctx.cached<DeferredWindow>(seq.windows.front());
  if (!deferred.image)
    return success();
  RtValue image = std::move(*deferred.image);
  deferred.image.reset();
  RtValue acc = ctx.take(first.getAccMutable());
  SmallVector<RtValue> weights;
  for (systile::MxuMatmulOp m : seq.taps)
    weights.push_back(ctx.lookup(m.getRhs()));
  const rt::MatmulOptions options = matmulOptions(first, ctx, first.getAcc());
  const rt::Precision precision = toRuntime(first.getPrecision());
  systile::WindowOp w0 = seq.windows.front();
  const rt::ConvWindow window = w0.getWindow();
  std::vector<int64_t> taps;
  for (systile::WindowOp w : seq.windows)
    taps.push_back(w.getTap()[0] * window.kernelW + w.getTap()[1]);
  seq.activeNow = true;
  return withMatmulBatches(
      first, image.tiled(), weights.front().tiled(), acc.tiled(),
      [&](const auto &img, const auto &rhs0, const auto &a) -> LogicalResult {
        using L = typename std::decay_t<decltype(img)>::value_type;
        using R = typename std::decay_t<decltype(rhs0)>::value_type;
        using A = typename std::decay_t<decltype(a)>::value_type;
        std::vector<rt::TiledMatrix<R>> mats;
        for (const RtValue &w : weights)
          mats.push_back(std::get<rt::TiledBatch<R>>(w.tiled().batch).matrix(0));
        std::vector<const rt::TiledMatrix<R> *> rhs;
        for (const rt::TiledMatrix<R> &mat : mats)
          rhs.push_back(&mat);
        rt::TiledMatrix<A> target = a.matrix(0);
        if (acc.isUniqueTiled()) {
          auto &batch = std::get<rt::TiledBatch<A>>(acc.mutableTiled().batch);
          if (auto owned = batch.releaseMatrix())
            target = owned.take();
        }
        std::vector<rt::MatmulStats> perTap;
        auto r = rt::simulateWindowTapsInPlace(
            img.matrix(0), window, padValueAs<L>(w0.getPadValue()), rhs, taps,
            std::move(target), precision, options, &perTap);
        if (!r)
          return first.emitError() << "systile.mxu_matmul: " << r.error();
        for (size_t t = 0; t < seq.taps.size(); ++t) {
          rt::Expected<rt::MatmulStats> stats =
              withHalo(ArrayRef<systile::MxuMatmulOp>(seq.taps[t]), perTap[t]);
          if (!stats)
            return seq.taps[t].emitError()
                   << "systile.mxu_matmul: " << stats.error();
          ctx.recordMatmul(
              {seq.taps[t].getLoc(), "systile.mxu_matmul", *stats});
        }
        seq.result =
            RtValue(rt::TiledBatch<A>::fromMatrix(std::move(r->result)));
        return success();
      });
}

/// A tap of a sequence: the first runs it, the others bind nothing (each
/// result's one use is the next tap) but the last, which binds the result.
/// Nullopt when `m` runs as its own chain.
std::optional<LogicalResult> executeTap(systile::MxuMatmulOp m,
                                        ExecContext &ctx) {
  TapMember &member = ctx.cached<TapMember>(m);
  if (!member.analysed) {
    member.analysed = true;
    analyseTaps(m, ctx);
  }
  if (!member.sequence)
    return std::nullopt;
  TapSequence &seq = *member.sequence;
  if (member.index == 0) {
    seq.activeNow = false;
    seq.result.reset();
    if (failed(runTaps(seq, ctx)))
      return failure();
  }
  if (!seq.activeNow)
    return std::nullopt;
  // The window's deferral kept the image for a chain that will not read it.
  ctx.cached<DeferredWindow>(seq.windows[member.index]).image.reset();
  if (member.index + 1 < seq.taps.size())
    return success();
  RtValue result = std::move(*seq.result);
  seq.result.reset();
  seq.activeNow = false;
  return bindChecked(m, ctx, std::move(result));
}

LogicalResult executeMxuMatmul(systile::MxuMatmulOp m, ExecContext &ctx) {
  if (std::optional<LogicalResult> tap = executeTap(m, ctx))
    return *tap;
  ChainInfo &info = chainOf(m, ctx);
  if (m == info.ops.front() && failed(startChain(m, info, ctx)))
    return failure();
  if (!info.fusedNow)
    return runOne(m, info, ctx);
  // Earlier ops of a fused chain bind nothing: their results have exactly
  // one use, the next op of the chain.
  return m == info.ops.back() ? runFused(m, info, ctx) : success();
}

} // namespace

void systile::interp::registerSystileExecutionModels(
    DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *ctx, systile::SystileDialect *) {
    attachModels<executePack, executeUnpack, executeToStorage,
                 executeFromStorage, executeConstant,
                 executeFillPadding, executeReshapeBatch, executeMergeRows,
                 executeSplitRows, executeSplitHeads, executeMergeHeads,
                 executeSlice,
                 executeTranspose, executeReshape, executeIm2col, executeWindow, executeTruncF, executeExtF,
                 executeQuantize, executeDequantize, executeReduce,
                 executeMatmul, executeMxuMatmul>(*ctx);
  });
}
