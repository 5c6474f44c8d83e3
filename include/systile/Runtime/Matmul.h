//===- Matmul.h - The systolic matmul simulator -----------------*- C++ -*-===//
//
// `simulateMatmul` computes D = A x B + C with the numerics of RFC section 6
// (per output element: for each mxu-deep k block, partial sums from +0 in
// increasing k with a rounded multiply then a rounded add, then one rounded
// add into the accumulator) and the utilisation figures of RFC section 8
// (accounted in Utilization.h).
// `simulateMxuBlock` is one weight load (systile.mxu_matmul [kb, nb]).
//
// Every kernel path (portable C++, AVX2, AVX-512, AVX512-VNNI; chosen at run
// time through Cpu.h) and every thread count gives the same bits for finite
// data; NaN results are NaN on every path but their payload/sign is not
// specified (IEEE leaves it to the hardware, and compilers may commute
// operands).
//
// Supported operand combinations:
//   (f32 | bf16) x (f32 | bf16) + f32 -> f32, any precision;
//   i8 x i8 + i32 -> i32 (precision and flushSubnormals are ignored;
//   two's-complement wrap).
//
// The multi-pass precisions (BF16_3X, BF16_6X) split each operand into bf16
// parts as it is packed, once, and run the bf16 kernels once per pass on
// the packed parts (Matmul.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef SYSTILE_RUNTIME_MATMUL_H
#define SYSTILE_RUNTIME_MATMUL_H

#include "systile/Runtime/ConvWindow.h"
#include "systile/Runtime/Cpu.h"
#include "systile/Runtime/Status.h"
#include "systile/Runtime/TiledMatrix.h"
#include "systile/Runtime/Utilization.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace systile::rt {

/// F32: the inputs as they are. BF16: the float inputs are rounded to bf16
/// first (the TPU default), so every product is exact in f32. BF16_3X and
/// BF16_6X (JAX's HIGH and HIGHEST on TPU): each input split into two or
/// three bf16 parts, their products summed over three or six bf16 passes in
/// RFC 6's multi-pass order.
enum class Precision { F32, BF16, BF16_3X, BF16_6X };

/// The passes a matmul of `precision` makes through the array (RFC 8 counts
/// each as weight loads and issued MACs): 1, 1, 3 or 6.
constexpr int passCount(Precision precision) {
  return precision == Precision::BF16_3X   ? 3
         : precision == Precision::BF16_6X ? 6
                                           : 1;
}

/// Which inner kernels run: the instruction sets of Cpu.h that the
/// simulator has paths for, Portable, AVX2, AVX512 and AVX512VNNI (AVX512
/// with the int8 kernel on vpdpwssd and vpdpbusd; same f32 kernel). Auto
/// picks the widest the CPU supports. The AVX2 path also uses the FMA
/// kernel, the AVX-512 paths the bf16 pair kernel, where the CPU has them
/// (same bits); AVX2FMA and AVX512BF16 are no paths of their own.
using KernelPath = Isa;

const char *toString(Precision precision);

/// True when `path` is a simulator path, was compiled in and the CPU
/// supports it (Auto and Portable always are).
bool isKernelPathAvailable(KernelPath path);
/// The concrete paths usable on this machine, Portable first.
std::vector<KernelPath> availableKernelPaths();
/// What Auto resolves to on this machine.
KernelPath resolveKernelPath(KernelPath path);

