//===- Interpreter.cpp - Executes systile IR with the runtime -------------===//
//
// A straight-line interpreter: a function body is one block whose ops run in
// order, each reading its operands' run-time values from the frame and
// binding its results. Non-systile ops go to Kernels.cpp; systile ops call
// the runtime library. mxu_matmul chains are analysed once per block (see
// Interpreter.h) and executed when their last op is reached; that is sound
// because every intermediate result of a chain has exactly one use, the next
// op of the chain.
//
//===----------------------------------------------------------------------===//

#include "systile/Interpreter/Interpreter.h"

#include "Kernels.h"

#include "systile/Dialect/Systile/IR/SystileOps.h"
#include "systile/Runtime/Runtime.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace systile::interp;
namespace rt = systile::rt;
using systile::TiledType;

namespace {

using Frame = llvm::DenseMap<Value, RtValue>;

/// A chain of mxu_matmul ops of one matmul, in program order.
struct Chain {
  SmallVector<systile::MxuMatmulOp> ops;
  /// One precision, and for each nb the kbs strictly increase: the
  /// section 6 order, so simulateMatmul reproduces it.
  bool inMatmulOrder = true;
};

struct BlockChains {
  llvm::DenseMap<Operation *, unsigned> chainOf;
  SmallVector<Chain> chains;
};

/// The same chain rule as systile-report-utilization: the one user of `op`'s
/// result, when it is an mxu_matmul on the same operands accumulating into
/// it (and, here, in the same block).
systile::MxuMatmulOp nextInChain(systile::MxuMatmulOp op) {
  if (!op.getResult().hasOneUse())
    return {};
  auto next =
      dyn_cast<systile::MxuMatmulOp>(*op.getResult().getUsers().begin());
  if (!next || next.getAcc() != op.getResult() ||
      next.getLhs() != op.getLhs() || next.getRhs() != op.getRhs() ||
      next->getBlock() != op->getBlock())
    return {};
  return next;
}

std::unique_ptr<BlockChains> analyseChains(Block &block) {
  auto result = std::make_unique<BlockChains>();
  for (Operation &op : block) {
    auto mxu = dyn_cast<systile::MxuMatmulOp>(op);
    if (!mxu || result->chainOf.count(&op))
      continue;
    Chain chain;
    llvm::DenseMap<int64_t, int64_t> lastKb;
    for (auto it = mxu; it; it = nextInChain(it)) {
      int64_t kb = it.getKbAttr().getInt(), nb = it.getNbAttr().getInt();
      auto found = lastKb.find(nb);
      if ((found != lastKb.end() && found->second >= kb) ||
          it.getPrecision() != mxu.getPrecision())
        chain.inMatmulOrder = false;
      lastKb[nb] = kb;
      result->chainOf[it] = result->chains.size();
      chain.ops.push_back(it);
    }
    result->chains.push_back(std::move(chain));
  }
  return result;
}

rt::Geometry geometryOf(TiledType type) {
  return {type.getSublanes(), type.getLanes(), type.getMxu()};
}

rt::Precision toRt(systile::Precision precision) {
  return precision == systile::Precision::BF16 ? rt::Precision::BF16
                                               : rt::Precision::F32;
}

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

} // namespace

struct Interpreter::Impl {
  ModuleOp module;
  InterpreterOptions options;
  SmallVector<MatmulRecord> records;
  llvm::DenseMap<Block *, std::unique_ptr<BlockChains>> chainCache;
  unsigned depth = 0;

  Impl(ModuleOp module, InterpreterOptions options)
      : module(module), options(options) {}

  rt::MatmulOptions matmulOptions() const {
    rt::MatmulOptions o;
    o.skipZeroBlocks = options.skipZeroBlocks;
    o.threads = options.threads;
    return o;
  }

  FailureOr<SmallVector<RtValue>> call(func::FuncOp function,
                                       ArrayRef<RtValue> args);
  LogicalResult execute(Operation *op, Frame &frame, BlockChains &chains);

