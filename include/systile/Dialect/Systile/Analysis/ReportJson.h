//===- ReportJson.h - RFC 8 figures as JSON ---------------------*- C++ -*-===//
//
// The JSON form of the utilisation and layout figures, shared by
// systile-report-utilization (json=FILE) and systile-run (--stats-json):
// one definition of the member names, and of where a matmul is in the
// user's source.
//
//===----------------------------------------------------------------------===//

#ifndef SYSTILE_DIALECT_SYSTILE_ANALYSIS_REPORTJSON_H
#define SYSTILE_DIALECT_SYSTILE_ANALYSIS_REPORTJSON_H

#include "systile/Runtime/LayoutCost.h"
#include "systile/Runtime/Utilization.h"

#include "mlir/IR/Location.h"
#include "llvm/Support/JSON.h"

namespace systile {

/// logical_macs, issued_macs, padding_macs, weight_loads, skipped_loads and
/// utilization (the fraction logical / issued).
llvm::json::Object utilizationJson(const rt::MatmulStats &stats);

/// packs, unpacks, packed_bytes, unpacked_bytes, relayouts, relayout_bytes.
llvm::json::Object layoutJson(const rt::LayoutCost &cost);

/// Adds to `object` "location" (the first file location found in `loc`,
/// through call sites, fused and named locations, as {"file", "line",
/// "column"}, or null) and, when `loc` holds a named location, "name" (its
/// first: the module path torch-mlir and JAX carry).
void addLocationJson(llvm::json::Object &object, mlir::Location loc);

/// Writes `doc` (indented, one trailing newline) to `path` (`-` for
/// standard output) through systile's OutputFile: staged and renamed over
/// a regular file, written through to a device or FIFO, nothing left
/// behind on failure.
llvm::Error writeJsonFile(llvm::StringRef path, const llvm::json::Value &doc);

} // namespace systile

#endif // SYSTILE_DIALECT_SYSTILE_ANALYSIS_REPORTJSON_H
