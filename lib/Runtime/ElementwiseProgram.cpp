//===- ElementwiseProgram.cpp - Chunked element-wise evaluation -----------===//
//
// The chunk walk over tiled storage (runs of logical slots per tile row,
// padding zeroed as it goes), the gather/scatter of broadcast operands, and
// the evaluator of element-wise programs: per chunk, each instruction is
// one loop over contiguous registers (vectorised where the operation
// allows), so the whole computation makes one pass over the storage.
// Built with -ffp-contract=off.
//
//===----------------------------------------------------------------------===//

#include "systile/Runtime/ElementwiseProgram.h"
#include "systile/Runtime/Cpu.h"
#include "systile/Runtime/Libm.h"

#include <algorithm>
#include <cstring>
#include <iterator>
#include <optional>
#include <sstream>

#include <unistd.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

using namespace systile::rt;

//===----------------------------------------------------------------------===//
// Broadcast operands and the chunk walk
//===----------------------------------------------------------------------===//

const char *systile::rt::elementwiseInstructionSet() {
  return toString(resolveIsa(Isa::Auto, {Isa::AVX512, Isa::AVX2}));
}

const char *systile::rt::toString(Broadcast b) {
  static constexpr const char *names[] = {"", "row", "column", "scalar"};
  auto i = static_cast<size_t>(b);
  return i < std::size(names) ? names[i] : "?";
}

Expected<Broadcast> systile::rt::broadcastOf(Shape operand, Shape result) {
  bool rowsOk = operand.rows == result.rows || operand.rows == 1;
  bool colsOk = operand.cols == result.cols || operand.cols == 1;
  if (!rowsOk || !colsOk)
    return Error("operand of shape " + operand.str() +
                 " does not broadcast to " + result.str() +
                 ": each dimension must be the result's or 1");
  bool repeatRows = operand.rows != result.rows;
  bool repeatCols = operand.cols != result.cols;
  if (operand.rows == 1 && operand.cols == 1 && (repeatRows || repeatCols))
    return Broadcast::Scalar;
  if (repeatRows)
    return Broadcast::Row;
  if (repeatCols)
    return Broadcast::Column;
  return Broadcast::None;
}

Status systile::rt::forEachChunk(
    const Layout &layout, int64_t maxSlots, void *storage,
    size_t elementBytes, const std::function<Status(const Chunk &)> &fn) {
  const int64_t s = layout.geometry().sublanes, l = layout.geometry().lanes;
  const Shape logical = layout.logicalShape();
  char *bytes = static_cast<char *>(storage);
  std::vector<LogicalRun> runs;
  int64_t slots = 0;
  bool contiguous = true;
  auto flush = [&]() -> Status {
    if (runs.empty())
      return Status::success();
    Status status = fn(Chunk{runs.data(), runs.size(), slots, contiguous});
    runs.clear();
    slots = 0;
    contiguous = true;
    return status;
  };
  int64_t offset = 0;
  for (int64_t tr = 0; tr < layout.tileRows(); ++tr)
    for (int64_t tc = 0; tc < layout.tileCols(); ++tc)
      for (int64_t sr = 0; sr < s; ++sr, offset += l) {
        int64_t row = tr * s + sr;
        int64_t n = row < logical.rows
                        ? std::clamp<int64_t>(logical.cols - tc * l, 0, l)
                        : 0;
        if (n > 0) {
          if (!runs.empty() && slots + n > maxSlots)
            if (Status status = flush(); !status)
              return status;
          if (!runs.empty() && runs.back().offset + runs.back().count != offset)
            contiguous = false;
          runs.push_back({offset, row, tc * l, n});
          slots += n;
        }
        if (n < l)
          std::memset(bytes + (offset + n) * elementBytes, 0,
                      static_cast<size_t>(l - n) * elementBytes);
      }
  return flush();
}

