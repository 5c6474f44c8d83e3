//===- RunnerUtils.cpp - the runtime's C interface ------------------------===//
//
// Each entry point reads its `info` array, views its buffers as the
// runtime's tiled values (inputs borrowed in place, no copy) and runs the
// runtime function the interpreter runs for the same op, so both give the
// same bits. Results the runtime returns in storage of its own are copied
// into the destination buffer; a matmul writes straight into it.
//
//===----------------------------------------------------------------------===//

#include "systile/Runtime/RunnerUtils.h"

#include "systile/Runtime/Conversion.h"
#include "systile/Runtime/ConvWindow.h"
#include "systile/Runtime/Elementwise.h"
#include "systile/Runtime/LayoutCost.h"
#include "systile/Runtime/Libm.h"
#include "systile/Runtime/Matmul.h"
#include "systile/Runtime/Reduce.h"
#include "systile/Runtime/Relayout.h"
#include "systile/Runtime/Scalar.h"
#include "systile/Runtime/TiledBatch.h"
#include "systile/Runtime/Utilization.h"

#include <array>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

using namespace systile;

namespace {

//===----------------------------------------------------------------------===//
// Errors and figures
//===----------------------------------------------------------------------===//

struct GlobalState {
  std::mutex mutex;
  SystileErrorHandler handler = nullptr;
  void *context = nullptr;
  SystileCheckHandler checkHandler = nullptr;
  void *checkContext = nullptr;
  int64_t threads = 1;
  rt::LayoutCost layout;
  rt::UtilizationTotals totals;
  bool anyMatmul = false;
  /// Loop iterations of this run and their limit (0: none). Generated
  /// code runs on one thread; atomics keep a host's other threads safe.
  std::atomic<uint64_t> steps{0};
  std::atomic<uint64_t> maxSteps{10'000'000};
  /// Time spent in the C interface's functions since the last reset, and
  /// the part of it in matmuls.
  std::atomic<int64_t> callNanos{0}, matmulNanos{0};
};

GlobalState &state() {
  static GlobalState s;
  return s;
}

/// Adds the time from construction to destruction to the run's time in
/// the runtime (and to its matmul time when `matmul`).
class CallTimer {
public:
  explicit CallTimer(bool matmul = false)
      : matmul(matmul), start(std::chrono::steady_clock::now()) {}
  ~CallTimer() {
    int64_t ns = std::chrono::duration_cast<std::chrono::nanoseconds>(
                     std::chrono::steady_clock::now() - start)
                     .count();
    state().callNanos.fetch_add(ns, std::memory_order_relaxed);
    if (matmul)
      state().matmulNanos.fetch_add(ns, std::memory_order_relaxed);
  }

private:
  bool matmul;
  std::chrono::steady_clock::time_point start;
};

void fail(const std::string &message) {
  SystileErrorHandler handler;
  void *context;
  {
    std::lock_guard<std::mutex> lock(state().mutex);
    handler = state().handler;
    context = state().context;
  }
  if (handler) {
    handler(message.c_str(), context);
    return;
  }
  std::fprintf(stderr, "systile runtime error: %s\n", message.c_str());
  std::fflush(stdout);
  std::exit(1);
}

//===----------------------------------------------------------------------===//
// Reading the info array and the buffers
//===----------------------------------------------------------------------===//

/// A cursor over the int64 info array.
class Info {
public:
  explicit Info(const SystileMemRef1D *d)
      : data_(static_cast<const int64_t *>(d->aligned) + d->offset),
        size_(d->size) {}
  int64_t next() {
    if (pos_ >= size_) {
      ok_ = false;
      return 0;
    }
    return data_[pos_++];
  }
  bool ok() const { return ok_; }

private:
  const int64_t *data_;
  int64_t size_;
  int64_t pos_ = 0;
  bool ok_ = true;
};

/// A tiled type as the info array gives it.
struct TiledInfo {
  rt::BatchShape batch;
  rt::Shape shape;
  rt::Geometry geometry;
  rt::PadKind pad = rt::PadKind::Zero;
  rt::Layout layout;
  int64_t matrices = 1;
};

bool readTiled(Info &info, TiledInfo &t) {
  int64_t rank = info.next();
  if (!info.ok() || rank < 2 || rank > 64)
    return false;
  t.batch.clear();
  for (int64_t i = 0; i < rank - 2; ++i)
    t.batch.push_back(info.next());
  t.shape.rows = info.next();
  t.shape.cols = info.next();
  t.geometry.sublanes = info.next();
  t.geometry.lanes = info.next();
  t.geometry.mxu = info.next();
  t.pad = info.next() == 0 ? rt::PadKind::Zero : rt::PadKind::Undef;
  if (!info.ok())
    return false;
  rt::Expected<rt::Layout> layout = rt::Layout::get(t.shape, t.geometry);
  if (!layout)
    return false;
  t.layout = *layout;
  t.matrices = 1;
  for (int64_t d : t.batch)
    t.matrices *= d;
  return true;
}

template <typename T> T *elements(const SystileMemRef1D *d) {
  return static_cast<T *>(d->aligned) + d->offset;
}

/// A read-only view of `d`, the storage of a value of `t`.
template <typename T>
rt::Expected<rt::TiledBatch<T>> borrow(const TiledInfo &t,
                                       const SystileMemRef1D *d) {
  const int64_t slots = t.matrices * t.layout.numElements();
  if (d->size != slots)
    return rt::Error("buffer of " + std::to_string(d->size) + " elements for " +
                     std::to_string(slots) + " storage slots");
  return rt::TiledBatch<T>::borrow(t.batch, t.layout, elements<T>(d),
                                   slots * sizeof(T), t.pad);
}

/// Copies `value`'s storage into `out`.
template <typename T>
void store(const rt::TiledBatch<T> &value, SystileMemRef1D *out,
           const char *op) {
  if (out->size != value.size())
    return fail(std::string(op) + ": result buffer of " +
                std::to_string(out->size) + " elements for " +
                std::to_string(value.size()) + " storage slots");
  std::memcpy(elements<T>(out), value.data(), value.size() * sizeof(T));
}

bool badInfo(const Info &info, const char *op) {
  if (info.ok())
    return false;
  fail(std::string(op) + ": malformed info array");
  return true;
}

//===----------------------------------------------------------------------===//
// pack / unpack
//===----------------------------------------------------------------------===//

template <typename T>
void pack(SystileMemRef1D *infoDesc, SystileMemRef1D *dense,
          SystileMemRef1D *storage) {
  CallTimer timer;
  Info info(infoDesc);
  TiledInfo t;
  bool ok = readTiled(info, t);
  bool transpose = info.next() != 0;
  if (!ok || badInfo(info, "systile.pack"))
    return fail("systile.pack: malformed info array");
  int64_t logical = t.matrices * t.shape.rows * t.shape.cols;
  if (dense->size != logical)
    return fail("systile.pack: dense buffer of " + std::to_string(dense->size) +
                " elements for " + std::to_string(logical));
  int threads = static_cast<int>(state().threads);
  auto packed =
      transpose ? rt::TiledBatch<T>::fromDenseTransposed(
                      t.batch, t.shape, t.geometry, elements<T>(dense), threads)
                : rt::TiledBatch<T>::fromDense(t.batch, t.shape, t.geometry,
                                               elements<T>(dense), threads);
  if (!packed)
    return fail("systile.pack: " + packed.error());
  store(*packed, storage, "systile.pack");
  std::lock_guard<std::mutex> lock(state().mutex);
  state().layout.addPack(t.layout, sizeof(T), t.matrices);
}

template <typename T>
void unpack(SystileMemRef1D *infoDesc, SystileMemRef1D *storage,
            SystileMemRef1D *dense) {
  CallTimer timer;
  Info info(infoDesc);
  TiledInfo t;
  if (!readTiled(info, t))
    return fail("systile.unpack: malformed info array");
  auto value = borrow<T>(t, storage);
  if (!value)
    return fail("systile.unpack: " + value.error());
  int64_t logical = t.matrices * t.shape.rows * t.shape.cols;
  if (dense->size != logical)
    return fail("systile.unpack: dense buffer of " +
                std::to_string(dense->size) + " elements for " +
                std::to_string(logical));
  value->toDense(elements<T>(dense));
  std::lock_guard<std::mutex> lock(state().mutex);
  state().layout.addUnpack(t.layout, sizeof(T), t.matrices);
}

//===----------------------------------------------------------------------===//
// matmul / mxu_matmul
//===----------------------------------------------------------------------===//

rt::Precision precisionOf(int64_t code) {
  switch (code) {
  case 1:
    return rt::Precision::BF16;
  case 2:
    return rt::Precision::BF16_3X;
  case 3:
    return rt::Precision::BF16_6X;
  default:
    return rt::Precision::F32;
  }
}

template <typename L, typename R, typename A>
void matmul(SystileMemRef1D *infoDesc, SystileMemRef1D *lhsDesc,
            SystileMemRef1D *rhsDesc, SystileMemRef1D *accDesc,
            SystileMemRef1D *outDesc) {
  const char *name = "systile.matmul";
  CallTimer timer(/*matmul=*/true);
  Info info(infoDesc);
  rt::Precision precision = precisionOf(info.next());
  int64_t flags = info.next();
  int64_t kb = info.next(), nb = info.next();
  TiledInfo lt, rt_, at;
  if (!readTiled(info, lt) || !readTiled(info, rt_) || !readTiled(info, at))
    return fail(std::string(name) + ": malformed info array");
  if (kb >= 0)
    name = "systile.mxu_matmul";
  rt::MatmulOptions options;
  options.threads = static_cast<int>(state().threads);
  options.rhsTransposed = flags & 1;
  options.flushSubnormals = flags & 2;
  auto lhs = borrow<L>(lt, lhsDesc);
  auto rhs = borrow<R>(rt_, rhsDesc);
  if (!lhs || !rhs)
    return fail(std::string(name) + ": " + (lhs ? rhs.error() : lhs.error()));
  const int64_t accSlots = at.matrices * at.layout.numElements();
  if (accDesc->size != accSlots || outDesc->size != accSlots)
    return fail(std::string(name) + ": accumulator buffers of " +
                std::to_string(accDesc->size) + " and " +
                std::to_string(outDesc->size) + " elements for " +
                std::to_string(accSlots) + " storage slots");
  A *out = elements<A>(outDesc);
  const A *acc = elements<A>(accDesc);
  // Flag 4: a promise of the compiled code that every slot of the
  // accumulator is +0 (a zero constant, or a zero splat nothing wrote
  // since): it is not read, and only the result's padding needs its zeros.
  options.accIsZero = (flags & 4) != 0;
  if (out != acc && !options.accIsZero)
    std::memcpy(out, acc, accSlots * sizeof(A));
  const bool sharedRhs = rt_.matrices == 1 && lt.matrices > 1;
  rt::UtilizationTotals totals;
  for (int64_t b = 0; b < at.matrices; ++b) {
    // Read-only views (the const accessors never copy).
    auto l = std::as_const(*lhs).matrix(b);
    auto r = std::as_const(*rhs).matrix(sharedRhs ? 0 : b);
    auto view = rt::TiledMatrix<A>::view(
        at.layout, out + b * at.layout.numElements(), rt::PadKind::Zero);
    if (options.accIsZero)
      view.fillPadding(A(0));
    if (kb < 0) {
      auto result =
          rt::simulateMatmulInPlace(l, r, std::move(view), precision, options);
      if (!result)
        return fail(std::string(name) + ": " + result.error());
      totals.add(result->stats);
    } else {
      auto result =
          rt::simulateMxuBlock(l, r, view, kb, nb, precision, options);
      if (!result)
        return fail(std::string(name) + ": " + result.error());
      std::memcpy(out + b * at.layout.numElements(),
                  result->result.storage().data(),
                  at.layout.numElements() * sizeof(A));
      totals.add(result->stats);
    }
  }
  auto stats = totals.stats();
  std::lock_guard<std::mutex> lock(state().mutex);
  if (stats)
    state().totals.add(*stats);
  state().anyMatmul = true;
}

//===----------------------------------------------------------------------===//
// Conversions, reduce, broadcast, splat, fill_padding
//===----------------------------------------------------------------------===//

/// Runs `kernel` (a runtime function of one matrix) on every matrix of the
/// input and stores the results.
template <typename Out, typename In, typename F>
void perMatrix(const char *name, SystileMemRef1D *infoDesc, SystileMemRef1D *in,
               SystileMemRef1D *out, F &&kernel) {
  CallTimer timer;
  Info info(infoDesc);
  TiledInfo t;
  if (!readTiled(info, t))
    return fail(std::string(name) + ": malformed info array");
  auto input = borrow<In>(t, in);
  if (!input)
    return fail(std::string(name) + ": " + input.error());
  auto result = rt::mapMatrices<Out>(
      *input, [&](const rt::TiledMatrix<In> &m) { return kernel(m, info); });
  if (!result)
    return fail(std::string(name) + ": " + result.error());
  if (!info.ok())
    return fail(std::string(name) + ": malformed info array");
  store(*result, out, name);
}

float floatFromBits(int64_t bits) {
  uint32_t u = static_cast<uint32_t>(bits);
  float f;
  std::memcpy(&f, &u, sizeof f);
  return f;
}

template <typename T> T valueFromBits(int64_t bits) {
  if constexpr (std::is_same_v<T, float>) {
    return floatFromBits(bits);
  } else if constexpr (std::is_same_v<T, double>) {
    uint64_t u = static_cast<uint64_t>(bits);
    double d;
    std::memcpy(&d, &u, sizeof d);
    return d;
  } else if constexpr (std::is_same_v<T, rt::bf16>) {
    return rt::bf16::fromBits(static_cast<uint16_t>(bits));
  } else {
    return static_cast<T>(bits);
  }
}

/// The shape of reduce, broadcast and fill_padding: `N` leading info
/// entries (the op's attributes), the input's tiled type, then
/// `kernel(input, attributes)` on the borrowed input, stored into `out`.
template <typename T, size_t N, typename F>
void withInput(const char *name, SystileMemRef1D *infoDesc, SystileMemRef1D *in,
               SystileMemRef1D *out, F &&kernel) {
  CallTimer timer;
  Info info(infoDesc);
  std::array<int64_t, N> attributes;
  for (int64_t &a : attributes)
    a = info.next();
  TiledInfo t;
  if (!readTiled(info, t))
    return fail(std::string(name) + ": malformed info array");
  auto input = borrow<T>(t, in);
  if (!input)
    return fail(std::string(name) + ": " + input.error());
  auto result = kernel(std::as_const(*input), attributes);
  if (!result)
    return fail(std::string(name) + ": " + result.error());
  store(*result, out, name);
}

template <typename T>
void reduce(SystileMemRef1D *info, SystileMemRef1D *in, SystileMemRef1D *out) {
  withInput<T, 2>("systile.reduce", info, in, out,
                  [](const rt::TiledBatch<T> &x, std::array<int64_t, 2> a) {
                    rt::ReduceKind k = a[0] == 1   ? rt::ReduceKind::Max
                                       : a[0] == 2 ? rt::ReduceKind::Min
                                                   : rt::ReduceKind::Sum;
                    return rt::reduce(x, k, a[1]);
                  });
}

template <typename T>
void broadcast(SystileMemRef1D *info, SystileMemRef1D *in,
               SystileMemRef1D *out) {
  withInput<T, 2>("systile.broadcast", info, in, out,
                  [](const rt::TiledBatch<T> &x, std::array<int64_t, 2> a) {
                    return rt::broadcast(x, a[0], a[1]);
                  });
}

template <typename T>
void splat(SystileMemRef1D *infoDesc, SystileMemRef1D *out) {
  CallTimer timer;
  Info info(infoDesc);
  T value = valueFromBits<T>(info.next());
  TiledInfo t;
  if (!readTiled(info, t))
    return fail("systile.splat: malformed info array");
  const int64_t n = t.layout.numElements();
  if (out->size != t.matrices * n)
    return fail("systile.splat: result buffer of " + std::to_string(out->size) +
                " elements for " + std::to_string(t.matrices * n) +
                " storage slots");
  auto m = rt::splat(value, t.shape, t.geometry);
  if (!m)
    return fail("systile.splat: " + m.error());
  for (int64_t b = 0; b < t.matrices; ++b)
    std::memcpy(elements<T>(out) + b * n, m->storage().data(), n * sizeof(T));
}

template <typename T>
void fillPadding(SystileMemRef1D *info, SystileMemRef1D *in,
                 SystileMemRef1D *out) {
  withInput<T, 1>("systile.fill_padding", info, in, out,
                  [](const rt::TiledBatch<T> &x, std::array<int64_t, 1> a)
                      -> rt::Expected<rt::TiledBatch<T>> {
                    auto copy = x.clone();
                    if (copy)
                      copy->fillPadding(valueFromBits<T>(a[0]));
                    return copy;
                  });
}

template <typename T>
void relayout(SystileMemRef1D *infoDesc, SystileMemRef1D *in,
              SystileMemRef1D *out) {
  CallTimer timer;
  Info info(infoDesc);
  int64_t kind = info.next();
  bool isFree = info.next() != 0;
  TiledInfo from, to;
  if (!readTiled(info, from) || !readTiled(info, to))
    return fail("systile relayout: malformed info array");
  auto input = borrow<T>(from, in);
  if (!input)
    return fail("systile relayout: " + input.error());
  if (isFree && kind <= 6) {
    // The result's storage is a range of the input's, bit for bit (the
    // op's isFree): copy it, as the interpreter shares it. A free slice
    // starts at the first matrix it takes.
    const int64_t n = from.layout.numElements();
    int64_t first = 0;
    if (kind == 6) {
      for (size_t d = 0; d < from.batch.size(); ++d)
        first = first * from.batch[d] + info.next();
      if (!info.ok())
        return fail("systile.slice: malformed info array");
    }
    const int64_t slots = to.matrices * to.layout.numElements();
    if (out->size != slots || first < 0 || first * n + slots > in->size)
      return fail("systile relayout: result buffer of " +
                  std::to_string(out->size) + " elements for " +
                  std::to_string(slots) + " storage slots");
    std::memcpy(elements<T>(out), elements<T>(in) + first * n,
                slots * sizeof(T));
    std::lock_guard<std::mutex> lock(state().mutex);
    state().layout.addRelayout(to.layout, sizeof(T), to.matrices, isFree);
    return;
  }
  const rt::TiledBatch<T> &x = *input;
  rt::Expected<rt::TiledBatch<T>> result = rt::Error("unknown relayout");
  switch (kind) {
  case 0:
    result = rt::reshapeBatch(x, to.batch);
    break;
  case 1:
    result = rt::mergeRows(x);
    break;
  case 2:
    result = rt::splitRows(x, to.shape.rows);
    break;
  case 3:
    result = rt::splitHeads(x, to.batch.empty() ? 1 : to.batch.back());
    break;
  case 4:
    result = rt::mergeHeads(x);
    break;
  case 5:
    result = rt::reshape(x, to.batch, to.shape);
    break;
  case 6: {
    std::vector<int64_t> offsets;
    for (size_t d = 0; d < from.batch.size() + 2; ++d)
      offsets.push_back(info.next());
    if (!info.ok())
      return fail("systile.slice: malformed info array");
    result = rt::slice(x, offsets, to.batch, to.shape);
    break;
  }
  case 7:
    result = rt::transposeMinor(x);
    break;
  case 8:
  case 9: {
    // The window (image, kernel, strides, dilations, padding), the pad
    // value's bits and, for one tap's window, the tap.
    rt::ConvWindow w;
    for (int64_t *field :
         {&w.batch, &w.height, &w.width, &w.kernelH, &w.kernelW, &w.strideH,
          &w.strideW, &w.dilationH, &w.dilationW, &w.padTop, &w.padLeft,
          &w.padBottom, &w.padRight})
      *field = info.next();
    T pad = valueFromBits<T>(info.next());
    int64_t kh = kind == 9 ? info.next() : 0;
    int64_t kw = kind == 9 ? info.next() : 0;
    if (!info.ok())
      return fail("systile convolution window: malformed info array");
    if (std::string why = w.check(); !why.empty())
      return fail("systile convolution window: " + why);
    result = kind == 8 ? rt::im2col(x, w, pad) : rt::convTap(x, w, kh, kw, pad);
    break;
  }
  default:
    break;
  }
  if (!result)
    return fail("systile relayout: " + result.error());
  store(*result, out, "systile relayout");
  std::lock_guard<std::mutex> lock(state().mutex);
  state().layout.addRelayout(to.layout, sizeof(T), to.matrices, isFree);
}

} // namespace