struct MatmulOptions {
  /// Skip weight blocks of rhs whose logical elements are all +-0 (RFC 7).
  /// For finite lhs this changes no result except possibly the sign of a
  /// zero; an inf/NaN in the matching lhs block would have given NaN.
  bool skipZeroBlocks = false;
  /// Worker threads; 0 = std::thread::hardware_concurrency(); at most 256
  /// are used.
  int threads = 0;
  KernelPath path = KernelPath::Auto;
  /// Bytes of packed rhs panels held at once: the rhs is packed and used
  /// one slab of mxu column blocks at a time, so a large weight is never
  /// copied whole. A slab holds at least one column block (and one per
  /// thread when there are enough); the numerics do not depend on it.
  int64_t packedRhsBudget = int64_t(64) << 20;
  /// Read an f32 rhs straight from its tiled storage, with no packed copy,
  /// when the precision is f32 and the geometry lets the kernel's column
  /// panels lie within tiles (lanes and mxu multiples of the panel width,
  /// mxu a multiple of sublanes: the default geometry on every kernel
  /// path). Off, or otherwise, the rhs is packed. The numerics do not
  /// depend on it.
  bool readRhsInPlace = true;
  /// When every product a*b of the packed operands is exact in f32 (bf16
  /// values, bf16 precision or bf16 operands, whose exponents keep the
  /// products in range: checked on the packed values), accumulate with
  /// fused multiply-adds on kernel paths that have them: round(p + a*b) is
  /// then the same number whether a*b was rounded first or not. The
  /// numerics do not depend on it.
  bool fuseExactProducts = true;
  /// Not a tuning knob: the rhs operand is stored transposed, N x K, and
  /// is read as the K x N weight, b(k, j) = rhs(j, k), with no relayout
  /// (the MXU's transposing weight load). Same RFC 6 order and bits as
  /// transposing the rhs first; every kernel path runs it (the weight
  /// blocks are packed transposed, so the rhs is never read in place).
  bool rhsTransposed = false;
  /// Not a tuning knob: every f32 -> bf16 conversion of an operand or of a
  /// split part (precision BF16, BF16_3X, BF16_6X) flushes a subnormal
  /// result to +-0 (sign kept), as TPUs do (RFC 6 `flush-subnormals`). f32
  /// products, partial sums and accumulators are never flushed; at
  /// precision F32 there is no conversion, so nothing changes.
  bool flushSubnormals = false;
  /// A promise of the caller, not a tuning knob: every slot of the
  /// accumulator is +0 (e.g. a zero splat constant), so its storage is not
  /// read; the result is fl32(+0 + R) as always (the same bits as reading
  /// it). The accumulator's shape and geometry are still checked. A wrong
  /// promise gives a wrong result.
  bool accIsZero = false;
};

template <typename Acc> struct MatmulResult {
  /// Shape MxN, the operands' geometry, pad kind Zero.
  TiledMatrix<Acc> result;
  MatmulStats stats;
};

/// D = A x B + C (B = rhs, or its transpose with options.rhsTransposed).
/// Errors: geometries differ, lhs cols != the rows of B, acc shape != (lhs
/// rows, cols of B), a kernel path this machine lacks.
Expected<MatmulResult<float>> simulateMatmul(const TiledMatrix<float> &lhs,
                                             const TiledMatrix<float> &rhs,
                                             const TiledMatrix<float> &acc,
                                             Precision precision,
                                             const MatmulOptions &options = {});
Expected<MatmulResult<float>> simulateMatmul(const TiledMatrix<float> &lhs,
                                             const TiledMatrix<bf16> &rhs,
                                             const TiledMatrix<float> &acc,
                                             Precision precision,
                                             const MatmulOptions &options = {});
Expected<MatmulResult<float>> simulateMatmul(const TiledMatrix<bf16> &lhs,
                                             const TiledMatrix<float> &rhs,
                                             const TiledMatrix<float> &acc,
                                             Precision precision,
                                             const MatmulOptions &options = {});
Expected<MatmulResult<float>> simulateMatmul(const TiledMatrix<bf16> &lhs,
                                             const TiledMatrix<bf16> &rhs,
                                             const TiledMatrix<float> &acc,
                                             Precision precision,
                                             const MatmulOptions &options = {});
Expected<MatmulResult<int32_t>>
simulateMatmul(const TiledMatrix<int8_t> &lhs, const TiledMatrix<int8_t> &rhs,
               const TiledMatrix<int32_t> &acc, Precision precision,
               const MatmulOptions &options = {});

/// simulateMatmul with D written over `acc`'s storage, which the call
/// consumes: the result is that storage (pad kind Zero), and no result
/// buffer is allocated. For a caller whose accumulator dies here (an
/// interpreter, a compiled path). Same bits as simulateMatmul. Errors: as
/// simulateMatmul (acc is then left as it was), or acc sharing storage with
/// an operand.
Expected<MatmulResult<float>>
simulateMatmulInPlace(const TiledMatrix<float> &lhs,
                      const TiledMatrix<float> &rhs, TiledMatrix<float> &&acc,
                      Precision precision, const MatmulOptions &options = {});
Expected<MatmulResult<float>>
simulateMatmulInPlace(const TiledMatrix<float> &lhs,
                      const TiledMatrix<bf16> &rhs, TiledMatrix<float> &&acc,
                      Precision precision, const MatmulOptions &options = {});