namespace {

/// gatherChunk on elements of type E (an unsigned integer of the element's
/// size: only bits move).
template <typename E>
void gatherBits(const E *in, const Layout &operand, Broadcast broadcast,
                const Chunk &chunk, E *out) {
  for (const LogicalRun &run : chunk) {
    switch (broadcast) {
    case Broadcast::None:
      std::memcpy(out, in + run.offset, run.count * sizeof(E));
      break;
    case Broadcast::Row:
      // The run lies in one tile column, so its slots of the 1xN row are
      // one run of the row's storage too.
      std::memcpy(out, in + operand.offset(0, run.col), run.count * sizeof(E));
      break;
    case Broadcast::Column:
      std::fill(out, out + run.count, in[operand.offset(run.row, 0)]);
      break;
    case Broadcast::Scalar:
      std::fill(out, out + run.count, in[0]);
      break;
    }
    out += run.count;
  }
}

template <typename E>
void scatterBits(const E *in, bool splat, const Chunk &chunk, E *storage) {
  for (const LogicalRun &run : chunk) {
    if (splat) {
      std::fill(storage + run.offset, storage + run.offset + run.count, *in);
      continue;
    }
    // memmove: an in-place update may scatter a register onto itself.
    std::memmove(storage + run.offset, in, run.count * sizeof(E));
    in += run.count;
  }
}

/// Calls f(E{}) for the unsigned integer E of `elementBytes` bytes.
template <typename F> void withBits(size_t elementBytes, F &&f) {
  if (elementBytes == 1)
    f(uint8_t());
  else if (elementBytes == 2)
    f(uint16_t());
  else if (elementBytes == 8)
    f(uint64_t());
  else
    f(uint32_t());
}

} // namespace

void systile::rt::gatherChunk(const void *storage, const Layout &operand,
                              Broadcast broadcast, const Chunk &chunk,
                              void *out, size_t elementBytes) {
  withBits(elementBytes, [&](auto tag) {
    using E = decltype(tag);
    gatherBits(static_cast<const E *>(storage), operand, broadcast, chunk,
               static_cast<E *>(out));
  });
}

void systile::rt::scatterChunk(const void *in, bool splat, const Chunk &chunk,
                               void *storage, size_t elementBytes) {
  withBits(elementBytes, [&](auto tag) {
    using E = decltype(tag);
    scatterBits(static_cast<const E *>(in), splat, chunk,
                static_cast<E *>(storage));
  });
}

//===----------------------------------------------------------------------===//
// Programs
//===----------------------------------------------------------------------===//

namespace {
/// An element's value, for printing.
template <typename T> double elementValue(T x) {
  if constexpr (std::is_same_v<T, bf16>)
    return x.toFloat();
  else
    return static_cast<double>(x);
}
} // namespace

template <typename T> Status ElementwiseProgram<T>::validate() const {
  const int numValues = firstTemp() + numTemps;
  std::vector<bool> written(numValues, false), maskWritten(numMasks, false);
  std::fill(written.begin(), written.begin() + firstTemp(), true);
  auto readable = [&](int r) { return r >= 0 && r < numValues && written[r]; };
  for (const Instruction &in : code) {
    if constexpr (!scalar::isFloat<T>) {
      if (in.kind != Instruction::Binary || in.binary == BinaryFn::Div)
        return Status::error(std::string("element-wise program: ") +
                             elementTypeName<T>() +
                             " supports add, sub, mul, max and min only");
    }
    bool operandsOk =
        in.kind == Instruction::Select
            ? in.a >= 0 && in.a < numMasks && maskWritten[in.a] &&
                  readable(in.b) && readable(in.c)
            : readable(in.a) && (in.kind == Instruction::Unary || readable(in.b));
    if (!operandsOk)
      return Status::error("element-wise program: an instruction reads a "
                           "register that is not written before");
    if (in.kind == Instruction::Cmp) {
      if (in.dst < 0 || in.dst >= numMasks || maskWritten[in.dst])
        return Status::error("element-wise program: bad mask register");
      maskWritten[in.dst] = true;
      continue;
    }
    if (in.dst < firstTemp() || in.dst >= numValues || written[in.dst])
      return Status::error("element-wise program: an instruction must write "
                           "a fresh temporary");
    written[in.dst] = true;
  }
  if (!readable(result))
    return Status::error("element-wise program: the result register is not "
                         "written");
  return Status::success();
}

