//===- RunnerUtils.h - the runtime's C interface ------------------*- C -*-===//
//
// The C interface compiled systile programs call (convert-systile-to-runtime
// emits the calls): libsystile_runner_utils.so, loaded by `mlir-runner
// -shared-libs=...` or linked into `systile-run --compile`, as upstream's
// libmlir_c_runner_utils.so is. Standard library only.
//
// Every buffer is passed as a pointer to a one-dimensional memref
// descriptor (the `llvm.emit_c_interface` convention, hence the
// `_mlir_ciface_` prefix): a tiled value's buffer is its padded storage in
// storage order; a dense tensor's buffer is its row-major elements. What the
// op knows statically (shapes, geometry, attributes) comes first, as an
// `info` array of int64 (a constant the compiled code holds), laid out per
// function below. A tiled operand's part of it is its type:
//
//   rank, shape[rank], sublanes, lanes, mxu, pad (0 = zero, 1 = undef)
//
// Numerics are the runtime's (docs/RFC.md section 6), so a compiled
// program gives the interpreter's bits.
//
// Errors (a kernel path the machine lacks, memory that cannot be had) go to
// the error handler: by default it prints "systile runtime error: <message>"
// to stderr and exits with status 1; a host that runs compiled code installs
// its own (systile-run --compile records the message and fails the run).
// After an error the outputs of that call are unspecified.
//
//===----------------------------------------------------------------------===//

#ifndef SYSTILE_RUNTIME_RUNNERUTILS_H
#define SYSTILE_RUNTIME_RUNNERUTILS_H

#include <cstdint>

#ifdef _WIN32
#define SYSTILE_RUNNER_UTILS_EXPORT __declspec(dllexport)
#else
#define SYSTILE_RUNNER_UTILS_EXPORT __attribute__((visibility("default")))
#endif

extern "C" {

/// A rank-1 memref descriptor, as MLIR's LLVM lowering lays it out.
struct SystileMemRef1D {
  void *allocated;
  void *aligned;
  int64_t offset;
  int64_t size;
  int64_t stride;
};

/// Receives each error message; `context` is the pointer given with it.
typedef void (*SystileErrorHandler)(const char *message, void *context);

/// Installs `handler` (null: the default, which prints and exits 1).
SYSTILE_RUNNER_UTILS_EXPORT void
systile_set_error_handler(SystileErrorHandler handler, void *context);

/// Receives the message of a failed run-time check of generated code (a
/// poison result, a failed cf.assert: systile-insert-runtime-checks). It
/// must not return: the generated code cannot go on past the check. If it
/// does return, the message is printed as by the default, which prints
/// "systile runtime check failed: <message>" to stderr and exits with
/// status 1.
typedef void (*SystileCheckHandler)(const char *message, void *context);

/// Installs `handler` for failed checks (null: the default).
SYSTILE_RUNNER_UTILS_EXPORT void
systile_set_check_handler(SystileCheckHandler handler, void *context);

/// Called by generated code when a check fails; `message` is the bytes of
/// the message (not terminated). Does not return.
[[noreturn]] SYSTILE_RUNNER_UTILS_EXPORT void
_mlir_ciface_systile_check_failed(SystileMemRef1D *message);

/// The loop-iteration budget of a run (the interpreter's --max-steps):
/// code from systile-count-loop-steps calls systile_loop_step at the start
/// of every iteration of the program's loops, with the loop's name and
/// location ("'scf.while' at model.mlir:12:8"). Past the limit it reports
/// "<loop> ran out of steps: the run has executed N loop iterations, its
/// limit (--max-steps; 0 for none)" as a failed check, which does not
/// return. The limit is 10,000,000 until set; 0 sets none.
/// systile_reset_stats starts the count of a new run.
SYSTILE_RUNNER_UTILS_EXPORT void systile_set_max_steps(uint64_t steps);
SYSTILE_RUNNER_UTILS_EXPORT void
_mlir_ciface_systile_loop_step(SystileMemRef1D *loop);

/// Generated code from systile-count-loop-steps calls systile_call_enter
/// before, and systile_call_leave after, each call that can recur (`call`
/// names it and its location). The depth of such calls on the calling
/// thread may not exceed 256, the interpreter's limit: the next enter is a
/// failed check (systile_set_check_handler) that names the call.
SYSTILE_RUNNER_UTILS_EXPORT void
_mlir_ciface_systile_call_enter(SystileMemRef1D *call);
SYSTILE_RUNNER_UTILS_EXPORT void
_mlir_ciface_systile_call_leave(SystileMemRef1D *call);

/// Generated code (systile-insert-runtime-checks) calls this before each
/// buffer it allocates (memref.alloc, which lowers to malloc), with the
/// allocating op's location: "a buffer allocated at model.mlir:12:8". A
/// host that bounds the program's memory (systile-run --compile binds
/// malloc to its --max-memory budget) names the site of a refused
/// allocation with systile_alloc_site(): this thread's last site, or ""
/// (valid until the next call on this thread).
SYSTILE_RUNNER_UTILS_EXPORT void
_mlir_ciface_systile_alloc_site(SystileMemRef1D *site);
SYSTILE_RUNNER_UTILS_EXPORT const char *systile_alloc_site(void);

/// Sets the kernel threads of the matmuls (0: one per hardware thread; the
/// default is 1).
SYSTILE_RUNNER_UTILS_EXPORT void systile_set_threads(int64_t threads);

/// Prints RFC 8's figures of every call since the last reset to stdout:
/// "total: logical_macs=..." (when a matmul ran) and "layout: packs=...".
SYSTILE_RUNNER_UTILS_EXPORT void systile_print_stats(void);
/// The same lines as one string (valid until the next call from this
/// thread), and a reset of the figures (and of the loop-step count: a new
/// run).
SYSTILE_RUNNER_UTILS_EXPORT const char *systile_format_stats(void);
SYSTILE_RUNNER_UTILS_EXPORT void systile_reset_stats(void);
/// The time spent inside this interface's functions since the last reset,
/// in milliseconds; `matmulMs` (when not null) gets the part spent in
/// matmuls. What a compiled program spends outside them is its own code's.
SYSTILE_RUNNER_UTILS_EXPORT double systile_runtime_ms(double *matmulMs);

// systile_pack_T(info, dense, storage), systile_unpack_T(info, storage,
// dense). info: the tiled type, then (pack) transpose (0/1). The dense
// buffer holds the row-major tensor (batch x cols x rows when transposed);
// a pack's storage gets the tiled value (padding zero).

// info: precision (0 f32, 1 bf16, 2 bf16_3x, 3 bf16_6x), flags (1
// rhs_transposed, 2 flush_subnormals, 4 the accumulator is known zero),
// kb, nb (-1, -1: the whole matmul; else one weight load), then the tiled
// types of lhs, rhs and acc. `out` may be `acc` itself (accumulated in
// place); otherwise acc is only read.
#define SYSTILE_DECLARE_MATMUL(L, R)                                           \
  SYSTILE_RUNNER_UTILS_EXPORT void _mlir_ciface_systile_matmul_##L##_##R(      \
      SystileMemRef1D *info, SystileMemRef1D *lhs, SystileMemRef1D *rhs,       \
      SystileMemRef1D *acc, SystileMemRef1D *out);
