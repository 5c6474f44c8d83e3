//===- SystileElementwiseModels.cpp - Tiled element-wise execution --------===//
//
// Execution models of systile.elementwise, systile.broadcast and
// systile.splat. An elementwise region of a recognised form (one unary or
// binary arith/math op, cmpf + select, truncf, extf, or a copy, on block
// arguments and constants) runs as one mask-aware runtime kernel
// (Runtime/Elementwise.h); any other region is evaluated by the region
// runner over the logical slots as lanes (ExecutableOpInterface::
// supportsLanes), with the same scalar ops, so both paths give the bits of
// the dense ops. Either way the result's padding is written +0. None of
// these ops is a layout transform, so none counts in the layout figures.
//
//===----------------------------------------------------------------------===//

#include "systile/Interpreter/ExecContext.h"

#include "systile/Dialect/Systile/IR/SystileOps.h"
#include "systile/Runtime/Conversion.h"
#include "systile/Runtime/Elementwise.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"

#include <cstring>
#include <optional>

using namespace mlir;
using namespace systile::interp;
namespace rt = systile::rt;
using systile::TiledType;

namespace {

template <typename Model, typename Op>
using Base = ExecutableOpInterface::ExternalModel<Model, Op>;

template <typename T>
LogicalResult bindMatrix(Operation *op, ExecContext &ctx,
                         rt::Expected<rt::TiledMatrix<T>> m) {
  if (!m)
    return op->emitError() << "'" << op->getName() << "': " << m.error();
  ctx.bind(op->getResult(0), RtValue(m.take()));
  return success();
}

/// A scalar attribute as the storage type T of a tiled element.
template <typename T> T scalarAs(Attribute attr) {
  if constexpr (std::is_same_v<T, float>)
    return cast<FloatAttr>(attr).getValue().convertToFloat();
  else if constexpr (std::is_same_v<T, rt::bf16>)
    return rt::bf16::fromBits(static_cast<uint16_t>(
        cast<FloatAttr>(attr).getValue().bitcastToAPInt().getZExtValue()));
  else
    return static_cast<T>(cast<IntegerAttr>(attr).getValue().getSExtValue());
}

//===----------------------------------------------------------------------===//
// Region forms the runtime kernels run
//===----------------------------------------------------------------------===//

/// Where a kernel operand comes from: block argument `arg`, or a constant.
struct Slot {
  int arg = -1;
  Attribute constant;
};

struct Plan {
  enum Kind { Fallback, Copy, Unary, Binary, Select, TruncF, ExtF };
  Kind kind = Fallback;
  rt::UnaryFn unary = rt::UnaryFn::Neg;
  rt::BinaryFn binary = rt::BinaryFn::Add;
  rt::CmpFn cmp = rt::CmpFn::OEQ;
  SmallVector<Slot, 4> slots;
  bool analysed = false;
};

std::optional<Slot> slotOf(Value v, Block &body) {
  if (auto arg = dyn_cast<BlockArgument>(v))
    return arg.getOwner() == &body
               ? std::optional(Slot{int(arg.getArgNumber()), {}})
               : std::nullopt;
  auto constant = v.getDefiningOp<arith::ConstantOp>();
  if (!constant || !isa<FloatAttr, IntegerAttr>(constant.getValue()))
    return std::nullopt;
  return Slot{-1, constant.getValue()};
}

std::optional<rt::UnaryFn> unaryFnOf(Operation *op) {
  if (isa<math::ExpOp>(op))
    return rt::UnaryFn::Exp;
  if (isa<math::TanhOp>(op))
    return rt::UnaryFn::Tanh;
  if (isa<arith::NegFOp>(op))
    return rt::UnaryFn::Neg;
  if (isa<math::AbsFOp>(op))
    return rt::UnaryFn::Abs;
  if (isa<math::SqrtOp>(op))
    return rt::UnaryFn::Sqrt;
  return std::nullopt;
}

std::optional<rt::BinaryFn> binaryFnOf(Operation *op, bool isFloat) {
  if (isFloat) {
    if (isa<arith::AddFOp>(op))
      return rt::BinaryFn::Add;
    if (isa<arith::SubFOp>(op))
      return rt::BinaryFn::Sub;
    if (isa<arith::MulFOp>(op))
      return rt::BinaryFn::Mul;
    if (isa<arith::DivFOp>(op))
      return rt::BinaryFn::Div;
    if (isa<arith::MaximumFOp>(op))
      return rt::BinaryFn::Maximum;
    if (isa<arith::MinimumFOp>(op))
      return rt::BinaryFn::Minimum;
    return std::nullopt;
  }
  if (isa<arith::AddIOp>(op))
    return rt::BinaryFn::Add;
  if (isa<arith::SubIOp>(op))
    return rt::BinaryFn::Sub;
  if (isa<arith::MulIOp>(op))
    return rt::BinaryFn::Mul;
  if (isa<arith::MaxSIOp>(op))
    return rt::BinaryFn::Maximum;
  if (isa<arith::MinSIOp>(op))
    return rt::BinaryFn::Minimum;
  return std::nullopt;
}

std::optional<rt::CmpFn> cmpFnOf(arith::CmpFPredicate p) {
  using P = arith::CmpFPredicate;
  switch (p) {
  case P::OEQ:
    return rt::CmpFn::OEQ;
  case P::OGT:
    return rt::CmpFn::OGT;
  case P::OGE:
    return rt::CmpFn::OGE;
  case P::OLT:
    return rt::CmpFn::OLT;
  case P::OLE:
    return rt::CmpFn::OLE;
  case P::ONE:
    return rt::CmpFn::ONE;
  case P::UEQ:
    return rt::CmpFn::UEQ;
  case P::UGT:
    return rt::CmpFn::UGT;
  case P::UGE:
    return rt::CmpFn::UGE;
  case P::ULT:
    return rt::CmpFn::ULT;
  case P::ULE:
    return rt::CmpFn::ULE;
  case P::UNE:
    return rt::CmpFn::UNE;
  default:
    return std::nullopt;
  }
}

/// Fills `plan.slots` from `operands`; false if one is not a slot.
bool addSlots(Plan &plan, ValueRange operands, Block &body) {
  for (Value v : operands) {
    std::optional<Slot> slot = slotOf(v, body);
    if (!slot)
      return false;
    plan.slots.push_back(*slot);
  }
  return true;
}

/// The kernel form of a region whose yielded value `root` is computed by
/// `numOps` non-constant ops, or Fallback.
Plan::Kind matchRoot(Plan &plan, Operation *root, unsigned numOps, Block &body,
                     Type element) {
  bool isFloat = element.isF32() || element.isBF16();
  if (numOps == 1 && root->getNumOperands() == 1 && isFloat) {
    if (std::optional<rt::UnaryFn> fn = unaryFnOf(root)) {
      plan.unary = *fn;
      return addSlots(plan, root->getOperands(), body) ? Plan::Unary
                                                       : Plan::Fallback;
    }
  }
  if (numOps == 1 && root->getNumOperands() == 2)
    if (std::optional<rt::BinaryFn> fn = binaryFnOf(root, isFloat)) {
      plan.binary = *fn;
      return addSlots(plan, root->getOperands(), body) ? Plan::Binary
                                                       : Plan::Fallback;
    }
  if (auto trunc = dyn_cast<arith::TruncFOp>(root))
    if (numOps == 1 && !trunc.getRoundingmodeAttr() && element.isBF16() &&
        trunc.getIn().getType().isF32())
      return addSlots(plan, root->getOperands(), body) ? Plan::TruncF
                                                       : Plan::Fallback;
  if (isa<arith::ExtFOp>(root) && numOps == 1 && element.isF32() &&
      root->getOperand(0).getType().isBF16())
    return addSlots(plan, root->getOperands(), body) ? Plan::ExtF
                                                     : Plan::Fallback;
  auto select = dyn_cast<arith::SelectOp>(root);
  if (!select || numOps != 2 || !isFloat)
    return Plan::Fallback;
  auto cmp = select.getCondition().getDefiningOp<arith::CmpFOp>();
  std::optional<rt::CmpFn> fn =
      cmp ? cmpFnOf(cmp.getPredicate()) : std::nullopt;
  if (!fn || cmp.getLhs().getType() != element)
    return Plan::Fallback;
  plan.cmp = *fn;
  return addSlots(plan, cmp->getOperands(), body) &&
                 addSlots(plan, {select.getTrueValue(), select.getFalseValue()},
                          body)
             ? Plan::Select
             : Plan::Fallback;
}

const Plan &planOf(systile::ElementwiseOp op, ExecContext &ctx) {
  Plan &plan = ctx.cached<Plan>(op);
  if (plan.analysed)
    return plan;
  plan.analysed = true;
  Block &body = op.getBody().front();
  Value yielded = cast<systile::YieldOp>(body.getTerminator()).getValue();
  unsigned numOps = 0;
  for (Operation &inner : body.without_terminator())
    numOps += isa<arith::ConstantOp>(inner) ? 0 : 1;
  Type element = op.getType().getElementType();
  // Every block argument has the element type of the kernel's operands.
  bool uniform = llvm::all_of(body.getArgumentTypes(), [&](Type t) {
    return t == body.getArgumentTypes().front();
  });
  if (auto arg = dyn_cast<BlockArgument>(yielded)) {
    plan.kind = numOps == 0 ? Plan::Copy : Plan::Fallback;
    plan.slots.push_back({int(arg.getArgNumber()), {}});
  } else if (Operation *root = yielded.getDefiningOp();
             root && root->getBlock() == &body && uniform) {
    plan.kind = matchRoot(plan, root, numOps, body, element);
  }
  if (plan.kind == Plan::Fallback)
    plan.slots.clear();
  return plan;
}

/// The kernel operand of `slot` for inputs of element T.
template <typename T>
rt::Operand<T> operandOf(const Slot &slot, systile::ElementwiseOp op,
                         ExecContext &ctx) {
  if (slot.arg < 0)
    return rt::Operand<T>::splat(scalarAs<T>(slot.constant));
  return rt::Operand<T>::of(
      std::get<rt::TiledMatrix<T>>(ctx.tiled(op.getInputs()[slot.arg]).matrix));
}

/// Runs a Unary/Binary/Select/Copy plan with inputs and result of element T.
template <typename T>
LogicalResult runSameType(const Plan &plan, systile::ElementwiseOp op,
                          ExecContext &ctx) {
  auto at = [&](unsigned i) { return operandOf<T>(plan.slots[i], op, ctx); };
  switch (plan.kind) {
  case Plan::Copy: {
    rt::TiledMatrix<T> copy = *at(0).matrix;
    copy.fillPadding(T{});
    ctx.bind(op.getResult(), RtValue(std::move(copy)));
    return success();
  }
  case Plan::Unary:
    return bindMatrix<T>(op, ctx, rt::unary<T>(plan.unary, *at(0).matrix));
  case Plan::Binary:
    return bindMatrix<T>(op, ctx, rt::binary<T>(plan.binary, at(0), at(1)));
  case Plan::Select:
    return bindMatrix<T>(op, ctx,
                         rt::select<T>(plan.cmp, at(0), at(1), at(2), at(3)));
  default:
    return op.emitError() << "internal error: no kernel for this region";
  }
}

/// Whether the kernel can run: a Unary plan needs a matrix operand, a
/// Binary/Select plan at least one (all-constant regions fall back).
bool hasMatrixOperand(const Plan &plan) {
  return llvm::any_of(plan.slots, [](const Slot &s) { return s.arg >= 0; }) &&
         (plan.kind != Plan::Unary || plan.slots[0].arg >= 0);
}

//===----------------------------------------------------------------------===//
// Fallback: the region over lanes of logical slots
//===----------------------------------------------------------------------===//

/// Lanes [begin, begin + n) of a rank-1 dense value, as a new value.
FailureOr<DenseValue> lanes(Operation *op, ExecContext &ctx,
                            const DenseValue &flat, int64_t begin, int64_t n) {
  if (begin == 0 && n == flat.numElements())
    return flat;
  FailureOr<DenseValue> chunk = ctx.allocate(op, flat.kind(), {n});
  if (failed(chunk))
    return failure();
  size_t bytes = elementSize(flat.kind());
  std::memcpy(chunk->mutableData<char>(), flat.data<char>() + begin * bytes,
              n * bytes);
  return chunk;
}

LogicalResult runRegionOverLanes(systile::ElementwiseOp op, ExecContext &ctx) {
  TiledType type = op.getType();
  int64_t total = type.getNumLogicalElements();
  FailureOr<ElementKind> kind = ExecContext::kindOf(op, type.getElementType());
  if (failed(kind))
    return failure();
  SmallVector<DenseValue> flats;
  for (Value input : op.getInputs()) {
    auto dense = toDense(ctx.tiled(input));
    if (!dense)
      return ExecContext::fail(op, dense.takeError());
    flats.push_back(dense->reshaped({total}));
  }
  FailureOr<DenseValue> out =
      ctx.allocate(op, *kind, {type.getRows(), type.getCols()});
  if (failed(out))
    return failure();
  size_t bytes = elementSize(*kind);
  int64_t step = std::max<int64_t>(1, ctx.options().maxLanes);
  for (int64_t begin = 0; begin < total; begin += step) {
    int64_t n = std::min(step, total - begin);
    SmallVector<RtValue> args;
    for (const DenseValue &flat : flats) {
      FailureOr<DenseValue> chunk = lanes(op, ctx, flat, begin, n);
      if (failed(chunk))
        return failure();
      args.push_back(RtValue(std::move(*chunk)));
    }
    FailureOr<SmallVector<RtValue>> results = ctx.runRegion(op.getBody(), args);
    if (failed(results))
      return failure();
    const RtValue &r = (*results)[0];
    if (!r.isDense() || r.kind() != *kind ||
        (r.dense().numElements() != n && r.dense().numElements() != 1))
      return op.emitError() << "region yielded a value that is not " << n
                            << " lanes of " << type.getElementType();
    char *dst = out->mutableData<char>() + begin * bytes;
    if (r.dense().numElements() == n)
      std::memcpy(dst, r.dense().rawData(), n * bytes);
    else
      for (int64_t i = 0; i < n; ++i)
        std::memcpy(dst + i * bytes, r.dense().rawData(), bytes);
  }
  rt::Geometry g{type.getSublanes(), type.getLanes(), type.getMxu()};
  auto packed = packDense(*out, g);
  if (!packed)
    return ExecContext::fail(op, packed.takeError());
  ctx.bind(op.getResult(), RtValue(std::move(*packed)));
  return success();
}

//===----------------------------------------------------------------------===//
// Models
//===----------------------------------------------------------------------===//

/// Calls f(T{}) for the storage type T of a tiled element type.
template <typename F> LogicalResult withElement(Type element, F &&f) {
  if (element.isF32())
    return f(float());
  if (element.isBF16())
    return f(rt::bf16());
  if (element.isInteger(8))
    return f(int8_t());
  return f(int32_t());
}

struct ElementwiseModel : Base<ElementwiseModel, systile::ElementwiseOp> {
  LogicalResult execute(Operation *o, ExecContext &ctx) const {
    auto op = cast<systile::ElementwiseOp>(o);
    const Plan &plan = planOf(op, ctx);
    if (plan.kind == Plan::Fallback || !hasMatrixOperand(plan))
      return runRegionOverLanes(op, ctx);
    if (plan.kind == Plan::TruncF)
      return bindMatrix<rt::bf16>(
          op, ctx,
          rt::truncToBF16(*operandOf<float>(plan.slots[0], op, ctx).matrix));
    if (plan.kind == Plan::ExtF)
      return bindMatrix<float>(
          op, ctx,
          rt::extToF32(*operandOf<rt::bf16>(plan.slots[0], op, ctx).matrix));
    return withElement(op.getType().getElementType(),
                       [&](auto tag) -> LogicalResult {
                         return runSameType<decltype(tag)>(plan, op, ctx);
                       });
  }
};

struct BroadcastModel : Base<BroadcastModel, systile::BroadcastOp> {
  LogicalResult execute(Operation *o, ExecContext &ctx) const {
    auto op = cast<systile::BroadcastOp>(o);
    int dim = static_cast<int>(op.getDim());
    int64_t count = op.getType().getShape()[dim];
    return std::visit(
        [&](const auto &m) -> LogicalResult {
          using T = typename std::decay_t<decltype(m)>::value_type;
          return bindMatrix<T>(op, ctx, rt::broadcast(m, dim, count));
        },
        ctx.tiled(op.getInput()).matrix);
  }
};

struct SplatModel : Base<SplatModel, systile::SplatOp> {
  LogicalResult execute(Operation *o, ExecContext &ctx) const {
    auto op = cast<systile::SplatOp>(o);
    TiledType type = op.getType();
    const DenseValue &v = ctx.dense(op.getValue());
    rt::Shape shape{type.getRows(), type.getCols()};
    rt::Geometry g{type.getSublanes(), type.getLanes(), type.getMxu()};
    return withElement(type.getElementType(), [&](auto tag) -> LogicalResult {
      using T = decltype(tag);
      if (v.numElements() != 1 || elementSize(v.kind()) != sizeof(T))
        return op.emitError()
               << "splat value is not one " << type.getElementType();
      T value;
      std::memcpy(&value, v.rawData(), sizeof(T));
      return bindMatrix<T>(op, ctx, rt::splat<T>(value, shape, g));
    });
  }
};

} // namespace

void systile::interp::registerSystileElementwiseExecutionModels(
    DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *ctx, systile::SystileDialect *) {
    systile::ElementwiseOp::attachInterface<ElementwiseModel>(*ctx);
    systile::BroadcastOp::attachInterface<BroadcastModel>(*ctx);
    systile::SplatOp::attachInterface<SplatModel>(*ctx);
  });
}
