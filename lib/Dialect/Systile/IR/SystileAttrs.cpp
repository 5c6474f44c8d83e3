//===- SystileAttrs.cpp - systile attributes ------------------------------===//
//
// The geometry attribute's syntax and invariants, and the generated enum and
// attribute definitions.
//
//===----------------------------------------------------------------------===//

#include "systile/Dialect/Systile/IR/SystileAttrs.h"
#include "mlir/IR/Builders.h"
#include "systile/Dialect/Systile/IR/SystileDialect.h"
#include "systile/Runtime/Tiling.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace systile;

#include "systile/Dialect/Systile/IR/SystileEnums.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "systile/Dialect/Systile/IR/SystileAttrs.cpp.inc"

void SystileDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "systile/Dialect/Systile/IR/SystileAttrs.cpp.inc"
      >();
}

GeometryAttr GeometryAttr::getDefault(MLIRContext *context) {
  return GeometryAttr::get(context, rt::kDefaultSublanes, rt::kDefaultLanes,
                           rt::kDefaultMxu);
}

bool GeometryAttr::isDefault() const {
  return getSublanes() == rt::kDefaultSublanes &&
         getLanes() == rt::kDefaultLanes && getMxu() == rt::kDefaultMxu;
}

LogicalResult GeometryAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                   int64_t sublanes, int64_t lanes,
                                   int64_t mxu) {
  auto check = [&](StringRef name, int64_t value) -> LogicalResult {
    if (value > 0)
      return success();
    return emitError() << "geometry " << name << " must be positive, got "
                       << value
                       << " (e.g. #systile.geometry<8x128, mxu = 128>)";
  };
  if (failed(check("sublanes", sublanes)) || failed(check("lanes", lanes)) ||
      failed(check("mxu", mxu)))
    return failure();
  // Tile and weight-block sizes are used as element counts; keep them exact.
  if (!rt::geometrySizesExact(sublanes, lanes, mxu))
    return emitError() << "geometry " << sublanes << "x" << lanes
                       << ", mxu = " << mxu
                       << " is too large: a tile or a weight block would have "
                          "more than 2^63-1 elements";
  return success();
}

// #systile.geometry<S x L, mxu = M>
Attribute GeometryAttr::parse(AsmParser &parser, Type) {
  SMLoc loc = parser.getCurrentLocation();
  SmallVector<int64_t, 2> dims;
  int64_t mxu = 0;
  if (parser.parseLess() ||
      parser.parseDimensionList(dims, /*allowDynamic=*/false,
                                /*withTrailingX=*/false))
    return {};
  if (dims.size() != 2) {
    parser.emitError(loc, "expected 'SUBLANES x LANES' (two sizes), got ")
        << dims.size() << " size(s)";
    return {};
  }
  if (parser.parseComma() || parser.parseKeyword("mxu") ||
      parser.parseEqual() || parser.parseInteger(mxu) || parser.parseGreater())
    return {};
  return parser.getChecked<GeometryAttr>(loc, parser.getContext(), dims[0],
                                         dims[1], mxu);
}

void GeometryAttr::print(AsmPrinter &printer) const {
  printer << "<" << getSublanes() << "x" << getLanes() << ", mxu = " << getMxu()
          << ">";
}
