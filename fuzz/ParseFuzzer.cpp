//===- ParseFuzzer.cpp - Fuzz the parser, verifiers and printers ----------===//
//
// Parses the input as a module and verifies it. A module that parses and
// verifies must print (generic and custom form) to text that parses again
// into a module that verifies and prints identically: this round trip is
// what exercises the systile attribute, type and op printers.
//
//===----------------------------------------------------------------------===//

#include "FuzzCommon.h"

#include "mlir/IR/OperationSupport.h"
#include "llvm/Support/raw_ostream.h"

using namespace systile::fuzz;

static std::string print(mlir::Operation *op, bool generic) {
  std::string out;
  llvm::raw_string_ostream os(out);
  mlir::OpPrintingFlags flags;
  if (generic)
    flags.printGenericOpForm();
  op->print(os, flags);
  return out;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  nextInput();
  mlir::OwningOpRef<mlir::ModuleOp> module = parse(data, size);
  if (!module)
    return 0;
  for (bool generic : {false, true}) {
    std::string text = print(module->getOperation(), generic);
    mlir::OwningOpRef<mlir::ModuleOp> again =
        mlir::parseSourceString<mlir::ModuleOp>(text, &context());
    if (!again)
      fail("a verified module's printed form does not parse");
    if (mlir::failed(mlir::verify(*again)))
      fail("a verified module's printed form does not verify");
    // Resource names are unique per context, and one context serves many
    // inputs (kInputsPerContext): a reparsed dense_resource<m> whose name the
    // first parse already took comes back as m_1, by design. Stability is
    // checked for everything else.
    if (llvm::StringRef(text).contains("dense_resource<"))
      continue;
    if (print(again->getOperation(), generic) != text)
      fail("printing is not stable across a parse round trip");
  }
  return 0;
}
