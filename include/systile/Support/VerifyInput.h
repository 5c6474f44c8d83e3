//===- VerifyInput.h - Verifying what a tool read --------------*- C++ -*-===//
//
// mlir::verify runs an op's own verifier before the verifiers of the ops
// nested in it, and some upstream verifiers read their nested ops through
// accessors that trust those ops' invariants. MLIR 22's scf.in_parallel
// verifier asks each nested tensor.parallel_insert_slice for its
// destination, an operand found through the op's operandSegmentSizes; when
// the segment sizes do not add up to the operands (a mutated bytecode file,
// or generic text), the accessor reads past the operand list and the tool
// crashes before the nested op's own verifier could report it.
//
// MLIR's bytecode reader builds builtin types and attributes with `get`,
// never `getChecked`, and upstream code (the printer, the memref
// verifiers) indexes by their invariants; a diagnostic at an op prints the
// op. So verifyInput first runs the builtin verifiers on every type and
// attribute each op holds (ComplexType, RankedTensorType, VectorType,
// MemRefType and the unranked types, IntegerType, DenseArrayAttr,
// SparseElementsAttr) and reports the first refused one at its op's
// location, printing neither.
//
// verifyInput then checks what such accessors trust, on every op, and
// only then runs mlir::verify: an op with AttrSizedOperandSegments or
// AttrSizedResultSegments must have its segment sizes, none negative, sum
// to its operand or result count; an arith.select whose condition is not
// i1 must have a ranked shaped condition and result (its shape check casts
// both unchecked, and upstream's mlir-opt crashes on the one line
// `arith.select %c, %a, %b : tensor<4xi1>, i32`); a linalg op's
// `linalg.memoized_indexing_maps` (the cache of its indexing maps, which
// upstream reads back unchecked) must be an array of affine maps, one per
// operand; every integer attribute must have an integer or index type and
// every float attribute a float type (a mutated bytecode file can hold an
// integer attribute of type f32, which upstream's reader reports and then
// keeps). After mlir::verify, a check upstream's verifier leaves out: no
// operand of a structured op has a dimension of size 0 while its loops all
// run (upstream skips size-0 dimensions when it checks operand shapes
// against the loop sizes, so every iteration of such an op would index the
// empty operand out of bounds). The tools parse with verification off and
// call this instead.
//
//===----------------------------------------------------------------------===//

#ifndef SYSTILE_SUPPORT_VERIFYINPUT_H
#define SYSTILE_SUPPORT_VERIFYINPUT_H

#include "mlir/IR/Operation.h"
#include "mlir/Pass/Pass.h"

#include <memory>

namespace systile {

/// mlir::verify(op) after the segment size check above; each problem is an
/// error at its op.
mlir::LogicalResult verifyInput(mlir::Operation *op);

/// A pass that runs verifyInput on its op and changes nothing: the first
/// pass of systile-opt, which parses with verification off.
std::unique_ptr<mlir::Pass> createVerifyInputPass();

} // namespace systile

#endif // SYSTILE_SUPPORT_VERIFYINPUT_H
