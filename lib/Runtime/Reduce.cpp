//===- Reduce.cpp - Mask-aware sum / max / min ----------------------------===//
//
// Straightforward loops in RFC 6 order over logical elements only; padding
// is never read, so it may hold anything. One combining step (`combine`)
// serves the reduction inside a matrix and the one across matrices of a
// batch, so both give the bits of the same scalar fold.
//
//===----------------------------------------------------------------------===//

#include "systile/Runtime/Reduce.h"
#include "systile/Runtime/Scalar.h"

#include "TileAccess.h"

#include <cmath>
#include <cstdint>
#include <algorithm>
#include <iterator>
#include <type_traits>
#include <vector>

namespace systile::rt {

const char *toString(ReduceKind kind) {
  static constexpr const char *names[] = {"sum", "max", "min"};
  auto i = static_cast<size_t>(kind);
  return i < std::size(names) ? names[i] : "unknown";
}

namespace {
/// The combining steps as the arith ops of a frontend's payload compute
/// them, element first and accumulator second (Scalar.h): addf / maximumf /
/// minimumf on f32 (NaN-propagating and quieted, -0 < +0), addi / maxsi /
/// minsi on i32 (wrap-around).
struct FloatOps {
  template <typename F> static F add(F x, F acc) {
    return scalar::AddF()(x, acc);
  }
  template <typename F> static F max(F x, F acc) {
    return scalar::maximum(x, acc);
  }
  template <typename F> static F min(F x, F acc) {
    return scalar::minimum(x, acc);
  }
};
struct IntOps {
  static int32_t add(int32_t x, int32_t acc) { return scalar::AddI()(x, acc); }
  static int32_t max(int32_t x, int32_t acc) { return x > acc ? x : acc; }
  static int32_t min(int32_t x, int32_t acc) { return x < acc ? x : acc; }
};

/// `acc` after element `x` at position `i` of the reduced dimension: sum
/// starts at +0; max and min start at the first element.
template <typename T, typename Ops>
T combine(ReduceKind kind, int64_t i, T x, T acc) {
  switch (kind) {
  case ReduceKind::Sum:
    return Ops::add(x, i == 0 ? T(0) : acc);
  case ReduceKind::Max:
    return i == 0 ? x : Ops::max(x, acc);
  case ReduceKind::Min:
    return i == 0 ? x : Ops::min(x, acc);
  }
  return acc;
}

Status checkKind(ReduceKind kind) {
  if (kind != ReduceKind::Sum && kind != ReduceKind::Max &&
      kind != ReduceKind::Min)
    return Status::error("reduce: unknown reduction kind");
  return Status::success();
}
} // namespace

/// One step of reduction `K` after the first element.
template <ReduceKind K, typename T, typename Ops> T step(T x, T acc) {
  if constexpr (K == ReduceKind::Sum)
    return Ops::add(x, acc);
  else if constexpr (K == ReduceKind::Max)
    return Ops::max(x, acc);
  else
    return Ops::min(x, acc);
}

/// The accumulator after the first element: a sum starts at +0 (so a
/// first -0 gives +0), max and min at the element.
template <ReduceKind K, typename T, typename Ops> T first(T x) {
  if constexpr (K == ReduceKind::Sum)
    return Ops::add(x, T(0));
  else
    return x;
}

/// combine() over a matrix, a lane run of a tile row at a time: along the
/// rows (dim 1) each row folds its runs in increasing column order; down
/// the columns (dim 0) the rows are folded into a row of accumulators in
/// increasing row order. The same sequence of steps as combine() element
/// by element.
template <ReduceKind K, typename T, typename Ops>
void reduceRuns(const TiledMatrix<T> &x, int dim, TiledMatrix<T> &out) {
  const Shape in = x.shape();
  const Layout &layout = x.layout();
  const T *data = x.data();
  if (dim == 1) {
    // Eight rows at once, each folding its own elements in column order:
    // eight independent chains instead of one (a row's runs split where
    // the row's columns cross tiles, the same for every row).
    constexpr int64_t kRows = 8;
    for (int64_t r0 = 0; r0 < in.rows; r0 += kRows) {
      const int64_t rows = std::min(kRows, in.rows - r0);
      T acc[kRows] = {};
      const T *p[kRows] = {};
      auto fold = [&](auto rowCount, int64_t c, int64_t n) {
        const int64_t count = rowCount;
        int64_t j = 0;
        if (c == 0) {
          for (int64_t i = 0; i < count; ++i)
            acc[i] = first<K, T, Ops>(p[i][0]);
          j = 1;
        }
        for (; j < n; ++j)
          for (int64_t i = 0; i < count; ++i)
            acc[i] = step<K, T, Ops>(p[i][j], acc[i]);
      };
      detail::forRowSegments(
          layout, data, r0, 0, in.cols, [&](const T *, int64_t c, int64_t n) {
            for (int64_t i = 0; i < rows; ++i)
              p[i] = data + layout.offset(r0 + i, c);
            if (rows == kRows)
              fold(std::integral_constant<int64_t, kRows>(), c, n);
            else
              fold(rows, c, n);
          });
      for (int64_t i = 0; i < rows; ++i)
        out.at(r0 + i, 0) = acc[i];
    }
    return;
  }
  std::vector<T> acc(static_cast<size_t>(in.cols));
  detail::readRowSegment(layout, data, 0, 0, in.cols, acc.data());
  for (T &a : acc)
    a = first<K, T, Ops>(a);
  for (int64_t r = 1; r < in.rows; ++r)
    detail::forRowSegments(layout, data, r, 0, in.cols,
                           [&](const T *p, int64_t c, int64_t n) {
                             T *a = acc.data() + c;
                             for (int64_t j = 0; j < n; ++j)
                               a[j] = step<K, T, Ops>(p[j], a[j]);
                           });
  detail::writeRowSegment(out.layout(), out.data(), 0, 0, in.cols,
                          acc.data());
}

template <typename T, typename Ops>
static Expected<TiledMatrix<T>> reduceImpl(const TiledMatrix<T> &x,
                                           ReduceKind kind, int dim) {
  if (dim != 0 && dim != 1)
    return Error("reduce: dim = " + std::to_string(dim) +
                 " is invalid: it must be 0 (over rows) or 1 (over columns)");
  if (Status s = checkKind(kind); !s)
    return Error(s.message());
  const Shape in = x.shape();
  const Shape outShape = dim == 0 ? Shape{1, in.cols} : Shape{in.rows, 1};
  Expected<TiledMatrix<T>> out = TiledMatrix<T>::zeros(outShape, x.geometry());
  if (!out)
    return out;
  switch (kind) {
  case ReduceKind::Sum:
    reduceRuns<ReduceKind::Sum, T, Ops>(x, dim, *out);
    break;
  case ReduceKind::Max:
    reduceRuns<ReduceKind::Max, T, Ops>(x, dim, *out);
    break;
  case ReduceKind::Min:
    reduceRuns<ReduceKind::Min, T, Ops>(x, dim, *out);
    break;
  }
  return out;
}

/// Reduces batch dimension `dim` of `x`: each logical slot of each result
/// matrix folds that slot of the matrices along `dim`, in increasing index.
template <typename T, typename Ops>
static Expected<TiledBatch<T>> reduceBatchDim(const TiledBatch<T> &x,
                                              ReduceKind kind, size_t dim) {
  BatchShape shape = x.batchShape();
  const int64_t count = shape[dim];
  shape[dim] = 1;
  int64_t stride = 1;
  for (size_t i = dim + 1; i < shape.size(); ++i)
    stride *= shape[i];
  Expected<TiledBatch<T>> out =
      TiledBatch<T>::zeros(shape, x.shape(), x.geometry());
  if (!out)
    return out;
  const Shape s = x.shape();
  for (int64_t o = 0; o < out->numMatrices(); ++o) {
    TiledMatrix<T> result = out->matrix(o);
    const int64_t first = (o / stride) * count * stride + o % stride;
    for (int64_t k = 0; k < count; ++k) {
      TiledMatrix<T> m = x.matrix(first + k * stride);
      for (int64_t r = 0; r < s.rows; ++r)
        for (int64_t c = 0; c < s.cols; ++c)
          result.at(r, c) = combine<T, Ops>(kind, k, m.at(r, c), result.at(r, c));
    }
  }
  return out;
}

template <typename T, typename Ops>
static Expected<TiledBatch<T>> reduceAnyDim(const TiledBatch<T> &x,
                                            ReduceKind kind, int64_t dim) {
  const auto batchRank = static_cast<int64_t>(x.batchShape().size());
  if (dim < 0 || dim >= batchRank + 2)
    return Error("reduce: dim = " + std::to_string(dim) +
                 " is invalid for a rank-" + std::to_string(batchRank + 2) +
                 " value");
  if (Status s = checkKind(kind); !s)
    return Error(s.message());
  if (dim < batchRank)
    return reduceBatchDim<T, Ops>(x, kind, static_cast<size_t>(dim));
  const int matrixDim = static_cast<int>(dim - batchRank);
  return mapMatrices<T>(x, [&](const TiledMatrix<T> &m) {
    return reduceImpl<T, Ops>(m, kind, matrixDim);
  });
}

Expected<TiledMatrix<float>> reduce(const TiledMatrix<float> &x,
                                    ReduceKind kind, int dim) {
  return reduceImpl<float, FloatOps>(x, kind, dim);
}

Expected<TiledMatrix<int32_t>> reduce(const TiledMatrix<int32_t> &x,
                                      ReduceKind kind, int dim) {
  return reduceImpl<int32_t, IntOps>(x, kind, dim);
}

Expected<TiledBatch<float>> reduce(const TiledBatch<float> &x, ReduceKind kind,
                                   int64_t dim) {
  return reduceAnyDim<float, FloatOps>(x, kind, dim);
}

Expected<TiledBatch<int32_t>> reduce(const TiledBatch<int32_t> &x,
                                     ReduceKind kind, int64_t dim) {
  return reduceAnyDim<int32_t, IntOps>(x, kind, dim);
}

Expected<TiledMatrix<double>> reduce(const TiledMatrix<double> &x,
                                     ReduceKind kind, int dim) {
  return reduceImpl<double, FloatOps>(x, kind, dim);
}

Expected<TiledBatch<double>> reduce(const TiledBatch<double> &x,
                                    ReduceKind kind, int64_t dim) {
  return reduceAnyDim<double, FloatOps>(x, kind, dim);
}

} // namespace systile::rt
