//===- SystileOps.cpp - systile op verifiers ------------------------------===//
//
// Invariants of the systile ops. Each diagnostic names what is wrong and
// what would be valid. Folds live in SystileFolds.cpp.
//
//===----------------------------------------------------------------------===//

#include "systile/Dialect/Systile/IR/SystileOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "mlir/IR/OpImplementation.h"
#include "systile/Runtime/ConvWindow.h"
#include "systile/Runtime/RelayoutMap.h"

using namespace mlir;
using namespace systile;

//===----------------------------------------------------------------------===//
// Custom directives
//===----------------------------------------------------------------------===//

// (`precision` `=` (`f32` | `bf16` | `bf16_3x` | `bf16_6x`))?  -- omitted
// when f32, the default.
static ParseResult parsePrecision(OpAsmParser &parser, PrecisionAttr &attr) {
  if (failed(parser.parseOptionalKeyword("precision")))
    return success();
  StringRef keyword;
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseEqual() || parser.parseKeyword(&keyword))
    return failure();
  std::optional<Precision> precision = symbolizePrecision(keyword);
  if (!precision)
    return parser.emitError(loc, "unknown precision '")
           << keyword << "'; expected 'f32', 'bf16', 'bf16_3x' or 'bf16_6x'";
  attr = PrecisionAttr::get(parser.getContext(), *precision);
  return success();
}

static void printPrecision(OpAsmPrinter &printer, Operation *,
                           PrecisionAttr attr) {
  if (attr && attr.getValue() != Precision::F32)
    printer << " precision = " << stringifyPrecision(attr.getValue());
}

#include "systile/Dialect/Systile/IR/SystileInterfaces.cpp.inc"

#define GET_OP_CLASSES
#include "systile/Dialect/Systile/IR/SystileOps.cpp.inc"

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

static bool isFloatInput(Type type) { return type.isF32() || type.isBF16(); }

static std::string shapeString(ArrayRef<int64_t> shape) {
  std::string s;
  llvm::raw_string_ostream os(s);
  llvm::interleave(shape, os, "x");
  return s;
}

/// A tensor holding a tiled value's elements has the tiled element type.
static LogicalResult verifySameElementType(Operation *op,
                                           RankedTensorType tensor,
                                           TiledType tiled) {
  if (tensor.getElementType() != tiled.getElementType())
    return op->emitOpError("tensor element type ")
           << tensor.getElementType()
           << " does not match the tiled element type "
           << tiled.getElementType();
  return success();
}

/// Checks that a dense tensor and a tiled type agree in logical shape and
/// element type.
static LogicalResult verifyDenseMatchesTiled(Operation *op,
                                             RankedTensorType dense,
                                             TiledType tiled) {
  if (dense.getEncoding())
    return op->emitOpError("tensor type ")
           << dense << " has an encoding; only plain dense tensors are "
           << "packed and unpacked";
  if (dense.getShape() != tiled.getShape())
    return op->emitOpError("tensor shape ")
           << shapeString(dense.getShape())
           << " does not match the tiled logical shape "
           << shapeString(tiled.getShape());
  return verifySameElementType(op, dense, tiled);
}

static LogicalResult verifyQuantParams(Operation *op, APFloat scale,
                                       int32_t zeroPoint) {
  if (!scale.isFiniteNonZero() || scale.isNegative())
    return op->emitOpError("scale must be finite and > 0, got ")
           << scale.convertToFloat();
  if (zeroPoint < -128 || zeroPoint > 127)
    return op->emitOpError("zero_point must be in [-128, 127], got ")
           << zeroPoint;
  return success();
}

//===----------------------------------------------------------------------===//
// Layout transforms and constants
//===----------------------------------------------------------------------===//

LogicalResult PackOp::verify() {
  RankedTensorType input = getInput().getType();
  if (!getTranspose())
    return verifyDenseMatchesTiled(*this, input, getType());
  // `transpose`: the input is the C x R transpose of the R x C result
  // (of each matrix; the batch dimensions stay).
  SmallVector<int64_t, 4> transposed(input.getShape());
  std::swap(transposed[transposed.size() - 2], transposed.back());
  SmallVector<int64_t, 4> expected(getType().getBatchShape());
  expected.append({getType().getCols(), getType().getRows()});
  if (transposed != ArrayRef<int64_t>(getType().getShape()))
    return emitOpError("with 'transpose' the tensor shape ")
           << shapeString(input.getShape())
           << " must be the tiled logical shape "
           << shapeString(getType().getShape())
           << " with its two minor dimensions swapped, i.e. "
           << shapeString(expected);
  return verifyDenseMatchesTiled(*this,
                                 RankedTensorType::get(transposed,
                                                       input.getElementType(),
                                                       input.getEncoding()),
                                 getType());
}