template <typename T>
std::string
ElementwiseProgram<T>::str(const std::vector<Broadcast> &inputs) const {
  std::ostringstream os;
  auto reg = [&](int r) {
    if (r < numInputs) {
      os << "in" << r;
      if (r < static_cast<int>(inputs.size()) && inputs[r] != Broadcast::None)
        os << "[" << toString(inputs[r]) << "]";
    } else if (r < firstTemp()) {
      os << elementValue(constants[r - numInputs]);
    } else {
      os << "t" << r - firstTemp();
    }
  };
  for (const Instruction &in : code) {
    if (&in != code.data())
      os << "; ";
    if (in.kind == Instruction::Cmp)
      os << "m" << in.dst << " = cmp_" << toString(in.cmp) << "(";
    else
      os << "t" << in.dst - firstTemp() << " = ";
    if (in.kind == Instruction::Unary)
      os << toString(in.unary) << "(";
    if (in.kind == Instruction::Binary)
      os << toString(in.binary) << "(";
    if (in.kind == Instruction::Select)
      os << "select(m" << in.a << ", ";
    else
      reg(in.a);
    if (in.kind != Instruction::Unary) {
      if (in.kind != Instruction::Select)
        os << ", ";
      reg(in.b);
    }
    if (in.kind == Instruction::Select) {
      os << ", ";
      reg(in.c);
    }
    os << ")";
  }
  if (code.empty()) {
    os << "copy(";
    reg(result);
    os << ")";
  }
  return os.str();
}

