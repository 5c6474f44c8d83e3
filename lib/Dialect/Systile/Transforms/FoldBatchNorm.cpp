//===- FoldBatchNorm.cpp - fold per-channel affine chains into convs ------===//
//
// systile-fold-batchnorm: an inference BatchNorm after a convolution is a
// per-output-channel affine map y = a[f] * x + b[f] whose a and b are
// constants; it is folded into the convolution's filter (w'[f] = w[f] *
// a[f]) and bias (b[f] with the convolution's own bias composed in), and
// the element-wise ops that computed it disappear. The pass works on
// linalg, before convert-linalg-to-systile, on the forms frontends emit:
// torch-mlir's chain of element-wise generics reading [C] parameters
// expanded to [C, 1, 1] by (d1, 0, 0), rsqrt(var + eps) computed on [C],
// and a bias as a linalg.broadcast init; parameters broadcast by a
// linalg.broadcast or a broadcasting generic (JAX's broadcast_in_dim) are
// seen through.
//
// The constants are evaluated here, in f32, with the scalar semantics
// systile-run uses (systile/Runtime/Scalar.h); the composition order is
// documented in the pass description (docs/Passes.md) and Spec section 6.
//
//===----------------------------------------------------------------------===//

#include "systile/Dialect/Systile/IR/SystileOps.h"
#include "systile/Dialect/Systile/Transforms/Passes.h"
#include "systile/Runtime/Scalar.h"
#include "systile/Support/PassStatistics.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/TypeSwitch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include <optional>

namespace systile {
#define GEN_PASS_DEF_SYSTILEFOLDBATCHNORM
#include "systile/Dialect/Systile/Transforms/Passes.h.inc"
} // namespace systile

using namespace mlir;
using namespace systile;

