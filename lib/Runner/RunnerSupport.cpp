//===- RunnerSupport.cpp - systile-run's input and output pieces ----------===//
//
// See RunnerSupport.h.
//
//===----------------------------------------------------------------------===//

#include "systile/Runner/RunnerSupport.h"

#include "systile/Dialect/Systile/IR/SystileOps.h"
#include "systile/Runner/Npy.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <cstring>
#include <unistd.h>

using namespace mlir;
using namespace systile::interp;
using namespace systile::runner;

LogicalResult systile::runner::reportError(const llvm::Twine &message) {
  llvm::outs().flush();
  llvm::errs() << "systile-run: error: " << message << "\n";
  return failure();
}

std::string systile::runner::typeStr(Type type) {
  std::string s;
  llvm::raw_string_ostream os(s);
  type.print(os);
  return s;
}

namespace {
llvm::Error fail(const llvm::Twine &message) {
  return llvm::createStringError(message.str());
}

std::string dtypeStr(ElementKind kind, bool isUnsigned) {
  return std::string("'") + npyDescr(kind, isUnsigned) + "' (" +
         (isUnsigned ? "u" : "") + toString(kind) + ")";
}

/// The element kind and shape (dynamic dimensions as kDynamic) a value of
/// `type` has.
struct Expectation {
  ElementKind kind;
  bool isUnsigned = false;
  SmallVector<int64_t, 4> shape;
  systile::TiledType tiled;
};

std::optional<Expectation> expectationOf(Type type) {
  Expectation e;
  Type element = type;
  if (auto tiled = dyn_cast<systile::TiledType>(type)) {
    // Read and written as the dense tensor of its logical shape (batch
    // dimensions included).
    e.tiled = tiled;
    e.shape.assign(tiled.getShape().begin(), tiled.getShape().end());
    element = tiled.getElementType();
  } else if (auto tensor = dyn_cast<RankedTensorType>(type)) {
    e.shape.assign(tensor.getShape().begin(), tensor.getShape().end());
    element = tensor.getElementType();
  } else if (isa<ShapedType>(type)) {
    return std::nullopt;
  }
  std::optional<ElementKind> kind = getElementKind(element);
  if (!kind)
    return std::nullopt;
  e.kind = *kind;
  e.isUnsigned = isUnsignedElement(element);
  return e;
}

bool shapeMatches(ArrayRef<int64_t> have, ArrayRef<int64_t> want) {
  if (have.size() != want.size())
    return false;
  for (auto [h, w] : llvm::zip(have, want))
    if (!ShapedType::isDynamic(w) && h != w)
      return false;
  return true;
}

std::string shapeStr(ArrayRef<int64_t> shape) {
  std::string s = "(";
  for (auto [i, d] : llvm::enumerate(shape))
    s += (i ? ", " : "") + (ShapedType::isDynamic(d) ? "?" : std::to_string(d));
  return s + (shape.size() == 1 ? ",)" : ")");
}

/// Wraps a parsed .npy array, sharing its buffer when the data is aligned
/// for the element type (a mapped file then is the value's storage).
llvm::Expected<DenseValue> denseFromNpy(NpyArray &&array,
                                        const MemoryBudgetRef &budget) {
  ElementKind kind = array.element;
  size_t align = elementSize(kind);
  if (reinterpret_cast<uintptr_t>(array.data) % align == 0) {
    const void *data = array.data;
    std::shared_ptr<const void> owner(
        array.buffer.release(), [](const void *p) {
          delete static_cast<const llvm::MemoryBuffer *>(p);
        });
    return DenseValue::adopt(kind, array.shape, std::move(owner), data);
  }
  auto v = DenseValue::allocate(kind, array.shape, /*zero=*/false, budget);
  if (v)
    std::memcpy(v->mutableData<char>(), array.data, v->sizeInBytes());
  return v;
}
} // namespace

bool systile::runner::isExchangeable(Type type) {
  return expectationOf(type).has_value();
}

