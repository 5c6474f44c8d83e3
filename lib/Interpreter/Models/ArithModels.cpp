//===- ArithModels.cpp - Execution models of the arith dialect ------------===//
//
// arith.constant (scalars, dense, splat and dense_resource elements, held
// once per op), the element-wise integer and float ops, comparisons,
// select and casts. Every model is lane-wise: operands of any shape, a
// one-element operand broadcasting (ScalarOps.h); a constant is the same in
// every lane.
//
// Numerics are those of upstream's lowering to LLVM as mlir-runner runs it
// on x86 (docs/Interpreter.md, "arith and math numerics"): integers wrap
// (two's complement); what arith calls poison (division by zero, signed
// division overflow, oversized shifts, out-of-range fptosi/fptoui, a result
// that overflows under overflow<nsw> or overflow<nuw>) is an
// error naming the op and the operation; bf16/f16 arithmetic is f32
// arithmetic rounded once to nearest even; maxnumf/minnumf return their
// first operand when the operands compare equal (x86 maxss/minss), and
// sitofp/truncf to bf16 round through f32, as LLVM legalises them.
//
//===----------------------------------------------------------------------===//

#include "../ScalarOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "llvm/Support/MathExtras.h"

#include <cmath>
#include <string>
#include <tuple>

using namespace mlir;
using namespace systile::interp;
using namespace systile::interp::scalar;

