//===- MatmulPrecision.cpp - Multi-pass precisions and flushed bf16 -------===//
//
// RFC 6's multi-pass precisions, for D = A x B + C:
//
//   split(x, n): p0 = bf16(x), r = fl32(x - p0), p1 = bf16(r),
//                r = fl32(r - p1), p2 = bf16(r)
//   bf16_3x: R = dot(al, bh, 0); R = dot(ah, bl, R)
//   bf16_6x: R = dot(am, bm, 0); then al.bh, ah.bl, am.bh, ah.bm into R
//   both:    R = zeroNonFinite(R); R = dot(ah, bh, R); D = fl32(C + R)
//
// where dot(a, b, R) is RFC 6's blocked matmul of bf16 values with
// accumulator R: exactly what the simulator computes at precision bf16 on
// bf16 operands. So each operand is split once into TiledMatrix<bf16>
// parts of its own layout, and every pass is an ordinary bf16 x bf16
// simulation with R carried (in place) from pass to pass: the packing and
// the kernels of every path are the bf16 ones, unchanged. With
// flushSubnormals every bf16() above (and, at precision bf16, the one
// rounding of each operand) flushes a subnormal result to +-0.
//
//===----------------------------------------------------------------------===//

#include "MatmulPrecision.h"

#include "TileAccess.h"

#include <cmath>
#include <limits>
#include <type_traits>
#include <vector>

