//===- LinalgContraction.cpp - Matmul-family fast path --------------------===//
//
// Recognises a structured op whose payload is exactly a multiply-
// accumulate,
//
//   yield(out + f(a) * f(b))   f = identity | ext | (ext(x) - ext(zero point))
//
// in f32/f64 (arith.addf/mulf without fast-math flags, inputs possibly
// extended from bf16/f16/f32) or i32/i64 (arith.addi/muli, inputs possibly
// sign- or zero-extended, zero points subtracted as quantized_matmul
// does), with a projected-permutation output map. Its loops then split
// into batch (in A, B and C), m (A and C), n (B and C) and k (reductions in
// A and B). Upstream updates each C element by its k points in
// lexicographic loop order, which is the order of the flattened k index
// below, so the runtime's dense contraction computes exactly upstream's
// numbers: matmul with any indexing_maps, batch_matmul, batch_reduce_matmul
// (its batch loop is a reduction: part of k), matvec, vecmat, dot,
// quantized_matmul and matmul-shaped generics, and every convolution
// (`linalg.conv_*`, depthwise and grouped ones included): their input maps
// are affine combinations of the loops (`oh * stride + kh * dilation`), and
// the gathered lhs view over (batch, m, k) is the im2col matrix, its k in
// the op's reduction loop order.
//
//===----------------------------------------------------------------------===//

#include "LinalgContraction.h"

#include "systile/Runtime/DenseContraction.h"
#include "systile/Runtime/StridedCopy.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

#include <optional>

using namespace mlir;
using namespace systile::interp;
using namespace systile::interp::linalg_exec;
namespace dense = systile::rt::dense;

