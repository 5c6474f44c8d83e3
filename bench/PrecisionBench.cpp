//===- PrecisionBench.cpp - What bf16_3x and bf16_6x cost, and buy --------===//
//
// Two tables for the multi-pass precisions (RFC 6):
//  * time: simulateMatmul of random f32 N x N x N matrices at precision
//    bf16 (the anchor, measured in the same run), bf16_3x and bf16_6x; the
//    repetitions are interleaved (bf16, 3x, 6x, bf16, ...) so that drift of
//    a shared machine hits each alike, and medians are compared: 3x/bf16
//    against <= 3.5 and 6x/bf16 against <= 7 (OK / MISSED);
//  * accuracy: on random matrices whose elements have exponents spread over
//    a range, the largest error of each precision (f32, bf16, bf16_3x,
//    bf16_6x, and bf16_6x with flushed subnormals) against the product in
//    f64 (two of the ranges make subnormal bf16 parts, so that flushing
//    shows): the max relative error |D(i,j) - ref(i,j)| / |ref(i,j)|, and the
//    same error relative to the scale of the element's dot product,
//    sum_k |a(i,k) b(k,j)|, which cancellation in the sum cannot blow up.
// It prints the CPU's instruction sets and the kernel path that ran.
//
// Usage: systile-precision-bench [--size N]... [--reps R]
//                                [--accuracy-size S] [--threads T]
// Defaults: sizes 1024 and 4096, 5 repetitions, accuracy on 256^3, all
// threads. Run it alone on an idle machine (bench/run_precision_bench.sh).
// Correctness is the tests' job (unittests/Runtime/MatmulPrecisionTest.cpp,
// test/Interpreter/precision.test).
//
//===----------------------------------------------------------------------===//

#include "systile/Runtime/Cpu.h"
#include "systile/Runtime/Matmul.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <vector>

using namespace systile::rt;

