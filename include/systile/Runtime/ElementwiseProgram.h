//===- ElementwiseProgram.h - Chunked element-wise evaluation ---*- C++ -*-===//
//
// Evaluates a whole element-wise computation (a systile.elementwise region)
// over tiled storage in one pass, chunk by chunk:
//
//  * The result's storage is walked in hardware order, one tile row (a run
//    of at most `lanes` logical slots) at a time; runs are grouped into
//    chunks of many slots, so a chunk's operands and temporaries stay in
//    cache while every operation of the computation runs over it.
//  * Only logical slots are gathered and computed (an operation never sees
//    a padding slot: no exp(0) = 1, no division by a padding zero); the
//    result's padding is written +0.
//  * Operands broadcast along unit dimensions, as numpy does: an `M x N`
//    result takes `M x N`, `1 x N` (a row: a bias), `M x 1` (a column) and
//    `1 x 1` operands, read where they lie (nothing of the result's size
//    is built for them).
//
// Two evaluators share the walk. `evaluate` runs an `ElementwiseProgram`
// (straight-line code of the kernel operations of Elementwise.h on one
// element type) with no allocation per chunk; an operand that has the
// result's shape is read in place when the chunk is contiguous in storage,
// and the result may be one of the operands (an in-place update). The
// chunk walk itself (`forEachChunk`, `gatherChunk`, `scatterChunk`) serves
// callers that evaluate a computation by other means, e.g. the single-op
// kernels of Elementwise.h and the interpreter's region runner.
//
// Bits: each operation is the kernel's (Elementwise.h), so a program gives
// what the chain of single-op kernels would, without the intermediate
// matrices.
//
//===----------------------------------------------------------------------===//

#ifndef SYSTILE_RUNTIME_ELEMENTWISEPROGRAM_H
#define SYSTILE_RUNTIME_ELEMENTWISEPROGRAM_H

#include "systile/Runtime/Elementwise.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace systile::rt {

//===----------------------------------------------------------------------===//
// Broadcast operands and the chunk walk
//===----------------------------------------------------------------------===//

/// How an operand covers the result's logical shape.
enum class Broadcast {
  None,   ///< The result's shape: slot (r, c) is read at (r, c).
  Row,    ///< 1 x N: slot (r, c) reads (0, c).
  Column, ///< M x 1: slot (r, c) reads (r, 0).
  Scalar, ///< 1 x 1: every slot reads (0, 0).
};

const char *toString(Broadcast b);

/// How an `operand`-shaped value broadcasts over `result` (each dimension
/// the result's or 1), or an error naming both shapes.
Expected<Broadcast> broadcastOf(Shape operand, Shape result);

/// Logical slots of the result at storage offsets [offset, offset + count):
/// row `row`, columns [col, col + count) (one tile row, so count <= lanes).
struct LogicalRun {
  int64_t offset = 0;
  int64_t row = 0;
  int64_t col = 0;
  int64_t count = 0;
};

/// Consecutive runs in storage order, `slots` logical slots in all.
/// `contiguous` when they fill storage [runs[0].offset, + slots) without a
/// gap (no padding between them).
struct Chunk {
  const LogicalRun *runs = nullptr;
  size_t numRuns = 0;
  int64_t slots = 0;
  bool contiguous = false;

  const LogicalRun *begin() const { return runs; }
  const LogicalRun *end() const { return runs + numRuns; }
};

/// Walks `layout` in storage order, calling `fn` on chunks of at most
/// `maxSlots` logical slots (at least one run each, so a chunk may hold up
/// to `lanes` slots when maxSlots is smaller), and writes +0 (all-zero
/// bits) to every padding slot of `storage` (elements of `elementBytes`
/// bytes). Stops at, and returns, the first error `fn` returns.
Status forEachChunk(const Layout &layout, int64_t maxSlots, void *storage,
                    size_t elementBytes,
                    const std::function<Status(const Chunk &)> &fn);

