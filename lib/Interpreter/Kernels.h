//===- Kernels.h - Element-wise and reference kernels -----------*- C++ -*-===//
//
// The computations behind the non-systile ops the interpreter executes:
// arith element-wise ops and casts, constants, linalg.fill and
// linalg.matmul with upstream's sequential-k semantics. They work on
// DenseValues and report what they cannot do as an llvm::Error whose text
// the interpreter attaches to the op. Private to lib/Interpreter.
//
//===----------------------------------------------------------------------===//

#ifndef SYSTILE_LIB_INTERPRETER_KERNELS_H
#define SYSTILE_LIB_INTERPRETER_KERNELS_H

#include "systile/Interpreter/Value.h"

#include "mlir/IR/Attributes.h"
#include "llvm/Support/Error.h"

namespace systile::interp {

enum class FloatBinary { Add, Sub, Mul, Div, Maximum, Minimum, MaxNum, MinNum };
enum class IntBinary {
  Add,
  Sub,
  Mul,
  MaxS,
  MinS,
  MaxU,
  MinU,
  And,
  Or,
  Xor,
  DivS,
  RemS
};
enum class Cast { ExtF, TruncF, SIToFP, FPToSI, ExtSI, ExtUI, TruncI };

/// Element-wise on two values of one float kind and shape; bf16 results are
/// the f32 result rounded to nearest even, which is the correctly rounded
/// bf16 result since f32 has more than twice bf16's precision.
DenseValue floatBinary(FloatBinary op, const DenseValue &a,
                       const DenseValue &b);
DenseValue negF(const DenseValue &a);
/// Element-wise on two values of one integer kind and shape, with
/// two's-complement wrap-around; division by zero and INT_MIN / -1 are
/// errors (poison in arith).
llvm::Expected<DenseValue> intBinary(IntBinary op, const DenseValue &a,
                                     const DenseValue &b);
/// Element conversion to `to`; errors on a combination arith does not
/// define or a value fptosi cannot represent.
llvm::Expected<DenseValue> castElements(Cast op, const DenseValue &a,
                                        ElementKind to);

/// The value of an arith.constant of `type` (scalar or static tensor).
llvm::Expected<DenseValue> constantValue(mlir::Attribute attr, mlir::Type type);
/// Raw little-endian bytes of a dense attribute, splats expanded, as
/// `count` elements of `kind`.
llvm::Expected<DenseValue> denseAttrValue(mlir::Attribute attr,
                                          ElementKind kind,
                                          llvm::ArrayRef<int64_t> shape);

/// A tensor of `shape` and `kind` whose every element is `scalar`
/// converted to `kind` (as linalg.fill casts).
llvm::Expected<DenseValue> fill(const DenseValue &scalar, ElementKind kind,
                                llvm::ArrayRef<int64_t> shape);

/// C + A x B with upstream linalg.matmul semantics: acc = C[i, j], then
/// acc = fl32(acc + fl32(a * b)) for k = 0 .. K-1 (bf16 inputs widened
/// exactly), or i8 x i8 + i32 with i32 wrap-around.
llvm::Expected<DenseValue>
referenceMatmul(const DenseValue &a, const DenseValue &b, const DenseValue &c);

} // namespace systile::interp

#endif // SYSTILE_LIB_INTERPRETER_KERNELS_H
