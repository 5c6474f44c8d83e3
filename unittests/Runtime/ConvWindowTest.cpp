//===- ConvWindowTest.cpp - Convolution windows against index loops -------===//
//
// im2col and convTap on a packed N*H*W x C matrix against the dense im2col
// matrix built here by plain loops over (n, oh, ow, kh, kw, c) from the
// convolution's definition, packed again: the storage bits must be equal
// (channel runs that cross lane tiles on both sides included). The closed
// forms of ConvWindow (OH, OW, haloRows, haloMacs) against counting.
// simulateWindowMatmul, which reads the im2col matrix from the image as it
// packs it, against simulateMatmul of the built im2col matrix: the same
// bits on every kernel path, in place or not.
//
//===----------------------------------------------------------------------===//

#include "systile/Runtime/ConvWindow.h"
#include "systile/Runtime/Matmul.h"
#include "systile/Runtime/Relayout.h"

#include "gtest/gtest.h"

#include <cstring>
#include <vector>

using namespace systile::rt;

namespace {

struct Dims {
  int64_t n, h, w, c, kh, kw, sh, sw, dh, dw, pt, pl, pb, pr;
};

ConvWindow windowOf(const Dims &d) {
  ConvWindow w;
  w.batch = d.n;
  w.height = d.h;
  w.width = d.w;
  w.kernelH = d.kh;
  w.kernelW = d.kw;
  w.strideH = d.sh;
  w.strideW = d.sw;
  w.dilationH = d.dh;
  w.dilationW = d.dw;
  w.padTop = d.pt;
  w.padLeft = d.pl;
  w.padBottom = d.pb;
  w.padRight = d.pr;
  return w;
}

/// OH by counting the positions whose last tap stays inside the padded
/// image.
int64_t countOut(int64_t size, int64_t lo, int64_t hi, int64_t k, int64_t s,
                 int64_t dil) {
  int64_t count = 0;
  for (int64_t o = 0; o * s + (k - 1) * dil < size + lo + hi; ++o)
    ++count;
  return count;
}

/// The dense im2col matrix (rows (n, oh, ow), columns (kh, kw, c)) of the
/// dense NHWC image `x`, `pad` for halo reads; or only tap `tap` when it is
/// >= 0.
std::vector<float> im2colDense(const Dims &d, const std::vector<float> &x,
                               float pad, int64_t tap = -1) {
  const int64_t oh = countOut(d.h, d.pt, d.pb, d.kh, d.sh, d.dh);
  const int64_t ow = countOut(d.w, d.pl, d.pr, d.kw, d.sw, d.dw);
  std::vector<float> out;
  for (int64_t n = 0; n < d.n; ++n)
    for (int64_t i = 0; i < oh; ++i)
      for (int64_t j = 0; j < ow; ++j)
        for (int64_t a = 0; a < d.kh; ++a)
          for (int64_t b = 0; b < d.kw; ++b) {
            if (tap >= 0 && a * d.kw + b != tap)
              continue;
            const int64_t y = i * d.sh + a * d.dh - d.pt;
            const int64_t z = j * d.sw + b * d.dw - d.pl;
            for (int64_t c = 0; c < d.c; ++c)
              out.push_back(y >= 0 && y < d.h && z >= 0 && z < d.w
                                ? x[((n * d.h + y) * d.w + z) * d.c + c]
                                : pad);
          }
  return out;
}

void expectSameStorage(const Expected<TiledBatch<float>> &got, Shape shape,
                       const std::vector<float> &dense, Geometry g) {
  ASSERT_TRUE(got) << got.error();
  ASSERT_EQ(got->shape(), shape);
  auto want = TiledBatch<float>::fromDense({}, shape, g, dense.data());
  ASSERT_TRUE(want) << want.error();
  ASSERT_EQ(got->size(), want->size());
  EXPECT_EQ(std::memcmp(std::as_const(*got).data(),
                        std::as_const(*want).data(),
                        want->size() * sizeof(float)),
            0);
}

const Dims kCases[] = {
    // n, h, w, c, kh, kw, sh, sw, dh, dw, pt, pl, pb, pr
    {1, 5, 5, 3, 3, 3, 1, 1, 1, 1, 1, 1, 1, 1},  // SAME
    {2, 7, 6, 5, 3, 2, 2, 1, 1, 2, 2, 0, 1, 3},  // strided, dilated, uneven
    {1, 4, 9, 6, 1, 3, 1, 3, 1, 1, 0, 2, 0, 2},  // C across lane tiles
    {3, 1, 11, 2, 1, 4, 1, 2, 1, 2, 0, 1, 0, 0}, // 1-D
    {1, 3, 3, 4, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0},  // identity
};

TEST(ConvWindow, ClosedFormsMatchCounting) {
  for (const Dims &d : kCases) {
    ConvWindow w = windowOf(d);
    ASSERT_EQ(w.check(), "");
    EXPECT_EQ(w.outHeight(), countOut(d.h, d.pt, d.pb, d.kh, d.sh, d.dh));
    EXPECT_EQ(w.outWidth(), countOut(d.w, d.pl, d.pr, d.kw, d.sw, d.dw));
    int64_t allHalo = 0;
    for (int64_t a = 0; a < d.kh; ++a)
      for (int64_t b = 0; b < d.kw; ++b) {
        int64_t halo = 0;
        for (int64_t r = 0; r < w.outputRows(); ++r)
          halo += !w.sourceRow(r, a, b);
        EXPECT_EQ(w.haloRows(a, b), halo) << "tap " << a << ", " << b;
        allHalo += halo;
      }
    // Every column of the im2col matrix, times 7 output columns.
    EXPECT_EQ(w.haloMacs(0, w.taps() * d.c, d.c, -1, 7), allHalo * d.c * 7);
  }
}

TEST(ConvWindow, HaloMacsOfABlockSplitsTaps) {
  // SAME 3x3 on 5x5, C = 3: tap 0 (corner) has 9 halo rows, tap 1 (edge)
  // 5. Columns [2, 6) are one column of tap 0 and three of tap 1.
  ConvWindow w = windowOf(kCases[0]);
  EXPECT_EQ(w.haloMacs(2, 6, 3, -1, 4), (9 * 1 + 5 * 3) * 4);
  // A window's columns are all its tap's: tap 4 (the centre) reads none.
  EXPECT_EQ(w.haloMacs(0, 3, 3, 4, 4), 0);
  EXPECT_EQ(w.haloMacs(0, 3, 3, 1, 4), 5 * 3 * 4);
}

TEST(ConvWindow, ChecksSizes) {
  Dims d = kCases[0];
  d.sh = 0;
  EXPECT_NE(windowOf(d).check(), "");
  d = kCases[0];
  d.dh = 4; // 1 + 2*4 = 9 > 5 + 2
  EXPECT_NE(windowOf(d).check().find("larger than the padded image"),
            std::string::npos);
  d = kCases[0];
  d.pl = -1;
  EXPECT_NE(windowOf(d).check(), "");
}

TEST(ConvWindow, Im2colAndTapsMatchIndexLoops) {
  for (Geometry g : {Geometry{2, 4, 4}, Geometry{8, 128, 128}})
    for (const Dims &d : kCases) {
      ConvWindow w = windowOf(d);
      std::vector<float> x(d.n * d.h * d.w * d.c);
      for (size_t i = 0; i < x.size(); ++i)
        x[i] = static_cast<float>(i + 1);
      auto in = TiledBatch<float>::fromDense({}, {d.n * d.h * d.w, d.c}, g,
                                             x.data());
      ASSERT_TRUE(in) << in.error();
      expectSameStorage(im2col(*in, w, -0.5f),
                        {w.outputRows(), w.taps() * d.c},
                        im2colDense(d, x, -0.5f), g);
      for (int64_t t = 0; t < w.taps(); ++t)
        expectSameStorage(convTap(*in, w, t / d.kw, t % d.kw, 2.0f),
                          {w.outputRows(), d.c}, im2colDense(d, x, 2.0f, t),
                          g);
    }
}

TEST(ConvWindow, RejectsOtherInputs) {
  ConvWindow w = windowOf(kCases[0]);
  std::vector<float> x(24 * 3, 1.0f);
  auto in = TiledBatch<float>::fromDense({}, {24, 3}, Geometry{2, 4, 4},
                                         x.data());
  ASSERT_TRUE(in);
  auto bad = im2col(*in, w, 0.0f);
  ASSERT_FALSE(bad);
  EXPECT_NE(bad.error().find("N*H*W = 25 rows"), std::string::npos)
      << bad.error();
  std::vector<float> y(25 * 3, 1.0f);
  auto ok = TiledBatch<float>::fromDense({}, {25, 3}, Geometry{2, 4, 4},
                                         y.data());
  ASSERT_TRUE(ok);
  EXPECT_FALSE(convTap(*ok, w, 3, 0, 0.0f));
}

/// Values with every fraction bit in use and both signs, so that a changed
/// order of operations shows in the bits.
template <typename T> std::vector<T> noisy(size_t n, uint32_t seed) {
  std::vector<T> v(n);
  uint32_t s = seed;
  for (T &x : v) {
    s = s * 1664525u + 1013904223u;
    if constexpr (std::is_same_v<T, int8_t>)
      x = static_cast<int8_t>(s >> 24);
    else
      x = (static_cast<float>(s >> 8) / float(1 << 24) - 0.5f) * 3.0f;
  }
  return v;
}

template <typename T, typename Acc>
void expectWindowMatmulAsIm2col(const Dims &d, Geometry g, T pad,
                                Precision precision) {
  ConvWindow w = windowOf(d);
  const int64_t rows = d.n * d.h * d.w, k = w.taps() * d.c, f = 5;
  std::vector<T> x = noisy<T>(rows * d.c, 1), b = noisy<T>(k * f, 2);
  std::vector<Acc> c(w.outputRows() * f);
  for (size_t i = 0; i < c.size(); ++i)
    c[i] = static_cast<Acc>(int(i % 7) - 3);
  auto image = TiledMatrix<T>::fromDense({rows, d.c}, g, x.data());
  auto rhs = TiledMatrix<T>::fromDense({k, f}, g, b.data());
  auto acc = TiledMatrix<Acc>::fromDense({w.outputRows(), f}, g, c.data());
  ASSERT_TRUE(image && rhs && acc);
  auto cols = im2col(TiledBatch<T>::fromMatrix(*image), w, pad);
  ASSERT_TRUE(cols) << cols.error();
  for (KernelPath path : availableKernelPaths()) {
    MatmulOptions options;
    options.path = path;
    options.threads = 2;
    auto want = simulateMatmul(cols->matrix(0), *rhs, *acc, precision, options);
    ASSERT_TRUE(want) << want.error();
    auto got = simulateWindowMatmul(*image, w, pad, *rhs, *acc, precision,
                                    options);
    ASSERT_TRUE(got) << got.error();
    auto inPlace = simulateWindowMatmulInPlace(
        *image, w, pad, *rhs, TiledMatrix<Acc>(*acc), precision, options);
    ASSERT_TRUE(inPlace) << inPlace.error();
    for (const auto *r : {&got->result, &inPlace->result}) {
      ASSERT_EQ(r->layout().numElements(), want->result.layout().numElements());
      EXPECT_EQ(std::memcmp(r->data(), want->result.data(),
                            want->result.layout().numElements() * sizeof(Acc)),
                0)
          << toString(path) << " " << g.str() << " c=" << d.c;
    }
    EXPECT_EQ(got->stats.issuedMacs, want->stats.issuedMacs);
    EXPECT_EQ(got->stats.weightLoads, want->stats.weightLoads);
    // One tap's columns (systile.window): the first C rows of b as the
    // weight.
    auto rhsTap = TiledMatrix<T>::fromDense({d.c, f}, g, b.data());
    ASSERT_TRUE(rhsTap);
    for (int64_t tap = 0; tap < w.taps(); ++tap) {
      auto lhs = convTap(TiledBatch<T>::fromMatrix(*image), w, tap / d.kw,
                         tap % d.kw, pad);
      ASSERT_TRUE(lhs) << lhs.error();
      auto one = simulateMatmul(lhs->matrix(0), *rhsTap, *acc, precision,
                                options);
      ASSERT_TRUE(one) << one.error();
      auto oneGot = simulateWindowMatmulInPlace(
          *image, w, pad, *rhsTap, TiledMatrix<Acc>(*acc), precision,
          options, tap);
      ASSERT_TRUE(oneGot) << oneGot.error();
      EXPECT_EQ(std::memcmp(oneGot->result.data(), one->result.data(),
                            one->result.layout().numElements() * sizeof(Acc)),
                0)
          << toString(path) << " " << g.str() << " tap " << tap;
    }
  }
}

TEST(ConvWindow, WindowMatmulIsMatmulOfIm2col) {
  for (Geometry g : {Geometry{2, 4, 4}, Geometry{4, 8, 16}, Geometry{8, 128, 128}})
    for (const Dims &d : kCases) {
      expectWindowMatmulAsIm2col<float, float>(d, g, -0.5f, Precision::F32);
      expectWindowMatmulAsIm2col<float, float>(d, g, 0.0f, Precision::BF16_3X);
      expectWindowMatmulAsIm2col<int8_t, int32_t>(d, g, int8_t(-3),
                                                  Precision::F32);
    }
}

TEST(ConvWindow, WindowMatmulRejectsOtherImages) {
  ConvWindow w = windowOf(kCases[0]);
  Geometry g{2, 4, 4};
  std::vector<float> x(24 * 3, 1.0f), b(27 * 2, 1.0f), c(25 * 2, 0.0f);
  auto image = TiledMatrix<float>::fromDense({24, 3}, g, x.data());
  auto rhs = TiledMatrix<float>::fromDense({27, 2}, g, b.data());
  auto acc = TiledMatrix<float>::fromDense({25, 2}, g, c.data());
  ASSERT_TRUE(image && rhs && acc);
  auto bad = simulateWindowMatmul(*image, w, 0.0f, *rhs, *acc, Precision::F32);
  ASSERT_FALSE(bad);
  EXPECT_NE(bad.error().find("the image has 24 rows but the window reads 25"),
            std::string::npos)
      << bad.error();
  ConvWindow broken = w;
  broken.strideH = 0;
  bad = simulateWindowMatmul(*image, broken, 0.0f, *rhs, *acc, Precision::F32);
  ASSERT_FALSE(bad);
  EXPECT_NE(bad.error().find("the window is malformed"), std::string::npos);
  bad = simulateWindowMatmul(*image, w, 0.0f, *rhs, *acc, Precision::F32, {},
                             9);
  ASSERT_FALSE(bad);
}

/// simulateWindowTapsInPlace against the taps one after the other
/// (simulateWindowMatmulInPlace each, over the whole batch): the same bits
/// and the same statistics per tap, on every kernel path, image by image
/// (H*W and OH*OW multiples of sublanes) and not.
template <typename T, typename Acc>
void expectTapsAsSequence(const Dims &d, Geometry g, T pad, Precision p) {
  const ConvWindow w = windowOf(d);
  const int64_t rows = w.inputRows(), out = w.outputRows(), f = 3;
  std::vector<T> x = noisy<T>(static_cast<size_t>(rows * d.c), 7);
  std::vector<TiledMatrix<T>> weights;
  std::vector<int64_t> taps;
  for (int64_t t = 0; t < w.taps(); ++t) {
    std::vector<T> b = noisy<T>(static_cast<size_t>(d.c * f), 100 + t);
    weights.push_back(*TiledMatrix<T>::fromDense({d.c, f}, g, b.data()));
    taps.push_back((t * 5) % w.taps()); // Not in order: any sequence.
  }
  std::vector<const TiledMatrix<T> *> rhs;
  for (const TiledMatrix<T> &m : weights)
    rhs.push_back(&m);
  std::vector<Acc> c(static_cast<size_t>(out * f));
  for (size_t i = 0; i < c.size(); ++i)
    c[i] = static_cast<Acc>(int64_t(i % 7) - 3);
  auto image = *TiledMatrix<T>::fromDense({rows, d.c}, g, x.data());
  auto acc = *TiledMatrix<Acc>::fromDense({out, f}, g, c.data());
  for (KernelPath path : availableKernelPaths())
  for (int threads : {1, 2}) {
    MatmulOptions o;
    o.path = path;
    o.threads = threads; // Two: the images in parallel.
    TiledMatrix<Acc> want = acc;
    std::vector<MatmulStats> wantStats;
    for (size_t t = 0; t < taps.size(); ++t) {
      auto r = simulateWindowMatmulInPlace(image, w, pad, weights[t],
                                           std::move(want), p, o, taps[t]);
      ASSERT_TRUE(r) << r.error();
      wantStats.push_back(r->stats);
      want = std::move(r->result);
    }
    std::vector<MatmulStats> got;
    auto r = simulateWindowTapsInPlace(image, w, pad, rhs, taps,
                                       TiledMatrix<Acc>(acc), p, o, &got);
    ASSERT_TRUE(r) << r.error();
    const std::string what = std::string(toString(path)) + " threads " +
                             std::to_string(threads) + " " +
                             std::to_string(d.n) + "x" + std::to_string(d.h) +
                             "x" + std::to_string(d.w);
    ASSERT_EQ(r->result.toDense(), want.toDense()) << what;
    if constexpr (std::is_same_v<Acc, float>) {
      std::vector<Acc> a = r->result.toDense(), b = want.toDense();
      EXPECT_EQ(std::memcmp(a.data(), b.data(), a.size() * sizeof(Acc)), 0)
          << what;
    }
    ASSERT_EQ(got.size(), wantStats.size());
    MatmulStats total;
    for (size_t t = 0; t < got.size(); ++t) {
      EXPECT_EQ(got[t], wantStats[t]) << what << " tap " << t;
      total += wantStats[t];
    }
    EXPECT_EQ(r->stats, total) << what;
    EXPECT_EQ(r->result.padKind(), PadKind::Zero);
    // accIsZero is the first tap's promise: over an accumulator of 7s
    // (never read), the taps' sum from +0.
    std::vector<Acc> zeros(c.size(), Acc(0)), sevens(c.size(), Acc(7));
    TiledMatrix<Acc> fromZero =
        *TiledMatrix<Acc>::fromDense({out, f}, g, zeros.data());
    for (size_t t = 0; t < taps.size(); ++t)
      fromZero = simulateWindowMatmulInPlace(image, w, pad, weights[t],
                                             std::move(fromZero), p, o, taps[t])
                     ->result;
    MatmulOptions promised = o;
    promised.accIsZero = true;
    auto z = simulateWindowTapsInPlace(
        image, w, pad, rhs, taps,
        *TiledMatrix<Acc>::fromDense({out, f}, g, sevens.data()), p, promised);
    ASSERT_TRUE(z) << z.error();
    EXPECT_EQ(z->result.toDense(), fromZero.toDense()) << what << " accIsZero";
  }
}

TEST(ConvWindow, TapsRunAsTheirSequence) {
  const Geometry g{2, 4, 4};
  // 4 images of 4x4 (H*W = 16, OH*OW = 16: image by image), SAME 3x3.
  const Dims byImage{4, 4, 4, 3, 3, 3, 1, 1, 1, 1, 1, 1, 1, 1};
  // 3 images of 1x11, strided and dilated: H*W = 11 and OH*OW = 3 are odd
  // (one run over all rows).
  const Dims whole = kCases[3];
  for (const Dims &d : {byImage, whole}) {
    expectTapsAsSequence<float, float>(d, g, 0.0f, Precision::F32);
    expectTapsAsSequence<float, float>(d, g, 0.5f, Precision::BF16_3X);
    expectTapsAsSequence<int8_t, int32_t>(d, g, int8_t(0), Precision::F32);
  }
  // Not one weight per tap.
  std::vector<float> x(16 * 3, 1.0f), c(16 * 3, 0.0f);
  auto image = *TiledMatrix<float>::fromDense({16, 3}, g, x.data());
  auto acc = *TiledMatrix<float>::fromDense({16, 3}, g, c.data());
  ConvWindow w = windowOf({1, 4, 4, 3, 3, 3, 1, 1, 1, 1, 1, 1, 1, 1});
  auto bad = simulateWindowTapsInPlace(image, w, 0.0f,
                                       std::vector<const TiledMatrix<float> *>{},
                                       {0}, std::move(acc), Precision::F32);
  ASSERT_FALSE(bad);
  EXPECT_NE(bad.error().find("one weight per tap"), std::string::npos);
}

} // namespace