namespace {

/// Constants larger than this are not evaluated (a per-channel parameter is
/// small; a filter of a real network is well below it).
constexpr int64_t kMaxConstantElements = int64_t(1) << 24;

/// A constant tensor's logical elements, row-major, each exactly
/// representable in `element` (f32 or f64).
struct ConstTensor {
  SmallVector<int64_t> shape;
  FloatType element;
  std::vector<double> data;
};

bool isF32OrF64(Type t) { return t.isF32() || t.isF64(); }

/// `x` rounded to `t` (f32 or f64).
double roundTo(double x, Type t) {
  return t.isF32() ? static_cast<double>(static_cast<float>(x)) : x;
}

std::optional<ConstTensor> evaluateTensor(Value v, int depth = 0);

/// The value of the scalar `v` used in a generic's body when it is defined
/// outside the body by a float constant, or computed from such constants by
/// arith.truncf / extf.
std::optional<double> outerScalar(Value v) {
  Operation *def = v.getDefiningOp();
  if (!def)
    return std::nullopt;
  if (auto cst = dyn_cast<arith::ConstantFloatOp>(def))
    return cst.value().convertToDouble();
  if (auto cst = dyn_cast<arith::ConstantOp>(def))
    if (auto f = dyn_cast<FloatAttr>(cst.getValue()))
      if (isF32OrF64(f.getType()))
        return f.getValueAsDouble();
  if (isa<arith::TruncFOp, arith::ExtFOp>(def) &&
      isF32OrF64(def->getResult(0).getType()))
    if (auto in = outerScalar(def->getOperand(0)))
      return roundTo(*in, def->getResult(0).getType());
  return std::nullopt;
}

/// One scalar op of a body on known values, in the op's float type with the
/// interpreter's semantics; nullopt for any other op.
std::optional<double> evaluateScalarOp(Operation *op, ArrayRef<double> in) {
  Type t = op->getResult(0).getType();
  if (!isF32OrF64(t))
    return std::nullopt;
  auto binary = [&](auto f) -> std::optional<double> {
    if (in.size() != 2)
      return std::nullopt;
    if (t.isF32())
      return f(static_cast<float>(in[0]), static_cast<float>(in[1]));
    return f(in[0], in[1]);
  };
  auto unary = [&](auto f) -> std::optional<double> {
    if (in.size() != 1)
      return std::nullopt;
    if (t.isF32())
      return f(static_cast<float>(in[0]));
    return f(in[0]);
  };
  namespace sc = systile::rt::scalar;
  return llvm::TypeSwitch<Operation *, std::optional<double>>(op)
      .Case([&](arith::AddFOp) {
        return binary([](auto a, auto b) { return double(a + b); });
      })
      .Case([&](arith::SubFOp) {
        return binary([](auto a, auto b) { return double(a - b); });
      })
      .Case([&](arith::MulFOp) {
        return binary([](auto a, auto b) { return double(a * b); });
      })
      .Case([&](arith::DivFOp) {
        return binary([](auto a, auto b) { return double(a / b); });
      })
      .Case([&](arith::NegFOp) {
        return unary([](auto a) { return double(-a); });
      })
      .Case([&](math::SqrtOp) {
        return unary([](auto a) { return double(sc::Sqrt{}(a)); });
      })
      .Case([&](math::RsqrtOp) {
        return unary([](auto a) { return double(sc::Rsqrt{}(a)); });
      })
      .Case<arith::TruncFOp, arith::ExtFOp>([&](Operation *) {
        return unary([&](auto a) { return roundTo(double(a), t); });
      })
      .Default([](Operation *) { return std::nullopt; });
}

/// The value a generic's body yields for block arguments `args`: only float
/// constants (inside or outside the body) and the ops of evaluateScalarOp.
std::optional<double> evaluateBody(Block &body, ArrayRef<double> args) {
  DenseMap<Value, double> known;
  for (auto [arg, value] : llvm::zip(body.getArguments(), args))
    known[arg] = value;
  auto lookup = [&](Value v) -> std::optional<double> {
    auto it = known.find(v);
    if (it != known.end())
      return it->second;
    if (v.getParentBlock() != &body)
      return outerScalar(v);
    return std::nullopt;
  };
  for (Operation &op : body) {
    if (auto yield = dyn_cast<linalg::YieldOp>(op)) {
      if (yield.getNumOperands() != 1)
        return std::nullopt;
      return lookup(yield.getOperand(0));
    }
    if (op.getNumResults() != 1)
      return std::nullopt;
    if (auto cst = outerScalar(op.getResult(0))) {
      known[op.getResult(0)] = *cst;
      continue;
    }
    SmallVector<double> in;
    for (Value operand : op.getOperands()) {
      auto v = lookup(operand);
      if (!v)
        return std::nullopt;
      in.push_back(*v);
    }
    auto r = evaluateScalarOp(&op, in);
    if (!r)
      return std::nullopt;
    known[op.getResult(0)] = *r;
  }
  return std::nullopt;
}

/// The value of the static f32 or f64 tensor `v` when it is a constant or
/// computed from constants by element-wise generics (every map the
/// identity), expand_shape / collapse_shape and the body ops above.
std::optional<ConstTensor> evaluateTensor(Value v, int depth) {
  auto type = dyn_cast<RankedTensorType>(v.getType());
  if (!type || !type.hasStaticShape() || !isF32OrF64(type.getElementType()) ||
      type.getNumElements() > kMaxConstantElements || depth > 64)
    return std::nullopt;
  ConstTensor result{llvm::to_vector(type.getShape()),
                     cast<FloatType>(type.getElementType()),
                     {}};
  if (DenseElementsAttr dense = constantValueOf(v)) {
    result.data.reserve(type.getNumElements());
    for (APFloat x : dense.getValues<APFloat>())
      result.data.push_back(x.convertToDouble());
    return result;
  }
  Operation *def = v.getDefiningOp();
  if (!def)
    return std::nullopt;
  if (isa<tensor::ExpandShapeOp, tensor::CollapseShapeOp>(def)) {
    auto src = evaluateTensor(def->getOperand(0), depth + 1);
    if (!src)
      return std::nullopt;
    result.data = std::move(src->data);
    return result;
  }
  auto generic = dyn_cast<linalg::GenericOp>(def);
  if (!generic || generic->getNumResults() != 1 ||
      generic.getNumDpsInits() != 1 ||
      generic.getNumParallelLoops() != generic.getNumLoops() ||
      !llvm::all_of(generic.getIndexingMapsArray(),
                    [](AffineMap m) { return m.isIdentity(); }))
    return std::nullopt;
  Block &body = generic.getRegion().front();
  // The init is read only when the body uses its argument.
  bool readsInit = !body.getArguments().back().use_empty();
  SmallVector<ConstTensor> operands;
  for (OpOperand &operand : generic->getOpOperands()) {
    if (generic.isDpsInit(&operand) && !readsInit) {
      operands.push_back(ConstTensor{});
      continue;
    }
    auto t = evaluateTensor(operand.get(), depth + 1);
    if (!t)
      return std::nullopt;
    operands.push_back(std::move(*t));
  }
  int64_t n = type.getNumElements();
  result.data.resize(n);
  SmallVector<double> args(operands.size(), 0.0);
  for (int64_t i = 0; i < n; ++i) {
    for (auto [k, t] : llvm::enumerate(operands))
      args[k] = t.data.empty() ? 0.0 : t.data[i];
    auto r = evaluateBody(body, args);
    if (!r)
      return std::nullopt;
    result.data[i] = roundTo(*r, result.element);
  }
  return result;
}

/// The per-channel values of `v` read by `map` (loops of a generic over the
/// convolution's output -> v's dimensions), channel loop `channel` of
/// `channels`: every result of the map is a constant or the channel loop.
/// Broadcasts of [C] (linalg.broadcast, a generic yielding its input) are
/// seen through. f32 values only.
std::optional<SmallVector<float>> channelValues(Value v, AffineMap map,
                                                unsigned channel,
                                                int64_t channels,
                                                int depth = 0) {
  if (depth > 16)
    return std::nullopt;
  auto type = dyn_cast<RankedTensorType>(v.getType());
  if (!type || !type.getElementType().isF32() || !type.hasStaticShape())
    return std::nullopt;
  // Through a broadcast: compose its input map with ours.
  if (auto bcast = v.getDefiningOp<linalg::BroadcastOp>()) {
    SmallVector<AffineExpr> kept;
    ArrayRef<int64_t> added = bcast.getDimensions();
    for (unsigned d = 0; d < map.getNumResults(); ++d)
      if (!llvm::is_contained(added, static_cast<int64_t>(d)))
        kept.push_back(map.getResult(d));
    return channelValues(
        bcast.getInput(),
        AffineMap::get(map.getNumDims(), 0, kept, map.getContext()), channel,
        channels, depth + 1);
  }
  if (auto generic = v.getDefiningOp<linalg::GenericOp>()) {
    Block &body = generic.getRegion().front();
    auto yield = cast<linalg::YieldOp>(body.getTerminator());
    if (generic.getNumDpsInputs() == 1 && generic->getNumResults() == 1 &&
        generic.getNumParallelLoops() == generic.getNumLoops() &&
        generic.getIndexingMapsArray().back().isIdentity() &&
        yield.getNumOperands() == 1 && yield.getOperand(0) == body.getArgument(0))
      return channelValues(
          generic.getDpsInputs()[0],
          generic.getIndexingMapsArray()[0].compose(map), channel, channels,
          depth + 1);
  }
  for (AffineExpr e : map.getResults())
    if (!isa<AffineConstantExpr>(e) &&
        !(isa<AffineDimExpr>(e) &&
          cast<AffineDimExpr>(e).getPosition() == channel))
      return std::nullopt;
  auto tensor = evaluateTensor(v);
  if (!tensor)
    return std::nullopt;
  SmallVector<float> values(channels);
  for (int64_t f = 0; f < channels; ++f) {
    int64_t linear = 0;
    for (auto [d, e] : llvm::enumerate(map.getResults())) {
      int64_t index = isa<AffineConstantExpr>(e)
                          ? cast<AffineConstantExpr>(e).getValue()
                          : f;
      if (index < 0 || index >= tensor->shape[d])
        return std::nullopt;
      linear = linear * tensor->shape[d] + index;
    }
    values[f] = static_cast<float>(tensor->data[linear]);
  }
  return values;
}

/// y = a[f] * x + b[f], per output channel, in f32.
struct AffineChannels {
  SmallVector<float> a, b;
};

/// A body value while a chain generic's body is read: the chain's affine
/// function of the convolution's output, or per-channel constants.
struct BodyValue {
  std::optional<AffineChannels> affine;
  SmallVector<float> constant;
};

/// The chain's function after `op` (one float op of a chain generic's
/// body) on `in`; nullopt when it is not affine in the chain's value with
/// constant per-channel parameters. The composition, channel by channel
/// in f32: x + c: b + c; c + x: c + b; x - c: b - c; c - x: a = -a,
/// b = c - b; x * c and c * x: a * c, b * c; x / c: a / c, b / c; -x: -a,
/// -b. Ops of constants only are evaluated as the body would.
std::optional<BodyValue> applyChainOp(Operation *op, ArrayRef<BodyValue> in,
                                      int64_t channels) {
  if (!op->getResult(0).getType().isF32())
    return std::nullopt;
  unsigned affines = llvm::count_if(
      in, [](const BodyValue &v) { return v.affine.has_value(); });
  BodyValue out;
  if (affines == 0) {
    out.constant.resize(channels);
    for (int64_t f = 0; f < channels; ++f) {
      SmallVector<double> args;
      for (const BodyValue &v : in)
        args.push_back(v.constant[f]);
      auto r = evaluateScalarOp(op, args);
      if (!r)
        return std::nullopt;
      out.constant[f] = static_cast<float>(*r);
    }
    return out;
  }
  if (affines != 1)
    return std::nullopt;
  bool chainFirst = in[0].affine.has_value();
  AffineChannels r = chainFirst ? *in[0].affine : *in[1].affine;
  auto c = [&](int64_t f) {
    return chainFirst ? in[1].constant[f] : in[0].constant[f];
  };
  bool ok = true;
  for (int64_t f = 0; f < channels && ok; ++f) {
    float &a = r.a[f], &b = r.b[f];
    llvm::TypeSwitch<Operation *>(op)
        .Case([&](arith::AddFOp) { b = chainFirst ? b + c(f) : c(f) + b; })
        .Case([&](arith::SubFOp) {
          if (chainFirst) {
            b = b - c(f);
          } else {
            a = -a;
            b = c(f) - b;
          }
        })
        .Case([&](arith::MulFOp) {
          a = chainFirst ? a * c(f) : c(f) * a;
          b = chainFirst ? b * c(f) : c(f) * b;
        })
        .Case([&](arith::DivFOp) {
          if (!chainFirst) {
            ok = false;
            return;
          }
          a = a / c(f);
          b = b / c(f);
        })
        .Case([&](arith::NegFOp) {
          a = -a;
          b = -b;
        })
        .Default([&](Operation *) { ok = false; });
  }
  if (!ok)
    return std::nullopt;
  out.affine = std::move(r);
  return out;
}

/// The function `generic` computes of `value` (read with the identity map,
/// the generic element-wise over the convolution's output type) composed
/// after `current`; nullopt when `generic` is not such a per-channel affine
/// map with constant parameters.
std::optional<AffineChannels>
composeChainGeneric(linalg::GenericOp generic, Value value,
                    const AffineChannels &current, unsigned channel,
                    int64_t channels) {
  if (!generic.hasPureTensorSemantics() || generic->getNumResults() != 1 ||
      generic.getNumDpsInits() != 1 ||
      generic->getResult(0).getType() != value.getType() ||
      generic.getNumParallelLoops() != generic.getNumLoops() ||
      !generic.getIndexingMapsArray().back().isIdentity())
    return std::nullopt;
  Block &body = generic.getRegion().front();
  if (!body.getArguments().back().use_empty())
    return std::nullopt;
  DenseMap<Value, BodyValue> known;
  auto splat = [&](double s) {
    return BodyValue{std::nullopt,
                     SmallVector<float>(channels, static_cast<float>(s))};
  };
  bool sawChain = false;
  for (OpOperand *operand : generic.getDpsInputOperands()) {
    BlockArgument arg = generic.getMatchingBlockArgument(operand);
    AffineMap map = generic.getMatchingIndexingMap(operand);
    if (operand->get() == value) {
      if (!map.isIdentity() || sawChain)
        return std::nullopt;
      sawChain = true;
      known[arg] = BodyValue{current, {}};
      continue;
    }
    auto values = channelValues(operand->get(), map, channel, channels);
    if (!values)
      return std::nullopt;
    known[arg] = BodyValue{std::nullopt, std::move(*values)};
  }
  if (!sawChain)
    return std::nullopt;
  auto lookup = [&](Value v) -> std::optional<BodyValue> {
    auto it = known.find(v);
    if (it != known.end())
      return it->second;
    if (v.getParentBlock() != &body)
      if (auto s = outerScalar(v); s && v.getType().isF32())
        return splat(*s);
    return std::nullopt;
  };
  for (Operation &op : body) {
    if (auto yield = dyn_cast<linalg::YieldOp>(op)) {
      if (yield.getNumOperands() != 1)
        return std::nullopt;
      auto v = lookup(yield.getOperand(0));
      if (!v || !v->affine)
        return std::nullopt;
      return v->affine;
    }
    if (op.getNumResults() != 1)
      return std::nullopt;
    if (auto s = outerScalar(op.getResult(0))) {
      // A scalar constant; an f64 one is only read through a truncf, which
      // outerScalar evaluates itself.
      if (op.getResult(0).getType().isF32())
        known[op.getResult(0)] = splat(*s);
      continue;
    }
    SmallVector<BodyValue> in;
    for (Value operand : op.getOperands()) {
      auto v = lookup(operand);
      if (!v)
        return std::nullopt;
      in.push_back(std::move(*v));
    }
    auto r = applyChainOp(&op, in, channels);
    if (!r)
      return std::nullopt;
    known[op.getResult(0)] = std::move(*r);
  }
  return std::nullopt;
}

/// The convolution's output channel: the one loop that indexes both the
/// filter and the output (f of a plain convolution, c of a depthwise one
/// without multiplier); its position in the output and in the filter.
struct ChannelDim {
  unsigned loop, outputPos, filterPos;
};

std::optional<ChannelDim> outputChannel(linalg::LinalgOp conv) {
  AffineMap filterMap = conv.getMatchingIndexingMap(conv.getDpsInputOperand(1));
  AffineMap outputMap = conv.getMatchingIndexingMap(conv.getDpsInitOperand(0));
  std::optional<ChannelDim> found;
  for (auto [outPos, e] : llvm::enumerate(outputMap.getResults())) {
    auto dim = dyn_cast<AffineDimExpr>(e);
    if (!dim)
      return std::nullopt;
    for (auto [fPos, fe] : llvm::enumerate(filterMap.getResults())) {
      auto fdim = dyn_cast<AffineDimExpr>(fe);
      if (!fdim || fdim.getPosition() != dim.getPosition())
        continue;
      if (found)
        return std::nullopt; // Two such loops: groups or a multiplier.
      found = ChannelDim{dim.getPosition(), static_cast<unsigned>(outPos),
                         static_cast<unsigned>(fPos)};
    }
  }
  return found;
}

/// The convolution's bias per output channel: its init is a fill of a
/// constant, a splat constant, or a linalg.broadcast of a [C] constant
/// along every other output dimension.
std::optional<SmallVector<float>> initBias(Value init, unsigned outputPos,
                                           int64_t channels) {
  if (auto fill = init.getDefiningOp<linalg::FillOp>()) {
    auto s = outerScalar(fill.getInputs()[0]);
    if (!s || !fill.getInputs()[0].getType().isF32())
      return std::nullopt;
    return SmallVector<float>(channels, static_cast<float>(*s));
  }
  AffineMap id = AffineMap::getMultiDimIdentityMap(
      cast<RankedTensorType>(init.getType()).getRank(), init.getContext());
  if (auto dense = constantValueOf(init)) {
    if (!dense.isSplat())
      return std::nullopt;
    return SmallVector<float>(channels, dense.getSplatValue<float>());
  }
  if (init.getDefiningOp<linalg::BroadcastOp>() ||
      init.getDefiningOp<linalg::GenericOp>())
    return channelValues(init, id, outputPos, channels);
  return std::nullopt;
}

bool isFoldableConvolution(Operation *op) {
  StringRef name = op->getName().getStringRef();
  return (name.starts_with("linalg.conv_") ||
          name.starts_with("linalg.depthwise_conv_")) &&
         !name.ends_with("_q") && isa<linalg::ConvolutionOpInterface>(op);
}

struct SystileFoldBatchNorm
    : public systile::impl::SystileFoldBatchNormBase<SystileFoldBatchNorm> {
  using SystileFoldBatchNormBase::SystileFoldBatchNormBase;
  PassCounter convsFolded{"systile-fold-batchnorm", "convs-folded",
                          "convolutions whose per-channel affine users were "
                          "folded into their filter and bias"};
  PassCounter opsFolded{"systile-fold-batchnorm", "ops-folded",
                        "element-wise generics folded into a convolution"};

  void runOnOperation() override {
    SmallVector<linalg::LinalgOp> convs;
    getOperation()->walk([&](linalg::LinalgOp op) {
      if (isFoldableConvolution(op))
        convs.push_back(op);
    });
    for (linalg::LinalgOp conv : convs)
      foldInto(conv);
  }

  void foldInto(linalg::LinalgOp conv) {
    if (!conv.hasPureTensorSemantics() || conv->getNumResults() != 1 ||
        conv.getNumDpsInputs() != 2 || conv.getNumDpsInits() != 1)
      return;
    Value out = conv->getResult(0);
    auto outType = dyn_cast<RankedTensorType>(out.getType());
    Value filter = conv.getDpsInputOperand(1)->get();
    auto filterType = dyn_cast<RankedTensorType>(filter.getType());
    if (!outType || !outType.hasStaticShape() ||
        !outType.getElementType().isF32() || !filterType ||
        !filterType.getElementType().isF32() ||
        !getElementTypeOrSelf(conv.getDpsInputOperand(0)->get().getType())
             .isF32())
      return;
    auto channel = outputChannel(conv);
    if (!channel)
      return;
    int64_t channels = outType.getDimSize(channel->outputPos);
    if (filterType.getDimSize(channel->filterPos) != channels)
      return;
    // The chain: single-use element-wise generics, each a per-channel
    // affine map of the previous one's result.
    auto bias = initBias(conv.getDpsInitOperand(0)->get(), channel->outputPos,
                         channels);
    if (!bias)
      return;
    AffineChannels f{SmallVector<float>(channels, 1.0f), *bias};
    SmallVector<linalg::GenericOp> chain;
    Value value = out;
    while (value.hasOneUse()) {
      auto generic = dyn_cast<linalg::GenericOp>(*value.getUsers().begin());
      if (!generic)
        break;
      auto next = composeChainGeneric(generic, value, f, channel->outputPos,
                                      channels);
      if (!next)
        break;
      f = std::move(*next);
      chain.push_back(generic);
      value = generic->getResult(0);
    }
    if (chain.empty())
      return;
    auto weights = evaluateTensor(filter);
    if (!weights)
      return;

    // w'[..., f, ...] = w[..., f, ...] * a[f]; the bias b as a [C] constant
    // broadcast along the other output dimensions.
    SmallVector<float> folded(weights->data.size());
    int64_t inner = 1;
    for (unsigned d = channel->filterPos + 1; d < filterType.getRank(); ++d)
      inner *= filterType.getDimSize(d);
    for (size_t i = 0; i < folded.size(); ++i)
      folded[i] = static_cast<float>(weights->data[i]) *
                  f.a[(i / inner) % channels];
    IRRewriter rewriter(conv->getContext());
    rewriter.setInsertionPoint(conv);
    Location loc = conv.getLoc();
    Value newFilter = arith::ConstantOp::create(
        rewriter, loc, DenseElementsAttr::get(filterType, ArrayRef(folded)));
    auto biasType = RankedTensorType::get({channels}, rewriter.getF32Type());
    Value newBias = arith::ConstantOp::create(
        rewriter, loc, DenseElementsAttr::get(biasType, ArrayRef(f.b)));
    Value empty = tensor::EmptyOp::create(rewriter, loc, outType.getShape(),
                                          outType.getElementType());
    SmallVector<int64_t> others;
    for (int64_t d = 0; d < outType.getRank(); ++d)
      if (d != channel->outputPos)
        others.push_back(d);
    Value init =
        linalg::BroadcastOp::create(rewriter, loc, newBias, empty, others)
            ->getResult(0);
    Operation *newConv = rewriter.clone(*conv);
    newConv->setOperand(conv.getDpsInputOperand(1)->getOperandNumber(),
                        newFilter);
    newConv->setOperand(conv.getDpsInitOperand(0)->getOperandNumber(), init);
    rewriter.replaceAllUsesWith(chain.back()->getResult(0),
                                newConv->getResult(0));
    // The chain, the convolution, and what computed their parameters and
    // the old init, once nothing else uses it.
    llvm::SetVector<Operation *> producers;
    auto addProducers = [&](Operation *op) {
      for (Value operand : op->getOperands())
        if (Operation *def = operand.getDefiningOp())
          producers.insert(def);
    };
    addProducers(conv);
    for (linalg::GenericOp g : chain)
      addProducers(g);
    producers.remove(conv);
    for (linalg::GenericOp g : chain)
      producers.remove(g);
    for (linalg::GenericOp g : llvm::reverse(chain))
      rewriter.eraseOp(g);
    rewriter.eraseOp(conv);
    while (!producers.empty()) {
      Operation *op = producers.pop_back_val();
      if (!op->use_empty() || !isPure(op))
        continue;
      addProducers(op);
      rewriter.eraseOp(op);
    }
    ++convsFolded;
    opsFolded += chain.size();
  }
};

} // namespace