namespace systile::rt::detail {

namespace {

inline float widen(float v) { return v; }
inline float widen(bf16 v) { return v.toFloat(); }

/// bf16(f), flushed to +-0 when subnormal and `flush`.
inline bf16 toBF16(float f, bool flush) {
  const bf16 v = bf16::fromFloat(f);
  return flush ? flushSubnormal(v) : v;
}

/// RFC 6's split(x, n) of every storage slot of `m` (padding too: it is
/// never read), into n matrices of m's layout and pad kind; parts are
/// numbered high first. split(0) is all zeros, so zero padding stays zero.
template <typename T>
Expected<std::vector<TiledMatrix<bf16>>> splitParts(const TiledMatrix<T> &m,
                                                    int n, bool flush) {
  std::vector<TiledMatrix<bf16>> parts;
  for (int p = 0; p < n; ++p) {
    Expected<TiledMatrix<bf16>> part =
        TiledMatrix<bf16>::uninitialized(m.layout());
    if (!part)
      return Error(part.error());
    parts.push_back(part.take());
    parts.back().setPadKind(m.padKind());
  }
  std::vector<bf16 *> out;
  for (TiledMatrix<bf16> &part : parts)
    out.push_back(part.data());
  const T *x = m.data();
  for (int64_t i = 0, size = m.size(); i < size; ++i) {
    float r = widen(x[i]);
    for (int p = 0; p < n; ++p) {
      const bf16 part = toBF16(r, flush);
      out[p][i] = part;
      r = r - part.toFloat(); // fl32(r - p): -ffp-contract=off
    }
  }
  return parts;
}

/// One simulation of bf16 values at precision bf16 (RFC 6's dot with
/// accumulator `acc`): the whole matmul, in place over `*inPlace` (which
/// is `acc`) when given, or the one load `block`.
Expected<MatmulResult<float>>
dot(const TiledMatrix<bf16> &lhs, const TiledMatrix<bf16> &rhs,
    const TiledMatrix<float> &acc, TiledMatrix<float> *inPlace,
    std::optional<WeightBlock> block, const MatmulOptions &options) {
  if (block)
    return simulateMxuBlock(lhs, rhs, acc, block->kb, block->nb,
                            Precision::BF16, options);
  if (inPlace)
    return simulateMatmulInPlace(lhs, rhs, std::move(*inPlace), Precision::BF16,
                                 options);
  return simulateMatmul(lhs, rhs, acc, Precision::BF16, options);
}

/// One pass: (lhs part, rhs part), parts numbered high first.
struct Pass {
  int lhs, rhs;
};

/// The passes before zeroNonFinite, in RFC 6's order (hi.hi follows it).
std::vector<Pass> lowPasses(Precision precision) {
  if (precision == Precision::BF16_3X)
    return {{1, 0}, {0, 1}};                       // al.bh, ah.bl
  return {{1, 1}, {2, 0}, {0, 2}, {1, 0}, {0, 1}}; // am.bm, al.bh, ah.bl, ...
}

/// zeroNonFinite on every slot: x where |x| < inf, else +0 (NaN too).
void zeroNonFinite(TiledMatrix<float> &r) {
  for (float &x : r.storage())
    if (!(std::fabs(x) < std::numeric_limits<float>::infinity()))
      x = 0.0f;
}

/// out = fl32(out + r) on the logical slots of columns [c0, c1) (out and
/// r share one layout); the other columns keep out's bits, -0 included.
void addInto(TiledMatrix<float> &out, const TiledMatrix<float> &r, int64_t c0,
             int64_t c1) {
  float *o = out.data();
  const float *base = r.data();
  for (int64_t row = 0; row < r.shape().rows; ++row)
    forRowSegments(r.layout(), base, row, c0, c1,
                   [&](const float *p, int64_t, int64_t n) {
                     float *d = o + (p - base);
                     for (int64_t t = 0; t < n; ++t)
                       d[t] = d[t] + p[t];
                   });
}

/// The passes' figures: loads, issued and skipped summed over the passes,
/// the logical MACs those of the hi.hi pass (the matmul's own, once).
Expected<MatmulStats> passStats(const UtilizationTotals &passes,
                                const MatmulStats &hiHi) {
  Expected<MatmulStats> sum = passes.stats();
  if (!sum)
    return sum;
  sum->logicalMacs = hiHi.logicalMacs;
  sum->paddingMacs = sum->issuedMacs - hiHi.logicalMacs;
  return sum;
}

/// D = fl32(C + R) with R the multi-pass sum over the split parts.
Expected<MatmulResult<float>> multiPass(const std::vector<TiledMatrix<bf16>> &a,
                                        const std::vector<TiledMatrix<bf16>> &b,
                                        const TiledMatrix<float> &acc,
                                        Precision precision,
                                        const MatmulOptions &options,
                                        std::optional<WeightBlock> block,
                                        TiledMatrix<float> *inPlace) {
  Expected<TiledMatrix<float>> zero =
      TiledMatrix<float>::zeros(acc.shape(), acc.geometry());
  if (!zero)
    return Error(zero.error());
  TiledMatrix<float> r = zero.take();
  UtilizationTotals totals;
  auto run = [&](Pass pass) -> Expected<MatmulStats> {
    Expected<MatmulResult<float>> next =
        dot(a[pass.lhs], b[pass.rhs], r, &r, block, options);
    if (!next)
      return Error(next.error());
    r = std::move(next->result);
    totals.add(next->stats);
    return next->stats;
  };
  for (Pass pass : lowPasses(precision))
    if (Expected<MatmulStats> s = run(pass); !s)
      return Error(s.error());
  zeroNonFinite(r);
  Expected<MatmulStats> hiHi = run({0, 0});
  if (!hiHi)
    return Error(hiHi.error());
  Expected<MatmulStats> stats = passStats(totals, *hiHi);
  if (!stats)
    return Error(stats.error());
  std::optional<TiledMatrix<float>> copy;
  if (!inPlace) {
    Expected<TiledMatrix<float>> c = acc.clone();
    if (!c)
      return Error(c.error());
    copy = c.take();
  }
  TiledMatrix<float> &out = inPlace ? *inPlace : *copy;
  const int64_t mxu = acc.geometry().mxu, n = acc.shape().cols;
  const int64_t c0 = block ? block->nb * mxu : 0;
  addInto(out, r, c0, block ? std::min(n, c0 + mxu) : n);
  out.fillPadding(0.0f);
  return MatmulResult<float>{std::move(out), *stats};
}

} // namespace

template <typename A, typename B>
Expected<MatmulResult<float>>
matmulOnBF16Parts(const TiledMatrix<A> &lhs, const TiledMatrix<B> &rhs,
                  const TiledMatrix<float> &acc, Precision precision,
                  const MatmulOptions &options,
                  std::optional<WeightBlock> block,
                  TiledMatrix<float> *inPlace) {
  const int n = precision == Precision::BF16_6X   ? 3
                : precision == Precision::BF16_3X ? 2
                                                  : 1;
  Expected<std::vector<TiledMatrix<bf16>>> a =
      splitParts(lhs, n, options.flushSubnormals);
  if (!a)
    return Error(a.error());
  Expected<std::vector<TiledMatrix<bf16>>> b =
      splitParts(rhs, n, options.flushSubnormals);
  if (!b)
    return Error(b.error());
  // The parts are bf16 values already: no conversion is left to flush.
  MatmulOptions passOptions = options;
  passOptions.flushSubnormals = false;
  if (n == 1)
    return dot((*a)[0], (*b)[0], acc, inPlace, block, passOptions);
  return multiPass(*a, *b, acc, precision, passOptions, block, inPlace);
}

#define SYSTILE_INSTANTIATE(A, B)                                              \
  template Expected<MatmulResult<float>> matmulOnBF16Parts(                    \
      const TiledMatrix<A> &, const TiledMatrix<B> &,                          \
      const TiledMatrix<float> &, Precision, const MatmulOptions &,            \
      std::optional<WeightBlock>, TiledMatrix<float> *);
SYSTILE_INSTANTIATE(float, float)
SYSTILE_INSTANTIATE(float, bf16)
SYSTILE_INSTANTIATE(bf16, float)
SYSTILE_INSTANTIATE(bf16, bf16)
#undef SYSTILE_INSTANTIATE

} // namespace systile::rt::detail
