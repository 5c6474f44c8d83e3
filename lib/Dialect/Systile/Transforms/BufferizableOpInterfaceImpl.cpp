//===- BufferizableOpInterfaceImpl.cpp - systile bufferization ------------===//
//
// A tiled value bufferizes to its padded storage: a one-dimensional
// memref<N x T> of the type's storage slots in storage order. Every systile
// op bufferizes to a systile.on_buffers op holding the op itself (its
// operands become the region's arguments), so the tiled types, and with
// them the geometry, pad kind and mask, stay in the IR for
// convert-systile-to-runtime. Results get fresh buffers, except a free
// relayout's, which is its input's buffer (no copy), and a matmul's, which
// is written over its accumulator's buffer when nothing reads the
// accumulator later. A complete chain of mxu_matmul loads bufferizes as
// the one systile.matmul it computes (bit for bit, RFC 6), so the runtime
// simulates it whole, as the interpreter does; a chain with loads folded
// away stays load by load, accumulating in one buffer. A
// systile.constant becomes a read-only memref.global of its storage.
// systile.to_storage is the buffer it is given; systile.from_storage a
// copy of it, or the buffer itself when the op promises that nothing
// writes it (`unique`).
//
//===----------------------------------------------------------------------===//

#include "systile/Dialect/Systile/Transforms/BufferizableOpInterfaceImpl.h"
#include "systile/Dialect/Systile/Analysis/MatmulChains.h"
#include "systile/Dialect/Systile/IR/SystileOps.h"

#include "mlir/Dialect/Bufferization/IR/BufferizableOpInterface.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Bufferization/IR/BufferizationTypeInterfaces.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

using namespace mlir;
using namespace mlir::bufferization;
using namespace systile;

