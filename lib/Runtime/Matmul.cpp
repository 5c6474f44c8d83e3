//===- Matmul.cpp - Driver of the systolic matmul simulator ---------------===//
//
// Splits D = A x B + C into the RFC 6 structure and runs it fast:
//
//  1. pack: A into [kb][row panel][k][MR] and B into [kb][nb][col panel]
//     [k][NR] (bf16 precision rounds here, int8 widens to int16 pairs; a
//     multi-pass precision splits each element here into its bf16 parts,
//     one set of panels per part);
//     rows/cols beyond the logical shape are zero and their results are
//     dropped, and k never runs past K, so padding never enters a sum. With
//     skipZeroBlocks, all-zero (kb, nb) blocks of B are detected (on the
//     operand's own values, RFC 7) and neither packed nor computed. A
//     transposed rhs (N x K) is packed a weight column per rhs row into
//     the same panels, so every kernel runs it unchanged.
//  2. compute: work items (row chunk, nb) are spread over threads; each
//     copies its accumulator block into a dense buffer, runs every kb in
//     increasing order (each kb = one register-tiled pass of the
//     micro-kernel, partial sums from +0, then one add into the buffer) and
//     writes the block into the result's tiled storage. A multi-pass
//     precision runs its passes in RFC 6's order inside the item, on a
//     second buffer R from +0 (zeroNonFinite before the hi.hi pass), then
//     writes fl32(C + R).
//
// The per-element sequence of rounded operations is the same whatever the
// kernel, the tile sizes, the chunking or the thread count, hence the same
// bits on every path.
//
//===----------------------------------------------------------------------===//

#include "systile/Runtime/Matmul.h"

#include "systile/Runtime/Allocation.h"
#include "systile/Runtime/Cpu.h"
#include "systile/Runtime/Parallel.h"

#include "MatmulKernels.h"
#include "TileAccess.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <iterator>
#include <limits>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>
#include <type_traits>

