//===- Pipelines.h - the systile pass pipeline ------------------*- C++ -*-===//
//
// `systile-pipeline`: linalg contractions -> systile -> mxu-blocked ops, with
// zero-tile folding and cleanup. Embedders call buildSystilePipeline on
// their own pass manager.
//
//===----------------------------------------------------------------------===//

#ifndef SYSTILE_PIPELINES_PIPELINES_H
#define SYSTILE_PIPELINES_PIPELINES_H

#include "mlir/Pass/PassOptions.h"
#include "systile/Conversion/Passes.h"

namespace mlir {
class OpPassManager;
} // namespace mlir

namespace systile {

/// The pipeline's options: convert-linalg-to-systile's (with its defaults,
/// taken from ConvertLinalgToSystileOptions rather than restated) and
/// whether zero tiles are folded.
struct SystilePipelineOptions
    : public mlir::PassPipelineOptions<SystilePipelineOptions> {
  Option<int64_t> sublanes{*this, "sublanes",
                           llvm::cl::desc("Rows of a vector-memory tile"),
                           llvm::cl::init(kConvertDefaults.sublanes)};
  Option<int64_t> lanes{*this, "lanes",
                        llvm::cl::desc("Columns of a vector-memory tile"),
                        llvm::cl::init(kConvertDefaults.lanes)};
  Option<int64_t> mxu{*this, "mxu",
                      llvm::cl::desc("Size of the square systolic array"),
                      llvm::cl::init(kConvertDefaults.mxu)};
  Option<Precision> precision{
      *this, "precision", llvm::cl::desc("Input precision of float matmuls"),
      llvm::cl::init(kConvertDefaults.precision),
      llvm::cl::values(
          clEnumValN(Precision::F32, "f32", "inputs as they are"),
          clEnumValN(Precision::BF16, "bf16", "inputs rounded to bf16"),
          clEnumValN(Precision::BF16_3X, "bf16_3x",
                     "two bf16 parts, three passes (JAX HIGH)"),
          clEnumValN(Precision::BF16_6X, "bf16_6x",
                     "three bf16 parts, six passes (JAX HIGHEST)"))};
  Option<bool> flushSubnormals{
      *this, "flush-subnormals",
      llvm::cl::desc("Float matmuls flush subnormal results of their bf16 "
                     "conversions to +-0, as TPUs do"),
      llvm::cl::init(kConvertDefaults.flushSubnormals)};
  Option<int64_t> unrollBatchLimit{
      *this, "unroll-batch-limit",
      llvm::cl::desc("Batched contractions with at most this many batches "
                     "are unrolled; more become an scf.for"),
      llvm::cl::init(8)};
  Option<ConvStrategy> convStrategy{
      *this, "conv-strategy",
      llvm::cl::desc("How a convolution becomes matmuls"),
      llvm::cl::init(kConvertDefaults.convStrategy),
      llvm::cl::values(
          clEnumValN(ConvStrategy::Im2col, "im2col",
                     "one matmul over the im2col matrix (default)"),
          clEnumValN(ConvStrategy::Taps, "taps",
                     "one matmul per filter tap, in row-major tap order"))};
  Option<bool> foldBatchNorm{
      *this, "fold-batchnorm",
      llvm::cl::desc("Fold constant per-channel affine ops after a "
                     "convolution (inference BatchNorm) into its filter and "
                     "bias first (systile-fold-batchnorm; changes bits)"),
      llvm::cl::init(false)};
  Option<int64_t> dynamicBatchRows{
      *this, "dynamic-batch-rows",
      llvm::cl::desc("A function with a dynamic batch runs as a loop over "
                     "chunks of this many rows (systile-dynamic-batch); 0 "
                     "leaves dynamic shapes as they are"),
      llvm::cl::init(128)};
  Option<bool> foldZeroTiles{
      *this, "fold-zero-tiles",
      llvm::cl::desc("Erase weight loads of all-zero constant rhs blocks"),
      llvm::cl::init(true)};
  Option<bool> inlineCalls{
      *this, "inline",
      llvm::cl::desc("Inline function calls first (upstream's inliner, with "
                     "no nested pipeline), so that values stay tiled through "
                     "the helper functions frontends emit (JAX's @relu)"),
      llvm::cl::init(true)};
  Option<bool> propagateLayout{
      *this, "propagate-layout",
      llvm::cl::desc("Keep values tiled between matmuls "
                     "(systile-propagate-layout, then systile-fuse-elementwise): "
                     "one pack per input, one unpack per output"),
      llvm::cl::init(true)};


  /// The options of the pipeline's convert-linalg-to-systile.
  ConvertLinalgToSystileOptions convertOptions() const {
    ConvertLinalgToSystileOptions convert;
    convert.sublanes = sublanes;
    convert.lanes = lanes;
    convert.mxu = mxu;
    convert.precision = precision;
    convert.flushSubnormals = flushSubnormals;
    convert.unrollBatchLimit = unrollBatchLimit;
    convert.convStrategy = convStrategy;
    return convert;
  }

private:
  static inline const ConvertLinalgToSystileOptions kConvertDefaults{};
};

/// Adds to `pm` (anchored on builtin.module): the inliner (if enabled), then,
/// nested on each func.func so that functions run in parallel:
/// systile-fold-batchnorm (if enabled), convert-linalg-to-systile, canonicalize,
/// systile-propagate-layout and systile-fuse-elementwise (if propagation is
/// enabled), loop-invariant-code-motion (packs
/// of loop-invariant weights leave their loops), systile-block-matmul,
/// systile-fold-zero-tiles (if enabled),
/// canonicalize, cse.
void buildSystilePipeline(mlir::OpPassManager &pm,
                          const SystilePipelineOptions &options);

/// Adds upstream's TOSA -> linalg lowering (the passes of
/// tosa-to-linalg-pipeline, validation included), tosa-to-tensor, tosa-to-arith
/// and a canonicalize (which erases the dead tosa.const_shape ops left behind),
/// then buildSystilePipeline: a TOSA model to systile in one pass manager.
void buildSystileTosaPipeline(mlir::OpPassManager &pm,
                              const SystilePipelineOptions &options);

/// Registers `systile-pipeline` and `systile-tosa-pipeline` with the global
/// pass-pipeline registry.
/// systile-lower-to-llvm: bufferization, convert-systile-to-runtime and
/// upstream's passes to the LLVM dialect (the pipeline's text, for docs and
/// messages, and the passes added to `pm`).
llvm::StringRef getLowerToLLVMPipeline();
llvm::LogicalResult buildLowerToLLVMPipeline(mlir::OpPassManager &pm);

void registerSystilePipelines();

} // namespace systile

#endif // SYSTILE_PIPELINES_PIPELINES_H
