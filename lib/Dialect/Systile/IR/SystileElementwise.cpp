//===- SystileElementwise.cpp - element-wise ops on tiled values ----------===//
//
// Verifiers and folds of systile.splat, systile.broadcast,
// systile.elementwise and systile.yield: the ops that keep element-wise
// computations (bias, activations, conversions) in the tiled domain, so a
// model pays its layout transform once (RFC section 5).
//
//===----------------------------------------------------------------------===//

#include "systile/Dialect/Systile/IR/RegionFolder.h"
#include "systile/Dialect/Systile/IR/SystileOps.h"
#include "systile/Runtime/Tiling.h"

#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/DenseMap.h"

using namespace mlir;
using namespace systile;

static std::string shapeStr(ArrayRef<int64_t> shape) {
  std::string s;
  llvm::raw_string_ostream os(s);
  llvm::interleave(shape, os, "x");
  return s;
}

/// Whether `attr` is a float or integer attribute whose bits are all zero.
static bool isZeroBits(Attribute attr) {
  if (auto f = dyn_cast<FloatAttr>(attr))
    return f.getValue().isPosZero();
  if (auto i = dyn_cast<IntegerAttr>(attr))
    return i.getValue().isZero();
  return false;
}

/// The 1-d storage tensor type of a systile.constant of `type`.
static RankedTensorType storageType(TiledType type) {
  return RankedTensorType::get({type.getNumStorageElements()},
                               type.getElementType());
}

bool systile::splatIsStorage(Attribute value, TiledType type) {
  return isZeroBits(value) || type.getPadKind() == PadKind::Undef ||
         type.getNumStorageElements() == type.getNumLogicalElements();
}

//===----------------------------------------------------------------------===//
// systile.splat
//===----------------------------------------------------------------------===//

OpFoldResult SplatOp::fold(FoldAdaptor adaptor) {
  Attribute value = adaptor.getValue();
  if (!value || (!isa<FloatAttr>(value) && !isa<IntegerAttr>(value)))
    return {};
  TiledType type = getType();
  if (cast<TypedAttr>(value).getType() != type.getElementType() ||
      !splatIsStorage(value, type))
    return {};
  return DenseElementsAttr::get(storageType(type), value);
}

//===----------------------------------------------------------------------===//
// systile.broadcast
//===----------------------------------------------------------------------===//

LogicalResult BroadcastOp::verify() {
  TiledType input = getInput().getType(), result = getType();
  int64_t dim = getDim(), rank = result.getRank();
  if (input.getRank() != rank)
    return emitOpError("input rank ")
           << input.getRank() << " must equal the result rank " << rank;
  if (dim < 0 || dim >= rank)
    return emitOpError("dim must be in [0, ")
           << rank << ") (" << rank - 2 << ": repeat a 1xN row down the rows, "
           << rank - 1 << ": an Mx1 column along the columns"
           << (rank > 2 ? ", lower: a batch dimension" : "") << "), got "
           << dim;
  if (input.getShape()[dim] != 1)
    return emitOpError("input shape ")
           << shapeStr(input.getShape()) << " must have size 1 in dim " << dim
           << " (the repeated dimension)";
  for (int64_t d = 0; d < rank; ++d)
    if (d != dim && input.getShape()[d] != result.getShape()[d])
      return emitOpError("input shape ")
             << shapeStr(input.getShape()) << " and result shape "
             << shapeStr(result.getShape()) << " must agree in dim " << d;
  if (input.getElementType() != result.getElementType())
    return emitOpError("result element type ")
           << result.getElementType() << " must equal the input element type "
           << input.getElementType();
  if (input.getGeometry() != result.getGeometry())
    return emitOpError("result geometry ")
           << result.getGeometry() << " must equal the input geometry "
           << input.getGeometry();
  return success();
}

OpFoldResult BroadcastOp::fold(FoldAdaptor) {
  if (getInput().getType() == getType())
    return getInput();
  return {};
}

