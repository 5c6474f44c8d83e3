//===- BytecodeHazardTest.cpp - The structural check of bytecode files ----===//
//
// Hand-made files (each byte written here from mlir/docs/BytecodeFormat.md)
// for what the check refuses, and files MLIR's own writer made for what it
// must accept: a module with nested regions, every prefix of it, and the
// bytecode fuzz target's seeds, which upstream's reader must read.
//
//===----------------------------------------------------------------------===//

#include "systile/Support/BytecodeHazard.h"
#include "systile/Support/VerifyInput.h"

#include "systile/InitAll.h"

#include "mlir/Bytecode/BytecodeReader.h"
#include "mlir/Bytecode/BytecodeWriter.h"
#include "mlir/Bytecode/Encoding.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

using systile::findBytecodeHazard;

namespace {

static_assert(systile::kMaxBytecodeVersion == mlir::bytecode::kVersion,
              "the check walks the format of the reader's newest version");

/// `v` as a bytecode varint: 7 value bits per byte, the length in the
/// first byte's trailing zeros (a zero byte and eight more for 64 bits).
std::string varint(uint64_t v) {
  unsigned extra = 0;
  while (extra < 8 && v >> (7 * (extra + 1)))
    ++extra;
  std::string out;
  uint64_t encoded = (v << (extra + 1)) | (uint64_t(1) << extra);
  if (extra == 8) {
    out.push_back('\0');
    encoded = v;
  }
  for (unsigned i = 0, e = extra == 8 ? 8 : extra + 1; i < e; ++i)
    out.push_back(char(encoded >> (8 * i)));
  return out;
}

std::string section(uint8_t id, const std::string &data) {
  return std::string(1, char(id)) + varint(data.size()) + data;
}

/// A version 6 file with the given IR and attribute/type offset sections,
/// by default no strings, dialects, attributes or types. The IR section
/// comes last, so its data ends the file.
std::string file(const std::string &ir,
                 const std::string &attrTypeOffsets = "\x01\x01",
                 const std::string &attrTypes = "",
                 const std::string &strings = "\x01",
                 const std::string &dialects = "\x01\x01") {
  return std::string("ML\xefR", 4) + varint(6) + std::string("t\0", 2) +
         section(0, strings) + section(1, dialects) + section(2, attrTypes) +
         section(3, attrTypeOffsets) + section(8, "") + section(4, ir);
}

/// A file whose one dialect is builtin (string 0) and whose attribute and
/// type entries are `attrs` and `types`, each in the builtin dialect's own
/// encoding (mlir/IR/BuiltinDialectBytecode.td), or flagged as assembly
/// text when not `customEncoding` (the types alone when not
/// `typesCustomEncoding`).
std::string builtinFile(const std::vector<std::string> &attrs,
                        const std::vector<std::string> &types = {},
                        bool customEncoding = true,
                        bool typesCustomEncoding = true) {
  std::string offsets = varint(attrs.size()) + varint(types.size());
  std::string data;
  for (const std::vector<std::string> *entries : {&attrs, &types}) {
    if (entries->empty())
      continue;
    const bool custom =
        customEncoding && (entries == &attrs || typesCustomEncoding);
    offsets += varint(0) + varint(entries->size()); // Dialect 0's group.
    for (const std::string &entry : *entries) {
      offsets += varint(entry.size() << 1 | custom);
      data += entry;
    }
  }
  return file("\x01", offsets, data,
              varint(1) + varint(8) + std::string("builtin\0", 8),
              varint(1) + varint(0) + varint(0));
}

/// Offset of the attribute/type section's data in `bytes`, a builtinFile
/// whose entries take fewer than 128 bytes.
size_t entriesOffset(const std::string &bytes) {
  return bytes.find(std::string("\x02", 1)) + 2;
}

/// Builtin entries: their kind codes, then their fields.
std::string entry(std::initializer_list<uint64_t> varints) {
  std::string out;
  for (uint64_t v : varints)
    out += varint(v);
  return out;
}
std::string stringAttr(uint64_t string) { return entry({2, string}); }
std::string fileLineColLoc(uint64_t filename) {
  return entry({11, filename, 1, 1});
}
const char *const kCycle = "; no valid file has a cycle of references, and "
                           "MLIR's reader would retry it forever";

/// Offset of the IR section's data in file(ir).
size_t irOffset(const std::string &ir) { return file(ir).size() - ir.size(); }

std::string expected(size_t offset, const std::string &what) {
  return "t.mlirbc:" + std::to_string(offset) + ": error: bytecode " + what;
}

// An operation with one inline region (name 0, regions mask, location 0,
// one region not isolated), a region with one block defining no values, a
// block holding one operation, an operation without anything.
const std::string kOpWithRegion = "\x01\x10\x01\x05";
const std::string kRegionOneBlock = "\x03\x01";
const std::string kBlockOneOp = "\x05";
const std::string kPlainOp("\x01\x00\x01", 3);

/// Whether upstream's reader reads `bytes`.
bool readerReads(const std::string &bytes) {
  mlir::MLIRContext context;
  mlir::Block block;
  return mlir::succeeded(
      mlir::readBytecodeFile(llvm::MemoryBufferRef(bytes, "t.mlirbc"), &block,
                             mlir::ParserConfig(&context)));
}

TEST(BytecodeHazard, MinimalFileIsAcceptedByCheckAndReader) {
  std::string bytes = file("\x01"); // The top-level block: no operations.
  EXPECT_EQ(findBytecodeHazard(bytes, "t.mlirbc"), "");
  EXPECT_TRUE(readerReads(bytes));
}

TEST(BytecodeHazard, TopLevelBlockArguments) {
  // The top-level block header says "no operations, has arguments", with
  // zero arguments: the reader crashed on it (defineValues).
  std::string ir = "\x03\x01";
  EXPECT_EQ(findBytecodeHazard(file(ir), "t.mlirbc"),
            expected(irOffset(ir),
                     "IR section: the top-level block declares arguments, "
                     "which no valid file has; MLIR's reader would define "
                     "them before it has a value scope, and crash"));
}

TEST(BytecodeHazard, SectionLongerThanFile) {
  std::string bytes = file("\x01");
  bytes.pop_back();
  bytes.back() = char(varint(100)[0]); // The IR section's length byte.
  EXPECT_EQ(findBytecodeHazard(bytes, "t.mlirbc"),
            expected(bytes.size() - 2, "file: the IR section is 100 bytes "
                                       "long but only 0 are left"));
}

TEST(BytecodeHazard, VarintCutOff) {
  // 0x02 starts a two-byte varint, and the section ends after it.
  std::string ir = "\x02";
  EXPECT_EQ(findBytecodeHazard(file(ir), "t.mlirbc"),
            expected(irOffset(ir), "IR section: the IR section ends inside "
                                   "a block"));
}

TEST(BytecodeHazard, BlockArgumentCount) {
  // A block of a nested region with 2^29 arguments and no bytes for them.
  std::string ir = kBlockOneOp + kOpWithRegion + kRegionOneBlock + "\x03" +
                   varint(uint64_t(1) << 29);
  EXPECT_EQ(findBytecodeHazard(file(ir), "t.mlirbc"),
            expected(irOffset(ir) + 8,
                     "IR section: block argument count 536870912 cannot fit "
                     "in the 0 bytes left of the IR section"));
}

TEST(BytecodeHazard, RegionCount) {
  std::string ir = kBlockOneOp + "\x01\x10\x01" + varint(1000 << 1);
  EXPECT_EQ(findBytecodeHazard(file(ir), "t.mlirbc"),
            expected(irOffset(ir) + 4,
                     "IR section: region count 1000 cannot fit in the 0 "
                     "bytes left of the IR section"));
}

TEST(BytecodeHazard, RegionDeclaresMoreValuesThanItDefines) {
  // One block, five values declared, the block defines none.
  std::string ir = kBlockOneOp + kOpWithRegion + "\x03" + varint(5) + "\x01";
  EXPECT_EQ(findBytecodeHazard(file(ir), "t.mlirbc"),
            expected(irOffset(ir) + 6,
                     "IR section: a region declares 5 values but defines 0 "
                     "(block arguments and results)"));
}

TEST(BytecodeHazard, AttributeGroupPastTheTable) {
  // One attribute declared, no types; a dialect group lists two.
  std::string offsets = std::string("\x03\x01") + "\x01\x05\x01\x01";
  std::string bytes = file("\x01", offsets);
  size_t sectionData = bytes.find(section(3, offsets)) + 2;
  EXPECT_EQ(findBytecodeHazard(bytes, "t.mlirbc"),
            expected(sectionData + 3,
                     "attribute/type offset section: a dialect group lists 2 "
                     "attributes but only 1 of the 1 declared are left"));
}

TEST(BytecodeHazard, AttributeCount) {
  std::string offsets = varint(121005409327) + "\x01";
  std::string bytes = file("\x01", offsets);
  size_t sectionData = bytes.find(section(3, offsets)) + 2;
  EXPECT_EQ(findBytecodeHazard(bytes, "t.mlirbc"),
            expected(sectionData,
                     "attribute/type offset section: attribute count "
                     "121005409327 cannot fit in the 1 bytes left of the "
                     "attribute/type offset section"));
}

TEST(BytecodeHazard, BadSectionAlignment) {
  std::string bytes = file("\x01");
  // The IR section, now with an alignment of 3.
  bytes.replace(bytes.size() - 3, 3, std::string("\x84\x03\x07\x01", 4));
  EXPECT_EQ(findBytecodeHazard(bytes, "t.mlirbc"),
            expected(bytes.size() - 4, "file: section alignment 3 is not a "
                                       "power of two from 1 to 2^31"));
}

/// `bytes` in a buffer aligned like the tools' (a page).
std::unique_ptr<llvm::MemoryBuffer> aligned(llvm::StringRef bytes) {
  std::unique_ptr<llvm::WritableMemoryBuffer> buffer =
      llvm::WritableMemoryBuffer::getNewUninitMemBuffer(
          bytes.size(), "t.mlirbc", llvm::Align(4096));
  std::copy(bytes.begin(), bytes.end(), buffer->getBufferStart());
  return buffer;
}

TEST(BytecodeHazard, AttributeNamingItself) {
  std::string bytes = builtinFile({fileLineColLoc(0)});
  EXPECT_EQ(findBytecodeHazard(bytes, "t.mlirbc"),
            expected(entriesOffset(bytes) + 1,
                     std::string("attribute/type section: attribute 0 "
                                 "(builtin FileLineColLoc) refers to itself") +
                         kCycle));
}

TEST(BytecodeHazard, TwoLocationsNamingEachOther) {
  // A string, a NameLoc (name 0, child 2), a CallSiteLoc (callee 1, caller
  // 3), an UnknownLoc: 1 and 2 reference each other.
  std::string bytes = builtinFile(
      {stringAttr(0), entry({14, 0, 2}), entry({10, 1, 3}), entry({15})});
  EXPECT_EQ(findBytecodeHazard(bytes, "t.mlirbc"),
            expected(entriesOffset(bytes) + 4,
                     std::string("attribute/type section: attribute 1 "
                                 "(builtin NameLoc) refers to itself through "
                                 "attribute 2 (builtin CallSiteLoc)") +
                         kCycle));
}

TEST(BytecodeHazard, AttributeAndTypeNamingEachOther) {
  // A TypeAttr of type 0, a tensor<2xf32> (shape [2], a signed varint)
  // whose encoding is attribute 0.
  std::string bytes =
      builtinFile({entry({6, 0})}, {entry({14, 0, 1, 4, 1}), entry({5})});
  EXPECT_EQ(findBytecodeHazard(bytes, "t.mlirbc"),
            expected(entriesOffset(bytes) + 1,
                     std::string("attribute/type section: attribute 0 "
                                 "(builtin TypeAttr) refers to itself through "
                                 "type 0 (builtin RankedTensorType with an "
                                 "encoding)") +
                         kCycle));
}

TEST(BytecodeHazard, CycleThroughAListAndADictionary) {
  // An array [1], a dictionary {0 = 0} (name 0, value 0): 1 -> 0 -> 1.
  std::string bytes = builtinFile({entry({0, 1, 1}), entry({1, 1, 0, 0})});
  EXPECT_EQ(findBytecodeHazard(bytes, "t.mlirbc"),
            expected(entriesOffset(bytes) + 2,
                     std::string("attribute/type section: attribute 0 "
                                 "(builtin ArrayAttr) refers to itself "
                                 "through attribute 1 (builtin "
                                 "DictionaryAttr)") +
                         kCycle));
}

TEST(BytecodeHazard, BuiltinListLongerThanItsEntry) {
  // A FunctionType listing 2^40 inputs in a 7-byte entry: the reader
  // reserves the count (LLVM's fatal "SmallVector unable to grow").
  std::string bytes =
      builtinFile({stringAttr(0)}, {entry({2, uint64_t(1) << 40})});
  EXPECT_EQ(findBytecodeHazard(bytes, "t.mlirbc"),
            expected(entriesOffset(bytes) + 3,
                     "attribute/type entry: builtin FunctionType list entry "
                     "count 1099511627776 cannot fit in the 0 bytes left of "
                     "the attribute/type entry"));
}

/// A builtin dense attribute entry: kind (17 DenseArrayAttr, 18
/// DenseIntOrFPElementsAttr), its fields, then a blob of `bytes` bytes.
/// ShapedType::kDynamic as a shape stores it (a zigzag varint).
constexpr uint64_t kDynamicZigzag = ~uint64_t(0);

std::string denseEntry(std::initializer_list<uint64_t> fields, size_t bytes) {
  return entry(fields) + varint(bytes) + std::string(bytes, '\x01');
}

TEST(BytecodeHazard, DenseDataMustFitItsType) {
  // Types: 0 i0, 1 tensor<8xi0>, 2 f32, 3 tensor<4xf32>, 4 tensor<?xf32>,
  // 5 i1, 6 tensor<9xi1> (a shape is a list of zigzag varints: 8 is 16,
  // dynamic, ShapedType::kDynamic = -2^63, is 2^64 - 1).
  const std::vector<std::string> types = {
      entry({0, 0 << 2}), entry({13, 1, 16, 0}), entry({5}),
      entry({13, 1, 8, 2}), entry({13, 1, kDynamicZigzag, 2}),
      entry({0, 1 << 2}), entry({13, 1, 18, 5})};
  auto check = [&](const std::string &attr) {
    return findBytecodeHazard(builtinFile({attr}, types), "t.mlirbc");
  };
  auto at = [&](const std::string &attr, size_t offset,
                const std::string &what) {
    return expected(entriesOffset(builtinFile({attr}, types)) + offset,
                    "attribute/type entry: attribute 0 (builtin " + what +
                        "; MLIR's reader passes the size on unchecked and "
                        "the attribute reads past it");
  };
  // The fuzzer's hang: 8 i0 elements with 8 bytes of data.
  std::string a = denseEntry({18, 1}, 8);
  EXPECT_EQ(check(a), at(a, 2,
                         "DenseIntOrFPElementsAttr) holds 8 bytes of data, "
                         "but its 8 elements take 0"));
  EXPECT_EQ(check(denseEntry({18, 1}, 0)), "");
  // Four f32: 16 bytes, or 4 for a splat.
  EXPECT_EQ(check(denseEntry({18, 3}, 16)), "");
  EXPECT_EQ(check(denseEntry({18, 3}, 4)), "");
  a = denseEntry({18, 3}, 12);
  EXPECT_EQ(check(a), at(a, 2,
                         "DenseIntOrFPElementsAttr) holds 12 bytes of data, "
                         "but its 4 elements take 16 (or 4 for a splat)"));
  // Nine i1: packed in 2 bytes, or one for a splat, which is 0x00 or 0xff
  // (another byte holds 8 elements: the attribute would read the ninth
  // past it).
  EXPECT_EQ(check(denseEntry({18, 6}, 2)), "");
  EXPECT_EQ(check(entry({18, 6}) + varint(1) + "\xff"), "");
  EXPECT_EQ(check(entry({18, 6}) + varint(1) + std::string(1, '\0')), "");
  a = denseEntry({18, 6}, 1);
  EXPECT_EQ(check(a), at(a, 2,
                         "DenseIntOrFPElementsAttr) holds 1 bytes of data, "
                         "but its 9 elements take 2 (or 1, 0x00 or 0xff, for "
                         "a splat)"));
  a = denseEntry({18, 6}, 9);
  EXPECT_EQ(check(a), at(a, 2,
                         "DenseIntOrFPElementsAttr) holds 9 bytes of data, "
                         "but its 9 elements take 2 (or 1, 0x00 or 0xff, for "
                         "a splat)"));
  // A dynamic dimension, at the dimension's byte of type 4.
  EXPECT_NE(check(denseEntry({18, 4}, 4)).find(
                "type 4 (builtin shaped type) of attribute 0 (builtin "
                "DenseIntOrFPElementsAttr) has dynamic dimension "
                "-9223372036854775808; a dense attribute's type is static"),
            std::string::npos);
  // DenseArrayAttr: its size times the element's bytes, no splat; i1 is a
  // byte each.
  EXPECT_EQ(check(denseEntry({17, 2, 3}, 12)), "");
  a = denseEntry({17, 2, 3}, 4);
  EXPECT_EQ(check(a), at(a, 3,
                         "DenseArrayAttr) holds 4 bytes of data, but its 3 "
                         "elements take 12"));
  EXPECT_EQ(check(denseEntry({17, 5, 3}, 3)), "");
  // An element type that is no integer, index, float or complex type:
  // type 7, a FunctionType.
  std::vector<std::string> more = types;
  more.push_back(entry({2, 0, 0}));        // 7: () -> ()
  more.push_back(entry({13, 1, 8, 7}));    // 8: tensor<4x(() -> ())>
  auto checkMore = [&](const std::string &attr) {
    return findBytecodeHazard(builtinFile({attr}, more), "t.mlirbc");
  };
  EXPECT_NE(checkMore(denseEntry({18, 8}, 4))
                .find("has element type 7 (builtin FunctionType); a dense "
                      "attribute holds integers, indices, floats or complex "
                      "numbers"),
            std::string::npos);
  // Dense data typed by a memref is sized like a tensor's; an unranked
  // type has no size (the reader would take its -1 elements as one).
  // Types 9 memref<3xf32> (its layout attribute 1, a string the check
  // does not look at), 10 tensor<*xf32>, 11 memref<*xf32>.
  more.push_back(entry({10, 1, 6, 2, 1}));
  more.push_back(entry({18, 2}));
  more.push_back(entry({16, 2}));
  auto checkMemRef = [&](const std::string &attr) {
    return findBytecodeHazard(builtinFile({attr, stringAttr(0)}, more),
                              "t.mlirbc");
  };
  EXPECT_EQ(checkMemRef(denseEntry({18, 9}, 12)), "");
  EXPECT_NE(checkMemRef(denseEntry({18, 9}, 5))
                .find("holds 5 bytes of data, but its 3 elements take 12"),
            std::string::npos);
  EXPECT_NE(checkMore(denseEntry({18, 10}, 4))
                .find("attribute 0 (builtin DenseIntOrFPElementsAttr) has "
                      "type 10 (builtin UnrankedTensorType), which has no "
                      "shape; a dense attribute's type is static"),
            std::string::npos);
  EXPECT_NE(checkMore(denseEntry({19, 11}, 4))
                .find("(builtin DenseStringElementsAttr) has type 11 "
                      "(builtin UnrankedMemRefType), which has no shape"),
            std::string::npos);
  // Complex elements: of f32 (8 bytes each) and of i1 (2 bytes each, as
  // MLIR's writer stores them) sized; of index or another complex type
  // (which their verifier refuses, and whose data the reader sizes
  // unchecked) refused.
  more.push_back(entry({9, 2}));            // 12: complex<f32>
  more.push_back(entry({13, 1, 4, 12}));    // 13: tensor<2xcomplex<f32>>
  more.push_back(entry({9, 5}));            // 14: complex<i1>
  more.push_back(entry({13, 1, 4, 14}));    // 15: tensor<2xcomplex<i1>>
  more.push_back(entry({9, 12}));           // 16: complex<complex<f32>>
  more.push_back(entry({13, 1, 4, 16}));    // 17
  more.push_back(entry({9, 1}));            // 18: complex<index>
  more.push_back(entry({13, 1, 4, 18}));    // 19
  EXPECT_EQ(checkMore(denseEntry({18, 13}, 16)), "");
  EXPECT_NE(checkMore(denseEntry({18, 13}, 12)).find("take 16"),
            std::string::npos);
  EXPECT_EQ(checkMore(denseEntry({18, 15}, 4)), "");
  EXPECT_EQ(checkMore(denseEntry({18, 15}, 2)), "");
  EXPECT_NE(checkMore(denseEntry({18, 15}, 1)).find("take 4 (or 2 for a "
                                                    "splat)"),
            std::string::npos);
  for (uint64_t type : {17, 19})
    EXPECT_NE(checkMore(denseEntry({18, type}, 2))
                  .find("(builtin ComplexType) of an element that is no "
                        "integer or float type"),
              std::string::npos)
        << type;
  // An array of index or complex elements: MLIR takes the element's width
  // as a float's.
  for (uint64_t type : {1, 12}) {
    std::vector<std::string> withIndex = more;
    withIndex.push_back(entry({1}));        // 20: index
    EXPECT_NE(findBytecodeHazard(
                  builtinFile({denseEntry({17, type == 1 ? 20 : type, 1}, 8)},
                              withIndex),
                  "t.mlirbc")
                  .find("(builtin DenseArrayAttr) has element type " +
                        std::to_string(type == 1 ? 20 : type) + " (builtin " +
                        (type == 1 ? "IndexType" : "ComplexType") +
                        "); an array holds integers or floats"),
              std::string::npos)
        << type;
  }
  // That the check accepts what systile-opt writes (i0, f32 and i1 dense
  // constants, a DenseArrayAttr) and the reader reads it:
  // test/Tools/bytecode-dense-data.mlir, test/Tools/bytecode-versions.test.
}

TEST(BytecodeHazard, StringSizeCountsItsNul) {
  // One string of size 0: MLIR 22's reader makes it 2^64 - 1 bytes long
  // (the bytecode fuzz target's find). The string section's data starts at
  // byte 9 (magic, version, producer, section id and length); the size is
  // its second byte. A size of 1 is the empty string.
  std::string bytes = file("\x01", "\x01\x01", "", varint(1) + varint(0));
  EXPECT_EQ(findBytecodeHazard(bytes, "t.mlirbc"),
            expected(10, "string section: string 0 has size 0; a string's "
                         "size counts its NUL, and MLIR's reader would take "
                         "it as 2^64 - 1 bytes and crash"));
  bytes = file("\x01", "\x01\x01", "",
               varint(1) + varint(1) + std::string(1, '\0'));
  EXPECT_EQ(findBytecodeHazard(bytes, "t.mlirbc"), "");
  EXPECT_TRUE(readerReads(bytes));
}

TEST(BytecodeHazard, ListsSizedBeforeTheyAreReadMustFit) {
  // Counts the reader sizes a vector by before reading its entries (the
  // bytecode fuzz target's find: a FileLineColRange of 8573157376 line and
  // column numbers, LLVM's fatal "SmallVector unable to grow"). Attribute 0
  // is a StringAttr (string 0) where one is needed. Types: 0 i128, 1
  // tensor<3x!str> stand-in (tensor<3xi128>), 2 tensor<?xi128>.
  const std::vector<std::string> types = {
      entry({0, 128 << 2}), entry({13, 1, 6, 0}),
      entry({13, 1, kDynamicZigzag, 0})};
  auto check = [&](const std::vector<std::string> &attrs) {
    return findBytecodeHazard(builtinFile(attrs, types), "t.mlirbc");
  };
  // FileLineColRange: a file name, then a list of varints.
  EXPECT_EQ(check({stringAttr(0), entry({22, 0, 2, 3, 4})}), "");
  EXPECT_NE(check({stringAttr(0), entry({22, 0, 100, 3})})
                .find("builtin FileLineColRange list entry count 100 cannot "
                      "fit in the 1 bytes left"),
            std::string::npos);
  // IntegerAttr of i128: a word count, then the words.
  EXPECT_EQ(check({entry({8, 0, 2, 5, 7})}), "");
  EXPECT_NE(check({entry({8, 0, 1000, 5})})
                .find("builtin IntegerAttr word count 1000 cannot fit"),
            std::string::npos);
  // DenseStringElementsAttr: not a splat, one string per element (each a
  // byte at least); a splat holds one; a dynamic type is refused.
  EXPECT_EQ(check({entry({19, 1, 0, 0, 0, 0})}), "");
  EXPECT_EQ(check({entry({19, 1, 1, 0})}), "");
  EXPECT_NE(check({entry({19, 1, 0, 0})})
                .find("attribute 0 (builtin DenseStringElementsAttr) of type "
                      "1 holds 3 strings, which cannot fit in the 1 bytes "
                      "left of its entry"),
            std::string::npos);
  EXPECT_NE(check({entry({19, 2, 1, 0})}).find("has dynamic dimension"),
            std::string::npos);
}

TEST(BytecodeHazard, FloatAttrValueMustRead) {
  // MLIR 22's reader builds a FloatAttr from a value it failed to read
  // (the bytecode fuzz target's find). The value is one byte up to 8 bits,
  // a varint up to 64, else a word count and as many varints. Types: 0
  // f32, 1 f80, 2 i32.
  const std::vector<std::string> types = {entry({5}), entry({7}),
                                          entry({0, 32 << 2})};
  auto check = [&](const std::string &attr) {
    return findBytecodeHazard(builtinFile({attr}, types), "t.mlirbc");
  };
  auto cutOff = [&](const std::string &attr, unsigned bits) {
    return expected(entriesOffset(builtinFile({attr}, types)) + 2,
                    "attribute/type entry: attribute 0 (builtin FloatAttr, "
                    "a float of " +
                        std::to_string(bits) +
                        " bits) ends before its value; MLIR's "
                        "reader would build the attribute from the value it "
                        "could not read and crash");
  };
  EXPECT_EQ(check(entry({9, 0, 12345})), "");
  EXPECT_EQ(check(entry({9, 0})), cutOff(entry({9, 0}), 32));
  // A varint whose first byte says one more byte follows.
  std::string a = entry({9, 0}) + "\x02";
  EXPECT_EQ(check(a), cutOff(a, 32));
  // f80: two words, or a word count the entry cannot hold.
  EXPECT_EQ(check(entry({9, 1, 2, 5, 7})), "");
  a = entry({9, 1, 2, 5}) + "\x02"; // The second word cut off.
  EXPECT_EQ(check(a), cutOff(a, 80));
  EXPECT_NE(check(entry({9, 1, 100})).find("builtin FloatAttr word count 100 "
                                           "cannot fit"),
            std::string::npos);
  // No float type: the reader refuses it itself.
  EXPECT_EQ(check(entry({9, 2})), "");
  // A float type in assembly form: f8E4M3FN's value is one byte, even a
  // zero byte (which would begin a 9-byte varint).
  const std::vector<std::string> text = {std::string("f8E4M3FN\0", 9)};
  auto checkText = [&](const std::string &attr) {
    return findBytecodeHazard(builtinFile({attr}, text, true, false),
                              "t.mlirbc");
  };
  EXPECT_EQ(checkText(entry({9, 0}) + std::string(1, '\0')), "");
  EXPECT_NE(checkText(entry({9, 0})).find("a float of 8 bits) ends"),
            std::string::npos);
}

TEST(BytecodeHazard, ShapedTypeDimensionsAreValid) {
  // Upstream's reader builds a builtin shaped type from its dimensions
  // unchecked; the bytecode fuzz target found tensor<-64x...xf32> reaching
  // the passes. Types after f32 (type 0): one shape each (zigzag: 0 is 0,
  // -1 is 1, -2 is 3, 2 is 4).
  auto check = [](std::initializer_list<uint64_t> type) {
    return findBytecodeHazard(
        builtinFile({stringAttr(0)}, {entry({5}), entry(type)}), "t.mlirbc");
  };
  // tensor<0x?xf32>, memref<2x?xf32> (no layout), vector<2xf32>: valid.
  EXPECT_EQ(check({13, 2, 0, kDynamicZigzag, 0}), "");
  EXPECT_EQ(check({10, 2, 4, kDynamicZigzag, 0, 0}), "");
  EXPECT_EQ(check({19, 1, 4, 0}), "");
  // With an encoding or a memory space (the attribute first).
  EXPECT_EQ(check({14, 0, 1, 4, 0}), "");
  EXPECT_NE(check({14, 0, 1, 3, 0}).find("type 1 (builtin RankedTensorType) "
                                         "has dimension -2; a dimension is "
                                         "at least 0 or dynamic"),
            std::string::npos);
  EXPECT_NE(check({11, 0, 1, 1, 0, 0}).find("type 1 (builtin MemRefType) has "
                                            "dimension -1"),
            std::string::npos);
  EXPECT_NE(check({13, 2, 4, 3, 0}).find("has dimension -2"),
            std::string::npos);
  // A vector's dimensions are positive: vector<0xf32> is refused.
  EXPECT_NE(check({19, 1, 0, 0}).find("type 1 (builtin VectorType) has "
                                      "dimension 0; a vector's dimensions "
                                      "are positive"),
            std::string::npos);
  EXPECT_NE(check({19, 1, kDynamicZigzag, 0}).find("VectorType"),
            std::string::npos);
  // vector<[4]x2xf32>: one scalable flag (a byte) per dimension.
  auto scalable = [&](std::string flags, uint64_t rank) {
    return findBytecodeHazard(
        builtinFile({stringAttr(0)},
                    {entry({5}), entry({20}) + varint(flags.size()) + flags +
                                     varint(rank) + std::string(rank, '\x08') +
                                     varint(0)}),
        "t.mlirbc");
  };
  EXPECT_EQ(scalable(std::string("\x01\x00", 2), 2), "");
  EXPECT_NE(scalable(std::string("\x01\x00", 2), 1)
                .find("type 1 (builtin VectorType with scalable dimensions) "
                      "has 2 scalable flags for 1 dimensions"),
            std::string::npos);
}

TEST(BytecodeHazard, EntriesNotDecodedAreLeftToTheReader) {
  // The same self-reference in assembly form (no custom encoding flag),
  // and one naming attribute 5 of 1 (the reader refuses the index).
  EXPECT_EQ(findBytecodeHazard(builtinFile({fileLineColLoc(0)}, {},
                                           /*customEncoding=*/false),
                               "t.mlirbc"),
            "");
  EXPECT_EQ(findBytecodeHazard(builtinFile({fileLineColLoc(5)}), "t.mlirbc"),
            "");
}

TEST(BytecodeHazard, LongChainsAreAccepted) {
  // 2000 locations each naming the next (then the previous) as its file
  // name, ending at a string: deep, but no cycle.
  std::vector<std::string> forward, backward = {stringAttr(0)};
  for (uint64_t i = 1; i < 2000; ++i) {
    forward.push_back(fileLineColLoc(i));
    backward.push_back(fileLineColLoc(i - 1));
  }
  forward.push_back(stringAttr(0));
  for (const std::vector<std::string> &attrs : {forward, backward}) {
    std::string bytes = builtinFile(attrs);
    EXPECT_EQ(findBytecodeHazard(aligned(bytes)->getBuffer(), "t.mlirbc"), "");
    mlir::MLIRContext context;
    mlir::Block block;
    EXPECT_TRUE(mlir::succeeded(
        mlir::readBytecodeFile(aligned(bytes)->getMemBufferRef(), &block,
                               mlir::ParserConfig(&context))));
  }
}

/// IR nesting `levels` regions, each with one block holding one operation.
std::string nested(unsigned levels) {
  std::string ir = kBlockOneOp;
  for (unsigned i = 0; i < levels; ++i)
    ir += kOpWithRegion + kRegionOneBlock + kBlockOneOp;
  return ir + kPlainOp;
}

TEST(BytecodeHazard, RegionNesting) {
  EXPECT_EQ(findBytecodeHazard(file(nested(1000)), "t.mlirbc"), "");
  std::string ir = nested(1001);
  EXPECT_EQ(findBytecodeHazard(file(ir), "t.mlirbc"),
            expected(irOffset(ir) + 1 + 1000 * 7 + 3,
                     "IR section: regions nest deeper than 1000 levels"));
}

constexpr llvm::StringLiteral kModule = R"mlir(
func.func @f(%c: i1, %x: f32) -> f32 {
  %r = scf.if %c -> f32 {
    %y = arith.addf %x, %x : f32
    scf.yield %y : f32
  } else {
    scf.yield %x : f32
  }
  %z = arith.mulf %r, %x : f32
  return %z : f32
}
)mlir";