LogicalResult UnpackOp::verify() {
  return verifyDenseMatchesTiled(*this, getType(), getInput().getType());
}

/// Checks that a one-dimensional tensor is the storage of a tiled type: as
/// many elements as storage slots, of the same element type.
static LogicalResult verifyStorageOf(Operation *op, RankedTensorType storage,
                                     TiledType tiled) {
  if (storage.getEncoding())
    return op->emitOpError("tensor type ")
           << storage << " has an encoding; a storage tensor is plain";
  if (storage.getDimSize(0) != tiled.getNumStorageElements())
    return op->emitOpError("tensor of ")
           << storage.getDimSize(0) << " elements is not the storage of "
           << tiled << ", which has " << tiled.getNumStorageElements()
           << " storage slots";
  return verifySameElementType(op, storage, tiled);
}

LogicalResult ToStorageOp::verify() {
  return verifyStorageOf(*this, getType(), getInput().getType());
}

LogicalResult FromStorageOp::verify() {
  return verifyStorageOf(*this, getInput().getType(), getType());
}

std::optional<StorageBytes> ConstantOp::getStorageBytes() {
  ElementsAttr value = getValue();
  if (auto dense = dyn_cast<DenseElementsAttr>(value))
    return StorageBytes{dense.getRawData(), dense.isSplat()};
  AsmResourceBlob *blob =
      cast<DenseResourceElementsAttr>(value).getRawHandle().getBlob();
  if (!blob)
    return std::nullopt;
  return StorageBytes{blob->getData(), /*splat=*/false};
}

LogicalResult ConstantOp::verify() {
  TiledType type = getType();
  ElementsAttr value = getValue();
  ShapedType valueType = value.getShapedType();
  if (valueType.getRank() != 1 ||
      valueType.getDimSize(0) != type.getNumStorageElements())
    return emitOpError("value must be a 1-d tensor of the ")
           << type.getNumStorageElements()
           << " storage elements of the padded shape "
           << shapeString(type.getPaddedShape()) << " (in storage order), got "
           << valueType;
  if (valueType.getElementType() != type.getElementType())
    return emitOpError("value element type ")
           << valueType.getElementType()
           << " does not match the tiled element type "
           << type.getElementType();
  std::optional<StorageBytes> bytes = getStorageBytes();
  if (!bytes)
    return success(); // A dense_resource without data: nothing to check.
  int64_t bytesPerElement = elementBytes(type);
  // The verifier above bounds the storage size (TiledType's invariants).
  uint64_t size = storageBytes(type);
  if (!bytes->splat && bytes->data.size() != size)
    return emitOpError("dense_resource blob '")
           << cast<DenseResourceElementsAttr>(value).getRawHandle().getKey()
           << "' holds " << bytes->data.size() << " bytes, but "
           << type.getNumStorageElements() << " storage elements of "
           << type.getElementType() << " need " << size;
  if (type.getPadKind() != PadKind::Zero ||
      type.getNumStorageElements() == type.getNumLogicalElements())
    return success();
  // pad = zero: every padding slot must hold +0 / integer 0, i.e. all-zero
  // bits. Only padding slots are visited, in place (a blob is not copied).
  ArrayRef<char> raw = bytes->data;
  if (bytes->splat)
    return llvm::all_of(raw.take_front(bytesPerElement),
                        [](char c) { return c == 0; })
               ? success()
               : emitOpError("pad kind 'zero' requires zero padding, "
                             "but the splat value is not +0");
  if (std::optional<std::string> where =
          describeNonZeroPadding(type, raw.data()))
    return emitOpError("pad kind 'zero' requires zero padding, but ")
           << *where << "; use pad = undef or zero it";
  return success();
}

//===----------------------------------------------------------------------===//
// Relayouts
//===----------------------------------------------------------------------===//