namespace {

// The loops are inlined into each instruction-set clone of `loop` below,
// so that every clone compiles them for its own vector width.
#define SYSTILE_INLINE inline __attribute__((always_inline))

/// One loop over n contiguous elements: the operation is fixed, so the
/// compiler sees straight-line code on arrays.
template <typename T, typename F>
SYSTILE_INLINE void binaryLoop(F f, const T *a, const T *b, T *out, int64_t n) {
  for (int64_t i = 0; i < n; ++i)
    out[i] = f(a[i], b[i]);
}

template <typename T>
SYSTILE_INLINE void runBinary(BinaryFn fn, const T *a, const T *b, T *out,
                              int64_t n) {
  visitBinary<T>(fn, [&](auto op) { binaryLoop<T>(op, a, b, out, n); });
}

template <typename T>
SYSTILE_INLINE void runUnary(UnaryFn fn, const T *a, T *out, int64_t n) {
  if constexpr (std::is_same_v<T, float>)
    if (fn == UnaryFn::Tanh)
      return tanhLanes(a, out, n); // glibc's tanhf, vectorised (Libm.h)
  if constexpr (scalar::isFloat<T>)
    visitUnary<T>(fn, [&](auto op) {
      for (int64_t i = 0; i < n; ++i)
        out[i] = op(a[i]);
    });
}

/// The registers of one evaluation: where each value register's elements
/// for the current chunk are, and the buffers behind them.
template <typename T> struct Registers {
  Registers(const ElementwiseProgram<T> &p, int64_t capacity)
      : capacity(capacity), values(p.firstTemp() + p.numTemps),
        buffers(static_cast<size_t>(p.firstTemp() + p.numTemps) * capacity),
        masks(static_cast<size_t>(p.numMasks) * capacity) {
    for (size_t k = 0; k < p.constants.size(); ++k) {
      int r = p.numInputs + static_cast<int>(k);
      std::fill(buffer(r), buffer(r) + capacity, p.constants[k]);
      values[r] = buffer(r);
    }
  }
  T *buffer(int r) { return buffers.data() + r * capacity; }
  uint8_t *mask(int m) { return masks.data() + m * capacity; }

  int64_t capacity;
  std::vector<const T *> values;
  std::vector<T> buffers;
  std::vector<uint8_t> masks;
};

/// The operands of one instruction over one chunk.
template <typename T> struct LoopArgs {
  const T *a = nullptr, *b = nullptr, *c = nullptr;
  const uint8_t *mask = nullptr; // Select's condition
  uint8_t *maskOut = nullptr;    // Cmp's result
  T *dst = nullptr;
  int64_t n = 0;
};

template <typename T>
SYSTILE_INLINE void runLoop(const Instruction &in, const LoopArgs<T> &x) {
  switch (in.kind) {
  case Instruction::Unary:
    return runUnary<T>(in.unary, x.a, x.dst, x.n);
  case Instruction::Binary:
    return runBinary<T>(in.binary, x.a, x.b, x.dst, x.n);
  case Instruction::Cmp:
    if constexpr (scalar::isFloat<T>)
      scalar::visitCmpF(in.cmp, [&](auto cmp) {
        for (int64_t i = 0; i < x.n; ++i)
          x.maskOut[i] = cmp(x.a[i], x.b[i]);
      });
    return;
  case Instruction::Select:
    for (int64_t i = 0; i < x.n; ++i)
      x.dst[i] = x.mask[i] ? x.b[i] : x.c[i];
    return;
  }
}

// One clone of the loops per instruction set (AVX-512, AVX2, baseline; f32,
// f64, i8 and i32),
// picked once at load time by the dynamic linker (ifunc): the loops are
// the same IEEE operations in each, so the bits are too (no FMA: this file
// is built with -ffp-contract=off).
SYSTILE_TARGET_CLONES void loop(const Instruction &in,
                                const LoopArgs<float> &x) {
  runLoop(in, x);
}
SYSTILE_TARGET_CLONES void loop(const Instruction &in,
                                const LoopArgs<double> &x) {
  runLoop(in, x);
}
// bf16 has no clones: its loops are conversions more than arithmetic (and
// clang 22 drops bf16's constructor from a clone's inlined code).
void loop(const Instruction &in, const LoopArgs<bf16> &x) { runLoop(in, x); }
SYSTILE_TARGET_CLONES void loop(const Instruction &in,
                                const LoopArgs<int8_t> &x) {
  runLoop(in, x);
}
SYSTILE_TARGET_CLONES void loop(const Instruction &in,
                                const LoopArgs<int32_t> &x) {
  runLoop(in, x);
}

/// A Cmp whose mask only the next instruction, a Select, reads, as one
/// loop (the same compare and choice per element, with no mask written):
/// ReLU, clamps and NaN-aware max/min are this pair.
template <typename T>
SYSTILE_INLINE void runCmpSelect(CmpFn cmp, const T *a, const T *b,
                                 const T *x, const T *y, T *out, int64_t n) {
  if constexpr (scalar::isFloat<T>)
    scalar::visitCmpF(cmp, [&](auto c) {
      for (int64_t i = 0; i < n; ++i)
        out[i] = c(a[i], b[i]) ? x[i] : y[i];
    });
}
SYSTILE_TARGET_CLONES void cmpSelect(CmpFn cmp, const float *a, const float *b,
                                     const float *x, const float *y,
                                     float *out, int64_t n) {
  runCmpSelect(cmp, a, b, x, y, out, n);
}
void cmpSelect(CmpFn cmp, const bf16 *a, const bf16 *b, const bf16 *x,
               const bf16 *y, bf16 *out, int64_t n) {
  runCmpSelect(cmp, a, b, x, y, out, n);
}
template <typename T>
void cmpSelect(CmpFn, const T *, const T *, const T *, const T *, T *,
               int64_t) {} // Integer programs have no Cmp.

/// Whether instruction i is a Cmp whose mask only instruction i + 1, a
/// Select, reads.
template <typename T>
std::vector<char> fusedCmpSelects(const ElementwiseProgram<T> &p) {
  std::vector<char> fused(p.code.size(), 0);
  for (size_t i = 0; i + 1 < p.code.size(); ++i) {
    const Instruction &cmp = p.code[i], &sel = p.code[i + 1];
    if (cmp.kind != Instruction::Cmp || sel.kind != Instruction::Select ||
        sel.a != cmp.dst)
      continue;
    bool readLater = false;
    for (size_t j = i + 2; j < p.code.size(); ++j)
      readLater |= p.code[j].kind == Instruction::Select &&
                   p.code[j].a == cmp.dst;
    fused[i] = !readLater;
  }
  return fused;
}

template <typename T>
void runInstruction(const Instruction &in, Registers<T> &regs, T *dst,
                    int64_t n) {
  const std::vector<const T *> &v = regs.values;
  LoopArgs<T> x;
  x.dst = dst;
  x.n = n;
  if (in.kind == Instruction::Select) {
    x.mask = regs.mask(in.a);
    x.b = v[in.b];
    x.c = v[in.c];
  } else {
    x.a = v[in.a];
    x.b = in.kind == Instruction::Unary ? nullptr : v[in.b];
    x.maskOut = in.kind == Instruction::Cmp ? regs.mask(in.dst) : nullptr;
  }
  loop(in, x);
}

/// The operands' broadcasts over `result`, or an error.
template <typename T>
Expected<std::vector<Broadcast>>
checkOperands(const ElementwiseProgram<T> &program,
              const std::vector<const TiledMatrix<T> *> &inputs,
              const TiledMatrix<T> &result) {
  if (Status status = program.validate(); !status)
    return status;
  if (static_cast<int>(inputs.size()) != program.numInputs)
    return Error("element-wise program: " + std::to_string(inputs.size()) +
                 " inputs given, " + std::to_string(program.numInputs) +
                 " expected");
  std::vector<Broadcast> broadcasts;
  for (const TiledMatrix<T> *in : inputs) {
    if (in->geometry() != result.geometry())
      return Error("element-wise program: an input has geometry " +
                   in->geometry().str() + ", the result " +
                   result.geometry().str());
    Expected<Broadcast> b = broadcastOf(in->shape(), result.shape());
    if (!b)
      return Error("element-wise program: " + b.error());
    broadcasts.push_back(*b);
  }
  return broadcasts;
}

/// EvaluateOptions::streamingBytes' default: half the last-level cache.
size_t defaultStreamingBytes() {
  static const size_t bytes = [] {
    long llc = -1;
#ifdef _SC_LEVEL3_CACHE_SIZE
    llc = sysconf(_SC_LEVEL3_CACHE_SIZE);
#endif
    if (llc <= 0)
      llc = 32l << 20;
    return static_cast<size_t>(llc) / 2;
  }();
  return bytes;
}

/// memcpy of `bytes` to `dst` with non-temporal stores of whole 64-byte
/// lines where `dst` is line-aligned (an sfence must follow the last one).
/// One clone per instruction set, like the loops: one zmm store per line
/// with AVX-512.
SYSTILE_TARGET_CLONES void streamCopy(char *dst, const char *src,
                                      size_t bytes) {
  using Line = float __attribute__((vector_size(64)));
  size_t i = 0;
  if (reinterpret_cast<uintptr_t>(dst) % 64 == 0)
    for (; i + 64 <= bytes; i += 64) {
      Line line;
      std::memcpy(&line, src + i, sizeof(line)); // src: any alignment
      __builtin_nontemporal_store(line, reinterpret_cast<Line *>(dst + i));
    }
  std::memcpy(dst + i, src + i, bytes - i);
}

/// A 1xN operand broadcast over the rows, laid out as the result's tile
/// row: tile column c holds the operand's lanes of c on every sublane. A
/// chunk of whole tiles within one tile row then reads it in place.
template <typename T> struct ExpandedRow {
  ExpandedRow(const TiledMatrix<T> &row, const Layout &result) {
    const Geometry g = result.geometry();
    tileSlots = g.sublanes * g.lanes;
    rowSlots = result.tileCols() * tileSlots;
    values.resize(static_cast<size_t>(rowSlots));
    for (int64_t tc = 0; tc < result.tileCols(); ++tc)
      for (int64_t sr = 0; sr < g.sublanes; ++sr)
        std::memcpy(values.data() + tc * tileSlots + sr * g.lanes,
                    row.data() + row.layout().offset(0, tc * g.lanes),
                    static_cast<size_t>(g.lanes) * sizeof(T));
  }
  /// The chunk's elements, or null when it is not whole tiles of one tile
  /// row.
  const T *lookup(const Chunk &chunk) const {
    const int64_t first = chunk.runs[0].offset % rowSlots;
    if (!chunk.contiguous || first % tileSlots != 0 ||
        chunk.slots % tileSlots != 0 || first + chunk.slots > rowSlots)
      return nullptr;
    return values.data() + first;
  }
  int64_t tileSlots = 0, rowSlots = 0;
  std::vector<T> values;
};

} // namespace

