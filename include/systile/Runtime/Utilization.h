//===- Utilization.h - RFC 8 utilisation accounting -------------*- C++ -*-===//
//
// The one home of RFC section 8's figures: what one weight load issues and
// what of it is logical, their overflow-checked sums, and the one
// machine-parsable line (`utilization: ...` / `total: ...`) that the
// simulator, systile-run and the systile-report-utilization pass print.
//
// Built as its own small library (SystileUtilization, C++ standard library
// and the address map only), so that the compiler's passes can account for
// a matmul without linking the simulator's threads and SIMD kernels.
//
//===----------------------------------------------------------------------===//

#ifndef SYSTILE_RUNTIME_UTILIZATION_H
#define SYSTILE_RUNTIME_UTILIZATION_H

#include "systile/Runtime/Layout.h"
#include "systile/Runtime/Status.h"

#include <cstdint>
#include <string>
#include <string_view>

namespace systile::rt {

/// Utilisation figures of RFC section 8. `paddingMacs` is always
/// `issuedMacs - logicalMacs` when the figures come from the functions
/// below.
struct MatmulStats {
  int64_t logicalMacs = 0;
  int64_t issuedMacs = 0;
  int64_t paddingMacs = 0;
  int64_t weightLoads = 0;
  int64_t skippedLoads = 0;
  /// The logical MACs whose lhs element is a halo read of a convolution
  /// window (its padding, ConvWindow.h); part of logicalMacs. Printed, as
  /// `halo_macs=`, only for a matmul whose lhs is read through a window
  /// (`hasHalo`), and in a total that sums one.
  int64_t haloMacs = 0;
  bool hasHalo = false;

  /// logical / issued, or 0 when nothing was issued.
  double utilization() const;
  /// "<prefix>: logical_macs=.. issued_macs=.. padding_macs=..
  /// weight_loads=.. skipped_loads=.. utilization=P%" with P = 100 *
  /// utilization() printed with 4 decimals by printf("%.4f"), i.e. the
  /// double rounded to nearest (ties as the C library rounds the exact
  /// binary value, which is in practice never a tie); then
  /// " halo_macs=.." when hasHalo.
  std::string format(std::string_view prefix = "utilization") const;

  /// Unchecked sum, for hand-made figures known to be small (tests);
  /// UtilizationTotals is the checked sum every tool and pass uses.
  MatmulStats &operator+=(const MatmulStats &other);
  friend bool operator==(const MatmulStats &a, const MatmulStats &b) {
    return a.logicalMacs == b.logicalMacs && a.issuedMacs == b.issuedMacs &&
           a.paddingMacs == b.paddingMacs && a.weightLoads == b.weightLoads &&
           a.skippedLoads == b.skippedLoads && a.haloMacs == b.haloMacs &&
           a.hasHalo == b.hasHalo;
  }
};

/// The one checked running sum of RFC 8 figures: a chain's loads, a
/// module's matmuls, a run's records. A sum that would exceed 2^63-1 is
/// never wrapped: the totals stop at the last exact sums and stay
/// overflowed, and reading them is then an error.
class UtilizationTotals {
public:
  /// Adds `part` field by field (all fields or, on overflow, none).
  void add(const MatmulStats &part);
  /// Adds `count` skipped weight loads (loads folded out of the IR).
  void addSkippedLoads(int64_t count);

  bool overflowed() const { return overflowed_; }
  /// The sums, or an error when one exceeded 2^63-1.
  Expected<MatmulStats> stats() const;

private:
  MatmulStats sum_;
  bool overflowed_ = false;
};

/// The sizes RFC 8's per-load formula needs: an M x K x N matmul whose lhs
/// pads to `paddedRows` rows, on an `mxu x mxu` array.
struct MatmulDims {
  int64_t rows = 0;       // M
  int64_t depth = 0;      // K
  int64_t cols = 0;       // N
  int64_t paddedRows = 0; // ceil(M / sublanes) * sublanes
  int64_t mxu = 0;
};

/// Adds the issued weight load (kb, nb) to `stats`:
///   k_len = min(m, K - kb*m);  n_len = min(m, N - nb*m)
///   issued += Mpad * m * m;    logical += M * k_len * n_len
/// Precondition: (kb, nb) is inside the block grid. False when a figure
/// would exceed 2^63-1.
[[nodiscard]] bool addIssuedLoad(MatmulStats &stats, const MatmulDims &dims,
                                 int64_t kb, int64_t nb);

/// The message of a figure that exceeds 2^63-1, for `Error`s.
extern const char *const kStatsOverflow;

/// The RFC 8 figures of a matmul without running it: every (kb, nb) load
/// issued (a closed form: no loop over blocks). Errors: invalid geometry or
/// shapes, lhs cols != rhs rows, a figure above 2^63-1.
Expected<MatmulStats> matmulStats(Shape lhs, Shape rhs, Geometry geometry);

/// The RFC 8 figures of the one issued weight load (kb, nb) of lhs x rhs.
/// Errors: as matmulStats, plus kb/nb outside the block grid.
Expected<MatmulStats> weightLoadStats(Shape lhs, Shape rhs, Geometry geometry,
                                      int64_t kb, int64_t nb);

/// The RFC 8 figures of a matmul over a batch of `matrices` lhs matrices,
/// from the figures `perMatrix` of one matrix: the MACs `matrices` times;
/// the weight loads (issued and skipped) `matrices` times, or once when
/// the weights are shared (one load streams the rows of every matrix).
/// Errors: `matrices < 1`, a figure above 2^63-1.
Expected<MatmulStats> batchStats(const MatmulStats &perMatrix,
                                 int64_t matrices, bool sharedWeights);

/// The RFC 8 figures of a matmul that makes `passes` passes through the
/// array (a multi-pass precision: 3 for bf16_3x, 6 for bf16_6x), from those
/// `onePass` of one pass: every pass issues (or skips) its weight loads and
/// MACs, the logical MACs are the matmul's, counted once. Errors: `passes
/// < 1`, a figure above 2^63-1.
Expected<MatmulStats> multiPassStats(const MatmulStats &onePass,
                                     int64_t passes);

} // namespace systile::rt

#endif // SYSTILE_RUNTIME_UTILIZATION_H
