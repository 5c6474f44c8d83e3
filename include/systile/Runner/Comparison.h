//===- Comparison.h - Results against references ----------------*- C++ -*-===//
//
// What systile-run's --expect and --compare-after report: the element-wise
// comparison of two values (bits, units in the last place, numpy.allclose
// tolerances) and the lines and errors each flag prints from it.
//
//===----------------------------------------------------------------------===//

#ifndef SYSTILE_RUNNER_COMPARISON_H
#define SYSTILE_RUNNER_COMPARISON_H

#include "systile/Interpreter/Value.h"

#include "mlir/Support/LLVM.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <string>

namespace systile::runner {

using interp::DenseValue;

/// Element-wise comparison of two values of one element kind and shape.
struct Comparison {
  int64_t numElements = 0;
  /// Elements whose bits differ (two NaNs count as equal).
  int64_t numDiffering = 0;
  /// Largest distance in units in the last place: the number of
  /// representable values between the two (+0 and -0 are neighbours) for
  /// floats, |a - b| for integers. A NaN against a non-NaN is infinite.
  uint64_t maxUlp = 0;
  bool infiniteUlp = false;
  /// C-order index of the first element with the largest distance, or -1.
  int64_t worstIndex = -1;
  /// max |actual - expected| over elements (NaN pairs excluded; a NaN
  /// against a number is infinite), and max |expected|.
  double maxAbsError = 0;
  double maxAbsExpected = 0;
  /// Elements that fail |a - e| <= atol + rtol * |e| (numpy.allclose;
  /// NaN equals NaN), for the tolerances given to compare().
  int64_t numNotClose = 0;
  int64_t worstCloseIndex = -1;

  /// "0", "12", "inf".
  std::string maxUlpStr() const;
  /// maxAbsError / maxAbsExpected (0 when both are 0).
  double maxRelError() const;
  bool exceeds(uint64_t tolerance) const {
    return infiniteUlp || maxUlp > tolerance;
  }
};

/// Precondition: same kind and number of elements.
Comparison compare(const DenseValue &actual, const DenseValue &expected,
                   double atol = 0, double rtol = 0);

/// "; worst at [i, j]: got X (bits), expected Y (bits)", or "" for -1.
std::string describeWorst(int64_t index, const DenseValue &actual,
                          const DenseValue &expected, const char *gotName,
                          const char *expectedName);

/// --max-ulp, --atol and --rtol, and which of them were given.
struct Tolerances {
  uint64_t maxUlp = 0;
  bool maxUlpGiven = false;
  double atol = 0, rtol = 0;
  /// --atol or --rtol given: gate on numpy.allclose instead of ulps.
  bool closeGiven = false;
};

/// --compare-after: prints a `compare:` line per result of the run after
/// `pipeline` against the run before it, and reports an error for each
/// result beyond a tolerance given (--compare-after gates on --max-ulp only
/// when it is given). Failure when any result is.
mlir::LogicalResult reportCompareAfter(llvm::raw_ostream &os,
                                       llvm::ArrayRef<DenseValue> after,
                                       llvm::ArrayRef<DenseValue> before,
                                       llvm::StringRef pipeline,
                                       const Tolerances &tolerances);

/// --expect: result i against expected[i] (read from paths[i]); prints an
/// `expect:` line per match and reports an error per mismatch. Failure when
/// any result does not match.
mlir::LogicalResult checkExpectations(llvm::raw_ostream &os,
                                      llvm::ArrayRef<DenseValue> results,
                                      llvm::ArrayRef<DenseValue> expected,
                                      llvm::ArrayRef<std::string> paths,
                                      const Tolerances &tolerances);

} // namespace systile::runner

#endif // SYSTILE_RUNNER_COMPARISON_H