namespace {

struct Args {
  std::vector<int64_t> sizes;
  int reps = 5;
  int64_t accuracySize = 256;
  int threads = 0;
};

bool parseArgs(int argc, char **argv, Args &args) {
  for (int i = 1; i < argc; ++i) {
    const std::string flag = argv[i];
    if (i + 1 >= argc) {
      std::fprintf(stderr, "error: %s needs a value\n", flag.c_str());
      return false;
    }
    const long long v = std::atoll(argv[++i]);
    if (v <= 0) {
      std::fprintf(stderr, "error: %s must be positive\n", flag.c_str());
      return false;
    }
    if (flag == "--size")
      args.sizes.push_back(v);
    else if (flag == "--reps")
      args.reps = static_cast<int>(v);
    else if (flag == "--accuracy-size")
      args.accuracySize = v;
    else if (flag == "--threads")
      args.threads = static_cast<int>(v);
    else {
      std::fprintf(stderr, "error: unknown option %s\n", flag.c_str());
      return false;
    }
  }
  if (args.sizes.empty())
    args.sizes = {1024, 4096};
  return true;
}

/// n values m * 2^e, m uniform in [-1, 1), e uniform in [lo, hi].
std::vector<float> randomMatrix(std::mt19937 &rng, int64_t n, int lo, int hi) {
  std::uniform_real_distribution<float> mant(-1.0f, 1.0f);
  std::uniform_int_distribution<int> expo(lo, hi);
  std::vector<float> v(static_cast<size_t>(n));
  for (float &x : v)
    x = std::ldexp(mant(rng), expo(rng));
  return v;
}

void printMachine() {
  std::printf("cpu:");
  for (Isa isa :
       {Isa::AVX2, Isa::AVX2FMA, Isa::AVX512, Isa::AVX512VNNI, Isa::AVX512BF16})
    std::printf(" %s=%s", toString(isa), cpuSupports(isa) ? "yes" : "no");
  std::printf("\nkernel path: %s\n",
              toString(resolveKernelPath(KernelPath::Auto)));
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

/// Times bf16, bf16_3x and bf16_6x at n^3; false on a simulator error.
bool timeSize(int64_t n, const Args &args) {
  std::mt19937 rng(static_cast<unsigned>(n));
  auto a = TiledMatrix<float>::fromDense({n, n}, {},
                                         randomMatrix(rng, n * n, -8, 8));
  auto b = TiledMatrix<float>::fromDense({n, n}, {},
                                         randomMatrix(rng, n * n, -8, 8));
  auto c = TiledMatrix<float>::zeros({n, n});
  if (!a || !b || !c)
    return false;
  const Precision precisions[] = {Precision::BF16, Precision::BF16_3X,
                                  Precision::BF16_6X};
  std::vector<double> seconds[3];
  MatmulOptions o;
  o.threads = args.threads;
  for (int rep = 0; rep < args.reps; ++rep)
    for (int p = 0; p < 3; ++p) {
      const auto t0 = std::chrono::steady_clock::now();
      auto r = simulateMatmul(*a, *b, *c, precisions[p], o);
      const auto t1 = std::chrono::steady_clock::now();
      if (!r) {
        std::fprintf(stderr, "error: %s\n", r.error().c_str());
        return false;
      }
      seconds[p].push_back(std::chrono::duration<double>(t1 - t0).count());
    }
  std::printf("kernel path run: %s\n",
              toString(lastKernelRun(KernelFamily::MatmulSimulator)));
  const double anchor = median(seconds[0]);
  std::printf("%lld^3 bf16: %.4f s (median of %d)\n", static_cast<long long>(n),
              anchor, args.reps);
  const double limits[] = {0, 3.5, 7.0};
  for (int p = 1; p < 3; ++p) {
    const double t = median(seconds[p]), ratio = t / anchor;
    std::printf("%lld^3 %s: %.4f s, %s/bf16 = %.3f (target <= %.1f) %s\n",
                static_cast<long long>(n), toString(precisions[p]), t,
                toString(precisions[p]), ratio, limits[p],
                ratio <= limits[p] ? "OK" : "MISSED");
  }
  return true;
}

/// The two errors of d against the f64 product: max |d - ref| / |ref|
/// (over ref != 0; a NaN or inf d counts as inf) and max |d - ref| /
/// sum_k |a b| (over a nonzero scale).
struct Errors {
  double relative = 0, scaled = 0;
};

Errors maxErrors(int64_t n, const std::vector<float> &a,
                 const std::vector<float> &b, const std::vector<float> &d) {
  Errors worst;
  for (int64_t i = 0; i < n; ++i)
    for (int64_t j = 0; j < n; ++j) {
      double ref = 0, scale = 0;
      for (int64_t k = 0; k < n; ++k) {
        const double p = double(a[i * n + k]) * double(b[k * n + j]);
        ref += p;
        scale += std::fabs(p);
      }
      double err = std::fabs(double(d[i * n + j]) - ref);
      if (std::isnan(err))
        err = INFINITY;
      if (ref != 0)
        worst.relative = std::max(worst.relative, err / std::fabs(ref));
      if (scale > 0)
        worst.scaled = std::max(worst.scaled, err / scale);
    }
  return worst;
}

bool accuracyTable(const Args &args) {
  const int64_t n = args.accuracySize;
  // The exponent ranges of a's and b's elements. The last two put a's
  // bf16 parts among the subnormals (its elements near 2^-126 have
  // subnormal low parts; below it the elements themselves are subnormal),
  // with b large enough that the products stay normal: the flushed
  // column then loses what the unflushed one keeps.
  struct Range {
    int alo, ahi, blo, bhi;
  };
  const Range ranges[] = {{0, 0, 0, 0},         {-8, 8, -8, 8},
                          {-32, 32, -32, 32},   {-50, 50, -50, 50},
                          {-70, -50, -70, -50}, {-126, -112, 100, 110},
                          {-140, -127, 110, 120}};
  struct Column {
    const char *name;
    Precision precision;
    bool flush;
  };
  const Column columns[] = {{"f32", Precision::F32, false},
                            {"bf16", Precision::BF16, false},
                            {"bf16_3x", Precision::BF16_3X, false},
                            {"bf16_6x", Precision::BF16_6X, false},
                            {"6x-flushed", Precision::BF16_6X, true}};
  std::mt19937 rng(7);
  std::vector<std::vector<Errors>> table;
  for (const Range &range : ranges) {
    std::vector<float> a = randomMatrix(rng, n * n, range.alo, range.ahi);
    std::vector<float> b = randomMatrix(rng, n * n, range.blo, range.bhi);
    auto ta = TiledMatrix<float>::fromDense({n, n}, {}, a);
    auto tb = TiledMatrix<float>::fromDense({n, n}, {}, b);
    auto tc = TiledMatrix<float>::zeros({n, n});
    if (!ta || !tb || !tc)
      return false;
    table.emplace_back();
    for (const Column &col : columns) {
      MatmulOptions o;
      o.threads = args.threads;
      o.flushSubnormals = col.flush;
      auto r = simulateMatmul(*ta, *tb, *tc, col.precision, o);
      if (!r) {
        std::fprintf(stderr, "error: %s\n", r.error().c_str());
        return false;
      }
      table.back().push_back(maxErrors(n, a, b, r->result.toDense()));
    }
  }
  for (bool scaled : {false, true}) {
    std::printf("\naccuracy at %lld^3: %s against an f64 product\n%-27s",
                static_cast<long long>(n),
                scaled ? "max |D - ref| / sum_k |a b|"
                       : "max relative error |D - ref| / |ref|",
                "exponents of a, b");
    for (const Column &col : columns)
      std::printf(" %11s", col.name);
    std::printf("\n");
    for (size_t r = 0; r < table.size(); ++r) {
      char label[64];
      std::snprintf(label, sizeof label, "2^[%d,%d] 2^[%d,%d]",
                    ranges[r].alo, ranges[r].ahi, ranges[r].blo,
                    ranges[r].bhi);
      std::printf("%-27s", label);
      for (const Errors &e : table[r])
        std::printf(" %11.3e", scaled ? e.scaled : e.relative);
      std::printf("\n");
    }
  }
  return true;
}

} // namespace

int main(int argc, char **argv) {
  Args args;
  if (!parseArgs(argc, argv, args))
    return 1;
  printMachine();
  for (int64_t n : args.sizes)
    if (!timeSize(n, args))
      return 1;
  return accuracyTable(args) ? 0 : 1;
}
