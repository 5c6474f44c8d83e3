//===- Pipelines.h - the systile pass pipeline ------------------*- C++ -*-===//
//
// `systile-pipeline`: linalg.matmul -> systile -> mxu-blocked ops, with
// zero-tile folding and cleanup. Embedders call buildSystilePipeline on
// their own pass manager.
//
//===----------------------------------------------------------------------===//

#ifndef SYSTILE_PIPELINES_PIPELINES_H
#define SYSTILE_PIPELINES_PIPELINES_H

#include "mlir/Pass/PassOptions.h"
#include "systile/Dialect/Systile/IR/SystileAttrs.h"

namespace mlir {
class OpPassManager;
} // namespace mlir

namespace systile {

struct SystilePipelineOptions
    : public mlir::PassPipelineOptions<SystilePipelineOptions> {
  Option<int64_t> sublanes{*this, "sublanes",
                           llvm::cl::desc("Rows of a vector-memory tile"),
                           llvm::cl::init(8)};
  Option<int64_t> lanes{*this, "lanes",
                        llvm::cl::desc("Columns of a vector-memory tile"),
                        llvm::cl::init(128)};
  Option<int64_t> mxu{*this, "mxu",
                      llvm::cl::desc("Size of the square systolic array"),
                      llvm::cl::init(128)};
  Option<Precision> precision{
      *this, "precision", llvm::cl::desc("Input precision of float matmuls"),
      llvm::cl::init(Precision::F32),
      llvm::cl::values(
          clEnumValN(Precision::F32, "f32", "inputs as they are"),
          clEnumValN(Precision::BF16, "bf16", "inputs rounded to bf16"))};
  Option<bool> foldZeroTiles{
      *this, "fold-zero-tiles",
      llvm::cl::desc("Erase weight loads of all-zero constant rhs blocks"),
      llvm::cl::init(true)};
  Option<bool> propagateLayout{
      *this, "propagate-layout",
      llvm::cl::desc("Keep values tiled between matmuls "
                     "(systile-propagate-layout): one pack per input, one "
                     "unpack per output"),
      llvm::cl::init(true)};
};

/// Adds to `pm` (anchored on builtin.module), nested on each func.func so
/// that functions run in parallel: convert-linalg-to-systile, canonicalize,
/// systile-propagate-layout (if enabled), systile-block-matmul,
/// systile-fold-zero-tiles (if enabled), canonicalize, cse.
void buildSystilePipeline(mlir::OpPassManager &pm,
                          const SystilePipelineOptions &options);

/// Registers `systile-pipeline` with the global pass-pipeline registry.
void registerSystilePipelines();

} // namespace systile

#endif // SYSTILE_PIPELINES_PIPELINES_H
