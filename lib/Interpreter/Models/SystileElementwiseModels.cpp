//===- SystileElementwiseModels.cpp - Tiled element-wise execution --------===//
//
// Execution models of systile.elementwise, systile.broadcast and
// systile.splat. An elementwise region whose every op is a kernel operation
// (unary/binary arith and math ops, cmpf + select, constants, on one
// element type; in f32 also a truncf of an f64 constant, folded, and fpowi
// by a constant, expanded into powi's multiplications) is compiled once
// into a runtime element-wise program
// (Runtime/ElementwiseProgram.h) and runs in one chunked pass over the
// tiled storage; a lone truncf/extf runs its conversion kernel; any other
// region runs through the region runner over chunks of logical slots
// gathered from the tiled storage (as lanes when every op is lane-wise,
// ExecutableOpInterface::supportsLanes), scattered back into the result.
// Inputs that broadcast along unit dimensions (1xN, Mx1, 1x1) are read in
// place; no path ever evaluates a padding slot, and the result's padding is
// written +0. When an input of the result's type dies here and nothing
// else references its storage, the result is written into it in place.
// All paths apply the same scalar ops to the same values, so they give the
// bits of the dense ops. None of these ops is a layout transform, so none
// counts in the layout figures.
//
//===----------------------------------------------------------------------===//

#include "systile/Interpreter/ExecContext.h"

#include "systile/Dialect/Systile/IR/SystileOps.h"
#include "systile/Runtime/Conversion.h"
#include "systile/Runtime/Elementwise.h"
#include "systile/Runtime/ElementwiseProgram.h"
#include "systile/Runtime/Tiling.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <cstring>
#include <optional>
#include <variant>

using namespace mlir;
using namespace systile::interp;
namespace rt = systile::rt;
using systile::TiledType;