class WrittenBytecode : public ::testing::Test {
protected:
  void SetUp() override {
    context.loadDialect<mlir::arith::ArithDialect, mlir::func::FuncDialect,
                        mlir::scf::SCFDialect>();
    context.getDiagEngine().registerHandler(
        [](mlir::Diagnostic &) { return mlir::success(); });
    write(kModule, bytes);
  }

  /// `source` parsed and written as bytecode to `out`.
  void write(llvm::StringRef source, std::string &out) {
    mlir::OwningOpRef<mlir::ModuleOp> module =
        mlir::parseSourceString<mlir::ModuleOp>(source, &context);
    ASSERT_TRUE(module);
    llvm::raw_string_ostream os(out);
    ASSERT_TRUE(mlir::succeeded(mlir::writeBytecodeToFile(*module, os)));
  }

  bool reads(llvm::StringRef data) {
    std::unique_ptr<llvm::MemoryBuffer> buffer = aligned(data);
    mlir::Block block;
    return mlir::succeeded(mlir::readBytecodeFile(
        buffer->getMemBufferRef(), &block, mlir::ParserConfig(&context)));
  }

  mlir::MLIRContext context;
  std::string bytes;
};

TEST_F(WrittenBytecode, IsAccepted) {
  EXPECT_EQ(findBytecodeHazard(aligned(bytes)->getBuffer(), "t.mlirbc"), "");
  EXPECT_TRUE(reads(bytes));
}

