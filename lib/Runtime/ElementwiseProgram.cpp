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
#include "ElementwiseScalar.h"

#include <algorithm>
#include <cstring>
#include <sstream>

using namespace systile::rt;
using namespace systile::rt::detail;

//===----------------------------------------------------------------------===//
// Broadcast operands and the chunk walk
//===----------------------------------------------------------------------===//

const char *systile::rt::toString(Broadcast b) {
  switch (b) {
  case Broadcast::None:
    return "";
  case Broadcast::Row:
    return "row";
  case Broadcast::Column:
    return "column";
  case Broadcast::Scalar:
    return "scalar";
  }
  return "?";
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

template <typename T> Status ElementwiseProgram<T>::validate() const {
  const int numValues = firstTemp() + numTemps;
  std::vector<bool> written(numValues, false), maskWritten(numMasks, false);
  std::fill(written.begin(), written.begin() + firstTemp(), true);
  auto readable = [&](int r) { return r >= 0 && r < numValues && written[r]; };
  for (const Instruction &in : code) {
    if constexpr (!isFloat<T>()) {
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
      os << static_cast<double>(load(constants[r - numInputs]));
    } else {
      os << "t" << r - firstTemp();
    }
  };
  for (const Instruction &in : code) {
    if (&in != code.data())
      os << "; ";
    if (in.kind == Instruction::Cmp)
      os << "m" << in.dst << " = cmp" << static_cast<int>(in.cmp) << "(";
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

/// One loop over n contiguous elements: the operation is fixed, so the
/// compiler sees straight-line code on arrays.
template <typename T, typename F>
void binaryLoop(F f, const T *a, const T *b, T *out, int64_t n) {
  for (int64_t i = 0; i < n; ++i)
    out[i] = f(a[i], b[i]);
}

template <typename T>
void runBinary(BinaryFn fn, const T *a, const T *b, T *out, int64_t n) {
  if constexpr (isFloat<T>()) {
    auto with = [&](auto op) {
      binaryLoop<T>([op](T x, T y) { return store<T>(op(load(x), load(y))); },
                    a, b, out, n);
    };
    switch (fn) {
    case BinaryFn::Add:
      return with([](float x, float y) { return x + y; });
    case BinaryFn::Sub:
      return with([](float x, float y) { return x - y; });
    case BinaryFn::Mul:
      return with([](float x, float y) { return x * y; });
    case BinaryFn::Div:
      return with([](float x, float y) { return x / y; });
    case BinaryFn::Maximum:
      return with(maximumF);
    case BinaryFn::Minimum:
      return with(minimumF);
    }
  } else {
    auto with = [&](BinaryFn f) {
      binaryLoop<T>([f](T x, T y) { return applyInt<T>(f, x, y); }, a, b, out,
                    n);
    };
    switch (fn) {
    case BinaryFn::Add:
      return with(BinaryFn::Add);
    case BinaryFn::Sub:
      return with(BinaryFn::Sub);
    case BinaryFn::Mul:
      return with(BinaryFn::Mul);
    case BinaryFn::Maximum:
      return with(BinaryFn::Maximum);
    default:
      return with(BinaryFn::Minimum);
    }
  }
}

template <typename T>
void runUnary(UnaryFn fn, const T *a, T *out, int64_t n) {
  if constexpr (std::is_same_v<T, bf16>) {
    // Sign operations act on the bits (LLVM's fneg / fabs).
    if (fn == UnaryFn::Neg || fn == UnaryFn::Abs) {
      for (int64_t i = 0; i < n; ++i) {
        uint16_t bits = a[i].bits();
        out[i] = bf16::fromBits(fn == UnaryFn::Neg ? bits ^ 0x8000u
                                                   : bits & 0x7fffu);
      }
      return;
    }
  }
  if constexpr (isFloat<T>())
    for (int64_t i = 0; i < n; ++i)
      out[i] = store<T>(applyUnary(fn, load(a[i])));
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

template <typename T>
void runInstruction(const Instruction &in, Registers<T> &regs, T *dst,
                    int64_t n) {
  const std::vector<const T *> &v = regs.values;
  switch (in.kind) {
  case Instruction::Unary:
    return runUnary<T>(in.unary, v[in.a], dst, n);
  case Instruction::Binary:
    return runBinary<T>(in.binary, v[in.a], v[in.b], dst, n);
  case Instruction::Cmp:
    if constexpr (isFloat<T>()) {
      uint8_t *m = regs.mask(in.dst);
      const T *a = v[in.a], *b = v[in.b];
      for (int64_t i = 0; i < n; ++i)
        m[i] = applyCmp(in.cmp, load(a[i]), load(b[i]));
    }
    return;
  case Instruction::Select: {
    const uint8_t *m = regs.mask(in.a);
    const T *b = v[in.b], *c = v[in.c];
    for (int64_t i = 0; i < n; ++i)
      dst[i] = m[i] ? b[i] : c[i];
    return;
  }
  }
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

} // namespace

template <typename T>
Status systile::rt::evaluate(const ElementwiseProgram<T> &program,
                             const std::vector<const TiledMatrix<T> *> &inputs,
                             TiledMatrix<T> &result, int64_t chunkSlots) {
  Expected<std::vector<Broadcast>> broadcasts =
      checkOperands(program, inputs, result);
  if (!broadcasts)
    return broadcasts.status();
  const int64_t capacity =
      std::max(chunkSlots, result.layout().geometry().lanes);
  Registers<T> regs(program, capacity);
  T *out = result.data();
  const bool resultIsTemp = program.result >= program.firstTemp();
  Status status = forEachChunk(
      result.layout(), capacity, out, sizeof(T), [&](const Chunk &chunk) {
        const int64_t first = chunk.runs[0].offset, n = chunk.slots;
        for (int i = 0; i < program.numInputs; ++i) {
          if ((*broadcasts)[i] == Broadcast::None && chunk.contiguous) {
            regs.values[i] = inputs[i]->data() + first;
            continue;
          }
          gatherChunk(inputs[i]->data(), inputs[i]->layout(), (*broadcasts)[i],
                      chunk, regs.buffer(i), sizeof(T));
          regs.values[i] = regs.buffer(i);
        }
        bool direct = false;
        for (const Instruction &in : program.code) {
          // The result's instruction writes the storage itself when the
          // chunk is one run of it.
          bool toResult = in.kind != Instruction::Cmp &&
                          in.dst == program.result && chunk.contiguous;
          T *dst = toResult ? out + first : regs.buffer(in.dst);
          runInstruction(in, regs, dst, n);
          if (in.kind != Instruction::Cmp)
            regs.values[in.dst] = dst;
          direct |= toResult;
        }
        if (!direct)
          scatterChunk(regs.values[program.result], !resultIsTemp &&
                           program.result >= program.numInputs,
                       chunk, out, sizeof(T));
        return Status::success();
      });
  result.setPadKind(PadKind::Zero);
  return status;
}

#define INSTANTIATE(T)                                                         \
  template struct systile::rt::ElementwiseProgram<T>;                          \
  template Status systile::rt::evaluate(                                       \
      const ElementwiseProgram<T> &, const std::vector<const TiledMatrix<T> *> &, \
      TiledMatrix<T> &, int64_t);
INSTANTIATE(float)
INSTANTIATE(bf16)
INSTANTIATE(int8_t)
INSTANTIATE(int32_t)
#undef INSTANTIATE