namespace {

/// Binds `op`'s result to `m` (a TiledMatrix or a TiledBatch), or reports
/// its error on `op`.
template <typename Tiled>
LogicalResult bindTiled(Operation *op, ExecContext &ctx,
                        rt::Expected<Tiled> m) {
  if (!m)
    return ExecContext::opError(op) << ": " << m.error();
  ctx.bind(op->getResult(0), RtValue(m.take()));
  return success();
}

/// The matrix of `input` that matrix `b` of a result of batch shape
/// `result` reads (a unit or absent batch dimension of the input repeats).
int64_t inputMatrix(const TiledValue &input, const rt::BatchShape &result,
                    int64_t b) {
  return rt::broadcastMatrixIndex(input.batchShape(), result, b);
}

/// Read-only views of the matrices of every input (element type T) that
/// matrix `b` of a result of batch shape `result` reads.
template <typename T>
SmallVector<rt::TiledMatrix<T>, 4>
matricesOf(ArrayRef<const TiledValue *> inputs, const rt::BatchShape &result,
           int64_t b) {
  SmallVector<rt::TiledMatrix<T>, 4> views;
  for (const TiledValue *v : inputs)
    views.push_back(std::get<rt::TiledBatch<T>>(v->batch).matrix(
        inputMatrix(*v, result, b)));
  return views;
}

/// A scalar attribute as the storage type T of a tiled element.
template <typename T> T scalarAs(Attribute attr) {
  if constexpr (std::is_same_v<T, float>)
    return cast<FloatAttr>(attr).getValue().convertToFloat();
  else if constexpr (std::is_same_v<T, double>)
    return cast<FloatAttr>(attr).getValue().convertToDouble();
  else if constexpr (std::is_same_v<T, rt::bf16>)
    return rt::bf16::fromBits(static_cast<uint16_t>(
        cast<FloatAttr>(attr).getValue().bitcastToAPInt().getZExtValue()));
  else
    return static_cast<T>(cast<IntegerAttr>(attr).getValue().getSExtValue());
}

//===----------------------------------------------------------------------===//
// Regions the runtime runs as element-wise programs
//===----------------------------------------------------------------------===//

/// One entry of a table from op classes to runtime functions.
template <typename OpT, auto Fn> struct Kernel {
  using Op = OpT;
  static constexpr decltype(Fn) fn = Fn;
};

/// The function `F` of the first of `Kernels` whose op class `op` is.
template <typename F, typename... Kernels>
std::optional<F> kernelFnOf(Operation *op) {
  std::optional<F> fn;
  (void)((isa<typename Kernels::Op>(op) && (fn = Kernels::fn, true)) || ...);
  return fn;
}

std::optional<rt::UnaryFn> unaryFnOf(Operation *op) {
  using F = rt::UnaryFn;
  return kernelFnOf<F, Kernel<math::ExpOp, F::Exp>,
                    Kernel<math::TanhOp, F::Tanh>,
                    Kernel<arith::NegFOp, F::Neg>, Kernel<math::AbsFOp, F::Abs>,
                    Kernel<math::SqrtOp, F::Sqrt>>(op);
}

std::optional<rt::BinaryFn> binaryFnOf(Operation *op, bool isFloat) {
  using F = rt::BinaryFn;
  if (isFloat)
    return kernelFnOf<
        F, Kernel<arith::AddFOp, F::Add>, Kernel<arith::SubFOp, F::Sub>,
        Kernel<arith::MulFOp, F::Mul>, Kernel<arith::DivFOp, F::Div>,
        Kernel<arith::MaximumFOp, F::Maximum>,
        Kernel<arith::MinimumFOp, F::Minimum>>(op);
  return kernelFnOf<
      F, Kernel<arith::AddIOp, F::Add>, Kernel<arith::SubIOp, F::Sub>,
      Kernel<arith::MulIOp, F::Mul>, Kernel<arith::MaxSIOp, F::Maximum>,
      Kernel<arith::MinSIOp, F::Minimum>>(op);
}

// The runtime numbers cmpf's predicates as arith does.
static_assert(int(arith::CmpFPredicate::AlwaysFalse) == int(rt::CmpFn::False) &&
              int(arith::CmpFPredicate::UNO) == int(rt::CmpFn::UNO) &&
              int(arith::CmpFPredicate::AlwaysTrue) == int(rt::CmpFn::True));

/// Calls f(T{}) for the storage type T of a tiled element type.
template <typename F> auto withElement(Type element, F &&f) {
  if (element.isF32())
    return f(float());
  if (element.isBF16())
    return f(rt::bf16());
  if (element.isInteger(8))
    return f(int8_t());
  if (element.isF64())
    return f(double());
  return f(int32_t());
}

/// Builds the program of a region whose block arguments and values all
/// have element type T (cmpf masks aside), op by op; nullopt when an op is
/// not a kernel operation.
template <typename T> class ProgramBuilder {
public:
  ProgramBuilder(Block &body, Type element) : body(body), element(element) {}

  std::optional<rt::ElementwiseProgram<T>> build() {
    if (!llvm::all_of(body.getArgumentTypes(),
                      [&](Type t) { return t == element; }))
      return std::nullopt;
    program.numInputs = static_cast<int>(body.getNumArguments());
    for (BlockArgument arg : body.getArguments())
      regs[arg] = static_cast<int>(arg.getArgNumber());
    // Constants first: their registers precede the temporaries. A constant
    // of another type gets none (an op using it then fails, unless it is
    // folded: a truncf of an f64 constant, an fpowi's exponent).
    llvm::SmallPtrSet<Operation *, 4> folded;
    bool needsOne = false;
    for (Operation &op : body.without_terminator()) {
      std::optional<T> value;
      if (auto constant = dyn_cast<arith::ConstantOp>(op)) {
        if (constant.getType() == element)
          value = scalarAs<T>(constant.getValue());
      } else if ((value = foldedConstant(op))) {
        folded.insert(&op);
      }
      needsOne |= isa<math::FPowIOp>(op);
      if (value) {
        regs[op.getResult(0)] = program.numInputs +
                                static_cast<int>(program.constants.size());
        program.constants.push_back(*value);
      }
    }
    if constexpr (std::is_same_v<T, float>)
      if (needsOne) {
        one = program.numInputs + static_cast<int>(program.constants.size());
        program.constants.push_back(1.0f);
      }
    for (Operation &op : body.without_terminator())
      if (!isa<arith::ConstantOp>(op) && !folded.count(&op) && failed(add(op)))
        return std::nullopt;
    Value yielded = cast<systile::YieldOp>(body.getTerminator()).getValue();
    if (!regs.count(yielded))
      return std::nullopt;
    program.result = regs[yielded];
    if (!program.validate())
      return std::nullopt;
    return std::move(program);
  }

private:
  /// An f32 truncf of an f64 constant (default rounding), as the
  /// interpreter converts it.
  std::optional<T> foldedConstant(Operation &op) {
    auto trunc = dyn_cast<arith::TruncFOp>(op);
    if (!trunc || !element.isF32() || trunc.getRoundingmode() ||
        trunc.getType() != element)
      return std::nullopt;
    auto constant = trunc.getIn().getDefiningOp<arith::ConstantOp>();
    if (!constant || !constant.getType().isF64())
      return std::nullopt;
    if constexpr (std::is_same_v<T, float>)
      return rt::scalar::convertFloat<float>(
          cast<FloatAttr>(constant.getValue()).getValueAsDouble());
    return std::nullopt;
  }

  /// A new temporary: in.dst = in.kind(in.a, in.b).
  int emit(rt::BinaryFn fn, int a, int b) {
    rt::Instruction in;
    in.kind = rt::Instruction::Binary;
    in.binary = fn;
    in.a = a;
    in.b = b;
    in.dst = program.firstTemp() + program.numTemps++;
    program.code.push_back(in);
    return in.dst;
  }

  /// f32 fpowi by a constant exponent: sc::powi's multiplications (r = 1;
  /// r *= x per set bit, x *= x in between; 1 / r for a negative
  /// exponent) as instructions, so the lanes get powi's bits.
  LogicalResult addPowI(math::FPowIOp powi) {
    auto exponent = powi.getRhs().getDefiningOp<arith::ConstantOp>();
    auto it = regs.find(powi.getLhs());
    if (!element.isF32() || !exponent || it == regs.end() || one < 0)
      return failure();
    auto attr = dyn_cast<IntegerAttr>(exponent.getValue());
    if (!attr || attr.getValue().getBitWidth() > 64)
      return failure();
    const int64_t n = attr.getValue().getSExtValue();
    int x = it->second, r = one;
    for (int64_t k = n;;) {
      if (k & 1)
        r = emit(rt::BinaryFn::Mul, r, x);
      k /= 2;
      if (k == 0)
        break;
      x = emit(rt::BinaryFn::Mul, x, x);
    }
    if (n < 0)
      r = emit(rt::BinaryFn::Div, one, r);
    regs[powi.getResult()] = r;
    return success();
  }

  LogicalResult add(Operation &op) {
    bool isFloat = element.isF32() || element.isF64() || element.isBF16();
    if (auto powi = dyn_cast<math::FPowIOp>(op))
      return addPowI(powi);
    rt::Instruction in;
    if (auto cmp = dyn_cast<arith::CmpFOp>(op)) {
      if (!isFloat || failed(operands(op, in)))
        return failure();
      in.kind = rt::Instruction::Cmp;
      in.cmp = static_cast<rt::CmpFn>(cmp.getPredicate());
      in.dst = program.numMasks++;
      masks[cmp.getResult()] = in.dst;
      program.code.push_back(in);
      return success();
    }
    if (op.getNumResults() != 1 || op.getResult(0).getType() != element)
      return failure();
    if (auto select = dyn_cast<arith::SelectOp>(op)) {
      if (!masks.count(select.getCondition()) ||
          !regs.count(select.getTrueValue()) ||
          !regs.count(select.getFalseValue()))
        return failure();
      in.kind = rt::Instruction::Select;
      in.a = masks[select.getCondition()];
      in.b = regs[select.getTrueValue()];
      in.c = regs[select.getFalseValue()];
    } else if (std::optional<rt::UnaryFn> fn = unaryFnOf(&op);
               fn && isFloat && op.getNumOperands() == 1) {
      in.kind = rt::Instruction::Unary;
      in.unary = *fn;
      if (failed(operands(op, in)))
        return failure();
    } else if (std::optional<rt::BinaryFn> fn = binaryFnOf(&op, isFloat);
               fn && op.getNumOperands() == 2) {
      in.kind = rt::Instruction::Binary;
      in.binary = *fn;
      if (failed(operands(op, in)))
        return failure();
    } else {
      return failure();
    }
    in.dst = program.firstTemp() + program.numTemps++;
    regs[op.getResult(0)] = in.dst;
    program.code.push_back(in);
    return success();
  }

  /// Sets in.a (and in.b) to the registers of op's value operands.
  LogicalResult operands(Operation &op, rt::Instruction &in) {
    int *slots[] = {&in.a, &in.b};
    if (op.getNumOperands() > 2)
      return failure();
    for (auto [i, v] : llvm::enumerate(op.getOperands())) {
      auto it = regs.find(v);
      if (it == regs.end())
        return failure();
      *slots[i] = it->second;
    }
    return success();
  }

  Block &body;
  Type element;
  rt::ElementwiseProgram<T> program;
  llvm::DenseMap<Value, int> regs, masks;
  /// The register of the constant 1 (fpowi's expansion), or -1.
  int one = -1;
};

using AnyProgram =
    std::variant<std::monostate, rt::ElementwiseProgram<float>,
                 rt::ElementwiseProgram<double>,
                 rt::ElementwiseProgram<rt::bf16>,
                 rt::ElementwiseProgram<int8_t>,
                 rt::ElementwiseProgram<int32_t>>;

/// How an elementwise op executes, decided once per op.
struct Analysis {
  enum Kind { Program, TruncF, ExtF, ExtFToF64, Region };
  Kind kind = Region;
  AnyProgram program;
  /// Region: whether every op of the body runs on many lanes at once.
  bool lanes = false;
};

/// Whether every op of the body evaluates lane-wise (constants broadcast).
bool bodySupportsLanes(Block &body) {
  return llvm::all_of(body.without_terminator(), [](Operation &op) {
    if (op.hasTrait<OpTrait::ConstantLike>())
      return true;
    auto model = dyn_cast<ExecutableOpInterface>(&op);
    return model && model.supportsLanes() && op.getNumRegions() == 0;
  });
}

Analysis analyse(systile::ElementwiseOp op) {
  Analysis a;
  Block &body = op.getBody().front();
  Type element = op.getType().getElementType();
  bool fullShape = llvm::all_of(op.getInputs(), [&](Value v) {
    return cast<TiledType>(v.getType()).getShape() == op.getType().getShape();
  });
  Value yielded = cast<systile::YieldOp>(body.getTerminator()).getValue();
  Operation *root = yielded.getDefiningOp();
  bool single = llvm::hasSingleElement(body.without_terminator()) && root &&
                root->getNumOperands() == 1 &&
                root->getOperand(0) == body.getArgument(0) &&
                body.getNumArguments() == 1 && fullShape;
  auto trunc = dyn_cast_if_present<arith::TruncFOp>(root);
  if (single && trunc && !trunc.getRoundingmodeAttr() && element.isBF16() &&
      trunc.getIn().getType().isF32()) {
    a.kind = Analysis::TruncF;
    return a;
  }
  if (single && isa_and_present<arith::ExtFOp>(root) && element.isF32() &&
      body.getArgument(0).getType().isBF16()) {
    a.kind = Analysis::ExtF;
    return a;
  }
  // f32 -> f64 and f64 programs: torch-mlir computes a LayerNorm's variance
  // in f64.
  if (single && isa_and_present<arith::ExtFOp>(root) && element.isF64() &&
      body.getArgument(0).getType().isF32()) {
    a.kind = Analysis::ExtFToF64;
    return a;
  }
  withElement(element, [&](auto tag) {
    using T = decltype(tag);
    if (auto p = ProgramBuilder<T>(body, element).build()) {
      a.kind = Analysis::Program;
      a.program = std::move(*p);
    }
  });
  if (a.kind == Analysis::Region)
    a.lanes = bodySupportsLanes(body);
  return a;
}

const Analysis &analysisOf(systile::ElementwiseOp op, ExecContext &ctx) {
  struct Cached {
    std::optional<Analysis> analysis;
  };
  Cached &cached = ctx.cached<Cached>(op);
  if (!cached.analysis)
    cached.analysis = analyse(op);
  return *cached.analysis;
}

//===----------------------------------------------------------------------===//
// Operands and the in-place result
//===----------------------------------------------------------------------===//

/// The tiled values of an elementwise op's inputs, and the one whose
/// storage the result takes over: an input of the result's shape and
/// element type that dies at this op and that nothing else references.
struct Operands {
  SmallVector<const TiledValue *, 4> inputs;
  /// An input taken out of the frame (its last use); it keeps that
  /// storage alive while the op runs.
  RtValue taken;
  /// Whether `taken` may become the result (it had no other owner).
  bool inPlace = false;
};

Operands collectOperands(systile::ElementwiseOp op, ExecContext &ctx) {
  Operands ops;
  TiledType result = op.getType();
  int takenIndex = -1;
  for (OpOperand &operand : op->getOpOperands()) {
    auto type = cast<TiledType>(operand.get().getType());
    if (takenIndex >= 0 ||
        type.getShape() != result.getShape() ||
        type.getElementType() != result.getElementType() ||
        !ctx.isLastUse(operand))
      continue;
    ops.taken = ctx.take(operand);
    ops.inPlace = ops.taken.isUniqueTiled();
    takenIndex = static_cast<int>(operand.getOperandNumber());
  }
  for (auto [i, v] : llvm::enumerate(op.getInputs()))
    ops.inputs.push_back(static_cast<int>(i) == takenIndex ? &ops.taken.tiled()
                                                           : &ctx.tiled(v));
  return ops;
}

/// The result's matrices: the taken input's storage, or a new one.
template <typename T>
FailureOr<rt::TiledBatch<T> *> resultMatrix(systile::ElementwiseOp op,
                                            Operands &ops,
                                            std::optional<RtValue> &fresh) {
  if (ops.inPlace)
    return &std::get<rt::TiledBatch<T>>(ops.taken.mutableTiled().batch);
  TiledType type = op.getType();
  auto layout = systile::layoutOf(type);
  if (!layout)
    return ExecContext::opError(op) << ": " << layout.error();
  auto made =
      rt::TiledBatch<T>::uninitialized(systile::batchShapeOf(type), *layout);
  if (!made)
    return ExecContext::opError(op) << ": " << made.error();
  fresh.emplace(RtValue(made.take()));
  return &std::get<rt::TiledBatch<T>>(fresh->mutableTiled().batch);
}

/// The result: the taken input (updated in place) or `fresh`.
RtValue resultOf(Operands &ops, std::optional<RtValue> &fresh) {
  return ops.inPlace ? std::move(ops.taken) : std::move(*fresh);
}

//===----------------------------------------------------------------------===//
// Execution paths
//===----------------------------------------------------------------------===//

template <typename T>
LogicalResult runProgram(systile::ElementwiseOp op, ExecContext &ctx,
                         const rt::ElementwiseProgram<T> &program) {
  Operands ops = collectOperands(op, ctx);
  std::optional<RtValue> fresh;
  FailureOr<rt::TiledBatch<T> *> result = resultMatrix<T>(op, ops, fresh);
  if (failed(result))
    return failure();
  rt::PadKind pad = rt::PadKind::Zero;
  for (int64_t b = 0; b < (*result)->numMatrices(); ++b) {
    // Views of the inputs before the result's (which may be one of them).
    SmallVector<rt::TiledMatrix<T>, 4> views =
        matricesOf<T>(ops.inputs, (*result)->batchShape(), b);
    std::vector<const rt::TiledMatrix<T> *> inputs;
    for (const rt::TiledMatrix<T> &v : views)
      inputs.push_back(&v);
    rt::TiledMatrix<T> out = (*result)->matrix(b);
    if (rt::Status status = rt::evaluate(program, inputs, out); !status)
      return ExecContext::opError(op) << ": " << status.message();
    if (out.padKind() == rt::PadKind::Undef)
      pad = rt::PadKind::Undef;
  }
  (*result)->setPadKind(pad);
  return ctx.bindResult(op, resultOf(ops, fresh));
}

/// Chunk buffers for the region runner: one per input, shared with the
/// lane values the region sees (read-only to it).
struct ChunkBuffers {
  SmallVector<std::shared_ptr<char>, 4> inputs;
  std::shared_ptr<char> output;
};

FailureOr<std::shared_ptr<char>> chunkBuffer(Operation *op, int64_t slots,
                                             size_t bytes) {
  rt::Expected<void *> p = rt::tryAllocate(slots, bytes, "region chunk");
  if (!p)
    return ExecContext::opError(op) << ": " << p.error();
  return std::shared_ptr<char>(static_cast<char *>(*p), rt::deallocate);
}

/// The region's value for each slot of `chunk` (gathered inputs in
/// `buffers`): one run of the region over the chunk's lanes, or one run
/// per slot when some op is not lane-wise. Scatters into `storage`.
LogicalResult runRegionOnChunk(systile::ElementwiseOp op, ExecContext &ctx,
                               const rt::Chunk &chunk, bool lanes,
                               ArrayRef<ElementKind> kinds,
                               ChunkBuffers &buffers, ElementKind resultKind,
                               void *storage) {
  size_t rbytes = elementSize(resultKind);
  auto evaluate = [&](int64_t first, int64_t n,
                      ArrayRef<int64_t> shape) -> FailureOr<DenseValue> {
    SmallVector<RtValue, 4> args;
    for (auto [kind, buf] : llvm::zip(kinds, buffers.inputs))
      args.push_back(RtValue(DenseValue::adopt(
          kind, shape, buf, buf.get() + first * elementSize(kind))));
    FailureOr<SmallVector<RtValue>> r = ctx.runRegion(op.getBody(), args);
    if (failed(r))
      return failure();
    const RtValue &v = (*r)[0];
    if (!v.isDense() || v.kind() != resultKind ||
        (v.dense().numElements() != n && v.dense().numElements() != 1))
      return op.emitError() << "region yielded a value that is not " << n
                            << " lanes of " << op.getType().getElementType();
    return v.dense();
  };
  if (lanes) {
    FailureOr<DenseValue> v = evaluate(0, chunk.slots, {chunk.slots});
    if (failed(v))
      return failure();
    rt::scatterChunk(v->rawData(), v->numElements() == 1, chunk, storage,
                     rbytes);
    return success();
  }
  for (int64_t i = 0; i < chunk.slots; ++i) {
    FailureOr<DenseValue> v = evaluate(i, 1, {});
    if (failed(v))
      return failure();
    std::memcpy(buffers.output.get() + i * rbytes, v->rawData(), rbytes);
  }
  rt::scatterChunk(buffers.output.get(), false, chunk, storage, rbytes);
  return success();
}

/// Slots per chunk of the region runner.
int64_t maxChunkSlots(ExecContext &ctx, bool lanes) {
  return lanes ? std::max<int64_t>(1, ctx.options().maxLanes) : 1;
}

/// Chunk buffers of the region runner for `inputs` and a result of T.
template <typename T>
FailureOr<ChunkBuffers> chunkBuffers(Operation *op,
                                     ArrayRef<const TiledValue *> inputs,
                                     int64_t capacity) {
  ChunkBuffers buffers;
  for (const TiledValue *in : inputs) {
    FailureOr<std::shared_ptr<char>> buf =
        chunkBuffer(op, capacity, elementSize(in->kind()));
    if (failed(buf))
      return failure();
    buffers.inputs.push_back(*buf);
  }
  FailureOr<std::shared_ptr<char>> outBuf =
      chunkBuffer(op, capacity, sizeof(T));
  if (failed(outBuf))
    return failure();
  buffers.output = *outBuf;
  return buffers;
}

/// The region over matrix `b` of the result (batch shape `batch`), `out`,
/// reading the matrix of every input that it broadcasts from.
template <typename T>
LogicalResult runRegionOnMatrix(systile::ElementwiseOp op, ExecContext &ctx,
                                ArrayRef<const TiledValue *> inputs,
                                const rt::BatchShape &batch, int64_t b,
                                rt::TiledMatrix<T> &out, bool lanes,
                                ChunkBuffers &buffers) {
  int64_t maxSlots = maxChunkSlots(ctx, lanes);
  SmallVector<ElementKind, 4> kinds;
  SmallVector<rt::Broadcast, 4> broadcasts;
  SmallVector<TiledMatrixVariant, 4> views;
  for (const TiledValue *in : inputs) {
    kinds.push_back(in->kind());
    broadcasts.push_back(*rt::broadcastOf(in->shape(), out.shape()));
    views.push_back(in->matrix(inputMatrix(*in, batch, b)));
  }
  ElementKind resultKind = *getElementKind(op.getType().getElementType());
  bool failedRegion = false;
  rt::Status status = rt::forEachChunk(
      out.layout(), maxSlots, out.data(), sizeof(T),
      [&](const rt::Chunk &chunk) -> rt::Status {
        for (size_t i = 0; i < views.size(); ++i)
          std::visit(
              [&](const auto &m) {
                rt::gatherChunk(m.data(), m.layout(), broadcasts[i], chunk,
                                buffers.inputs[i].get(), elementSize(kinds[i]));
              },
              views[i]);
        if (failed(runRegionOnChunk(op, ctx, chunk, lanes, kinds, buffers,
                                    resultKind, out.data()))) {
          failedRegion = true;
          return rt::Status::error("region failed");
        }
        return rt::Status::success();
      });
  return success(!failedRegion && status.ok());
}

/// Any region: chunks of logical slots gathered from the tiled inputs
/// (broadcast ones read in place), run through the region runner, and
/// scattered into the result, matrix by matrix; padding is never evaluated
/// and becomes +0.
template <typename T>
LogicalResult runRegion(systile::ElementwiseOp op, ExecContext &ctx,
                        bool lanes) {
  Operands ops = collectOperands(op, ctx);
  std::optional<RtValue> fresh;
  FailureOr<rt::TiledBatch<T> *> result = resultMatrix<T>(op, ops, fresh);
  if (failed(result))
    return failure();
  rt::TiledBatch<T> &out = **result;
  int64_t maxSlots = maxChunkSlots(ctx, lanes);
  FailureOr<ChunkBuffers> buffers = chunkBuffers<T>(
      op, ops.inputs, std::max(maxSlots, out.geometry().lanes));
  if (failed(buffers))
    return failure();
  for (int64_t b = 0; b < out.numMatrices(); ++b) {
    rt::TiledMatrix<T> matrix = out.matrix(b);
    if (failed(runRegionOnMatrix(op, ctx, ops.inputs, out.batchShape(), b,
                                 matrix, lanes, *buffers)))
      return failure();
  }
  out.setPadKind(rt::PadKind::Zero);
  return ctx.bindResult(op, resultOf(ops, fresh));
}

LogicalResult executeElementwise(systile::ElementwiseOp op,
                                 ExecContext &ctx) {
  const Analysis &a = analysisOf(op, ctx);
  switch (a.kind) {
  case Analysis::TruncF:
    return bindTiled(
        op, ctx,
        rt::mapMatrices<rt::bf16>(
            std::get<rt::TiledBatch<float>>(ctx.tiled(op.getInputs()[0]).batch),
            [](const auto &x) { return rt::tryTruncToBF16(x); }));
  case Analysis::ExtF:
    return bindTiled(op, ctx,
                     rt::mapMatrices<float>(
                         std::get<rt::TiledBatch<rt::bf16>>(
                             ctx.tiled(op.getInputs()[0]).batch),
                         [](const auto &x) { return rt::tryExtToF32(x); }));
  case Analysis::ExtFToF64:
    return bindTiled(op, ctx,
                     rt::mapMatrices<double>(
                         std::get<rt::TiledBatch<float>>(
                             ctx.tiled(op.getInputs()[0]).batch),
                         [](const auto &x) { return rt::tryExtToF64(x); }));
  case Analysis::Program:
    return std::visit(
        [&](const auto &p) -> LogicalResult {
          using P = std::decay_t<decltype(p)>;
          if constexpr (std::is_same_v<P, std::monostate>)
            return op.emitError() << "internal error: no program";
          else
            return runProgram(op, ctx, p);
        },
        a.program);
  case Analysis::Region:
    break;
  }
  return withElement(op.getType().getElementType(),
                     [&](auto tag) -> LogicalResult {
                       return runRegion<decltype(tag)>(op, ctx, a.lanes);
                     });
}

//===----------------------------------------------------------------------===//
// Models
//===----------------------------------------------------------------------===//

LogicalResult executeBroadcast(systile::BroadcastOp op, ExecContext &ctx) {
  int64_t dim = op.getDim();
  int64_t count = op.getType().getShape()[dim];
  return std::visit(
      [&](const auto &m) -> LogicalResult {
        return bindTiled(op, ctx, rt::broadcast(m, dim, count));
      },
      ctx.tiled(op.getInput()).batch);
}

LogicalResult executeSplat(systile::SplatOp op, ExecContext &ctx) {
  TiledType type = op.getType();
  const DenseValue &v = ctx.dense(op.getValue());
  return withElement(type.getElementType(), [&](auto tag) -> LogicalResult {
    using T = decltype(tag);
    if (v.numElements() != 1 || elementSize(v.kind()) != sizeof(T))
      return op.emitError()
             << "splat value is not one " << type.getElementType();
    T value;
    std::memcpy(&value, v.rawData(), sizeof(T));
    auto matrix =
        rt::splat<T>(value, systile::shapeOf(type), systile::geometryOf(type));
    if (!matrix || !type.isBatched())
      return bindTiled(op, ctx, std::move(matrix));
    // Every matrix of a batch is that matrix.
    auto batch = rt::TiledBatch<T>::uninitialized(systile::batchShapeOf(type),
                                                  matrix->layout());
    if (!batch)
      return bindTiled(op, ctx, std::move(batch));
    const rt::TiledMatrix<T> &m = *matrix;
    for (int64_t b = 0; b < batch->numMatrices(); ++b)
      std::copy(m.data(), m.data() + m.size(), batch->data() + b * m.size());
    batch->setPadKind(m.padKind());
    return bindTiled(op, ctx, std::move(batch));
  });
}

} // namespace

