//===- BufferizableOpInterfaceImpl.h - systile bufferization ----*- C++ -*-===//
//
// External models that let One-Shot Bufferize take systile ops: the tiled
// type is tensor-like (its buffer is its padded storage, memref<N x T>), and
// each op bufferizes to a systile.on_buffers op that runs it on buffers.
//
//===----------------------------------------------------------------------===//

#ifndef SYSTILE_DIALECT_SYSTILE_TRANSFORMS_BUFFERIZABLEOPINTERFACEIMPL_H
#define SYSTILE_DIALECT_SYSTILE_TRANSFORMS_BUFFERIZABLEOPINTERFACEIMPL_H

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace systile {
/// Registers the TensorLikeType model of !systile.tiled and the
/// BufferizableOpInterface models of the systile ops.
void registerBufferizableOpInterfaceExternalModels(
    mlir::DialectRegistry &registry);
} // namespace systile

#endif // SYSTILE_DIALECT_SYSTILE_TRANSFORMS_BUFFERIZABLEOPINTERFACEIMPL_H