/// Checks what every relayout keeps: the geometry, element type and pad
/// kind of its input.
static LogicalResult verifyRelayoutKeeps(Operation *op, TiledType input,
                                         TiledType result) {
  if (input.getGeometry() != result.getGeometry())
    return op->emitOpError("result geometry ")
           << result.getGeometry() << " differs from the input's "
           << input.getGeometry() << "; a relayout keeps the geometry";
  if (input.getElementType() != result.getElementType())
    return op->emitOpError("result element type ")
           << result.getElementType() << " differs from the input's "
           << input.getElementType() << "; a relayout keeps the element type";
  if (input.getPadKind() != result.getPadKind())
    return op->emitOpError("result pad kind '")
           << stringifyPadKind(result.getPadKind())
           << "' differs from the input's '"
           << stringifyPadKind(input.getPadKind())
           << "'; a relayout keeps the pad kind";
  return success();
}

/// Checks a relayout's result shape against `expected`, what the op's shape
/// rule `rule` gives for its input.
static LogicalResult verifyRelayoutShape(Operation *op, TiledType input,
                                         TiledType result,
                                         ArrayRef<int64_t> expected,
                                         StringRef rule) {
  if (failed(verifyRelayoutKeeps(op, input, result)))
    return failure();
  if (result.getShape() == expected)
    return success();
  return op->emitOpError("result shape ")
         << shapeString(result.getShape()) << " is not "
         << shapeString(expected) << ", which " << rule
         << " gives for the input shape " << shapeString(input.getShape());
}

/// `type`'s batch dimensions without the innermost, then `minor`.
static SmallVector<int64_t, 4> outerBatchThen(TiledType type,
                                              ArrayRef<int64_t> minor) {
  SmallVector<int64_t, 4> shape(type.getBatchShape().drop_back());
  shape.append(minor.begin(), minor.end());
  return shape;
}

/// `type`'s batch dimensions, then `minor`.
static SmallVector<int64_t, 4> batchThen(TiledType type,
                                         ArrayRef<int64_t> minor) {
  SmallVector<int64_t, 4> shape(type.getBatchShape());
  shape.append(minor.begin(), minor.end());
  return shape;
}

/// Checks that `type` (the `which` of `op`) has a batch dimension, which
/// the op consumes or creates.
static LogicalResult verifyHasBatch(Operation *op, TiledType type,
                                    StringRef which, StringRef role) {
  if (type.isBatched())
    return success();
  return op->emitOpError(which)
         << " " << type << " has no batch dimension; the innermost batch "
         << "dimension is " << role << ", so rank >= 3 is needed";
}

LogicalResult ReshapeBatchOp::verify() {
  TiledType in = getInput().getType(), out = getType();
  if (failed(verifyRelayoutKeeps(*this, in, out)))
    return failure();
  if (in.getRows() != out.getRows() || in.getCols() != out.getCols())
    return emitOpError("result matrices are ")
           << out.getRows() << "x" << out.getCols() << ", the input's are "
           << in.getRows() << "x" << in.getCols()
           << "; reshape_batch keeps the matrix shape (merge_rows and "
              "split_rows move rows)";
  if (in.getNumMatrices() != out.getNumMatrices())
    return emitOpError("result batch ")
           << shapeString(out.getBatchShape()) << " has "
           << out.getNumMatrices() << " matrices, the input batch "
           << shapeString(in.getBatchShape()) << " has "
           << in.getNumMatrices()
           << "; reshape_batch keeps the number of matrices";
  return success();
}

LogicalResult MergeRowsOp::verify() {
  TiledType in = getInput().getType();
  if (failed(verifyHasBatch(*this, in, "input", "merged into the rows")))
    return failure();
  return verifyRelayoutShape(
      *this, in, getType(),
      outerBatchThen(in, {in.getBatchShape().back() * in.getRows(),
                          in.getCols()}),
      "[.., B, R, C] -> [.., B*R, C]");
}

LogicalResult SplitRowsOp::verify() {
  TiledType in = getInput().getType(), out = getType();
  if (failed(verifyHasBatch(*this, out, "result", "split off the rows")))
    return failure();
  if (in.getRows() % out.getRows() != 0)
    return emitOpError("result rows ")
           << out.getRows() << " do not divide the input's " << in.getRows()
           << " rows; [.., B*R, C] -> [.., B, R, C] needs R to divide them";
  return verifyRelayoutShape(
      *this, in, out,
      batchThen(in, {in.getRows() / out.getRows(), out.getRows(),
                     in.getCols()}),
      "[.., B*R, C] -> [.., B, R, C]");
}

