// What the compiled path cannot run is an error at the op with exit 1,
// never a crash: here an op upstream's One-Shot Bufferize has no model for.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python -c "import numpy as np; np.save('%t/x.npy', np.ones(4, np.float32))"
// RUN: not systile-run %s --entry bitcast --input %t/x.npy --compile --output %t/out.npy 2>&1 | FileCheck %s
// RUN: not ls %t/out.npy
// CHECK: unsupported.mlir:[[# @LINE + 4]]:8: error: op was not bufferized
// CHECK: systile-run: error: --compile: lowering @bitcast of '{{.*}}unsupported.mlir' to LLVM failed

func.func @bitcast(%x: tensor<4xf32>) -> tensor<4xi32> {
  %b = tensor.bitcast %x : tensor<4xf32> to tensor<4xi32>
  return %b : tensor<4xi32>
}
