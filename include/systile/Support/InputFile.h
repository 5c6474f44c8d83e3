//===- InputFile.h - Reading tool inputs that may never end -----*- C++ -*-===//
//
// mlir::openInputFile reads a pipe or device to its end, so `systile-opt
// /dev/zero` would read forever. openBoundedInputFile reads regular files
// exactly like it, and anything else (a pipe, a device, a terminal) in
// chunks, stopping with an error at the first NUL byte: MLIR text never
// holds one (MLIR bytecode, recognised by its magic number, is read to its
// end as before).
//
// A regular bytecode file is memory-mapped without a NUL terminator (read
// into a page-aligned buffer when it is too small to map), so its blobs
// keep their alignment and a parser given the buffer's SourceMgr as a
// shared_ptr can use them in place (systile-run does).
//
// MLIR's parser recurses once per nested region, attribute or type, so a
// text input nested deeply enough (4000 `scf.if`s) overflows its stack;
// text nesting brackets deeper than kMaxInputNesting is refused with the
// location of the first bracket too many, before anything is parsed. So is
// a `dialect_resources` hex blob whose alignment (its first four bytes) is
// not a power of two up to kMaxBlobAlignment: upstream's parser allocates
// with it unchecked and aborts on alignment 0; and so is a custom-form
// linalg op whose `<...>` properties are not a dictionary, or whose
// `dimensions =` / `permutation =` (linalg.reduce, broadcast, transpose) is
// not a well-formed integer list, on which upstream's parsers crash. A
// bytecode input goes through systile::findBytecodeHazard
// (BytecodeHazard.h), the structural check that keeps upstream's bytecode
// reader from crashing or allocating without bound.
//
//===----------------------------------------------------------------------===//

#ifndef SYSTILE_SUPPORT_INPUTFILE_H
#define SYSTILE_SUPPORT_INPUTFILE_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/MemoryBuffer.h"

#include <memory>
#include <string>

namespace systile {

/// The deepest bracket nesting (`{`, `(`, `[`, `<`) a text input may have.
constexpr unsigned kMaxInputNesting = 1000;
/// The largest alignment a text input's resource blob may ask for.
constexpr unsigned kMaxBlobAlignment = 1u << 16;

/// What in MLIR text `text` (named `name` in messages) upstream's parser
/// cannot be given safely, as "NAME:LINE:COL: error: ..." (empty when
/// nothing): nesting deeper than kMaxInputNesting, a custom-form linalg op
/// whose `<...>` properties are not a dictionary or whose `dimensions =` /
/// `permutation =` is not an integer list, an `iterator_types` list of
/// anything but strings, a resource blob with a bad
/// alignment. openBoundedInputFile checks it; so do the fuzz targets.
std::string findTextParserHazard(llvm::StringRef text, llvm::StringRef name);

/// Opens `path` ("-" is stdin) for a tool. On failure (including a text
/// input with a parser hazard and a bytecode input with a reader hazard)
/// returns null and sets `errorMessage`.
std::unique_ptr<llvm::MemoryBuffer>
openBoundedInputFile(llvm::StringRef path, std::string *errorMessage);

} // namespace systile

#endif // SYSTILE_SUPPORT_INPUTFILE_H
