//===- InitAll.h - register systile with a tool or an embedder --*- C++ -*-===//
//
// registerSystileDialect / registerAllDialects give a DialectRegistry the
// systile dialect plus the upstream dialects (and bufferization models) a
// user needs around it; registerAllPasses registers systile's passes and
// pipeline together with the upstream passes systile-opt offers.
//
//===----------------------------------------------------------------------===//

#ifndef SYSTILE_INITALL_H
#define SYSTILE_INITALL_H

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace systile {
/// Adds the systile dialect only.
void registerSystileDialect(mlir::DialectRegistry &registry);
/// Adds systile and func, arith, tensor, linalg, scf, memref, bufferization,
/// affine, cf, math, tosa, vector and LLVM, with the upstream external
/// models (bufferization, value bounds, tiling, ...) that mlir-opt attaches
/// to them, so --one-shot-bufferize works as in mlir-opt.
void registerAllDialects(mlir::DialectRegistry &registry);
/// Registers systile's passes (global pass registry); the pipeline is
/// registered by registerSystilePipelines() (systile/Pipelines/Pipelines.h).
void registerSystilePasses();
/// Registers systile's passes and pipelines and the upstream passes.
void registerAllPasses();
} // namespace systile

#endif // SYSTILE_INITALL_H
