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
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
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

/// The whole matmuls (their systile.on_buffers ops) whose accumulator buffer
/// holds +0 in every slot when they run: it is written only by a splat of
/// +0 (positive zero: fl32(+0 + R) and fl32(-0 + R) differ for R = -0)
/// and by no op before this matmul (which may write its result over it),
/// or is a constant global of +0.
/// The runtime then does not read it (MatmulOptions::accIsZero), as the
/// interpreter does for a zero constant.
DenseSet<Operation *> zeroAccumulators(ModuleOp module,
                                       ArrayRef<OnBuffersOp> ops) {
  DenseSet<Operation *> zero;
  SymbolTable symbols(module);
  // An accumulator read from a constant global of +0 (a zero
  // systile.constant): nothing writes it.
  for (OnBuffersOp op : ops) {
    if (!isa<MatmulOp>(op.getInnerOp()) || op.getInputs().size() != 3)
      continue;
    auto get = op.getInputs()[2].getDefiningOp<memref::GetGlobalOp>();
    auto global =
        get ? symbols.lookup<memref::GlobalOp>(get.getName()) : nullptr;
    auto value = global && global.getConstant()
                     ? dyn_cast_or_null<DenseElementsAttr>(
                           global.getInitialValueAttr())
                     : nullptr;
    if (!value || !value.isSplat())
      continue;
    Attribute element = value.getSplatValue<Attribute>();
    if (auto f = dyn_cast<FloatAttr>(element); f && f.getValue().isPosZero())
      zero.insert(op);
    if (auto i = dyn_cast<IntegerAttr>(element); i && i.getValue().isZero())
      zero.insert(op);
  }
  for (OnBuffersOp op : ops) {
    auto splat = dyn_cast<SplatOp>(op.getInnerOp());
    if (!splat || op.getOutputs().size() != 1 || op.getInputs().empty())
      continue;
    Value value = op.getInputs()[0];
    APFloat f(0.0);
    APInt i;
    const bool isZero =
        (matchPattern(value, m_ConstantFloat(&f)) && f.isPosZero()) ||
        (matchPattern(value, m_ConstantInt(&i)) && i.isZero());
    if (!isZero)
      continue;
    // Every user is a runtime op on the buffer (a view, a copy or a call
    // could write it or let it escape); readers never change it, so the
    // matmuls that read it as their accumulator see zeros unless another
    // op writes it. One other writer is allowed when it is such a matmul
    // (accumulating in place): it reads the zeros, then only it is marked.
    Value buffer = op.getOutputs()[0];
    SmallPtrSet<Operation *, 4> accReaders;
    Operation *writer = nullptr;
    bool eligible = true;
    for (OpOperand &use : buffer.getUses()) {
      Operation *user = use.getOwner();
      if (user == op.getOperation())
        continue;
      auto other = dyn_cast<OnBuffersOp>(user);
      if (!other) {
        eligible = false;
        break;
      }
      if (llvm::is_contained(other.getOutputs(), buffer)) {
        if (writer && writer != user) {
          eligible = false;
          break;
        }
        writer = user;
      }
      if (isa<MatmulOp>(other.getInnerOp()) &&
          other.getInputs().size() == 3 && other.getInputs()[2] == buffer &&
          llvm::count(other.getInputs(), buffer) == 1)
        accReaders.insert(user);
    }
    if (!eligible)
      continue;
    if (writer) {
      if (accReaders.contains(writer))
        zero.insert(writer);
      continue;
    }
    for (Operation *reader : accReaders)
      zero.insert(reader);
  }
  return zero;
}

