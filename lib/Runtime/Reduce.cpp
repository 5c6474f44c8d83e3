//===- Reduce.cpp - Mask-aware sum / max / min ----------------------------===//
//
// Straightforward loops in RFC 6 order over logical elements only; padding
// is never read, so it may hold anything.
//
//===----------------------------------------------------------------------===//

#include "systile/Runtime/Reduce.h"
#include "systile/Runtime/Scalar.h"

#include <cmath>
#include <cstdint>
#include <iterator>

namespace systile::rt {

const char *toString(ReduceKind kind) {
  static constexpr const char *names[] = {"sum", "max", "min"};
  auto i = static_cast<size_t>(kind);
  return i < std::size(names) ? names[i] : "unknown";
}

namespace {
/// Sums add as arith.addf / arith.addi do (Scalar.h: f32 rounding, integer
/// wrap-around).
struct FloatOps {
  static float add(float a, float b) { return scalar::AddF()(a, b); }
  static bool isNaN(float v) { return std::isnan(v); }
};
struct IntOps {
  static int32_t add(int32_t a, int32_t b) { return scalar::AddI()(a, b); }
  static bool isNaN(int32_t) { return false; }
};
} // namespace

template <typename T, typename Ops>
static Expected<TiledMatrix<T>> reduceImpl(const TiledMatrix<T> &x,
                                           ReduceKind kind, int dim) {
  if (dim != 0 && dim != 1)
    return Error("reduce: dim = " + std::to_string(dim) +
                 " is invalid: it must be 0 (over rows) or 1 (over columns)");
  if (kind != ReduceKind::Sum && kind != ReduceKind::Max &&
      kind != ReduceKind::Min)
    return Error("reduce: unknown reduction kind");
  const Shape in = x.shape();
  const Shape outShape = dim == 0 ? Shape{1, in.cols} : Shape{in.rows, 1};
  Expected<TiledMatrix<T>> out = TiledMatrix<T>::zeros(outShape, x.geometry());
  if (!out)
    return out;
  const int64_t outer = dim == 0 ? in.cols : in.rows;
  const int64_t inner = dim == 0 ? in.rows : in.cols;
  for (int64_t o = 0; o < outer; ++o) {
    auto elem = [&](int64_t i) { return dim == 0 ? x.at(i, o) : x.at(o, i); };
    T acc;
    if (kind == ReduceKind::Sum) {
      acc = T(0); // +0.
      for (int64_t i = 0; i < inner; ++i)
        acc = Ops::add(acc, elem(i));
    } else {
      acc = elem(0);
      for (int64_t i = 1; i < inner && !Ops::isNaN(acc); ++i) {
        T v = elem(i);
        if (Ops::isNaN(v) || (kind == ReduceKind::Max ? v > acc : v < acc))
          acc = v;
      }
    }
    if (dim == 0)
      out->at(0, o) = acc;
    else
      out->at(o, 0) = acc;
  }
  return out;
}

Expected<TiledMatrix<float>> reduce(const TiledMatrix<float> &x,
                                    ReduceKind kind, int dim) {
  return reduceImpl<float, FloatOps>(x, kind, dim);
}

Expected<TiledMatrix<int32_t>> reduce(const TiledMatrix<int32_t> &x,
                                      ReduceKind kind, int dim) {
  return reduceImpl<int32_t, IntOps>(x, kind, dim);
}

} // namespace systile::rt
