// RUN: systile-opt %s -split-input-file -verify-diagnostics -allow-unregistered-dialect

// One case per diagnostic of systile.splat, systile.broadcast,
// systile.elementwise and systile.yield.

func.func @splat_type(%v: f32) {
  // expected-error @below {{'systile.splat' op failed to verify that value type is the result's element type}}
  %0 = "systile.splat"(%v) : (f32) -> !systile.tiled<3x5xi32>
  return
}

// -----

func.func @broadcast_dim(%v: !systile.tiled<1x5xf32>) {
  // expected-error @below {{dim must be in [0, 2) (0: repeat a 1xN row down the rows, 1: an Mx1 column along the columns), got 2}}
  %0 = systile.broadcast %v dim = 2 : !systile.tiled<1x5xf32> -> !systile.tiled<3x5xf32>
  return
}

// -----

func.func @broadcast_batch_dim(%v: !systile.tiled<2x1x5xf32>) {
  // expected-error @below {{dim must be in [0, 3) (1: repeat a 1xN row down the rows, 2: an Mx1 column along the columns, lower: a batch dimension), got -1}}
  %0 = systile.broadcast %v dim = -1 : !systile.tiled<2x1x5xf32> -> !systile.tiled<2x3x5xf32>
  return
}

// -----

func.func @broadcast_rank(%v: !systile.tiled<1x5xf32>) {
  // expected-error @below {{input rank 2 must equal the result rank 3}}
  %0 = systile.broadcast %v dim = 0 : !systile.tiled<1x5xf32> -> !systile.tiled<2x1x5xf32>
  return
}

// -----

func.func @broadcast_batch_not_one(%v: !systile.tiled<2x3x5xf32>) {
  // expected-error @below {{input shape 2x3x5 must have size 1 in dim 0 (the repeated dimension)}}
  %0 = systile.broadcast %v dim = 0 : !systile.tiled<2x3x5xf32> -> !systile.tiled<4x3x5xf32>
  return
}

// -----

func.func @broadcast_batch_other_dim(%v: !systile.tiled<1x3x5xf32>) {
  // expected-error @below {{input shape 1x3x5 and result shape 4x3x6 must agree in dim 2}}
  %0 = systile.broadcast %v dim = 0 : !systile.tiled<1x3x5xf32> -> !systile.tiled<4x3x6xf32>
  return
}

// -----

func.func @broadcast_not_one(%v: !systile.tiled<2x5xf32>) {
  // expected-error @below {{input shape 2x5 must have size 1 in dim 0 (the repeated dimension)}}
  %0 = systile.broadcast %v dim = 0 : !systile.tiled<2x5xf32> -> !systile.tiled<3x5xf32>
  return
}

// -----

func.func @broadcast_other_dim(%v: !systile.tiled<1x4xf32>) {
  // expected-error @below {{input shape 1x4 and result shape 3x5 must agree in dim 1}}
  %0 = systile.broadcast %v dim = 0 : !systile.tiled<1x4xf32> -> !systile.tiled<3x5xf32>
  return
}

// -----

func.func @broadcast_element(%v: !systile.tiled<1x5xf32>) {
  // expected-error @below {{result element type 'i32' must equal the input element type 'f32'}}
  %0 = systile.broadcast %v dim = 0 : !systile.tiled<1x5xf32> -> !systile.tiled<3x5xi32>
  return
}

// -----

func.func @broadcast_geometry(%v: !systile.tiled<1x5xf32>) {
  // expected-error @below {{result geometry #systile.geometry<2x4, mxu = 4> must equal the input geometry #systile.geometry<8x128, mxu = 128>}}
  %0 = systile.broadcast %v dim = 0 : !systile.tiled<1x5xf32> -> !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>
  return
}

// -----

func.func @elementwise_no_inputs() {
  // expected-error @below {{needs at least one input (use systile.splat for a value that depends on no input)}}
  %0 = "systile.elementwise"() ({
  ^bb0:
    %c = arith.constant 1.0 : f32
    systile.yield %c : f32
  }) : () -> !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>
  return
}

// -----

func.func @elementwise_shape(%x: !systile.tiled<3x4xf32, #systile.geometry<2x4, mxu = 4>>) {
  // expected-error @below {{input #0 has logical shape 3x4, which does not broadcast to the result's 3x5: aligned on the right, each dimension must equal the result's or be 1}}
  %0 = systile.elementwise ins(%x : !systile.tiled<3x4xf32, #systile.geometry<2x4, mxu = 4>>) -> !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>> {
  ^bb0(%a: f32):
    systile.yield %a : f32
  }
  return
}

