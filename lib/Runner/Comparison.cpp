//===- Comparison.cpp - Results against references -----------------------===//
//
// The element-wise comparison behind --expect and --compare-after, and the
// lines and errors those flags print (Comparison.h).
//
//===----------------------------------------------------------------------===//

#include "systile/Runner/Comparison.h"

#include "systile/Runner/RunnerSupport.h"

#include "llvm/Support/Format.h"

#include <cmath>
#include <cstring>

using namespace systile::interp;
using namespace systile::runner;
using mlir::LogicalResult;

namespace {
/// Maps float bits to a line where consecutive representable values are
/// consecutive integers (-0 is -1, +0 is 0).
int64_t orderedFloat(uint64_t bits, unsigned width) {
  uint64_t signBit = 1ull << (width - 1);
  if (bits & signBit)
    return -static_cast<int64_t>(bits & (signBit - 1)) - 1;
  return static_cast<int64_t>(bits);
}

uint64_t bitsAt(const DenseValue &v, int64_t i) {
  size_t size = elementSize(v.kind());
  uint64_t bits = 0;
  std::memcpy(&bits, v.data<char>() + i * size, size);
  return bits;
}

struct Comparer {
  Comparison &c;
  double atol, rtol;

  void note(int64_t i, bool differs, uint64_t ulp, bool infinite) {
    if (!differs)
      return;
    ++c.numDiffering;
    bool worse = infinite
                     ? !c.infiniteUlp
                     : (!c.infiniteUlp && (ulp > c.maxUlp || c.worstIndex < 0));
    if (worse) {
      c.worstIndex = i;
      c.maxUlp = ulp;
      c.infiniteUlp = infinite;
    }
  }
  void noteValues(int64_t i, double a, double e) {
    bool aNaN = std::isnan(a), eNaN = std::isnan(e);
    if (!eNaN)
      c.maxAbsExpected = std::max(c.maxAbsExpected, std::fabs(e));
    double err = (aNaN && eNaN) ? 0
                 : (aNaN || eNaN) ? INFINITY
                 : (a == e)       ? 0
                                  : std::fabs(a - e);
    c.maxAbsError = std::max(c.maxAbsError, err);
    bool close =
        (aNaN && eNaN) ||
        (!aNaN && !eNaN && (a == e || err <= atol + rtol * std::fabs(e)));
    if (!close) {
      if (c.numNotClose++ == 0)
        c.worstCloseIndex = i;
    }
  }
};
} // namespace

std::string Comparison::maxUlpStr() const {
  return infiniteUlp ? "inf" : std::to_string(maxUlp);
}

double Comparison::maxRelError() const {
  if (maxAbsError == 0)
    return 0;
  return maxAbsExpected == 0 ? INFINITY : maxAbsError / maxAbsExpected;
}

Comparison systile::runner::compare(const DenseValue &actual,
                                    const DenseValue &expected, double atol,
                                    double rtol) {
  Comparison c;
  c.numElements = actual.numElements();
  Comparer cmp{c, atol, rtol};
  ElementKind kind = actual.kind();
  unsigned width = bitWidth(kind);
  for (int64_t i = 0; i < c.numElements; ++i) {
    if (isFloat(kind)) {
      double a = loadAsDouble(actual, i), e = loadAsDouble(expected, i);
      cmp.noteValues(i, a, e);
      bool aNaN = std::isnan(a), eNaN = std::isnan(e);
      if (aNaN || eNaN) {
        cmp.note(i, aNaN != eNaN, 0, /*infinite=*/true);
        continue;
      }
      uint64_t ab = bitsAt(actual, i), eb = bitsAt(expected, i);
      int64_t d = orderedFloat(ab, width) - orderedFloat(eb, width);
      cmp.note(i, ab != eb, d < 0 ? 0 - static_cast<uint64_t>(d) : d, false);
    } else {
      int64_t a = loadAsInt(actual, i), e = loadAsInt(expected, i);
      cmp.noteValues(i, static_cast<double>(a), static_cast<double>(e));
      uint64_t d = a > e ? static_cast<uint64_t>(a) - static_cast<uint64_t>(e)
                         : static_cast<uint64_t>(e) - static_cast<uint64_t>(a);
      cmp.note(i, a != e, d, false);
    }
  }
  return c;
}