namespace systile::rt {

//===----------------------------------------------------------------------===//
// Names and kernel selection
//===----------------------------------------------------------------------===//

const char *toString(Precision precision) {
  switch (precision) {
  case Precision::F32:
    return "f32";
  case Precision::BF16:
    return "bf16";
  case Precision::BF16_3X:
    return "bf16_3x";
  case Precision::BF16_6X:
    return "bf16_6x";
  }
  return "f32";
}

namespace {
/// A kernel path of the simulator: the kernels compiled for its
/// instruction set, plus those of `extension` when the CPU has it (the
/// AVX2 path's FMA kernel, the AVX-512 paths' bf16 pair kernel; same bits
/// either way, so they are not paths of their own).
struct PathKernels {
  KernelPath path;
  bool (*get)(detail::KernelSet &);
  Isa extension;
  bool (*extend)(detail::KernelSet &);
};
/// Portable first, the widest last.
constexpr PathKernels kPaths[] = {
    {KernelPath::Portable, detail::getPortableKernels, Isa::Portable, nullptr},
    {KernelPath::AVX2, detail::getAVX2Kernels, Isa::AVX2FMA,
     detail::getAVX2FMAKernels},
    {KernelPath::AVX512, detail::getAVX512Kernels, Isa::AVX512BF16,
     detail::getAVX512BF16Kernels},
    {KernelPath::AVX512VNNI, detail::getAVX512VNNIKernels, Isa::AVX512BF16,
     detail::getAVX512BF16Kernels}};

/// The kernels of `path` (Auto resolved); false when it is not a path of
/// the simulator, was not compiled in, or the CPU lacks it.
bool getKernels(KernelPath path, detail::KernelSet &set) {
  path = resolveKernelPath(path);
  for (const PathKernels &p : kPaths) {
    if (p.path != path)
      continue;
    if (!cpuSupports(path) || !p.get(set))
      return false;
    if (p.extend && cpuSupports(p.extension))
      p.extend(set);
    return true;
  }
  return false;
}

bool isCompiledAndSupported(KernelPath path) {
  detail::KernelSet set;
  return getKernels(path, set);
}
} // namespace

bool isKernelPathAvailable(KernelPath path) {
  return path == KernelPath::Auto || isCompiledAndSupported(path);
}

std::vector<KernelPath> availableKernelPaths() {
  std::vector<KernelPath> paths;
  for (const PathKernels &p : kPaths)
    if (isCompiledAndSupported(p.path))
      paths.push_back(p.path);
  return paths;
}

KernelPath resolveKernelPath(KernelPath path) {
  if (path != KernelPath::Auto)
    return path;
  for (auto p = std::rbegin(kPaths); p != std::rend(kPaths); ++p)
    if (isCompiledAndSupported(p->path))
      return p->path;
  return KernelPath::Portable;
}

/// Upper bound on worker threads (MatmulOptions::threads is clamped to it).
constexpr int kMaxThreads = 256;

//===----------------------------------------------------------------------===//
// The driver
//===----------------------------------------------------------------------===//

namespace {

/// The packing workspace kept between calls: a few freed panel buffers
/// (at most kCachedBlocks, kCachedBytes in all), so that calls in a row
/// reuse memory already mapped instead of taking fresh pages for every
/// packed operand (the first touch of a page costs more than packing
/// into it on these VMs). A request takes the smallest cached block that
/// holds it and is at most twice its size. Thread-safe.
class PanelCache {
public:
  static PanelCache &get() {
    static PanelCache *cache = new PanelCache(); // never destroyed: no
    return *cache; // order-of-destruction issue at exit
  }
  /// A block of at least `bytes` (its size in `bytes`), or null.
  void *take(size_t &bytes) {
    std::lock_guard<std::mutex> lock(mutex);
    auto best = blocks.end();
    for (auto it = blocks.begin(); it != blocks.end(); ++it)
      if (it->bytes >= bytes && it->bytes / 2 <= bytes &&
          (best == blocks.end() || it->bytes < best->bytes))
        best = it;
    if (best == blocks.end())
      return nullptr;
    void *p = best->data;
    bytes = best->bytes;
    total -= best->bytes;
    blocks.erase(best);
    return p;
  }
  /// Keeps `p` (of `bytes`) for a later take, or frees it (or the oldest
  /// cached block) when the cache is full.
  void give(void *p, size_t bytes) {
    std::vector<void *> dropped;
    {
      std::lock_guard<std::mutex> lock(mutex);
      if (bytes > kCachedBytes) {
        dropped.push_back(p);
      } else {
        blocks.push_back({p, bytes});
        total += bytes;
        while (blocks.size() > kCachedBlocks || total > kCachedBytes) {
          dropped.push_back(blocks.front().data);
          total -= blocks.front().bytes;
          blocks.erase(blocks.begin());
        }
      }
    }
    for (void *d : dropped)
      deallocate(d);
  }

private:
  static constexpr size_t kCachedBlocks = 4;
  static constexpr size_t kCachedBytes = size_t(256) << 20;
  struct Block {
    void *data;
    size_t bytes;
  };
  std::mutex mutex;
  std::vector<Block> blocks;
  size_t total = 0;
};

template <typename T> struct UninitBuffer {
  static_assert(std::is_trivially_default_constructible_v<T>);
  UninitBuffer() = default;
  UninitBuffer(const UninitBuffer &) = delete;
  UninitBuffer &operator=(const UninitBuffer &) = delete;
  ~UninitBuffer() {
    if (data)
      PanelCache::get().give(data, bytes);
  }
  /// `n` uninitialised elements (no fill; none for 0), from the packing
  /// workspace when it has a block; an error if unavailable.
  Status allocate(size_t n) {
    size_t want;
    if (n == 0)
      return Status::success();
    if (!__builtin_mul_overflow(n, sizeof(T), &want))
      if (void *p = PanelCache::get().take(want)) {
        data = static_cast<T *>(p);
        bytes = want; // now the block's size
        return Status::success();
      }
    Expected<void *> p = tryAllocate(n, sizeof(T), "matmul packing buffer");
    if (!p)
      return Status::error(p.error());
    data = static_cast<T *>(*p);
    bytes = n * sizeof(T);
    return Status::success();
  }
  T *get() const { return data; }

private:
  T *data = nullptr;
  size_t bytes = 0;
};

template <typename Packed, typename In>
inline Packed convertIn(In v, Precision precision) {
  if constexpr (std::is_same_v<Packed, int16_t>) {
    (void)precision;
    return static_cast<int16_t>(v);
  } else {
    float f;
    if constexpr (std::is_same_v<In, bf16>)
      f = v.toFloat();
    else
      f = v;
    return precision == Precision::BF16 ? roundToBF16(f) : f;
  }
}

/// RFC 6's split(v, n) into bf16 parts, high first: p0 = bf16(x),
/// r = fl32(x - p0), p1 = bf16(r), ... (n = 1: the rounding alone), each
/// part flushed to +-0 when subnormal and `flush`.
template <typename In>
inline void splitToBF16(In v, int n, bool flush, bf16 *parts) {
  float r;
  if constexpr (std::is_same_v<In, bf16>)
    r = v.toFloat();
  else
    r = v;
  for (int p = 0; p < n; ++p) {
    const bf16 rounded = bf16::fromFloat(r);
    parts[p] = flush ? flushSubnormal(rounded) : rounded;
    r = r - parts[p].toFloat(); // exact: no fused operation to contract
  }
}

/// A bf16 part as a float mode's panels hold it: an f32 value, or the bits
/// of a bf16 pair's half.
template <typename Packed> inline Packed encodePart(bf16 v) {
  static_assert(std::is_same_v<Packed, float> ||
                    std::is_same_v<Packed, uint16_t>,
                "only float modes split");
  if constexpr (std::is_same_v<Packed, float>)
    return v.toFloat();
  else
    return v.bits();
}

/// One pass of a multi-pass precision: the lhs and rhs parts it multiplies
/// (0 the high part).
struct Pass {
  int lhs, rhs;
};

/// The passes of `precision` in RFC 6's order; zeroNonFinite runs before
/// the last (hi.hi), the only pass of a single-pass precision.
std::vector<Pass> passOrder(Precision precision) {
  switch (precision) {
  case Precision::BF16_3X:
    return {{1, 0}, {0, 1}, {0, 0}}; // al.bh, ah.bl; ah.bh
  case Precision::BF16_6X:
    return {{1, 1}, {2, 0}, {0, 2}, {1, 0}, {0, 1}, {0, 0}};
  default:
    return {{0, 0}};
  }
}

/// How a problem packs and which kernel runs it. Float problems pack to
/// f32 with k step 1; int8 packs to int16 pairs (k step 2), or, where the
/// path has vpdpbusd, to byte quads (ModeI8Quad). fromA/fromB convert one
/// operand element as it is packed; kCorrection says the kernel's sums
/// need 128 x B's column sums subtracted.
template <typename AccT> struct ModeOf;
/// What every mode declares: the packed type, its k step, whether the sums
/// need the int8 correction, whether pairs are stored high half first.
template <typename P, int KStep, bool Correction = false,
          bool SwapPairs = false>
struct PackTraits {
  using Packed = P;
  static constexpr int kstep = KStep;
  static constexpr bool kCorrection = Correction;
  static constexpr bool kSwapPairs = SwapPairs;
};
/// The modes whose operands both pack with convertIn.
template <typename P, int KStep> struct ConvertingMode : PackTraits<P, KStep> {
  using Packed = P;
  template <typename In> static Packed fromA(In v, Precision p) {
    return convertIn<Packed>(v, p);
  }
  template <typename In> static Packed fromB(In v, Precision p) {
    return convertIn<Packed>(v, p);
  }
};
template <> struct ModeOf<float> : ConvertingMode<float, 1> {
  static detail::KernelF32 kernel(const detail::KernelSet &s) { return s.f32; }
};
template <> struct ModeOf<int32_t> : ConvertingMode<int16_t, 2> {
  static detail::KernelI8 kernel(const detail::KernelSet &s) { return s.i8; }
};
/// int8 four k at a time: A as a + 128 (0..255), B's bits as they are.
/// sum (a + 128) * b - 128 * sum b = sum a * b, exactly in wrap-around i32.
struct ModeI8Quad : PackTraits<uint8_t, 4, /*Correction=*/true> {
  static detail::KernelI8Quad kernel(const detail::KernelSet &s) {
    return s.i8Quad;
  }
  static Packed fromA(int8_t v, Precision) {
    return static_cast<uint8_t>(static_cast<int>(v) + 128);
  }
  static Packed fromB(int8_t v, Precision) { return static_cast<uint8_t>(v); }
};
/// bf16 two k at a time (vdpbf16ps), for bf16 values (bf16 precision or
/// bf16 operands) whose every partial sum is a multiple of 2^-126: then no
/// input or result is subnormal and the instruction's flushing never
/// acts (bf16PairsExact). Pairs are stored high half first (kSwapPairs).
struct ModeBF16Pairs
    : PackTraits<uint16_t, 2, /*Correction=*/false, /*SwapPairs=*/true> {
  static detail::KernelBF16Pairs kernel(const detail::KernelSet &s) {
    return s.bf16Pairs;
  }
  template <typename In> static Packed fromA(In v, Precision p) {
    return bits(v, p);
  }
  template <typename In> static Packed fromB(In v, Precision p) {
    return bits(v, p);
  }
  template <typename In> static Packed bits(In v, Precision) {
    if constexpr (std::is_same_v<In, bf16>)
      return v.bits();
    else
      return bf16::fromFloat(v).bits(); // only at bf16 precision
  }
};

/// The K x N weight the rhs holds: its own shape, or its transpose's.
template <typename B>
Shape weightShape(const TiledMatrix<B> &rhs, const MatmulOptions &options) {
  const Shape s = rhs.shape();
  return options.rhsTransposed ? Shape{s.cols, s.rows} : s;
}

/// The shapes, geometries and options of a matmul whose lhs has layout
/// `lhs`.
template <typename B, typename Acc>
Status validate(const char *op, const Layout &lhs, const TiledMatrix<B> &rhs,
                const TiledMatrix<Acc> &acc, const MatmulOptions &options) {
  std::string p = std::string(op) + ": ";
  if (lhs.geometry() != rhs.geometry() || lhs.geometry() != acc.geometry())
    return Status::error(
        p + "operand geometries differ: lhs " + lhs.geometry().str() +
        ", rhs " + rhs.geometry().str() + ", acc " + acc.geometry().str() +
        "; all three must have one geometry");
  const Shape weight = weightShape(rhs, options);
  if (lhs.logicalShape().cols != weight.rows)
    return Status::error(p + "lhs has " + std::to_string(lhs.logicalShape().cols) +
                         " columns but " +
                         (options.rhsTransposed ? "the transposed rhs has "
                                                : "rhs has ") +
                         std::to_string(weight.rows) +
                         (options.rhsTransposed ? " columns" : " rows"));
  Shape expect{lhs.logicalShape().rows, weight.cols};
  if (acc.shape() != expect)
    return Status::error(p + "acc has shape " + acc.shape().str() +
                         " but lhs x rhs has shape " + expect.str());
  if (options.threads < 0)
    return Status::error(p + "threads = " + std::to_string(options.threads) +
                         " is invalid: use 0 (all cores) or a positive count");
  if (!isKernelPathAvailable(options.path)) {
    std::string available;
    for (KernelPath k : availableKernelPaths())
      available += (available.empty() ? "" : ", ") + std::string(toString(k));
    return Status::error(p + "kernel path '" + toString(options.path) +
                         "' is not available to the matmul simulator on "
                         "this machine (available: " +
                         available + ")");
  }
  return Status::success();
}

template <typename A, typename B, typename Acc>
Status validate(const char *op, const TiledMatrix<A> &lhs,
                const TiledMatrix<B> &rhs, const TiledMatrix<Acc> &acc,
                const MatmulOptions &options) {
  return validate(op, lhs.layout(), rhs, acc, options);
}

/// Folds the biased exponents of p[0..n) into lo (smallest of the nonzero
/// values), hi (largest) and special (nonzero for an inf, NaN or
/// subnormal). Branch-free, so it vectorises (one clone per instruction
/// set: unsigned min/max need SSE4.1 or later).
SYSTILE_TARGET_CLONES void scanExponents(const float *p, int64_t n,
                                         uint32_t &lo, uint32_t &hi,
                                         uint32_t &special) {
  uint32_t l = lo, h = hi, sp = 0;
  for (int64_t i = 0; i < n; ++i) {
    uint32_t bits;
    std::memcpy(&bits, p + i, sizeof(bits));
    const uint32_t mag = bits & 0x7fffffffu, e = mag >> 23;
    l = std::min(l, mag != 0 ? e : 255u);
    h = std::max(h, e);
    sp |= (e == 255) | ((e == 0) & (mag != 0));
  }
  lo = l;
  hi = h;
  special |= sp;
}

/// dst[i] = roundToBF16(src[i]) (RFC 6: nearest even, NaN kept quiet with
/// its sign), branch-free so that it vectorises.
SYSTILE_TARGET_CLONES void roundRunToBF16(const float *src, float *dst,
                                          int64_t n) {
  for (int64_t i = 0; i < n; ++i) {
    uint32_t u;
    std::memcpy(&u, src + i, sizeof(u));
    const bool nan = (u & 0x7fffffffu) > 0x7f800000u;
    const uint32_t rounded = (u + 0x7fffu + ((u >> 16) & 1u)) & 0xffff0000u;
    const uint32_t r = nan ? (u | 0x00400000u) & 0xffff0000u : rounded;
    std::memcpy(dst + i, &r, sizeof(r));
  }
}

/// The exponents of a set of f32 values that are bf16 values (7 fraction
/// bits): enough to tell whether every product of two of them, one from
/// each of two sets, is exact in f32.
struct ExponentRange {
  uint32_t minE = 255, maxE = 0; // biased exponents of the nonzero values
  uint32_t special = 0;          // an inf, NaN or subnormal
  void scan(const float *p, int64_t n) {
    scanExponents(p, n, minE, maxE, special);
  }
  void merge(const ExponentRange &o) {
    minE = std::min(minE, o.minE);
    maxE = std::max(maxE, o.maxE);
    special |= o.special;
  }
  bool anyNonZero() const { return maxE > 0 || special; }
};

/// Whether every product a*b, a of `a` and b of `b` (normal bf16 values or
/// zeros), is exact in f32: its lowest bit, at least 2^(Ea-134 + Eb-134),
/// is at least 2^-149, and it is below 2^(Ea+Eb-252) <= 2^128.
bool exactProducts(const ExponentRange &a, const ExponentRange &b) {
  if (a.special || b.special)
    return false;
  if (!a.anyNonZero() || !b.anyNonZero())
    return true;
  return a.minE + b.minE >= 119 && a.maxE + b.maxE <= 380;
}

/// One weight load (kb, nb): what simulateMxuBlock computes.
struct Block {
  int64_t kb, nb;
};

/// The lhs of a convolution's matmul read from its image: the im2col
/// matrix (Relayout.h) of `image` under `window`, never built. Row r,
/// column k = (kh * KW + kw) * C + c of it is image row
/// window.sourceRow(r, kh, kw), column c, or `pad` at a halo; with `tap`
/// >= 0, only that tap's C columns (systile.window, Relayout.h's
/// convTap). `layout` is the lhs matrix's (what the panels are planned
/// on); `padRow` holds a tile row of `pad`, the source of a halo run.
template <typename A> struct WindowSource {
  const TiledMatrix<A> *image = nullptr;
  ConvWindow window;
  int64_t channels = 0;
  int64_t tap = -1;
  Layout layout;
  std::vector<A> padRow;
};

/// One simulated matmul: the whole one (`only` empty) or the single weight
/// load `only`. The phases in run() order: plan the packed panels and the
/// work split, pack A (in parallel), then per slab of n blocks pack B (in
/// parallel; all-zero B blocks are marked skipped when asked) and compute
/// one (row chunk, nb) item per task with the register-tiled kernel, and
/// count the RFC 8 figures. Each item runs all k blocks in order, so the
/// slabs change nothing in the numerics.
template <typename A, typename B, typename Acc, typename Mode = ModeOf<Acc>>
class MatmulRun {
  using Packed = typename Mode::Packed;
  static constexpr int64_t ks = Mode::kstep;

public:
  /// With `inPlace` (which must be `acc`), the result is written over the
  /// accumulator's storage and moved out of it at the end.
  /// With `window`, `lhs` is its image and the matmul's lhs the im2col
  /// matrix the window reads from it.
  MatmulRun(const TiledMatrix<A> &lhs, const TiledMatrix<B> &rhs,
            const TiledMatrix<Acc> &acc, Precision precision,
            const MatmulOptions &options, std::optional<Block> only,
            TiledMatrix<Acc> *inPlace = nullptr,
            const WindowSource<A> *window = nullptr)
      : lhs(lhs), rhs(rhs), acc(acc), precision(precision), options(options),
        only(only), la(window ? window->layout : lhs.layout()),
        lb(rhs.layout()), lc(acc.layout()), win(window), inPlace(inPlace) {}

