// What the compiled path cannot run is an error at the op with exit 1,
// never a crash: here an op upstream's One-Shot Bufferize has no model for
// (a tensor.bitcast of unranked tensors, which
// systile-expand-unlowered-ops leaves alone), which the interpreter runs.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python -c "import numpy as np; np.save('%t/x.npy', np.ones(4, np.float32))"
// RUN: not systile-run %s --entry bitcast --input %t/x.npy --compile --output %t/out.npy 2>&1 | FileCheck %s
// RUN: not ls %t/out.npy
// RUN: systile-run %s --entry bitcast --input %t/x.npy | FileCheck %s --check-prefix=INTERPRETED
// CHECK: unsupported.mlir:[[# @LINE + 7]]:8: error: op was not bufferized
// CHECK: systile-run: error: --compile: lowering @bitcast of '{{.*}}unsupported.mlir' to LLVM failed
// The bits of 1.0f.
// INTERPRETED: result #0: tensor<4xi32> = [1065353216, 1065353216, 1065353216, 1065353216]

func.func @bitcast(%x: tensor<4xf32>) -> tensor<4xi32> {
  %u = tensor.cast %x : tensor<4xf32> to tensor<*xf32>
  %b = tensor.bitcast %u : tensor<*xf32> to tensor<*xi32>
  %r = tensor.cast %b : tensor<*xi32> to tensor<4xi32>
  return %r : tensor<4xi32>
}
