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

#include "mlir/Dialect/SCF/IR/SCF.h"

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
    if (loops.empty())
      return;
    SymbolTable symbols(module);
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
};

} // namespace