  // Op groups.
  LogicalResult executeArith(Operation *op, Frame &frame);
  LogicalResult executeSystile(Operation *op, Frame &frame,
                               BlockChains &chains);
  LogicalResult executeChain(const Chain &chain, Frame &frame);
  LogicalResult checkPadding(Operation *op, const RtValue &value);

  static const DenseValue &dense(Frame &frame, Value v) {
    return frame.find(v)->second.dense();
  }
  static const TiledValue &tiled(Frame &frame, Value v) {
    return frame.find(v)->second.tiled();
  }
};

Interpreter::Interpreter(ModuleOp module, InterpreterOptions options)
    : impl(std::make_unique<Impl>(module, options)) {}
Interpreter::~Interpreter() = default;

ArrayRef<MatmulRecord> Interpreter::matmuls() const { return impl->records; }

FailureOr<SmallVector<RtValue>> Interpreter::run(func::FuncOp function,
                                                 ArrayRef<RtValue> args) {
  return impl->call(function, args);
}

FailureOr<SmallVector<RtValue>>
Interpreter::Impl::call(func::FuncOp function, ArrayRef<RtValue> args) {
  if (function.isExternal())
    return function.emitError() << "cannot execute @" << function.getSymName()
                                << ": it is a declaration without a body";
  if (!function.getBody().hasOneBlock())
    return function.emitError()
           << "cannot execute @" << function.getSymName() << ": it has "
           << function.getBody().getBlocks().size()
           << " blocks; systile-run executes straight-line functions (one "
              "block)";
  if (depth >= options.maxCallDepth)
    return function.emitError() << "call depth exceeds " << options.maxCallDepth
                                << " (unbounded recursion?)";
  Block &block = function.getBody().front();
  if (block.getNumArguments() != args.size())
    return function.emitError() << "expects " << block.getNumArguments()
                                << " arguments, got " << args.size();

  std::unique_ptr<BlockChains> &chains = chainCache[&block];
  if (!chains)
    chains = analyseChains(block);

  Frame frame;
  for (auto [arg, value] : llvm::zip(block.getArguments(), args))
    frame[arg] = value;

  ++depth;
  llvm::scope_exit leave([&] { --depth; });
  for (Operation &op : block) {
    if (auto ret = dyn_cast<func::ReturnOp>(op)) {
      SmallVector<RtValue> results;
      for (Value v : ret.getOperands())
        results.push_back(frame.find(v)->second);
      return results;
    }
    if (failed(execute(&op, frame, *chains)))
      return failure();
  }
  return function.emitError() << "body does not end in func.return";
}

LogicalResult Interpreter::Impl::execute(Operation *op, Frame &frame,
                                         BlockChains &chains) {
  if (auto callOp = dyn_cast<func::CallOp>(op)) {
    auto callee = SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(
        op, callOp.getCalleeAttr());
    if (!callee)
      return op->emitError() << "no function @" << callOp.getCallee();
    SmallVector<RtValue> args;
    for (Value v : callOp.getOperands())
      args.push_back(frame.find(v)->second);
    auto results = call(callee, args);
    if (failed(results)) {
      op->emitRemark() << "called from here";
      return failure();
    }
    for (auto [r, v] : llvm::zip(callOp.getResults(), *results))
      frame[r] = v;
    return success();
  }
  if (op->getDialect() && op->getDialect()->getNamespace() ==
                              systile::SystileDialect::getDialectNamespace())
    return executeSystile(op, frame, chains);
  return executeArith(op, frame);
}

//===----------------------------------------------------------------------===//
// arith, tensor, linalg
//===----------------------------------------------------------------------===//