LogicalResult SplitHeadsOp::verify() {
  TiledType in = getInput().getType(), out = getType();
  if (failed(verifyHasBatch(*this, out, "result", "the heads")))
    return failure();
  int64_t heads = out.getBatchShape().back();
  if (in.getCols() % heads != 0)
    return emitOpError("result has ")
           << heads << " heads, which do not divide the input's "
           << in.getCols()
           << " columns; [.., S, H*D] -> [.., H, S, D] needs H to divide "
              "them";
  return verifyRelayoutShape(
      *this, in, out, batchThen(in, {heads, in.getRows(), in.getCols() / heads}),
      "[.., S, H*D] -> [.., H, S, D]");
}

LogicalResult MergeHeadsOp::verify() {
  TiledType in = getInput().getType();
  if (failed(verifyHasBatch(*this, in, "input", "the heads")))
    return failure();
  return verifyRelayoutShape(
      *this, in, getType(),
      outerBatchThen(in, {in.getRows(),
                          in.getBatchShape().back() * in.getCols()}),
      "[.., H, S, D] -> [.., S, H*D]");
}

LogicalResult TransposeOp::verify() {
  TiledType in = getInput().getType();
  return verifyRelayoutShape(*this, in, getType(),
                             batchThen(in, {in.getCols(), in.getRows()}),
                             "[.., R, C] -> [.., C, R]");
}

LogicalResult ReshapeOp::verify() {
  TiledType in = getInput().getType(), out = getType();
  if (failed(verifyRelayoutKeeps(*this, in, out)))
    return failure();
  if (in.getNumLogicalElements() != out.getNumLogicalElements())
    return emitOpError("result shape ")
           << shapeString(out.getShape()) << " has "
           << out.getNumLogicalElements() << " elements, the input shape "
           << shapeString(in.getShape()) << " has "
           << in.getNumLogicalElements()
           << "; a reshape keeps every element";
  return success();
}

LogicalResult SliceOp::verify() {
  TiledType in = getInput().getType(), out = getType();
  if (failed(verifyRelayoutKeeps(*this, in, out)))
    return failure();
  ArrayRef<int64_t> inShape = in.getShape(), outShape = out.getShape();
  if (inShape.size() != outShape.size())
    return emitOpError("result rank ")
           << outShape.size() << " differs from the input's " << inShape.size()
           << "; a slice keeps the rank";
  ArrayRef<int64_t> offsets = getOffsets();
  if (offsets.size() != inShape.size())
    return emitOpError("has ")
           << offsets.size() << " offsets for a rank-" << inShape.size()
           << " input; it needs one per dimension";
  for (auto [d, offset, size, extent] :
       llvm::enumerate(offsets, outShape, inShape))
    if (offset < 0 || offset > extent || size > extent - offset)
      return emitOpError("dimension ")
             << d << ": offset " << offset << " and size " << size
             << " leave the input's extent " << extent
             << " (result shape " << shapeString(outShape)
             << ", input shape " << shapeString(inShape) << ")";
  return success();
}

bool SliceOp::isFree() {
  TiledType in = getInput().getType(), out = getType();
  ArrayRef<int64_t> offsets = getOffsets();
  const size_t rank = offsets.size();
  if (in.getRows() != out.getRows() || in.getCols() != out.getCols() ||
      offsets[rank - 2] != 0 || offsets[rank - 1] != 0)
    return false;
  // The matrices taken are consecutive when, after the first batch
  // dimension taken in part, every dimension is taken whole and the
  // dimensions before it take a single index.
  ArrayRef<int64_t> inBatch = in.getBatchShape(), outBatch = out.getBatchShape();
  size_t d = 0;
  while (d < inBatch.size() && outBatch[d] == 1)
    ++d;
  if (d < inBatch.size())
    ++d; // the dimension taken in part (or whole)
  for (; d < inBatch.size(); ++d)
    if (outBatch[d] != inBatch[d])
      return false;
  return true;
}

bool ReshapeBatchOp::isFree() { return true; }

bool ReshapeOp::isFree() {
  TiledType in = getInput().getType(), out = getType();
  return in.getRows() == out.getRows() && in.getCols() == out.getCols();
}

bool MergeRowsOp::isFree() {
  TiledType in = getInput().getType();
  return rt::isFreeRowRegroup(in.getBatchShape().back(), in.getRows(),
                              in.getSublanes());
}

bool SplitRowsOp::isFree() {
  TiledType out = getType();
  return rt::isFreeRowRegroup(out.getBatchShape().back(), out.getRows(),
                              out.getSublanes());
}