// -----

// A row of the wrong length: 1x4 repeats down the rows of a 3x4, not a 3x5.
func.func @elementwise_row_length(%x: !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>, %b: !systile.tiled<1x4xf32, #systile.geometry<2x4, mxu = 4>>) {
  // expected-error @below {{input #1 has logical shape 1x4, which does not broadcast to the result's 3x5: aligned on the right, each dimension must equal the result's or be 1}}
  %0 = systile.elementwise ins(%x, %b : !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>, !systile.tiled<1x4xf32, #systile.geometry<2x4, mxu = 4>>) -> !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>> {
  ^bb0(%a: f32, %c: f32):
    %s = arith.addf %a, %c : f32
    systile.yield %s : f32
  }
  return
}

// -----

// A unit dimension of the result does not broadcast to a larger input.
func.func @elementwise_input_larger(%x: !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>) {
  // expected-error @below {{input #0 has logical shape 3x5, which does not broadcast to the result's 1x5: aligned on the right, each dimension must equal the result's or be 1}}
  %0 = systile.elementwise ins(%x : !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>) -> !systile.tiled<1x5xf32, #systile.geometry<2x4, mxu = 4>> {
  ^bb0(%a: f32):
    systile.yield %a : f32
  }
  return
}

// -----

// A broadcast column still needs the result's geometry.
func.func @elementwise_column_geometry(%x: !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>, %c: !systile.tiled<3x1xf32>) {
  // expected-error @below {{input #1 has geometry #systile.geometry<8x128, mxu = 128> but the result has #systile.geometry<2x4, mxu = 4>}}
  %0 = systile.elementwise ins(%x, %c : !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>, !systile.tiled<3x1xf32>) -> !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>> {
  ^bb0(%a: f32, %d: f32):
    %s = arith.subf %a, %d : f32
    systile.yield %s : f32
  }
  return
}

// -----

func.func @elementwise_geometry(%x: !systile.tiled<3x5xf32>) {
  // expected-error @below {{input #0 has geometry #systile.geometry<8x128, mxu = 128> but the result has #systile.geometry<2x4, mxu = 4>}}
  %0 = systile.elementwise ins(%x : !systile.tiled<3x5xf32>) -> !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>> {
  ^bb0(%a: f32):
    systile.yield %a : f32
  }
  return
}

// -----

func.func @elementwise_arity(%x: !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>) {
  // expected-error @below {{region has 2 arguments but the op has 1 inputs; expected one per input}}
  %0 = systile.elementwise ins(%x : !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>) -> !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>> {
  ^bb0(%a: f32, %b: f32):
    systile.yield %a : f32
  }
  return
}

// -----

func.func @elementwise_arg_type(%x: !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>) {
  // expected-error @below {{region argument #0 has type 'i32' but input #0 has element type 'f32'}}
  %0 = systile.elementwise ins(%x : !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>) -> !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>> {
  ^bb0(%a: i32):
    %f = arith.sitofp %a : i32 to f32
    systile.yield %f : f32
  }
  return
}

// -----

func.func @elementwise_yield_type(%x: !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>) {
  // expected-error @below {{region yields 'f32' but the result element type is 'bf16'}}
  %0 = systile.elementwise ins(%x : !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>) -> !systile.tiled<3x5xbf16, #systile.geometry<2x4, mxu = 4>> {
  ^bb0(%a: f32):
    systile.yield %a : f32
  }
  return
}

// -----

func.func @elementwise_terminator(%x: !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>) {
  // expected-error @below {{region must end with systile.yield}}
  %0 = "systile.elementwise"(%x) ({
  ^bb0(%a: f32):
    "test.terminator"() : () -> ()
  }) : (!systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>) -> !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>
  return
}

// -----

func.func @elementwise_isolated(%x: !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>, %v: f32) {
  // expected-note @below {{required by region isolation constraints}}
  %0 = systile.elementwise ins(%x : !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>) -> !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>> {
  ^bb0(%a: f32):
    // expected-error @below {{using value defined outside the region}}
    %s = arith.addf %a, %v : f32
    systile.yield %s : f32
  }
  return
}

// -----

func.func @yield_parent(%v: f32) {
  // expected-error @below {{'systile.yield' op expects parent op 'systile.elementwise'}}
  systile.yield %v : f32
}
