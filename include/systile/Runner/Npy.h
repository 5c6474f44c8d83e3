//===- Npy.h - Reading and writing NumPy .npy files -------------*- C++ -*-===//
//
// The .npy container systile-run exchanges tensors in: format versions 1.0,
// 2.0 and 3.0, C order, little-endian data. The reader accepts exactly
// these descrs, the ones writeNpy writes (npyDescr):
//
//   `|b1` i1, `|i1` i8, `<i2` i16, `<i4` i32, `<i8` i64 (systile-run also
//   reads it for index), `<u2` bf16 bit patterns, `<f2` f16, `<f4` f32,
//   `<f8` f64, and the unsigned `|u1`, `<u4`, `<u8` (ui8, ui32, ui64; a
//   `ui16` travels as `<u2`, which the reader returns as bf16 bits and
//   systile-run reads as a 16-bit integer where the argument is one),
//
// and for the one-byte types the other spellings NumPy writes: `<i1`,
// `>i1`, `=i1` and `i1` for i8, `<b1` and `b1` for i1. A boolean byte other
// than 0 and 1 (which np.frombuffer or a view can produce) is True, as NumPy
// reads it: the parsed array holds 1 there. Everything else
// (other versions such as 1.9, Fortran order, big-endian, other dtypes, a
// duplicated header key, a file whose size does not match its header) is
// rejected with a message that says what was found and what would be
// valid.
//
// Reading never takes more than the header announces: a pipe or device
// (e.g. /dev/zero) is read only up to the size its header derives, and a
// caller-given byte budget bounds the data before anything is allocated.
//
//===----------------------------------------------------------------------===//

#ifndef SYSTILE_RUNNER_NPY_H
#define SYSTILE_RUNNER_NPY_H

#include "systile/Interpreter/ElementKind.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <memory>
#include <string>

namespace systile::runner {

using interp::ElementKind;

/// Size in bytes of one element.
inline size_t npyElementSize(ElementKind kind) { return elementSize(kind); }

/// A parsed .npy file. `data` points into `buffer` (no copy), at the first
/// element; there are product(shape) elements, little-endian.
struct NpyArray {
  ElementKind element = ElementKind::F32;
  /// An unsigned integer descr (`|u1`, `<u4`, `<u8`; `<u2` is bf16's, its
  /// kind BF16, which a 16-bit integer argument reads as its bits).
  bool isUnsigned = false;
  /// The descr string as found in the file, for messages.
  std::string descr;
  llvm::SmallVector<int64_t, 4> shape;
  std::unique_ptr<llvm::MemoryBuffer> buffer;
  const char *data = nullptr;
  int64_t numElements = 1;

  /// "(5, 7)", "()", "(3,)": the shape as NumPy prints it.
  std::string shapeStr() const;
};

/// Formats a shape as NumPy prints it.
std::string formatNpyShape(llvm::ArrayRef<int64_t> shape);

/// No limit on the size of an array's data.
inline constexpr uint64_t kNpyNoLimit = UINT64_MAX;

/// Parses a whole .npy image held in `buffer` (takes ownership). An array
/// whose data (product(shape) * element size) exceeds `maxDataBytes` is an
/// error.
llvm::Expected<NpyArray> parseNpy(std::unique_ptr<llvm::MemoryBuffer> buffer,
                                  uint64_t maxDataBytes = kNpyNoLimit);
/// Reads and parses the file at `path`. A regular file is mapped; anything
/// else (a pipe, a device) is read incrementally and only as far as its
/// header says, so an endless input ends with an error. An array whose data
/// exceeds `maxDataBytes` is an error, raised before its data is read.
llvm::Expected<NpyArray> readNpy(llvm::StringRef path,
                                 uint64_t maxDataBytes = kNpyNoLimit);

/// Writes a C-order array as a version 1.0 .npy image (header padded to a
/// multiple of 64 bytes, as NumPy does). `data` holds product(shape)
/// elements in host (little-endian) order.
/// `isUnsigned`: an integer kind is written with its unsigned descr.
void writeNpy(llvm::raw_ostream &os, ElementKind element,
              llvm::ArrayRef<int64_t> shape, const void *data,
              bool isUnsigned = false);

} // namespace systile::runner

#endif // SYSTILE_RUNNER_NPY_H