bool SplitHeadsOp::isFree() { return false; }
bool MergeHeadsOp::isFree() { return false; }
bool TransposeOp::isFree() { return false; }

//===----------------------------------------------------------------------===//
// Convolution windows
//===----------------------------------------------------------------------===//

/// The window rule of the attributes, unchecked (sizes as given; an array
/// of the wrong length leaves its fields at their defaults, which the
/// verifier reports first).
/// "1, 5, 5": an attribute array as it is written.
static std::string listString(ArrayRef<int64_t> values) {
  std::string out;
  llvm::raw_string_ostream os(out);
  llvm::interleaveComma(values, os);
  return out;
}

static rt::ConvWindow windowOf(ArrayRef<int64_t> image,
                               ArrayRef<int64_t> kernel,
                               ArrayRef<int64_t> strides,
                               ArrayRef<int64_t> dilations,
                               ArrayRef<int64_t> padding) {
  rt::ConvWindow w;
  if (image.size() == 3) {
    w.batch = image[0];
    w.height = image[1];
    w.width = image[2];
  }
  if (kernel.size() == 2) {
    w.kernelH = kernel[0];
    w.kernelW = kernel[1];
  }
  if (strides.size() == 2) {
    w.strideH = strides[0];
    w.strideW = strides[1];
  }
  if (dilations.size() == 2) {
    w.dilationH = dilations[0];
    w.dilationW = dilations[1];
  }
  if (padding.size() == 4) {
    w.padTop = padding[0];
    w.padLeft = padding[1];
    w.padBottom = padding[2];
    w.padRight = padding[3];
  }
  return w;
}

rt::ConvWindow Im2colOp::getWindow() {
  return windowOf(getImage(), getKernel(), getStrides(), getDilations(),
                  getPadding());
}

rt::ConvWindow WindowOp::getWindow() {
  return windowOf(getImage(), getKernel(), getStrides(), getDilations(),
                  getPadding());
}

/// What im2col and window share: the attribute arrays' lengths, a well
/// formed window whose input rows are the input's, the pad value's type,
/// and the result's rows and `cols`.
template <typename OpTy>
static LogicalResult verifyWindow(OpTy op, int64_t cols, StringRef colsRule) {
  struct Length {
    StringRef name;
    size_t size, expected;
    StringRef form;
  };
  for (const Length &l :
       {Length{"image", op.getImage().size(), 3, "[N, H, W]"},
        Length{"kernel", op.getKernel().size(), 2, "[KH, KW]"},
        Length{"strides", op.getStrides().size(), 2, "[sh, sw]"},
        Length{"dilations", op.getDilations().size(), 2, "[dh, dw]"},
        Length{"padding", op.getPadding().size(), 4,
               "[top, left, bottom, right]"}})
    if (l.size != l.expected)
      return op.emitOpError()
             << l.name << " has " << l.size << " values; it is " << l.form;
  rt::ConvWindow w = op.getWindow();
  if (std::string why = w.check(); !why.empty())
    return op.emitOpError("invalid window: ") << why;
  TiledType in = op.getInput().getType(), out = op.getType();
  if (failed(verifyRelayoutKeeps(op, in, out)))
    return failure();
  if (in.getRows() != w.inputRows())
    return op.emitOpError("input has ")
           << in.getRows() << " rows, but image [" << listString(op.getImage())
           << "] is N*H*W = " << w.inputRows() << " rows";
  if (in.getBatchShape() != out.getBatchShape())
    return op.emitOpError("result batch dimensions [")
           << listString(out.getBatchShape())
           << "] differ from the input's [" << listString(in.getBatchShape())
           << "]; every matrix of the batch is one image";
  if (std::optional<TypedAttr> pad = op.getPadValue();
      pad && pad->getType() != in.getElementType())
    return op.emitOpError("pad_value ")
           << *pad << " is not of the element type " << in.getElementType();
  SmallVector<int64_t, 4> expected(in.getBatchShape());
  expected.append({w.outputRows(), cols});
  if (out.getShape() != ArrayRef<int64_t>(expected))
    return op.emitOpError("result shape ")
           << shapeString(out.getShape()) << " is not "
           << shapeString(expected) << " (N*OH*OW = " << w.batch << "*"
           << w.outHeight() << "*" << w.outWidth() << " rows, " << colsRule
           << ")";
  return success();
}