llvm::Expected<RtValue>
systile::runner::readValue(StringRef path, Type type, const std::string &what,
                           const MemoryBudgetRef &budget) {
  std::optional<Expectation> e = expectationOf(type);
  if (!e)
    return fail(
        what + " has type " + typeStr(type) +
        ", which cannot be read from .npy (supported: tensors and "
        "tiled tensors, and scalars, of i1, i8, i16, i32, i64 (signless, "
        "signed or unsigned), index, bf16, f16, f32 and f64)");
  llvm::Expected<NpyArray> npy =
      readNpy(path, budget ? budget->available() : kNpyNoLimit);
  if (!npy)
    return npy.takeError();
  // index travels as int64. An integer's bits are read as its declared
  // type says, whatever the signedness of the descr (`|u1` for i8, `|i1`
  // for ui8); `<u2` is bf16 bits, and a 16-bit integer's bits.
  if (e->kind == ElementKind::Index && npy->element == ElementKind::I64)
    npy->element = ElementKind::Index;
  if (e->kind == ElementKind::I16 && npy->element == ElementKind::BF16)
    npy->element = ElementKind::I16;
  if (npy->element != e->kind)
    return fail("expected dtype " + dtypeStr(e->kind, e->isUnsigned) +
                " for " + what + ", got '" + npy->descr + "'");
  if (!shapeMatches(npy->shape, e->shape))
    return fail("expected shape " + shapeStr(e->shape) + " for " + what +
                ", got " + npy->shapeStr());
  llvm::Expected<DenseValue> dense = denseFromNpy(std::move(*npy), budget);
  if (!dense)
    return dense.takeError();
  if (!e->tiled)
    return RtValue(std::move(*dense));
  systile::TiledType t = e->tiled;
  llvm::Expected<TiledValue> packed =
      packDense(*dense, systile::geometryOf(t),
                /*transpose=*/false, /*threads=*/1, budget);
  if (!packed)
    return packed.takeError();
  return RtValue(std::move(*packed));
}

std::optional<uint64_t> systile::runner::parseMemorySize(StringRef text) {
  text = text.trim();
  if (text.empty()) {
    long pages = sysconf(_SC_PHYS_PAGES), size = sysconf(_SC_PAGE_SIZE);
    if (pages <= 0 || size <= 0)
      return 0;
    return static_cast<uint64_t>(pages) * static_cast<uint64_t>(size) / 4 * 3;
  }
  uint64_t scale = 1;
  char suffix = static_cast<char>(toupper(text.back()));
  if (StringRef("KMGT").contains(suffix)) {
    scale = 1ull << (10 * (StringRef("KMGT").find(suffix) + 1));
    text = text.drop_back();
    if (text.ends_with_insensitive("i"))
      return std::nullopt;
  }
  uint64_t value;
  if (text.getAsInteger(10, value))
    return std::nullopt;
  if (value && scale > UINT64_MAX / value)
    return std::nullopt;
  return value * scale;
}

std::string systile::runner::listFunctions(ModuleOp module) {
  std::string available;
  module->walk([&](func::FuncOp f) {
    if (!f.isExternal())
      available += (available.empty() ? "@" : ", @") + f.getSymName().str();
  });
  return available.empty() ? "none" : available;
}

LogicalResult systile::runner::runPassPipeline(ModuleOp module, StringRef text,
                                               std::string &message) {
  std::string parseErrors;
  llvm::raw_string_ostream es(parseErrors);
  StringRef trimmed = text.trim();
  std::string anchored = trimmed.starts_with("builtin.module(")
                             ? trimmed.str()
                             : "builtin.module(" + trimmed.str() + ")";
  FailureOr<OpPassManager> pipeline = parsePassPipeline(anchored, es);
  if (failed(pipeline)) {
    message = "invalid --compare-after pipeline '" + text.str() +
              "': " + StringRef(parseErrors).trim().str();
    return failure();
  }
  PassManager pm(module->getName());
  static_cast<OpPassManager &>(pm) = std::move(*pipeline);
  if (failed(pm.run(module))) {
    message = "the --compare-after pipeline '" + text.str() + "' failed";
    return failure();
  }
  return success();
}

std::string systile::runner::resultTypeStr(Type type, const DenseValue &value) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  if (!tensor || tensor.hasStaticShape())
    return typeStr(type);
  return typeStr(RankedTensorType::get(value.shape(), tensor.getElementType()));
}

