//===- Runtime.h - Umbrella header of the systile runtime -------*- C++ -*-===//
//
// Includes the whole runtime library: the numerics reference of the systile
// dialect (RFC section 11). Depends only on the C++ standard library.
//
//===----------------------------------------------------------------------===//

#ifndef SYSTILE_RUNTIME_RUNTIME_H
#define SYSTILE_RUNTIME_RUNTIME_H

#include "systile/Runtime/Allocation.h"
#include "systile/Runtime/BF16.h"
#include "systile/Runtime/Conversion.h"
#include "systile/Runtime/Layout.h"
#include "systile/Runtime/Matmul.h"
#include "systile/Runtime/Reduce.h"
#include "systile/Runtime/SparseTileMap.h"
#include "systile/Runtime/Status.h"
#include "systile/Runtime/TiledMatrix.h"

#endif // SYSTILE_RUNTIME_RUNTIME_H
