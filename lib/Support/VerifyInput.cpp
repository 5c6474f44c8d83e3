//===- VerifyInput.cpp - Verifying what a tool read -----------------------===//

#include "systile/Support/VerifyInput.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Interfaces/IndexingMapOpInterface.h"

using namespace mlir;

namespace {

/// Whether `op`'s segment sizes attribute `name` lists sizes of at least 0
/// that sum to `count` (its operands or results); an error at the op if
/// not.
LogicalResult checkSegments(Operation *op, StringRef name, StringRef what,
                            unsigned count) {
  std::optional<Attribute> attr = op->getInherentAttr(name);
  auto sizes = attr ? dyn_cast_or_null<DenseI32ArrayAttr>(*attr) : nullptr;
  if (!sizes)
    return op->emitOpError() << "has no '" << name
                             << "' of i32 sizes, which its " << what
                             << "s are found by";
  int64_t total = 0;
  for (int32_t size : sizes.asArrayRef()) {
    if (size < 0)
      return op->emitOpError() << "'" << name << "' holds a negative size ("
                               << size << ")";
    total += size;
  }
  if (total != count)
    return op->emitOpError() << what << " count (" << count
                             << ") does not match with the total size ("
                             << total << ") specified in attribute '" << name
                             << "'";
  return success();
}

/// arith.select's BooleanConditionOrMatchingShape compares the shapes of
/// its condition and its result as soon as the condition is not i1,
/// casting both to ranked shaped types unchecked: a tensor condition with a
/// scalar result (`arith.select %c, %a, %b : tensor<4xi1>, i32`) crashes
/// upstream's mlir-opt on that one line.
LogicalResult checkSelect(Operation *op) {
  if (op->getName().getStringRef() != "arith.select" ||
      op->getNumOperands() != 3 || op->getNumResults() != 1)
    return success();
  Type condition = op->getOperand(0).getType();
  Type result = op->getResult(0).getType();
  if (condition.isSignlessInteger(1))
    return success();
  auto ranked = [](Type t) {
    auto shaped = dyn_cast<ShapedType>(t);
    return shaped && shaped.hasRank();
  };
  if (!ranked(condition) || !ranked(result))
    return op->emitOpError()
           << "expected its condition to be i1, or of the result's shape "
              "(both ranked), but got "
           << condition << " for a result of type " << result;
  return success();
}

/// Linalg's named ops keep their indexing maps in the discardable
/// attribute `linalg.memoized_indexing_maps` once computed, and read it
/// back unchecked when it is there: a mutant whose memo holds locations
/// crashed the convolution verifier (a null AffineExpr). A memo must be an
/// array of affine maps, one per operand.
LogicalResult checkMemoizedMaps(Operation *op) {
  Attribute memo = op->getDiscardableAttr("linalg.memoized_indexing_maps");
  if (!memo)
    return success();
  auto maps = dyn_cast<ArrayAttr>(memo);
  if (maps && maps.size() == op->getNumOperands() &&
      llvm::all_of(maps, [](Attribute a) { return isa<AffineMapAttr>(a); }))
    return success();
  return op->emitOpError()
         << "has a 'linalg.memoized_indexing_maps' that is not an array of "
            "affine maps, one per operand ("
         << op->getNumOperands() << "); upstream reads it unchecked";
}

/// tensor.pad's verifier checks its result type against static_low and
/// static_high but not that their dynamic entries (ShapedType::kDynamic)
/// are as many as its low and high operands; getMixedLowPad() and
/// getMixedHighPad() take one operand per dynamic entry unchecked (the
/// canonicalizer's FoldStaticZeroPadding read past the operands, a
/// segfault in mlir-opt too). Run after checkSegments, so the segment
/// sizes are sound.
///
/// Nor does it check that the source and the result hold the same element
/// type: a bytecode mutant padded a tensor of `index` into one of `bf16`,
/// which convert-linalg-to-systile then packed as the source of a pooling
/// window (a pack of index values; the canonicalizer's fold asked the
/// index type for its bit width, a segfault under the sanitizers).
LogicalResult checkPadOperands(Operation *op) {
  if (op->getName().getStringRef() != "tensor.pad")
    return success();
  if (op->getNumOperands() >= 1 && op->getNumResults() == 1) {
    auto source = dyn_cast<ShapedType>(op->getOperand(0).getType());
    auto result = dyn_cast<ShapedType>(op->getResult(0).getType());
    if (source && result &&
        source.getElementType() != result.getElementType())
      return op->emitOpError()
             << "pads a tensor of " << source.getElementType()
             << " into one of " << result.getElementType()
             << "; the element types must be the same";
  }
  std::optional<Attribute> segments =
      op->getInherentAttr("operandSegmentSizes");
  auto sizes = segments ? dyn_cast_or_null<DenseI32ArrayAttr>(*segments)
                        : nullptr;
  if (!sizes || sizes.size() != 3)
    return success(); // The op's own verifier reports it.
  for (auto [name, segment] :
       {std::pair<StringRef, int>{"static_low", 1}, {"static_high", 2}}) {
    std::optional<Attribute> attr = op->getInherentAttr(name);
    auto values = attr ? dyn_cast_or_null<DenseI64ArrayAttr>(*attr) : nullptr;
    if (!values)
      continue; // The op's own verifier reports it.
    int64_t dynamic = llvm::count(values.asArrayRef(), ShapedType::kDynamic);
    if (dynamic != sizes[segment])
      return op->emitOpError()
             << "has " << dynamic << " dynamic entries in '" << name
             << "' but " << sizes[segment] << " "
             << (segment == 1 ? "low" : "high")
             << " operands; upstream reads one operand per entry unchecked";
  }
  return success();
}

/// The reassociation of a tensor/memref expand_shape or collapse_shape: a
/// list of non-empty lists of integers. Upstream's verifier builds an
/// affine map per group from its dimensions and crashes on an empty group
/// (`tensor.expand_shape %x [[], [1, 2]]`: mlir-opt 22 segfaults in
/// getSymbolLessAffineMaps; the pipeline fuzzer's find).
LogicalResult checkReassociation(Operation *op) {
  StringRef name = op->getName().getStringRef();
  if (name != "tensor.expand_shape" && name != "tensor.collapse_shape" &&
      name != "memref.expand_shape" && name != "memref.collapse_shape")
    return success();
  std::optional<Attribute> attr = op->getInherentAttr("reassociation");
  auto groups = attr ? dyn_cast_or_null<ArrayAttr>(*attr) : nullptr;
  if (!groups)
    return success(); // The op's own verifier reports it.
  for (auto [i, group] : llvm::enumerate(groups)) {
    auto dims = dyn_cast<ArrayAttr>(group);
    if (!dims || dims.empty() ||
        !llvm::all_of(dims, [](Attribute a) { return isa<IntegerAttr>(a); }))
      return op->emitOpError()
             << "reassociation group #" << i
             << " is not a non-empty list of dimensions; upstream's verifier "
                "reads each group's dimensions unchecked";
  }
  return success();
}

/// tensor.concat's `dim`: upstream's verifier checks it against the rank
/// from above only and then indexes the operands' shapes with it, so a
/// negative dimension (`dim = -2`, a bytecode fuzzer's mutant) crashes
/// mlir-opt 22 in ConcatOp::verify.
LogicalResult checkConcatDim(Operation *op) {
  if (op->getName().getStringRef() != "tensor.concat")
    return success();
  std::optional<Attribute> attr = op->getInherentAttr("dim");
  auto dim = attr ? dyn_cast_or_null<IntegerAttr>(*attr) : nullptr;
  // Only an integer type has a bit width: a mutant's `dim = 1 : index`
  // (not the i64 the op's constraint wants) has none.
  auto type = dim ? dyn_cast<IntegerType>(dim.getType()) : nullptr;
  if (!type || type.getWidth() > 64)
    return success(); // The op's own verifier reports it.
  if (dim.getValue().getSExtValue() < 0)
    return op->emitOpError()
           << "concatenates along dimension " << dim.getValue().getSExtValue()
           << "; a dimension is at least 0 (upstream's verifier reads the "
              "shapes at it unchecked)";
  return success();
}

/// Every integer and float attribute of the op (its properties and
/// discardable attributes, nested ones too) has a type of its kind. A
/// mutated bytecode file can hold an integer attribute of type f32:
/// upstream's reader reports it but goes on with the attribute, whose
/// users then read it as the float its type says (the interpreter
/// crashed on such an `arith.constant`).
LogicalResult checkNumberAttributes(Operation *op) {
  Attribute bad;
  auto check = [&](Attribute attr) {
    if (!attr || bad)
      return;
    attr.walk([&](Attribute a) {
      if (bad)
        return;
      if (auto i = dyn_cast<IntegerAttr>(a)) {
        if (!i.getType().isIntOrIndex())
          bad = a;
      } else if (auto f = dyn_cast<FloatAttr>(a)) {
        if (!isa<FloatType>(f.getType()))
          bad = a;
      }
    });
  };
  check(op->getPropertiesAsAttribute());
  check(op->getDiscardableAttrDictionary());
  if (!bad)
    return success();
  if (auto i = dyn_cast<IntegerAttr>(bad))
    return op->emitOpError() << "has an integer attribute of type "
                             << i.getType()
                             << "; an integer attribute's type is an integer "
                                "or index type";
  return op->emitOpError() << "has a float attribute of type "
                           << cast<FloatAttr>(bad).getType()
                           << "; a float attribute's type is a float type";
}

/// An operand of a structured op (linalg's, through IndexingMapOpInterface)
/// with a dimension of size 0, in an iteration space of static, non-zero
/// loop sizes: every iteration would index it out of bounds. Upstream's
/// verifier checks each static dimension against the loop sizes but skips
/// the dimensions of size 0, so a reduction of tensor<2x3x6xf32> into
/// tensor<0x3x1xf32> verifies; the passes that reorder or fuse such an op
/// then take its loop sizes from the empty operand and leave IR that fails
/// verification (the bytecode fuzzer's find, in systile-propagate-layout).
/// Runs on verified IR only: the interface's accessors trust the maps.
LogicalResult checkEmptyOperands(Operation *op) {
  auto indexed = dyn_cast<IndexingMapOpInterface>(op);
  if (!indexed ||
      indexed.getIndexingMapsArray().size() != op->getNumOperands())
    return success();
  SmallVector<int64_t> loops = indexed.getStaticLoopRanges();
  if (loops.empty() || llvm::any_of(loops, [](int64_t size) {
        return ShapedType::isDynamic(size) || size == 0;
      }))
    return success();
  for (OpOperand &operand : op->getOpOperands()) {
    auto shaped = dyn_cast<ShapedType>(operand.get().getType());
    if (!shaped || !shaped.hasRank())
      continue;
    ArrayRef<int64_t> shape = shaped.getShape();
    auto zero = llvm::find(shape, 0);
    if (zero == shape.end())
      continue;
    InFlightDiagnostic diag = op->emitOpError()
                              << "operand #" << operand.getOperandNumber()
                              << " has size 0 in dimension "
                              << (zero - shape.begin())
                              << " but the loops run ";
    llvm::interleave(loops, diag, "x");
    diag << " iterations, so every iteration indexes it out of bounds "
            "(upstream's verifier skips dimensions of size 0)";
    return diag;
  }
  return success();
}

struct VerifyInputPass
    : PassWrapper<VerifyInputPass, OperationPass<>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(VerifyInputPass)
  StringRef getArgument() const override { return "systile-verify-input"; }
  StringRef getDescription() const override {
    return "Verify the input, checking first what nested ops' accessors trust";
  }
  void runOnOperation() override {
    if (failed(systile::verifyInput(getOperation())))
      return signalPassFailure();
    markAllAnalysesPreserved();
  }
};

} // namespace

LogicalResult systile::verifyInput(Operation *op) {
  bool ok = true;
  op->walk([&](Operation *nested) {
    if (nested->hasTrait<OpTrait::AttrSizedOperandSegments>() &&
        failed(checkSegments(nested, "operandSegmentSizes", "operand",
                             nested->getNumOperands())))
      ok = false;
    if (nested->hasTrait<OpTrait::AttrSizedResultSegments>() &&
        failed(checkSegments(nested, "resultSegmentSizes", "result",
                             nested->getNumResults())))
      ok = false;
    if (failed(checkSelect(nested)) || failed(checkMemoizedMaps(nested)) ||
        failed(checkPadOperands(nested)) ||
        failed(checkReassociation(nested)) || failed(checkConcatDim(nested)) ||
        failed(checkNumberAttributes(nested)))
      ok = false;
  });
  if (!ok || failed(verify(op)))
    return failure();
  op->walk([&](Operation *nested) {
    if (failed(checkEmptyOperands(nested)))
      ok = false;
  });
  return success(ok);
}

std::unique_ptr<Pass> systile::createVerifyInputPass() {
  return std::make_unique<VerifyInputPass>();
}
