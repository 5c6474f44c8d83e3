//===- ContractionAnalysis.cpp - which contractions become systile matmuls ===//
//
// A linalg op is lowered when it is, up to operand transposition and unit
// dimensions, `out(b, m, n) += sum_k lhs(b, m, k) * rhs(b, k, n)` on static
// tensors of systile's element types: upstream's inferContractionDims names
// the batch, M, N and K loop dimensions, and this file checks that there is
// at most one of each (two reductions: batch_reduce_matmul), that the body
// multiplies and accumulates exactly as systile.matmul does, and that the
// tiled operands fit. Every refusal is a sentence for the remark.
//
//===----------------------------------------------------------------------===//

#include "Contraction.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/LinalgInterfaces.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace systile;
using namespace systile::lowering;

bool lowering::isContractionCandidate(Operation *op) {
  auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
  if (!linalgOp)
    return false;
  return isa<linalg::QuantizedMatmulOp, linalg::QuantizedBatchMatmulOp>(op) ||
         linalg::isaContractionOpInterface(linalgOp);
}

namespace {

bool isFloatInput(Type t) { return t.isF32() || t.isBF16(); }

std::string str(Type type) { return llvm::formatv("{0}", type).str(); }

/// Why the tensors of `op` cannot be tiled, or "".
std::string checkOperandTypes(linalg::LinalgOp op) {
  if (!op.hasPureTensorSemantics())
    return "it has memref operands; only tensors are lowered (bufferize "
           "after this pass)";
  for (Value v : op->getOperands()) {
    auto type = dyn_cast<RankedTensorType>(v.getType());
    if (!type)
      continue; // A scalar (a quantized_matmul zero point).
    if (type.getEncoding())
      return "an operand has a tensor encoding (" + str(type) +
             "); only plain dense tensors are lowered";
    if (!type.hasStaticShape())
      return "an operand has dynamic dimensions (" + str(type) +
             "); !systile.tiled needs static shapes";
    if (llvm::is_contained(type.getShape(), 0))
      return "an operand has a zero-sized dimension (" + str(type) + ")";
  }
  return "";
}

/// Why `lhs x rhs -> out` is not a systile.matmul element-type combination.
std::string checkElementTypes(Type a, Type b, Type c, bool &isFloat) {
  isFloat = isFloatInput(a) && isFloatInput(b) && c.isF32();
  bool ints = a.isSignlessInteger(8) && b.isSignlessInteger(8) &&
              c.isSignlessInteger(32);
  if (isFloat || ints)
    return "";
  return llvm::formatv("its element types {0} x {1} -> {2} are not "
                       "(f32|bf16) x (f32|bf16) -> f32 or i8 x i8 -> i32",
                       a, b, c)
      .str();
}

/// `v` with the widening systile.matmul applies to an input stripped:
/// bf16 -> f32 extf, i8 -> i32 extsi. Sets `why` for a zero-extension.
Value stripWidening(Value v, std::string &why) {
  Operation *def = v.getDefiningOp();
  if (auto ext = dyn_cast_if_present<arith::ExtFOp>(def))
    return ext.getIn().getType().isBF16() ? ext.getIn() : v;
  if (auto ext = dyn_cast_if_present<arith::ExtSIOp>(def))
    return ext.getIn().getType().isSignlessInteger(8) ? ext.getIn() : v;
  if (isa_and_present<arith::ExtUIOp>(def))
    why = "it zero-extends its i8 operands (arith.extui, e.g. "
          "cast_unsigned); systile's i8 matmul sign-extends";
  return v;
}

/// Why the body is not `yield out + widen(a) * widen(b)`, or "". Stricter
/// than isaContractionOpInterface, which skips any unary op (an exp, a
/// negation) on the way.
std::string checkBody(Block &body, bool isFloat) {
  static constexpr const char *kNotMac =
      "its body is not out + a * b (with only a bf16 -> f32 arith.extf or "
      "an i8 -> i32 arith.extsi on the inputs), which is what "
      "systile.matmul computes";
  auto yield = dyn_cast<linalg::YieldOp>(body.getTerminator());
  if (!yield || yield.getNumOperands() != 1 || body.getNumArguments() != 3)
    return kNotMac;
  Operation *add = yield.getOperand(0).getDefiningOp();
  bool addOk = isFloat ? isa_and_present<arith::AddFOp>(add)
                       : isa_and_present<arith::AddIOp>(add);
  if (!addOk)
    return kNotMac;
  Value acc = body.getArgument(2);
  Value product =
      add->getOperand(0) == acc ? add->getOperand(1) : add->getOperand(0);
  if (add->getOperand(0) != acc && add->getOperand(1) != acc)
    return kNotMac;
  Operation *mul = product.getDefiningOp();
  bool mulOk = isFloat ? isa_and_present<arith::MulFOp>(mul)
                       : isa_and_present<arith::MulIOp>(mul);
  if (!mulOk)
    return kNotMac;
  std::string why;
  Value x = stripWidening(mul->getOperand(0), why);
  Value y = stripWidening(mul->getOperand(1), why);
  if (!why.empty())
    return why;
  Value a = body.getArgument(0), b = body.getArgument(1);
  if (!((x == a && y == b) || (x == b && y == a)))
    return kNotMac;
  // The product and sum must be in the accumulator type (no other casts).
  if (product.getType() != acc.getType())
    return kNotMac;
  return "";
}

/// The loop dimension of each result of a projected permutation.
SmallVector<unsigned, 3> dimsOf(AffineMap map) {
  SmallVector<unsigned, 3> dims;
  for (AffineExpr e : map.getResults())
    dims.push_back(cast<AffineDimExpr>(e).getPosition());
  return dims;
}

/// Why `view` (the operand `name`) does not store the batch dimensions of
/// `c` as its leading dimensions in the output's order, or "". A unit
/// dimension (a batch of 1) may be anywhere; the rhs may have none of them
/// when `c.sharedRhs`.
std::string checkBatchLayout(const Contraction &c, const OperandView &view,
                             StringRef name) {
  SmallVector<unsigned, 2> batch;
  bool matrixSeen = false;
  for (unsigned d : view.dims) {
    if (llvm::is_contained(c.batchDims, d)) {
      if (matrixSeen)
        return (name + " stores a batch dimension after a matrix dimension; "
                       "the batch dimensions of systile.matmul lead")
            .str();
      batch.push_back(d);
    } else if (d == c.kDim || d == c.rowDim || d == c.colDim) {
      matrixSeen = true;
    }
  }
  if (batch.empty() && c.sharedRhs && name == "the rhs")
    return "";
  if (batch.empty())
    return (name + " has none of the batch dimensions (a shared lhs, or an "
                   "output stored (n, m) with a shared rhs); only a shared "
                   "rhs is lowered")
        .str();
  if (batch != ArrayRef<unsigned>(c.batchDims))
    return (name + " stores the batch dimensions in another order than the "
                   "output; every operand of systile.matmul stores them in "
                   "one order")
        .str();
  return "";
}

/// Looks through linalg.transpose producers of `v` (read through `map`)
/// while `accept` takes the view they give (a transpose that moves batch
/// dimensions stays: systile.matmul needs them leading).
OperandView makeView(Value v, AffineMap map,
                     function_ref<bool(const OperandView &)> accept) {
  OperandView view;
  view.dims = dimsOf(map);
  while (auto t = v.getDefiningOp<linalg::TransposeOp>()) {
    auto input = dyn_cast<RankedTensorType>(t.getInput().getType());
    if (!input || input.getEncoding() || !input.hasStaticShape())
      break;
    OperandView through = view;
    for (auto [j, p] : llvm::enumerate(t.getPermutation()))
      through.dims[p] = view.dims[j];
    through.transposes.push_back(t);
    if (!accept(through))
      break;
    view = std::move(through);
    v = t.getInput();
  }
  view.value = v;
  return view;
}

} // namespace