namespace {
/// The static shape of a tensor type, or {} for a scalar; failure for
/// anything else.
FailureOr<SmallVector<int64_t, 2>> staticShape(Operation *op, Type type) {
  if (auto tensor = dyn_cast<RankedTensorType>(type)) {
    if (!tensor.hasStaticShape())
      return op->emitError()
             << "dynamic shape " << type << " is not supported by systile-run";
    return SmallVector<int64_t, 2>(tensor.getShape());
  }
  if (isa<ShapedType>(type))
    return op->emitError() << "type " << type
                           << " is not supported by systile-run (it executes "
                              "scalars, static ranked tensors and tiled "
                              "tensors)";
  return SmallVector<int64_t, 2>();
}

FailureOr<ElementKind> kindOf(Operation *op, Type type) {
  std::optional<ElementKind> kind = getElementKind(getElementTypeOrSelf(type));
  if (!kind)
    return op->emitError() << "'" << op->getName() << "' on element type "
                           << getElementTypeOrSelf(type)
                           << " is not supported (systile-run computes with "
                              "f32, bf16, i8 and i32)";
  return *kind;
}

LogicalResult fromError(Operation *op, llvm::Error error) {
  std::string message = llvm::toString(std::move(error));
  return op->emitError() << "'" << op->getName() << "': " << message;
}
} // namespace

LogicalResult Interpreter::Impl::executeArith(Operation *op, Frame &frame) {
  // Every operand and result must have a supported element type.
  for (Type t :
       llvm::concat<const Type>(op->getOperandTypes(), op->getResultTypes()))
    if (failed(staticShape(op, t)) || failed(kindOf(op, t)))
      return failure();

  auto bind = [&](llvm::Expected<DenseValue> value) -> LogicalResult {
    if (!value)
      return fromError(op, value.takeError());
    frame[op->getResult(0)] = RtValue(std::move(*value));
    return success();
  };
  auto floatBin = [&](FloatBinary kind) {
    return bind(floatBinary(kind, dense(frame, op->getOperand(0)),
                            dense(frame, op->getOperand(1))));
  };
  auto intBin = [&](IntBinary kind) {
    return bind(intBinary(kind, dense(frame, op->getOperand(0)),
                          dense(frame, op->getOperand(1))));
  };
  auto convert = [&](Cast kind) {
    return bind(castElements(
        kind, dense(frame, op->getOperand(0)),
        *getElementKind(getElementTypeOrSelf(op->getResult(0).getType()))));
  };
  auto unsupported = [&](Operation *op) -> LogicalResult {
    return op->emitError()
           << "systile-run cannot execute '" << op->getName()
           << "' (it executes func.call/func.return, arith constants, "
              "element-wise and cast ops, tensor.empty, linalg.fill, "
              "linalg.matmul and the systile ops)";
  };

  return llvm::TypeSwitch<Operation *, LogicalResult>(op)
      .Case<arith::ConstantOp>([&](arith::ConstantOp c) {
        return bind(constantValue(c.getValue(), c.getType()));
      })
      .Case<arith::AddFOp>([&](auto) { return floatBin(FloatBinary::Add); })
      .Case<arith::SubFOp>([&](auto) { return floatBin(FloatBinary::Sub); })
      .Case<arith::MulFOp>([&](auto) { return floatBin(FloatBinary::Mul); })
      .Case<arith::DivFOp>([&](auto) { return floatBin(FloatBinary::Div); })
      .Case<arith::MaximumFOp>(
          [&](auto) { return floatBin(FloatBinary::Maximum); })
      .Case<arith::MinimumFOp>(
          [&](auto) { return floatBin(FloatBinary::Minimum); })
      .Case<arith::MaxNumFOp>(
          [&](auto) { return floatBin(FloatBinary::MaxNum); })
      .Case<arith::MinNumFOp>(
          [&](auto) { return floatBin(FloatBinary::MinNum); })
      .Case<arith::NegFOp>([&](arith::NegFOp n) {
        return bind(negF(dense(frame, n.getOperand())));
      })
      .Case<arith::AddIOp>([&](auto) { return intBin(IntBinary::Add); })
      .Case<arith::SubIOp>([&](auto) { return intBin(IntBinary::Sub); })
      .Case<arith::MulIOp>([&](auto) { return intBin(IntBinary::Mul); })
      .Case<arith::MaxSIOp>([&](auto) { return intBin(IntBinary::MaxS); })
      .Case<arith::MinSIOp>([&](auto) { return intBin(IntBinary::MinS); })
      .Case<arith::MaxUIOp>([&](auto) { return intBin(IntBinary::MaxU); })
      .Case<arith::MinUIOp>([&](auto) { return intBin(IntBinary::MinU); })
      .Case<arith::AndIOp>([&](auto) { return intBin(IntBinary::And); })
      .Case<arith::OrIOp>([&](auto) { return intBin(IntBinary::Or); })
      .Case<arith::XOrIOp>([&](auto) { return intBin(IntBinary::Xor); })
      .Case<arith::DivSIOp>([&](auto) { return intBin(IntBinary::DivS); })
      .Case<arith::RemSIOp>([&](auto) { return intBin(IntBinary::RemS); })
      .Case<arith::ExtFOp>([&](auto) { return convert(Cast::ExtF); })
      .Case<arith::TruncFOp>([&](arith::TruncFOp t) {
        if (auto mode = t.getRoundingmodeAttr();
            mode && mode.getValue() != arith::RoundingMode::to_nearest_even)
          return LogicalResult(
              op->emitError()
              << "arith.truncf with rounding mode '"
              << arith::stringifyRoundingMode(mode.getValue())
              << "' is not supported (only to_nearest_even, the default)");
        return convert(Cast::TruncF);
      })
      .Case<arith::SIToFPOp>([&](auto) { return convert(Cast::SIToFP); })
      .Case<arith::FPToSIOp>([&](auto) { return convert(Cast::FPToSI); })
      .Case<arith::ExtSIOp>([&](auto) { return convert(Cast::ExtSI); })
      .Case<arith::ExtUIOp>([&](auto) { return convert(Cast::ExtUI); })
      .Case<arith::TruncIOp>([&](auto) { return convert(Cast::TruncI); })
      .Case<tensor::EmptyOp>([&](tensor::EmptyOp e) {
        // tensor.empty's contents are unspecified; zeros keep runs
        // deterministic.
        auto type = e.getType();
        return bind(DenseValue::zeros(*getElementKind(type.getElementType()),
                                      type.getShape()));
      })
      .Case<linalg::FillOp>([&](linalg::FillOp f) -> LogicalResult {
        if (!f.hasPureTensorSemantics())
          return op->emitError() << "linalg.fill on buffers is not supported";
        auto type = cast<RankedTensorType>(f.getResult(0).getType());
        return bind(fill(dense(frame, f.getInputs()[0]),
                         *getElementKind(type.getElementType()),
                         type.getShape()));
      })
      .Case<linalg::MatmulOp>([&](linalg::MatmulOp m) -> LogicalResult {
        if (!m.hasPureTensorSemantics())
          return op->emitError() << "linalg.matmul on buffers is not supported";
        if (m.hasUserDefinedMaps())
          return op->emitError() << "linalg.matmul with user-defined "
                                    "indexing_maps is not supported";
        if (m.getCast() != linalg::TypeFn::cast_signed)
          return op->emitError()
                 << "linalg.matmul with an unsigned cast is not supported";
        return bind(referenceMatmul(dense(frame, m.getInputs()[0]),
                                    dense(frame, m.getInputs()[1]),
                                    dense(frame, m.getOutputs()[0])));
      })
      .Default(unsupported);
}

