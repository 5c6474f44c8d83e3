//===- NpyTest.cpp - The .npy reader's limits -----------------------------===//
//
// Versions, duplicated keys, the data-size budget and inputs that are not
// regular files. The images are assembled here byte by byte (not with
// writeNpy), following the format description in NumPy's
// numpy/lib/format.py.
//
//===----------------------------------------------------------------------===//

#include "systile/Runner/Npy.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Program.h"

#include "gtest/gtest.h"

#include <string>

using namespace systile::runner;

namespace {

/// A .npy image: magic, version, little-endian header length (2 bytes for
/// version 1, 4 otherwise), the dict padded with spaces and '\n' to a
/// multiple of 64, then `dataBytes` bytes of data.
std::string image(const std::string &dict, size_t dataBytes,
                  unsigned char major = 1, unsigned char minor = 0) {
  size_t prefix = major == 1 ? 10 : 12;
  std::string header = dict;
  header.append((64 - (prefix + header.size() + 1) % 64) % 64, ' ');
  header += '\n';
  std::string out("\x93NUMPY", 6);
  out += char(major);
  out += char(minor);
  for (size_t i = 0; i < prefix - 8; ++i)
    out += char((header.size() >> (8 * i)) & 0xff);
  out += header;
  out.append(dataBytes, '\x01');
  return out;
}

std::string dict(const std::string &shape) {
  return "{'descr': '<f4', 'fortran_order': False, 'shape': " + shape + ", }";
}

llvm::Expected<NpyArray> parse(const std::string &bytes,
                               uint64_t budget = kNpyNoLimit) {
  return parseNpy(llvm::MemoryBuffer::getMemBufferCopy(bytes), budget);
}

std::string errorOf(llvm::Expected<NpyArray> result) {
  if (result)
    return "(accepted)";
  return llvm::toString(result.takeError());
}

TEST(Npy, AcceptsTheThreeVersions) {
  for (unsigned char major : {1, 2, 3}) {
    llvm::Expected<NpyArray> a = parse(image(dict("(5, 7)"), 140, major));
    ASSERT_TRUE(bool(a)) << llvm::toString(a.takeError());
    EXPECT_EQ(a->numElements, 35);
    EXPECT_EQ(a->shapeStr(), "(5, 7)");
  }
}

TEST(Npy, RejectsOtherVersions) {
  EXPECT_EQ(errorOf(parse(image(dict("(5, 7)"), 140, 1, 9))),
            "unsupported .npy format version 1.9 (supported: 1.0, 2.0, 3.0)");
  EXPECT_EQ(errorOf(parse(image(dict("(5, 7)"), 140, 2, 1))),
            "unsupported .npy format version 2.1 (supported: 1.0, 2.0, 3.0)");
  EXPECT_EQ(errorOf(parse(image(dict("(5, 7)"), 140, 4, 0))),
            "unsupported .npy format version 4.0 (supported: 1.0, 2.0, 3.0)");
  EXPECT_EQ(errorOf(parse(image(dict("(5, 7)"), 140, 0, 0))),
            "unsupported .npy format version 0.0 (supported: 1.0, 2.0, 3.0)");
}

TEST(Npy, RejectsDuplicatedKeys) {
  EXPECT_EQ(errorOf(parse(image("{'shape': (2,), 'descr': '<f4', "
                                "'fortran_order': False, 'shape': (2,)}",
                                8))),
            "malformed .npy header: key 'shape' appears more than once");
  EXPECT_EQ(errorOf(parse(image("{'descr': '<f4', 'descr': '<f4', "
                                "'fortran_order': False, 'shape': (2,)}",
                                8))),
            "malformed .npy header: key 'descr' appears more than once");
}

TEST(Npy, DataBudget) {
  // 5x7 f32 is 140 bytes: a budget of 140 admits it, 139 does not.
  EXPECT_TRUE(bool(parse(image(dict("(5, 7)"), 140), 140)));
  EXPECT_EQ(errorOf(parse(image(dict("(5, 7)"), 140), 139)),
            "the array (shape (5, 7), 140 bytes) exceeds the memory budget of "
            "139 bytes");
  // The budget is checked on the header alone, before the data size: a
  // header announcing 40 GB with no data behind it names the budget.
  EXPECT_EQ(errorOf(parse(image(dict("(100000, 100000)"), 0), 1 << 30)),
            "the array (shape (100000, 100000), 40000000000 bytes) exceeds "
            "the memory budget of 1073741824 bytes");
}

TEST(Npy, HugeHeaderLength) {
  std::string bytes("\x93NUMPY\x02\x00\xff\xff\xff\x7f", 12);
  EXPECT_EQ(errorOf(parse(bytes)),
            "the .npy header announces 2147483647 bytes, more than the "
            "1048576 a header of a supported dtype can need");
}

TEST(Npy, ReadFileWithBudget) {
  llvm::SmallString<128> path;
  int fd;
  ASSERT_FALSE(
      llvm::sys::fs::createTemporaryFile("npytest", "npy", fd, path));
  {
    llvm::raw_fd_ostream os(fd, /*shouldClose=*/true);
    os << image(dict("(5, 7)"), 140);
  }
  EXPECT_TRUE(bool(readNpy(path, 140)));
  EXPECT_EQ(errorOf(readNpy(path, 100)),
            "the array (shape (5, 7), 140 bytes) exceeds the memory budget "
            "of 100 bytes");
  llvm::sys::fs::remove(path);
}

TEST(Npy, DevZeroEnds) {
  // A character device never reaches end of file; reading stops after the
  // first bytes, which are not the magic string.
  EXPECT_EQ(errorOf(readNpy("/dev/zero")),
            "not a .npy file (missing the \\x93NUMPY magic string)");
  EXPECT_EQ(errorOf(readNpy("/dev/null")),
            "not a .npy file (missing the \\x93NUMPY magic string)");
}

} // namespace
