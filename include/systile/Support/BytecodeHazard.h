//===- BytecodeHazard.h - What the bytecode reader must not see -*- C++ -*-===//
//
// MLIR's bytecode reader (MLIR 22) trusts some of what a file says before it
// has checked it, and a mutated file crashes it or makes it allocate
// without bound:
//
// * the module's block (the first block header of the IR section) may say
//   it has arguments; the reader then defines them in a value scope that
//   does not exist yet (`valueScopes.back()` of an empty vector, a
//   segfault in `defineValues`);
// * a count (strings, dialects, operation names, attributes and types,
//   properties, blocks, values, block arguments, results, operands,
//   successors, regions, use-list entries) sizes an allocation or a loop
//   before its entries are read;
// * a dialect group of the attribute and type offset section may list more
//   entries than the section declared, and the reader writes past its
//   table;
// * attribute and type entries may reference each other in a cycle (a
//   FileLineColLoc naming itself as its file name); the reader defers an
//   entry it cannot finish and retries its deferred entries forever.
// * a dense attribute's data is handed to the attribute without its size
//   checked against the type (an assertion upstream); elements of 0 bits
//   (i0) with data make the attribute's uniquing loop forever, and a size
//   that is no multiple of an element reads past the data.
// * a dense attribute's element width is taken unchecked: a function type
//   as the element type crashes the reader;
// * a resource entry's kind byte is named in a diagnostic unchecked: a
//   kind other than blob, bool or string makes a string of garbage length;
// * a builtin shaped type is built from its dimensions unchecked:
//   `tensor<-64x5xf32>` verifies, and every pass after the reader trusts
//   its sizes;
// * a string of size 0 (a size counts the string's NUL) becomes a string
//   of 2^64 - 1 bytes, which the dialect section hashes;
// * a FloatAttr whose value does not read is built anyway, from the value
//   never read (readAPFloatWithKnownSemantics reports the failure and
//   returns success): a segfault;
// * a use-list order in index pairs is applied before it is checked: each
//   pair's first index is written into a vector of the value's uses.
//
// findBytecodeHazard walks the file's structure first, with no MLIR
// dependency: the header, every section's length and alignment within the
// file, the tables' counts, and the whole IR section (every region, block
// and operation, isolated regions' nested sections included), and refuses
// each of the above, a count larger than the bytes left could hold, a
// region declaring more values than it defines, and regions nested deeper
// than kMaxInputNesting. It decodes the builtin dialect's attribute and
// type entries (mlir/IR/BuiltinDialectBytecode.td) up to their last
// reference to another entry and refuses a cycle of such references, which
// no valid file has, and a list in them longer than the entry's bytes
// left, a tensor or memref dimension below 0 (other than dynamic) or a
// vector dimension below 1, a scalable vector whose flags are not one per
// dimension, a DenseIntOrFPElementsAttr or DenseArrayAttr whose data size
// does not fit its type (decoded when the type is a builtin ranked shaped
// type of a builtin element type; packed i1 data of one byte for more
// than 8 elements is a splat only as 0x00 or 0xff) or whose element type
// is a builtin type other than an integer, index, float or complex type
// (of an integer or a float), or not builtin, an array of index or
// complex elements, a dense attribute of an unranked type, a
// DenseStringElementsAttr whose type is dynamic or counts more strings
// than its entry's bytes, an IntegerAttr's
// word count larger than the bytes left, a string of size 0, a FloatAttr
// whose value does not read
// whole from its entry (its type a builtin float type, in the builtin
// encoding or in assembly form), a resource entry of an unknown kind
// (the resource offset section's entries), and a use-list pair moving a
// use the value does not have (the walk numbers values as the reader
// does, a scope per region isolated from above, and counts each value's
// operand uses). Entries of other dialects, in
// assembly form, or of a kind it does not know reference nothing as far
// as it knows, so a cycle through one is left to the reader. What the reader checks itself
// (indices into the tables, including an entry's references, the contents
// of attributes, types and resources) it leaves to the reader. The format
// is mlir/docs/BytecodeFormat.md's, versions 0 to 6.
//
//===----------------------------------------------------------------------===//

#ifndef SYSTILE_SUPPORT_BYTECODEHAZARD_H
#define SYSTILE_SUPPORT_BYTECODEHAZARD_H

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <string>

namespace systile {

/// The newest bytecode version findBytecodeHazard knows the format of
/// (mlir::bytecode::kVersion in MLIR 22). A newer file is left to the
/// reader, which refuses it.
constexpr uint64_t kMaxBytecodeVersion = 6;

/// What in the MLIR bytecode `bytes` (named `name` in messages) upstream's
/// reader cannot be given safely, as "NAME:OFFSET: error: bytecode ..."
/// with the byte offset of the problem (empty when nothing). `bytes` must
/// start with the bytecode magic number and sit where the reader will read
/// it: section alignment padding depends on the address.
std::string findBytecodeHazard(llvm::StringRef bytes, llvm::StringRef name);

} // namespace systile

#endif // SYSTILE_SUPPORT_BYTECODEHAZARD_H