//===----------------------------------------------------------------------===//
// systile.elementwise
//===----------------------------------------------------------------------===//

/// Whether `input` broadcasts to `result` as in numpy, aligned on the
/// right: at most the result's rank, each dimension the result's or 1.
static bool broadcastsTo(ArrayRef<int64_t> input, ArrayRef<int64_t> result) {
  if (input.size() > result.size())
    return false;
  return llvm::all_of(
      llvm::zip(input, result.take_back(input.size())), [](auto pair) {
        auto [in, out] = pair;
        return in == out || in == 1;
      });
}

LogicalResult ElementwiseOp::verify() {
  TiledType result = getType();
  if (getInputs().empty())
    return emitOpError("needs at least one input (use systile.splat for a "
                       "value that depends on no input)");
  for (auto [i, v] : llvm::enumerate(getInputs())) {
    auto input = cast<TiledType>(v.getType());
    if (!broadcastsTo(input.getShape(), result.getShape()))
      return emitOpError("input #")
             << i << " has logical shape " << shapeStr(input.getShape())
             << ", which does not broadcast to the result's "
             << shapeStr(result.getShape())
             << ": aligned on the right, each dimension must equal the "
                "result's or be 1, and leading batch dimensions may be absent";
    if (input.getGeometry() != result.getGeometry())
      return emitOpError("input #")
             << i << " has geometry " << input.getGeometry()
             << " but the result has " << result.getGeometry();
  }
  return success();
}

LogicalResult ElementwiseOp::verifyRegions() {
  Block &block = getBody().front();
  if (block.getNumArguments() != getInputs().size())
    return emitOpError("region has ")
           << block.getNumArguments() << " arguments but the op has "
           << getInputs().size() << " inputs; expected one per input";
  for (auto [i, pair] :
       llvm::enumerate(llvm::zip(block.getArguments(), getInputs()))) {
    auto [arg, input] = pair;
    Type element = cast<TiledType>(input.getType()).getElementType();
    if (arg.getType() != element)
      return emitOpError("region argument #")
             << i << " has type " << arg.getType() << " but input #" << i
             << " has element type " << element;
  }
  auto yield = dyn_cast<YieldOp>(block.getTerminator());
  if (!yield)
    return emitOpError("region must end with systile.yield");
  if (yield.getValue().getType() != getType().getElementType())
    return emitOpError("region yields ")
           << yield.getValue().getType() << " but the result element type is "
           << getType().getElementType();
  return success();
}

//===----------------------------------------------------------------------===//
// RegionFolder
//===----------------------------------------------------------------------===//

Attribute RegionFolder::run(ArrayRef<Attribute> args, LeafFn leaf) {
  values.clear();
  for (auto [arg, attr] : llvm::zip(block.getArguments(), args))
    values[arg] = attr;
  for (Operation &op : block.without_terminator())
    if (failed(foldOne(op, leaf)))
      return {};
  return operandValue(block.getTerminator()->getOperand(0));
}

Attribute RegionFolder::operandValue(Value v) const {
  if (Attribute a = values.lookup(v))
    return a;
  Attribute constant;
  if (v.getParentBlock() != &block && matchPattern(v, m_Constant(&constant)))
    return constant;
  return {};
}

LogicalResult RegionFolder::foldOne(Operation &op, LeafFn leaf) {
  if (op.getNumResults() != 1 || op.getNumRegions() != 0)
    return failure();
  if (Attribute a = leaf ? leaf(op) : Attribute()) {
    values[op.getResult(0)] = a;
    return success();
  }
  SmallVector<Attribute> operands;
  for (Value v : op.getOperands()) {
    Attribute a = operandValue(v);
    if (!a)
      return failure();
    operands.push_back(a);
  }
  SmallVector<OpFoldResult, 1> results;
  if (failed(op.fold(operands, results)) || results.size() != 1)
    return failure();
  Attribute a = dyn_cast<Attribute>(results[0]);
  if (!a)
    a = operandValue(cast<Value>(results[0]));
  if (!a)
    return failure();
  values[op.getResult(0)] = a;
  return success();
}

