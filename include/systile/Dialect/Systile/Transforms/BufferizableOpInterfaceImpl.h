//===- BufferizableOpInterfaceImpl.h - systile bufferization ----*- C++ -*-===//
//
// External models that let One-Shot Bufferize take systile ops: the tiled
// type is tensor-like (its buffer is its padded storage, memref<N x T>), and
// each op bufferizes to a systile.on_buffers op that runs it on buffers.
//
//===----------------------------------------------------------------------===//

#ifndef SYSTILE_DIALECT_SYSTILE_TRANSFORMS_BUFFERIZABLEOPINTERFACEIMPL_H
#define SYSTILE_DIALECT_SYSTILE_TRANSFORMS_BUFFERIZABLEOPINTERFACEIMPL_H

namespace llvm {
struct LogicalResult;
} // namespace llvm

namespace mlir {
class DialectRegistry;
class Operation;
} // namespace mlir

namespace systile {
/// Registers the TensorLikeType model of !systile.tiled and the
/// BufferizableOpInterface models of the systile ops.
void registerBufferizableOpInterfaceExternalModels(
    mlir::DialectRegistry &registry);

/// Refuses, with an error at the op, the first op nested in `root` (or
/// `root` itself) that carries a tiled value through regions: an op with
/// regions, other than a function or a systile op, with a tiled operand,
/// result or region argument (an scf.for iter_arg, an scf.if or
/// scf.execute_region result, an scf.while argument). MLIR 22's scf
/// bufferization takes builtin tensors only: on such an op it builds the
/// same op again, endlessly. Succeeds when there is none.
llvm::LogicalResult checkNoTiledRegionCarriers(mlir::Operation *root);
} // namespace systile

#endif // SYSTILE_DIALECT_SYSTILE_TRANSFORMS_BUFFERIZABLEOPINTERFACEIMPL_H