namespace {

std::string plural(size_t n, const char *what) {
  return llvm::formatv("{0} {1} dimension{2}", n, what, n == 1 ? "" : "s")
      .str();
}

/// The loop dimensions of `dims` in the order `outDims` (the output's
/// storage) indexes them.
SmallVector<unsigned, 2> inStorageOrder(ArrayRef<unsigned> dims,
                                        ArrayRef<unsigned> outDims) {
  SmallVector<unsigned, 2> ordered;
  for (unsigned d : outDims)
    if (llvm::is_contained(dims, d))
      ordered.push_back(d);
  return ordered;
}

/// The roles of a contraction with one reduction: the parallel batch
/// dimensions (in every operand), or, when there are none, the M
/// dimensions but the output's innermost one (a weight shared by every
/// matrix of the batch).
std::string classifyParallel(const linalg::ContractionDimensions &dims,
                             ArrayRef<unsigned> outDims, Contraction &c) {
  if (dims.n.size() > 1)
    return "it has " + plural(dims.n.size(), "N") +
           "; one (or none, for a vector) is lowered: an N dimension the lhs "
           "lacks is not a batch of systile.matmul (only a rhs is shared)";
  if (dims.m.size() > 1 && !dims.batch.empty())
    return "it has " + plural(dims.batch.size(), "batch") + " and " +
           plural(dims.m.size(), "M") +
           ": a weight shared by some of the batch dimensions only is not "
           "lowered (a rhs has all of them or none)";
  SmallVector<unsigned, 2> m = inStorageOrder(dims.m, outDims);
  if (!m.empty())
    c.rowDim = m.back();
  if (!dims.n.empty())
    c.colDim = dims.n.front();
  c.kDim = dims.k.front();
  if (m.size() > 1) {
    c.batchDims.assign(m.begin(), m.end() - 1);
    c.sharedRhs = true;
  } else {
    c.batchDims = inStorageOrder(dims.batch, outDims);
  }
  return "";
}

/// Fills the loop-dimension roles of `c` from the lhs, rhs and out maps, or
/// says why they are not matmuls.
std::string classifyDims(linalg::LinalgOp op, ArrayRef<AffineMap> maps,
                         Contraction &c) {
  // Upstream's contraction check and the named ops' verifiers guarantee
  // these today; kept as remarks, since dimsOf relies on them.
  for (AffineMap map : maps)
    if (!map.isProjectedPermutation())
      return "an indexing map is not a projected permutation";
  FailureOr<linalg::ContractionDimensions> dims =
      op.getNumDpsInputs() == 2 ? linalg::inferContractionDims(op)
                                : linalg::inferContractionDims(maps);
  if (failed(dims))
    return "its M, N and K dimensions could not be inferred";
  size_t classified =
      dims->batch.size() + dims->m.size() + dims->n.size() + dims->k.size();
  if (classified != op.getNumLoops())
    return "a loop dimension is none of batch, M, N or K (an operand is "
           "broadcast along it, or indexes it twice)";
  if (dims->k.empty())
    return "it has no reduction dimension";
  if (dims->k.size() == 1)
    return classifyParallel(*dims, dimsOf(maps[2]), c);
  if (dims->k.size() > 2 || !dims->batch.empty() || dims->m.size() > 1 ||
      dims->n.size() > 1)
    return "it has " + plural(dims->batch.size(), "batch") + " and " +
           plural(dims->k.size(), "reduction") +
           "; two reductions are lowered only as batch_reduce_matmul's "
           "(one M, one N, no parallel batch)";
  if (!dims->m.empty())
    c.rowDim = dims->m.front();
  if (!dims->n.empty())
    c.colDim = dims->n.front();
  // The outer reduction is the batch: linalg accumulates batch-major.
  c.kDim = dims->k.back();
  c.batchDim = dims->k.front();
  c.batchIsReduction = true;
  return "";
}

/// Why a tiled operand of `c` would not fit in int64 storage, or "".
std::string checkTiledSizes(const Contraction &c, Type lhs, Type rhs, Type out,
                            GeometryAttr geometry) {
  int64_t rows = c.sizeOf(c.rowDim), cols = c.sizeOf(c.colDim),
          depth = c.sizeOf(c.kDim);
  SmallVector<int64_t, 4> batch;
  for (unsigned d : c.batchDims)
    batch.push_back(c.sizeOf(d));
  auto batched = [&](bool hasBatch, int64_t r, int64_t k) {
    SmallVector<int64_t, 4> shape = hasBatch ? batch : SmallVector<int64_t, 4>();
    shape.append({r, k});
    return shape;
  };
  // A batched rhs may be packed either way round (rhs_transposed).
  std::pair<SmallVector<int64_t, 4>, Type> shapes[] = {
      {batched(true, rows, depth), lhs},
      {batched(!c.sharedRhs, depth, cols), rhs},
      {batched(!c.sharedRhs, cols, depth), rhs},
      {batched(true, rows, cols), out}};
  for (auto &[shape, element] : shapes) {
    std::string message;
    ScopedDiagnosticHandler capture(element.getContext(), [&](Diagnostic &d) {
      message = d.str();
      return success();
    });
    if (failed(TiledType::verify([&] { return emitError(c.op->getLoc()); },
                                 shape, element, geometry, PadKind::Zero)))
      return message;
  }
  return "";
}

/// Drops the batch dimensions of size 1 (reshaped away); a quantized
/// batch is lowered per batch (its zero points are applied to 2-D
/// results). Says why not, or "".
std::string finishBatch(Contraction &c) {
  llvm::erase_if(c.batchDims, [&](unsigned d) { return c.sizeOf(d) == 1; });
  if (c.batchDims.empty())
    c.sharedRhs = false;
  if (!c.isQuantized || c.batchDims.empty())
    return "";
  if (c.batchDims.size() > 1 || c.sharedRhs)
    return "a quantized matmul is lowered with at most one batch dimension, "
           "which the rhs has";
  c.batchDim = c.batchDims.front();
  c.batchDims.clear();
  return "";
}

/// Rows and columns follow the output's storage order: out(n, m) is
/// computed as rhs^T x lhs^T. Then says why the operands' batch layouts
/// are not one batched matmul's, or "".
std::string orient(Contraction &c) {
  SmallVector<unsigned, 2> outDims(
      llvm::make_filter_range(c.out.dims, [&](unsigned dim) {
        return dim == c.rowDim || dim == c.colDim;
      }));
  if (outDims.size() == 2 && outDims[0] == c.colDim) {
    std::swap(c.lhs, c.rhs);
    std::swap(c.rowDim, c.colDim);
  }
  if (c.batchDims.empty())
    return "";
  std::pair<const OperandView *, StringRef> views[] = {
      {&c.lhs, "the lhs"}, {&c.rhs, "the rhs"}, {&c.out, "the output"}};
  for (auto [view, name] : views)
    if (std::string why = checkBatchLayout(c, *view, name); !why.empty())
      return why;
  return "";
}

/// The zero point operand of a quantized_matmul, or why it is unusable.
std::string checkZeroPoint(Value zp) {
  auto type = dyn_cast<IntegerType>(zp.getType());
  if (!type || type.getWidth() > 32)
    return "its zero point has type " + str(zp.getType()) +
           "; integer scalars of at most 32 bits are lowered";
  return "";
}

} // namespace

