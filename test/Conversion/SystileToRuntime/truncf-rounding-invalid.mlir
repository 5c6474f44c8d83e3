// convert-systile-to-runtime lowers a truncf with a rounding mode to a
// call of the runtime, element by element; what it cannot call is an
// error at the op.
//
// RUN: systile-opt %s --split-input-file --convert-systile-to-runtime --verify-diagnostics

func.func @vector(%x: vector<4xf32>) -> vector<4xbf16> {
  // expected-error @+1 {{'arith.truncf' with rounding mode downward from 'vector<4xf32>' to 'vector<4xbf16>' is not supported by the compiled path (scalar f64 or f32 to f32, bf16 or f16 only)}}
  %t = arith.truncf %x downward : vector<4xf32> to vector<4xbf16>
  return %t : vector<4xbf16>
}

// -----

// expected-error @+1 {{the program defines @systile_truncf_f32_bf16, a function of systile's runtime, itself}}
func.func private @systile_truncf_f32_bf16(f32) -> bf16

func.func @clash(%x: f32) -> bf16 {
  %t = arith.truncf %x upward : f32 to bf16
  return %t : bf16
}

// -----

// expected-error @+1 {{the program defines @systile_truncf_f32_bf16, a function of systile's runtime, itself}}
func.func private @systile_truncf_f32_bf16(%x: f32, %m: i32) -> i16 {
  %c = arith.constant 0 : i16
  return %c : i16
}

func.func @body(%x: f32) -> bf16 {
  %t = arith.truncf %x upward : f32 to bf16
  return %t : bf16
}
