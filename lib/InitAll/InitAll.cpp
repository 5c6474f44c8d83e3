//===- InitAll.cpp - register systile with a tool or an embedder ----------===//
//
// The one list of what a systile tool offers: the systile dialect, passes
// and pipeline, and the upstream dialects and passes used around them.
//
//===----------------------------------------------------------------------===//

#include "systile/InitAll.h"
#include "systile/Conversion/Passes.h"
#include "systile/Dialect/Systile/IR/SystileDialect.h"
#include "systile/Dialect/Systile/Transforms/Passes.h"
#include "systile/Pipelines/Pipelines.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Bufferization/Transforms/FuncBufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Tensor/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"

void systile::registerSystileDialect(mlir::DialectRegistry &registry) {
  registry.insert<systile::SystileDialect>();
}

void systile::registerAllDialects(mlir::DialectRegistry &registry) {
  registerSystileDialect(registry);
  registry.insert<mlir::affine::AffineDialect, mlir::arith::ArithDialect,
                  mlir::bufferization::BufferizationDialect,
                  mlir::cf::ControlFlowDialect, mlir::func::FuncDialect,
                  mlir::LLVM::LLVMDialect, mlir::linalg::LinalgDialect,
                  mlir::math::MathDialect, mlir::memref::MemRefDialect,
                  mlir::scf::SCFDialect, mlir::tensor::TensorDialect,
                  mlir::vector::VectorDialect>();
  // Bufferization models, conversion-to-LLVM interfaces, inliner extensions.
  mlir::registerAllExtensions(registry);
}

void systile::registerSystilePasses() {
  registerSystileConversionPasses();
  registerSystileTransformsPasses();
}

void systile::registerAllPasses() {
  registerSystilePasses();
  registerSystilePipelines();
  mlir::registerAllPasses();
}