std::optional<Contraction> lowering::analyzeContraction(linalg::LinalgOp op,
                                                        GeometryAttr geometry,
                                                        std::string &why) {
  bool quantized =
      isa<linalg::QuantizedMatmulOp, linalg::QuantizedBatchMatmulOp>(op);
  if (op.getNumDpsInits() != 1 || op.getNumDpsInputs() != (quantized ? 4 : 2)) {
    why = "it does not have two inputs and one output";
    return std::nullopt;
  }
  if (!(why = checkOperandTypes(op)).empty())
    return std::nullopt;
  Value lhs = op.getDpsInputOperand(0)->get();
  Value rhs = op.getDpsInputOperand(1)->get();
  Value out = op.getDpsInitOperand(0)->get();
  Contraction c;
  c.op = op;
  Type a = getElementTypeOrSelf(lhs), b = getElementTypeOrSelf(rhs),
       d = getElementTypeOrSelf(out);
  if (!(why = checkElementTypes(a, b, d, c.isFloat)).empty())
    return std::nullopt;
  if (quantized) {
    c.isQuantized = true;
    for (int i : {2, 3})
      if (!(why = checkZeroPoint(op.getDpsInputOperand(i)->get())).empty())
        return std::nullopt;
  } else if (!(why = checkBody(*op.getBlock(), c.isFloat)).empty()) {
    return std::nullopt;
  }
  SmallVector<AffineMap, 3> maps = {
      op.getMatchingIndexingMap(op.getDpsInputOperand(0)),
      op.getMatchingIndexingMap(op.getDpsInputOperand(1)),
      op.getMatchingIndexingMap(op.getDpsInitOperand(0))};
  if (!(why = classifyDims(op, maps, c)).empty())
    return std::nullopt;
  // Not produced by the quantized named ops today; the lowering relies on it.
  if (c.isQuantized && (c.batchIsReduction || !c.rowDim || !c.colDim)) {
    why = "only quantized matmuls with an M and an N dimension (and a "
          "parallel batch) are lowered";
    return std::nullopt;
  }
  c.loopSizes = op.getStaticLoopRanges();
  if (!(why = finishBatch(c)).empty())
    return std::nullopt;
  if (!(why = checkTiledSizes(c, a, b, d, geometry)).empty())
    return std::nullopt;
  auto acceptAs = [&](StringRef name) {
    return [&c, name](const OperandView &view) {
      return c.batchDims.empty() || checkBatchLayout(c, view, name).empty();
    };
  };
  c.lhs = makeView(lhs, maps[0], acceptAs("the lhs"));
  c.rhs = makeView(rhs, maps[1], acceptAs("the rhs"));
  // The accumulator is packed as it is: the result replaces it in place.
  c.out.value = out;
  c.out.dims = dimsOf(maps[2]);
  if (quantized) {
    c.lhs.zeroPoint = op.getDpsInputOperand(2)->get();
    c.rhs.zeroPoint = op.getDpsInputOperand(3)->get();
  }
  if (!(why = orient(c)).empty())
    return std::nullopt;
  return c;
}