  Expected<MatmulResult<Acc>> run() {
    plan();
    if (Status st = allocatePanels(); !st)
      return Error(st.message());
    parallelFor(threads, lazyA ? 0 : nkb * chunks, [&](int64_t t) {
      packA(t / chunks, t % chunks);
      if (checkExact)
        scanA(t);
    });
    ExponentRange aRange;
    for (const ExponentRange &r : aRanges)
      aRange.merge(r);
    // Each work item reads its block of the accumulator before it writes
    // the same block of the result, so the two may be one storage.
    std::optional<TiledMatrix<Acc>> fresh;
    Acc *out = nullptr;
    if (inPlace) {
      // Its padding is zeroed unless it already is (a conv's taps run in
      // place one after the other: each would rewrite the same zeros).
      if (inPlace->padKind() != PadKind::Zero)
        inPlace->fillPadding(Acc(0));
      inPlace->setPadKind(PadKind::Zero);
      out = inPlace->data();
    } else {
      Expected<TiledMatrix<Acc>> result = startResult();
      if (!result)
        return Error(result.error());
      fresh = result.take();
      out = fresh->data();
    }
    for (slab0 = 0; slab0 < nnb; slab0 += slabNb) {
      const int64_t width = std::min(slabNb, nnb - slab0);
      parallelFor(threads, nkb * width, [&](int64_t t) {
        packB(t / width, slab0 + t % width);
        if (checkExact)
          scanB(t, width);
      });
      if (checkExact) {
        ExponentRange bRange;
        for (int64_t t = 0; t < nkb * width; ++t)
          bRange.merge(bRanges[t]);
        bRanges.assign(bRanges.size(), ExponentRange());
        slabKernel = exactProducts(aRange, bRange) ? exactKernel : kernel;
      }
      if (lazyA) {
        // One row chunk per task: its A panels packed once, in a buffer of
        // the thread's, then every column block of the slab.
        parallelFor(threads, chunks, [&](int64_t chunk) {
          thread_local std::vector<Packed> local;
          local.resize(static_cast<size_t>(parts * localPartStride()));
          for (int64_t kbi = 0; kbi < nkb; ++kbi)
            packA(kbi, chunk, local.data());
          for (int64_t w = 0; w < width; ++w)
            compute(chunk, slab0 + w, out, local.data());
        });
      } else {
        parallelFor(threads, chunks * width, [&](int64_t item) {
          compute(item / width, slab0 + item % width, out);
        });
      }
    }
    Expected<MatmulStats> stats = count();
    if (!stats)
      return Error(stats.error());
    return MatmulResult<Acc>{inPlace ? std::move(*inPlace) : std::move(*fresh),
                             *stats};
  }

private:
  void plan();
  Status allocatePanels();
  /// Packs row panel ip of k block kbi into `dst`; Split: every part,
  /// part p at dst + p * partStride.
  template <int64_t R, bool Split>
  void packAPanel(int64_t kbi, int64_t ip, Packed *dst,
                  int64_t partStride) const;
  /// f(src, k, n) for the runs of row panel ip's first `rows` rows over
  /// the columns [k0, k0 + klen) of the lhs: src[r] points at row r's n
  /// elements from column k0 + k, contiguous in storage (in the image, or
  /// a pad run, with a window). The runs depend on the columns only.
  template <int64_t R, typename F>
  void forPanelRuns(int64_t ip, int64_t rows, int64_t k0, int64_t klen,
                    F &&f) const;
  /// Packs row chunk `chunk`'s panels of k block kbi: into the global
  /// panels, or (lazyA) into `local`, laid out [part][kbi][panel of the
  /// chunk].
  void packA(int64_t kbi, int64_t chunk, Packed *local = nullptr) const;
  bool isZeroBlock(int64_t k0, int64_t klen, int64_t n0, int64_t nlen) const;
  void packB(int64_t kbi, int64_t nbi);
  void packTransposedB(int64_t kbi, int64_t nbi, int64_t k0, int64_t klen,
                       int64_t n0, int64_t nlen);
  void packRowsOfB(int64_t kbi, int64_t nbi, int64_t k0, int64_t klen,
                   int64_t n0, int64_t nlen);
  /// The split parts of rhs element v, part p at d + p * partStride.
  void putSplit(Packed *d, B v, int64_t partStride) const {
    bf16 p[3];
    splitToBF16(v, parts, flush, p);
    for (int part = 0; part < parts; ++part)
      d[part * partStride] = encodePart<Packed>(p[part]);
  }
  /// Marks the parts of block (kbi, nbi) whose packed panels are all +0
  /// skipped (a split rhs, skipZeroBlocks).
  void markZeroParts(int64_t kbi, int64_t nbi, int64_t klen, int64_t nlen);
  /// The k blocks of one pass over one work item's rows: lhs part `lp`
  /// times rhs part `rp` into `cbuf`.
  void runPass(int lp, int rp, int64_t chunk, int64_t nbi, Acc *cbuf,
               int64_t ldc, const Packed *localA) const;
  Expected<TiledMatrix<Acc>> startResult() const;
  void compute(int64_t chunk, int64_t nbi, Acc *out,
               const Packed *localA = nullptr) const;
  Expected<MatmulStats> count() const;

  /// The elements of one part's global A panels, and of a lazyA chunk's.
  int64_t aPartStride() const { return nkb * rowPanels * aPanelSize; }
  int64_t localPartStride() const { return nkb * chunkPanels * aPanelSize; }
  /// The elements of one part's panels of a B slab.
  int64_t bPartStride() const {
    return nkb * slabNb * colPanelsPerBlock * bPanelSize;
  }
  Packed *aPanel(int64_t kbi, int64_t ip, int part = 0) const {
    return aPack.get() + part * aPartStride() +
           (kbi * rowPanels + ip) * aPanelSize;
  }
  /// Panel jp of block (kbi, nbi) of rhs part `part`; nbi is in the
  /// current slab.
  Packed *bPanel(int64_t kbi, int64_t nbi, int64_t jp, int part = 0) const {
    return bPack.get() + part * bPartStride() +
           ((kbi * slabNb + (nbi - slab0)) * colPanelsPerBlock + jp) *
               bPanelSize;
  }
  /// Panel jp of block (kbi, nbi) as the kernel reads it: packed, or in
  /// the rhs's storage (readRhs).
  const Packed *kernelBPanel(int64_t kbi, int64_t nbi, int64_t jp,
                             int part = 0) const {
    if constexpr (std::is_same_v<B, Packed>)
      if (readRhs)
        return rhs.data() + lb.offset((kb0 + kbi) * m, (nb0 + nbi) * m + jp * NR);
    return bPanel(kbi, nbi, jp, part);
  }
  /// Whether rhs part `part`'s block (kbi, nbi) is skipped (all +0).
  bool skipped(int part, int64_t kbi, int64_t nbi) const {
    return skip[(part * nkb + kbi) * nnb + nbi] != 0;
  }
  void setSkipped(int part, int64_t kbi, int64_t nbi) {
    skip[(part * nkb + kbi) * nnb + nbi] = 1;
  }
  bool canReadRhs() const;
  bool rhsOnCacheLine() const;
  /// Where element k goes within its k group of a packed panel row.
  static int64_t slot(int64_t k) {
    return Mode::kSwapPairs ? ks - 1 - k % ks : k % ks;
  }
  /// Prefetches rows [r0, r1) of a B panel as the kernel reads it.
  /// One division per call: the row's group and place in it are stepped
  /// (this runs before every kernel call).
  void prefetchPanelRows(const Packed *panel, int64_t r0, int64_t r1) const {
    if (r0 >= r1)
      return;
    const int64_t rowBytes = NR * ks * int64_t(sizeof(Packed));
    const int64_t groupRows = bStrides.groupRows;
    int64_t inGroup = r0 % groupRows;
    const Packed *group = panel + (r0 / groupRows) * bStrides.groupStride;
    for (int64_t r = r0; r < r1; ++r) {
      const char *row =
          reinterpret_cast<const char *>(group + inGroup * bStrides.rowStride);
      for (int64_t b = 0; b < rowBytes; b += 64)
        __builtin_prefetch(row + b, 0, 2);
      if (++inGroup == groupRows) {
        inGroup = 0;
        group += bStrides.groupStride;
      }
    }
  }
  /// The exponents of pack task t's panels (checkExact only).
  /// Every part's (a split operand's exponents are those of its parts).
  void scanA(int64_t t) {
    if constexpr (std::is_same_v<Packed, float>)
      for (int part = 0; part < parts; ++part)
        for (int64_t ip = t % chunks * chunkPanels;
             ip < std::min(rowPanels, (t % chunks + 1) * chunkPanels); ++ip)
          aRanges[t].scan(aPanel(t / chunks, ip, part), aPanelSize);
  }
  void scanB(int64_t t, int64_t width) {
    const int64_t kbi = t / width, nbi = slab0 + t % width;
    if constexpr (std::is_same_v<Packed, float>)
      for (int part = 0; part < parts; ++part)
        if (!skipped(part, kbi, nbi))
          bRanges[t].scan(bPanel(kbi, nbi, 0, part),
                          colPanelsPerBlock * bPanelSize);
  }

