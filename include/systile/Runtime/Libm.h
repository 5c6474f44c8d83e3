//===- Libm.h - glibc's float functions over many lanes ---------*- C++ -*-===//
//
// The interpreter gives math.tanh the bits of the machine's glibc tanhf
// (what upstream's lowering calls; docs/Interpreter.md). One call per
// element costs about 27 ns here, the largest cost of a GELU after the
// matmuls. tanhLanes computes the same function sixteen, eight or four
// lanes at a time: fdlibm's tanhf and expm1f (the ones glibc shipped until it moved to
// CORE-MATH's correctly rounded functions), written as the same sequence
// of IEEE single-precision operations on every lane, with every branch
// computed and the lane's branch selected. Same operations, same bits.
//
// Whether this process's tanhf is that algorithm is checked once, on a
// sample of every branch and a sweep of the whole float range; where it is
// not (another libm), tanhLanes calls tanhf per lane. So the bits are
// always the libm's; only the speed depends on the check.
//
//===----------------------------------------------------------------------===//

#ifndef SYSTILE_RUNTIME_LIBM_H
#define SYSTILE_RUNTIME_LIBM_H

#include "systile/Runtime/Cpu.h"

#include <cstdint>

namespace systile::rt {

/// y[i] = tanhf(x[i]) for i < n, with this process's libm's bits. `isa`
/// forces a path (Portable: 4-lane generic vectors; AVX2: 8 lanes;
/// AVX512: 16; tests run each one the machine has); Auto takes the widest
/// the CPU has. Either way
/// the vector form runs only when tanhVectorMatchesLibm(), and arrays
/// shorter than a few vectors go lane by lane. `y` may be `x`.
void tanhLanes(const float *x, float *y, int64_t n, Isa isa = Isa::Auto);

/// Whether the vector form of fdlibm's tanhf gives this process's tanhf
/// bits on the check sample (computed once, thread-safe).
bool tanhVectorMatchesLibm();

/// The vector form alone, on the path `isa` (Portable, AVX2 or AVX512;
/// the last two only where the CPU has them, else Portable), whatever the check says: for tests that compare
/// it with the libm.
void tanhVectorForm(const float *x, float *y, int64_t n, Isa isa);

} // namespace systile::rt

#endif // SYSTILE_RUNTIME_LIBM_H
