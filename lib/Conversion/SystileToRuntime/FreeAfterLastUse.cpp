//===- FreeAfterLastUse.cpp - early deallocation where aliases are known --===//
//
// systile-free-after-last-use: upstream's optimize-allocation-liveness on
// the functions whose every memref-producing op is one its alias analysis
// (BufferViewFlowAnalysis) understands.
//
//===----------------------------------------------------------------------===//

#include "systile/Conversion/Passes.h"

#include "mlir/Dialect/Bufferization/IR/BufferViewFlowOpInterface.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMTypes.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "mlir/Pass/PassManager.h"

namespace systile {
#define GEN_PASS_DEF_SYSTILEFREEAFTERLASTUSE
#include "systile/Conversion/Passes.h.inc"
} // namespace systile

using namespace mlir;

namespace {

bool isMemRef(Type type) { return isa<BaseMemRefType>(type); }

/// Whether `op` may make an alias of a buffer that BufferViewFlowAnalysis
/// does not see: a memref result from a memref operand of an op that is no
/// view, has no view-flow model and is neither region control flow nor a
/// call; or an address taken from a memref.
bool mayHideAlias(Operation *op) {
  if (!llvm::any_of(op->getOperandTypes(), isMemRef))
    return false;
  if (isa<memref::ExtractAlignedPointerAsIndexOp>(op) ||
      llvm::any_of(op->getResultTypes(), llvm::IsaPred<LLVM::LLVMPointerType>))
    return true;
  if (!llvm::any_of(op->getResultTypes(), isMemRef))
    return false;
  return !isa<ViewLikeOpInterface, bufferization::BufferViewFlowOpInterface,
              RegionBranchOpInterface, CallOpInterface>(op);
}

struct SystileFreeAfterLastUse
    : public systile::impl::SystileFreeAfterLastUseBase<
          SystileFreeAfterLastUse> {
  using Base::Base;

  void runOnOperation() override {
    func::FuncOp fn = getOperation();
    if (fn.isExternal())
      return;
    if (fn.walk([](Operation *op) {
            return mayHideAlias(op) ? WalkResult::interrupt()
                                    : WalkResult::advance();
          }).wasInterrupted())
      return;
    OpPassManager pm(func::FuncOp::getOperationName());
    pm.addPass(bufferization::createOptimizeAllocationLivenessPass());
    if (failed(runPipeline(pm, fn)))
      signalPassFailure();
  }
};

} // namespace
