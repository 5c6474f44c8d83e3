// systile-run --compile loads upstream's libmlir_c_runner_utils and
// libmlir_runner_utils (which Debian links against libMLIR.so and
// libLLVM.so) only for a program that may need them: one that calls a
// function nothing else defines (printMemrefF32 here), or one that
// computes with bf16 or f16 values, for which LLVM's code generator may
// call conversion helpers (__truncsfbf2, ...) that only those libraries
// bring. The results are the same either way, and the interpreter's.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python -c "import numpy as np; x = np.array([1.5, -2.25, 3.0, 0.5], dtype='<f4'); np.save('%t/x.npy', x); np.save('%t/sq.npy', x * x)"
// RUN: systile-run %s --entry plain --compile --timing --input %t/x.npy --expect %t/sq.npy 2>&1 | FileCheck %s --check-prefix=PLAIN
// RUN: systile-run %s --entry half --compile --timing --input %t/x.npy --expect %t/sq.npy 2>&1 | FileCheck %s --check-prefixes=HALF,HALF-LIBS
// RUN: systile-run %s --entry half --input %t/x.npy --expect %t/sq.npy | FileCheck %s --check-prefix=HALF
// RUN: systile-run %s --entry print --compile --timing 2>&1 | FileCheck %s --check-prefix=PRINT
// PLAIN-DAG: upstream-runner-utils=not-needed
// PLAIN-DAG: expect: result #0 matches {{.*}}sq.npy (0 of 4 elements differ, max ulp 0)
// HALF-LIBS-DAG: upstream-runner-utils=loaded
// HALF-DAG: expect: result #0 matches {{.*}}sq.npy (0 of 4 elements differ, max ulp 0)
// PRINT-DAG: upstream-runner-utils=loaded
// PRINT-DAG: data =
// PRINT-DAG: [1,  2]

func.func @plain(%x: tensor<4xf32>) -> tensor<4xf32> {
  %s = arith.mulf %x, %x : tensor<4xf32>
  return %s : tensor<4xf32>
}

// Every value is exact in bf16.
func.func @half(%x: tensor<4xf32>) -> tensor<4xf32> {
  %b = arith.truncf %x : tensor<4xf32> to tensor<4xbf16>
  %s = arith.mulf %b, %b : tensor<4xbf16>
  %r = arith.extf %s : tensor<4xbf16> to tensor<4xf32>
  return %r : tensor<4xf32>
}

func.func private @printMemrefF32(tensor<*xf32>) attributes {llvm.emit_c_interface}

func.func @print() {
  %c = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %u = tensor.cast %c : tensor<2xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
