//===- SystileOps.h - systile operations ------------------------*- C++ -*-===//
//
// The systile ops; includes the dialect, attributes and types.
//
//===----------------------------------------------------------------------===//

#ifndef SYSTILE_DIALECT_SYSTILE_IR_SYSTILEOPS_H
#define SYSTILE_DIALECT_SYSTILE_IR_SYSTILEOPS_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "systile/Dialect/Systile/IR/SystileAttrs.h"
#include "systile/Dialect/Systile/IR/SystileDialect.h"
#include "systile/Dialect/Systile/IR/SystileTypes.h"
#include "systile/Runtime/ConvWindow.h"

#include <optional>

namespace systile {
/// The storage-order bytes of a systile.constant, viewed in place in its
/// attribute or blob.
struct StorageBytes {
  llvm::ArrayRef<char> data;
  /// One element that fills every slot (a splat dense attribute).
  bool splat = false;
};
} // namespace systile

#include "systile/Dialect/Systile/IR/SystileInterfaces.h.inc"

#define GET_OP_CLASSES
#include "systile/Dialect/Systile/IR/SystileOps.h.inc"

namespace systile {
/// Reorders a dense row-major constant of the type's logical shape into the
/// type's storage order (padding zero): the value of a systile.constant.
/// Works on the raw bytes, so large constants cost one pass and one copy.
mlir::DenseElementsAttr packDenseConstant(mlir::DenseElementsAttr dense,
                                          TiledType type);
/// The same for `pack ... transpose`: `dense` is the C x R transpose of the
/// type's R x C logical shape.
mlir::DenseElementsAttr
packDenseConstantTransposed(mlir::DenseElementsAttr dense, TiledType type);
/// The inverse of packDenseConstant: the logical elements of a storage-ordered
/// constant as a dense tensor of the type's logical shape.
mlir::DenseElementsAttr unpackDenseConstant(mlir::DenseElementsAttr storage,
                                            TiledType type);
/// The value of `input`, a ranked tensor, when it is a constant: `folded`
/// when given (a fold's constant operand), else the constant `input` is
/// defined by through any tensor.expand_shape / collapse_shape. Dense and
/// `dense_resource` constants (the blob's bytes, when the blob is present
/// and its size is the type's) both give a DenseElementsAttr of `input`'s
/// type; null otherwise.
mlir::DenseElementsAttr constantValueOf(mlir::Value input,
                                        mlir::Attribute folded = {});
/// Whether a splat of `value` (a float or integer attribute) is a valid
/// storage of `type`: padding is the splat too, so it must be zero unless
/// padding is unspecified (pad kind undef) or absent. systile.splat folds
/// to a splat systile.constant exactly then.
bool splatIsStorage(mlir::Attribute value, TiledType type);

} // namespace systile

#endif // SYSTILE_DIALECT_SYSTILE_IR_SYSTILEOPS_H