class Lowering {
public:
  Lowering(ModuleOp module, DenseSet<Operation *> zeroAcc)
      : module(module), symbols(module), zeroAcc(std::move(zeroAcc)) {}

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
  /// zeroAccumulators' matmuls.
  DenseSet<Operation *> zeroAcc;
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
  // Storage offset of the first slot of column tile `tile` of row `row` in
  // matrix `matrix` of `type`: the tile row's `L` slots follow it.
  auto rowOffset = [&](OpBuilder &b, TiledType type, Value matrix, Value row,
                       Value tile) -> Value {
    int64_t tilesPerRow = type.getPaddedCols() / L;
    Value base = arith::MulIOp::create(
        b, loc, matrix, cst(b, loc, type.getNumMatrixStorageElements()));
    Value sS = cst(b, loc, S);
    Value tileIndex = arith::AddIOp::create(
        b, loc,
        arith::MulIOp::create(b, loc, arith::DivUIOp::create(b, loc, row, sS),
                              cst(b, loc, tilesPerRow)),
        tile);
    Value inTile = arith::MulIOp::create(
        b, loc, arith::RemUIOp::create(b, loc, row, sS), cst(b, loc, L));
    return arith::AddIOp::create(
        b, loc, base,
        arith::AddIOp::create(
            b, loc,
            arith::MulIOp::create(b, loc, tileIndex, cst(b, loc, S * L)),
            inTile));
  };
  // Rows, then column tiles, then the run of at most L slots of one tile
  // row, contiguous in every operand's storage: the innermost loops are
  // plain loops over consecutive slots, which LLVM can vectorize.
  const int64_t tiles = (C + L - 1) / L;
  auto rows = scf::ForOp::create(b, loc, c0, cst(b, loc, R), c1);
  b.setInsertionPointToStart(rows.getBody());
  Value r = rows.getInductionVar();
  auto tileLoop = scf::ForOp::create(b, loc, c0, cst(b, loc, tiles), c1);
  b.setInsertionPointToStart(tileLoop.getBody());
  Value t = tileLoop.getInductionVar();
  Value count = arith::MinUIOp::create(
      b, loc, cst(b, loc, L),
      arith::SubIOp::create(
          b, loc, cst(b, loc, C),
          arith::MulIOp::create(b, loc, t, cst(b, loc, L))));
  // Each input's offset of the run's first slot (a column or a scalar
  // input: its one slot of the row), and whether it advances with the run.
  SmallVector<Value> inputBase;
  SmallVector<bool> advances;
  for (auto [type, matrix] : llvm::zip_equal(inputTypes, inputMatrix)) {
    Value row = type.getRows() == 1 ? c0 : r;
    const bool column = type.getCols() == 1;
    inputBase.push_back(rowOffset(b, type, matrix, row, column ? c0 : t));
    advances.push_back(!column);
  }
  Value outBase = rowOffset(b, resultType, m, r, t);

  // The region in segments, cut after each f32 math.tanh: between two
  // segments the runtime computes the tanh of the whole run at once with
  // the interpreter's vector form (rt::tanhLanes, the bits of the C
  // library's tanhf). Values a later segment reads live in buffers of L
  // slots, allocated once around the loops.
  Block *block = body ? &body->front() : nullptr;
  auto isVectorTanh = [](Operation &inner) {
    auto tanh = dyn_cast<math::TanhOp>(inner);
    return tanh && tanh.getType().isF32();
  };
  SmallVector<SmallVector<Operation *>> segments(1);
  bool nested = false;
  if (block)
    for (Operation &inner : block->without_terminator()) {
      nested |= inner.getNumRegions() != 0;
      segments.back().push_back(&inner);
      if (isVectorTanh(inner))
        segments.emplace_back();
    }
  if (nested && segments.size() > 1) {
    // Ops with regions may read any earlier value: one segment, scalar
    // tanh.
    SmallVector<Operation *> all;
    for (auto &segment : segments)
      llvm::append_range(all, segment);
    segments.assign(1, all);
  }
  const bool vectorTanh = segments.size() > 1;
  // Where each value is defined (segment index; block arguments -1) and
  // the buffer of each value a later segment reads, and of each tanh's
  // input.
  DenseMap<Value, int64_t> segmentOf;
  DenseMap<Value, Value> temp;
  DenseSet<Operation *> tanhEnds;
  if (vectorTanh) {
    OpBuilder outer(matrices);
    for (auto [index, segment] : llvm::enumerate(segments)) {
      for (Operation *inner : segment) {
        for (Value result : inner->getResults())
          segmentOf[result] = static_cast<int64_t>(index);
        for (Value operand : inner->getOperands()) {
          auto it = segmentOf.find(operand);
          bool constant = operand.getDefiningOp() &&
                          operand.getDefiningOp()->getNumOperands() == 0;
          if (it != segmentOf.end() &&
              it->second < static_cast<int64_t>(index) && !constant &&
              !temp.count(operand))
            temp[operand] = Value();
        }
      }
      if (index + 1 < segments.size()) {
        Operation *tanh = segment.back();
        tanhEnds.insert(tanh);
        temp[tanh->getOperand(0)] = Value();
        segmentOf[tanh->getResult(0)] = static_cast<int64_t>(index) + 1;
      }
    }
    Value yielded = cast<YieldOp>(block->getTerminator()).getValue();
    if (auto it = segmentOf.find(yielded);
        it != segmentOf.end() &&
        it->second < static_cast<int64_t>(segments.size()) - 1 &&
        !(yielded.getDefiningOp() &&
          yielded.getDefiningOp()->getNumOperands() == 0))
      temp[yielded] = Value();
    // A tanh's result is read from its own buffer (the call writes it).
    for (Operation *tanh : tanhEnds)
      temp[tanh->getResult(0)] = Value();
    for (auto &entry : temp)
      entry.second = memref::AllocOp::create(
          outer, loc, MemRefType::get({L}, entry.first.getType()));
  }