Expected<MatmulResult<float>>
simulateMatmulInPlace(const TiledMatrix<bf16> &lhs,
                      const TiledMatrix<float> &rhs, TiledMatrix<float> &&acc,
                      Precision precision, const MatmulOptions &options = {});
Expected<MatmulResult<float>>
simulateMatmulInPlace(const TiledMatrix<bf16> &lhs,
                      const TiledMatrix<bf16> &rhs, TiledMatrix<float> &&acc,
                      Precision precision, const MatmulOptions &options = {});
Expected<MatmulResult<int32_t>>
simulateMatmulInPlace(const TiledMatrix<int8_t> &lhs,
                      const TiledMatrix<int8_t> &rhs,
                      TiledMatrix<int32_t> &&acc, Precision precision,
                      const MatmulOptions &options = {});

/// One weight load: rhs block (kb, nb). Computes that block's partial sums
/// from +0 (lhs column block kb, all rows) and adds them to column block nb
/// of acc; the rest of acc is copied. Calling it for kb = 0, 1, ... on each
/// nb reproduces simulateMatmul bit for bit. Stats describe the one load
/// (or one skipped load when options.skipZeroBlocks and the block is zero).
/// At a multi-pass precision the load is RFC 6's multi-pass definition
/// restricted to k block kb (R over that block's passes, from +0, then
/// fl32(C + R) in column block nb), so the sequence reproduces
/// simulateMatmul only when K <= mxu (one k block); its stats count each
/// pass's load.
/// Errors: as simulateMatmul, plus kb/nb outside [0, ceil(K/mxu)) /
/// [0, ceil(N/mxu)) (K x N the weight B, also when the rhs is transposed).
Expected<MatmulResult<float>>
simulateMxuBlock(const TiledMatrix<float> &lhs, const TiledMatrix<float> &rhs,
                 const TiledMatrix<float> &acc, int64_t kb, int64_t nb,
                 Precision precision, const MatmulOptions &options = {});
Expected<MatmulResult<float>>
simulateMxuBlock(const TiledMatrix<float> &lhs, const TiledMatrix<bf16> &rhs,
                 const TiledMatrix<float> &acc, int64_t kb, int64_t nb,
                 Precision precision, const MatmulOptions &options = {});
Expected<MatmulResult<float>>
simulateMxuBlock(const TiledMatrix<bf16> &lhs, const TiledMatrix<float> &rhs,
                 const TiledMatrix<float> &acc, int64_t kb, int64_t nb,
                 Precision precision, const MatmulOptions &options = {});
Expected<MatmulResult<float>>
simulateMxuBlock(const TiledMatrix<bf16> &lhs, const TiledMatrix<bf16> &rhs,
                 const TiledMatrix<float> &acc, int64_t kb, int64_t nb,
                 Precision precision, const MatmulOptions &options = {});
Expected<MatmulResult<int32_t>>
simulateMxuBlock(const TiledMatrix<int8_t> &lhs, const TiledMatrix<int8_t> &rhs,
                 const TiledMatrix<int32_t> &acc, int64_t kb, int64_t nb,
                 Precision precision, const MatmulOptions &options = {});

/// simulateMatmul(im2col(image, window, pad), rhs, acc, ...) without the
/// im2col matrix (Relayout.h): its rows are read from `image` (one matrix
/// of window.inputRows() rows whose columns are the channels) as they are
/// packed, so a convolution's lhs costs no im2col buffer. The same bits,
/// figures and errors, plus an error for a malformed window or an image
/// whose rows are not N*H*W. With `tap` >= 0 the lhs is that tap's
/// columns alone, convTap(image, window, tap / KW, tap % KW, pad)
/// (systile.window). The InPlace form writes D over `acc` as
/// simulateMatmulInPlace does.
Expected<MatmulResult<float>>
simulateWindowMatmul(const TiledMatrix<float> &image, const ConvWindow &window,
                     float pad, const TiledMatrix<float> &rhs,
                     const TiledMatrix<float> &acc, Precision precision,
                     const MatmulOptions &options = {}, int64_t tap = -1);
Expected<MatmulResult<float>>
simulateWindowMatmul(const TiledMatrix<float> &image, const ConvWindow &window,
                     float pad, const TiledMatrix<bf16> &rhs,
                     const TiledMatrix<float> &acc, Precision precision,
                     const MatmulOptions &options = {}, int64_t tap = -1);
