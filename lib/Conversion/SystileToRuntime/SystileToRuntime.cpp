//===- SystileToRuntime.cpp - buffer-level systile to runtime calls -------===//
//
// convert-systile-to-runtime: each systile.on_buffers op becomes a call of
// the runtime's C interface (include/systile/Runtime/RunnerUtils.h) or, for
// element-wise regions and splats, loops over the logical slots; scalar
// f32 -> bf16 truncations become RFC 6's integer rounding.
//
//===----------------------------------------------------------------------===//

#include "systile/Conversion/Passes.h"
#include "systile/Dialect/Systile/IR/SystileOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/TypeSwitch.h"

namespace systile {
#define GEN_PASS_DEF_CONVERTSYSTILETORUNTIME
#include "systile/Conversion/Passes.h.inc"
} // namespace systile

using namespace mlir;
using namespace systile;

namespace {

/// The element type's name in the C interface's function names.
std::string elementName(Type type) {
  if (type.isF32())
    return "f32";
  if (type.isBF16())
    return "bf16";
  if (type.isF64())
    return "f64";
  if (type.isInteger(8))
    return "i8";
  if (type.isInteger(32))
    return "i32";
  return "";
}

/// Appends a tiled type to an info array (RunnerUtils.h's layout).
void appendTiled(SmallVectorImpl<int64_t> &info, TiledType type) {
  info.push_back(type.getRank());
  llvm::append_range(info, type.getShape());
  info.push_back(type.getSublanes());
  info.push_back(type.getLanes());
  info.push_back(type.getMxu());
  info.push_back(type.getPadKind() == PadKind::Zero ? 0 : 1);
}

/// The zero-extended bits of a float or integer attribute.
int64_t attributeBits(Attribute attr) {
  if (auto f = dyn_cast<FloatAttr>(attr))
    return static_cast<int64_t>(f.getValue().bitcastToAPInt().getZExtValue());
  return cast<IntegerAttr>(attr).getValue().getSExtValue();
}

class Lowering {
public:
  explicit Lowering(ModuleOp module) : module(module), symbols(module) {}

  LogicalResult lower(OnBuffersOp op);

private:
  /// `name`'s declaration with `llvm.emit_c_interface`, created once.
  func::FuncOp declare(StringRef name, TypeRange arguments);
  /// A constant int64 array as memref<?xi64>.
  Value infoArray(OpBuilder &b, Location loc, ArrayRef<int64_t> values);
  /// `buffer` as a contiguous memref<?xT>. A buffer that is not contiguous
  /// is copied into one first (and, for an output, `copyBack` receives the
  /// pair to copy after the call).
  Value flat(OpBuilder &b, Location loc, Value buffer, bool isOutput,
             SmallVectorImpl<std::pair<Value, Value>> &copyBack);
  LogicalResult call(OnBuffersOp op, StringRef name, ArrayRef<int64_t> info,
                     ArrayRef<Value> buffers, ArrayRef<bool> isOutput);
  void lowerElementwise(OnBuffersOp op, ArrayRef<TiledType> inputTypes,
                        TiledType resultType, Region *body,
                        Value splatValue);

