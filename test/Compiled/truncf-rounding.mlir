// arith.truncf in every rounding mode other than the default, from f32
// to bf16 and f16 and from f64 to f32, bf16 and f16, interpreted and
// compiled, against truncf_rounding.py's model of IEEE 754 rounding (exact
// rationals, the neighbours of each value found by enumerating the
// format): ties, their neighbours, subnormal results, values past the
// largest finite one, zeros, infinities and NaNs. Compiled, upstream's
// lowering would round to nearest even whatever the mode; the compiled
// path calls the runtime's systile_truncf_* instead.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/../Interpreter/Inputs/truncf_rounding.py --bin-dir %systile_obj_root/bin --work-dir %t/interpreted %s | FileCheck %s
// RUN: %python %S/../Interpreter/Inputs/truncf_rounding.py --bin-dir %systile_obj_root/bin --work-dir %t/compiled %s --compile | FileCheck %s
// CHECK-COUNT-20: {{^from_f(32|64) [a-z0-9]+ [a-z_]+: 0 of [0-9]+ differ$}}
// CHECK-NOT: differ
//
// The lowering: a call per element, the mode as arith's number; an
// explicit to_nearest_even is the default rounding (bf16: RFC 6's integer
// rule, no call).
// RUN: systile-opt %s --split-input-file --pass-pipeline="builtin.module(convert-elementwise-to-linalg,one-shot-bufferize{bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map},convert-systile-to-runtime)" | FileCheck %s --check-prefix=IR
// IR-DAG: func.func private @systile_truncf_f32_bf16(f32, i32) -> i16
// IR-DAG: func.func private @systile_truncf_f32_f16(f32, i32) -> i16
// IR-DAG: func.func private @systile_truncf_f64_f32(f64, i32) -> f32
// IR-DAG: func.func private @systile_truncf_f64_bf16(f64, i32) -> i16
// IR-DAG: func.func private @systile_truncf_f64_f16(f64, i32) -> i16
// IR-LABEL: func.func @from_f32
// IR: %[[DOWN:.*]] = arith.constant 1 : i32
// IR: %[[B:.*]] = {{(func\.)?}}call @systile_truncf_f32_bf16(%{{.*}}, %[[DOWN]]) : (f32, i32) -> i16
// IR: arith.bitcast %[[B]] : i16 to bf16
// IR-LABEL: func.func @nearest_even
// IR-NOT: call
// IR-NOT: roundingmode
// IR: arith.shrui
// IR: return

#id = affine_map<(d0) -> (d0)>