Expected<MatmulResult<float>>
simulateWindowMatmul(const TiledMatrix<bf16> &image, const ConvWindow &window,
                     bf16 pad, const TiledMatrix<float> &rhs,
                     const TiledMatrix<float> &acc, Precision precision,
                     const MatmulOptions &options = {}, int64_t tap = -1);
Expected<MatmulResult<float>>
simulateWindowMatmul(const TiledMatrix<bf16> &image, const ConvWindow &window,
                     bf16 pad, const TiledMatrix<bf16> &rhs,
                     const TiledMatrix<float> &acc, Precision precision,
                     const MatmulOptions &options = {}, int64_t tap = -1);
Expected<MatmulResult<int32_t>>
simulateWindowMatmul(const TiledMatrix<int8_t> &image, const ConvWindow &window,
                     int8_t pad, const TiledMatrix<int8_t> &rhs,
                     const TiledMatrix<int32_t> &acc, Precision precision,
                     const MatmulOptions &options = {}, int64_t tap = -1);
Expected<MatmulResult<float>> simulateWindowMatmulInPlace(
    const TiledMatrix<float> &image, const ConvWindow &window, float pad,
    const TiledMatrix<float> &rhs, TiledMatrix<float> &&acc, Precision precision,
    const MatmulOptions &options = {}, int64_t tap = -1);
Expected<MatmulResult<float>> simulateWindowMatmulInPlace(
    const TiledMatrix<float> &image, const ConvWindow &window, float pad,
    const TiledMatrix<bf16> &rhs, TiledMatrix<float> &&acc, Precision precision,
    const MatmulOptions &options = {}, int64_t tap = -1);
Expected<MatmulResult<float>> simulateWindowMatmulInPlace(
    const TiledMatrix<bf16> &image, const ConvWindow &window, bf16 pad,
    const TiledMatrix<float> &rhs, TiledMatrix<float> &&acc, Precision precision,
    const MatmulOptions &options = {}, int64_t tap = -1);
Expected<MatmulResult<float>> simulateWindowMatmulInPlace(
    const TiledMatrix<bf16> &image, const ConvWindow &window, bf16 pad,
    const TiledMatrix<bf16> &rhs, TiledMatrix<float> &&acc, Precision precision,
    const MatmulOptions &options = {}, int64_t tap = -1);
Expected<MatmulResult<int32_t>> simulateWindowMatmulInPlace(
    const TiledMatrix<int8_t> &image, const ConvWindow &window, int8_t pad,
    const TiledMatrix<int8_t> &rhs, TiledMatrix<int32_t> &&acc, Precision precision,
    const MatmulOptions &options = {}, int64_t tap = -1);

/// A convolution's taps in order: for each i, simulateWindowMatmulInPlace
/// of `image` read through `window` at tap taps[i] with weight *rhs[i],
/// over the accumulator the tap before left: the same bits as those calls
/// one after the other, and in *perTap (when not null) each tap's
/// statistics as its call gives them; the result's stats are their sum.
/// When the images' rows are whole tile rows (H*W and OH*OW multiples of
/// sublanes) it runs image by image, so that an image's accumulator rows
/// stay in cache across the taps instead of streaming from memory once per
/// tap. options.accIsZero promises the accumulator given (the first tap's).
/// Errors: as simulateWindowMatmulInPlace, or the weights and taps not one
/// to one.
#define SYSTILE_DECLARE_WINDOW_TAPS(A, B, ACC)                                 \
  Expected<MatmulResult<ACC>> simulateWindowTapsInPlace(                       \
      const TiledMatrix<A> &image, const ConvWindow &window, A pad,            \
      const std::vector<const TiledMatrix<B> *> &rhs,                          \
      const std::vector<int64_t> &taps, TiledMatrix<ACC> &&acc,                \
      Precision precision, const MatmulOptions &options = {},                  \
      std::vector<MatmulStats> *perTap = nullptr);
SYSTILE_DECLARE_WINDOW_TAPS(float, float, float)
SYSTILE_DECLARE_WINDOW_TAPS(float, bf16, float)
SYSTILE_DECLARE_WINDOW_TAPS(bf16, float, float)
SYSTILE_DECLARE_WINDOW_TAPS(bf16, bf16, float)
SYSTILE_DECLARE_WINDOW_TAPS(int8_t, int8_t, int32_t)
#undef SYSTILE_DECLARE_WINDOW_TAPS

} // namespace systile::rt

#endif // SYSTILE_RUNTIME_MATMUL_H
