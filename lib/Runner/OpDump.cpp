//===- OpDump.cpp - Operands and results of chosen ops as .npy ------------===//
//
// See OpDump.h for the files and the manifest's format.
//
//===----------------------------------------------------------------------===//

#include "systile/Runner/OpDump.h"

#include "systile/Runner/Npy.h"
#include "systile/Runner/RunnerSupport.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/xxhash.h"

#include <cmath>
#include <cstdio>
#include <cstring>

using namespace mlir;
using namespace systile::interp;
using namespace systile::runner;
namespace json = llvm::json;

namespace {

constexpr const char *kManifest = "manifest.jsonl";

/// Whether `name` is a file an OpDump writes (so an earlier dump's).
bool isDumpFile(llvm::StringRef name) {
  static const llvm::Regex pattern(
      "^[0-9]{6,}\\.[^/]+\\.(operand|result)[0-9]+\\.npy$");
  return name == kManifest || pattern.match(name);
}

llvm::Error dumpError(const llvm::Twine &message) {
  return llvm::createStringError(message);
}

/// Removes the files of an earlier dump from `dir`.
llvm::Error removeEarlierDump(llvm::StringRef dir) {
  std::error_code ec;
  for (llvm::sys::fs::directory_iterator it(dir, ec), end; it != end && !ec;
       it.increment(ec)) {
    llvm::StringRef name = llvm::sys::path::filename(it->path());
    if (!isDumpFile(name))
      continue;
    if (std::error_code rm = llvm::sys::fs::remove(it->path()))
      return dumpError("cannot remove '" + it->path() +
                       "' of an earlier dump: " + rm.message());
  }
  if (ec)
    return dumpError("cannot list '" + dir + "': " + ec.message());
  return llvm::Error::success();
}

/// "file.mlir:3:7" for a file location, else the location as MLIR prints
/// it.
std::string locationStr(Location loc) {
  if (auto file = dyn_cast<FileLineColLoc>(loc))
    return llvm::formatv("{0}:{1}:{2}", file.getFilename().getValue(),
                         file.getLine(), file.getColumn())
        .str();
  std::string text;
  llvm::raw_string_ostream os(text);
  loc.print(os);
  return text;
}

std::string printed(Attribute attr) {
  std::string text;
  llvm::raw_string_ostream os(text);
  attr.print(os);
  return text;
}

/// An attribute as a JSON value: numbers, booleans and strings as such
/// (non-finite floats and integers wider than 64 bits printed), anything
/// else printed, large elements attributes elided.
json::Value attributeJson(Attribute attr) {
  if (auto b = dyn_cast<BoolAttr>(attr))
    return b.getValue();
  if (auto i = dyn_cast<IntegerAttr>(attr)) {
    const llvm::APInt &v = i.getValue();
    if (i.getType().isUnsignedInteger() && v.getActiveBits() <= 63)
      return static_cast<int64_t>(v.getZExtValue());
    if (!i.getType().isUnsignedInteger() && v.getSignificantBits() <= 64)
      return v.getSExtValue();
    return printed(attr);
  }
  if (auto f = dyn_cast<FloatAttr>(attr)) {
    double d = f.getValueAsDouble();
    return std::isfinite(d) ? json::Value(d) : json::Value(printed(attr));
  }
  if (auto s = dyn_cast<StringAttr>(attr))
    return s.getValue().str();
  if (auto elements = dyn_cast<ElementsAttr>(attr);
      elements && elements.getNumElements() > 16)
    return "<" + std::to_string(elements.getNumElements()) +
           " elements elided: " + typeStr(elements.getType()) + ">";
  return printed(attr);
}

json::Object attributesJson(Operation *op) {
  json::Object attrs;
  for (NamedAttribute a : op->getAttrDictionary())
    attrs[a.getName().getValue()] = attributeJson(a.getValue());
  return attrs;
}

/// Whether the .npy file `path` holds exactly `bytes` as its data.
bool sameContents(llvm::StringRef path, llvm::ArrayRef<uint8_t> bytes) {
  llvm::Expected<NpyArray> array = readNpy(path);
  if (!array) {
    llvm::consumeError(array.takeError());
    return false;
  }
  size_t size = array->numElements * npyElementSize(array->element);
  return size == bytes.size() &&
         (size == 0 || std::memcmp(array->data, bytes.data(), size) == 0);
}

} // namespace

//===----------------------------------------------------------------------===//
// OpDump
//===----------------------------------------------------------------------===//

OpDump::OpDump(std::string dir, llvm::ArrayRef<std::string> opNames,
               std::unique_ptr<llvm::raw_fd_ostream> manifest)
    : dir(std::move(dir)), manifest(std::move(manifest)) {
  for (const std::string &name : opNames)
    names.insert(name);
}

OpDump::~OpDump() {
  if (manifest->has_error())
    manifest->clear_error();
}

std::string OpDump::manifestPath() const {
  llvm::SmallString<256> path(dir);
  llvm::sys::path::append(path, kManifest);
  return path.str().str();
}

llvm::Expected<std::unique_ptr<OpDump>>
OpDump::create(llvm::StringRef dir, llvm::ArrayRef<std::string> opNames) {
  if (dir.empty())
    return dumpError("the dump directory is empty");
  if (std::error_code ec = llvm::sys::fs::create_directories(dir))
    return dumpError("cannot create the dump directory '" + dir +
                     "': " + ec.message());
  if (!llvm::sys::fs::is_directory(dir))
    return dumpError("'" + dir + "' is not a directory");
  if (llvm::Error e = removeEarlierDump(dir))
    return std::move(e);
  llvm::SmallString<256> path(dir);
  llvm::sys::path::append(path, kManifest);
  std::error_code ec;
  auto manifest = std::make_unique<llvm::raw_fd_ostream>(path, ec);
  if (ec)
    return dumpError("cannot write '" + path + "': " + ec.message());
  return std::unique_ptr<OpDump>(
      new OpDump(dir.str(), opNames, std::move(manifest)));
}

