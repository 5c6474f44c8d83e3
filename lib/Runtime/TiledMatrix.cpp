//===- TiledMatrix.cpp - Packing, unpacking and padding -------------------===//
//
// The dense <-> tiled copies walk the storage in order (tile by tile, row by
// row inside a tile), so the tiled side is written or read sequentially and
// the dense side in lane-long runs: one memcpy per row segment.
//
//===----------------------------------------------------------------------===//

#include "systile/Runtime/TiledMatrix.h"

#include "systile/Runtime/Parallel.h"
#include "systile/Runtime/Transpose.h"

#include "TileAccess.h"

#include <algorithm>
#include <cstring>
#include <thread>
#include <utility>
#include <vector>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace systile::rt {

/// Above this many bytes a pack streams its stores past the caches (like a
/// large memcpy does): the destination cannot stay cached anyway, and
/// skipping the read-for-ownership nearly doubles the copy rate.
static constexpr size_t kStreamingThreshold = size_t(16) << 20;

/// Copies `bytes` bytes; `dst` is 16-byte aligned when `stream` is set.
static inline void copySegment(void *dst, const void *src, size_t bytes,
                               bool stream) {
#if defined(__SSE2__)
  if (stream && bytes % 16 == 0) {
    auto *d = static_cast<__m128i *>(dst);
    auto *s = static_cast<const __m128i *>(src);
    for (size_t i = 0; i < bytes / 16; ++i)
      _mm_stream_si128(d + i, _mm_loadu_si128(s + i));
    return;
  }
#else
  (void)stream;
#endif
  std::memcpy(dst, src, bytes);
}

const char *toString(PadKind kind) {
  return kind == PadKind::Zero ? "zero" : "undef";
}

std::string detail::describeMatrix(const Layout &layout) {
  return "matrix " + layout.logicalShape().str() + " in geometry " +
         layout.geometry().str();
}

template <typename T>
Expected<TiledMatrix<T>> TiledMatrix<T>::allocate(const Layout &layout,
                                                  bool zeroFill) {
  Expected<TiledStorage<T>> s = TiledStorage<T>::allocate(
      static_cast<size_t>(layout.numElements()), zeroFill);
  if (!s)
    return Error(detail::describeMatrix(layout) + ": " + s.error());
  return TiledMatrix(layout, s.take());
}

template <typename T>
TiledMatrix<T>::TiledMatrix()
    : TiledMatrix(Layout(), TiledStorage<T>::zeroed(
                                static_cast<size_t>(Layout().numElements()))) {}

template <typename T> Expected<TiledMatrix<T>> TiledMatrix<T>::clone() const {
  Expected<TiledStorage<T>> s = storage_.clone();
  if (!s)
    return Error(detail::describeMatrix(layout_) + ": " + s.error());
  TiledMatrix copy(layout_, s.take());
  copy.padKind_ = padKind_;
  return copy;
}

template <typename T>
Expected<TiledStorage<T>>
TiledMatrix<T>::borrowStorage(const std::string &what, size_t n,
                              const void *bytes, size_t numBytes,
                              std::shared_ptr<const void> keepAlive) {
  if (!bytes || numBytes != n * sizeof(T))
    return Error("borrow: " + what + " has " + std::to_string(n) +
                 " storage slots of " + std::to_string(sizeof(T)) +
                 " bytes, got " +
                 (bytes ? std::to_string(numBytes) + " bytes" : "no data"));
  Expected<TiledStorage<T>> s =
      TiledStorage<T>::borrow(bytes, numBytes, std::move(keepAlive));
  if (!s)
    return Error(what + ": " + s.error());
  return s;
}

template <typename T>
Expected<TiledMatrix<T>>
TiledMatrix<T>::borrow(const Layout &layout, const void *bytes,
                       size_t numBytes, PadKind padKind,
                       std::shared_ptr<const void> keepAlive) {
  Expected<TiledStorage<T>> s = borrowStorage(
      detail::describeMatrix(layout), static_cast<size_t>(layout.numElements()),
      bytes, numBytes, std::move(keepAlive));
  if (!s)
    return Error(s.error());
  TiledMatrix m(layout, s.take());
  m.padKind_ = padKind;
  return m;
}

template <typename T>
TiledMatrix<T> TiledMatrix<T>::view(const Layout &layout, T *storage,
                                    PadKind padKind) {
  TiledMatrix m(
      layout, TiledStorage<T>::view(storage,
                                    static_cast<size_t>(layout.numElements())));
  m.padKind_ = padKind;
  return m;
}

template <typename T> Status TiledMatrix<T>::makeOwned() {
  Status s = storage_.makeOwned();
  if (!s)
    return Status::error(detail::describeMatrix(layout_) + ": " + s.message());
  return s;
}

template <typename T>
Expected<TiledMatrix<T>> TiledMatrix<T>::uninitialized(const Layout &layout) {
  Expected<TiledMatrix> m = allocate(layout, /*zeroFill=*/false);
  if (m)
    m->padKind_ = PadKind::Undef;
  return m;
}

