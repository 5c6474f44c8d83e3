//===- SystileTypes.cpp - the tiled-tensor type ---------------------------===//
//
// Syntax, invariants and layout accessors of !systile.tiled.
//
//===----------------------------------------------------------------------===//

#include "systile/Dialect/Systile/IR/SystileTypes.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "systile/Dialect/Systile/IR/SystileDialect.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace systile;

#define GET_TYPEDEF_CLASSES
#include "systile/Dialect/Systile/IR/SystileTypes.cpp.inc"

void SystileDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "systile/Dialect/Systile/IR/SystileTypes.cpp.inc"
      >();
}

bool TiledType::isSupportedElementType(Type type) {
  return type.isF32() || type.isBF16() || type.isF64() ||
         type.isSignlessInteger(8) || type.isSignlessInteger(32);
}

LogicalResult TiledType::verify(function_ref<InFlightDiagnostic()> emitError,
                                ArrayRef<int64_t> shape, Type elementType,
                                GeometryAttr geometry, PadKind padKind) {
  if (shape.size() < 2)
    return emitError() << "!systile.tiled must have rank 2 (ROWSxCOLS) or more "
                          "(leading batch dimensions, BATCHx...xROWSxCOLS), "
                          "got rank "
                       << shape.size();
  size_t rank = shape.size();
  for (auto [index, dim] : llvm::enumerate(shape)) {
    std::string name = index == rank - 2   ? std::string("rows")
                       : index == rank - 1 ? std::string("cols")
                                           : "batch dimension " +
                                                 std::to_string(index);
    if (ShapedType::isDynamic(dim))
      return emitError() << "!systile.tiled " << name
                         << (index + 2 < rank ? " is" : " are")
                         << " dynamic ('?'); every dimension must be static";
    if (dim <= 0)
      return emitError() << "!systile.tiled " << name << " = " << dim
                         << "; every dimension must be at least 1";
  }
  if (!isSupportedElementType(elementType))
    return emitError() << "!systile.tiled element type " << elementType
                       << " is not supported; expected f32, bf16, f64, i8 or i32";
  if (!geometry)
    return emitError() << "!systile.tiled needs a geometry";
  if (failed(GeometryAttr::verify(emitError, geometry.getSublanes(),
                                  geometry.getLanes(), geometry.getMxu())))
    return failure();
  // The padded element count is the storage size; it, and its size in
  // bytes, must be exact in int64.
  int64_t s = geometry.getSublanes(), l = geometry.getLanes();
  rt::TileGrid grid{shape[rank - 2], shape[rank - 1], s, l};
  std::optional<int64_t> perMatrix = grid.checkedStorageElements(1);
  int64_t total = perMatrix.value_or(0), bytes = 0;
  bool exact = perMatrix.has_value();
  for (int64_t dim : shape.drop_back(2))
    exact = exact && !llvm::MulOverflow(total, dim, total);
  exact = exact && !llvm::MulOverflow(total, elementBytes(elementType), bytes);
  if (!exact) {
    InFlightDiagnostic diag = emitError() << "!systile.tiled<";
    llvm::interleave(shape, diag, "x");
    diag << "> padded to " << s << "x" << l
         << " tiles has more than 2^63-1 elements or bytes";
    return diag;
  }
  return success();
}

/// After `pad`: `= (zero | undef)`, into `padKind` (which must be unset).
static ParseResult parsePadKind(AsmParser &parser, SMLoc itemLoc,
                                std::optional<PadKind> &padKind) {
  if (padKind)
    return parser.emitError(itemLoc, "pad kind given twice");
  StringRef keyword;
  if (parser.parseEqual())
    return failure();
  SMLoc kindLoc = parser.getCurrentLocation();
  if (parser.parseKeyword(&keyword))
    return failure();
  padKind = symbolizePadKind(keyword);
  if (!padKind)
    return parser.emitError(kindLoc, "unknown pad kind '")
           << keyword << "'; expected 'zero' or 'undef'";
  return success();
}

/// A geometry attribute, into `geometry`: once, and before the pad kind.
static ParseResult parseGeometry(AsmParser &parser, SMLoc itemLoc,
                                 GeometryAttr &geometry, bool afterPadKind) {
  Attribute attr;
  if (parser.parseAttribute(attr))
    return failure();
  auto parsed = dyn_cast<GeometryAttr>(attr);
  if (!parsed)
    return parser.emitError(itemLoc, "expected '#systile.geometry<...>' or "
                                     "'pad = zero|undef', got ")
           << attr;
  if (geometry || afterPadKind)
    return parser.emitError(itemLoc,
                            "the geometry must come once, before 'pad'");
  geometry = parsed;
  return success();
}

