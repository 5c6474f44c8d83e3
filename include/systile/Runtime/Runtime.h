//===- Runtime.h - Umbrella header of the systile runtime -------*- C++ -*-===//
//
// Includes every public header of the runtime library, the numerics
// reference of the systile dialect (RFC section 11). Depends only on the C++
// standard library.
//
//   Allocation.h          fallible aligned allocation, the run-once heap
//   BF16.h                the bfloat16 storage type and its RNE conversion
//   Conversion.h          truncf/extf/quantize/dequantize, tiling kept
//   ConvWindow.h          where a convolution's taps read, halo counts (RFC 8)
//   Cpu.h                 the instruction sets, the one probe that picks them
//   DenseContraction.h    dense contractions in upstream's order (linalg)
//   ElementBits.h         zero and finite tests on element bits (RFC 7)
//   Elementwise.h         element-wise, broadcast and splat kernels
//   ElementwiseProgram.h  chunked evaluation of a systile.elementwise region
//   F16.h                 the IEEE half storage type
//   Layout.h              geometry, shapes, mask and the address map (RFC 3)
//   LayoutCost.h          the layout-transform figures (RFC 8)
//   Libm.h                glibc's tanhf over many lanes, vectorised
//   Matmul.h              the systolic matmul simulator (RFC 6, 7)
//   Parallel.h            contiguous shares of work over threads
//   Reduce.h              mask-aware reductions
//   RunnerUtils.h         the C interface compiled programs call
//   Relayout.h            batch reshape, row/head split and merge, transpose,
//                         im2col and convolution windows
//   RelayoutMap.h         the relayouts' index rule and when they are free
//   Scalar.h              the scalar meaning of every arith/math op (RFC 6)
//   SparseTileMap.h       which tiles and mxu blocks are all zero (RFC 7)
//   Status.h              error values
//   StridedCopy.h         strided copies of dense arrays
//   TiledBatch.h          a batch of matrices in one batch-major storage
//   TiledMatrix.h         a matrix stored in hardware tile order
//   TiledStorage.h        the owned, borrowed or viewed slots of both
//   Tiling.h              the tiling rules shared with the dialect (RFC 2, 3)
//   Transpose.h           blocked transposes of dense matrices
//   Utilization.h         utilisation accounting (RFC 8)
//
//===----------------------------------------------------------------------===//

#ifndef SYSTILE_RUNTIME_RUNTIME_H
#define SYSTILE_RUNTIME_RUNTIME_H

#include "systile/Runtime/Allocation.h"
#include "systile/Runtime/BF16.h"
#include "systile/Runtime/ConvWindow.h"
#include "systile/Runtime/Conversion.h"
#include "systile/Runtime/Cpu.h"
#include "systile/Runtime/DenseContraction.h"
#include "systile/Runtime/ElementBits.h"
#include "systile/Runtime/Elementwise.h"
#include "systile/Runtime/ElementwiseProgram.h"
#include "systile/Runtime/F16.h"
#include "systile/Runtime/Layout.h"
#include "systile/Runtime/LayoutCost.h"
#include "systile/Runtime/Libm.h"
#include "systile/Runtime/Matmul.h"
#include "systile/Runtime/Parallel.h"
#include "systile/Runtime/Reduce.h"
#include "systile/Runtime/Relayout.h"
#include "systile/Runtime/RunnerUtils.h"
#include "systile/Runtime/RelayoutMap.h"
#include "systile/Runtime/Scalar.h"
#include "systile/Runtime/SparseTileMap.h"
#include "systile/Runtime/Status.h"
#include "systile/Runtime/StridedCopy.h"
#include "systile/Runtime/TiledBatch.h"
#include "systile/Runtime/TiledMatrix.h"
#include "systile/Runtime/TiledStorage.h"
#include "systile/Runtime/Tiling.h"
#include "systile/Runtime/Transpose.h"
#include "systile/Runtime/Utilization.h"

#endif // SYSTILE_RUNTIME_RUNTIME_H