//===----------------------------------------------------------------------===//
// systile
//===----------------------------------------------------------------------===//

namespace {
template <typename T>
FailureOr<rt::TiledMatrix<T>> unwrap(Operation *op,
                                     rt::Expected<rt::TiledMatrix<T>> e) {
  if (!e)
    return op->emitError() << "'" << op->getName() << "': " << e.error();
  return e.take();
}

/// Whether any padding slot of `m` is non-zero (bitwise).
template <typename T> bool hasNonZeroPadding(const rt::TiledMatrix<T> &m) {
  const rt::Layout &layout = m.layout();
  rt::Shape logical = layout.logicalShape(), padded = layout.paddedShape();
  auto nonZero = [&](int64_t r, int64_t c) {
    T v = m.at(r, c);
    char zero[sizeof(T)] = {};
    return std::memcmp(&v, zero, sizeof(T)) != 0;
  };
  for (int64_t r = 0; r < padded.rows; ++r)
    for (int64_t c = r < logical.rows ? logical.cols : 0; c < padded.cols; ++c)
      if (nonZero(r, c))
        return true;
  return false;
}
} // namespace

LogicalResult Interpreter::Impl::checkPadding(Operation *op,
                                              const RtValue &value) {
  auto type = dyn_cast<TiledType>(op->getResult(0).getType());
  if (!type || type.getPadKind() != systile::PadKind::Zero)
    return success();
  bool bad = std::visit([](const auto &m) { return hasNonZeroPadding(m); },
                        value.tiled().matrix);
  if (bad)
    return op->emitError() << "internal error: the runtime's result for '"
                           << op->getName()
                           << "' has non-zero padding, but its type " << type
                           << " promises pad = zero";
  return success();
}

