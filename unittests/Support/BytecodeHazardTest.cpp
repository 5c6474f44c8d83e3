//===- BytecodeHazardTest.cpp - The structural check of bytecode files ----===//
//
// Hand-made files (each byte written here from mlir/docs/BytecodeFormat.md)
// for what the check refuses, and files MLIR's own writer made for what it
// must accept: a module with nested regions, every prefix of it, and the
// bytecode fuzz target's seeds.
//
//===----------------------------------------------------------------------===//

#include "systile/Support/BytecodeHazard.h"

#include "mlir/Bytecode/BytecodeReader.h"
#include "mlir/Bytecode/BytecodeWriter.h"
#include "mlir/Bytecode/Encoding.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>

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

/// A version 6 file with no strings, dialects, attributes or types, and the
/// given IR and attribute/type offset sections. The IR section comes last,
/// so its data ends the file.
std::string file(const std::string &ir,
                 const std::string &attrTypeOffsets = "\x01\x01") {
  return std::string("ML\xefR", 4) + varint(6) + std::string("t\0", 2) +
         section(0, "\x01") + section(1, "\x01\x01") + section(2, "") +
         section(3, attrTypeOffsets) + section(8, "") + section(4, ir);
}

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

TEST(BytecodeHazard, MinimalFileIsAcceptedByCheckAndReader) {
  std::string bytes = file("\x01"); // The top-level block: no operations.
  EXPECT_EQ(findBytecodeHazard(bytes, "t.mlirbc"), "");
  mlir::MLIRContext context;
  mlir::Block block;
  EXPECT_TRUE(mlir::succeeded(
      mlir::readBytecodeFile(llvm::MemoryBufferRef(bytes, "t.mlirbc"), &block,
                             mlir::ParserConfig(&context))));
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

/// `bytes` in a buffer aligned like the tools' (a page).
std::unique_ptr<llvm::MemoryBuffer> aligned(llvm::StringRef bytes) {
  std::unique_ptr<llvm::WritableMemoryBuffer> buffer =
      llvm::WritableMemoryBuffer::getNewUninitMemBuffer(
          bytes.size(), "t.mlirbc", llvm::Align(4096));
  std::copy(bytes.begin(), bytes.end(), buffer->getBufferStart());
  return buffer;
}

class WrittenBytecode : public ::testing::Test {
protected:
  void SetUp() override {
    context.loadDialect<mlir::arith::ArithDialect, mlir::func::FuncDialect,
                        mlir::scf::SCFDialect>();
    context.getDiagEngine().registerHandler(
        [](mlir::Diagnostic &) { return mlir::success(); });
    mlir::OwningOpRef<mlir::ModuleOp> module =
        mlir::parseSourceString<mlir::ModuleOp>(kModule, &context);
    ASSERT_TRUE(module);
    llvm::raw_string_ostream os(bytes);
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

TEST_F(WrittenBytecode, EveryPrefixIsRefusedByCheckOrReader) {
  for (size_t n = 4; n < bytes.size(); ++n) {
    llvm::StringRef prefix = llvm::StringRef(bytes).take_front(n);
    std::unique_ptr<llvm::MemoryBuffer> buffer = aligned(prefix);
    if (findBytecodeHazard(buffer->getBuffer(), "t.mlirbc").empty())
      EXPECT_FALSE(reads(prefix)) << "prefix of " << n << " bytes";
  }
}

TEST(BytecodeHazard, EverySeedIsAccepted) {
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
    ++seeds;
  }
  EXPECT_FALSE(ec) << ec.message();
  EXPECT_GE(seeds, 100u); // The directory was found and read.
}

} // namespace