LogicalResult Im2colOp::verify() {
  TiledType in = getInput().getType();
  rt::ConvWindow w = getWindow();
  int64_t cols = 0;
  if (getKernel().size() == 2 && w.check().empty() &&
      __builtin_mul_overflow(w.taps(), in.getCols(), &cols))
    return emitOpError("KH*KW*C = ")
           << w.taps() << "*" << in.getCols() << " exceeds 2^63-1";
  return verifyWindow(*this, cols, "KH*KW*C columns");
}

LogicalResult WindowOp::verify() {
  if (getTap().size() != 2)
    return emitOpError("tap has ")
           << getTap().size() << " values; it is [kh, kw]";
  rt::ConvWindow w = getWindow();
  if (getKernel().size() == 2 &&
      (getTap()[0] < 0 || getTap()[0] >= w.kernelH || getTap()[1] < 0 ||
       getTap()[1] >= w.kernelW))
    return emitOpError("tap [")
           << listString(getTap()) << "] is outside the kernel ["
           << listString(getKernel()) << "]";
  return verifyWindow(*this, getInput().getType().getCols(), "C columns");
}

bool Im2colOp::isFree() { return false; }
bool WindowOp::isFree() { return getWindow().isIdentity(); }

//===----------------------------------------------------------------------===//
// Matmuls
//===----------------------------------------------------------------------===//

/// Checks the batch dimensions: acc has lhs's, rhs has lhs's or none.
static LogicalResult verifyMatmulBatch(Operation *op, TiledType lhs,
                                       TiledType rhs, TiledType acc) {
  ArrayRef<int64_t> batch = lhs.getBatchShape();
  if (rhs.isBatched() && rhs.getBatchShape() != batch)
    return op->emitOpError("rhs batch dimensions [")
           << shapeString(rhs.getBatchShape())
           << "] must be lhs's batch dimensions [" << shapeString(batch)
           << "] (one weight matrix per batch matrix) or none (one shared "
              "weight matrix)";
  if (acc.getBatchShape() != batch)
    return op->emitOpError("accumulator batch dimensions [")
           << shapeString(acc.getBatchShape())
           << "] must be lhs's batch dimensions [" << shapeString(batch)
           << "]";
  return success();
}

/// Checks M, K and N of each matrix; rhs is K x N, or N x K when
/// transposed.
static LogicalResult verifyMatmulMatrices(Operation *op, TiledType lhs,
                                          TiledType rhs, TiledType acc,
                                          bool rhsTransposed) {
  int64_t rhsDepth = rhsTransposed ? rhs.getCols() : rhs.getRows();
  int64_t width = rhsTransposed ? rhs.getRows() : rhs.getCols();
  if (lhs.getCols() != rhsDepth)
    return op->emitOpError("lhs has ")
           << lhs.getCols() << " columns but rhs has " << rhsDepth
           << (rhsTransposed ? " columns (rhs_transposed: rhs is N x K)"
                             : " rows");
  if (acc.getRows() != lhs.getRows() || acc.getCols() != width)
    return op->emitOpError("accumulator shape ")
           << acc.getRows() << "x" << acc.getCols() << " must be "
           << lhs.getRows() << "x" << width
           << (rhsTransposed ? " (lhs rows x rhs rows, rhs_transposed)"
                             : " (lhs rows x rhs columns)");
  return success();
}

/// Checks the element types: (f32|bf16) x (f32|bf16) -> f32 or
/// i8 x i8 -> i32, no bf16 precision on integers, and flushing only where
/// something is converted to bf16.
static LogicalResult verifyMatmulElements(Operation *op, TiledType lhs,
                                          TiledType rhs, TiledType acc,
                                          Precision precision,
                                          bool flushSubnormals) {
  Type a = lhs.getElementType(), b = rhs.getElementType(),
       c = acc.getElementType();
  if (isFloatInput(a) && isFloatInput(b)) {
    if (!c.isF32())
      return op->emitOpError("float operands accumulate in f32, got an ")
             << c << " accumulator";
    if (flushSubnormals && precision == Precision::F32)
      return op->emitOpError("flush_subnormals has no effect at precision = "
                             "f32 (no operand is converted to bf16); use "
                             "precision = bf16, bf16_3x or bf16_6x, or drop "
                             "it");
    return success();
  }
  if (a.isSignlessInteger(8) && b.isSignlessInteger(8)) {
    if (!c.isSignlessInteger(32))
      return op->emitOpError("i8 x i8 accumulates in i32, got an ")
             << c << " accumulator";
    if (precision != Precision::F32)
      return op->emitOpError("precision = ")
             << stringifyPrecision(precision)
             << " applies to float operands only; drop it for i8 x i8";
    if (flushSubnormals)
      return op->emitOpError("flush_subnormals applies to float operands "
                             "only; drop it for i8 x i8");
    return success();
  }
  return op->emitOpError("unsupported operand element types ")
         << a << " x " << b
         << "; expected (f32|bf16) x (f32|bf16) -> f32 or i8 x i8 -> i32";
}