LogicalResult Interpreter::Impl::executeSystile(Operation *op, Frame &frame,
                                                BlockChains &chains) {
  auto bind = [&](RtValue value) -> LogicalResult {
    if (value.isTiled() && failed(checkPadding(op, value)))
      return failure();
    frame[op->getResult(0)] = std::move(value);
    return success();
  };
  auto bindTiled = [&](auto matrix) -> LogicalResult {
    if (failed(matrix))
      return failure();
    return bind(RtValue(std::move(*matrix)));
  };

  return llvm::TypeSwitch<Operation *, LogicalResult>(op)
      .Case<systile::PackOp>([&](systile::PackOp p) -> LogicalResult {
        if (p.getTranspose()) {
          // pack ... transpose: the runtime packs the transpose in one copy.
          TiledType type = p.getResult().getType();
          const DenseValue &input = dense(frame, p.getInput());
          auto build = [&](auto tag) -> LogicalResult {
            using T = decltype(tag);
            return bindTiled(
                unwrap(op, rt::TiledMatrix<T>::fromDenseTransposed(
                               {type.getRows(), type.getCols()},
                               geometryOf(type), input.data<T>())));
          };
          switch (input.kind()) {
          case ElementKind::F32:
            return build(float());
          case ElementKind::BF16:
            return build(rt::bf16());
          case ElementKind::I8:
            return build(int8_t());
          case ElementKind::I32:
            return build(int32_t());
          }
          return failure();
        }
        auto packed = packDense(dense(frame, p.getInput()),
                                geometryOf(p.getResult().getType()));
        if (!packed)
          return fromError(op, packed.takeError());
        return bind(RtValue(std::move(*packed)));
      })
      .Case<systile::UnpackOp>([&](systile::UnpackOp u) {
        return bind(RtValue(toDense(tiled(frame, u.getInput()))));
      })
      .Case<systile::ConstantOp>([&](systile::ConstantOp c) -> LogicalResult {
        TiledType type = c.getResult().getType();
        auto kind = getElementKind(type.getElementType());
        auto storage =
            denseAttrValue(c.getValue(), *kind, {type.getNumStorageElements()});
        if (!storage)
          return fromError(op, storage.takeError());
        rt::Shape shape{type.getRows(), type.getCols()};
        rt::PadKind pad = type.getPadKind() == systile::PadKind::Zero
                              ? rt::PadKind::Zero
                              : rt::PadKind::Undef;
        auto build = [&](auto tag) -> LogicalResult {
          using T = decltype(tag);
          const T *p = storage->data<T>();
          std::vector<T> data(p, p + storage->numElements());
          return bindTiled(unwrap(op, rt::TiledMatrix<T>::fromStorage(
                                          shape, geometryOf(type), data, pad)));
        };
        switch (*kind) {
        case ElementKind::F32:
          return build(float());
        case ElementKind::BF16:
          return build(rt::bf16());
        case ElementKind::I8:
          return build(int8_t());
        case ElementKind::I32:
          return build(int32_t());
        }
        return failure();
      })
      .Case<systile::MatmulOp>([&](systile::MatmulOp m) -> LogicalResult {
        rt::MatmulOptions options = matmulOptions();
        rt::Precision precision = toRt(m.getPrecision());
        return std::visit(
            [&](const auto &lhs, const auto &rhs,
                const auto &acc) -> LogicalResult {
              using L = typename std::decay_t<decltype(lhs)>::value_type;
              using R = typename std::decay_t<decltype(rhs)>::value_type;
              using A = typename std::decay_t<decltype(acc)>::value_type;
              if constexpr (!isMatmulCombo<L, R, A>()) {
                return op->emitError() << "unsupported operand types";
              } else {
                auto r = rt::simulateMatmul(lhs, rhs, acc, precision, options);
                if (!r)
                  return op->emitError() << "systile.matmul: " << r.error();
                records.push_back({op->getLoc(), "systile.matmul", r->stats});
                return bind(RtValue(std::move(r->result)));
              }
            },
            tiled(frame, m.getLhs()).matrix, tiled(frame, m.getRhs()).matrix,
            tiled(frame, m.getAcc()).matrix);
      })
      .Case<systile::MxuMatmulOp>([&](systile::MxuMatmulOp m) {
        const Chain &chain = chains.chains[chains.chainOf.lookup(op)];
        if (chain.ops.back() != m)
          return success(); // Deferred to the chain's last op.
        return executeChain(chain, frame);
      })
      .Case<systile::TruncFOp>([&](systile::TruncFOp t) {
        return bind(RtValue(rt::truncToBF16(std::get<rt::TiledMatrix<float>>(
            tiled(frame, t.getInput()).matrix))));
      })
      .Case<systile::ExtFOp>([&](systile::ExtFOp e) {
        return bind(RtValue(rt::extToF32(std::get<rt::TiledMatrix<rt::bf16>>(
            tiled(frame, e.getInput()).matrix))));
      })
      .Case<systile::QuantizeOp>([&](systile::QuantizeOp q) {
        const auto &x =
            std::get<rt::TiledMatrix<float>>(tiled(frame, q.getInput()).matrix);
        return bindTiled(unwrap(
            op,
            rt::quantize(x, q.getScaleAttr().getValue().convertToFloat(),
                         static_cast<int32_t>(q.getZeroPointAttr().getInt()))));
      })
      .Case<systile::DequantizeOp>([&](systile::DequantizeOp d) {
        const auto &x = std::get<rt::TiledMatrix<int8_t>>(
            tiled(frame, d.getInput()).matrix);
        return bindTiled(unwrap(
            op, rt::dequantize(
                    x, d.getScaleAttr().getValue().convertToFloat(),
                    static_cast<int32_t>(d.getZeroPointAttr().getInt()))));
      })
      .Case<systile::ReduceOp>([&](systile::ReduceOp r) -> LogicalResult {
        rt::ReduceKind kind =
            r.getKind() == systile::ReduceKind::Sum   ? rt::ReduceKind::Sum
            : r.getKind() == systile::ReduceKind::Max ? rt::ReduceKind::Max
                                                      : rt::ReduceKind::Min;
        int dim = static_cast<int>(r.getDim());
        const TiledMatrixVariant &x = tiled(frame, r.getInput()).matrix;
        if (auto *f = std::get_if<rt::TiledMatrix<float>>(&x))
          return bindTiled(unwrap(op, rt::reduce(*f, kind, dim)));
        if (auto *i = std::get_if<rt::TiledMatrix<int32_t>>(&x))
          return bindTiled(unwrap(op, rt::reduce(*i, kind, dim)));
        return op->emitError() << "systile.reduce supports f32 and i32";
      })
      .Case<systile::FillPaddingOp>(
          [&](systile::FillPaddingOp f) -> LogicalResult {
            TiledMatrixVariant copy = tiled(frame, f.getInput()).matrix;
            Attribute value = f.getValue();
            std::visit(
                [&](auto &m) {
                  using T = typename std::decay_t<decltype(m)>::value_type;
                  T v{};
                  if constexpr (std::is_same_v<T, float>)
                    v = cast<FloatAttr>(value).getValue().convertToFloat();
                  else if constexpr (std::is_same_v<T, rt::bf16>)
                    v = rt::bf16::fromBits(
                        static_cast<uint16_t>(cast<FloatAttr>(value)
                                                  .getValue()
                                                  .bitcastToAPInt()
                                                  .getZExtValue()));
                  else
                    v = static_cast<T>(
                        cast<IntegerAttr>(value).getValue().getSExtValue());
                  m.fillPadding(v);
                },
                copy);
            return bind(RtValue(TiledValue{std::move(copy)}));
          })
      .Default([&](Operation *op) {
        return op->emitError()
               << "systile-run cannot execute '" << op->getName() << "'";
      });
}