  const TiledMatrix<A> &lhs;
  const TiledMatrix<B> &rhs;
  const TiledMatrix<Acc> &acc;
  const Precision precision;
  const MatmulOptions &options;
  const std::optional<Block> only;
  const Layout &la, &lb, &lc;
  const WindowSource<A> *const win;

  // Set by plan().
  decltype(Mode::kernel(detail::KernelSet())) kernel = nullptr;
  int64_t MR = 0, NR = 0, M = 0, K = 0, N = 0, m = 0;
  int64_t kb0 = 0, nb0 = 0, nkb = 0, nnb = 0;
  int64_t kDepth = 0, rowPanels = 0, colPanelsPerBlock = 0;
  int64_t aPanelSize = 0, bPanelSize = 0, chunkPanels = 0, chunks = 0;
  /// n blocks per B slab, and the first n block of the current slab.
  int64_t slabNb = 0, slab0 = 0;
  /// The kernel reads B's panels in its tiled storage (nothing packed),
  /// with these strides; otherwise packed panels.
  bool readRhs = false;
  /// The kernel set wants B packed (KernelSet::f32PackedB).
  bool packedB = false;
  detail::BPanelStrides bStrides;
  /// A's panels are packed per row chunk by the task computing it instead
  /// of all at once: a large lhs then costs no lhs-sized buffer (fresh
  /// pages on a first run), only a chunk's worth per thread.
  bool lazyA = false;
  /// The fused kernel for exact products, whether to look for them (the
  /// packed values are bf16 values and the path has the kernel), the
  /// exponents seen per pack task, and the current slab's kernel.
  decltype(Mode::kernel(detail::KernelSet())) exactKernel = nullptr,
                                              slabKernel = nullptr;
  bool checkExact = false;
  std::vector<ExponentRange> aRanges, bRanges;
  int threads = 1;
  /// A float problem whose operands are split into bf16 parts as they are
  /// packed (a multi-pass precision, or bf16 with flushed conversions):
  /// `parts` per operand (1 otherwise), flushed when `flush`, multiplied
  /// in the order of `passes`.
  static constexpr bool kSplits = std::is_same_v<Acc, float>;
  bool split = false, flush = false;
  int parts = 1;
  std::vector<Pass> passes;

  TiledMatrix<Acc> *const inPlace;