  ModuleOp module;
  SymbolTable symbols;
};

func::FuncOp Lowering::declare(StringRef name, TypeRange arguments) {
  if (auto existing = symbols.lookup<func::FuncOp>(name))
    return existing;
  OpBuilder b = OpBuilder::atBlockBegin(module.getBody());
  auto decl = func::FuncOp::create(
      b, module.getLoc(), name, b.getFunctionType(arguments, {}));
  decl.setPrivate();
  decl->setAttr(LLVM::LLVMDialect::getEmitCWrapperAttrName(),
                b.getUnitAttr());
  symbols.insert(decl);
  return decl;
}

Value Lowering::infoArray(OpBuilder &b, Location loc,
                          ArrayRef<int64_t> values) {
  auto type = MemRefType::get({static_cast<int64_t>(values.size())},
                              b.getI64Type());
  auto tensorType =
      RankedTensorType::get(type.getShape(), b.getI64Type());
  OpBuilder top = OpBuilder::atBlockBegin(module.getBody());
  auto global = memref::GlobalOp::create(
      top, loc, "__systile_info", top.getStringAttr("private"), type,
      DenseElementsAttr::get(tensorType, values), /*constant=*/true,
      /*alignment=*/IntegerAttr());
  symbols.insert(global);
  Value get = memref::GetGlobalOp::create(b, loc, type, global.getSymName());
  return memref::CastOp::create(
      b, loc, MemRefType::get({ShapedType::kDynamic}, b.getI64Type()), get);
}

Value Lowering::flat(OpBuilder &b, Location loc, Value buffer, bool isOutput,
                     SmallVectorImpl<std::pair<Value, Value>> &copyBack) {
  auto type = cast<MemRefType>(buffer.getType());
  Type element = type.getElementType();
  if (!type.getLayout().isIdentity()) {
    auto contiguous = MemRefType::get(type.getShape(), element);
    Value copy = memref::AllocOp::create(b, loc, contiguous);
    if (isOutput)
      copyBack.push_back({copy, buffer});
    else
      memref::CopyOp::create(b, loc, buffer, copy);
    buffer = copy;
    type = contiguous;
  }
  if (type.getRank() != 1) {
    ReassociationIndices all;
    for (int64_t i = 0; i < type.getRank(); ++i)
      all.push_back(i);
    buffer = memref::CollapseShapeOp::create(b, loc, buffer,
                                             ArrayRef<ReassociationIndices>{all});
  }
  return memref::CastOp::create(
      b, loc, MemRefType::get({ShapedType::kDynamic}, element), buffer);
}

LogicalResult Lowering::call(OnBuffersOp op, StringRef name,
                             ArrayRef<int64_t> info, ArrayRef<Value> buffers,
                             ArrayRef<bool> isOutput) {
  OpBuilder b(op);
  Location loc = op.getLoc();
  SmallVector<std::pair<Value, Value>> copyBack;
  SmallVector<Value> arguments{infoArray(b, loc, info)};
  for (auto [buffer, output] : llvm::zip_equal(buffers, isOutput))
    arguments.push_back(flat(b, loc, buffer, output, copyBack));
  func::FuncOp callee = declare(name, ValueRange(arguments).getTypes());
  func::CallOp::create(b, loc, callee, arguments);
  for (auto [from, to] : copyBack)
    memref::CopyOp::create(b, loc, from, to);
  op.erase();
  return success();
}

/// Index arithmetic helpers.
Value cst(OpBuilder &b, Location loc, int64_t v) {
  return arith::ConstantIndexOp::create(b, loc, v);
}

void Lowering::lowerElementwise(OnBuffersOp op, ArrayRef<TiledType> inputTypes,
                                TiledType resultType, Region *body,
                                Value splatValue) {
  OpBuilder b(op);
  Location loc = op.getLoc();
  Value out = op.getOutputs()[0];
  SmallVector<Value> inputs(op.getInputs().begin(), op.getInputs().end());
  const int64_t S = resultType.getSublanes(), L = resultType.getLanes();
  const int64_t R = resultType.getRows(), C = resultType.getCols();
  // Padding first: +0 in every slot, then the logical slots are written.
  if (resultType.getPadKind() == PadKind::Zero &&
      (resultType.getPaddedRows() != R || resultType.getPaddedCols() != C)) {
    Type element = resultType.getElementType();
    Value zero = arith::ConstantOp::create(b, loc, b.getZeroAttr(element));
    linalg::FillOp::create(b, loc, ValueRange{zero}, ValueRange{out});
  }
  ArrayRef<int64_t> outBatch = resultType.getBatchShape();
  Value c0 = cst(b, loc, 0), c1 = cst(b, loc, 1);
  auto matrices = scf::ForOp::create(b, loc, c0,
                                     cst(b, loc, resultType.getNumMatrices()),
                                     c1);
  b.setInsertionPointToStart(matrices.getBody());
  Value m = matrices.getInductionVar();
  // Each input's matrix: the result's batch index with its broadcast
  // dimensions (size 1, or absent on the left) at 0.
  SmallVector<Value> inputMatrix;
  for (TiledType type : inputTypes) {
    ArrayRef<int64_t> batch = type.getBatchShape();
    Value index = c0;
    int64_t outStride = 1, inStride = 1;
    for (int64_t k = static_cast<int64_t>(outBatch.size()) - 1; k >= 0; --k) {
      int64_t inDim = k - (static_cast<int64_t>(outBatch.size()) -
                           static_cast<int64_t>(batch.size()));
      if (inDim >= 0 && batch[inDim] != 1) {
        Value idx = arith::RemUIOp::create(
            b, loc, arith::DivUIOp::create(b, loc, m, cst(b, loc, outStride)),
            cst(b, loc, outBatch[k]));
        index = arith::AddIOp::create(
            b, loc, index,
            arith::MulIOp::create(b, loc, idx, cst(b, loc, inStride)));
      }
      outStride *= outBatch[k];
      if (inDim >= 0)
        inStride *= batch[inDim];
    }
    inputMatrix.push_back(index);
  }
  // Storage offset of (row, col) in matrix `matrix` of `type`.
  auto offsetOf = [&](OpBuilder &b, TiledType type, Value matrix, Value row,
                      Value col) -> Value {
    int64_t tilesPerRow = type.getPaddedCols() / L;
    Value base = arith::MulIOp::create(
        b, loc, matrix, cst(b, loc, type.getNumMatrixStorageElements()));
    Value sS = cst(b, loc, S), sL = cst(b, loc, L);
    Value tile = arith::AddIOp::create(
        b, loc,
        arith::MulIOp::create(b, loc, arith::DivUIOp::create(b, loc, row, sS),
                              cst(b, loc, tilesPerRow)),
        arith::DivUIOp::create(b, loc, col, sL));
    Value inTile = arith::AddIOp::create(
        b, loc,
        arith::MulIOp::create(b, loc, arith::RemUIOp::create(b, loc, row, sS),
                              sL),
        arith::RemUIOp::create(b, loc, col, sL));
    return arith::AddIOp::create(
        b, loc, base,
        arith::AddIOp::create(
            b, loc, arith::MulIOp::create(b, loc, tile, cst(b, loc, S * L)),
            inTile));
  };
  auto rows = scf::ForOp::create(b, loc, c0, cst(b, loc, R), c1);
  b.setInsertionPointToStart(rows.getBody());
  Value r = rows.getInductionVar();
  auto cols = scf::ForOp::create(b, loc, c0, cst(b, loc, C), c1);
  b.setInsertionPointToStart(cols.getBody());
  Value c = cols.getInductionVar();
  SmallVector<Value> scalars;
  for (auto [type, buffer, matrix] :
       llvm::zip_equal(inputTypes, inputs, inputMatrix)) {
    Value row = type.getRows() == 1 ? c0 : r;
    Value col = type.getCols() == 1 ? c0 : c;
    Value offset = offsetOf(b, type, matrix, row, col);
    scalars.push_back(
        memref::LoadOp::create(b, loc, buffer, ValueRange{offset}));
  }
  Value result = splatValue;
  if (body) {
    IRMapping mapping;
    Block &block = body->front();
    for (auto [arg, scalar] : llvm::zip_equal(block.getArguments(), scalars))
      mapping.map(arg, scalar);
    for (Operation &inner : block.without_terminator())
      b.clone(inner, mapping);
    result = mapping.lookupOrDefault(
        cast<YieldOp>(block.getTerminator()).getValue());
  }
  Value outOffset = offsetOf(b, resultType, m, r, c);
  memref::StoreOp::create(b, loc, result, out, ValueRange{outOffset});
  op.erase();
}

LogicalResult Lowering::lower(OnBuffersOp op) {
  Operation *inner = op.getInnerOp();
  SmallVector<Value> ins(op.getInputs().begin(), op.getInputs().end());
  Value out = op.getOutputs().empty() ? Value() : op.getOutputs()[0];
  auto tiledOf = [](Value v) { return cast<TiledType>(v.getType()); };

  if (auto pack = dyn_cast<PackOp>(inner)) {
    SmallVector<int64_t> info;
    appendTiled(info, pack.getType());
    info.push_back(pack.getTranspose() ? 1 : 0);
    return call(op, "systile_pack_" + elementName(pack.getType().getElementType()),
                info, {ins[0], out}, {false, true});
  }
  if (auto unpack = dyn_cast<UnpackOp>(inner)) {
    SmallVector<int64_t> info;
    TiledType type = tiledOf(unpack.getInput());
    appendTiled(info, type);
    return call(op, "systile_unpack_" + elementName(type.getElementType()),
                info, {ins[0], out}, {false, true});
  }
  auto lowerMatmul = [&](auto m, int64_t kb, int64_t nb) {
    SmallVector<int64_t> info;
    info.push_back(static_cast<int64_t>(m.getPrecision()));
    info.push_back((m.getRhsTransposed() ? 1 : 0) |
                   (m.getFlushSubnormals() ? 2 : 0));
    info.push_back(kb);
    info.push_back(nb);
    appendTiled(info, tiledOf(m.getLhs()));
    appendTiled(info, tiledOf(m.getRhs()));
    appendTiled(info, tiledOf(m.getAcc()));
    std::string name =
        "systile_matmul_" +
        elementName(tiledOf(m.getLhs()).getElementType()) + "_" +
        elementName(tiledOf(m.getRhs()).getElementType());
    return call(op, name, info, {ins[0], ins[1], ins[2], out},
                {false, false, false, true});
  };
  if (auto m = dyn_cast<MatmulOp>(inner))
    return lowerMatmul(m, -1, -1);
  if (auto m = dyn_cast<MxuMatmulOp>(inner))
    return lowerMatmul(m, m.getKb(), m.getNb());
  auto lowerUnary = [&](StringRef name, Value input,
                        ArrayRef<int64_t> prefix, ArrayRef<int64_t> suffix) {
    SmallVector<int64_t> info(prefix.begin(), prefix.end());
    appendTiled(info, tiledOf(input));
    llvm::append_range(info, suffix);
    return call(op, name, info, {ins[0], out}, {false, true});
  };
  if (auto t = dyn_cast<TruncFOp>(inner))
    return lowerUnary("systile_truncf", t.getInput(), {}, {});
  if (auto e = dyn_cast<ExtFOp>(inner))
    return lowerUnary("systile_extf", e.getInput(), {}, {});
  if (auto q = dyn_cast<QuantizeOp>(inner))
    return lowerUnary("systile_quantize", q.getInput(), {},
                      {attributeBits(q.getScaleAttr()),
                       q.getZeroPointAttr().getInt()});
  if (auto q = dyn_cast<DequantizeOp>(inner))
    return lowerUnary("systile_dequantize", q.getInput(), {},
                      {attributeBits(q.getScaleAttr()),
                       q.getZeroPointAttr().getInt()});
  if (auto r = dyn_cast<ReduceOp>(inner)) {
    int64_t kind = r.getKind() == ReduceKind::Sum   ? 0
                   : r.getKind() == ReduceKind::Max ? 1
                                                    : 2;
    return lowerUnary(
        "systile_reduce_" + elementName(tiledOf(r.getInput()).getElementType()),
        r.getInput(), {kind, static_cast<int64_t>(r.getDim())}, {});
  }
  if (auto bc = dyn_cast<BroadcastOp>(inner)) {
    int64_t dim = bc.getDim();
    TiledType result = bc.getType();
    return lowerUnary(
        "systile_broadcast_" + elementName(result.getElementType()),
        bc.getInput(), {dim, result.getShape()[dim]}, {});
  }
  if (auto fill = dyn_cast<FillPaddingOp>(inner))
    return lowerUnary(
        "systile_fill_padding_" +
            elementName(tiledOf(fill.getInput()).getElementType()),
        fill.getInput(), {attributeBits(fill.getValue())}, {});
  if (auto relayout = dyn_cast<RelayoutOpInterface>(inner)) {
    int64_t kind = TypeSwitch<Operation *, int64_t>(inner)
                       .Case<ReshapeBatchOp>([](auto) { return 0; })
                       .Case<MergeRowsOp>([](auto) { return 1; })
                       .Case<SplitRowsOp>([](auto) { return 2; })
                       .Case<SplitHeadsOp>([](auto) { return 3; })
                       .Case<MergeHeadsOp>([](auto) { return 4; })
                       .Case<ReshapeOp>([](auto) { return 5; })
                       .Case<SliceOp>([](auto) { return 6; })
                       .Case<TransposeOp>([](auto) { return 7; })
                       .Case<Im2colOp>([](auto) { return 8; })
                       .Case<WindowOp>([](auto) { return 9; })
                       .Default([](auto) { return -1; });
    if (kind >= 0) {
      TiledType input = tiledOf(inner->getOperand(0));
      TiledType result = tiledOf(inner->getResult(0));
      SmallVector<int64_t> info{kind, relayout.isFree() ? 1 : 0};
      appendTiled(info, input);
      appendTiled(info, result);
      if (auto slice = dyn_cast<SliceOp>(inner))
        llvm::append_range(info, slice.getOffsets());
      auto appendWindow = [&](auto conv) {
        llvm::append_range(info, conv.getImage());
        llvm::append_range(info, conv.getKernel());
        llvm::append_range(info, conv.getStrides());
        llvm::append_range(info, conv.getDilations());
        llvm::append_range(info, conv.getPadding());
        std::optional<TypedAttr> pad = conv.getPadValue();
        info.push_back(pad ? attributeBits(*pad) : 0);
      };
      if (auto im2col = dyn_cast<Im2colOp>(inner))
        appendWindow(im2col);
      if (auto window = dyn_cast<WindowOp>(inner)) {
        appendWindow(window);
        llvm::append_range(info, window.getTap());
      }
      return call(op, "systile_relayout_" + elementName(input.getElementType()),
                  info, {ins[0], out}, {false, true});
    }
  }
  if (auto ew = dyn_cast<ElementwiseOp>(inner)) {
    SmallVector<TiledType> types;
    for (Value input : ew.getInputs())
      types.push_back(tiledOf(input));
    lowerElementwise(op, types, ew.getType(), &ew.getBody(), Value());
    return success();
  }
  if (auto splat = dyn_cast<SplatOp>(inner)) {
    lowerElementwise(op, {}, splat.getType(), nullptr, ins[0]);
    return success();
  }
  return inner->emitError() << "'" << inner->getName()
                            << "' is not supported by the compiled path "
                               "(convert-systile-to-runtime) yet";
}

/// arith.truncf f32 (or f64, through f32) -> bf16 as RFC 6's integer
/// rounding: NaN keeps its sign
/// and becomes quiet (bits >> 16 | 0x40); otherwise bits + 0x7fff + lsb,
/// shifted, rounds to nearest even and carries into infinity.
void lowerTruncToBF16(arith::TruncFOp trunc) {
  OpBuilder b(trunc);
  Location loc = trunc.getLoc();
  Type i32 = b.getI32Type(), i16 = b.getI16Type();
  Value x = trunc.getIn();
  // From f64: through f32 first (IEEE rounding), as LLVM's own lowering and
  // the interpreter do.
  if (!x.getType().isF32())
    x = arith::TruncFOp::create(b, loc, b.getF32Type(), x);
  Value u = arith::BitcastOp::create(b, loc, i32, x);
  auto c = [&](int64_t v) {
    return arith::ConstantOp::create(b, loc, b.getI32IntegerAttr(v));
  };
  Value high = arith::ShRUIOp::create(b, loc, u, c(16));
  Value nan = arith::OrIOp::create(b, loc, high, c(0x40));
  Value lsb = arith::AndIOp::create(b, loc, high, c(1));
  Value rounded = arith::ShRUIOp::create(
      b, loc,
      arith::AddIOp::create(b, loc, arith::AddIOp::create(b, loc, u, c(0x7fff)),
                            lsb),
      c(16));
  Value isNaN =
      arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNO, x, x);
  Value bits = arith::SelectOp::create(b, loc, isNaN, nan, rounded);
  Value narrow = arith::TruncIOp::create(b, loc, i16, bits);
  Value result = arith::BitcastOp::create(b, loc, b.getBF16Type(), narrow);
  trunc.replaceAllUsesWith(result);
  trunc.erase();
}