//===----------------------------------------------------------------------===//
// The C interface
//===----------------------------------------------------------------------===//

extern "C" {

void systile_set_error_handler(SystileErrorHandler handler, void *context) {
  std::lock_guard<std::mutex> lock(state().mutex);
  state().handler = handler;
  state().context = context;
}

void systile_set_check_handler(SystileCheckHandler handler, void *context) {
  std::lock_guard<std::mutex> lock(state().mutex);
  state().checkHandler = handler;
  state().checkContext = context;
}

/// The bytes of a memref<?xi8> text.
static std::string textOf(const SystileMemRef1D *text) {
  return std::string(static_cast<const char *>(text->aligned) + text->offset,
                     static_cast<size_t>(text->size));
}

[[noreturn]] static void checkFailed(const std::string &text) {
  SystileCheckHandler handler;
  void *context;
  {
    std::lock_guard<std::mutex> lock(state().mutex);
    handler = state().checkHandler;
    context = state().checkContext;
  }
  if (handler)
    handler(text.c_str(), context);
  std::fprintf(stderr, "systile runtime check failed: %s\n", text.c_str());
  std::fflush(stdout);
  std::exit(1);
}

void _mlir_ciface_systile_check_failed(SystileMemRef1D *message) {
  checkFailed(textOf(message));
}

static thread_local std::string allocSite;

void _mlir_ciface_systile_alloc_site(SystileMemRef1D *site) {
  allocSite = textOf(site);
}

const char *systile_alloc_site(void) { return allocSite.c_str(); }

void systile_set_max_steps(uint64_t steps) {
  state().maxSteps.store(steps, std::memory_order_relaxed);
}

void _mlir_ciface_systile_loop_step(SystileMemRef1D *loop) {
  GlobalState &s = state();
  const uint64_t limit = s.maxSteps.load(std::memory_order_relaxed);
  if (limit == 0 || s.steps.fetch_add(1, std::memory_order_relaxed) < limit)
    return;
  checkFailed(textOf(loop) + " ran out of steps: the run has executed " +
              std::to_string(limit) +
              " loop iterations, its limit (systile-run --max-steps, "
              "systile_set_max_steps; 0 for none)");
}

/// The depth of the calls that can recur (systile-count-loop-steps
/// brackets them), per thread; the interpreter's limit.
static thread_local int64_t callDepth = 0;
static constexpr int64_t kMaxCallDepth = 256;

void _mlir_ciface_systile_call_enter(SystileMemRef1D *call) {
  if (++callDepth <= kMaxCallDepth)
    return;
  callDepth = 0;
  checkFailed(textOf(call) + ": call depth exceeds " +
              std::to_string(kMaxCallDepth) + " (unbounded recursion?)");
}

void _mlir_ciface_systile_call_leave(SystileMemRef1D *) {
  if (callDepth > 0)
    --callDepth;
}

void _mlir_ciface_systile_tanh_f32(SystileMemRef1D *in, SystileMemRef1D *out,
                                   int64_t count) {
  CallTimer timer;
  if (count < 0 || count > in->size || count > out->size)
    return fail("systile tanh: " + std::to_string(count) +
                " elements of buffers of " + std::to_string(in->size) +
                " and " + std::to_string(out->size));
  rt::tanhLanes(elements<float>(in), elements<float>(out), count);
}

} // extern "C"