namespace {
enum class Ext { None, Sign, Zero, Float };

/// One factor of the product: an input, maybe extended, maybe minus a
/// (scalar) zero-point input.
struct Factor {
  unsigned input = 0;
  Ext ext = Ext::None;
  std::optional<unsigned> zeroPoint;
  Ext zeroPointExt = Ext::None;
};

struct Contraction {
  Factor lhs, rhs;
  ElementKind acc = ElementKind::F32;
  SmallVector<unsigned> batch, m, n, k;
};

/// A block argument of an input, maybe through one extension op.
std::optional<std::pair<unsigned, Ext>>
matchInput(Value v, Block &body, unsigned numInputs,
           llvm::SmallPtrSetImpl<Operation *> &used) {
  Ext ext = Ext::None;
  if (Operation *def = v.getDefiningOp()) {
    if (isa<arith::ExtFOp>(def))
      ext = Ext::Float;
    else if (isa<arith::ExtSIOp>(def))
      ext = Ext::Sign;
    else if (isa<arith::ExtUIOp>(def))
      ext = Ext::Zero;
    else
      return std::nullopt;
    used.insert(def);
    v = def->getOperand(0);
  }
  auto arg = dyn_cast<BlockArgument>(v);
  if (!arg || arg.getOwner() != &body || arg.getArgNumber() >= numInputs)
    return std::nullopt;
  return std::make_pair(arg.getArgNumber(), ext);
}

std::optional<Factor> matchFactor(Value v, Block &body, unsigned numInputs,
                                  llvm::SmallPtrSetImpl<Operation *> &used) {
  Factor factor;
  if (auto sub = v.getDefiningOp<arith::SubIOp>()) {
    used.insert(sub);
    auto zero = matchInput(sub.getRhs(), body, numInputs, used);
    if (!zero)
      return std::nullopt;
    factor.zeroPoint = zero->first;
    factor.zeroPointExt = zero->second;
    v = sub.getLhs();
  }
  auto input = matchInput(v, body, numInputs, used);
  if (!input)
    return std::nullopt;
  factor.input = input->first;
  factor.ext = input->second;
  return factor;
}

/// The multiply-accumulate payload, if that is what `op` computes.
std::optional<Contraction> matchPayload(linalg::LinalgOp op) {
  Block &body = *op.getBlock();
  unsigned numInputs = op.getNumDpsInputs();
  Operation *yield = body.getTerminator();
  if (op.getNumDpsInits() != 1 || yield->getNumOperands() != 1 ||
      body.getNumArguments() != numInputs + 1)
    return std::nullopt;
  Value out = body.getArgument(numInputs);
  Operation *add = yield->getOperand(0).getDefiningOp();
  if (!add || add->getNumOperands() != 2)
    return std::nullopt;
  Value other = add->getOperand(0) == out   ? add->getOperand(1)
                : add->getOperand(1) == out ? add->getOperand(0)
                                            : Value();
  Operation *mul = other ? other.getDefiningOp() : nullptr;
  bool isFloat = false;
  if (auto addf = dyn_cast<arith::AddFOp>(add)) {
    auto mulf = dyn_cast_or_null<arith::MulFOp>(mul);
    if (!mulf || addf.getFastmath() != arith::FastMathFlags::none ||
        mulf.getFastmath() != arith::FastMathFlags::none)
      return std::nullopt;
    isFloat = true;
  } else if (!isa<arith::AddIOp>(add) || !isa_and_nonnull<arith::MulIOp>(mul)) {
    return std::nullopt;
  }
  llvm::SmallPtrSet<Operation *, 8> used = {add, mul};
  auto lhs = matchFactor(mul->getOperand(0), body, numInputs, used);
  auto rhs = matchFactor(mul->getOperand(1), body, numInputs, used);
  if (!lhs || !rhs || lhs->input == rhs->input ||
      used.size() != body.getOperations().size() - 1)
    return std::nullopt;
  std::optional<ElementKind> acc = getElementKind(out.getType());
  if (!acc ||
      (isFloat && *acc != ElementKind::F32 && *acc != ElementKind::F64) ||
      (!isFloat && *acc != ElementKind::I32 && *acc != ElementKind::I64))
    return std::nullopt;
  return Contraction{*lhs, *rhs, *acc, {}, {}, {}, {}};
}

/// Splits the loops into batch, m, n and k; false if they do not form a
/// contraction.
bool classifyLoops(linalg::LinalgOp op, const IterationSpace &space,
                   Contraction &c) {
  SmallVector<AffineMap> maps = op.getIndexingMapsArray();
  AffineMap a = maps[c.lhs.input], b = maps[c.rhs.input],
            out = maps[space.numInputs];
  // Each output element is updated by its own k points: the output map
  // must be a projected permutation. The inputs may read any affine
  // combination of the loops (a convolution's `oh * stride + kh`): their
  // views over (batch, m, k) and (batch, k, n) are gathered through the
  // access coefficients, which is the im2col matrix for a convolution.
  if (!out.isProjectedPermutation(/*allowZeroInResults=*/false))
    return false;
  for (const Factor *f : {&c.lhs, &c.rhs})
    if (f->zeroPoint && maps[*f->zeroPoint].getNumResults() != 0)
      return false;
  for (unsigned l = 0; l < space.numLoops(); ++l) {
    bool inA = a.isFunctionOfDim(l), inB = b.isFunctionOfDim(l),
         inC = out.isFunctionOfDim(l);
    bool parallel = space.iterators[l] == utils::IteratorType::parallel;
    if (parallel != inC || (!inA && !inB))
      return false;
    if (!parallel && !(inA && inB))
      return false;
    (!parallel ? c.k : inA && inB ? c.batch : inA ? c.m : c.n).push_back(l);
  }
  return true;
}

template <typename T> struct KindOf;
template <> struct KindOf<float> {
  static constexpr ElementKind kind = ElementKind::F32;
};
template <> struct KindOf<double> {
  static constexpr ElementKind kind = ElementKind::F64;
};
template <> struct KindOf<uint32_t> {
  static constexpr ElementKind kind = ElementKind::I32;
};
template <> struct KindOf<uint64_t> {
  static constexpr ElementKind kind = ElementKind::I64;
};

/// f(T()) for the one of Ts whose kind is `kind`; nullopt for none.
template <typename... Ts, typename F>
std::optional<LogicalResult> withAccType(ElementKind kind, F &&f) {
  std::optional<LogicalResult> result;
  (void)((kind == KindOf<Ts>::kind && (result = f(Ts()), true)) || ...);
  return result;
}

/// An element of storage type S as the accumulator type T.
template <typename T, typename S> T convert(S s, Ext ext) {
  if constexpr (std::is_floating_point_v<T>) {
    if constexpr (std::is_same_v<S, systile::rt::bf16> || std::is_same_v<S, Half>)
      return static_cast<T>(s.toFloat());
    else if constexpr (std::is_floating_point_v<S>)
      return static_cast<T>(s);
    else
      return T();
  } else if constexpr (std::is_integral_v<S>) {
    if (ext == Ext::Zero)
      return static_cast<T>(static_cast<std::make_unsigned_t<S>>(s));
    return static_cast<T>(static_cast<int64_t>(s));
  } else {
    return T();
  }
}

/// A strided view of one operand over a list of loops (the last fastest).
struct View {
  const Access *access;
  SmallVector<int64_t> extents, strides;
  int64_t size() const {
    int64_t s = 1;
    for (int64_t e : extents)
      s *= e;
    return s;
  }
  /// Whether the view is the C-order array of its loops.
  bool isContiguous() const {
    int64_t expected = 1;
    for (int64_t d = extents.size() - 1; d >= 0; --d) {
      if (extents[d] != 1 && strides[d] != expected)
        return false;
      expected *= extents[d];
    }
    return true;
  }
  /// Calls f(contiguous index, storage offset, run length, stride) for each
  /// run along the last loop.
  template <typename F> void forEachRun(F &&f) const {
    int64_t inner = extents.empty() ? 1 : extents.back();
    int64_t innerStride = extents.empty() ? 0 : strides.back();
    int64_t outer = inner == 0 ? 0 : size() / inner;
    SmallVector<int64_t> idx(extents.size(), 0);
    for (int64_t run = 0; run < outer; ++run) {
      int64_t offset = access->base;
      int64_t rem = run;
      for (int64_t d = static_cast<int64_t>(extents.size()) - 2; d >= 0; --d) {
        offset += (rem % extents[d]) * strides[d];
        rem /= extents[d];
      }
      f(run * inner, offset, inner, innerStride);
    }
  }
};

View makeView(const IterationSpace &space, unsigned operand,
              std::initializer_list<ArrayRef<unsigned>> groups) {
  View view{&space.access[operand], {}, {}};
  for (ArrayRef<unsigned> group : groups)
    for (unsigned l : group) {
      view.extents.push_back(space.ranges[l]);
      view.strides.push_back(space.access[operand].coef[l]);
    }
  return view;
}

/// The operand of `factor` as a contiguous T array (converted, zero point
/// subtracted), or its own storage when that already is one.
template <typename T>
FailureOr<const T *> prepare(linalg::LinalgOp op, const IterationSpace &space,
                             const Factor &factor, const View &view,
                             DenseValue &scratch, ExecContext &ctx) {
  const DenseValue &src = space.values[factor.input];
  bool plain = src.kind() == KindOf<T>::kind && !factor.zeroPoint;
  if (plain && view.isContiguous())
    return src.data<T>() + view.access->base;
  FailureOr<DenseValue> buffer =
      ctx.allocate(op, KindOf<T>::kind, {view.size()});
  if (failed(buffer))
    return failure();
  scratch = std::move(*buffer);
  T *dst = scratch.mutableData<T>();
  if (plain) {
    dense::gather(dst, src.data<T>() + view.access->base, view.extents.data(),
                  view.strides.data(), view.extents.size(), sizeof(T));
    return static_cast<const T *>(dst);
  }
  T zero = T();
  if (factor.zeroPoint) {
    const DenseValue &zp = space.values[*factor.zeroPoint];
    zero = visitKind(zp.kind(), [&](auto tag) {
      using S = typename decltype(tag)::type;
      return convert<T>(zp.data<S>()[0], factor.zeroPointExt);
    });
  }
  visitKind(src.kind(), [&](auto tag) {
    using S = typename decltype(tag)::type;
    const S *data = src.data<S>();
    view.forEachRun([&](int64_t at, int64_t offset, int64_t len, int64_t st) {
      for (int64_t i = 0; i < len; ++i) {
        T v = convert<T>(data[offset + i * st], factor.ext);
        dst[at + i] = factor.zeroPoint ? static_cast<T>(v - zero) : v;
      }
    });
  });
  return static_cast<const T *>(dst);
}

template <typename T>
LogicalResult runContraction(linalg::LinalgOp op, IterationSpace &space,
                             const Contraction &c, ExecContext &ctx) {
  View a = makeView(space, c.lhs.input, {c.batch, c.m, c.k});
  View b = makeView(space, c.rhs.input, {c.batch, c.k, c.n});
  View out = makeView(space, space.numInputs, {c.batch, c.m, c.n});
  DenseValue scratchA, scratchB, scratchC;
  FailureOr<const T *> pa = prepare<T>(op, space, c.lhs, a, scratchA, ctx);
  if (failed(pa))
    return failure();
  FailureOr<const T *> pb = prepare<T>(op, space, c.rhs, b, scratchB, ctx);
  if (failed(pb))
    return failure();
  DenseValue &result = space.values[space.numInputs];
  T *pc = result.mutableData<T>() + out.access->base;
  bool inPlace = out.isContiguous();
  if (!inPlace) {
    FailureOr<DenseValue> buffer = ctx.allocate(op, c.acc, {out.size()});
    if (failed(buffer))
      return failure();
    scratchC = std::move(*buffer);
    pc = scratchC.mutableData<T>();
    out.forEachRun([&](int64_t at, int64_t offset, int64_t len, int64_t st) {
      dense::stridedCopy(pc + at, 1, result.data<T>() + offset, st, len,
                         sizeof(T));
    });
  }
  auto size = [&](ArrayRef<unsigned> loops) {
    int64_t s = 1;
    for (unsigned l : loops)
      s *= space.ranges[l];
    return s;
  };
  dense::contract<T>(*pa, *pb, pc, size(c.batch), size(c.m), size(c.n),
                     size(c.k), ctx.options().threads);
  if (!inPlace)
    out.forEachRun([&](int64_t at, int64_t offset, int64_t len, int64_t st) {
      dense::stridedCopy(result.mutableData<T>() + offset, st, pc + at, 1, len,
                         sizeof(T));
    });
  return success();
}
} // namespace

FailureOr<bool> linalg_exec::tryContraction(linalg::LinalgOp op,
                                            IterationSpace &space,
                                            ExecContext &ctx) {
  std::optional<Contraction> c = matchPayload(op);
  if (!c || !classifyLoops(op, space, *c))
    return false;
  std::optional<LogicalResult> result =
      withAccType<float, double, uint32_t, uint64_t>(c->acc, [&](auto acc) {
        return runContraction<decltype(acc)>(op, space, *c, ctx);
      });
  if (!result)
    return false;
  if (failed(*result))
    return failure();
  return true;
}
