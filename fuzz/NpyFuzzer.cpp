//===- NpyFuzzer.cpp - Fuzz the .npy reader -------------------------------===//
//
// parseNpy on arbitrary bytes, with a 1 MiB data budget. An accepted array
// must describe exactly the bytes it holds (every element is read, so ASan
// sees any overrun) and survive a write/read round trip unchanged.
//
//===----------------------------------------------------------------------===//

#include "systile/Runner/Npy.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

using namespace systile::runner;

[[noreturn]] static void fail(const char *what) {
  std::fprintf(stderr, "systile fuzz: property violated: %s\n", what);
  std::abort();
}

static volatile unsigned sink;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  llvm::StringRef bytes(reinterpret_cast<const char *>(data), size);
  // A copy without a NUL terminator: the reader must not rely on one.
  auto buffer = llvm::MemoryBuffer::getMemBufferCopy(bytes, "fuzz.npy");
  llvm::Expected<NpyArray> array =
      parseNpy(std::move(buffer), /*maxDataBytes=*/1 << 20);
  if (!array) {
    llvm::consumeError(array.takeError());
    return 0;
  }
  size_t dataBytes = array->numElements * npyElementSize(array->element);
  if (dataBytes > (1u << 20))
    fail("an array over the byte budget was accepted");
  // Touch every byte of the data the header announced.
  unsigned checksum = 0;
  for (size_t i = 0; i < dataBytes; ++i)
    checksum += static_cast<unsigned char>(array->data[i]);

  std::string image;
  llvm::raw_string_ostream os(image);
  writeNpy(os, array->element, array->shape, array->data);
  os.flush();
  llvm::Expected<NpyArray> again =
      parseNpy(llvm::MemoryBuffer::getMemBufferCopy(image, "again.npy"));
  if (!again) {
    llvm::consumeError(again.takeError());
    fail("writeNpy's output does not parse");
  }
  if (again->element != array->element || again->shape != array->shape ||
      std::memcmp(again->data, array->data, dataBytes) != 0)
    fail("a write/read round trip changed the array");
  sink = checksum; // Keeps the reads from being optimised out.
  return 0;
}