/// Scalar.h's truncFloat for a mode from generated code.
template <typename To, typename From> To truncfRounded(From x, int32_t mode) {
  if (mode < 0 || mode > 4)
    checkFailed("systile truncf: rounding mode " + std::to_string(mode) +
                " is not one of arith's (0 to 4)");
  return rt::scalar::truncFloat<To>(x, static_cast<rt::scalar::Rounding>(mode));
}

extern "C" {

float systile_truncf_f64_f32(double x, int32_t mode) {
  return truncfRounded<float>(x, mode);
}
uint16_t systile_truncf_f64_bf16(double x, int32_t mode) {
  return truncfRounded<rt::bf16>(x, mode).bits();
}
uint16_t systile_truncf_f64_f16(double x, int32_t mode) {
  return truncfRounded<rt::f16>(x, mode).bits;
}
uint16_t systile_truncf_f32_bf16(float x, int32_t mode) {
  return truncfRounded<rt::bf16>(x, mode).bits();
}
uint16_t systile_truncf_f32_f16(float x, int32_t mode) {
  return truncfRounded<rt::f16>(x, mode).bits;
}

void systile_set_threads(int64_t threads) {
  std::lock_guard<std::mutex> lock(state().mutex);
  state().threads = threads < 0 ? 1 : threads;
}

const char *systile_format_stats(void) {
  static thread_local std::string text;
  std::lock_guard<std::mutex> lock(state().mutex);
  text.clear();
  if (state().anyMatmul) {
    auto stats = state().totals.stats();
    text += stats ? stats->format("total") : "total: overflowed";
    text += "\n";
  }
  text += state().layout.format();
  text += "\n";
  return text.c_str();
}

void systile_print_stats(void) {
  std::fputs(systile_format_stats(), stdout);
  std::fflush(stdout);
}

void systile_reset_stats(void) {
  std::lock_guard<std::mutex> lock(state().mutex);
  state().layout = rt::LayoutCost();
  state().totals = rt::UtilizationTotals();
  state().anyMatmul = false;
  state().steps.store(0, std::memory_order_relaxed);
  callDepth = 0;
  state().callNanos.store(0, std::memory_order_relaxed);
  state().matmulNanos.store(0, std::memory_order_relaxed);
}

double systile_runtime_ms(double *matmulMs) {
  if (matmulMs)
    *matmulMs = state().matmulNanos.load(std::memory_order_relaxed) / 1e6;
  return state().callNanos.load(std::memory_order_relaxed) / 1e6;
}

#define SYSTILE_DEFINE_MATMUL(LN, RN, L, R, A)                                 \
  void _mlir_ciface_systile_matmul_##LN##_##RN(                                \
      SystileMemRef1D *info, SystileMemRef1D *lhs, SystileMemRef1D *rhs,       \
      SystileMemRef1D *acc, SystileMemRef1D *out) {                            \
    matmul<L, R, A>(info, lhs, rhs, acc, out);                                 \
  }