// Builtin attributes and types of every kind whose encoding references
// others (the check decodes them), nested in one another: no cycle.
constexpr llvm::StringLiteral kBuiltinKinds = R"mlir(
func.func @g(%t: tensor<2xf32, "enc">,
             %m: memref<4xf32, strided<[1], offset: 2>, 3>,
             %n: memref<4xf32>, %v: vector<[4]x2xf32>, %w: vector<3xi8>,
             %c: complex<f32>, %u: tuple<i32, index, () -> f16>,
             %r: memref<*xf32, 1>, %s: memref<*xbf16>, %q: tensor<*xi8>)
    -> f32 attributes {
      d = {a = [1, 2.0 : f64, "s", "typed" : i32, @sym, @sym::@nested,
                unit, i64, dense<[1, 2]> : tensor<2xi32>,
                array<i32: 1, 2>, sparse<[[0]], [1.0]> : tensor<2xf32>],
           b = distinct[0]<42 : i64>}} {
  %x = arith.constant 1.0 : f32 loc(fused<"m">["a.mlir":1:2,
      callsite("f"("b.mlir":3:4) at "c.mlir":5:6 to :7)])
  %y = arith.addf %x, %x : f32 loc(fused["d.mlir":1:1, "e.mlir":2:2])
  return %y : f32 loc("n"(unknown))
}
)mlir";

