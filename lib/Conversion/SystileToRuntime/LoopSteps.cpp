//===- LoopSteps.cpp - the loop-iteration budget of compiled code ---------===//
//
// systile-count-loop-steps: every iteration of the program's scf.for,
// scf.while and scf.forall loops starts with a call of the runtime's
// systile_loop_step, which counts it against the run's budget (the
// interpreter's --max-steps), so that an endless loop is an error naming
// the loop instead of a hang.
//
//===----------------------------------------------------------------------===//

#include "systile/Conversion/Passes.h"

#include "GeneratedCalls.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SetVector.h"

namespace systile {
#define GEN_PASS_DEF_SYSTILECOUNTLOOPSTEPS
#include "systile/Conversion/Passes.h.inc"
} // namespace systile

using namespace mlir;

namespace {

struct SystileCountLoopSteps
    : public systile::impl::SystileCountLoopStepsBase<SystileCountLoopSteps> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    // The first block each iteration of a loop runs.
    SmallVector<std::pair<Operation *, Block *>> loops;
    module.walk([&](Operation *op) {
      if (auto f = dyn_cast<scf::ForOp>(op))
        loops.push_back({op, f.getBody()});
      else if (auto w = dyn_cast<scf::WhileOp>(op))
        loops.push_back({op, w.getBeforeBody()});
      else if (auto a = dyn_cast<scf::ForallOp>(op))
        loops.push_back({op, a.getBody()});
    });
    for (auto [loop, body] : loops)
      assertPositiveSteps(loop);
    SmallVector<Operation *> recursive = recursiveCalls(module);
    if (loops.empty() && recursive.empty())
      return;
    SymbolTable symbols(module);
    if (!loops.empty()) {
      auto step = systile::generated::TextCalls::get(
          module, symbols, "systile_loop_step", "__systile_loop_name");
      if (!step)
        return signalPassFailure();
      for (auto [loop, body] : loops) {
        Location loc = loop->getLoc();
        OpBuilder b = OpBuilder::atBlockBegin(body);
        std::string text = "'" + loop->getName().getStringRef().str() +
                           "' at " + systile::generated::locationText(loc);
        step->create(b, loc, text);
      }
    }
    if (recursive.empty())
      return;
    auto enter = systile::generated::TextCalls::get(
        module, symbols, "systile_call_enter", "__systile_call_name");
    func::FuncOp leave = systile::generated::declareTextFunction(
        module, symbols, "systile_call_leave");
    if (!enter || !leave)
      return signalPassFailure();
    for (Operation *call : recursive) {
      Location loc = call->getLoc();
      std::string text = "'" + call->getName().getStringRef().str() + "'";
      if (auto direct = dyn_cast<func::CallOp>(call))
        text += " of @" + direct.getCallee().str();
      text += " at " + systile::generated::locationText(loc);
      OpBuilder b(call);
      enter->create(b, loc, text);
      b.setInsertionPointAfter(call);
      enter->create(b, loc, text, leave);
    }
  }

private:
  /// A cf.assert before `loop` (an scf.for or scf.forall) that each of its
  /// steps is positive; none for a constant positive step.
  static void assertPositiveSteps(Operation *loop) {
    SmallVector<OpFoldResult> steps;
    // An unsigned scf.for reads its step as unsigned, as the interpreter
    // does: any step but 0 is positive.
    bool isUnsigned = false;
    if (auto f = dyn_cast<scf::ForOp>(loop)) {
      steps.push_back(f.getStep());
      isUnsigned = f.getUnsignedCmp();
    } else if (auto a = dyn_cast<scf::ForallOp>(loop)) {
      steps = a.getMixedStep();
    }
    Location loc = loop->getLoc();
    OpBuilder b(loop);
    for (OpFoldResult step : steps) {
      std::optional<int64_t> known = getConstantIntValue(step);
      if (known && (isUnsigned ? *known != 0 : *known > 0))
        continue;
      Value value = getValueOrCreateConstantIndexOp(b, loc, step);
      Value zero = arith::ConstantOp::create(
          b, loc, b.getZeroAttr(value.getType()));
      Value positive = arith::CmpIOp::create(
          b, loc,
          isUnsigned ? arith::CmpIPredicate::ugt : arith::CmpIPredicate::sgt,
          value, zero);
      auto check = cf::AssertOp::create(
          b, loc, positive,
          "'" + loop->getName().getStringRef().str() + "' at " +
              systile::generated::locationText(loc) +
              ": its step is not positive; the loop would not terminate");
      check->setAttr(systile::generated::kRuntimeCheckAttr, b.getUnitAttr());
    }
  }

  /// The calls whose callee can call back into the function holding the
  /// call (directly or through other functions of the module): func.call
  /// ops, and func.call_indirect ops, which may call any function whose
  /// address a func.constant takes.
  static SmallVector<Operation *> recursiveCalls(ModuleOp module) {
    SymbolTable table(module);
    llvm::SetVector<Operation *> addressTaken;
    module.walk([&](func::ConstantOp constant) {
      auto f = table.lookup<func::FuncOp>(constant.getValue());
      if (f && !f.isExternal())
        addressTaken.insert(f);
    });
    // Each call's possible callees (functions of this module with a body),
    // and each function's.
    llvm::DenseMap<Operation *, llvm::SetVector<Operation *>> callees;
    SmallVector<std::pair<Operation *, llvm::SetVector<Operation *>>> calls;
    module.walk([&](Operation *op) {
      llvm::SetVector<Operation *> targets;
      if (auto call = dyn_cast<func::CallOp>(op)) {
        auto callee = table.lookup<func::FuncOp>(call.getCallee());
        if (callee && !callee.isExternal())
          targets.insert(callee);
      } else if (isa<func::CallIndirectOp>(op)) {
        targets = addressTaken;
      }
      auto caller = op->getParentOfType<func::FuncOp>();
      if (!caller || targets.empty())
        return;
      callees[caller].insert(targets.begin(), targets.end());
      calls.push_back({op, std::move(targets)});
    });
    SmallVector<Operation *> recursive;
    for (auto &[call, targets] : calls) {
      // Does a callee reach the caller?
      Operation *caller = call->getParentOfType<func::FuncOp>();
      llvm::SetVector<Operation *> seen;
      SmallVector<Operation *> work(targets.begin(), targets.end());
      bool reaches = false;
      while (!work.empty() && !reaches) {
        Operation *f = work.pop_back_val();
        if (f == caller)
          reaches = true;
        else if (seen.insert(f))
          for (Operation *next : callees.lookup(f))
            work.push_back(next);
      }
      if (reaches)
        recursive.push_back(call);
    }
    return recursive;
  }
};

} // namespace
