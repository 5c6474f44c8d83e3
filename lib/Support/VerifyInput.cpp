//===- VerifyInput.cpp - Verifying what a tool read -----------------------===//

#include "systile/Support/VerifyInput.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Diagnostics.h"
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

/// Every builtin type and attribute an op holds (its location, its result
/// and block argument types and locations, its properties and attributes,
/// and all they nest) meets its own verifier. MLIR's bytecode reader builds builtin types and
/// attributes with `get`, never `getChecked`, so a mutated file can hold
/// `complex<index>`, `tensor<4xnone>`, a memref whose layout map has more
/// dimensions than its rank, a vector whose scalable flags do not match its
/// rank or a DenseArrayAttr of index elements; upstream code then takes
/// their invariants for granted (the printer and the memref verifiers
/// index by them, and a DenseArrayAttr's width is read as a float's). The
/// error is at the op's location (or at none, when the location itself
/// holds the invalid value) and prints neither the op nor the value:
/// printing either could crash. Nested types and attributes are checked
/// first (the walk is post-order), so a verifier's message, which may
/// print the element type or the layout of the one it refuses, prints only
/// valid ones; each distinct type and attribute is checked once.
std::optional<std::pair<Location, std::string>>
findInvalidBuiltin(Operation *root) {
  std::string problem;
  // The verifiers report through the context: their first message is
  // kept, to be reported at the op.
  ScopedDiagnosticHandler handler(root->getContext(), [&](Diagnostic &d) {
    if (problem.empty())
      problem = d.str();
    return success();
  });
  Location loc = root->getLoc();
  auto emit = [&] { return mlir::emitError(loc); };
  // A verifier's diagnostic is reported when its expression ends, after
  // the verdict: the message is read once the walk is over.
  auto verdict = [&](LogicalResult result) {
    return succeeded(result) ? WalkResult::advance()
                             : WalkResult::interrupt();
  };
  AttrTypeWalker walker;
  walker.addWalk([&](Type type) -> WalkResult {
    if (auto t = dyn_cast<IntegerType>(type)) {
      if (t.getSignedness() > IntegerType::Unsigned)
        return verdict(emit() << "integer signedness "
                              << unsigned(t.getSignedness()));
      return verdict(IntegerType::verify(emit, t.getWidth(),
                                         t.getSignedness()));
    }
    if (auto t = dyn_cast<ComplexType>(type))
      return verdict(ComplexType::verify(emit, t.getElementType()));
    if (auto t = dyn_cast<RankedTensorType>(type))
      return verdict(RankedTensorType::verify(emit, t.getShape(),
                                              t.getElementType(),
                                              t.getEncoding()));
    if (auto t = dyn_cast<UnrankedTensorType>(type))
      return verdict(UnrankedTensorType::verify(emit, t.getElementType()));
    if (auto t = dyn_cast<VectorType>(type))
      return verdict(VectorType::verify(emit, t.getShape(),
                                        t.getElementType(),
                                        t.getScalableDims()));
    if (auto t = dyn_cast<MemRefType>(type))
      return verdict(MemRefType::verify(emit, t.getShape(),
                                        t.getElementType(), t.getLayout(),
                                        t.getMemorySpace()));
    if (auto t = dyn_cast<UnrankedMemRefType>(type))
      return verdict(UnrankedMemRefType::verify(emit, t.getElementType(),
                                                t.getMemorySpace()));
    return WalkResult::advance();
  });
  walker.addWalk([&](Attribute attr) -> WalkResult {
    if (auto a = dyn_cast<DenseArrayAttr>(attr)) {
      // DenseArrayAttr::verify takes the element's width as an integer's
      // or a float's: an index or complex element would crash it.
      Type element = a.getElementType();
      if (!isa<IntegerType, FloatType>(element))
        return verdict(emit() << "DenseArrayAttr element type; an array "
                                 "holds integers or floats");
      return verdict(DenseArrayAttr::verify(emit, element, a.getSize(),
                                            a.getRawData()));
    }
    if (auto a = dyn_cast<SparseElementsAttr>(attr)) {
      // The verifier reads the indices as 64-bit integers unchecked: the
      // reader takes any integer elements (i32 ones, or a string
      // attribute's), which would be read as garbage pointers.
      mlir::DenseIntElementsAttr indices = a.getIndices();
      if (!isa<DenseIntOrFPElementsAttr>(indices) ||
          failed(indices.tryGetValues<uint64_t>()))
        return verdict(emit() << "SparseElementsAttr indices; they are "
                                 "64-bit integers");
      return verdict(SparseElementsAttr::verify(emit, a.getType(), indices,
                                                a.getValues()));
    }
    if (auto a = dyn_cast<DenseStringElementsAttr>(attr)) {
      // Numbers read from a string table are read as raw data.
      Type element = a.getElementType();
      if (element.isIntOrIndexOrFloat() || isa<ComplexType>(element))
        return verdict(emit() << "DenseStringElementsAttr element type; "
                                 "a string attribute holds no numbers");
    }
    return WalkResult::advance();
  });
  WalkResult result = root->walk([&](Operation *op) {
    auto check = [&](auto element) {
      return !walker.walk(element).wasInterrupted();
    };
    // Locations first, reported without one: a fused location can hold
    // any attribute as its metadata, and a diagnostic prints its location.
    loc = UnknownLoc::get(op->getContext());
    bool ok = check(Attribute(op->getLoc()));
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (BlockArgument arg : block.getArguments())
          ok = ok && check(Attribute(arg.getLoc()));
    if (ok)
      loc = op->getLoc();
    ok = ok && llvm::all_of(op->getResultTypes(), check);
    for (Region &region : op->getRegions())
      for (Block &block : region)
        ok = ok && llvm::all_of(block.getArgumentTypes(), check);
    if (ok)
      if (Attribute props = op->getPropertiesAsAttribute())
        ok = check(props);
    ok = ok && check(op->getDiscardableAttrDictionary());
    if (ok)
      return WalkResult::advance();
    problem = ("'" + op->getName().getStringRef() +
               "' op holds an invalid builtin type or attribute: " +
               (problem.empty() ? "its verifier refuses it" : problem))
                  .str();
    return WalkResult::interrupt();
  });
  if (!result.wasInterrupted())
    return std::nullopt;
  return std::make_pair(loc, std::move(problem));
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
  // Before any check that may report an op: a diagnostic at an op prints
  // it, and printing an invalid builtin type or attribute can crash.
  if (std::optional<std::pair<Location, std::string>> problem =
          findInvalidBuiltin(op))
    return mlir::emitError(problem->first) << problem->second;
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