TEST_F(WrittenBytecode, EveryBuiltinKindIsAccepted) {
  std::string kinds;
  write(kBuiltinKinds, kinds);
  EXPECT_EQ(findBytecodeHazard(aligned(kinds)->getBuffer(), "t.mlirbc"), "");
  EXPECT_TRUE(reads(kinds));
}

TEST_F(WrittenBytecode, EveryPrefixIsRefusedByCheckOrReader) {
  for (size_t n = 4; n < bytes.size(); ++n) {
    llvm::StringRef prefix = llvm::StringRef(bytes).take_front(n);
    std::unique_ptr<llvm::MemoryBuffer> buffer = aligned(prefix);
    if (findBytecodeHazard(buffer->getBuffer(), "t.mlirbc").empty())
      EXPECT_FALSE(reads(prefix)) << "prefix of " << n << " bytes";
  }
}

// A use-list order in index pairs: MLIR's writer chooses pairs when a few
// uses of a value moved (here two of the ten uses of %x swap places). The
// reader writes each pair's first index into a vector of the value's uses
// before it checks the order, so an index past the uses is refused. Each
// byte of the file is set in turn to the varint 100; the one that is the
// pair's index makes the check count the value's uses.
TEST_F(WrittenBytecode, UseListPairsStayWithinTheUses) {
  constexpr llvm::StringLiteral source = R"mlir(
func.func @f(%x: f32) -> f32 {
  %a = arith.addf %x, %x : f32
  %b = arith.addf %x, %x : f32
  %c = arith.addf %x, %x : f32
  %d = arith.addf %x, %x : f32
  %e = arith.addf %x, %x : f32
  %s = arith.addf %a, %b : f32
  %t = arith.addf %c, %d : f32
  %u = arith.addf %s, %t : f32
  %v = arith.addf %u, %e : f32
  return %v : f32
}
)mlir";
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceString<mlir::ModuleOp>(source, &context);
  ASSERT_TRUE(module);
  auto f = mlir::cast<mlir::func::FuncOp>(module->getBody()->front());
  mlir::Value x = f.getArgument(0);
  llvm::SmallVector<unsigned> order = {1, 0, 2, 3, 4, 5, 6, 7, 8, 9};
  x.shuffleUseList(order);
  std::string written;
  llvm::raw_string_ostream os(written);
  ASSERT_TRUE(mlir::succeeded(mlir::writeBytecodeToFile(*module, os)));
  EXPECT_EQ(findBytecodeHazard(aligned(written)->getBuffer(), "t.mlirbc"), "");
  EXPECT_TRUE(reads(written));
  unsigned refused = 0;
  for (size_t i = 0; i < written.size(); ++i) {
    std::string mutant = written;
    mutant[i] = '\xc9'; // The varint 100.
    std::string message =
        findBytecodeHazard(aligned(mutant)->getBuffer(), "t.mlirbc");
    if (message.find("a use-list order moves use #100 of a value with 10 "
                     "uses; MLIR's reader would write past the value's use "
                     "list") != std::string::npos) {
      EXPECT_EQ(message.find("t.mlirbc:" + std::to_string(i) + ": error: "
                             "bytecode IR section: "),
                0u)
          << message;
      ++refused;
    }
  }
  EXPECT_GE(refused, 1u);
}

