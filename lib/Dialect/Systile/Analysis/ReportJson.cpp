//===- ReportJson.cpp - RFC 8 figures as JSON -----------------------------===//

#include "systile/Dialect/Systile/Analysis/ReportJson.h"

#include "systile/Support/OutputFile.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "llvm/Support/FormatVariadic.h"
#include "mlir/IR/Visitors.h"

#include <optional>
#include <string>

using namespace mlir;

llvm::json::Object systile::utilizationJson(const rt::MatmulStats &s) {
  llvm::json::Object o{{"logical_macs", s.logicalMacs},
                       {"issued_macs", s.issuedMacs},
                       {"padding_macs", s.paddingMacs},
                       {"weight_loads", s.weightLoads},
                       {"skipped_loads", s.skippedLoads},
                       {"utilization", s.utilization()}};
  if (s.hasHalo)
    o["halo_macs"] = s.haloMacs;
  return o;
}

llvm::json::Object systile::layoutJson(const rt::LayoutCost &c) {
  return llvm::json::Object{{"packs", c.packs},
                            {"unpacks", c.unpacks},
                            {"packed_bytes", c.packedBytes},
                            {"unpacked_bytes", c.unpackedBytes},
                            {"relayouts", c.relayouts},
                            {"relayout_bytes", c.relayoutBytes}};
}

void systile::addLocationJson(llvm::json::Object &object, Location loc) {
  std::optional<FileLineColLoc> file;
  std::optional<std::string> name;
  loc->walk([&](Location inner) {
    if (auto f = dyn_cast<FileLineColLoc>(inner); f && !file)
      file = f;
    if (auto n = dyn_cast<NameLoc>(inner); n && !name)
      name = n.getName().str();
    return WalkResult::advance();
  });
  if (file)
    object["location"] =
        llvm::json::Object{{"file", file->getFilename().str()},
                           {"line", file->getLine()},
                           {"column", file->getColumn()}};
  else
    object["location"] = nullptr;
  if (name)
    object["name"] = *name;
}

llvm::Error systile::writeJsonFile(llvm::StringRef path,
                                   const llvm::json::Value &doc) {
  llvm::Expected<std::unique_ptr<OutputFile>> file = OutputFile::open(path);
  if (!file)
    return file.takeError();
  (*file)->os() << llvm::formatv("{0:2}", doc) << "\n";
  return (*file)->commit();
}