// !systile.tiled<(B x)* R x C x T (, #systile.geometry<...>)? (, pad = kind)?>
Type TiledType::parse(AsmParser &parser) {
  SMLoc loc = parser.getCurrentLocation();
  MLIRContext *context = parser.getContext();
  SmallVector<int64_t, 2> shape;
  Type elementType;
  if (parser.parseLess() ||
      parser.parseDimensionList(shape, /*allowDynamic=*/true,
                                /*withTrailingX=*/true) ||
      parser.parseType(elementType))
    return {};
  GeometryAttr geometry;
  std::optional<PadKind> padKind;
  while (succeeded(parser.parseOptionalComma())) {
    SMLoc itemLoc = parser.getCurrentLocation();
    ParseResult item =
        succeeded(parser.parseOptionalKeyword("pad"))
            ? parsePadKind(parser, itemLoc, padKind)
            : parseGeometry(parser, itemLoc, geometry, padKind.has_value());
    if (failed(item))
      return {};
  }
  if (parser.parseGreater())
    return {};
  if (!geometry)
    geometry = GeometryAttr::getDefault(context);
  return parser.getChecked<TiledType>(loc, context, shape, elementType,
                                      geometry,
                                      padKind.value_or(PadKind::Zero));
}

void TiledType::print(AsmPrinter &printer) const {
  printer << "<";
  for (int64_t dim : getShape())
    printer << dim << "x";
  printer << getElementType();
  if (!getGeometry().isDefault()) {
    printer << ", ";
    printer.printAttribute(getGeometry());
  }
  if (getPadKind() != PadKind::Zero)
    printer << ", pad = " << stringifyPadKind(getPadKind());
  printer << ">";
}

// The generated parser and printer, with a message for an unknown name that
// says what the dialect has.
Type SystileDialect::parseType(DialectAsmParser &parser) const {
  StringRef mnemonic;
  SMLoc loc = parser.getCurrentLocation();
  Type type;
  OptionalParseResult parsed = generatedTypeParser(parser, &mnemonic, type);
  if (parsed.has_value())
    return type;
  parser.emitError(loc, "unknown systile type '")
      << mnemonic << "'; the dialect has one type, !systile.tiled<...>";
  return {};
}

void SystileDialect::printType(Type type, DialectAsmPrinter &printer) const {
  (void)generatedTypePrinter(type, printer);
}

rt::Expected<rt::Layout> systile::layoutOf(TiledType type) {
  return rt::Layout::get(shapeOf(type), geometryOf(type));
}

int64_t TiledType::getNumMatrices() const {
  int64_t count = 1;
  for (int64_t dim : getBatchShape())
    count *= dim; // exact: the verifier bounds the whole storage
  return count;
}
TiledType TiledType::getMatrixType() const {
  return isBatched() ? withShape({getRows(), getCols()}) : *this;
}
TiledType TiledType::withShape(ArrayRef<int64_t> shape) const {
  return TiledType::get(shape, getElementType(), getGeometry(), getPadKind());
}

rt::TileGrid TiledType::getTileGrid() const {
  return {getRows(), getCols(), getSublanes(), getLanes()};
}
int64_t TiledType::getPaddedRows() const { return getTileGrid().paddedRows(); }
int64_t TiledType::getPaddedCols() const { return getTileGrid().paddedCols(); }
SmallVector<int64_t, 4> TiledType::getPaddedShape() const {
  SmallVector<int64_t, 4> shape(getBatchShape());
  shape.append({getPaddedRows(), getPaddedCols()});
  return shape;
}
int64_t TiledType::getNumMatrixStorageElements() const {
  return getTileGrid().numStorageElements();
}
int64_t TiledType::getNumStorageElements() const {
  return getNumMatrices() * getNumMatrixStorageElements();
}
int64_t TiledType::getTileRows() const { return getTileGrid().tileRows(); }
int64_t TiledType::getTileCols() const { return getTileGrid().tileCols(); }
int64_t TiledType::getRowBlocks() const {
  return rt::ceilDiv(getRows(), getMxu());
}
int64_t TiledType::getColBlocks() const {
  return rt::ceilDiv(getCols(), getMxu());
}

bool TiledType::isLogical(int64_t row, int64_t col) const {
  return row >= 0 && col >= 0 && row < getRows() && col < getCols();
}

int64_t TiledType::getStorageOffset(int64_t matrix, int64_t row,
                                    int64_t col) const {
  return matrix * getNumMatrixStorageElements() +
         getTileGrid().offset(row, col);
}

TiledType TiledType::withElementType(Type elementType) const {
  return TiledType::get(getShape(), elementType, getGeometry(), getPadKind());
}
TiledType TiledType::withPadKind(PadKind padKind) const {
  return TiledType::get(getShape(), getElementType(), getGeometry(), padKind);
}
RankedTensorType TiledType::getLogicalTensorType() const {
  return RankedTensorType::get(getShape(), getElementType());
}

std::optional<std::string>
systile::describeNonZeroPadding(TiledType type, const void *storage) {
  const int64_t bytes = elementBytes(type);
  const int64_t n = type.getNumMatrixStorageElements();
  const auto *base = static_cast<const char *>(storage);
  for (int64_t b = 0; b < type.getNumMatrices(); ++b) {
    std::optional<rt::TileGrid::Slot> slot =
        rt::findNonZeroPadding(type.getTileGrid(), base + b * n * bytes, bytes);
    if (!slot)
      continue;
    std::string s;
    llvm::raw_string_ostream os(s);
    os << "padding slot (" << slot->row << ", " << slot->col << ")";
    if (type.isBatched())
      os << " of matrix " << b;
    os << " at storage offset " << b * n + slot->offset << " is not +0";
    return s;
  }
  return std::nullopt;
}