LogicalResult Interpreter::Impl::executeChain(const Chain &chain,
                                              Frame &frame) {
  systile::MxuMatmulOp head = chain.ops.front(), last = chain.ops.back();
  TiledType rhsType = head.getRhs().getType();
  int64_t nkb = rhsType.getRowBlocks(), nnb = rhsType.getColBlocks();
  std::vector<char> present(static_cast<size_t>(nkb * nnb), 0);
  for (systile::MxuMatmulOp op : chain.ops) {
    int64_t kb = op.getKbAttr().getInt(), nb = op.getNbAttr().getInt();
    if (kb >= 0 && kb < nkb && nb >= 0 && nb < nnb)
      present[kb * nnb + nb] = 1;
  }
  int64_t missing = llvm::count(present, 0);

  return std::visit(
      [&](const auto &lhs, const auto &rhs, const auto &acc) -> LogicalResult {
        using L = typename std::decay_t<decltype(lhs)>::value_type;
        using R = typename std::decay_t<decltype(rhs)>::value_type;
        using A = typename std::decay_t<decltype(acc)>::value_type;
        if constexpr (!isMatmulCombo<L, R, A>()) {
          return head.emitError() << "unsupported operand types";
        } else {
          rt::MatmulOptions opts = matmulOptions();
          bool fuse = options.fuseMxuChains && chain.inMatmulOrder;
          // A chain with loads folded away equals simulateMatmul only when
          // the folded blocks are zero and zero blocks are skipped anyway.
          if (fuse && missing) {
            if (!options.skipZeroBlocks) {
              fuse = false;
            } else {
              rt::SparseTileMap map = rt::SparseTileMap::compute(rhs);
              for (int64_t kb = 0; kb < nkb && fuse; ++kb)
                for (int64_t nb = 0; nb < nnb && fuse; ++nb)
                  if (!present[kb * nnb + nb] && !map.isZeroBlock(kb, nb))
                    fuse = false;
            }
          }
          rt::MatmulStats stats;
          RtValue result;
          if (fuse) {
            auto r = rt::simulateMatmul(lhs, rhs, acc,
                                        toRt(head.getPrecision()), opts);
            if (!r)
              return last.emitError() << "systile.mxu_matmul: " << r.error();
            stats = r->stats;
            result = RtValue(std::move(r->result));
          } else {
            rt::TiledMatrix<A> current;
            const rt::TiledMatrix<A> *in = &acc;
            for (systile::MxuMatmulOp op : chain.ops) {
              auto r = rt::simulateMxuBlock(
                  lhs, rhs, *in, op.getKbAttr().getInt(),
                  op.getNbAttr().getInt(), toRt(op.getPrecision()), opts);
              if (!r)
                return op.emitError() << "systile.mxu_matmul: " << r.error();
              stats += r->stats;
              current = std::move(r->result);
              in = &current;
            }
            // Loads of the matmul not in the IR were folded away: skipped,
            // as systile-report-utilization counts them.
            stats.skippedLoads += missing;
            result = RtValue(std::move(current));
          }
          records.push_back({head.getLoc(), "systile.mxu_matmul", stats});
          if (failed(checkPadding(last, result)))
            return failure();
          frame[last.getResult()] = std::move(result);
          return success();
        }
      },
      tiled(frame, head.getLhs()).matrix, tiled(frame, head.getRhs()).matrix,
      tiled(frame, head.getAcc()).matrix);
}