llvm::Expected<std::string>
OpDump::store(const RtValue &value, std::string name, json::Object &entry) {
  llvm::Expected<DenseValue> dense = asDense(value);
  if (!dense)
    return dense.takeError();
  entry["dtype"] = npyDescr(dense->kind());
  entry["shape"] = json::Array(dense->shape());
  if (value.isTiled()) {
    const rt::Geometry &g = value.tiled().layout().geometry();
    entry["tiled"] = json::Object{
        {"sublanes", g.sublanes}, {"lanes", g.lanes}, {"mxu", g.mxu}};
  }
  llvm::ArrayRef<uint8_t> bytes(static_cast<const uint8_t *>(dense->rawData()),
                                dense->sizeInBytes());
  std::string key =
      llvm::formatv("{0}{1}:{2:x}", npyDescr(dense->kind()),
                    formatNpyShape(dense->shape()), llvm::xxh3_64bits(bytes))
          .str();
  llvm::SmallString<256> path(dir);
  auto it = written.find(key);
  if (it != written.end()) {
    llvm::sys::path::append(path, it->second);
    if (sameContents(path, bytes))
      return it->second;
    path = dir;
  }
  llvm::sys::path::append(path, name);
  std::error_code ec;
  llvm::raw_fd_ostream os(path, ec);
  if (ec)
    return dumpError("cannot write '" + path + "': " + ec.message());
  writeNpy(os, dense->kind(), dense->shape(), dense->rawData());
  os.close();
  if (os.has_error()) {
    std::string why = os.error().message();
    os.clear_error();
    return dumpError("cannot write '" + path + "': " + why);
  }
  ++filesWritten;
  bytesWritten += bytes.size();
  written[key] = name;
  return name;
}

LogicalResult OpDump::describe(Operation *op,
                               llvm::ArrayRef<const RtValue *> values,
                               ValueRange irValues, llvm::StringRef role,
                               unsigned frame) {
  json::Array out;
  for (auto [i, pair] : llvm::enumerate(llvm::zip(values, irValues))) {
    auto [value, v] = pair;
    json::Object entry{{"type", typeStr(v.getType())}};
    auto from = producers.find({v.getAsOpaquePointer(), frame});
    if (role == "operand" && from != producers.end())
      entry["from"] = json::Array{from->second.first, from->second.second};
    if (!value) {
      entry["file"] = nullptr;
      out.push_back(std::move(entry));
      continue;
    }
    if (value->isFunction()) { // A function value has no data: its name.
      entry["function"] =
          ("@" + cast<func::FuncOp>(value->function()).getSymName()).str();
      entry["file"] = nullptr;
      out.push_back(std::move(entry));
      continue;
    }
    char number[24];
    std::snprintf(number, sizeof(number), "%06llu",
                  static_cast<unsigned long long>(seq));
    std::string name = llvm::formatv("{0}.{1}.{2}{3}.npy", number,
                                     op->getName().getStringRef(), role, i)
                           .str();
    llvm::Expected<std::string> file = store(*value, name, entry);
    if (!file)
      return ExecContext::opError(op)
             << ": --dump-op: " << llvm::toString(file.takeError());
    entry["file"] = *file;
    out.push_back(std::move(entry));
  }
  pending[(role + "s").str()] = std::move(out);
  return success();
}

bool OpDump::dumps(Operation *op) const {
  return names.contains(op->getName().getStringRef());
}

LogicalResult OpDump::beforeExecute(Operation *op,
                                    llvm::ArrayRef<const RtValue *> operands,
                                    unsigned frame) {
  if (!dumps(op))
    return success();
  pending = json::Object{{"seq", static_cast<int64_t>(seq)},
                         {"op", op->getName().getStringRef()},
                         {"loc", locationStr(op->getLoc())},
                         {"attrs", attributesJson(op)}};
  return describe(op, operands, op->getOperands(), "operand", frame);
}

LogicalResult OpDump::afterExecute(Operation *op,
                                   llvm::ArrayRef<const RtValue *> results,
                                   unsigned frame) {
  if (!dumps(op))
    return success();
  if (failed(describe(op, results, op->getResults(), "result", frame)))
    return failure();
  for (auto [i, v] : llvm::enumerate(op->getResults()))
    producers[{v.getAsOpaquePointer(), frame}] = {seq,
                                                  static_cast<unsigned>(i)};
  return writeLine(op);
}

void OpDump::executeFailed(Operation *op) {
  if (!dumps(op))
    return;
  pending["failed"] = true;
  (void)writeLine(op);
}

LogicalResult OpDump::writeLine(Operation *op) {
  *manifest << json::Value(std::move(pending)) << "\n";
  manifest->flush();
  pending = json::Object();
  ++seq;
  if (!manifest->has_error())
    return success();
  // A stream destroyed with an unchecked error aborts: keep the message.
  manifestError = manifest->error().message();
  manifest->clear_error();
  return ExecContext::opError(op) << ": --dump-op: cannot write '"
                                  << manifestPath() << "': " << manifestError;
}

llvm::Error OpDump::finish() {
  manifest->close();
  if (manifest->has_error()) {
    manifestError = manifest->error().message();
    manifest->clear_error();
  }
  if (manifestError.empty())
    return llvm::Error::success();
  return dumpError("cannot write '" + manifestPath() + "': " + manifestError);
}