template <typename OpTy>
static LogicalResult verifyMatmul(OpTy op) {
  TiledType lhs = op.getLhs().getType(), rhs = op.getRhs().getType(),
            acc = op.getAcc().getType();
  if (lhs.getGeometry() != rhs.getGeometry() ||
      lhs.getGeometry() != acc.getGeometry())
    return op.emitOpError("operands must share one geometry, got lhs ")
           << lhs.getGeometry() << ", rhs " << rhs.getGeometry() << ", acc "
           << acc.getGeometry();
  if (failed(verifyMatmulBatch(op, lhs, rhs, acc)) ||
      failed(verifyMatmulMatrices(op, lhs, rhs, acc, op.getRhsTransposed())))
    return failure();
  return verifyMatmulElements(op, lhs, rhs, acc, op.getPrecision(),
                              op.getFlushSubnormals());
}

LogicalResult MatmulOp::verify() { return verifyMatmul(*this); }

LogicalResult MxuMatmulOp::verify() {
  if (failed(verifyMatmul(*this)))
    return failure();
  int64_t kBlocks = getDepthBlocks(), nBlocks = getWidthBlocks();
  int64_t kb = getKbAttr().getInt(), nb = getNbAttr().getInt();
  if (kb < 0 || kb >= kBlocks)
    return emitOpError("kb = ")
           << kb << " is outside the " << kBlocks
           << " contraction block(s) [0, " << kBlocks << ") of K = "
           << getDepth() << " with mxu = " << getLhs().getType().getMxu();
  if (nb < 0 || nb >= nBlocks)
    return emitOpError("nb = ")
           << nb << " is outside the " << nBlocks << " column block(s) [0, "
           << nBlocks << ") of N = " << getWidth()
           << " with mxu = " << getLhs().getType().getMxu();
  return success();
}

//===----------------------------------------------------------------------===//
// Element conversions
//===----------------------------------------------------------------------===//

// truncf and extf have no C++ verifier: their element types and the
// passing-through of shape, geometry and pad kind are ODS constraints
// (Systile_TiledOf, TypesMatchWith); quantize and dequantize add their
// parameters.

LogicalResult QuantizeOp::verify() {
  return verifyQuantParams(*this, getScaleAttr().getValue(), getZeroPoint());
}

LogicalResult DequantizeOp::verify() {
  return verifyQuantParams(*this, getScaleAttr().getValue(), getZeroPoint());
}

//===----------------------------------------------------------------------===//
// Reductions and padding
//===----------------------------------------------------------------------===//

LogicalResult ReduceOp::verify() {
  TiledType input = getInput().getType(), result = getType();
  Type element = input.getElementType();
  if (!element.isF32() && !element.isF64() && !element.isSignlessInteger(32))
    return emitOpError("reduces f32, f64 or i32 elements, got ")
           << element << " (widen with systile.extf first)";
  int64_t dim = getDim(), rank = input.getRank();
  if (dim < 0 || dim >= rank)
    return emitOpError("dim must be in [0, ")
           << rank << ") (" << rank - 2 << ": down the columns, " << rank - 1
           << ": along the rows" << (rank > 2 ? ", lower: a batch dimension" : "")
           << "), got " << dim;
  SmallVector<int64_t, 4> expected(input.getShape());
  expected[dim] = 1;
  if (result.getShape() != ArrayRef<int64_t>(expected))
    return emitOpError("result shape must be ")
           << shapeString(expected) << " (dim " << dim
           << " reduced to 1), got " << shapeString(result.getShape());
  if (result.getElementType() != element)
    return emitOpError("result element type must be ")
           << element << ", got " << result.getElementType();
  if (result.getGeometry() != input.getGeometry())
    return emitOpError("result geometry ")
           << result.getGeometry() << " must equal the input geometry "
           << input.getGeometry();
  return success();
}