func.func @from_f32(%x: tensor<?xf32>) -> (tensor<?xbf16>, tensor<?xbf16>, tensor<?xbf16>, tensor<?xbf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>) {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?xf32>
  %e_bf16_0 = tensor.empty(%n) : tensor<?xbf16>
  %e_bf16_1 = tensor.empty(%n) : tensor<?xbf16>
  %e_bf16_2 = tensor.empty(%n) : tensor<?xbf16>
  %e_bf16_3 = tensor.empty(%n) : tensor<?xbf16>
  %bf16:4 = linalg.generic {indexing_maps = [#id, #id, #id, #id, #id], iterator_types = ["parallel"]}
      ins(%x : tensor<?xf32>) outs(%e_bf16_0, %e_bf16_1, %e_bf16_2, %e_bf16_3 : tensor<?xbf16>, tensor<?xbf16>, tensor<?xbf16>, tensor<?xbf16>) {
  ^bb0(%v: f32, %o0: bf16, %o1: bf16, %o2: bf16, %o3: bf16):
    %t0 = arith.truncf %v downward : f32 to bf16
    %t1 = arith.truncf %v upward : f32 to bf16
    %t2 = arith.truncf %v toward_zero : f32 to bf16
    %t3 = arith.truncf %v to_nearest_away : f32 to bf16
    linalg.yield %t0, %t1, %t2, %t3 : bf16, bf16, bf16, bf16
  } -> (tensor<?xbf16>, tensor<?xbf16>, tensor<?xbf16>, tensor<?xbf16>)
  %e_f16_0 = tensor.empty(%n) : tensor<?xf16>
  %e_f16_1 = tensor.empty(%n) : tensor<?xf16>
  %e_f16_2 = tensor.empty(%n) : tensor<?xf16>
  %e_f16_3 = tensor.empty(%n) : tensor<?xf16>
  %f16:4 = linalg.generic {indexing_maps = [#id, #id, #id, #id, #id], iterator_types = ["parallel"]}
      ins(%x : tensor<?xf32>) outs(%e_f16_0, %e_f16_1, %e_f16_2, %e_f16_3 : tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>) {
  ^bb0(%v: f32, %o0: f16, %o1: f16, %o2: f16, %o3: f16):
    %t0 = arith.truncf %v downward : f32 to f16
    %t1 = arith.truncf %v upward : f32 to f16
    %t2 = arith.truncf %v toward_zero : f32 to f16
    %t3 = arith.truncf %v to_nearest_away : f32 to f16
    linalg.yield %t0, %t1, %t2, %t3 : f16, f16, f16, f16
  } -> (tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>)
  return %bf16#0, %bf16#1, %bf16#2, %bf16#3, %f16#0, %f16#1, %f16#2, %f16#3 : tensor<?xbf16>, tensor<?xbf16>, tensor<?xbf16>, tensor<?xbf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>
}

func.func @from_f64(%x: tensor<?xf64>) -> (tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xbf16>, tensor<?xbf16>, tensor<?xbf16>, tensor<?xbf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>) {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?xf64>
  %e_f32_0 = tensor.empty(%n) : tensor<?xf32>
  %e_f32_1 = tensor.empty(%n) : tensor<?xf32>
  %e_f32_2 = tensor.empty(%n) : tensor<?xf32>
  %e_f32_3 = tensor.empty(%n) : tensor<?xf32>
  %f32:4 = linalg.generic {indexing_maps = [#id, #id, #id, #id, #id], iterator_types = ["parallel"]}
      ins(%x : tensor<?xf64>) outs(%e_f32_0, %e_f32_1, %e_f32_2, %e_f32_3 : tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>) {
  ^bb0(%v: f64, %o0: f32, %o1: f32, %o2: f32, %o3: f32):
    %t0 = arith.truncf %v downward : f64 to f32
    %t1 = arith.truncf %v upward : f64 to f32
    %t2 = arith.truncf %v toward_zero : f64 to f32
    %t3 = arith.truncf %v to_nearest_away : f64 to f32
    linalg.yield %t0, %t1, %t2, %t3 : f32, f32, f32, f32
  } -> (tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>)
  %e_bf16_0 = tensor.empty(%n) : tensor<?xbf16>
  %e_bf16_1 = tensor.empty(%n) : tensor<?xbf16>
  %e_bf16_2 = tensor.empty(%n) : tensor<?xbf16>
  %e_bf16_3 = tensor.empty(%n) : tensor<?xbf16>
  %bf16:4 = linalg.generic {indexing_maps = [#id, #id, #id, #id, #id], iterator_types = ["parallel"]}
      ins(%x : tensor<?xf64>) outs(%e_bf16_0, %e_bf16_1, %e_bf16_2, %e_bf16_3 : tensor<?xbf16>, tensor<?xbf16>, tensor<?xbf16>, tensor<?xbf16>) {
  ^bb0(%v: f64, %o0: bf16, %o1: bf16, %o2: bf16, %o3: bf16):
    %t0 = arith.truncf %v downward : f64 to bf16
    %t1 = arith.truncf %v upward : f64 to bf16
    %t2 = arith.truncf %v toward_zero : f64 to bf16
    %t3 = arith.truncf %v to_nearest_away : f64 to bf16
    linalg.yield %t0, %t1, %t2, %t3 : bf16, bf16, bf16, bf16
  } -> (tensor<?xbf16>, tensor<?xbf16>, tensor<?xbf16>, tensor<?xbf16>)
  %e_f16_0 = tensor.empty(%n) : tensor<?xf16>
  %e_f16_1 = tensor.empty(%n) : tensor<?xf16>
  %e_f16_2 = tensor.empty(%n) : tensor<?xf16>
  %e_f16_3 = tensor.empty(%n) : tensor<?xf16>
  %f16:4 = linalg.generic {indexing_maps = [#id, #id, #id, #id, #id], iterator_types = ["parallel"]}
      ins(%x : tensor<?xf64>) outs(%e_f16_0, %e_f16_1, %e_f16_2, %e_f16_3 : tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>) {
  ^bb0(%v: f64, %o0: f16, %o1: f16, %o2: f16, %o3: f16):
    %t0 = arith.truncf %v downward : f64 to f16
    %t1 = arith.truncf %v upward : f64 to f16
    %t2 = arith.truncf %v toward_zero : f64 to f16
    %t3 = arith.truncf %v to_nearest_away : f64 to f16
    linalg.yield %t0, %t1, %t2, %t3 : f16, f16, f16, f16
  } -> (tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>)
  return %f32#0, %f32#1, %f32#2, %f32#3, %bf16#0, %bf16#1, %bf16#2, %bf16#3, %f16#0, %f16#1, %f16#2, %f16#3 : tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xbf16>, tensor<?xbf16>, tensor<?xbf16>, tensor<?xbf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>
}

// -----

func.func @nearest_even(%x: f32) -> bf16 {
  %t = arith.truncf %x to_nearest_even : f32 to bf16
  return %t : bf16
}