  Value result = splatValue;
  for (auto [index, segment] : llvm::enumerate(segments)) {
    const bool last = index + 1 == segments.size();
    auto lanes = scf::ForOp::create(b, loc, c0, count, c1);
    OpBuilder in = OpBuilder::atBlockBegin(lanes.getBody());
    Value j = lanes.getInductionVar();
    IRMapping mapping;
    if (block)
      for (auto [k, arg] : llvm::enumerate(block->getArguments())) {
        // Loaded where read (a segment that does not read it loads
        // nothing: LLVM drops the unused load).
        Value offset = advances[k]
                           ? arith::AddIOp::create(in, loc, inputBase[k], j)
                                 .getResult()
                           : inputBase[k];
        mapping.map(arg, memref::LoadOp::create(in, loc, inputs[k],
                                                ValueRange{offset}));
      }
    // Values of earlier segments, from their buffers; constants cloned.
    auto bring = [&](Value v) {
      if (mapping.contains(v))
        return;
      if (Operation *def = v.getDefiningOp();
          def && def->getNumOperands() == 0 && def->getNumRegions() == 0) {
        in.clone(*def, mapping);
        return;
      }
      if (auto it = temp.find(v); it != temp.end())
        mapping.map(v, memref::LoadOp::create(in, loc, it->second,
                                              ValueRange{j}));
    };
    for (Operation *inner : segment) {
      const bool isEnd = tanhEnds.contains(inner);
      for (Value operand : inner->getOperands())
        bring(operand);
      if (isEnd)
        break; // the call computes it, after the loop
      in.clone(*inner, mapping);
      for (Value res : inner->getResults())
        if (auto it = temp.find(res); it != temp.end() && !last)
          memref::StoreOp::create(in, loc, mapping.lookup(res), it->second,
                                  ValueRange{j});
    }
    if (!last) {
      // The tanh input into its buffer, then the call over the run.
      Operation *tanh = segment.back();
      Value x = tanh->getOperand(0);
      memref::StoreOp::create(in, loc, mapping.lookup(x), temp[x],
                              ValueRange{j});
      // Values stored above stay; the run's tanh goes from buffer to
      // buffer.
      auto dynamic = MemRefType::get({ShapedType::kDynamic}, b.getF32Type());
      Value from = memref::CastOp::create(b, loc, dynamic, temp[x]);
      Value to = memref::CastOp::create(b, loc, dynamic,
                                        temp[tanh->getResult(0)]);
      Type index = b.getIndexType();
      func::FuncOp callee = declare("systile_tanh_f32",
                                    TypeRange{dynamic, dynamic, index});
      func::CallOp::create(b, loc, callee, ValueRange{from, to, count});
      continue;
    }
    if (block) {
      Value yielded = cast<YieldOp>(block->getTerminator()).getValue();
      bring(yielded);
      result = mapping.lookupOrDefault(yielded);
    }
    Value outOffset = arith::AddIOp::create(in, loc, outBase, j);
    memref::StoreOp::create(in, loc, result, out, ValueRange{outOffset});
  }
  // The buffers are freed by buffer-deallocation-pipeline, which runs
  // next (it refuses programs that already free their memory).
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
                   (m.getFlushSubnormals() ? 2 : 0) |
                   (zeroAcc.contains(op.getOperation()) ? 4 : 0));
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

