// An unregistered op with a region (it has no dialect) is not a tiled
// region carrier to refuse, and checking for one does not crash; one that
// carries a tiled value is refused like any other.
// RUN: systile-opt %s --allow-unregistered-dialect --split-input-file --systile-expand-unlowered-ops -verify-diagnostics | FileCheck %s

// CHECK-LABEL: func.func @plain
// CHECK: "test.region"
func.func @plain(%x: f32) -> f32 {
  %r = "test.region"(%x) ({
  ^bb0(%a: f32):
    "test.yield"(%a) : (f32) -> ()
  }) : (f32) -> f32
  return %r : f32
}

// -----

func.func @carrier(%x: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %a = systile.pack %x : tensor<2x4xf32> -> !systile.tiled<2x4xf32>
  // expected-error @+1 {{'test.region' op carries a tiled value}}
  %r = "test.region"(%a) ({
  ^bb0(%t: !systile.tiled<2x4xf32>):
    "test.yield"(%t) : (!systile.tiled<2x4xf32>) -> ()
  }) : (!systile.tiled<2x4xf32>) -> !systile.tiled<2x4xf32>
  %u = systile.unpack %r : !systile.tiled<2x4xf32> -> tensor<2x4xf32>
  return %u : tensor<2x4xf32>
}