namespace {

/// The storage buffer of a tiled type.
MemRefType storageBufferType(TiledType type) {
  return MemRefType::get({type.getNumStorageElements()},
                         type.getElementType());
}

/// The buffer a value of `type` bufferizes to when it gets a fresh one: the
/// storage of a tiled value, an identity-layout memref of a dense tensor.
MemRefType freshBufferType(Type type) {
  if (auto tiled = dyn_cast<TiledType>(type))
    return storageBufferType(tiled);
  auto tensor = cast<RankedTensorType>(type);
  return MemRefType::get(tensor.getShape(), tensor.getElementType());
}

struct TiledTypeTensorLike
    : public TensorLikeType::ExternalModel<TiledTypeTensorLike, TiledType> {
  FailureOr<BufferLikeType>
  getBufferType(Type type, const BufferizationOptions &,
                llvm::function_ref<InFlightDiagnostic()>) const {
    return cast<BufferLikeType>(storageBufferType(cast<TiledType>(type)));
  }
  LogicalResult
  verifyCompatibleBufferType(Type type, BufferLikeType bufferType,
                             llvm::function_ref<InFlightDiagnostic()> emitError)
      const {
    auto tiled = cast<TiledType>(type);
    if (bufferType == storageBufferType(tiled))
      return success();
    return emitError() << "buffer " << bufferType
                       << " is not the storage of " << tiled << " ("
                       << storageBufferType(tiled) << ")";
  }
};

/// Whether `op` sits in a systile.on_buffers region: it is then already
/// bufferized (its operands are the region's arguments).
bool isOnBuffers(Operation *op) {
  return isa_and_nonnull<OnBuffersOp>(op->getParentOp());
}

/// The accumulator of a matmul-like op, whose buffer the result may take
/// over; null for other ops.
OpOperand *accumulatorOf(Operation *op) {
  if (auto m = dyn_cast<MatmulOp>(op))
    return &m.getAccMutable();
  if (auto m = dyn_cast<MxuMatmulOp>(op))
    return &m.getAccMutable();
  return nullptr;
}

/// Whether a matmul may write its result over its accumulator's buffer.
/// Bufferization goes top-down, so the accumulator is by now the
/// bufferization.to_tensor of its producer's buffer. It may be written when
/// that buffer is a fresh allocation (never a constant's read-only global
/// or a function argument) and nothing reads the accumulator after this op:
/// its only use left is this op (readers before it, already bufferized,
/// read the buffer directly and run first) and it is defined in this op's
/// block (not a value from outside a loop, read again by each iteration).
/// A chain of mxu_matmul loads then accumulates in one buffer.
///
/// A buffer may stand for several values (a free relayout's result is its
/// input's buffer, see sharesInputStorage): every other value of it must be
/// dead too (its to_tensor unused), and the allocation must be in this
/// op's block as well, so that a value from outside a loop, seen through a
/// relayout inside it, is never overwritten.
bool accumulateInPlace(OpOperand &acc) {
  auto toTensor = acc.get().getDefiningOp<bufferization::ToTensorOp>();
  if (!toTensor || !toTensor->hasOneUse())
    return false;
  Block *block = acc.getOwner()->getBlock();
  auto alloc = toTensor.getBuffer().getDefiningOp<memref::AllocOp>();
  if (!alloc || toTensor->getBlock() != block || alloc->getBlock() != block)
    return false;
  // Every other user must be a systile op on buffers or a memref.copy
  // (the producer, or a reader before this op) or a dead to_tensor: an op
  // that took the buffer itself (an scf.yield or scf.for init that passes
  // it into a result, a view of it) may hold it past this op, and an
  // earlier to_tensor user it replaced need not be there any more.
  return llvm::all_of(alloc->getUsers(), [&](Operation *user) {
    if (isa<OnBuffersOp, memref::CopyOp>(user))
      return true;
    auto other = dyn_cast<bufferization::ToTensorOp>(user);
    return other && (other == toTensor || other->use_empty());
  });
}

/// Whether `op` is a relayout whose result's storage is its input's, bit
/// for bit and slot for slot (RelayoutOpInterface::isFree, with the same
/// element type and number of storage slots: a free slice that keeps
/// every matrix, a batch reshape, a free row regroup). Its result then
/// bufferizes to the input's buffer itself, with no copy, as the
/// interpreter shares the storage. A free slice of fewer matrices still
/// copies its range (a buffer is an identity-layout memref of the whole
/// storage).
bool sharesInputStorage(Operation *op) {
  auto relayout = dyn_cast<RelayoutOpInterface>(op);
  if (!relayout || op->getNumOperands() != 1 || op->getNumResults() != 1 ||
      !relayout.isFree())
    return false;
  auto in = dyn_cast<TiledType>(op->getOperand(0).getType());
  auto out = dyn_cast<TiledType>(op->getResult(0).getType());
  return in && out && in.getElementType() == out.getElementType() &&
         in.getNumStorageElements() == out.getNumStorageElements();
}

/// The loads of the complete chain `op` heads, when one whole-matmul
/// simulation reproduces them bit for bit: every (kb, nb) block once, in
/// RFC 6's order, at a single-pass precision or with one k block (RFC 6's
/// multi-pass definition per load then is the whole matmul's). Empty
/// otherwise (not a head, loads folded away, another order).
SmallVector<MxuMatmulOp> fusableChain(MxuMatmulOp op) {
  if (!isChainHead(op))
    return {};
  SmallVector<MxuMatmulOp> chain = collectChain(op);
  const bool singlePass = op.getPrecision() == Precision::F32 ||
                          op.getPrecision() == Precision::BF16;
  if (static_cast<int64_t>(chain.size()) !=
          op.getDepthBlocks() * op.getWidthBlocks() ||
      !isInMatmulOrder(chain) || (!singlePass && op.getDepthBlocks() != 1))
    return {};
  return chain;
}

/// The first tiled type `op` carries through its regions (see
/// checkNoTiledRegionCarriers), or null.
TiledType tiledRegionCarrierType(Operation *op) {
  if (op->getNumRegions() == 0 || isa<FunctionOpInterface>(op) ||
      isa_and_nonnull<SystileDialect>(op->getDialect()))
    return {};
  auto tiled = [](TypeRange types) -> TiledType {
    for (Type t : types)
      if (auto tiled = dyn_cast<TiledType>(t))
        return tiled;
    return {};
  };
  if (TiledType t = tiled(op->getOperandTypes()))
    return t;
  if (TiledType t = tiled(op->getResultTypes()))
    return t;
  for (Region &region : op->getRegions())
    for (Block &block : region)
      if (TiledType t = tiled(block.getArgumentTypes()))
        return t;
  return {};
}

LogicalResult refuseTiledRegionCarrier(Operation *op, TiledType type) {
  return op->emitOpError()
         << "carries a tiled value (" << type
         << ") through its regions, which bufferization cannot take: "
            "MLIR's bufferization of region ops takes builtin tensors only. "
            "systile-expand-unlowered-ops carries tiled values through "
            "scf.for, scf.while, scf.if and scf.index_switch as their "
            "storage; through other ops, carry the dense tensor "
            "(systile.unpack before the op, systile.pack inside it), or run "
            "the program interpreted";
}

/// The op with regions carrying a tiled value that `op`, about to
/// bufferize, feeds or sits in, if any: one-shot-bufferize would rebuild
/// that op endlessly, so bufferizing `op` fails first with its diagnostic.
/// (checkNoTiledRegionCarriers, which systile-lower-to-llvm runs first,
/// finds every such op; this catches those a systile op feeds or reads
/// when one-shot-bufferize runs on its own.)
LogicalResult checkNotCarried(Operation *op) {
  for (Value result : op->getResults())
    for (Operation *user : result.getUsers()) {
      Operation *carrier =
          user->hasTrait<OpTrait::IsTerminator>() ? user->getParentOp() : user;
      if (carrier)
        if (TiledType t = tiledRegionCarrierType(carrier))
          return refuseTiledRegionCarrier(carrier, t);
    }
  for (Value operand : op->getOperands())
    if (auto arg = dyn_cast<BlockArgument>(operand))
      if (Operation *owner = arg.getOwner()->getParentOp())
        if (TiledType t = tiledRegionCarrierType(owner))
          return refuseTiledRegionCarrier(owner, t);
  return success();
}

/// Bufferizes `op` as its first operand's buffer itself (no copy).
LogicalResult replaceByOperandBuffer(Operation *op, RewriterBase &rewriter,
                                     const BufferizationOptions &options,
                                     BufferizationState &state) {
  FailureOr<Value> buffer =
      getBuffer(rewriter, op->getOperand(0), options, state);
  if (failed(buffer))
    return failure();
  replaceOpWithBufferizedValues(rewriter, op, *buffer);
  return success();
}

/// A model whose op reads its operands and, as far as One-Shot Analysis
/// is concerned, writes none: its conflict detection does not look at
/// tensor-like values other than builtin tensors (MLIR 22), so an in-place
/// write it allowed could be a wrong one. accumulateInPlace decides the
/// one in-place case of the systile ops itself.
template <typename Model, typename OpTy>
struct ReadingModel
    : public BufferizableOpInterface::ExternalModel<Model, OpTy> {
  bool bufferizesToMemoryRead(Operation *, OpOperand &,
                              const AnalysisState &) const {
    return true;
  }
  bool bufferizesToMemoryWrite(Operation *, OpOperand &,
                               const AnalysisState &) const {
    return false;
  }
};

/// The model of every systile op with tiled or tensor operands and results
/// (all but constant and the terminators).
template <typename OpTy>
struct SystileOpModel : public ReadingModel<SystileOpModel<OpTy>, OpTy> {
  bool hasTensorSemantics(Operation *op) const {
    return !isOnBuffers(op);
  }
  AliasingValueList getAliasingValues(Operation *op, OpOperand &operand,
                                      const AnalysisState &) const {
    if (sharesInputStorage(op))
      return {{op->getResult(0), BufferRelation::Equivalent}};
    return {};
  }
  FailureOr<BufferLikeType>
  getBufferType(Operation *op, Value value, const BufferizationOptions &,
                const BufferizationState &, SmallVector<Value> &) const {
    return cast<BufferLikeType>(freshBufferType(value.getType()));
  }