/// The runtime's name for a truncf from `from` to `to`, for the pairs
/// systile_truncf_* covers.
std::optional<std::string> roundedTruncName(Type from, Type to) {
  auto name = [](Type t) -> std::optional<StringRef> {
    if (t.isF64())
      return StringRef("f64");
    if (t.isF32())
      return StringRef("f32");
    if (t.isBF16())
      return StringRef("bf16");
    if (t.isF16())
      return StringRef("f16");
    return std::nullopt;
  };
  std::optional<StringRef> a = name(from), b = name(to);
  if (!a || !b || (!from.isF64() && !from.isF32()) || to.isF64())
    return std::nullopt;
  return ("systile_truncf_" + *a + "_" + *b).str();
}

/// arith.truncf with a rounding mode other than to_nearest_even, on a
/// scalar: a call of the runtime's systile_truncf_<from>_<to>(x, mode),
/// which rounds as the interpreter does. Upstream's lowering would make it
/// a constrained fptrunc, which assumes the mode is the floating-point
/// environment's and so rounds to nearest even on a default environment.
LogicalResult lowerTruncRounded(arith::TruncFOp trunc, ModuleOp module,
                                SymbolTable &symbols) {
  Type from = trunc.getIn().getType(), to = trunc.getType();
  std::optional<std::string> name = roundedTruncName(from, to);
  if (!name)
    return trunc.emitError()
           << "'arith.truncf' with rounding mode "
           << arith::stringifyRoundingMode(*trunc.getRoundingmode())
           << " from " << from << " to " << to
           << " is not supported by the compiled path (scalar f64 or f32 "
              "to f32, bf16 or f16 only)";
  OpBuilder b(trunc);
  Location loc = trunc.getLoc();
  Type result = to.isF32() ? to : Type(b.getI16Type());
  FunctionType type = b.getFunctionType({from, b.getI32Type()}, {result});
  Operation *existing = symbols.lookup(*name);
  auto fn = dyn_cast_if_present<func::FuncOp>(existing);
  if (existing &&
      (!fn || !fn.isExternal() || fn.getFunctionType() != type))
    return existing->emitError()
           << "the program defines @" << *name
           << ", a function of systile's runtime, itself";
  if (!fn) {
    OpBuilder top = OpBuilder::atBlockBegin(module.getBody());
    fn = func::FuncOp::create(top, module.getLoc(), *name, type);
    fn.setPrivate();
    symbols.insert(fn);
  }
  Value mode = arith::ConstantOp::create(
      b, loc,
      b.getI32IntegerAttr(static_cast<int32_t>(*trunc.getRoundingmode())));
  Value value =
      func::CallOp::create(b, loc, fn, ValueRange{trunc.getIn(), mode})
          .getResult(0);
  if (value.getType() != to)
    value = arith::BitcastOp::create(b, loc, to, value);
  trunc.replaceAllUsesWith(value);
  trunc.erase();
  return success();
}

struct ConvertSystileToRuntime
    : public systile::impl::ConvertSystileToRuntimeBase<
          ConvertSystileToRuntime> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<OnBuffersOp> ops;
    module.walk([&](OnBuffersOp op) { ops.push_back(op); });
    Lowering lowering(module, zeroAccumulators(module, ops));
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
    SmallVector<arith::TruncFOp> truncs, rounded;
    module.walk([&](arith::TruncFOp t) {
      // An explicit to_nearest_even is the default rounding.
      if (t.getRoundingmode() == arith::RoundingMode::to_nearest_even)
        t.removeRoundingmodeAttr();
      if (t.getRoundingmodeAttr())
        rounded.push_back(t);
      else if ((t.getIn().getType().isF32() || t.getIn().getType().isF64()) &&
               t.getType().isBF16())
        truncs.push_back(t);
    });
    for (arith::TruncFOp t : truncs)
      lowerTruncToBF16(t);
    SymbolTable symbols(module);
    for (arith::TruncFOp t : rounded)
      if (failed(lowerTruncRounded(t, module, symbols)))
        failedAny = true;
    if (failedAny)
      signalPassFailure();
  }
};

} // namespace
