//===- FuzzCommon.h - Shared set-up of the systile fuzz targets -*- C++ -*-===//
//
// An MLIRContext with every dialect systile-opt knows, renewed every
// kInputsPerContext inputs, no threads (libFuzzer runs one input at a
// time) and a diagnostic handler that swallows errors: a fuzz input is expected to be rejected, the target only
// checks that rejecting it neither crashes nor hangs.
//
//===----------------------------------------------------------------------===//

#ifndef SYSTILE_FUZZ_FUZZCOMMON_H
#define SYSTILE_FUZZ_FUZZCOMMON_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OwningOpRef.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/Passes.h"
#include "systile/InitAll.h"
#include "systile/Support/InputFile.h"
#include "systile/Support/VerifyInput.h"
#ifdef SYSTILE_FUZZ_EXECUTION_MODELS
#include "systile/Interpreter/ExecContext.h"
#endif

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace systile::fuzz {

/// Inputs one context serves before a fresh one replaces it. A context
/// interns every attribute, type, location and resource blob an input
/// makes and frees none of them, so one context for a whole run grows
/// with the run: a 10M-execution run of the bytecode target ended out of
/// memory after 4.3M executions (2.2 GB, libFuzzer's -rss_limit_mb=2048).
/// Renewed every 100,000 inputs, a context stays within a few tens of MB
/// of growth; a crash never depends on what earlier inputs interned (an
/// input run alone, as a reproducer is, starts from a fresh context too).
constexpr uint64_t kInputsPerContext = 100'000;

namespace detail {
struct ContextState {
  std::unique_ptr<mlir::MLIRContext> ctx;
  uint64_t served = 0;
  std::vector<std::function<void()>> renewals;
};
inline ContextState &contextState() {
  static ContextState *state = new ContextState();
  return *state;
}
} // namespace detail

/// The current context, with all dialects loaded up front so an input does
/// not pay for it (and coverage is not attributed to it).
inline mlir::MLIRContext &context() {
  detail::ContextState &state = detail::contextState();
  if (!state.ctx) {
    mlir::DialectRegistry registry;
    systile::registerAllDialects(registry);
#ifdef SYSTILE_FUZZ_EXECUTION_MODELS
    // The interpreter target runs what it parses.
    systile::interp::registerAllExecutionModels(registry);
#endif
    state.ctx = std::make_unique<mlir::MLIRContext>(
        registry, mlir::MLIRContext::Threading::DISABLED);
    state.ctx->loadAllAvailableDialects();
    state.ctx->getDiagEngine().registerHandler(
        [](mlir::Diagnostic &) { return mlir::success(); });
  }
  return *state.ctx;
}

/// Registers `drop`, which releases what a target built on the context and
/// keeps across inputs (its cached pass managers); it runs before each
/// renewal, while the old context still lives.
inline void onContextRenewal(std::function<void()> drop) {
  detail::contextState().renewals.push_back(std::move(drop));
}

/// Counts an input (call it first in LLVMFuzzerTestOneInput); every
/// kInputsPerContext inputs the context is replaced by a fresh one.
inline void nextInput() {
  detail::ContextState &state = detail::contextState();
  if (++state.served <= kInputsPerContext)
    return;
  state.served = 1;
  for (const std::function<void()> &drop : state.renewals)
    drop();
  state.ctx.reset();
}

/// Parses `data` as a module, as the tools do: text with a parser hazard
/// (systile::findTextParserHazard) is refused first, and the module is
/// verified by systile::verifyInput (null when it does not verify). MLIR's lexer reads up
/// to a NUL terminator, so the bytes are copied into a std::string first
/// (libFuzzer's buffer has none, and ASan would flag the read past its end).
inline mlir::OwningOpRef<mlir::ModuleOp> parse(const uint8_t *data,
                                               size_t size) {
  std::string text(reinterpret_cast<const char *>(data), size);
  if (!systile::findTextParserHazard(text, "fuzz").empty())
    return nullptr;
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceString<mlir::ModuleOp>(
          text, mlir::ParserConfig(&context(), /*verifyAfterParse=*/false));
  if (module && mlir::failed(systile::verifyInput(*module)))
    return nullptr;
  return module;
}

/// The interpreter's step budget in the targets that run what they read:
/// the tools' default (10,000,000 loop iterations) takes longer than the
/// 10 s hang timeout under the sanitizers, and the tests' endless-loop
/// function is a seed. 100,000 was still too many: a mutant whose two
/// scf.while loops each ran the budget out took 5.3 s under ASan on an idle
/// core (the interpreter target runs it twice, before and after the
/// pipeline) and 13 s on a loaded one, a false hang.
constexpr uint64_t kMaxInterpreterSteps = 20'000;

/// Whether upstream's canonicalizer alone, verifying after it, fails on
/// `module` (it then leaves invalid IR: a pipeline's failure on the same
/// input is upstream's, test/Tools/upstream-insert-slice-canonicalize.mlir).
inline bool canonicalizerBreaks(mlir::ModuleOp module) {
  mlir::PassManager pm(module.getContext());
  pm.addPass(mlir::createCanonicalizerPass());
  mlir::ScopedDiagnosticHandler quiet(
      module.getContext(), [](mlir::Diagnostic &) { return mlir::success(); });
  return mlir::failed(pm.run(module));
}

/// A property the target checks does not hold: print why and crash, so
/// libFuzzer saves the input.
[[noreturn]] inline void fail(const char *what) {
  std::fprintf(stderr, "systile fuzz: property violated: %s\n", what);
  std::abort();
}

} // namespace systile::fuzz

#endif // SYSTILE_FUZZ_FUZZCOMMON_H