  UninitBuffer<Packed> aPack, bPack;
  std::vector<uint8_t> skip;
  /// Mode::kCorrection: per weight load (kb, nb), the sums of B's columns
  /// over its k (wrap-around), filled as B is packed.
  std::vector<uint32_t> colSums;
  uint32_t *colSum(int64_t kbi, int64_t nbi) {
    return colSums.data() + (kbi * nnb + nbi) * m;
  }
  /// Subtracts 128 x B's column sums over the k blocks computed from the
  /// rows [r0, r1) x columns of block nbi of `cbuf` (Mode::kCorrection).
  void correct(int64_t nbi, int64_t r0, int64_t r1, int64_t nlen,
               Acc *cbuf, int64_t ldc) const {
    std::vector<uint32_t> sums(static_cast<size_t>(nlen), 0);
    for (int64_t kbi = 0; kbi < nkb; ++kbi)
      if (!skipped(0, kbi, nbi))
        for (int64_t j = 0; j < nlen; ++j)
          sums[j] += colSums[(kbi * nnb + nbi) * m + j];
    for (int64_t i = r0; i < r1; ++i)
      for (int64_t j = 0; j < nlen; ++j) {
        Acc &x = cbuf[(i - r0) * ldc + j];
        x = static_cast<Acc>(static_cast<uint32_t>(x) - 128u * sums[j]);
      }
  }
};

template <typename A, typename B, typename Acc, typename Mode>
void MatmulRun<A, B, Acc, Mode>::plan() {
  detail::KernelSet kset;
  getKernels(options.path, kset);
  MR = kset.mr;
  NR = kset.nr;
  if constexpr (std::is_same_v<Packed, float>) {
    if (kset.f32mr > 0) {
      MR = kset.f32mr;
      NR = kset.f32nr;
    }
    packedB = kset.f32PackedB;
  }
  kernel = Mode::kernel(kset);
  passes = passOrder(precision);
  if constexpr (kSplits) {
    parts = precision == Precision::BF16_6X   ? 3
            : precision == Precision::BF16_3X ? 2
                                              : 1;
    split = parts > 1 ||
            (precision == Precision::BF16 && options.flushSubnormals);
    flush = options.flushSubnormals;
  }

  M = la.logicalShape().rows;
  K = la.logicalShape().cols;
  N = weightShape(rhs, options).cols;
  m = la.geometry().mxu;
  kb0 = only ? only->kb : 0;
  nb0 = only ? only->nb : 0;
  nkb = only ? 1 : (K + m - 1) / m;
  nnb = only ? 1 : (N + m - 1) / m;

  // Packed depth of one k block and panel geometry.
  kDepth = (std::min(m, K) + ks - 1) / ks * ks;
  rowPanels = (M + MR - 1) / MR;
  colPanelsPerBlock = (std::min(m, N) + NR - 1) / NR;
  aPanelSize = MR * kDepth;
  bPanelSize = NR * kDepth;
  if constexpr (std::is_same_v<Packed, float>) {
    exactKernel = kset.f32ExactProducts;
    checkExact = exactKernel && options.fuseExactProducts &&
                 (precision == Precision::BF16 || split ||
                  (std::is_same_v<A, bf16> && std::is_same_v<B, bf16>));
  }
  slabKernel = kernel;

  threads = options.threads > 0
                ? options.threads
                : static_cast<int>(std::thread::hardware_concurrency());
  // More threads than this only cost thread creation (which, failing,
  // would terminate: the library is built without exceptions).
  threads = std::clamp(threads, 1, kMaxThreads);
  if (static_cast<double>(M) * static_cast<double>(K) * static_cast<double>(N) <
      double(1 << 18))
    threads = 1; // Not worth starting threads.

  // B slabs: as many n blocks (all their k blocks) as
  // options.packedRhsBudget holds, but at least one per thread when there
  // are that many, so no thread idles. A weight of any size is thus never
  // copied whole: a 1 GiB constant rhs, which the interpreter borrows in
  // place, costs the budget in panels, not another 1 GiB.
  const int64_t blockBytes =
      parts * nkb * colPanelsPerBlock * bPanelSize * int64_t(sizeof(Packed));
  // An rhs off the cache line is packed only when its smallest slab fits
  // the budget: a huge borrowed weight is read where it is, slower, rather
  // than taking packing memory past the budget.
  readRhs = canReadRhs() &&
            (rhsOnCacheLine() ||
             double(std::min<int64_t>(threads, nnb)) * double(blockBytes) >
                 double(options.packedRhsBudget));
  const Geometry g = lb.geometry();
  bStrides = readRhs ? detail::BPanelStrides{g.lanes, g.sublanes,
                                             lb.tileCols() * g.sublanes *
                                                 g.lanes}
                     : detail::BPanelStrides{NR * ks, std::max<int64_t>(
                                                          kDepth / ks, 1),
                                             0};
  slabNb = readRhs ? nnb
                   : std::clamp<int64_t>(
                         std::max<int64_t>(options.packedRhsBudget, 0) /
                             std::max<int64_t>(blockBytes, 1),
                         std::min<int64_t>(threads, nnb), nnb);

  // Row chunks: up to 16 register panels, fewer when that leaves threads
  // idle.
  // lazyA (f32 panels, no exactness scan of the whole A first) when a
  // packed A would be large.
  lazyA = std::is_same_v<Packed, float> && !checkExact &&
          double(parts) * double(nkb) * double(rowPanels) *
                  double(aPanelSize) * sizeof(Packed) >
              double(8 << 20);
  // With lazyA a task is a whole row chunk, so there must be enough of
  // them.
  chunkPanels = std::min<int64_t>(16, rowPanels);
  while (chunkPanels > 1 &&
         ((rowPanels + chunkPanels - 1) / chunkPanels) * (lazyA ? 1 : slabNb) <
             2 * threads)
    chunkPanels = (chunkPanels + 1) / 2;
  chunks = (rowPanels + chunkPanels - 1) / chunkPanels;
}

/// Whether the kernel can read B's column panels in place: f32 values
/// used as they are (no bf16 rounding, no int8 widening), every NR-column
/// panel within one tile column, every k block starting a tile row.
template <typename A, typename B, typename Acc, typename Mode>
bool MatmulRun<A, B, Acc, Mode>::canReadRhs() const {
  if constexpr (!std::is_same_v<B, float> || !std::is_same_v<Packed, float>)
    return false;
  const Geometry g = lb.geometry();
  return options.readRhsInPlace && !packedB && !options.rhsTransposed &&
         precision == Precision::F32 &&
         g.lanes % NR == 0 && m % NR == 0 && m % g.sublanes == 0;
}

/// Whether B's storage starts on a cache line. A weight the interpreter
/// borrows from its attribute is only 8-byte aligned, and the kernel's
/// vector loads across two lines cost it more than packing B (about a
/// tenth of a matmul).
template <typename A, typename B, typename Acc, typename Mode>
bool MatmulRun<A, B, Acc, Mode>::rhsOnCacheLine() const {
  return reinterpret_cast<uintptr_t>(rhs.data()) % kBufferAlignment == 0;
}

template <typename A, typename B, typename Acc, typename Mode>
Status MatmulRun<A, B, Acc, Mode>::allocatePanels() {
  if (Status st = aPack.allocate(
          static_cast<size_t>(lazyA ? 0 : parts * aPartStride()));
      !st)
    return st;
  if (Status st = bPack.allocate(
          static_cast<size_t>(readRhs ? 0 : parts * bPartStride()));
      !st)
    return st;
  skip.assign(static_cast<size_t>(parts * nkb * nnb), 0);
  if constexpr (Mode::kCorrection)
    colSums.assign(static_cast<size_t>(nkb * nnb * m), 0);
  if (checkExact) {
    aRanges.resize(static_cast<size_t>(nkb * chunks));
    bRanges.resize(static_cast<size_t>(nkb * slabNb));
  }
  return Status::success();
}

/// A panel's rows share their column segmentation (it depends on the
/// column only), so its R rows are read side by side and the panel is
/// written sequentially. R is a template constant so the row loop unrolls.
template <typename A, typename B, typename Acc, typename Mode>
template <int64_t R, bool Split>
void MatmulRun<A, B, Acc, Mode>::packAPanel(int64_t kbi, int64_t ip,
                                             Packed *dst,
                                             int64_t partStride) const {
  const int64_t k0 = (kb0 + kbi) * m, klen = std::min(m, K - k0);
  const int64_t rows = std::min<int64_t>(R, M - ip * R);
  // Zero only what is left unwritten but read by the kernel: rows past M
  // and the odd k slot of a last int8 pair.
  if (rows < R || klen % ks != 0)
    for (int part = 0; part < parts; ++part)
      std::fill(dst + part * partStride, dst + part * partStride + aPanelSize,
                Packed(0));
  auto put = [&](Packed *d, A v) {
    if constexpr (Split) {
      bf16 p[3];
      splitToBF16(v, parts, flush, p);
      for (int part = 0; part < parts; ++part)
        d[part * partStride] = encodePart<Packed>(p[part]);
    } else {
      *d = Mode::fromA(v, precision);
    }
  };
  forPanelRuns<R>(
      ip, rows, k0, klen, [&](const A *const *src, int64_t k1, int64_t n) {
        if (rows == R) {
          for (int64_t t = 0; t < n; ++t) {
            const int64_t k = k1 + t;
            Packed *d = dst + (k / ks) * R * ks + slot(k);
            for (int64_t r = 0; r < R; ++r)
              put(d + r * ks, src[r][t]);
          }
          return;
        }
        for (int64_t t = 0; t < n; ++t) {
          const int64_t k = k1 + t;
          Packed *d = dst + (k / ks) * R * ks + slot(k);
          for (int64_t r = 0; r < rows; ++r)
            put(d + r * ks, src[r][t]);
        }
      });
}

template <typename A, typename B, typename Acc, typename Mode>
template <int64_t R, typename F>
void MatmulRun<A, B, Acc, Mode>::forPanelRuns(int64_t ip, int64_t rows,
                                               int64_t k0, int64_t klen,
                                               F &&f) const {
  const A *src[R] = {};
  if (!win) {
    detail::forRowSegments(la, lhs.data(), ip * R, k0, k0 + klen,
                           [&](const A *, int64_t c, int64_t n) {
                             for (int64_t r = 0; r < rows; ++r)
                               src[r] = lhs.data() + la.offset(ip * R + r, c);
                             f(src, c - k0, n);
                           });
    return;
  }
  // Column k of the im2col matrix is channel k % C of tap k / C: each
  // tap's channels are one run of the image row the tap reads, split
  // where they cross a tile column of the image.
  const Layout &li = lhs.layout();
  const A *image = lhs.data();
  const int64_t C = win->channels, KW = win->window.kernelW;
  // Each row's origin once, then per tap the storage offset of the source
  // row's start (-1 at a halo), then per lane run its column's part: RFC
  // 3's address map is the sum of a row part and a column part,
  // offset(r, c) = offset(r, 0) + offset(0, c), so no division is repeated
  // per run (the divisions took a third of the packing of a 3x3
  // convolution's lhs).
  const int64_t lanes = li.geometry().lanes;
  int64_t from[R];
  ConvWindow::Origin origins[R];
  for (int64_t r = 0; r < rows; ++r)
    origins[r] = win->window.origin(ip * R + r);
  const bool oneTap = win->tap >= 0;
  for (int64_t k = k0; k < k0 + klen;) {
    const int64_t tap = oneTap ? win->tap : k / C, c = oneTap ? k : k % C;
    const int64_t end = oneTap ? k0 + klen : std::min(k0 + klen, (tap + 1) * C);
    for (int64_t r = 0; r < rows; ++r) {
      std::optional<int64_t> row =
          win->window.sourceRow(origins[r], tap / KW, tap % KW);
      from[r] = row ? li.offset(*row, 0) : -1;
    }
    TileGrid::forEachLaneRun(c, c + (end - k), lanes,
                             [&](int64_t cc, int64_t n) {
                               const int64_t col = li.offset(0, cc);
                               for (int64_t r = 0; r < rows; ++r)
                                 src[r] = from[r] >= 0 ? image + from[r] + col
                                                       : win->padRow.data();
                               f(src, k - k0 + (cc - c), n);
                             });
    k = end;
  }
}

template <typename A, typename B, typename Acc, typename Mode>
void MatmulRun<A, B, Acc, Mode>::packA(int64_t kbi, int64_t chunk,
                                        Packed *local) const {
  const int64_t ip0 = chunk * chunkPanels;
  const int64_t ip1 = std::min(rowPanels, ip0 + chunkPanels);
  const int64_t partStride = local ? localPartStride() : aPartStride();
  for (int64_t ip = ip0; ip < ip1; ++ip) {
    Packed *dst = local ? local + (kbi * chunkPanels + ip - ip0) * aPanelSize
                        : aPanel(kbi, ip);
    auto pack = [&](auto split) {
      switch (MR) {
      case 3:
        return packAPanel<3, decltype(split)::value>(kbi, ip, dst, partStride);
      case 4:
        return packAPanel<4, decltype(split)::value>(kbi, ip, dst, partStride);
      case 6:
        return packAPanel<6, decltype(split)::value>(kbi, ip, dst, partStride);
      default:
        return packAPanel<8, decltype(split)::value>(kbi, ip, dst, partStride);
      }
    };
    if constexpr (kSplits)
      if (split) {
        pack(std::true_type());
        continue;
      }
    pack(std::false_type());
  }
}

template <typename A, typename B, typename Acc, typename Mode>
bool MatmulRun<A, B, Acc, Mode>::isZeroBlock(int64_t k0, int64_t klen, int64_t n0,
                                       int64_t nlen) const {
  // A transposed rhs holds the block as rows [n0, n0 + nlen) x columns
  // [k0, k0 + klen).
  const bool t = options.rhsTransposed;
  const int64_t r0 = t ? n0 : k0, rows = t ? nlen : klen;
  const int64_t c0 = t ? k0 : n0, cols = t ? klen : nlen;
  bool zero = true;
  for (int64_t r = 0; r < rows && zero; ++r)
    detail::forRowSegments(lb, rhs.data(), r0 + r, c0, c0 + cols,
                           [&](const B *p, int64_t, int64_t n) {
                             for (int64_t j = 0; j < n; ++j)
                               zero &= detail::isZeroBits(p[j]);
                           });
  return zero;
}

template <typename A, typename B, typename Acc, typename Mode>
void MatmulRun<A, B, Acc, Mode>::packB(int64_t kbi, int64_t nbi) {
  const int64_t k0 = (kb0 + kbi) * m, klen = std::min(m, K - k0);
  const int64_t n0 = (nb0 + nbi) * m, nlen = std::min(m, N - n0);
  // A split rhs is checked part by part once packed (markZeroParts).
  if (!split && options.skipZeroBlocks && isZeroBlock(k0, klen, n0, nlen)) {
    setSkipped(0, kbi, nbi);
    return;
  }
  if (readRhs)
    return; // The kernel reads the block where it is.
  const int64_t panels = (nlen + NR - 1) / NR;
  for (int64_t jp = 0; jp < panels; ++jp) {
    // As for A: columns past the block and the odd k slot of an int8 pair.
    if ((jp + 1) * NR > nlen || klen % ks != 0)
      for (int part = 0; part < parts; ++part) {
        Packed *dst = bPanel(kbi, nbi, jp, part);
        std::fill(dst, dst + bPanelSize, Packed(0));
      }
  }
  if (options.rhsTransposed)
    packTransposedB(kbi, nbi, k0, klen, n0, nlen);
  else
    packRowsOfB(kbi, nbi, k0, klen, n0, nlen);
  if constexpr (kSplits)
    if (split && options.skipZeroBlocks)
      markZeroParts(kbi, nbi, klen, nlen);
}

template <typename A, typename B, typename Acc, typename Mode>
void MatmulRun<A, B, Acc, Mode>::markZeroParts(int64_t kbi, int64_t nbi,
                                               int64_t klen, int64_t nlen) {
  // The kernel reads the first ceil(klen / ks) rows of each panel.
  const int64_t used = (klen + ks - 1) / ks * NR * ks;
  for (int part = 0; part < parts; ++part) {
    bool zero = true;
    for (int64_t jp = 0; jp < (nlen + NR - 1) / NR && zero; ++jp) {
      const Packed *p = bPanel(kbi, nbi, jp, part);
      for (int64_t i = 0; i < used; ++i) {
        if constexpr (std::is_same_v<Packed, float>)
          zero &= detail::isZeroBits(p[i]);
        else
          zero &= detail::isZeroBits(bf16::fromBits(p[i]));
      }
    }
    if (zero)
      setSkipped(part, kbi, nbi);
  }
}

template <typename A, typename B, typename Acc, typename Mode>
void MatmulRun<A, B, Acc, Mode>::packRowsOfB(int64_t kbi, int64_t nbi,
                                             int64_t k0, int64_t klen,
                                             int64_t n0, int64_t nlen) {
  const int64_t partStride = bPartStride();
  for (int64_t k = 0; k < klen; ++k)
    detail::forRowSegments(
        lb, rhs.data(), k0 + k, n0, n0 + nlen,
        [&](const B *p, int64_t c, int64_t n) {
          // Walk the columns with a running (panel, column) pair: no
          // division per element.
          int64_t jp = (c - n0) / NR, jj = (c - n0) % NR;
          Packed *d = bPanel(kbi, nbi, jp) + (k / ks) * NR * ks + slot(k);
          if constexpr (kSplits)
            if (split) {
              for (int64_t t = 0; t < n; ++t) {
                putSplit(d + jj * ks, p[t], partStride);
                if (++jj == NR) {
                  jj = 0;
                  d += bPanelSize;
                }
              }
              return;
            }
          if constexpr (std::is_same_v<B, float> &&
                        std::is_same_v<Packed, float>) {
            // Runs contiguous in a panel row, converted as a vector.
            for (int64_t t = 0; t < n;) {
              const int64_t run = std::min(NR - jj, n - t);
              if (precision == Precision::BF16)
                roundRunToBF16(p + t, d + jj, run);
              else
                std::memcpy(d + jj, p + t, run * sizeof(float));
              t += run;
              jj = 0;
              d += bPanelSize;
            }
            return;
          }
          for (int64_t t = 0; t < n; ++t) {
            d[jj * ks] = Mode::fromB(p[t], precision);
            if constexpr (Mode::kCorrection)
              colSum(kbi, nbi)[c - n0 + t] += static_cast<uint32_t>(p[t]);
            if (++jj == NR) {
              jj = 0;
              d += bPanelSize;
            }
          }
        });
}

/// packB for a transposed rhs: row j of the rhs is column j of the weight,
/// so each rhs row segment [k0, k0 + klen) fills one panel column.
template <typename A, typename B, typename Acc, typename Mode>
void MatmulRun<A, B, Acc, Mode>::packTransposedB(int64_t kbi, int64_t nbi,
                                                  int64_t k0, int64_t klen,
                                                  int64_t n0, int64_t nlen) {
  const int64_t partStride = bPartStride();
  for (int64_t j = 0; j < nlen; ++j) {
    Packed *col = bPanel(kbi, nbi, j / NR) + (j % NR) * ks;
    detail::forRowSegments(
        lb, rhs.data(), n0 + j, k0, k0 + klen,
        [&](const B *p, int64_t c, int64_t n) {
          for (int64_t t = 0; t < n; ++t) {
            const int64_t k = c - k0 + t;
            Packed *d = col + (k / ks) * NR * ks + slot(k);
            if constexpr (kSplits)
              if (split) {
                putSplit(d, p[t], partStride);
                continue;
              }
            *d = Mode::fromB(p[t], precision);
            if constexpr (Mode::kCorrection)
              colSum(kbi, nbi)[j] += static_cast<uint32_t>(p[t]);
          }
        });
  }
}

/// The result: every logical slot is written by compute(), the padding is
/// zeroed here (no full memset); a single load copies acc first, so the
/// columns outside its nb block keep acc's values.
template <typename A, typename B, typename Acc, typename Mode>
Expected<TiledMatrix<Acc>> MatmulRun<A, B, Acc, Mode>::startResult() const {
  Expected<TiledMatrix<Acc>> allocated = TiledMatrix<Acc>::uninitialized(lc);
  if (!allocated)
    return allocated;
  TiledMatrix<Acc> result = allocated.take();
  result.fillPadding(Acc(0));
  if (only) {
    std::vector<Acc> row(static_cast<size_t>(N), Acc(0));
    for (int64_t i = 0; i < M; ++i) {
      if (!options.accIsZero)
        detail::readRowSegment(lc, acc.data(), i, 0, N, row.data());
      detail::writeRowSegment(result.layout(), result.data(), i, 0, N,
                              row.data());
    }
  }
  return result;
}

/// One work item: rows of chunk `chunk` x columns of block nb0 + nbi, all
/// k blocks in increasing order (RFC 6), in a local buffer; a multi-pass
/// precision's passes in RFC 6's order, on R from +0, then fl32(C + R).
template <typename A, typename B, typename Acc, typename Mode>
void MatmulRun<A, B, Acc, Mode>::compute(int64_t chunk, int64_t nbi,
                                         Acc *out,
                                         const Packed *localA) const {
  const int64_t ip0 = chunk * chunkPanels;
  const int64_t ip1 = std::min(rowPanels, ip0 + chunkPanels);
  const int64_t r0 = ip0 * MR, r1 = std::min(M, ip1 * MR);
  const int64_t n0 = (nb0 + nbi) * m, nlen = std::min(m, N - n0);
  const int64_t ldc = (nlen + NR - 1) / NR * NR;
  const size_t size = static_cast<size_t>((ip1 - ip0) * MR * ldc);
  std::vector<Acc> cbuf(size, Acc(0));
  if (!options.accIsZero)
    for (int64_t i = r0; i < r1; ++i)
      detail::readRowSegment(lc, acc.data(), i, n0, n0 + nlen,
                             cbuf.data() + (i - r0) * ldc);
  if (passes.size() == 1) {
    runPass(0, 0, chunk, nbi, cbuf.data(), ldc, localA);
  } else if constexpr (kSplits) {
    std::vector<float> r(size, 0.0f);
    for (size_t p = 0; p + 1 < passes.size(); ++p)
      runPass(passes[p].lhs, passes[p].rhs, chunk, nbi, r.data(), ldc,
              localA);
    for (float &x : r) // zeroNonFinite: x where |x| < inf, else +0
      if (!(std::fabs(x) < std::numeric_limits<float>::infinity()))
        x = 0.0f;
    runPass(0, 0, chunk, nbi, r.data(), ldc, localA);
    for (size_t i = 0; i < size; ++i)
      cbuf[i] = cbuf[i] + r[i]; // D = fl32(C + R)
  }
  if constexpr (Mode::kCorrection)
    correct(nbi, r0, r1, nlen, cbuf.data(), ldc);
  for (int64_t i = r0; i < r1; ++i)
    detail::writeRowSegment(lc, out, i, n0, n0 + nlen,
                            cbuf.data() + (i - r0) * ldc);
}

template <typename A, typename B, typename Acc, typename Mode>
void MatmulRun<A, B, Acc, Mode>::runPass(int lp, int rp, int64_t chunk,
                                         int64_t nbi, Acc *cbuf, int64_t ldc,
                                         const Packed *localA) const {
  const int64_t ip0 = chunk * chunkPanels;
  const int64_t ip1 = std::min(rowPanels, ip0 + chunkPanels);
  auto aOf = [&](int64_t kbi, int64_t ip) -> const Packed * {
    return localA ? localA + lp * localPartStride() +
                        (kbi * chunkPanels + ip - ip0) * aPanelSize
                  : aPanel(kbi, ip, lp);
  };
  const int64_t n0 = (nb0 + nbi) * m, nlen = std::min(m, N - n0);
  const int64_t panels = (nlen + NR - 1) / NR;
  for (int64_t kbi = 0; kbi < nkb; ++kbi) {
    if (skipped(rp, kbi, nbi))
      continue;
    const int64_t k0 = (kb0 + kbi) * m, klen = std::min(m, K - k0);
    const int64_t kunits = (klen + ks - 1) / ks;
    for (int64_t jp = 0; jp < panels; ++jp) {
      const Packed *bp = kernelBPanel(kbi, nbi, jp, rp);
      // The next B panel this item reads, fetched into L2 a slice per
      // kernel call, so its first pass does not wait on memory.
      int64_t nextKb = jp + 1 < panels ? kbi : kbi + 1;
      while (nextKb < nkb && nextKb != kbi && skipped(rp, nextKb, nbi))
        ++nextKb;
      const Packed *next =
          nextKb < nkb
              ? kernelBPanel(nextKb, nbi, jp + 1 < panels ? jp + 1 : 0, rp)
              : nullptr;
      const int64_t nextRows =
          nextKb < nkb ? (std::min(m, K - (kb0 + nextKb) * m) + ks - 1) / ks
                       : 0;
      const int64_t rowsPerCall = (nextRows + (ip1 - ip0) - 1) / (ip1 - ip0);
      for (int64_t ip = ip0; ip < ip1; ++ip) {
        if (next)
          prefetchPanelRows(next, (ip - ip0) * rowsPerCall,
                            std::min(nextRows, (ip - ip0 + 1) * rowsPerCall));
        Acc *c = cbuf + (ip - ip0) * MR * ldc + jp * NR;
        if constexpr (std::is_same_v<Packed, float>)
          slabKernel(kunits, aOf(kbi, ip), bp, bStrides, c, ldc);
        else
          kernel(kunits, aOf(kbi, ip), bp, c, ldc);
      }
    }
  }
}

/// RFC 8's figures of the loads issued and skipped.
template <typename A, typename B, typename Acc, typename Mode>
Expected<MatmulStats> MatmulRun<A, B, Acc, Mode>::count() const {
  // A multi-pass precision: every pass's loads (issued or skipped), the
  // logical MACs those of the hi.hi pass (the matmul's own, once).
  const int64_t mPad = la.paddedShape().rows;
  UtilizationTotals totals;
  MatmulStats hiHi;
  for (Pass pass : passes) {
    MatmulStats stats;
    for (int64_t kbi = 0; kbi < nkb; ++kbi)
      for (int64_t nbi = 0; nbi < nnb; ++nbi) {
        if (skipped(pass.rhs, kbi, nbi)) {
          ++stats.skippedLoads;
          continue;
        }
        if (!addIssuedLoad(stats, {M, K, N, mPad, m}, kb0 + kbi, nb0 + nbi))
          return Error(std::string(only ? "simulateMxuBlock: "
                                        : "simulateMatmul: ") +
                       kStatsOverflow);
      }
    totals.add(stats);
    hiHi = stats;
  }
  Expected<MatmulStats> sum = totals.stats();
  if (!sum)
    return Error(std::string(only ? "simulateMxuBlock: "
                                  : "simulateMatmul: ") +
                 kStatsOverflow);
  sum->logicalMacs = hiHi.logicalMacs;
  sum->paddingMacs = sum->issuedMacs - hiHi.logicalMacs;
  return sum;
}

/// The exponents of the logical elements of `m` (f32 or bf16 values).
template <typename T> ExponentRange logicalExponents(const TiledMatrix<T> &m) {
  ExponentRange r;
  float buf[256];
  for (int64_t row = 0; row < m.shape().rows; ++row)
    detail::forRowSegments(
        m.layout(), m.data(), row, 0, m.shape().cols,
        [&](const T *p, int64_t, int64_t n) {
          for (int64_t i0 = 0; i0 < n; i0 += 256) {
            const int64_t len = std::min<int64_t>(256, n - i0);
            if constexpr (std::is_same_v<T, float>) {
              r.scan(p + i0, len);
            } else {
              for (int64_t i = 0; i < len; ++i)
                buf[i] = p[i0 + i].toFloat();
              r.scan(buf, len);
            }
          }
        });
  return r;
}

/// Whether ModeBF16Pairs gives RFC 6's bits for these operands once they
/// are bf16 values (split into `parts` parts each): every product exact
/// and every partial sum a multiple of 2^-126 (so never subnormal). A
/// product's lowest bit is at least 2^(Ea-134 + Eb-134), hence Ea_min +
/// Eb_min >= 142; a sum of multiples of 2^-126 below 2^-102 is exact and
/// above it its ulp is at least 2^-125, so the partial sums stay multiples
/// too. f32 values rounded to bf16 may gain one in exponent (rounding up),
/// never lose one. The parts after the first of an f32 element of biased
/// exponent E are multiples of its ulp, 2^(E-150), so a nonzero one has an
/// exponent of at least E - 23 (which must be normal); a bf16 element's are
/// zero.
template <typename A, typename B>
bool bf16PairsExact(const TiledMatrix<A> &lhs, const TiledMatrix<B> &rhs,
                    int parts) {
  ExponentRange a = logicalExponents(lhs), b = logicalExponents(rhs);
  if (a.special || b.special)
    return false;
  if (!a.anyNonZero() || !b.anyNonZero())
    return true;
  const uint32_t ua = std::is_same_v<A, float> ? 1 : 0;
  const uint32_t ub = std::is_same_v<B, float> ? 1 : 0;
  const uint32_t da = parts > 1 && ua ? 23 : 0, db = parts > 1 && ub ? 23 : 0;
  if (a.minE <= da || b.minE <= db)
    return false;
  return (a.minE - da) + (b.minE - db) >= 142 && a.maxE + ua <= 254 &&
         b.maxE + ub <= 254 && a.maxE + ua + b.maxE + ub <= 380;
}

/// MatmulRun with the mode the kernel path and the operands call for: int8
/// packs to byte quads where the path has vpdpbusd (int16 pairs
/// elsewhere); bf16 values go to bf16 pairs where the CPU has vdpbf16ps
/// and their exponents allow it (f32 panels elsewhere).
/// `pairsAllowed` false keeps bf16 values off the pair mode (an lhs read
/// through a window with a nonzero pad value, which the exponent scan of
/// `lhs` does not see).
template <typename A, typename B, typename Acc, typename... Args>
Expected<MatmulResult<Acc>>
runMatmul(bool pairsAllowed, const TiledMatrix<A> &lhs,
          const TiledMatrix<B> &rhs, Precision precision,
          const MatmulOptions &options, Args &&...args) {
  detail::KernelSet set;
  const bool known = getKernels(options.path, set);
  recordKernelRun(KernelFamily::MatmulSimulator,
                  resolveKernelPath(options.path));
  if constexpr (std::is_same_v<Acc, int32_t>) {
    if (known && set.i8Quad)
      return MatmulRun<A, B, Acc, ModeI8Quad>(std::forward<Args>(args)...)
          .run();
  } else {
    const bool bf16Values =
        precision != Precision::F32 ||
        (std::is_same_v<A, bf16> && std::is_same_v<B, bf16>);
    if (pairsAllowed && known && set.bf16Pairs && bf16Values &&
        options.fuseExactProducts &&
        bf16PairsExact(lhs, rhs, passCount(precision) > 1
                                     ? (precision == Precision::BF16_6X ? 3
                                                                        : 2)
                                     : 1))
      return MatmulRun<A, B, Acc, ModeBF16Pairs>(std::forward<Args>(args)...)
          .run();
  }
  return MatmulRun<A, B, Acc>(std::forward<Args>(args)...).run();
}

template <typename A, typename B, typename Acc>
Expected<MatmulResult<Acc>>
matmul(const TiledMatrix<A> &lhs, const TiledMatrix<B> &rhs,
       const TiledMatrix<Acc> &acc, Precision precision,
       const MatmulOptions &options) {
  if (Status s = validate("simulateMatmul", lhs, rhs, acc, options); !s)
    return Error(s.message());
  return runMatmul<A, B, Acc>(true, lhs, rhs, precision, options, lhs, rhs, acc,
                              precision, options, std::nullopt);
}

template <typename A, typename B, typename Acc>
Expected<MatmulResult<Acc>>
matmulInPlace(const TiledMatrix<A> &lhs, const TiledMatrix<B> &rhs,
              TiledMatrix<Acc> &&acc, Precision precision,
              const MatmulOptions &options) {
  if (Status s = validate("simulateMatmul", lhs, rhs, acc, options); !s)
    return Error(s.message());
  if (acc.data() == nullptr || acc.data() == static_cast<const void *>(lhs.data()) ||
      acc.data() == static_cast<const void *>(rhs.data()))
    return Error("simulateMatmul: the accumulator written in place must be "
                 "a storage of its own, not an operand's");
  return runMatmul<A, B, Acc>(true, lhs, rhs, precision, options, lhs, rhs, acc,
                              precision, options, std::nullopt, &acc);
}

template <typename A, typename B, typename Acc>
Expected<MatmulResult<Acc>>
mxuBlock(const TiledMatrix<A> &lhs, const TiledMatrix<B> &rhs,
         const TiledMatrix<Acc> &acc, int64_t kb, int64_t nb,
         Precision precision, const MatmulOptions &options) {
  if (Status s = validate("simulateMxuBlock", lhs, rhs, acc, options); !s)
    return Error(s.message());
  const Shape weight = weightShape(rhs, options);
  const int64_t mxu = rhs.geometry().mxu;
  const int64_t KB = (weight.rows + mxu - 1) / mxu;
  const int64_t NB = (weight.cols + mxu - 1) / mxu;
  if (kb < 0 || kb >= KB)
    return Error("simulateMxuBlock: kb = " + std::to_string(kb) +
                 " is out of range: K = " + std::to_string(weight.rows) +
                 " with mxu = " + std::to_string(rhs.geometry().mxu) +
                 " has k blocks [0, " + std::to_string(KB) + ")");
  if (nb < 0 || nb >= NB)
    return Error("simulateMxuBlock: nb = " + std::to_string(nb) +
                 " is out of range: N = " + std::to_string(weight.cols) +
                 " with mxu = " + std::to_string(rhs.geometry().mxu) +
                 " has n blocks [0, " + std::to_string(NB) + ")");
  return runMatmul<A, B, Acc>(true, lhs, rhs, precision, options, lhs, rhs, acc,
                              precision, options, Block{kb, nb});
}

/// simulateWindowMatmul(InPlace): `inPlace` is `acc` or null.
template <typename A, typename B, typename Acc>
Expected<MatmulResult<Acc>>
windowMatmul(const TiledMatrix<A> &image, const ConvWindow &window, A pad,
             const TiledMatrix<B> &rhs, const TiledMatrix<Acc> &acc,
             Precision precision, const MatmulOptions &options, int64_t tap,
             TiledMatrix<Acc> *inPlace) {
  const char *op = "simulateWindowMatmul";
  if (std::string bad = window.check(); !bad.empty())
    return Error(std::string(op) + ": the window is malformed: " + bad);
  if (tap < -1 || tap >= window.taps())
    return Error(std::string(op) + ": tap " + std::to_string(tap) +
                 " is outside the window's " + std::to_string(window.taps()) +
                 " taps");
  if (image.shape().rows != window.inputRows())
    return Error(std::string(op) + ": the image has " +
                 std::to_string(image.shape().rows) + " rows but the " +
                 "window reads " + std::to_string(window.inputRows()) +
                 " (N*H*W)");
  const int64_t channels = image.shape().cols;
  if (channels < 1 || window.taps() > (int64_t(1) << 40) / channels)
    return Error(std::string(op) + ": KH*KW*C is out of range");
  Expected<Layout> layout = Layout::get(
      {window.outputRows(), (tap < 0 ? window.taps() : 1) * channels},
      image.geometry());
  if (!layout)
    return Error(std::string(op) + ": the im2col matrix: " + layout.error());
  if (Status s = validate(op, *layout, rhs, acc, options); !s)
    return Error(s.message());
  if (inPlace && (acc.data() == nullptr ||
                  acc.data() == static_cast<const void *>(image.data()) ||
                  acc.data() == static_cast<const void *>(rhs.data())))
    return Error(std::string(op) + ": the accumulator written in place must "
                 "be a storage of its own, not an operand's");
  WindowSource<A> source{&image, window, channels, tap, *layout,
                         std::vector<A>(static_cast<size_t>(
                                            image.geometry().lanes),
                                        pad)};
  return runMatmul<A, B, Acc>(detail::isZeroBits(pad), image, rhs, precision,
                              options, image, rhs, acc, precision, options,
                              std::nullopt, inPlace, &source);
}

/// simulateWindowTapsInPlace: the taps one after the other, image by image
/// when the images' rows are whole tile rows.
template <typename A, typename B, typename Acc>
Expected<MatmulResult<Acc>>
windowTaps(const TiledMatrix<A> &image, const ConvWindow &window, A pad,
           const std::vector<const TiledMatrix<B> *> &rhs,
           const std::vector<int64_t> &taps, TiledMatrix<Acc> &&acc,
           Precision precision, const MatmulOptions &options,
           std::vector<MatmulStats> *perTap) {
  const char *op = "simulateWindowTapsInPlace";
  if (rhs.empty() || rhs.size() != taps.size() ||
      std::find(rhs.begin(), rhs.end(), nullptr) != rhs.end())
    return Error(std::string(op) + ": one weight per tap is needed (" +
                 std::to_string(rhs.size()) + " weights, " +
                 std::to_string(taps.size()) + " taps)");
  if (std::string bad = window.check(); !bad.empty())
    return Error(std::string(op) + ": the window is malformed: " + bad);
  const int64_t s = image.geometry().sublanes;
  const int64_t hw = window.height * window.width;
  const int64_t ohw = window.outHeight() * window.outWidth();
  const bool perImage = window.batch > 1 && hw % s == 0 && ohw % s == 0 &&
                        image.shape().rows == window.inputRows() &&
                        acc.shape().rows == window.outputRows() &&
                        acc.geometry() == image.geometry();
  // The taps over one image (or all), in place over `target`, each tap's
  // figures into `stats`.
  auto runTaps = [&](const TiledMatrix<A> &img, const ConvWindow &w,
                     TiledMatrix<Acc> target, const MatmulOptions &options,
                     std::vector<MatmulStats> &stats)
      -> Expected<TiledMatrix<Acc>> {
    for (size_t t = 0; t < taps.size(); ++t) {
      // accIsZero promises the first tap's accumulator: the later ones
      // read the taps' sum so far.
      MatmulOptions o = options;
      o.accIsZero = options.accIsZero && t == 0;
      Expected<MatmulResult<Acc>> r = windowMatmul<A, B, Acc>(
          img, w, pad, *rhs[t], target, precision, o, taps[t], &target);
      if (!r)
        return Error(r.error());
      stats[t] = r->stats;
      target = std::move(r->result);
    }
    return target;
  };
  std::vector<MatmulStats> stats(taps.size());
  TiledMatrix<Acc> result;
  if (!perImage) {
    Expected<TiledMatrix<Acc>> r =
        runTaps(image, window, std::move(acc), options, stats);
    if (!r)
      return Error(r.error());
    result = r.take();
  } else {
    ConvWindow one = window;
    one.batch = 1;
    Expected<Layout> li =
        Layout::get({hw, image.shape().cols}, image.geometry());
    Expected<Layout> la = Layout::get({ohw, acc.shape().cols}, acc.geometry());
    if (!li || !la)
      return Error(std::string(op) + ": " + (li ? la.error() : li.error()));
    // Row n*H*W (n*OH*OW) starts a tile row: image n is one run of the
    // storage. The images run in parallel, each on one thread.
    Acc *out = acc.data();
    std::vector<std::vector<MatmulStats>> perImageStats(
        static_cast<size_t>(window.batch),
        std::vector<MatmulStats>(taps.size()));
    std::vector<std::string> errors(static_cast<size_t>(window.batch));
    MatmulOptions single = options;
    single.threads = 1;
    parallelFor(static_cast<int>(resolveThreads(options.threads)),
                window.batch, [&](int64_t n) {
      auto img = TiledMatrix<A>::view(
          *li, const_cast<A *>(image.data()) + image.layout().offset(n * hw, 0),
          image.padKind());
      auto part = TiledMatrix<Acc>::view(
          *la, out + acc.layout().offset(n * ohw, 0), acc.padKind());
      Expected<TiledMatrix<Acc>> r = runTaps(
          img, one, std::move(part), single, perImageStats[size_t(n)]);
      if (!r)
        errors[size_t(n)] = r.error();
    });
    for (const std::string &e : errors)
      if (!e.empty())
        return Error(e);
    // The weight loads are those of one run over all rows (the first
    // image's); the MACs of every image add up.
    stats = perImageStats[0];
    for (size_t n = 1; n < perImageStats.size(); ++n)
      for (size_t t = 0; t < taps.size(); ++t) {
        stats[t].logicalMacs += perImageStats[n][t].logicalMacs;
        stats[t].issuedMacs += perImageStats[n][t].issuedMacs;
        stats[t].paddingMacs += perImageStats[n][t].paddingMacs;
        stats[t].haloMacs += perImageStats[n][t].haloMacs;
      }
    acc.setPadKind(PadKind::Zero);
    result = std::move(acc);
  }
  MatmulStats total;
  for (const MatmulStats &t : stats)
    total += t;
  if (perTap)
    *perTap = stats;
  return MatmulResult<Acc>{std::move(result), total};
}

} // namespace

#define SYSTILE_DEFINE_MATMUL(A, B, ACC)                                       \
  Expected<MatmulResult<ACC>> simulateMatmul(                                  \
      const TiledMatrix<A> &lhs, const TiledMatrix<B> &rhs,                    \
      const TiledMatrix<ACC> &acc, Precision precision,                        \
      const MatmulOptions &options) {                                          \
    return matmul(lhs, rhs, acc, precision, options);                          \
  }                                                                            \
  Expected<MatmulResult<ACC>> simulateMatmulInPlace(                           \
      const TiledMatrix<A> &lhs, const TiledMatrix<B> &rhs,                    \
      TiledMatrix<ACC> &&acc, Precision precision,                             \
      const MatmulOptions &options) {                                          \
    return matmulInPlace(lhs, rhs, std::move(acc), precision, options);        \
  }                                                                            \
  Expected<MatmulResult<ACC>> simulateMxuBlock(                                \
      const TiledMatrix<A> &lhs, const TiledMatrix<B> &rhs,                    \
      const TiledMatrix<ACC> &acc, int64_t kb, int64_t nb,                     \
      Precision precision, const MatmulOptions &options) {                     \
    return mxuBlock(lhs, rhs, acc, kb, nb, precision, options);                \
  }                                                                            \
  Expected<MatmulResult<ACC>> simulateWindowMatmul(                            \
      const TiledMatrix<A> &image, const ConvWindow &window, A pad,            \
      const TiledMatrix<B> &rhs, const TiledMatrix<ACC> &acc,                  \
      Precision precision, const MatmulOptions &options, int64_t tap) {        \
    return windowMatmul<A, B, ACC>(image, window, pad, rhs, acc, precision,    \
                                   options, tap, nullptr);                     \
  }                                                                            \
  Expected<MatmulResult<ACC>> simulateWindowMatmulInPlace(                     \
      const TiledMatrix<A> &image, const ConvWindow &window, A pad,            \
      const TiledMatrix<B> &rhs, TiledMatrix<ACC> &&acc, Precision precision,  \
      const MatmulOptions &options, int64_t tap) {                             \
    return windowMatmul<A, B, ACC>(image, window, pad, rhs, acc, precision,    \
                                   options, tap, &acc);                        \
  }                                                                            \
  Expected<MatmulResult<ACC>> simulateWindowTapsInPlace(                       \
      const TiledMatrix<A> &image, const ConvWindow &window, A pad,            \
      const std::vector<const TiledMatrix<B> *> &rhs,                          \
      const std::vector<int64_t> &taps, TiledMatrix<ACC> &&acc,                \
      Precision precision, const MatmulOptions &options,                       \
      std::vector<MatmulStats> *perTap) {                                      \
    return windowTaps<A, B, ACC>(image, window, pad, rhs, taps, std::move(acc),\
                                 precision, options, perTap);                  \
  }

SYSTILE_DEFINE_MATMUL(float, float, float)
SYSTILE_DEFINE_MATMUL(float, bf16, float)
SYSTILE_DEFINE_MATMUL(bf16, float, float)
SYSTILE_DEFINE_MATMUL(bf16, bf16, float)
SYSTILE_DEFINE_MATMUL(int8_t, int8_t, int32_t)

#undef SYSTILE_DEFINE_MATMUL

} // namespace systile::rt
