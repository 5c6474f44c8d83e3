//===- TiledTypeTest.cpp - !systile.tiled accessors -----------------------===//
//
// Padded shape, mask, tile and mxu-block counts of the tiled type, against
// values worked out by hand, for several geometries and for shapes that are
// exact tile multiples, one more, one less, and 1x1; and the runtime's
// view of the type and the dialect's enums (SystileRuntimeBridge.h).
//
//===----------------------------------------------------------------------===//

#include "systile/Dialect/Systile/IR/SystileOps.h"
#include "systile/Dialect/Systile/IR/SystileRuntimeBridge.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "gtest/gtest.h"

using namespace mlir;
using namespace systile;

namespace {

struct Case {
  int64_t s, l, m;          // geometry
  int64_t rows, cols;       // logical shape
  int64_t paddedRows, paddedCols, tileRows, tileCols, rowBlocks, colBlocks;
};

// Expected values computed by hand: padded = ceil(x / tile) * tile,
// blocks = ceil(x / mxu).
const Case cases[] = {
    // default geometry (8, 128, 128)
    {8, 128, 128, 1, 1, 8, 128, 1, 1, 1, 1},
    {8, 128, 128, 8, 128, 8, 128, 1, 1, 1, 1},       // exact multiple
    {8, 128, 128, 9, 129, 16, 256, 2, 2, 1, 2},      // one more
    {8, 128, 128, 7, 127, 8, 128, 1, 1, 1, 1},       // one less
    {8, 128, 128, 3, 5, 8, 128, 1, 1, 1, 1},
    {8, 128, 128, 256, 384, 256, 384, 32, 3, 2, 3},
    {8, 128, 128, 255, 383, 256, 384, 32, 3, 2, 3},
    {8, 128, 128, 257, 385, 264, 512, 33, 4, 3, 4},
    // small geometry (2, 4, 4)
    {2, 4, 4, 1, 1, 2, 4, 1, 1, 1, 1},
    {2, 4, 4, 2, 4, 2, 4, 1, 1, 1, 1},
    {2, 4, 4, 3, 5, 4, 8, 2, 2, 1, 2},
    {2, 4, 4, 1, 3, 2, 4, 1, 1, 1, 1},
    {2, 4, 4, 8, 8, 8, 8, 4, 2, 2, 2},
    {2, 4, 4, 9, 9, 10, 12, 5, 3, 3, 3},
    // (8, 16, 32): tiles and mxu blocks of different sizes
    {8, 16, 32, 33, 31, 40, 32, 5, 2, 2, 1},
    {8, 16, 32, 32, 48, 32, 48, 4, 3, 1, 2},
    // (1, 1, 1)
    {1, 1, 1, 3, 2, 3, 2, 3, 2, 3, 2},
};

class TiledTypeTest : public ::testing::Test {
protected:
  TiledTypeTest() { context.loadDialect<SystileDialect>(); }
  TiledType make(const Case &c, Type element) {
    return TiledType::get({c.rows, c.cols}, element,
                          GeometryAttr::get(&context, c.s, c.l, c.m));
  }
  MLIRContext context;
};

TEST_F(TiledTypeTest, PaddedShapeTilesAndBlocks) {
  for (const Case &c : cases) {
    SCOPED_TRACE(testing::Message() << "geometry (" << c.s << "," << c.l << ","
                                    << c.m << ") shape " << c.rows << "x"
                                    << c.cols);
    TiledType t = make(c, Float32Type::get(&context));
    EXPECT_EQ(t.getPaddedRows(), c.paddedRows);
    EXPECT_EQ(t.getPaddedCols(), c.paddedCols);
    EXPECT_EQ(t.getNumStorageElements(), c.paddedRows * c.paddedCols);
    EXPECT_EQ(t.getNumLogicalElements(), c.rows * c.cols);
    EXPECT_EQ(t.getTileRows(), c.tileRows);
    EXPECT_EQ(t.getTileCols(), c.tileCols);
    EXPECT_EQ(t.getNumTiles(), c.tileRows * c.tileCols);
    EXPECT_EQ(t.getRowBlocks(), c.rowBlocks);
    EXPECT_EQ(t.getColBlocks(), c.colBlocks);
  }
}

TEST_F(TiledTypeTest, MaskMarksExactlyTheLogicalSlots) {
  for (const Case &c : cases) {
    TiledType t = make(c, Float32Type::get(&context));
    int64_t logical = 0;
    for (int64_t r = 0; r < c.paddedRows; ++r)
      for (int64_t col = 0; col < c.paddedCols; ++col) {
        bool expected = r < c.rows && col < c.cols;
        EXPECT_EQ(t.isLogical(r, col), expected) << r << "," << col;
        logical += t.isLogical(r, col);
      }
    EXPECT_EQ(logical, c.rows * c.cols);
  }
}

// Storage offsets of a 3x5 matrix on 2x4 tiles, by hand: padded 4x8, two
// tiles per row; tile (0,0) holds offsets 0..7, (0,1) 8..15, (1,0) 16..23,
// (1,1) 24..31, each 2x4 row-major.
TEST_F(TiledTypeTest, StorageOffsetsByHand) {
  TiledType t = make({2, 4, 4, 3, 5, 0, 0, 0, 0, 0, 0},
                     IntegerType::get(&context, 32));
  EXPECT_EQ(t.getStorageOffset(0, 0), 0);
  EXPECT_EQ(t.getStorageOffset(0, 3), 3);
  EXPECT_EQ(t.getStorageOffset(1, 0), 4);
  EXPECT_EQ(t.getStorageOffset(0, 4), 8);
  EXPECT_EQ(t.getStorageOffset(1, 4), 12);
  EXPECT_EQ(t.getStorageOffset(2, 0), 16);
  EXPECT_EQ(t.getStorageOffset(2, 4), 24);
  EXPECT_EQ(t.getStorageOffset(3, 7), 31);
  // Every padded slot gets a distinct offset below the storage size.
  std::vector<bool> seen(32, false);
  for (int64_t r = 0; r < 4; ++r)
    for (int64_t c = 0; c < 8; ++c) {
      int64_t o = t.getStorageOffset(r, c);
      ASSERT_GE(o, 0);
      ASSERT_LT(o, 32);
      EXPECT_FALSE(seen[o]);
      seen[o] = true;
    }
}

// A 2x3 batch of 3x5 matrices on 2x4 tiles, by hand: each matrix pads to
// 4x8 = 32 slots; matrix b = 3*b0 + b1 starts at 32*b; inside it the
// offsets are those of one matrix.
TEST_F(TiledTypeTest, BatchedShapeAndOffsetsByHand) {
  TiledType t = TiledType::get({2, 3, 3, 5}, IntegerType::get(&context, 32),
                               GeometryAttr::get(&context, 2, 4, 4));
  EXPECT_TRUE(t.isBatched());
  EXPECT_EQ(t.getRank(), 4);
  EXPECT_EQ(t.getNumBatchDims(), 2);
  EXPECT_EQ(t.getBatchShape(), (ArrayRef<int64_t>{2, 3}));
  EXPECT_EQ(t.getNumMatrices(), 6);
  EXPECT_EQ(t.getRows(), 3);
  EXPECT_EQ(t.getCols(), 5);
  EXPECT_EQ(t.getPaddedShape(), (SmallVector<int64_t, 4>{2, 3, 4, 8}));
  EXPECT_EQ(t.getNumMatrixStorageElements(), 32);
  EXPECT_EQ(t.getNumStorageElements(), 6 * 32);
  EXPECT_EQ(t.getNumLogicalElements(), 6 * 15);
  EXPECT_EQ(storageBytes(t), 6 * 32 * 4);
  EXPECT_EQ(t.getStorageOffset(0, 2, 4), 24);
  EXPECT_EQ(t.getStorageOffset(4, 2, 4), 4 * 32 + 24);
  EXPECT_EQ(t.getStorageOffset(5, 3, 7), 6 * 32 - 1);
  TiledType matrix = t.getMatrixType();
  EXPECT_FALSE(matrix.isBatched());
  EXPECT_EQ(matrix.getShape(), (ArrayRef<int64_t>{3, 5}));
  EXPECT_EQ(matrix.getGeometry(), t.getGeometry());
  EXPECT_EQ(matrix.getMatrixType(), matrix);
  EXPECT_EQ(t.getLogicalTensorType().getShape(),
            (ArrayRef<int64_t>{2, 3, 3, 5}));
  // A matrix is a batch of one: its counts are unchanged.
  EXPECT_EQ(matrix.getNumMatrices(), 1);
  EXPECT_EQ(matrix.getNumStorageElements(), 32);
  EXPECT_EQ(matrix.getStorageOffset(2, 4), matrix.getStorageOffset(0, 2, 4));
}

TEST_F(TiledTypeTest, VerifierRejectsBadParameters) {
  std::string message;
  ScopedDiagnosticHandler handler(&context, [&](Diagnostic &d) {
    message = d.str();
    return success();
  });
  auto emit = [&] { return emitError(UnknownLoc::get(&context)); };
  auto geometry = GeometryAttr::getDefault(&context);
  Type f32 = Float32Type::get(&context);
  EXPECT_TRUE(failed(TiledType::verify(emit, {3}, f32, geometry,
                                       PadKind::Zero)));
  EXPECT_NE(message.find("rank 2"), std::string::npos) << message;
  EXPECT_TRUE(failed(TiledType::verify(emit, {0, 3}, f32, geometry,
                                       PadKind::Zero)));
  EXPECT_NE(message.find("at least 1"), std::string::npos) << message;
  EXPECT_TRUE(failed(TiledType::verify(emit, {ShapedType::kDynamic, 3}, f32,
                                       geometry, PadKind::Zero)));
  EXPECT_NE(message.find("dynamic"), std::string::npos) << message;
  EXPECT_TRUE(failed(TiledType::verify(emit, {2, 3},
                                       Float16Type::get(&context), geometry,
                                       PadKind::Zero)));
  EXPECT_NE(message.find("f32, bf16, f64, i8 or i32"), std::string::npos);
  EXPECT_TRUE(failed(TiledType::verify(emit, {int64_t(1) << 62, 3}, f32,
                                       geometry, PadKind::Zero)));
  EXPECT_NE(message.find("2^63-1"), std::string::npos) << message;
  // 2^52 matrices of 8x128 = 2^10 slots each, in f32:
  // 2^62 elements fit, their 2^64 bytes do not.
  EXPECT_TRUE(failed(TiledType::verify(emit, {int64_t(1) << 52, 3, 5}, f32,
                                       geometry, PadKind::Zero)));
  EXPECT_NE(message.find("2^63-1"), std::string::npos) << message;
  EXPECT_TRUE(failed(TiledType::verify(emit, {2, 0, 3, 5}, f32, geometry,
                                       PadKind::Zero)));
  EXPECT_NE(message.find("batch dimension 1 = 0"), std::string::npos)
      << message;
  EXPECT_TRUE(succeeded(TiledType::verify(emit, {2, 4, 3, 5}, f32, geometry,
                                          PadKind::Zero)));
  EXPECT_TRUE(failed(GeometryAttr::verify(emit, 8, 0, 128)));
  EXPECT_NE(message.find("lanes must be positive"), std::string::npos);
  EXPECT_TRUE(succeeded(TiledType::verify(emit, {int64_t(1) << 40, 128}, f32,
                                          geometry, PadKind::Undef)));
}

TEST_F(TiledTypeTest, RuntimeViewOfTheType) {
  for (const Case &c : cases) {
    TiledType t = make(c, Float32Type::get(&context));
    rt::Expected<rt::Layout> layout = layoutOf(t);
    ASSERT_TRUE(layout.ok()) << layout.error();
    EXPECT_EQ(layout->geometry(), (rt::Geometry{c.s, c.l, c.m}));
    EXPECT_EQ(layout->logicalShape(), (rt::Shape{c.rows, c.cols}));
    EXPECT_EQ(layout->paddedShape(), (rt::Shape{c.paddedRows, c.paddedCols}));
  }
  // 3x5 on 2x4 tiles: 32 storage slots.
  const Case small{2, 4, 4, 3, 5, 0, 0, 0, 0, 0, 0};
  TiledType f32 = make(small, Float32Type::get(&context));
  TiledType bf16 = make(small, BFloat16Type::get(&context));
  TiledType i8 = make(small, IntegerType::get(&context, 8));
  TiledType i32 = make(small, IntegerType::get(&context, 32));
  EXPECT_EQ(elementBytes(f32), 4);
  EXPECT_EQ(elementBytes(bf16), 2);
  EXPECT_EQ(elementBytes(i8), 1);
  EXPECT_EQ(elementBytes(i32), 4);
  EXPECT_EQ(storageBytes(f32), 128);
  EXPECT_EQ(storageBytes(bf16), 64);
  EXPECT_EQ(storageBytes(i8), 32);
  // 2^54 x 128 i8: 2^61 storage bytes verify, but the runtime's layouts
  // keep room for 8 bytes per element (2^64), so there is no layout.
  TiledType huge = TiledType::get({int64_t(1) << 54, 128},
                                  IntegerType::get(&context, 8),
                                  GeometryAttr::getDefault(&context));
  EXPECT_EQ(storageBytes(huge), int64_t(1) << 61);
  EXPECT_FALSE(layoutOf(huge).ok());
}

TEST(RuntimeBridge, EnumsMapCaseByCase) {
  EXPECT_EQ(toRuntime(Precision::F32), rt::Precision::F32);
  EXPECT_EQ(toRuntime(Precision::BF16), rt::Precision::BF16);
  EXPECT_EQ(toRuntime(PadKind::Zero), rt::PadKind::Zero);
  EXPECT_EQ(toRuntime(PadKind::Undef), rt::PadKind::Undef);
  EXPECT_EQ(toRuntime(ReduceKind::Sum), rt::ReduceKind::Sum);
  EXPECT_EQ(toRuntime(ReduceKind::Max), rt::ReduceKind::Max);
  EXPECT_EQ(toRuntime(ReduceKind::Min), rt::ReduceKind::Min);
}

} // namespace
