//===- Elementwise.cpp - Element-wise kernels over tiled storage ----------===//
//
// Mask-aware kernels: the storage is walked one tile row (a contiguous run
// of `lanes` slots) at a time, by the chunk walk of ElementwiseProgram.h;
// the logical prefix of the run is computed by a loop specialised on which
// operands are matrices and which are scalars (so it vectorises where the
// operation does), and the walk writes the padding suffix, and whole
// padding rows, +0. Built with -ffp-contract=off.
//
//===----------------------------------------------------------------------===//

#include "systile/Runtime/Elementwise.h"
#include "systile/Runtime/ElementwiseProgram.h"
#include "systile/Runtime/LayoutCost.h"
#include "systile/Runtime/Tiling.h"

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

/// A kernel result of `layout` (or the error of getting the layout or the
/// storage): every slot is written by writeRuns.
template <typename T>
Expected<TiledMatrix<T>> makeResult(const Expected<Layout> &layout) {
  if (!layout)
    return layout.status();
  Expected<TiledMatrix<T>> r = TiledMatrix<T>::uninitialized(*layout);
  if (r)
    r->setPadKind(PadKind::Zero);
  return r;
}

/// Calls runFn(out, run) for each run of logical slots of `r` (`out` is its
/// storage), in the chunk walk `evaluate` uses, which writes +0 to every
/// other slot.
template <typename T, typename RunFn>
void writeRuns(TiledMatrix<T> &r, RunFn &&runFn) {
  T *out = r.data();
  Status walked = forEachChunk(r.layout(), kDefaultChunkSlots, out,
                               sizeof(T), [&](const Chunk &chunk) {
                                 for (const LogicalRun &run : chunk)
                                   runFn(out, run);
                                 return Status::success();
                               });
  (void)walked; // The walk fails only when runFn does, and runFn cannot.
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
void binaryRun(F f, RA a, RB b, T *out, const LogicalRun &run) {
  for (int64_t i = run.offset, e = run.offset + run.count; i < e; ++i)
    out[i] = f(a(i), b(i));
}

template <typename T, typename F>
void binaryKernel(F f, Operand<T> a, Operand<T> b, TiledMatrix<T> &r) {
  auto dispatch = [&](auto ra, auto rb) {
    writeRuns(r, [&](T *out, const LogicalRun &run) {
      binaryRun(f, ra, rb, out, run);
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
    Expected<TiledMatrix<T>> r = makeResult<T>(x.layout());
    if (!r)
      return r;
    const T *in = x.data();
    visitUnary<T>(fn, [&](auto op) {
      writeRuns(*r, [&](T *out, const LogicalRun &run) {
        for (int64_t i = run.offset, e = run.offset + run.count; i < e; ++i)
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
  if (!scalar::isFloat<T> && fn == BinaryFn::Div)
    return Error(std::string("elementwise div: integer division is not a "
                             "kernel (") +
                 elementTypeName<T>() + ")");
  Expected<TiledMatrix<T>> r = makeResult<T>(layout);
  if (!r)
    return r;
  visitBinary<T>(fn, [&](auto op) { binaryKernel<T>(op, a, b, *r); });
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
    Expected<TiledMatrix<T>> r =
        makeResult<T>(commonLayout<T>("select", {a, b, onTrue, onFalse}));
    if (!r)
      return r;
    auto at = [](const Operand<T> &o, int64_t i) {
      return o.matrix ? o.matrix->data()[i] : o.scalar;
    };
    scalar::visitCmpF(pred, [&](auto cmp) {
      writeRuns(*r, [&](T *out, const LogicalRun &run) {
        for (int64_t i = run.offset, e = run.offset + run.count; i < e; ++i)
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
  Expected<TiledMatrix<T>> r = makeResult<T>(Layout::get(shape, v.geometry()));
  if (!r)
    return r;
  writeRuns(*r, [&](T *out, const LogicalRun &run) {
    // The run's row and first column tell which input slots it repeats.
    if (dim == 0) {
      std::memcpy(out + run.offset, v.data() + v.layout().offset(0, run.col),
                  static_cast<size_t>(run.count) * sizeof(T));
    } else {
      std::fill(out + run.offset, out + run.offset + run.count,
                v.at(run.row, 0));
    }
  });
  return r;
}

template <typename T>
Expected<TiledBatch<T>> systile::rt::broadcast(const TiledBatch<T> &v,
                                               int64_t dim, int64_t count) {
  const BatchShape &batch = v.batchShape();
  const auto batchRank = static_cast<int64_t>(batch.size());
  if (dim < 0 || dim >= batchRank + 2)
    return Error("broadcast: dim = " + std::to_string(dim) +
                 " is invalid for a rank-" + std::to_string(batchRank + 2) +
                 " value");
  if (dim >= batchRank)
    return mapMatrices<T>(v, [&](const TiledMatrix<T> &m) {
      return broadcast(m, static_cast<int>(dim - batchRank), count);
    });
  if (batch[dim] != 1)
    return Error("broadcast: batch dimension " + std::to_string(dim) +
                 " of the input must be 1, got batch shape " +
                 toString(batch));
  BatchShape shape = batch;
  shape[dim] = count;
  Expected<TiledBatch<T>> r = TiledBatch<T>::uninitialized(shape, v.layout());
  if (!r)
    return r;
  const int64_t n = v.layout().numElements();
  for (int64_t b = 0; b < r->numMatrices(); ++b) {
    const T *from = v.data() + broadcastMatrixIndex(batch, shape, b) * n;
    std::copy(from, from + n, r->data() + b * n);
  }
  // Padding is copied with the matrices: zero it unless it already is.
  if (v.padKind() != PadKind::Zero)
    r->fillPadding(T{});
  r->setPadKind(PadKind::Zero);
  return r;
}

template <typename T>
Expected<TiledMatrix<T>> systile::rt::splat(T value, Shape shape,
                                            Geometry geometry) {
  Expected<TiledMatrix<T>> r = makeResult<T>(Layout::get(shape, geometry));
  if (!r)
    return r;
  writeRuns(*r, [&](T *out, const LogicalRun &run) {
    std::fill(out + run.offset, out + run.offset + run.count, value);
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
  template Expected<TiledMatrix<T>> systile::rt::splat(T, Shape, Geometry);  \
  template Expected<TiledBatch<T>> systile::rt::broadcast(                     \
      const TiledBatch<T> &, int64_t, int64_t);
INSTANTIATE(float)
INSTANTIATE(bf16)
INSTANTIATE(int8_t)
INSTANTIATE(int32_t)
INSTANTIATE(double)
#undef INSTANTIATE