namespace {
std::string indexStr(llvm::ArrayRef<int64_t> shape, int64_t flat) {
  llvm::SmallVector<int64_t> idx(shape.size());
  for (int64_t d = static_cast<int64_t>(shape.size()) - 1; d >= 0; --d) {
    idx[d] = flat % shape[d];
    flat /= shape[d];
  }
  std::string s = "[";
  for (size_t i = 0; i < idx.size(); ++i)
    s += (i ? ", " : "") + std::to_string(idx[i]);
  return s + "]";
}
} // namespace

std::string systile::runner::describeWorst(int64_t index,
                                           const DenseValue &actual,
                                           const DenseValue &expected,
                                           const char *gotName,
                                           const char *expectedName) {
  if (index < 0)
    return "";
  return "; worst at " + indexStr(actual.shape(), index) + ": " + gotName +
         " " + formatElementAt(actual, index) + " (" +
         formatBits(actual, index) + "), " + expectedName + " " +
         formatElementAt(expected, index) + " (" + formatBits(expected, index) +
         ")";
}

LogicalResult systile::runner::reportCompareAfter(
    llvm::raw_ostream &os, llvm::ArrayRef<DenseValue> after,
    llvm::ArrayRef<DenseValue> before, llvm::StringRef pipeline,
    const Tolerances &t) {
  bool ok = true;
  for (auto [i, pair] : llvm::enumerate(llvm::zip(after, before))) {
    auto &[a, b] = pair;
    Comparison c = compare(a, b, t.atol, t.rtol);
    os << "compare: result #" << i << ": " << c.numDiffering << " of "
       << c.numElements << " elements differ, max ulp " << c.maxUlpStr()
       << ", max abs error " << llvm::format("%g", c.maxAbsError)
       << ", max rel error " << llvm::format("%g", c.maxRelError()) << "\n";
    std::string where = "result #" + std::to_string(i) + " differs after '" +
                        pipeline.str() + "'";
    if (t.maxUlpGiven && c.exceeds(t.maxUlp)) {
      (void)reportError(where + " by up to " + c.maxUlpStr() +
                        " ulp (> --max-ulp " + llvm::Twine(t.maxUlp) + ")" +
                        describeWorst(c.worstIndex, a, b, "after", "before"));
      ok = false;
    }
    if (t.closeGiven && c.numNotClose) {
      (void)reportError(
          where + ": " + llvm::Twine(c.numNotClose) +
          " elements fail |after - before| <= atol + rtol * |before|" +
          describeWorst(c.worstCloseIndex, a, b, "after", "before"));
      ok = false;
    }
  }
  return mlir::success(ok);
}

LogicalResult systile::runner::checkExpectations(
    llvm::raw_ostream &os, llvm::ArrayRef<DenseValue> results,
    llvm::ArrayRef<DenseValue> expected, llvm::ArrayRef<std::string> paths,
    const Tolerances &t) {
  bool ok = true;
  for (auto [i, exp] : llvm::enumerate(expected)) {
    Comparison c = compare(results[i], exp, t.atol, t.rtol);
    if (t.closeGiven ? c.numNotClose == 0 : !c.exceeds(t.maxUlp)) {
      os << "expect: result #" << i << " matches " << paths[i] << " ("
         << c.numDiffering << " of " << c.numElements
         << " elements differ, max ulp " << c.maxUlpStr() << ")\n";
      continue;
    }
    std::string flag =
        "--expect #" + std::to_string(i + 1) + " (" + paths[i] + ")";
    int64_t worst = t.closeGiven ? c.worstCloseIndex : c.worstIndex;
    std::string gate =
        t.closeGiven ? ", " + std::to_string(c.numNotClose) +
                           " fail |got - expected| <= atol + rtol * |expected|"
                     : " > --max-ulp " + std::to_string(t.maxUlp);
    (void)reportError("result #" + llvm::Twine(i) + " does not match " + flag +
                      ": " + llvm::Twine(c.numDiffering) + " of " +
                      llvm::Twine(c.numElements) +
                      " elements differ, max ulp " + c.maxUlpStr() + gate +
                      describeWorst(worst, results[i], exp, "got", "expected"));
    ok = false;
  }
  return mlir::success(ok);
}