SYSTILE_DECLARE_MATMUL(f32, f32)
SYSTILE_DECLARE_MATMUL(f32, bf16)
SYSTILE_DECLARE_MATMUL(bf16, f32)
SYSTILE_DECLARE_MATMUL(bf16, bf16)
SYSTILE_DECLARE_MATMUL(i8, i8)
#undef SYSTILE_DECLARE_MATMUL

// Element conversions. info: the input's tiled type, then for quantize and
// dequantize the scale's f32 bits and the zero point.
SYSTILE_RUNNER_UTILS_EXPORT void
_mlir_ciface_systile_truncf(SystileMemRef1D *info, SystileMemRef1D *in,
                            SystileMemRef1D *out);
SYSTILE_RUNNER_UTILS_EXPORT void
_mlir_ciface_systile_extf(SystileMemRef1D *info, SystileMemRef1D *in,
                          SystileMemRef1D *out);
SYSTILE_RUNNER_UTILS_EXPORT void
_mlir_ciface_systile_quantize(SystileMemRef1D *info, SystileMemRef1D *in,
                              SystileMemRef1D *out);
SYSTILE_RUNNER_UTILS_EXPORT void
_mlir_ciface_systile_dequantize(SystileMemRef1D *info, SystileMemRef1D *in,
                                SystileMemRef1D *out);

// info: kind (0 sum, 1 max, 2 min), dim, the input's tiled type.
#define SYSTILE_DECLARE_REDUCE(T)                                              \
  SYSTILE_RUNNER_UTILS_EXPORT void _mlir_ciface_systile_reduce_##T(            \
      SystileMemRef1D *info, SystileMemRef1D *in, SystileMemRef1D *out);
SYSTILE_DECLARE_REDUCE(f32)
SYSTILE_DECLARE_REDUCE(f64)
SYSTILE_DECLARE_REDUCE(i32)
#undef SYSTILE_DECLARE_REDUCE