SYSTILE_DEFINE_MATMUL(f32, f32, float, float, float)
SYSTILE_DEFINE_MATMUL(f32, bf16, float, rt::bf16, float)
SYSTILE_DEFINE_MATMUL(bf16, f32, rt::bf16, float, float)
SYSTILE_DEFINE_MATMUL(bf16, bf16, rt::bf16, rt::bf16, float)
SYSTILE_DEFINE_MATMUL(i8, i8, int8_t, int8_t, int32_t)
#undef SYSTILE_DEFINE_MATMUL

void _mlir_ciface_systile_truncf(SystileMemRef1D *info, SystileMemRef1D *in,
                                 SystileMemRef1D *out) {
  perMatrix<rt::bf16, float>("systile.truncf", info, in, out,
                             [](const rt::TiledMatrix<float> &x, Info &) {
                               return rt::tryTruncToBF16(x);
                             });
}

void _mlir_ciface_systile_extf(SystileMemRef1D *info, SystileMemRef1D *in,
                               SystileMemRef1D *out) {
  perMatrix<float, rt::bf16>("systile.extf", info, in, out,
                             [](const rt::TiledMatrix<rt::bf16> &x, Info &) {
                               return rt::tryExtToF32(x);
                             });
}

void _mlir_ciface_systile_quantize(SystileMemRef1D *info, SystileMemRef1D *in,
                                   SystileMemRef1D *out) {
  // The scale and zero point follow the tiled type in the info array; read
  // them once, before the first matrix.
  Info peek(info);
  TiledInfo t;
  (void)readTiled(peek, t);
  float scale = floatFromBits(peek.next());
  auto zeroPoint = static_cast<int32_t>(peek.next());
  perMatrix<int8_t, float>("systile.quantize", info, in, out,
                           [&](const rt::TiledMatrix<float> &x, Info &) {
                             return rt::quantize(x, scale, zeroPoint);
                           });
}