  LogicalResult bufferize(Operation *op, RewriterBase &rewriter,
                          const BufferizationOptions &options,
                          BufferizationState &state) const {
    Location loc = op->getLoc();
    if (failed(checkNotCarried(op)))
      return failure();
    if (sharesInputStorage(op))
      return replaceByOperandBuffer(op, rewriter, options, state);
    SmallVector<Value> inputs;
    for (Value operand : op->getOperands()) {
      if (!isa<TensorLikeType>(operand.getType())) {
        inputs.push_back(operand); // a scalar (systile.splat's value)
        continue;
      }
      FailureOr<Value> buffer = getBuffer(rewriter, operand, options, state);
      if (failed(buffer))
        return failure();
      inputs.push_back(*buffer);
    }
    SmallVector<Value> outputs;
    OpOperand *acc = accumulatorOf(op);
    for (OpResult result : op->getResults()) {
      if (acc && accumulateInPlace(*acc)) {
        outputs.push_back(inputs[acc->getOperandNumber()]);
        continue;
      }
      FailureOr<Value> alloc = options.createAlloc(
          rewriter, loc, freshBufferType(result.getType()), {});
      if (failed(alloc))
        return failure();
      outputs.push_back(*alloc);
    }
    auto onBuffers = OnBuffersOp::create(rewriter, loc, inputs, outputs);
    // The op moves into the region through a builder without the
    // bufferization driver's listener: it is bufferized as it stands.
    Block *body = new Block();
    onBuffers.getBody().push_back(body);
    // One argument per operand position (an op may take a value twice).
    OpBuilder inner = OpBuilder::atBlockEnd(body);
    Operation *clone = nullptr;
    SmallVector<MxuMatmulOp> chain;
    if (auto mxu = dyn_cast<MxuMatmulOp>(op))
      chain = fusableChain(mxu);
    if (!chain.empty()) {
      // A complete chain of weight loads runs as the one matmul it is (the
      // runtime's whole-matmul simulation, as the interpreter runs it):
      // the head becomes the systile.matmul, the other loads go, and the
      // last load's result is the head's buffer.
      auto head = cast<MxuMatmulOp>(op);
      clone = MatmulOp::create(inner, loc, head.getType(), head.getLhs(),
                               head.getRhs(), head.getAcc(),
                               head.getRhsTransposed(), head.getPrecision(),
                               head.getFlushSubnormals());
    } else {
      clone = inner.clone(*op);
    }
    for (OpOperand &operand : clone->getOpOperands())
      operand.set(body->addArgument(operand.get().getType(), loc));
    OnBuffersYieldOp::create(inner, loc, clone->getResults());
    if (!chain.empty()) {
      MxuMatmulOp last = chain.back();
      replaceOpWithBufferizedValues(rewriter, last, outputs);
      // Each load's only user is the next one, so from the back each is
      // dead once its successor is gone.
      for (MxuMatmulOp load : llvm::reverse(ArrayRef(chain).drop_back()))
        rewriter.eraseOp(load);
      return success();
    }
    replaceOpWithBufferizedValues(rewriter, op, outputs);
    return success();
  }
};

/// systile.on_buffers and its terminator are buffer-level: nothing to do,
/// even though the region's arguments are tiled.
template <typename OpTy>
struct BufferLevelOpModel
    : public BufferizableOpInterface::ExternalModel<BufferLevelOpModel<OpTy>,
                                                    OpTy> {
  bool hasTensorSemantics(Operation *) const { return false; }
  bool bufferizesToMemoryRead(Operation *, OpOperand &,
                              const AnalysisState &) const {
    return false;
  }
  bool bufferizesToMemoryWrite(Operation *, OpOperand &,
                               const AnalysisState &) const {
    return false;
  }
  AliasingValueList getAliasingValues(Operation *, OpOperand &,
                                      const AnalysisState &) const {
    return {};
  }
  LogicalResult bufferize(Operation *, RewriterBase &,
                          const BufferizationOptions &,
                          BufferizationState &) const {
    return success();
  }
};

/// systile.constant: a private, constant memref.global holding the storage
/// (the attribute as it is: one-dimensional, storage order), read through
/// memref.get_global. Its buffer is not writable: a write makes a copy.
struct ConstantOpModel
    : public BufferizableOpInterface::ExternalModel<ConstantOpModel,
                                                    ConstantOp> {
  bool hasTensorSemantics(Operation *op) const { return !isOnBuffers(op); }
  bool bufferizesToAllocation(Operation *, Value) const { return true; }
  bool isWritable(Operation *, Value, const AnalysisState &) const {
    return false;
  }
  AliasingValueList getAliasingValues(Operation *, OpOperand &,
                                      const AnalysisState &) const {
    return {};
  }
  FailureOr<BufferLikeType>
  getBufferType(Operation *, Value value, const BufferizationOptions &,
                const BufferizationState &, SmallVector<Value> &) const {
    return cast<BufferLikeType>(
        storageBufferType(cast<TiledType>(value.getType())));
  }
  LogicalResult bufferize(Operation *op, RewriterBase &rewriter,
                          const BufferizationOptions &,
                          BufferizationState &state) const {
    auto constant = cast<ConstantOp>(op);
    if (failed(checkNotCarried(op)))
      return failure();
    auto module = op->getParentOfType<ModuleOp>();
    if (!module)
      return op->emitError("a systile.constant must be inside a module to "
                           "bufferize (its storage becomes a memref.global)");
    MemRefType type = storageBufferType(constant.getType());
    // The attribute already has the storage's one-dimensional shape.
    ElementsAttr value = constant.getValue();
    SymbolTable &symbols = state.getSymbolTables().getSymbolTable(module);
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPointToStart(module.getBody());
    auto global = memref::GlobalOp::create(
        rewriter, op->getLoc(), "__systile_constant", 
        rewriter.getStringAttr("private"), type, value, /*constant=*/true,
        /*alignment=*/rewriter.getI64IntegerAttr(64));
    symbols.insert(global);
    rewriter.setInsertionPoint(op);
    auto get = memref::GetGlobalOp::create(rewriter, op->getLoc(), type,
                                           global.getSymName());
    replaceOpWithBufferizedValues(rewriter, op, get.getResult());
    return success();
  }
};

/// What systile.to_storage and systile.from_storage have in common: they
/// read their operand, write nothing, and their result's buffer is the
/// storage memref<N x T> of their tiled type.
template <typename Model, typename OpTy>
struct StorageCastModel : public ReadingModel<Model, OpTy> {
  FailureOr<BufferLikeType>
  getBufferType(Operation *op, Value, const BufferizationOptions &,
                const BufferizationState &, SmallVector<Value> &) const {
    return cast<BufferLikeType>(storageBufferType(Model::tiledType(op)));
  }
};

/// systile.to_storage: the tiled value's buffer itself, seen as the
/// builtin tensor's (the two bufferize to the same memref<N x T>). One-Shot
/// Analysis does not follow tiled values (see SystileOpModel), so it may
/// write the result in place only where no other value reads the buffer
/// (isWritable); elsewhere a write to it copies it first.
struct ToStorageOpModel : public StorageCastModel<ToStorageOpModel, ToStorageOp> {
  static TiledType tiledType(Operation *op) {
    return cast<ToStorageOp>(op).getInput().getType();
  }
  AliasingValueList getAliasingValues(Operation *op, OpOperand &,
                                      const AnalysisState &) const {
    return {{op->getResult(0), BufferRelation::Equivalent}};
  }
  /// Writable only when the tiled value's buffer is its own (a fresh
  /// allocation of a systile op's result) and nothing else reads it: this
  /// is its one use, in the block that defines it (in a loop, a value from
  /// outside would be read again by the next iteration). Not a constant's
  /// read-only global, a from_storage's buffer, a free relayout's view of
  /// its input's buffer, or a function argument.
  bool isWritable(Operation *op, Value, const AnalysisState &) const {
    Value input = op->getOperand(0);
    Operation *def = input.getDefiningOp();
    return input.hasOneUse() && def && def->getBlock() == op->getBlock() &&
           isa_and_nonnull<SystileDialect>(def->getDialect()) &&
           !isa<ConstantOp, FromStorageOp>(def) && !sharesInputStorage(def);
  }
  LogicalResult bufferize(Operation *op, RewriterBase &rewriter,
                          const BufferizationOptions &options,
                          BufferizationState &state) const {
    return replaceByOperandBuffer(op, rewriter, options, state);
  }
};

/// systile.from_storage: a copy of the builtin tensor's buffer, or, when
/// the op is `unique` (nothing writes that buffer while the tiled value
/// lives: the op's promise, see its description) and the buffer is an
/// identity-layout memref<N x T>, that buffer itself.
struct FromStorageOpModel
    : public StorageCastModel<FromStorageOpModel, FromStorageOp> {
  static TiledType tiledType(Operation *op) {
    return cast<FromStorageOp>(op).getType();
  }
  static bool sharesBuffer(Operation *op) {
    return cast<FromStorageOp>(op).getUnique();
  }
  AliasingValueList getAliasingValues(Operation *op, OpOperand &,
                                      const AnalysisState &) const {
    if (sharesBuffer(op))
      return {{op->getResult(0), BufferRelation::Equivalent}};
    return {};
  }
  LogicalResult bufferize(Operation *op, RewriterBase &rewriter,
                          const BufferizationOptions &options,
                          BufferizationState &state) const {
    if (failed(checkNotCarried(op)))
      return failure();
    const bool shares = sharesBuffer(op);
    FailureOr<Value> buffer =
        getBuffer(rewriter, op->getOperand(0), options, state);
    if (failed(buffer))
      return failure();
    MemRefType type = storageBufferType(tiledType(op));
    if (shares && buffer->getType() == type) {
      replaceOpWithBufferizedValues(rewriter, op, *buffer);
      return success();
    }
    FailureOr<Value> copy =
        options.createAlloc(rewriter, op->getLoc(), type, {});
    if (failed(copy) ||
        failed(options.createMemCpy(rewriter, op->getLoc(), *buffer, *copy)))
      return failure();
    replaceOpWithBufferizedValues(rewriter, op, *copy);
    return success();
  }
};

template <typename... Ops>
void attachOpModels(MLIRContext *ctx) {
  (Ops::template attachInterface<SystileOpModel<Ops>>(*ctx), ...);
}

} // namespace