template <typename T>
Status systile::rt::evaluate(const ElementwiseProgram<T> &program,
                             const std::vector<const TiledMatrix<T> *> &inputs,
                             TiledMatrix<T> &result,
                             const EvaluateOptions &options) {
  Expected<std::vector<Broadcast>> broadcasts =
      checkOperands(program, inputs, result);
  if (!broadcasts)
    return broadcasts.status();
  const int64_t capacity =
      std::max(options.chunkSlots, result.layout().geometry().lanes);
  Registers<T> regs(program, capacity);
  // Row broadcasts over two or more tile rows read a copy laid out as one.
  std::vector<std::optional<ExpandedRow<T>>> rows(inputs.size());
  for (size_t i = 0; i < inputs.size(); ++i)
    if ((*broadcasts)[i] == Broadcast::Row && result.layout().tileRows() > 1)
      rows[i].emplace(*inputs[i], result.layout());
  T *out = result.data();
  const bool resultIsTemp = program.result >= program.firstTemp();
  // The result's instruction writes the storage itself when the chunk is
  // one run of it, unless it reads the input that is that storage (in
  // place): a loop whose output is one of its operands would not be
  // vectorised (the compiler's overlap check fails), so it writes a
  // register instead.
  // (-1 when no input is the result: the registers after the inputs hold
  // constants and temporaries, which must not match.)
  auto resultInput = std::find(inputs.begin(), inputs.end(), &result);
  const int inPlace = resultInput == inputs.end()
                          ? -1
                          : static_cast<int>(resultInput - inputs.begin());
  auto readsInPlace = [&](const Instruction &in) {
    return in.kind == Instruction::Select
               ? in.b == inPlace || in.c == inPlace
               : in.a == inPlace ||
                     (in.kind != Instruction::Unary && in.b == inPlace);
  };
  const bool stream =
      inPlace < 0 &&
      static_cast<size_t>(result.size()) * sizeof(T) >=
          options.streamingBytes.value_or(defaultStreamingBytes());
  const std::vector<char> fused = fusedCmpSelects(program);
  Status status = forEachChunk(
      result.layout(), capacity, out, sizeof(T), [&](const Chunk &chunk) {
        const int64_t first = chunk.runs[0].offset, n = chunk.slots;
        for (int i = 0; i < program.numInputs; ++i) {
          if ((*broadcasts)[i] == Broadcast::None && chunk.contiguous) {
            regs.values[i] = inputs[i]->data() + first;
            continue;
          }
          if (const T *row = rows[i] ? rows[i]->lookup(chunk) : nullptr) {
            regs.values[i] = row;
            continue;
          }
          gatherChunk(inputs[i]->data(), inputs[i]->layout(), (*broadcasts)[i],
                      chunk, regs.buffer(i), sizeof(T));
          regs.values[i] = regs.buffer(i);
        }
        bool direct = false;
        for (size_t i = 0; i < program.code.size(); ++i) {
          const Instruction &in = program.code[i];
          if (fused[i]) {
            const Instruction &sel = program.code[++i];
            bool toResult = sel.dst == program.result && chunk.contiguous &&
                            !stream && !readsInPlace(in) &&
                            !readsInPlace(sel);
            T *dst = toResult ? out + first : regs.buffer(sel.dst);
            const std::vector<const T *> &v = regs.values;
            cmpSelect(in.cmp, v[in.a], v[in.b], v[sel.b], v[sel.c], dst, n);
            regs.values[sel.dst] = dst;
            direct |= toResult;
            continue;
          }
          bool toResult = in.kind != Instruction::Cmp &&
                          in.dst == program.result && chunk.contiguous &&
                          !stream && !readsInPlace(in);
          T *dst = toResult ? out + first : regs.buffer(in.dst);
          runInstruction(in, regs, dst, n);
          if (in.kind != Instruction::Cmp)
            regs.values[in.dst] = dst;
          direct |= toResult;
        }
        const bool splat =
            !resultIsTemp && program.result >= program.numInputs;
        if (!direct && stream && chunk.contiguous && !splat)
          streamCopy(reinterpret_cast<char *>(out + first),
                     reinterpret_cast<const char *>(
                         regs.values[program.result]),
                     static_cast<size_t>(n) * sizeof(T));
        else if (!direct)
          scatterChunk(regs.values[program.result], splat, chunk, out,
                       sizeof(T));
        return Status::success();
      });
#if defined(__SSE2__)
  if (stream)
    _mm_sfence();
#endif
  result.setPadKind(PadKind::Zero);
  return status;
}

#define INSTANTIATE(T)                                                         \
  template struct systile::rt::ElementwiseProgram<T>;                          \
  template Status systile::rt::evaluate(                                       \
      const ElementwiseProgram<T> &, const std::vector<const TiledMatrix<T> *> &, \
      TiledMatrix<T> &, const EvaluateOptions &);
INSTANTIATE(float)
INSTANTIATE(double)
INSTANTIATE(bf16)
INSTANTIATE(int8_t)
INSTANTIATE(int32_t)
#undef INSTANTIATE
