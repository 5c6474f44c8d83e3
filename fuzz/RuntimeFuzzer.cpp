//===- RuntimeFuzzer.cpp - Fuzz the runtime's layout and pack/unpack ------===//
//
// Reads a geometry, a shape and an element type from the input. Arbitrary
// 64-bit values go through Layout::get first (it must reject, not crash on,
// zero, negative and overflowing sizes); small ones are then packed from
// the remaining bytes and checked: unpack(pack(x)) == x, every padding slot
// is zero, offset() and locate() are inverse over the whole storage and the
// checked accessors agree with the mask.
//
//===----------------------------------------------------------------------===//

#include "systile/Runtime/TiledMatrix.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

using namespace systile::rt;

namespace {

[[noreturn]] void fail(const char *what) {
  std::fprintf(stderr, "systile fuzz: property violated: %s\n", what);
  std::abort();
}

/// Consumes the input front to back; zeros once it runs out.
class Reader {
public:
  Reader(const uint8_t *data, size_t size) : data(data), size(size) {}
  uint8_t byte() { return pos < size ? data[pos++] : 0; }
  int64_t i64() {
    uint64_t v = 0;
    for (int i = 0; i < 8; ++i)
      v = v << 8 | byte();
    return static_cast<int64_t>(v);
  }
  template <typename T> T element() {
    unsigned char raw[sizeof(T)];
    for (unsigned char &b : raw)
      b = byte();
    T v;
    std::memcpy(&v, raw, sizeof(T));
    return v;
  }

private:
  const uint8_t *data;
  size_t size;
  size_t pos = 0;
};

template <typename T> bool sameBits(T a, T b) {
  return std::memcmp(&a, &b, sizeof(T)) == 0;
}

template <typename T> void checkLayout(const TiledMatrix<T> &m) {
  const Layout &lay = m.layout();
  for (int64_t off = 0; off < lay.numElements(); ++off) {
    Location loc = lay.locate(off);
    if (lay.offset(loc.row, loc.col) != off)
      fail("offset(locate(o)) != o");
    if (loc.isLogical != lay.isLogical(loc.row, loc.col))
      fail("locate() disagrees with the mask");
    if (!loc.isLogical && !sameBits(m.data()[off], T()))
      fail("a padding slot of a packed matrix is not zero");
    Expected<T> got = m.get(loc.row, loc.col);
    if (!got || !sameBits(*got, m.data()[off]))
      fail("get() disagrees with the storage");
  }
  if (m.get(-1, 0) || m.get(0, lay.paddedShape().cols) ||
      lay.checkedLocate(lay.numElements()) || lay.checkedLocate(-1))
    fail("a checked accessor accepted an out-of-bounds position");
}

template <typename T> void roundTrip(Reader &in, Shape shape, Geometry g) {
  std::vector<T> dense(static_cast<size_t>(shape.rows * shape.cols));
  for (T &v : dense)
    v = in.element<T>();
  Expected<TiledMatrix<T>> m = TiledMatrix<T>::fromDense(shape, g, dense);
  if (!m)
    fail("fromDense rejected a valid small shape");
  if (m->padKind() != PadKind::Zero)
    fail("fromDense's padding is not zero");
  std::vector<T> back = m->toDense();
  if (back.size() != dense.size() ||
      std::memcmp(back.data(), dense.data(), dense.size() * sizeof(T)) != 0)
    fail("toDense(fromDense(x)) != x");
  checkLayout(*m);

  // Writing padding and logical slots through the checked setters.
  TiledMatrix<T> copy = *m;
  copy.fillPadding(in.element<T>());
  if (!sameBits(copy.toDense()[0], dense[0]))
    fail("fillPadding changed a logical element");
  if (copy.set(shape.rows, 0, T()).ok() || !copy.set(0, 0, T()).ok())
    fail("set() disagrees with the logical shape");
  Expected<TiledMatrix<T>> stored = TiledMatrix<T>::fromStorage(
      shape, g,
      std::vector<T>(copy.data(), copy.data() + copy.size()), copy.padKind());
  if (!stored || std::memcmp(stored->data(), copy.data(),
                             copy.size() * sizeof(T)) != 0)
    fail("fromStorage does not adopt the storage as is");
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  Reader in(data, size);
  uint8_t mode = in.byte();
  if (mode & 0x80) {
    // Arbitrary sizes: Layout::get must answer, not crash or overflow.
    Shape shape{in.i64(), in.i64()};
    Geometry g{in.i64(), in.i64(), in.i64()};
    Expected<Layout> lay = Layout::get(shape, g);
    if (lay && (lay->numElements() < 1 ||
                lay->paddedShape().rows < shape.rows ||
                lay->paddedShape().cols < shape.cols))
      fail("Layout::get accepted sizes it cannot represent");
    return 0;
  }
  // Small sizes: at most 16x16 tiles of 8x8 slots, 40x40 logical.
  Geometry g{1 + in.byte() % 8, 1 + in.byte() % 8, 1 + in.byte() % 16};
  Shape shape{1 + in.byte() % 40, 1 + in.byte() % 40};
  switch (mode % 4) {
  case 0:
    roundTrip<float>(in, shape, g);
    break;
  case 1:
    roundTrip<bf16>(in, shape, g);
    break;
  case 2:
    roundTrip<int8_t>(in, shape, g);
    break;
  default:
    roundTrip<int32_t>(in, shape, g);
    break;
  }
  return 0;
}