template <typename T>
Expected<TiledMatrix<T>> TiledMatrix<T>::zeros(Shape shape, Geometry geometry) {
  Expected<Layout> layout = Layout::get(shape, geometry);
  if (!layout)
    return Error(layout.error());
  return allocate(*layout, /*zeroFill=*/true);
}

/// Runs f(u0, u1) over [0, units) split in contiguous shares over up to
/// `threads` threads (0: all hardware threads), at least 1 MiB of the
/// `bytes` written per thread; the caller's thread takes the first share.
/// Fresh pages are faulted in by the thread that writes them, so the
/// kernel's page clearing is split too.
template <typename F>
static void splitOverThreads(int threads, int64_t bytes, int64_t units,
                             F &&f) {
  runShares(std::min<int64_t>(resolveThreads(threads), bytes >> 20), units,
            std::forward<F>(f));
}

/// Uninitialised storage for `what` (a pack) to fill from `src`; an error
/// for a bad shape or geometry or a null `src`.
template <typename T>
static Expected<TiledMatrix<T>> packTarget(const char *what, Shape shape,
                                           Geometry geometry, const T *src) {
  Expected<Layout> layout = Layout::get(shape, geometry);
  if (!layout)
    return Error(layout.error());
  if (!src)
    return Error(std::string(what) + ": null data pointer");
  return TiledMatrix<T>::uninitialized(*layout);
}

template <typename T>
Expected<TiledMatrix<T>>
TiledMatrix<T>::fromDense(Shape shape, Geometry geometry, const T *rowMajor,
                          int threads) {
  Expected<TiledMatrix> m = packTarget("fromDense", shape, geometry, rowMajor);
  if (m)
    m->assignFromDense(rowMajor, threads);
  return m;
}

template <typename T>
Expected<TiledMatrix<T>>
TiledMatrix<T>::fromDense(Shape shape, Geometry geometry,
                          const std::vector<T> &rowMajor) {
  Expected<Layout> layout = Layout::get(shape, geometry);
  if (!layout)
    return Error(layout.error());
  if (static_cast<int64_t>(rowMajor.size()) != layout->numLogicalElements())
    return Error("fromDense: shape " + shape.str() + " needs " +
                 std::to_string(layout->numLogicalElements()) +
                 " elements, got " + std::to_string(rowMajor.size()));
  Expected<TiledMatrix> m = allocate(*layout, /*zeroFill=*/false);
  if (m)
    m->assignFromDense(rowMajor.data());
  return m;
}

template <typename T>
Expected<TiledMatrix<T>>
TiledMatrix<T>::fromDenseTransposed(Shape shape, Geometry geometry,
                                    const T *src, int threads) {
  Expected<TiledMatrix> m =
      packTarget("fromDenseTransposed", shape, geometry, src);
  if (m)
    m->assignFromDenseTransposed(src, threads);
  return m;
}

template <typename T>
void TiledMatrix<T>::assignFromDenseTransposed(const T *src, int threads) {
  // Every logical slot is written below; only the padding is zeroed (a
  // whole-storage memset would be one more pass over fresh memory).
  fillPadding(T{});
  padKind_ = PadKind::Zero;
  const Layout &layout = layout_;
  const int64_t s = layout.geometry().sublanes, l = layout.geometry().lanes;
  const int64_t rows = shape().rows, cols = shape().cols;
  T *data = writable();
  // One tile column at a time: its storage rows are `lanes` apart within a
  // tile and a tile row apart between tiles, and its source is `lanes`
  // columns of `rows` contiguous elements: one transpose (Transpose.h).
  const dense::RowSpacing spacing{l, s, layout.tileCols() * s * l};
  auto tileColumns = [&](int64_t tc0, int64_t tc1) {
    for (int64_t tc = tc0; tc < tc1; ++tc) {
      const int64_t c0 = tc * l;
      dense::transpose(data + tc * s * l, spacing, src + c0 * rows, rows, rows,
                       std::min(l, cols - c0), sizeof(T));
    }
  };
  splitOverThreads(threads, int64_t(storage_.size() * sizeof(T)),
                   layout.tileCols(), tileColumns);
}

template <typename T>
Expected<TiledMatrix<T>>
TiledMatrix<T>::fromStorage(Shape shape, Geometry geometry,
                            const std::vector<T> &storage, PadKind padKind) {
  Expected<Layout> layout = Layout::get(shape, geometry);
  if (!layout)
    return Error(layout.error());
  if (static_cast<int64_t>(storage.size()) != layout->numElements())
    return Error("fromStorage: shape " + shape.str() + " in geometry " +
                 geometry.str() + " has " +
                 std::to_string(layout->numElements()) +
                 " storage slots, got " + std::to_string(storage.size()));
  Expected<TiledMatrix> m = allocate(*layout, /*zeroFill=*/false);
  if (!m)
    return m;
  std::memcpy(m->writable(), storage.data(), storage.size() * sizeof(T));
  m->padKind_ = padKind;
  return m;
}