namespace {

//===----------------------------------------------------------------------===//
// Poison reports
//===----------------------------------------------------------------------===//

/// "<what> (a <sym> b)", the operands in words and numbers.
template <typename A, typename B>
std::string describe(const char *what, A a, const char *sym, B b) {
  return std::string(what) + " (" + std::to_string(a) + " " + sym + " " +
         std::to_string(b) + ")";
}

/// Why a signed division (`sym`: "/" or "%") is poison.
template <bool Rem> struct SignedDivWhy {
  template <typename T> std::string operator()(T a, T b) const {
    using Tr = sc::IntTraits<T>;
    int64_t x = Tr::sext(a), y = Tr::sext(b);
    return describe(y == 0 ? "division by zero" : "signed division overflow", x,
                    Rem ? "%" : "/", y);
  }
};
template <bool Rem> struct UnsignedDivWhy {
  template <typename T> std::string operator()(T a, T b) const {
    using Tr = sc::IntTraits<T>;
    return describe("division by zero", uint64_t(Tr::zext(a)), Rem ? "%" : "/",
                    uint64_t(Tr::zext(b)));
  }
};
template <sc::ShiftKind Kind> struct ShiftWhy {
  template <typename T> std::string operator()(T a, T b) const {
    using Tr = sc::IntTraits<T>;
    const char *sym = Kind == sc::ShiftKind::Left
                          ? "<<"
                          : (Kind == sc::ShiftKind::RightS ? ">>" : ">>>");
    std::string amount = std::to_string(uint64_t(Tr::zext(b)));
    return "shift amount " + amount + " is not less than the bit width " +
           std::to_string(Tr::width) + " (" +
           std::to_string(int64_t(Tr::sext(a))) + " " + sym + " " + amount +
           ")";
  }
};

/// Why an op with overflow flags is poison: the flag it breaks, and the
/// operands read as that flag reads them (or ShiftWhy's reason).
template <sc::WrapKind K, bool NSW, bool NUW> struct NoWrapWhy {
  template <typename T> std::string operator()(T a, T b) const {
    using Tr = sc::IntTraits<T>;
    T wrapped{};
    if (!sc::NoWrap<K, false, false>()(a, b, wrapped))
      return ShiftWhy<sc::ShiftKind::Left>()(a, b);
    static constexpr const char *syms[] = {"+", "-", "*", "<<"};
    const char *sym = syms[int(K)];
    if (NSW && !sc::isExact<K, true>(a, b, wrapped))
      return describe("nsw overflow", int64_t(Tr::sext(a)), sym,
                      int64_t(Tr::sext(b)));
    return describe("nuw overflow", uint64_t(Tr::zext(a)), sym,
                    uint64_t(Tr::zext(b)));
  }
};

/// The overflow flags of `op` (addi, subi, muli, shli, trunci).
std::pair<bool, bool> overflowFlags(Operation *op) {
  auto flags = cast<arith::ArithIntegerOverflowFlagsInterface>(op);
  return {flags.hasNoSignedWrap(), flags.hasNoUnsignedWrap()};
}

/// addi, subi, muli, shli: `Wrapping` (with `Why` for its own poison
/// cases) without overflow flags; with overflow<nsw> / overflow<nuw>, a
/// result that overflows in the flagged sense is poison.
template <sc::WrapKind K, typename Wrapping, typename Why = NoPoison>
LogicalResult runWrapping(Operation *op, ExecContext &ctx) {
  auto [nsw, nuw] = overflowFlags(op);
  if (nsw && nuw)
    return runLanes<Lanes::Int, sc::NoWrap<K, true, true>,
                    NoWrapWhy<K, true, true>>(op, ctx);
  if (nsw)
    return runLanes<Lanes::Int, sc::NoWrap<K, true, false>,
                    NoWrapWhy<K, true, false>>(op, ctx);
  if (nuw)
    return runLanes<Lanes::Int, sc::NoWrap<K, false, true>,
                    NoWrapWhy<K, false, true>>(op, ctx);
  return runLanes<Lanes::Int, Wrapping, Why>(op, ctx);
}

//===----------------------------------------------------------------------===//
// Extended arithmetic (two results)
//===----------------------------------------------------------------------===//

/// addui_extended: (sum, carry); mulsi/mului_extended: (low, high).
template <sc::ExtendedKind Kind>
LogicalResult runExtended(Operation *op, ExecContext &ctx) {
  FailureOr<LaneOperands> ops = takeOperands(op, ctx);
  if (failed(ops) || failed(checkSameKinds(op, *ops)))
    return failure();
  ElementKind kind = ops->kind(0);
  if (isFloat(kind))
    return unsupportedKind(op, "integer", kind);
  ElementKind second = Kind == sc::ExtendedKind::AddU ? ElementKind::I1 : kind;
  FailureOr<DenseValue> lo = ctx.allocate(op, kind, ops->shape);
  FailureOr<DenseValue> hi =
      failed(lo) ? lo : ctx.allocate(op, second, ops->shape);
  if (failed(hi))
    return failure();
  visitKind(kind, [&](auto tag) {
    constexpr ElementKind K = decltype(tag)::kind;
    if constexpr (!isFloatKind<K>) {
      using T = typename StorageOf<K>::type;
      using H = std::conditional_t<Kind == sc::ExtendedKind::AddU, uint8_t, T>;
      H *high = hi->template mutableData<H>();
      int64_t i = 0;
      map2<T, T>((*ops)[0], (*ops)[1], *lo, [&](T a, T b) {
        return sc::Extended<Kind>()(a, b, high[i++]);
      });
    }
  });
  (void)ctx.bindResult(op, std::move(*hi), 1);
  return ctx.bindResult(op, std::move(*lo));
}

//===----------------------------------------------------------------------===//
// Comparisons and select
//===----------------------------------------------------------------------===//

// The predicates are numbered as arith's.
static_assert(int(arith::CmpFPredicate::UNO) == int(sc::CmpFPredicate::UNO) &&
              int(arith::CmpFPredicate::AlwaysTrue) ==
                  int(sc::CmpFPredicate::True));
static_assert(int(arith::CmpIPredicate::uge) == int(sc::CmpIPredicate::uge) &&
              int(arith::CmpIPredicate::slt) == int(sc::CmpIPredicate::slt));

/// cmpf/cmpi: the predicate is fixed once, then the lanes map.
template <typename CmpOp>
LogicalResult runCmp(Operation *op, ExecContext &ctx) {
  constexpr bool isF = std::is_same_v<CmpOp, arith::CmpFOp>;
  FailureOr<LaneOperands> ops =
      takeLaneOperands(op, ctx, isF ? Lanes::Float : Lanes::Int);
  if (failed(ops))
    return failure();
  auto pred = cast<CmpOp>(op).getPredicate();
  ElementKind kind = ops->kind(0);
  return visitKind(kind, [&](auto tag) -> LogicalResult {
    constexpr ElementKind K = decltype(tag)::kind;
    using T = typename StorageOf<K>::type;
    auto run = [&](auto cmp) {
      return mapLanes<T, decltype(cmp), NoPoison>(op, ctx, *ops, kind, cmp);
    };
    if constexpr (!isF && !isFloatKind<K>)
      return sc::visitCmpI(static_cast<sc::CmpIPredicate>(pred), run);
    else if constexpr (isF && isFloatKind<K>)
      return sc::visitCmpF(static_cast<sc::CmpFPredicate>(pred), run);
    else
      return failure(); // Excluded by takeLaneOperands.
  });
}

/// select with an i1 condition that is a scalar or element-wise; of two
/// function values (func.constant's), by a scalar condition.
LogicalResult runSelect(Operation *op, ExecContext &ctx) {
  if (isa<FunctionType>(op->getResult(0).getType())) {
    const RtValue &cond = ctx.lookup(op->getOperand(0));
    if (!cond.isDense() || cond.dense().rank() != 0)
      return ExecContext::opError(op)
             << " chooses between functions by a scalar i1 condition only";
    const bool pick = *cond.dense().data<uint8_t>() != 0;
    ctx.bind(op->getResult(0), ctx.lookup(op->getOperand(pick ? 1 : 2)));
    return success();
  }
  FailureOr<LaneOperands> ops = takeOperands(op, ctx);
  if (failed(ops) || failed(checkSameKinds(op, *ops, 1)))
    return failure();
  if (ops->kind(0) != ElementKind::I1)
    return unsupportedKind(op, "an i1 condition; other", ops->kind(0));
  ElementKind kind = ops->kind(1);
  FailureOr<DenseValue> out = resultFor(op, ctx, *ops, kind);
  if (failed(out))
    return failure();
  auto run = [&](auto zero) {
    using T = decltype(zero);
    map3<uint8_t, T, T, T>((*ops)[0], (*ops)[1], (*ops)[2], *out,
                           [](uint8_t c, T a, T b) { return (c & 1) ? a : b; });
  };
  switch (elementSize(kind)) {
  case 1:
    run(uint8_t());
    break;
  case 2:
    run(uint16_t());
    break;
  case 4:
    run(uint32_t());
    break;
  default:
    run(uint64_t());
  }
  return ctx.bindResult(op, std::move(*out));
}

//===----------------------------------------------------------------------===//
// Casts
//===----------------------------------------------------------------------===//

/// Runs `body(fromTag, toTag, x, z)` for the operand's and the result's
/// kinds.
template <typename Body>
LogicalResult runCast(Operation *op, ExecContext &ctx, Body body) {
  FailureOr<LaneOperands> ops = takeOperands(op, ctx);
  if (failed(ops))
    return failure();
  FailureOr<ElementKind> to = resultKind(op);
  if (failed(to))
    return failure();
  FailureOr<DenseValue> out = resultFor(op, ctx, *ops, *to);
  if (failed(out))
    return failure();
  ElementKind from = ops->kind(0);
  LogicalResult result = visitKind(from, [&](auto fromTag) {
    return visitKind(
        *to, [&](auto toTag) { return body(fromTag, toTag, (*ops)[0], *out); });
  });
  if (failed(result))
    return failure();
  return ctx.bindResult(op, std::move(*out));
}

/// A cast from `From` kinds to `To` kinds, lane by lane (Scalar.h's
/// conversions): `Conv::apply<ToT>(x, r)` writes each result and returns
/// false where it is poison, which `Conv::poisonText<FromT, ToT>` explains (`to` is the result
/// kind: i64 and index share a storage type).
template <Lanes From, Lanes To, typename Conv>
LogicalResult runConvert(Operation *op, ExecContext &ctx) {
  return runCast(
      op, ctx,
      [&](auto f, auto t, const DenseValue &x, DenseValue &z) -> LogicalResult {
        using FromT = typename decltype(f)::type;
        using ToT = typename decltype(t)::type;
        if constexpr (sc::isFloat<FromT> == (From == Lanes::Float) &&
                      sc::isFloat<ToT> == (To == Lanes::Float)) {
          int64_t bad = map2Checked<FromT, ToT>(
              x, x, z, [](FromT v, FromT, ToT &r) {
                return Conv::template apply<ToT>(v, r);
              });
          if (bad < 0)
            return success();
          return poison(op,
                        Conv::template poisonText<FromT, ToT>(
                            x, bad, decltype(t)::kind),
                        bad);
        }
        return unsupportedKind(op, From == Lanes::Float ? "float" : "integer",
                               decltype(f)::kind);
      });
}

/// A conversion defined for every input.
struct Exact {
  template <typename FromT, typename ToT>
  static std::string poisonText(const DenseValue &, int64_t, ElementKind) {
    return "";
  }
};
struct FloatToFloat : Exact {
  template <typename To, typename From> static bool apply(From v, To &r) {
    r = sc::convertFloat<To>(v);
    return true;
  }
};
template <bool Signed> struct IntToFloat : Exact {
  template <typename To, typename From> static bool apply(From v, To &r) {
    r = sc::intToFloat<To, Signed>(v);
    return true;
  }
};
template <bool Signed> struct IntToInt : Exact {
  template <typename To, typename From> static bool apply(From v, To &r) {
    r = sc::convertInt<To, Signed>(v);
    return true;
  }
};

/// fptosi/fptoui: out-of-range values and NaN are poison.
template <bool Signed> struct FloatToInt {
  template <typename To, typename From> static bool apply(From v, To &r) {
    return sc::floatToInt<To, Signed>(v, r);
  }
  template <typename FromT, typename ToT>
  static std::string poisonText(const DenseValue &x, int64_t bad,
                                ElementKind to) {
    return formatElementAt(x, bad) + " is not representable in " +
           toString(to);
  }
};

/// trunci with overflow<nsw> / overflow<nuw>: poison where the dropped bits
/// are not the sign (zero) extension of the result.
template <bool Nsw, bool Nuw> struct TruncChecked {
  template <typename To, typename From> static bool apply(From v, To &r) {
    return sc::truncInt<To, Nsw, Nuw>(v, r);
  }
  template <typename FromT, typename ToT>
  static std::string poisonText(const DenseValue &x, int64_t bad,
                                ElementKind to) {
    using Tr = sc::IntTraits<FromT>;
    FromT v = x.data<FromT>()[bad];
    ToT r;
    bool signedFails = Nsw && !sc::truncInt<ToT, true, false>(v, r);
    std::string value = signedFails ? std::to_string(int64_t(Tr::sext(v)))
                                    : std::to_string(uint64_t(Tr::zext(v)));
    return std::string(signedFails ? "nsw" : "nuw") + " overflow (" + value +
           " truncated to " + toString(to) + ")";
  }
};

/// truncf with a rounding mode other than the default (Scalar.h's
/// truncFloat).
template <sc::Rounding Mode> struct FloatToFloatRounded : Exact {
  template <typename To, typename From> static bool apply(From v, To &r) {
    if constexpr (std::is_same_v<From, float> || std::is_same_v<From, double>)
      r = sc::truncFloat<To>(v, Mode);
    else
      r = sc::convertFloat<To>(v); // not a truncf (the verifier's rule)
    return true;
  }
};

static_assert(static_cast<unsigned>(arith::RoundingMode::downward) == 1 &&
                  static_cast<unsigned>(arith::RoundingMode::upward) == 2 &&
                  static_cast<unsigned>(arith::RoundingMode::toward_zero) ==
                      3 &&
                  static_cast<unsigned>(
                      arith::RoundingMode::to_nearest_away) == 4,
              "sc::Rounding numbers the modes as arith does");

template <sc::Rounding Mode>
constexpr auto runFloatRounded =
    runConvert<Lanes::Float, Lanes::Float, FloatToFloatRounded<Mode>>;

/// extf/truncf, truncf in each of its rounding modes (sc::Rounding numbers
/// them as arith::RoundingMode does).
LogicalResult runFloatCast(Operation *op, ExecContext &ctx) {
  static constexpr LogicalResult (*byMode[])(Operation *, ExecContext &) = {
      runConvert<Lanes::Float, Lanes::Float, FloatToFloat>,
      runFloatRounded<sc::Rounding::Downward>,
      runFloatRounded<sc::Rounding::Upward>,
      runFloatRounded<sc::Rounding::TowardZero>,
      runFloatRounded<sc::Rounding::NearestAway>};
  std::optional<arith::RoundingMode> mode;
  if (auto trunc = dyn_cast<arith::TruncFOp>(op))
    mode = trunc.getRoundingmode();
  return byMode[static_cast<unsigned>(
      mode.value_or(arith::RoundingMode::to_nearest_even))](op, ctx);
}

template <bool Signed>
constexpr auto runFloatToInt =
    runConvert<Lanes::Float, Lanes::Int, FloatToInt<Signed>>;

/// bitcast reinterprets the bits of elements of one size.
LogicalResult runBitcast(Operation *op, ExecContext &ctx) {
  return runCast(
      op, ctx,
      [&](auto f, auto t, const DenseValue &x, DenseValue &z) -> LogicalResult {
        constexpr ElementKind From = decltype(f)::kind, To = decltype(t)::kind;
        if (bitWidth(From) != bitWidth(To))
          return ctx.opError(op) << " from " << toString(From) << " to "
                                 << toString(To) << " changes the bit width";
        using T = typename StorageOf<To>::type;
        map1<T, T>(x, z, [](T v) { return v; });
        return success();
      });
}

//===----------------------------------------------------------------------===//
// Constants
//===----------------------------------------------------------------------===//

/// The value of a constant, built once per op and shared by every run.
struct ConstantCache {
  DenseValue value;
};

/// Shares `bytes` (owned by the MLIRContext, which outlives the run) when
/// they are aligned for `kind`; else copies them.
FailureOr<DenseValue> fromBytes(Operation *op, ExecContext &ctx,
                                ElementKind kind, ArrayRef<int64_t> shape,
                                ArrayRef<char> bytes) {
  int64_t n = 1, size = static_cast<int64_t>(elementSize(kind)), total = 0;
  bool overflow = false;
  for (int64_t d : shape)
    overflow |= llvm::MulOverflow(n, d, n);
  overflow |= llvm::MulOverflow(n, size, total);
  if (overflow || static_cast<int64_t>(bytes.size()) != total)
    return ExecContext::opError(op)
           << " holds " << bytes.size() << " bytes of data, expected "
           << (overflow ? std::string("more than 2^63")
                        : std::to_string(total));
  if (kind != ElementKind::I1 &&
      reinterpret_cast<uintptr_t>(bytes.data()) % size == 0)
    return DenseValue::adopt(
        kind, shape,
        std::shared_ptr<const void>(bytes.data(), [](const void *) {}),
        bytes.data());
  FailureOr<DenseValue> v = ctx.allocate(op, kind, shape);
  if (failed(v))
    return failure();
  std::memcpy(v->mutableData<char>(), bytes.data(), bytes.size());
  if (kind == ElementKind::I1)
    for (int64_t i = 0; i < n; ++i)
      v->mutableData<uint8_t>()[i] &= 1;
  return v;
}

FailureOr<DenseValue> denseConstant(Operation *op, ExecContext &ctx,
                                    DenseIntOrFPElementsAttr attr,
                                    ElementKind kind, ArrayRef<int64_t> shape) {
  if (kind != ElementKind::I1 && !attr.isSplat())
    return fromBytes(op, ctx, kind, shape, attr.getRawData());
  FailureOr<DenseValue> v = ctx.allocate(op, kind, shape);
  if (failed(v))
    return failure();
  int64_t n = v->numElements();
  if (kind == ElementKind::I1) {
    uint8_t *out = v->mutableData<uint8_t>();
    int64_t i = 0;
    for (bool b : attr.getValues<bool>())
      out[i++] = b;
    for (; i < n && i > 0; ++i) // A splat yields one value.
      out[i] = out[0];
    return v;
  }
  size_t size = elementSize(kind);
  ArrayRef<char> raw = attr.getRawData();
  if (raw.size() < size)
    return ExecContext::opError(op) << " has a malformed splat";
  char *out = v->mutableData<char>();
  for (int64_t i = 0; i < n; ++i)
    std::memcpy(out + i * size, raw.data(), size);
  return v;
}

FailureOr<DenseValue> scalarConstant(Operation *op, Attribute attr,
                                     ElementKind kind) {
  uint64_t bits;
  if (auto f = dyn_cast<FloatAttr>(attr))
    bits = f.getValue().bitcastToAPInt().getZExtValue();
  else if (auto i = dyn_cast<IntegerAttr>(attr))
    bits = i.getValue().getZExtValue();
  else
    return ExecContext::opError(op) << " with a scalar value " << attr
                                    << " is not supported by systile-run";
  return visitKind(kind, [&](auto tag) {
    constexpr ElementKind K = decltype(tag)::kind;
    using T = typename StorageOf<K>::type;
    T v;
    if constexpr (K == ElementKind::I1)
      v = bits & 1;
    else
      std::memcpy(&v, &bits, sizeof(T)); // Little-endian: the low bytes.
    return DenseValue::scalar(K, v);
  });
}

FailureOr<DenseValue> buildConstant(Operation *op, ExecContext &ctx) {
  auto constant = cast<arith::ConstantOp>(op);
  Type type = constant.getType();
  FailureOr<ElementKind> kind = ExecContext::kindOf(op, type);
  if (failed(kind))
    return failure();
  auto tensor = dyn_cast<RankedTensorType>(type);
  if (!tensor) {
    if (isa<ShapedType>(type))
      return ExecContext::opError(op)
             << " of type " << type
             << " is not supported by systile-run (scalars "
                "and ranked tensors)";
    return scalarConstant(op, constant.getValue(), *kind);
  }
  Attribute value = constant.getValue();
  if (auto dense = dyn_cast<DenseIntOrFPElementsAttr>(value))
    return denseConstant(op, ctx, dense, *kind, tensor.getShape());
  if (auto resource = dyn_cast<DenseResourceElementsAttr>(value)) {
    DenseResourceElementsHandle handle = resource.getRawHandle();
    AsmResourceBlob *blob = handle.getBlob();
    if (!blob)
      return ExecContext::opError(op)
             << ": the data of "
             << "dense_resource<" << handle.getKey()
             << "> is missing from the file's resources";
    return fromBytes(op, ctx, *kind, tensor.getShape(), blob->getData());
  }
  return ExecContext::opError(op)
         << " with a " << value.getAbstractAttribute().getName()
         << " value is not supported by systile-run (dense, "
            "splat and dense_resource elements)";
}

LogicalResult runConstant(Operation *op, ExecContext &ctx) {
  ConstantCache &cache = ctx.cached<ConstantCache>(op);
  if (cache.value.isNull()) {
    FailureOr<DenseValue> v = buildConstant(op, ctx);
    if (failed(v))
      return failure();
    cache.value = std::move(*v);
  }
  return ctx.bindResult(op, cache.value);
}

//===----------------------------------------------------------------------===//
// Registration
//===----------------------------------------------------------------------===//

void attachFloatOps(MLIRContext &ctx) {
  floatLanes<Lane<arith::AddFOp, sc::AddF>, Lane<arith::SubFOp, sc::SubF>,
             Lane<arith::MulFOp, sc::MulF>, Lane<arith::DivFOp, sc::DivF>,
             Lane<arith::RemFOp, sc::RemF>,
             Lane<arith::MaximumFOp, sc::MaximumF>,
             Lane<arith::MinimumFOp, sc::MinimumF>,
             Lane<arith::MaxNumFOp, sc::MaxNumF>,
             Lane<arith::MinNumFOp, sc::MinNumF>,
             Lane<arith::NegFOp, sc::NegF>>(ctx);
  attachLaneModel<arith::CmpFOp, runCmp<arith::CmpFOp>>(ctx);
}

void attachIntOps(MLIRContext &ctx) {
  using WK = sc::WrapKind;
  attachLaneModel<arith::AddIOp, runWrapping<WK::Add, sc::AddI>>(ctx);
  attachLaneModel<arith::SubIOp, runWrapping<WK::Sub, sc::SubI>>(ctx);
  attachLaneModel<arith::MulIOp, runWrapping<WK::Mul, sc::MulI>>(ctx);
  intLanes<Lane<arith::AndIOp, sc::AndI>, Lane<arith::OrIOp, sc::OrI>,
           Lane<arith::XOrIOp, sc::XOrI>, Lane<arith::MaxSIOp, sc::MaxSI>,
           Lane<arith::MinSIOp, sc::MinSI>, Lane<arith::MaxUIOp, sc::MaxUI>,
           Lane<arith::MinUIOp, sc::MinUI>,
           Lane<arith::DivSIOp, sc::DivSI, SignedDivWhy<false>>,
           Lane<arith::RemSIOp, sc::RemSI, SignedDivWhy<true>>,
           Lane<arith::CeilDivSIOp, sc::CeilDivSI, SignedDivWhy<false>>,
           Lane<arith::FloorDivSIOp, sc::FloorDivSI, SignedDivWhy<false>>,
           Lane<arith::DivUIOp, sc::DivUI, UnsignedDivWhy<false>>,
           Lane<arith::RemUIOp, sc::RemUI, UnsignedDivWhy<true>>,
           Lane<arith::CeilDivUIOp, sc::CeilDivUI, UnsignedDivWhy<false>>>(ctx);
  attachLaneModel<arith::ShLIOp, runWrapping<WK::Shl, sc::ShLI,
                                              ShiftWhy<sc::ShiftKind::Left>>>(
      ctx);
  intLanes<Lane<arith::ShRSIOp, sc::ShRSI, ShiftWhy<sc::ShiftKind::RightS>>,
           Lane<arith::ShRUIOp, sc::ShRUI, ShiftWhy<sc::ShiftKind::RightU>>>(ctx);
  using EK = sc::ExtendedKind;
  attachLaneModel<arith::AddUIExtendedOp, runExtended<EK::AddU>>(ctx);
  attachLaneModel<arith::MulSIExtendedOp, runExtended<EK::MulS>>(ctx);
  attachLaneModel<arith::MulUIExtendedOp, runExtended<EK::MulU>>(ctx);
  attachLaneModel<arith::CmpIOp, runCmp<arith::CmpIOp>>(ctx);
}

template <bool Signed>
constexpr auto intToFloat =
    runConvert<Lanes::Int, Lanes::Float, IntToFloat<Signed>>;
template <bool Signed>
constexpr auto intToInt = runConvert<Lanes::Int, Lanes::Int, IntToInt<Signed>>;

/// trunci: wraps, or with overflow<nsw> / overflow<nuw> is poison where the
/// dropped bits are not the sign (zero) extension of the result.
LogicalResult runTruncI(Operation *op, ExecContext &ctx) {
  auto [nsw, nuw] = overflowFlags(op);
  if (nsw && nuw)
    return runConvert<Lanes::Int, Lanes::Int, TruncChecked<true, true>>(op,
                                                                        ctx);
  if (nsw)
    return runConvert<Lanes::Int, Lanes::Int, TruncChecked<true, false>>(op,
                                                                         ctx);
  if (nuw)
    return runConvert<Lanes::Int, Lanes::Int, TruncChecked<false, true>>(op,
                                                                         ctx);
  return intToInt<true>(op, ctx);
}

void attachOtherOps(MLIRContext &ctx) {
  // A constant is the same in every lane: a payload region with constants
  // (e.g. ReLU's 0.0) can still run lane-wise.
  attachLaneModel<arith::ConstantOp, runConstant>(ctx);
  attachLaneModel<arith::SelectOp, runSelect>(ctx);
  attachLaneModel<arith::ExtFOp, runFloatCast>(ctx);
  attachLaneModel<arith::TruncFOp, runFloatCast>(ctx);
  attachLaneModel<arith::SIToFPOp, intToFloat<true>>(ctx);
  attachLaneModel<arith::UIToFPOp, intToFloat<false>>(ctx);
  attachLaneModel<arith::FPToSIOp, runFloatToInt<true>>(ctx);
  attachLaneModel<arith::FPToUIOp, runFloatToInt<false>>(ctx);
  attachLaneModel<arith::ExtSIOp, intToInt<true>>(ctx);
  attachLaneModel<arith::ExtUIOp, intToInt<false>>(ctx);
  attachLaneModel<arith::TruncIOp, runTruncI>(ctx);
  attachLaneModel<arith::IndexCastOp, intToInt<true>>(ctx);
  attachLaneModel<arith::IndexCastUIOp, intToInt<false>>(ctx);
  attachLaneModel<arith::BitcastOp, runBitcast>(ctx);
}

} // namespace

void systile::interp::registerArithExecutionModels(DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *ctx, arith::ArithDialect *) {
    attachFloatOps(*ctx);
    attachIntOps(*ctx);
    attachOtherOps(*ctx);
  });
}
