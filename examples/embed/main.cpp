//===- main.cpp - a downstream compiler embedding systile -----------------===//
//
// Registers the systile dialect next to the upstream dialects this
// "compiler" accepts, builds systile's pipeline in its own PassManager (with
// the utilisation report appended), and lowers the file given on the
// command line. Usage: systile-embed-demo FILE.mlir [MXU]
//
//===----------------------------------------------------------------------===//

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "systile/Dialect/Systile/Transforms/Passes.h"
#include "systile/InitAll.h"
#include "systile/Pipelines/Pipelines.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>

int main(int argc, char **argv) {
  if (argc < 2 || argc > 3) {
    llvm::errs() << "usage: systile-embed-demo FILE.mlir [MXU]\n";
    return 1;
  }
  mlir::DialectRegistry registry;
  systile::registerSystileDialect(registry);
  registry.insert<mlir::arith::ArithDialect, mlir::func::FuncDialect,
                  mlir::linalg::LinalgDialect, mlir::tensor::TensorDialect>();
  mlir::MLIRContext context(registry);

  llvm::SourceMgr sourceMgr;
  mlir::SourceMgrDiagnosticHandler diagnostics(sourceMgr, &context);
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceFile<mlir::ModuleOp>(argv[1], sourceMgr, &context);
  if (!module)
    return 1;

  systile::SystilePipelineOptions options;
  options.sublanes = 2;
  options.lanes = 4;
  options.mxu = argc == 3 ? std::atoll(argv[2]) : 4;
  options.precision = systile::Precision::BF16;
  mlir::PassManager pm(&context);
  systile::buildSystilePipeline(pm, options);
  pm.addPass(systile::createSystileReportUtilization());
  if (mlir::failed(pm.run(*module)))
    return 1;
  module->print(llvm::outs());
  llvm::outs() << "\n";
  return 0;
}
