//===- Elementwise.cpp - Element-wise kernels over tiled storage ----------===//
//
// Mask-aware kernels: the storage is walked one tile row (a contiguous run
// of `lanes` slots) at a time; the logical prefix of the run is computed by
// a loop specialised on which operands are matrices and which are scalars
// (so it vectorises where the operation does), and the padding suffix, and
// whole padding rows, are written +0. Built with -ffp-contract=off.
//
//===----------------------------------------------------------------------===//

#include "systile/Runtime/Elementwise.h"
#include "systile/Runtime/LayoutCost.h"

#include <algorithm>
#include <cstring>
#include <iterator>
#include <type_traits>

using namespace systile::rt;

//===----------------------------------------------------------------------===//
// Names and f32 semantics
//===----------------------------------------------------------------------===//

const char *systile::rt::toString(UnaryFn fn) {
  static constexpr const char *names[] = {"neg", "abs", "exp", "tanh", "sqrt"};
  auto i = static_cast<size_t>(fn);
  return i < std::size(names) ? names[i] : "?";
}

const char *systile::rt::toString(BinaryFn fn) {
  static constexpr const char *names[] = {"add", "sub",     "mul",
                                          "div", "maximum", "minimum"};
  auto i = static_cast<size_t>(fn);
  return i < std::size(names) ? names[i] : "?";
}

float systile::rt::applyUnary(UnaryFn fn, float x) {
  float r = x;
  visitUnary<float>(fn, [&](auto op) { r = op(x); });
  return r;
}

float systile::rt::applyBinary(BinaryFn fn, float a, float b) {
  float r = a;
  visitBinary<float>(fn, [&](auto op) { r = op(a, b); });
  return r;
}

bool systile::rt::applyCmp(CmpFn pred, float a, float b) {
  return scalar::visitCmpF(pred, [&](auto cmp) { return cmp(a, b); });
}

namespace {

/// Calls rowFn(offset, n) for each tile row of `layout` with n > 0 logical
/// slots at storage offsets [offset, offset + n), and zeroes every other
/// slot of `out`.
template <typename T, typename RowFn>
void forEachLogicalRun(const Layout &layout, T *out, RowFn &&rowFn) {
  const int64_t s = layout.geometry().sublanes, l = layout.geometry().lanes;
  const Shape logical = layout.logicalShape();
  int64_t offset = 0;
  for (int64_t tr = 0; tr < layout.tileRows(); ++tr)
    for (int64_t tc = 0; tc < layout.tileCols(); ++tc)
      for (int64_t sr = 0; sr < s; ++sr, offset += l) {
        int64_t row = tr * s + sr;
        int64_t n = row < logical.rows
                        ? std::clamp<int64_t>(logical.cols - tc * l, 0, l)
                        : 0;
        if (n > 0)
          rowFn(offset, n);
        std::memset(static_cast<void *>(out + offset + n), 0,
                    static_cast<size_t>(l - n) * sizeof(T));
      }
}

/// The layout shared by the matrix operands, or an error.
template <typename T>
Expected<Layout> commonLayout(const char *what,
                              std::initializer_list<Operand<T>> operands) {
  const Layout *layout = nullptr;
  for (const Operand<T> &o : operands) {
    if (!o.matrix)
      continue;
    if (layout && o.matrix->layout() != *layout)
      return Error(std::string(what) + ": operands differ in shape or " +
                   "geometry: " + layout->logicalShape().str() + " " +
                   layout->geometry().str() + " vs " + o.matrix->shape().str() +
                   " " + o.matrix->geometry().str());
    layout = &o.matrix->layout();
  }
  if (!layout)
    return Error(std::string(what) + ": at least one operand must be a "
                                     "matrix");
  return *layout;
}

/// A kernel result: every slot is written by forEachLogicalRun.
template <typename T>
Expected<TiledMatrix<T>> makeResult(const Layout &layout) {
  Expected<TiledMatrix<T>> r = TiledMatrix<T>::uninitialized(layout);
  if (r)
    r->setPadKind(PadKind::Zero);
  return r;
}

/// Reads operand `o` at storage offset `i` (a scalar ignores `i`).
template <typename T, bool Scalar> struct Reader {
  const T *data;
  T scalar;
  T operator()(int64_t i) const {
    if constexpr (Scalar)
      return scalar;
    else
      return data[i];
  }
};

template <typename T, bool Scalar> Reader<T, Scalar> reader(Operand<T> o) {
  return {o.matrix ? o.matrix->data() : nullptr, o.scalar};
}

/// One loop over a logical run per (fn, operand kinds), so the compiler
/// sees a fixed operation on contiguous data.
template <typename T, typename F, typename RA, typename RB>
void binaryRun(F f, RA a, RB b, T *out, int64_t offset, int64_t n) {
  for (int64_t i = offset, e = offset + n; i < e; ++i)
    out[i] = f(a(i), b(i));
}

template <typename T, typename F>
void binaryKernel(F f, Operand<T> a, Operand<T> b, TiledMatrix<T> &r) {
  T *out = r.data();
  auto dispatch = [&](auto ra, auto rb) {
    forEachLogicalRun(r.layout(), out, [&](int64_t offset, int64_t n) {
      binaryRun(f, ra, rb, out, offset, n);
    });
  };
  if (a.matrix && b.matrix)
    dispatch(reader<T, false>(a), reader<T, false>(b));
  else if (a.matrix)
    dispatch(reader<T, false>(a), reader<T, true>(b));
  else
    dispatch(reader<T, true>(a), reader<T, false>(b));
}


} // namespace

//===----------------------------------------------------------------------===//
// Kernels
//===----------------------------------------------------------------------===//