// systile_broadcast_T(info, in, out). info: dim, count, the input's tiled
// type.

// systile_splat_T(info, out). info: the value's bits (zero-extended), the
// result's tiled type. Every logical slot gets the value, every padding
// slot zero.

// systile_fill_padding_T(info, in, out). info: the value's bits
// (zero-extended), the tiled type. `out` gets the input with every padding
// slot set to the value.

// Relayouts, systile_relayout_T(info, in, out). info: kind (0 reshape_batch, 1
// merge_rows, 2 split_rows, 3 split_heads, 4 merge_heads, 5 reshape, 6 slice, 7
// transpose, 8 im2col, 9 window), free (1 when the op moves no element:
// counted as no relayout), the input's and the result's tiled types, then
// for slice the offsets (one per dimension); for im2col and window the
// window (N, H, W, KH, KW, sh, sw, dh, dw, top, left, bottom, right) and the
// pad value's bits (as splat's), and for window the tap (kh, kw).

// Element-wise helpers of the loops convert-systile-to-runtime writes:
// systile_tanh_f32(in, out, count) sets out[i] = tanhf(in[i]) for i < count
// with the interpreter's vector form (the bits of this process's tanhf,
// Libm.h).
SYSTILE_RUNNER_UTILS_EXPORT void
_mlir_ciface_systile_tanh_f32(SystileMemRef1D *in, SystileMemRef1D *out,
                              int64_t count);

// arith.truncf with a rounding mode other than to_nearest_even, one
// element: `mode` is arith::RoundingMode's number (1 downward, 2 upward, 3
// toward_zero, 4 to_nearest_away; 0 the default rounding) and the result
// is the interpreter's (Scalar.h's truncFloat). bf16 and f16 results are
// their bits. convert-systile-to-runtime calls these for such a truncf;
// a mode outside 0 to 4 is a failed check.
SYSTILE_RUNNER_UTILS_EXPORT float systile_truncf_f64_f32(double x,
                                                         int32_t mode);
SYSTILE_RUNNER_UTILS_EXPORT uint16_t systile_truncf_f64_bf16(double x,
                                                             int32_t mode);
SYSTILE_RUNNER_UTILS_EXPORT uint16_t systile_truncf_f64_f16(double x,
                                                            int32_t mode);
SYSTILE_RUNNER_UTILS_EXPORT uint16_t systile_truncf_f32_bf16(float x,
                                                             int32_t mode);
SYSTILE_RUNNER_UTILS_EXPORT uint16_t systile_truncf_f32_f16(float x,
                                                            int32_t mode);

// The entry points above that exist for every element type T (f32, bf16,
// f64, i8, i32): pack, unpack, broadcast, splat, fill_padding, relayout.
#define SYSTILE_DECLARE_PER_TYPE(T)                                            \
  SYSTILE_RUNNER_UTILS_EXPORT void _mlir_ciface_systile_pack_##T(              \
      SystileMemRef1D *info, SystileMemRef1D *dense,                           \
      SystileMemRef1D *storage);                                               \
  SYSTILE_RUNNER_UTILS_EXPORT void _mlir_ciface_systile_unpack_##T(            \
      SystileMemRef1D *info, SystileMemRef1D *storage,                         \
      SystileMemRef1D *dense);                                                 \
  SYSTILE_RUNNER_UTILS_EXPORT void _mlir_ciface_systile_broadcast_##T(         \
      SystileMemRef1D *info, SystileMemRef1D *in, SystileMemRef1D *out);       \
  SYSTILE_RUNNER_UTILS_EXPORT void _mlir_ciface_systile_splat_##T(             \
      SystileMemRef1D *info, SystileMemRef1D *out);                            \
  SYSTILE_RUNNER_UTILS_EXPORT void _mlir_ciface_systile_fill_padding_##T(      \
      SystileMemRef1D *info, SystileMemRef1D *in, SystileMemRef1D *out);       \
  SYSTILE_RUNNER_UTILS_EXPORT void _mlir_ciface_systile_relayout_##T(          \
      SystileMemRef1D *info, SystileMemRef1D *in, SystileMemRef1D *out);
SYSTILE_DECLARE_PER_TYPE(f32)
SYSTILE_DECLARE_PER_TYPE(bf16)
SYSTILE_DECLARE_PER_TYPE(f64)
SYSTILE_DECLARE_PER_TYPE(i8)
SYSTILE_DECLARE_PER_TYPE(i32)
#undef SYSTILE_DECLARE_PER_TYPE

} // extern "C"

#endif // SYSTILE_RUNTIME_RUNNERUTILS_H