struct ConvertSystileToRuntime
    : public systile::impl::ConvertSystileToRuntimeBase<
          ConvertSystileToRuntime> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<OnBuffersOp> ops;
    module.walk([&](OnBuffersOp op) { ops.push_back(op); });
    Lowering lowering(module);
    bool failedAny = false;
    for (OnBuffersOp op : ops)
      if (failed(lowering.lower(op)))
        failedAny = true;
    // Tiled values that never reached a buffer (systile ops outside
    // systile.on_buffers: the program was not bufferized).
    module.walk([&](Operation *op) {
      if (isa<SystileDialect>(op->getDialect()) && !isa<OnBuffersOp>(op) &&
          !op->getParentOfType<OnBuffersOp>()) {
        op->emitError() << "'" << op->getName()
                        << "' on tiled values: bufferize the program "
                           "(one-shot-bufferize) before "
                           "convert-systile-to-runtime";
        failedAny = true;
      }
    });
    SmallVector<arith::TruncFOp> truncs;
    module.walk([&](arith::TruncFOp t) {
      if ((t.getIn().getType().isF32() || t.getIn().getType().isF64()) &&
          t.getType().isBF16() && !t.getRoundingmodeAttr())
        truncs.push_back(t);
    });
    for (arith::TruncFOp t : truncs)
      lowerTruncToBF16(t);
    if (failedAny)
      signalPassFailure();
  }
};

} // namespace