/// Copies the operand's elements for the chunk's slots, densely, to `out`
/// (chunk.slots elements): `storage` holds an operand of `operand` layout
/// that broadcasts as `broadcast` over the result. Element sizes 1, 2, 4, 8.
void gatherChunk(const void *storage, const Layout &operand,
                 Broadcast broadcast, const Chunk &chunk, void *out,
                 size_t elementBytes);

/// Copies `in` (chunk.slots elements, or one element repeated when
/// `splat`) to the chunk's slots of the result's `storage`.
void scatterChunk(const void *in, bool splat, const Chunk &chunk,
                  void *storage, size_t elementBytes);

//===----------------------------------------------------------------------===//
// Element-wise programs
//===----------------------------------------------------------------------===//

/// One operation of a program. Value registers hold elements of the
/// program's type: [0, numInputs) are the inputs, then the constants, then
/// the temporaries. Mask registers (the results of Cmp) are numbered apart.
struct Instruction {
  enum Kind { Unary, Binary, Cmp, Select };
  Kind kind = Binary;
  UnaryFn unary = UnaryFn::Neg;
  BinaryFn binary = BinaryFn::Add;
  CmpFn cmp = CmpFn::OEQ;
  /// The value register written (Unary, Binary, Select) or the mask
  /// register written (Cmp).
  int dst = 0;
  /// Value operands; for Select, `a` is the mask and `b`/`c` the values
  /// chosen when it is true/false.
  int a = 0, b = 0, c = 0;
};

/// Straight-line code over one element type T (f32, bf16, i8, i32): a
/// systile.elementwise region whose every op is a kernel operation.
template <typename T> struct ElementwiseProgram {
  int numInputs = 0;
  std::vector<T> constants;
  int numTemps = 0;
  int numMasks = 0;
  std::vector<Instruction> code;
  /// The register holding the result (an input or constant for a copy or a
  /// fill).
  int result = 0;

  int firstTemp() const {
    return numInputs + static_cast<int>(constants.size());
  }
  /// Checks register numbers and the operations T supports (integer types:
  /// add, sub, mul, max, min; no unary, cmp or select).
  Status validate() const;
  /// "add(in0, in1[row]); maximum(t0, c0)": for tools and benchmarks.
  std::string str(const std::vector<Broadcast> &inputs = {}) const;
};

/// The instruction set `evaluate`'s loops run with on this machine
/// ("avx512", "avx2", "portable"; Cpu.h): one build holds a clone of them
/// per instruction set (the same IEEE operations, so the same bits).
const char *elementwiseInstructionSet();

/// Slots per chunk of `evaluate`: its registers (a few KiB each) stay in
/// the first-level cache.
inline constexpr int64_t kDefaultChunkSlots = 1024;

/// How `evaluate` walks the storage; the bits never depend on it.
struct EvaluateOptions {
  /// Slots per chunk (at least one run of lanes is taken).
  int64_t chunkSlots = kDefaultChunkSlots;
  /// A result that is not one of the inputs and has at least this many
  /// bytes of storage is written with non-temporal stores (two memory
  /// streams instead of three: a normal store first reads the line it
  /// writes). Unset: half the last-level cache (sysconf), so results that
  /// fit stay cached for their consumer.
  std::optional<size_t> streamingBytes;
};

/// Runs `program` on `inputs` (numInputs matrices of the result's geometry,
/// each broadcasting over the result's logical shape) into `result`, whose
/// layout fixes the shape: every logical slot gets the program's value,
/// every padding slot +0, and the pad kind becomes Zero. `result` may be one
/// of the inputs (same shape), updated in place.
template <typename T>
Status evaluate(const ElementwiseProgram<T> &program,
                const std::vector<const TiledMatrix<T> *> &inputs,
                TiledMatrix<T> &result, const EvaluateOptions &options = {});

} // namespace systile::rt

#endif // SYSTILE_RUNTIME_ELEMENTWISEPROGRAM_H