void _mlir_ciface_systile_dequantize(SystileMemRef1D *info, SystileMemRef1D *in,
                                     SystileMemRef1D *out) {
  Info peek(info);
  TiledInfo t;
  (void)readTiled(peek, t);
  float scale = floatFromBits(peek.next());
  auto zeroPoint = static_cast<int32_t>(peek.next());
  perMatrix<float, int8_t>("systile.dequantize", info, in, out,
                           [&](const rt::TiledMatrix<int8_t> &x, Info &) {
                             return rt::dequantize(x, scale, zeroPoint);
                           });
}

#define SYSTILE_DEFINE_REDUCE(N, T)                                            \
  void _mlir_ciface_systile_reduce_##N(                                        \
      SystileMemRef1D *info, SystileMemRef1D *in, SystileMemRef1D *out) {      \
    reduce<T>(info, in, out);                                                  \
  }
SYSTILE_DEFINE_REDUCE(f32, float)
SYSTILE_DEFINE_REDUCE(f64, double)
SYSTILE_DEFINE_REDUCE(i32, int32_t)
#undef SYSTILE_DEFINE_REDUCE

#define SYSTILE_DEFINE_PER_TYPE(N, T)                                          \
  void _mlir_ciface_systile_pack_##N(SystileMemRef1D *info,                    \
                                     SystileMemRef1D *dense,                   \
                                     SystileMemRef1D *storage) {               \
    pack<T>(info, dense, storage);                                             \
  }                                                                            \
  void _mlir_ciface_systile_unpack_##N(SystileMemRef1D *info,                  \
                                       SystileMemRef1D *storage,               \
                                       SystileMemRef1D *dense) {               \
    unpack<T>(info, storage, dense);                                           \
  }                                                                            \
  void _mlir_ciface_systile_relayout_##N(                                      \
      SystileMemRef1D *info, SystileMemRef1D *in, SystileMemRef1D *out) {      \
    relayout<T>(info, in, out);                                                \
  }                                                                            \
  void _mlir_ciface_systile_broadcast_##N(                                     \
      SystileMemRef1D *info, SystileMemRef1D *in, SystileMemRef1D *out) {      \
    broadcast<T>(info, in, out);                                               \
  }                                                                            \
  void _mlir_ciface_systile_splat_##N(SystileMemRef1D *info,                   \
                                      SystileMemRef1D *out) {                  \
    splat<T>(info, out);                                                       \
  }                                                                            \
  void _mlir_ciface_systile_fill_padding_##N(                                  \
      SystileMemRef1D *info, SystileMemRef1D *in, SystileMemRef1D *out) {      \
    fillPadding<T>(info, in, out);                                             \
  }
SYSTILE_DEFINE_PER_TYPE(f32, float)
SYSTILE_DEFINE_PER_TYPE(bf16, rt::bf16)
SYSTILE_DEFINE_PER_TYPE(f64, double)
SYSTILE_DEFINE_PER_TYPE(i8, int8_t)
SYSTILE_DEFINE_PER_TYPE(i32, int32_t)
#undef SYSTILE_DEFINE_PER_TYPE

} // extern "C"