void systile::registerBufferizableOpInterfaceExternalModels(
    DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *ctx, SystileDialect *) {
    TiledType::attachInterface<TiledTypeTensorLike>(*ctx);
    attachOpModels<PackOp, UnpackOp, ReshapeBatchOp, MergeRowsOp, SplitRowsOp,
                   SplitHeadsOp, MergeHeadsOp, TransposeOp, ReshapeOp, SliceOp,
                   Im2colOp, WindowOp, MatmulOp, MxuMatmulOp, TruncFOp, ExtFOp,
                   QuantizeOp, DequantizeOp, ReduceOp, FillPaddingOp, SplatOp,
                   BroadcastOp, ElementwiseOp>(ctx);
    ConstantOp::attachInterface<ConstantOpModel>(*ctx);
    ToStorageOp::attachInterface<ToStorageOpModel>(*ctx);
    FromStorageOp::attachInterface<FromStorageOpModel>(*ctx);
    OnBuffersOp::attachInterface<BufferLevelOpModel<OnBuffersOp>>(*ctx);
    OnBuffersYieldOp::attachInterface<BufferLevelOpModel<OnBuffersYieldOp>>(
        *ctx);
    // The ops of an element-wise region are scalar: nothing to bufferize.
  });
}

LogicalResult systile::checkNoTiledRegionCarriers(Operation *root) {
  LogicalResult result = success();
  root->walk([&](Operation *op) {
    if (TiledType t = tiledRegionCarrierType(op)) {
      result = refuseTiledRegionCarrier(op, t);
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return result;
}