// Builtin types and attributes their verifiers refuse, built the way
// MLIR's bytecode reader builds them (with `get`, unchecked), written by
// MLIR's writer: the structural check passes them (their encoding is
// sound), upstream's reader reads them, and systile::verifyInput refuses
// each at the op holding it, without printing the op or the value (the
// printer and upstream's verifiers index by their invariants).
TEST_F(WrittenBytecode, InvalidBuiltinsAreRefusedAfterReading) {
  mlir::OpBuilder b(&context);
  mlir::Type f32 = b.getF32Type(), index = b.getIndexType();
  auto function = [&](mlir::Type arg, mlir::Attribute attr) {
    mlir::OwningOpRef<mlir::ModuleOp> module =
        mlir::ModuleOp::create(b.getUnknownLoc());
    b.setInsertionPointToEnd(module->getBody());
    auto f = mlir::func::FuncOp::create(
        b, mlir::FileLineColLoc::get(&context, "m.mlir", 3, 5), "f",
        b.getFunctionType(arg ? mlir::TypeRange(arg) : mlir::TypeRange(),
                          {}));
    f.setPrivate();
    if (attr)
      f->setAttr("x", attr);
    return module;
  };
  auto indexData = std::vector<char>(16, 0);
  auto indices = mlir::DenseIntElementsAttr::get(
      mlir::RankedTensorType::get({1, 1}, b.getI64Type()),
      llvm::ArrayRef<int64_t>{5});
  auto values = mlir::DenseElementsAttr::get(
      mlir::RankedTensorType::get({1}, f32), llvm::ArrayRef<float>{1.0f});
  struct Case {
    const char *name;
    mlir::Type arg;
    mlir::Attribute attr;
    const char *message;
  };
  const Case cases[] = {
      {"complex<index>", mlir::ComplexType::get(index), {},
       "invalid element type for complex"},
      {"tensor<4xnone>",
       mlir::RankedTensorType::get({4}, b.getNoneType()), {},
       "invalid tensor element type"},
      {"memref<4xf32, (d0, d1) -> (d0)>",
       mlir::MemRefType::get(
           {4}, f32,
           mlir::AffineMapAttr::get(mlir::AffineMap::get(
               2, 0, {b.getAffineDimExpr(0)}, &context))),
       {}, "memref layout mismatch between rank and affine map: 1 != 2"},
      {"vector<4xf32> with two scalable flags",
       mlir::VectorType::get({4}, f32, {true, false}), {},
       "has 2 scalable flags for 1 dimensions"},
      {"i8 of signedness 3",
       mlir::IntegerType::get(
           &context, 8,
           static_cast<mlir::IntegerType::SignednessSemantics>(3)),
       {}, "integer signedness 3"},
      {"array<index: 0, 0>", {},
       mlir::DenseArrayAttr::get(&context, index, 2, indexData),
       "(builtin IndexType); an array holds integers or floats"},
      {"sparse<[[5]], [1.0]> : tensor<2xf32>", {},
       mlir::SparseElementsAttr::get(
           mlir::RankedTensorType::get({2}, f32), indices, values),
       "sparse index #0 is not contained within the value shape"},
      {"sparse with i32 indices", {},
       mlir::SparseElementsAttr::get(
           mlir::RankedTensorType::get({2}, f32),
           mlir::DenseIntElementsAttr::get(
               mlir::RankedTensorType::get({1, 1}, b.getI32Type()),
               llvm::ArrayRef<int32_t>{0}),
           values),
       "SparseElementsAttr indices; they are 64-bit integers"},
      {"dense<\"ab\"> : tensor<1xi32>", {},
       mlir::DenseStringElementsAttr::get(
           mlir::RankedTensorType::get({1}, b.getI32Type()),
           llvm::ArrayRef<llvm::StringRef>{"ab"}),
       "DenseStringElementsAttr element type; a string attribute holds no "
       "numbers"},
      // The vector inside is refused, not the tensor holding it.
      {"tensor<2xvector<4xcomplex<f32>>>",
       mlir::RankedTensorType::get(
           {2}, mlir::VectorType::get({4}, mlir::ComplexType::get(f32))),
       {}, "vector elements must be int/index/float type"},
  };
  for (const Case &c : cases) {
    SCOPED_TRACE(c.name);
    std::string out;
    {
      mlir::OwningOpRef<mlir::ModuleOp> module = function(c.arg, c.attr);
      llvm::raw_string_ostream os(out);
      ASSERT_TRUE(mlir::succeeded(mlir::writeBytecodeToFile(*module, os)));
    }
    std::unique_ptr<llvm::MemoryBuffer> buffer = aligned(out);
    // The structural check refuses what it decodes before the reader can
    // report it (the reader's own diagnostics print the value).
    std::string hazard = findBytecodeHazard(buffer->getBuffer(), "t.mlirbc");
    if (!hazard.empty()) {
      EXPECT_NE(hazard.find(c.message), std::string::npos) << hazard;
      continue;
    }
    mlir::Block block;
    ASSERT_TRUE(mlir::succeeded(mlir::readBytecodeFile(
        buffer->getMemBufferRef(), &block, mlir::ParserConfig(&context))));
    std::string message;
    mlir::ScopedDiagnosticHandler handler(&context, [&](mlir::Diagnostic &d) {
      message += d.str();
      for (const mlir::Diagnostic &note : d.getNotes())
        message += "\nnote: " + note.str();
      return mlir::success();
    });
    EXPECT_TRUE(mlir::failed(systile::verifyInput(&block.front())));
    EXPECT_NE(message.find("'func.func' op holds an invalid builtin type or "
                           "attribute: " +
                           std::string(c.message)),
              std::string::npos)
        << message;
    EXPECT_EQ(message.find("note"), std::string::npos) << message;
  }

  // A location holding an invalid attribute (a fused location's metadata)
  // is refused without a location: the diagnostic would print it.
  mlir::OwningOpRef<mlir::ModuleOp> module = function(f32, {});
  module->getBody()->front().setLoc(mlir::FusedLoc::get(
      &context, {mlir::FileLineColLoc::get(&context, "m.mlir", 3, 5)},
      mlir::DenseArrayAttr::get(&context, index, 2, indexData)));
  std::string out;
  llvm::raw_string_ostream os(out);
  ASSERT_TRUE(mlir::succeeded(mlir::writeBytecodeToFile(*module, os)));
  std::unique_ptr<llvm::MemoryBuffer> buffer = aligned(out);
  mlir::Block block;
  ASSERT_TRUE(mlir::succeeded(mlir::readBytecodeFile(
      buffer->getMemBufferRef(), &block, mlir::ParserConfig(&context))));
  std::string message;
  bool unknown = false;
  mlir::ScopedDiagnosticHandler handler(&context, [&](mlir::Diagnostic &d) {
    message += d.str();
    unknown = mlir::isa<mlir::UnknownLoc>(d.getLocation());
    return mlir::success();
  });
  EXPECT_TRUE(mlir::failed(systile::verifyInput(&block.front())));
  EXPECT_NE(message.find("'func.func' op holds an invalid builtin type or "
                         "attribute: DenseArrayAttr element type"),
            std::string::npos)
      << message;
  EXPECT_TRUE(unknown);
}