std::string systile::interp::describeElementwiseExecution(Operation *op) {
  auto ew = dyn_cast<systile::ElementwiseOp>(op);
  if (!ew)
    return "not a systile.elementwise";
  Analysis a = analyse(ew);
  std::vector<rt::Broadcast> broadcasts;
  for (Value v : ew.getInputs())
    broadcasts.push_back(
        *rt::broadcastOf({cast<TiledType>(v.getType()).getRows(),
                          cast<TiledType>(v.getType()).getCols()},
                         {ew.getType().getRows(), ew.getType().getCols()}));
  switch (a.kind) {
  case Analysis::TruncF:
    return "truncf kernel";
  case Analysis::ExtF:
  case Analysis::ExtFToF64:
    return "extf kernel";
  case Analysis::Program:
    return std::visit(
        [&](const auto &p) -> std::string {
          if constexpr (std::is_same_v<std::decay_t<decltype(p)>,
                                       std::monostate>)
            return "?";
          else
            return "element-wise program, " +
                   std::to_string(rt::kDefaultChunkSlots) +
                   "-slot chunks: " + p.str(broadcasts);
        },
        a.program);
  case Analysis::Region:
    break;
  }
  return a.lanes ? "region runner, chunks of logical slots as lanes"
                 : "region runner, one slot at a time (an op is not "
                   "lane-wise)";
}

void systile::interp::registerSystileElementwiseExecutionModels(
    DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *ctx, systile::SystileDialect *) {
    attachModels<executeElementwise, executeBroadcast, executeSplat>(*ctx);
  });
}