template <typename T>
void TiledMatrix<T>::assignFromDense(const T *src, int threads) {
  const Layout &lay = layout_;
  const int64_t s = lay.geometry().sublanes, l = lay.geometry().lanes;
  const int64_t rows = lay.logicalShape().rows, cols = lay.logicalShape().cols;
  const int64_t tileCols = lay.tileCols();
  T *const storage = writable();
  // Segments start at multiples of `lanes` elements from a 64-byte aligned
  // base, so they are 16-byte aligned when a lane row is.
  const bool stream = storage_.size() * sizeof(T) >= kStreamingThreshold &&
                      (static_cast<size_t>(l) * sizeof(T)) % 16 == 0;
  auto tileRows = [&](int64_t tr0, int64_t tr1) {
    T *dst = storage + tr0 * tileCols * s * l;
    for (int64_t tr = tr0; tr < tr1; ++tr) {
      for (int64_t tc = 0; tc < tileCols; ++tc) {
        const int64_t c0 = tc * l;
        const int64_t n = std::min(l, cols - c0); // >= 1: tiles hold logicals.
        for (int64_t sr = 0; sr < s; ++sr, dst += l) {
          const int64_t row = tr * s + sr;
          if (row >= rows) {
            std::memset(dst, 0, static_cast<size_t>(l) * sizeof(T));
            continue;
          }
          copySegment(dst, src + row * cols + c0,
                      static_cast<size_t>(n) * sizeof(T), stream);
          if (n < l)
            std::memset(dst + n, 0, static_cast<size_t>(l - n) * sizeof(T));
        }
      }
    }
#if defined(__SSE2__)
    if (stream)
      _mm_sfence(); // Order this thread's streaming stores before the join.
#endif
  };
  splitOverThreads(threads, int64_t(storage_.size() * sizeof(T)),
                   lay.tileRows(), tileRows);
  padKind_ = PadKind::Zero;
}

template <typename T> void TiledMatrix<T>::toDense(T *out) const {
  const Layout &lay = layout_;
  const int64_t s = lay.geometry().sublanes, l = lay.geometry().lanes;
  const int64_t rows = lay.logicalShape().rows, cols = lay.logicalShape().cols;
  const int64_t tileRows = lay.tileRows(), tileCols = lay.tileCols();
  const T *src = storage_.data();
  for (int64_t tr = 0; tr < tileRows; ++tr) {
    const int64_t rowsHere = std::min(s, rows - tr * s);
    for (int64_t tc = 0; tc < tileCols; ++tc) {
      const int64_t c0 = tc * l;
      const int64_t n = std::min(l, cols - c0);
      const T *tile = src + (tr * tileCols + tc) * s * l;
      for (int64_t sr = 0; sr < rowsHere; ++sr)
        std::memcpy(out + (tr * s + sr) * cols + c0, tile + sr * l,
                    static_cast<size_t>(n) * sizeof(T));
    }
  }
}

template <typename T> std::vector<T> TiledMatrix<T>::toDense() const {
  std::vector<T> out(static_cast<size_t>(layout_.numLogicalElements()));
  toDense(out.data());
  return out;
}

template <typename T>
Expected<T> TiledMatrix<T>::get(int64_t row, int64_t col) const {
  Expected<int64_t> off = layout_.checkedOffset(row, col);
  if (!off)
    return Error(off.error());
  return storage_.data()[*off];
}

template <typename T>
Status TiledMatrix<T>::set(int64_t row, int64_t col, T value) {
  if (!layout_.isLogical(row, col))
    return Status::error(
        "slot (" + std::to_string(row) + ", " + std::to_string(col) +
        ") is not a logical element of shape " + shape().str());
  writable()[layout_.offset(row, col)] = value;
  return Status::success();
}

template <typename T> void TiledMatrix<T>::fillPadding(T value) {
  const Layout &lay = layout_;
  const int64_t s = lay.geometry().sublanes, l = lay.geometry().lanes;
  const int64_t rows = lay.logicalShape().rows, cols = lay.logicalShape().cols;
  const int64_t tileRows = lay.tileRows(), tileCols = lay.tileCols();
  T *p = writable();
  for (int64_t tr = 0; tr < tileRows; ++tr)
    for (int64_t tc = 0; tc < tileCols; ++tc) {
      const int64_t n = std::min(l, cols - tc * l);
      for (int64_t sr = 0; sr < s; ++sr, p += l) {
        const int64_t first = tr * s + sr < rows ? n : 0;
        std::fill(p + first, p + l, value);
      }
    }
  padKind_ = detail::isPositiveZeroBits(value) ? PadKind::Zero : PadKind::Undef;
}

template class TiledMatrix<float>;
template class TiledMatrix<bf16>;
template class TiledMatrix<int8_t>;
template class TiledMatrix<int32_t>;
template class TiledMatrix<double>;

} // namespace systile::rt