template <typename T>
Expected<TiledMatrix<T>> systile::rt::unary(UnaryFn fn,
                                            const TiledMatrix<T> &x) {
  if constexpr (!scalar::isFloat<T>) {
    return Error(std::string("elementwise ") + toString(fn) +
                 ": only f32 and bf16 are supported, got " +
                 elementTypeName<T>());
  } else {
    Expected<TiledMatrix<T>> made = makeResult<T>(x.layout());
    if (!made)
      return Error{made.error()};
    TiledMatrix<T> r = made.take();
    const T *in = x.data();
    T *out = r.data();
    visitUnary<T>(fn, [&](auto op) {
      forEachLogicalRun(r.layout(), out, [&](int64_t offset, int64_t n) {
        for (int64_t i = offset, e = offset + n; i < e; ++i)
          out[i] = op(in[i]);
      });
    });
    return r;
  }
}

template <typename T>
Expected<TiledMatrix<T>> systile::rt::binary(BinaryFn fn, Operand<T> a,
                                             Operand<T> b) {
  Expected<Layout> layout = commonLayout<T>(toString(fn), {a, b});
  if (!layout)
    return layout.status();
  Expected<TiledMatrix<T>> made = makeResult<T>(*layout);
  if (!made)
    return Error{made.error()};
  TiledMatrix<T> r = made.take();
  if (!scalar::isFloat<T> && fn == BinaryFn::Div)
    return Error(std::string("elementwise div: integer division is not a "
                             "kernel (") +
                 elementTypeName<T>() + ")");
  visitBinary<T>(fn, [&](auto op) { binaryKernel<T>(op, a, b, r); });
  return r;
}

template <typename T>
Expected<TiledMatrix<T>> systile::rt::select(CmpFn pred, Operand<T> a,
                                             Operand<T> b, Operand<T> onTrue,
                                             Operand<T> onFalse) {
  if constexpr (!scalar::isFloat<T>) {
    return Error(std::string("elementwise select: only f32 and bf16 "
                             "comparisons are supported, got ") +
                 elementTypeName<T>());
  } else {
    Expected<Layout> layout =
        commonLayout<T>("select", {a, b, onTrue, onFalse});
    if (!layout)
      return layout.status();
    Expected<TiledMatrix<T>> made = makeResult<T>(*layout);
    if (!made)
      return Error{made.error()};
    TiledMatrix<T> r = made.take();
    T *out = r.data();
    auto at = [](const Operand<T> &o, int64_t i) {
      return o.matrix ? o.matrix->data()[i] : o.scalar;
    };
    scalar::visitCmpF(pred, [&](auto cmp) {
      forEachLogicalRun(r.layout(), out, [&](int64_t offset, int64_t n) {
        for (int64_t i = offset, e = offset + n; i < e; ++i)
          out[i] = cmp(at(a, i), at(b, i)) ? at(onTrue, i) : at(onFalse, i);
      });
    });
    return r;
  }
}

template <typename T>
Expected<TiledMatrix<T>> systile::rt::broadcast(const TiledMatrix<T> &v,
                                                int dim, int64_t count) {
  Shape in = v.shape();
  if (dim != 0 && dim != 1)
    return Error("broadcast: dim must be 0 or 1, got " + std::to_string(dim));
  if ((dim == 0 ? in.rows : in.cols) != 1)
    return Error("broadcast: dim " + std::to_string(dim) +
                 " of the input must be 1, got shape " + in.str());
  Shape shape = dim == 0 ? Shape{count, in.cols} : Shape{in.rows, count};
  Expected<Layout> layout = Layout::get(shape, v.geometry());
  if (!layout)
    return layout.status();
  Expected<TiledMatrix<T>> made = makeResult<T>(*layout);
  if (!made)
    return Error{made.error()};
  TiledMatrix<T> r = made.take();
  T *out = r.data();
  forEachLogicalRun(*layout, out, [&](int64_t offset, int64_t n) {
    // The run's (row, first column) tells which input slots it repeats.
    Location loc = layout->locate(offset);
    if (dim == 0) {
      std::memcpy(out + offset, v.data() + v.layout().offset(0, loc.col),
                  static_cast<size_t>(n) * sizeof(T));
    } else {
      std::fill(out + offset, out + offset + n, v.at(loc.row, 0));
    }
  });
  return r;
}

template <typename T>
Expected<TiledMatrix<T>> systile::rt::splat(T value, Shape shape,
                                            Geometry geometry) {
  Expected<Layout> layout = Layout::get(shape, geometry);
  if (!layout)
    return layout.status();
  Expected<TiledMatrix<T>> made = makeResult<T>(*layout);
  if (!made)
    return Error{made.error()};
  TiledMatrix<T> r = made.take();
  T *out = r.data();
  forEachLogicalRun(*layout, out, [&](int64_t offset, int64_t n) {
    std::fill(out + offset, out + offset + n, value);
  });
  return r;
}

#define INSTANTIATE(T)                                                         \
  template Expected<TiledMatrix<T>> systile::rt::unary(                        \
      UnaryFn, const TiledMatrix<T> &);                                        \
  template Expected<TiledMatrix<T>> systile::rt::binary(BinaryFn, Operand<T>,  \
                                                        Operand<T>);           \
  template Expected<TiledMatrix<T>> systile::rt::select(                       \
      CmpFn, Operand<T>, Operand<T>, Operand<T>, Operand<T>);                  \
  template Expected<TiledMatrix<T>> systile::rt::broadcast(                    \
      const TiledMatrix<T> &, int, int64_t);                                   \
  template Expected<TiledMatrix<T>> systile::rt::splat(T, Shape, Geometry);
INSTANTIATE(float)
INSTANTIATE(bf16)
INSTANTIATE(int8_t)
INSTANTIATE(int32_t)
#undef INSTANTIATE
