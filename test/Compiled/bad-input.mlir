// Bad input to systile-run --compile: each is exit 1 with a message, no
// output file, never a crash.
//
// RUN: rm -rf %t && mkdir -p %t
// A call of a function with no body: the JIT cannot resolve it.
// RUN: not systile-run %s --entry calls_missing --compile --output %t/out.npy 2>&1 | FileCheck %s --check-prefix=SYMBOL
// RUN: not ls %t/out.npy
// SYMBOL: Symbols not found: [ missing_function ]
// SYMBOL: systile-run: error: --compile: Failed to materialize symbols
//
// Interpreter-only options.
// RUN: not systile-run %s --entry plain --compile --compare-after=canonicalize 2>&1 | FileCheck %s --check-prefix=OPTION
// RUN: not systile-run %s --entry plain --compile --stats-json=%t/s.json 2>&1 | FileCheck %s --check-prefix=OPTION
// RUN: not ls %t/s.json
// OPTION: systile-run: error: --compile runs the compiled program; --compare-after, --dump-op/--dump-dir and --stats-json are interpreter options
//

func.func private @missing_function(tensor<4xf32>) -> tensor<4xf32>

func.func @calls_missing() -> tensor<4xf32> {
  %x = arith.constant dense<1.0> : tensor<4xf32>
  %y = call @missing_function(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return %y : tensor<4xf32>
}

func.func @plain() -> tensor<4xf32> {
  %x = arith.constant dense<1.0> : tensor<4xf32>
  return %x : tensor<4xf32>
}