/// The matrix of `input` that matrix `b` of `result` reads (a unit or
/// absent batch dimension is repeated).
static int64_t inputMatrix(TiledType input, TiledType result, int64_t b) {
  return rt::broadcastMatrixIndex(input.getBatchShape(),
                                  result.getBatchShape(), b);
}

/// Storage slots up to which a non-splat elementwise of constants is folded
/// slot by slot (each slot creates attributes, so this stays small).
static constexpr int64_t kMaxFoldedSlots = 4096;

OpFoldResult ElementwiseOp::fold(FoldAdaptor adaptor) {
  SmallVector<DenseElementsAttr> inputs;
  for (Attribute a : adaptor.getInputs()) {
    auto dense = dyn_cast_if_present<DenseElementsAttr>(a);
    if (!dense)
      return {};
    inputs.push_back(dense);
  }
  TiledType type = getType();
  RegionFolder folder(getBody().front());
  bool allSplat = llvm::all_of(inputs, [](auto d) { return d.isSplat(); });
  if (allSplat) {
    SmallVector<Attribute> args;
    for (DenseElementsAttr d : inputs)
      args.push_back(d.getSplatValue<Attribute>());
    Attribute r = folder.run(args);
    if (r && splatIsStorage(r, type))
      return DenseElementsAttr::get(storageType(type), r);
  }
  if (type.getNumStorageElements() > kMaxFoldedSlots)
    return {};
  Type element = type.getElementType();
  Attribute zero = element.isIntOrIndex()
                       ? Attribute(IntegerAttr::get(element, 0))
                       : Attribute(FloatAttr::get(element, 0.0));
  SmallVector<Attribute> storage(type.getNumStorageElements(), zero);
  SmallVector<Attribute> args(inputs.size());
  auto inputTypes = llvm::map_to_vector(getInputs(), [](Value v) {
    return cast<TiledType>(v.getType());
  });
  for (int64_t b = 0; b < type.getNumMatrices(); ++b)
    for (int64_t r = 0; r < type.getRows(); ++r)
      for (int64_t c = 0; c < type.getCols(); ++c) {
        for (auto [i, d] : llvm::enumerate(inputs)) {
          // A unit dimension of the input is broadcast: read its slot 0.
          TiledType in = inputTypes[i];
          int64_t from = in.getStorageOffset(
              inputMatrix(in, type, b), in.getRows() == 1 ? 0 : r,
              in.getCols() == 1 ? 0 : c);
          args[i] = d.getValues<Attribute>()[d.isSplat() ? 0 : from];
        }
        Attribute v = folder.run(args);
        if (!v || cast<TypedAttr>(v).getType() != element)
          return {};
        storage[type.getStorageOffset(b, r, c)] = v;
      }
  return DenseElementsAttr::get(storageType(type), storage);
}

namespace {
/// elementwise(..., broadcast(%v), ...) -> elementwise(..., %v, ...): the
/// op broadcasts unit dimensions itself, so the repeated value need not be
/// built (the broadcast stays only for other users).
struct AbsorbBroadcastInput : public OpRewritePattern<ElementwiseOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(ElementwiseOp op,
                                PatternRewriter &rewriter) const override {
    bool changed = false;
    for (OpOperand &input : op->getOpOperands()) {
      auto broadcast = input.get().getDefiningOp<BroadcastOp>();
      if (!broadcast)
        continue;
      rewriter.modifyOpInPlace(op, [&] { input.set(broadcast.getInput()); });
      changed = true;
    }
    return success(changed);
  }
};
} // namespace

void ElementwiseOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                                MLIRContext *context) {
  results.add<AbsorbBroadcastInput>(context);
}