/// Whether upstream's reader reads `buffer` with the dialects the tools
/// register.
bool readsWithAllDialects(const llvm::MemoryBuffer &buffer) {
  mlir::DialectRegistry registry;
  systile::registerAllDialects(registry);
  mlir::MLIRContext context(registry);
  context.getDiagEngine().registerHandler(
      [](mlir::Diagnostic &) { return mlir::success(); });
  mlir::Block block;
  return mlir::succeeded(mlir::readBytecodeFile(
      buffer.getMemBufferRef(), &block, mlir::ParserConfig(&context)));
}

// A seed the reader refuses (written before an op changed; rebuild them
// with `fuzz/make-corpus.py --fresh bytecode`) only fuzzes the refusal.
TEST(BytecodeHazard, EverySeedIsAcceptedAndReads) {
  std::error_code ec;
  unsigned seeds = 0;
  for (llvm::sys::fs::directory_iterator it(SYSTILE_BYTECODE_SEEDS, ec), end;
       it != end && !ec; it.increment(ec)) {
    llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> buffer =
        llvm::MemoryBuffer::getFile(it->path(), /*IsText=*/false,
                                    /*RequiresNullTerminator=*/false,
                                    /*IsVolatile=*/false, llvm::Align(4096));
    ASSERT_TRUE(buffer) << it->path();
    EXPECT_EQ(findBytecodeHazard((*buffer)->getBuffer(), it->path()), "");
    EXPECT_TRUE(readsWithAllDialects(**buffer)) << it->path();
    ++seeds;
  }
  EXPECT_FALSE(ec) << ec.message();
  EXPECT_GE(seeds, 100u); // The directory was found and read.
}

} // namespace