LogicalResult FillPaddingOp::verify() {
  TiledType input = getInput().getType(), result = getType();
  if (result.getShape() != input.getShape() ||
      result.getElementType() != input.getElementType() ||
      result.getGeometry() != input.getGeometry())
    return emitOpError("result must be the input type up to the pad kind, "
                       "got ")
           << input << " -> " << result;
  TypedAttr value = getValue();
  if (value.getType() != input.getElementType())
    return emitOpError("value type ")
           << value.getType() << " must be the element type "
           << input.getElementType();
  bool isZero = false;
  if (auto f = dyn_cast<FloatAttr>(value))
    isZero = f.getValue().isPosZero();
  else if (auto i = dyn_cast<IntegerAttr>(value))
    isZero = i.getValue().isZero();
  else
    return emitOpError("value must be a float or integer constant, got ")
           << value;
  PadKind expected = isZero ? PadKind::Zero : PadKind::Undef;
  if (result.getPadKind() != expected)
    return emitOpError("result pad kind must be '")
           << stringifyPadKind(expected) << "' for padding value " << value
           << (isZero ? " (+0)" : " (only +0 is recorded as 'zero')");
  return success();
}

//===----------------------------------------------------------------------===//
// on_buffers
//===----------------------------------------------------------------------===//

/// Checks that `buffer` can hold a value of `type`: the storage buffer of a
/// tiled type, or a buffer of a dense tensor's shape and element type.
static LogicalResult verifyBufferFor(Operation *op, Type type, Value buffer,
                                     StringRef what, unsigned index) {
  auto memref = dyn_cast<MemRefType>(buffer.getType());
  if (!memref) {
    if (buffer.getType() == type && !isa<ShapedType>(type))
      return success();
    return op->emitOpError()
           << what << " #" << index << " of type " << buffer.getType()
           << " cannot hold a value of type " << type;
  }
  if (auto tiled = dyn_cast<TiledType>(type)) {
    if (memref.getRank() != 1 || !memref.getLayout().isIdentity() ||
        memref.getElementType() != tiled.getElementType() ||
        memref.getDimSize(0) != tiled.getNumStorageElements())
      return op->emitOpError()
             << what << " #" << index << " must be the storage buffer of "
             << tiled << ", "
             << MemRefType::get({tiled.getNumStorageElements()},
                                tiled.getElementType())
             << ", got " << memref;
    return success();
  }
  auto tensor = dyn_cast<RankedTensorType>(type);
  if (!tensor || tensor.getShape() != memref.getShape() ||
      tensor.getElementType() != memref.getElementType())
    return op->emitOpError()
           << what << " #" << index << " of type " << memref
           << " cannot hold a value of type " << type;
  return success();
}

LogicalResult OnBuffersOp::verifyRegions() {
  Block &body = getBody().front();
  if (body.getNumArguments() != getInputs().size())
    return emitOpError("region must take one argument per 'ins' buffer (")
           << getInputs().size() << "), got " << body.getNumArguments();
  for (auto [i, arg, buffer] : llvm::enumerate(body.getArguments(),
                                               getInputs()))
    if (failed(verifyBufferFor(*this, arg.getType(), buffer, "ins", i)))
      return failure();
  if (body.getOperations().size() != 2)
    return emitOpError("region must hold exactly one op and the "
                       "terminator");
  Operation *inner = getInnerOp();
  if (!isa<SystileDialect>(inner->getDialect()) || isa<OnBuffersOp>(inner))
    return emitOpError("region op must be a systile op, got '")
           << inner->getName() << "'";
  if (inner->getNumOperands() != body.getNumArguments() ||
      llvm::any_of(llvm::enumerate(inner->getOperands()), [&](auto it) {
        return it.value() != body.getArgument(it.index());
      }))
    return inner->emitOpError("in 'systile.on_buffers' must take the region "
                              "arguments as its operands, in order");
  auto yield = cast<OnBuffersYieldOp>(body.getTerminator());
  if (yield.getValues() != ValueRange(inner->getResults()))
    return yield.emitOpError("must yield the results of the region's op, "
                             "in order");
  if (getOutputs().size() != inner->getNumResults())
    return emitOpError("must have one 'outs' buffer per result of the "
                       "region's op (")
           << inner->getNumResults() << "), got " << getOutputs().size();
  for (auto [i, result, buffer] :
       llvm::enumerate(inner->getResults(), getOutputs()))
    if (failed(verifyBufferFor(*this, result.getType(), buffer, "outs", i)))
      return failure();
  return success();
}
