// RFC 8 layout cost, static and dynamic, on the same program: the pack and
// unpack in the loop body count once in the IR (systile-report-layout) and
// once per iteration when executed (systile-run --stats).
//
// RUN: systile-opt %s --systile-report-layout -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATIC
// RUN: %python %S/../Inputs/npy_tool.py %t.a.npy i32 2x2 1,2,3,4
// RUN: systile-run %s --input %t.a.npy --stats | FileCheck %s

// 2x2 i32 on 2x4 tiles pads to 2x4: a pack writes 8 * 4 = 32 bytes, an
// unpack reads 2*2 * 4 = 16 bytes. In the IR: two packs and two unpacks.
// STATIC: remark: layout: packs=2 unpacks=2 packed_bytes=64 unpacked_bytes=32
// Executed: the loop body runs 3 times, then one more pair: 4 packs
// (128 bytes) and 4 unpacks (64 bytes). Each iteration doubles: 8x.
// CHECK: result #0: tensor<2x2xi32> = {{\[\[}}8, 16], [24, 32]]
// CHECK: layout: packs=4 unpacks=4 packed_bytes=128 unpacked_bytes=64
func.func @main(%a: tensor<2x2xi32>) -> tensor<2x2xi32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%acc = %a) -> tensor<2x2xi32> {
    %t = systile.pack %acc : tensor<2x2xi32> -> !systile.tiled<2x2xi32, #systile.geometry<2x4, mxu = 4>>
    %d = systile.elementwise ins(%t, %t : !systile.tiled<2x2xi32, #systile.geometry<2x4, mxu = 4>>, !systile.tiled<2x2xi32, #systile.geometry<2x4, mxu = 4>>) -> !systile.tiled<2x2xi32, #systile.geometry<2x4, mxu = 4>> {
    ^bb0(%x: i32, %y: i32):
      %s = arith.addi %x, %y : i32
      systile.yield %s : i32
    }
    %u = systile.unpack %d : !systile.tiled<2x2xi32, #systile.geometry<2x4, mxu = 4>> -> tensor<2x2xi32>
    scf.yield %u : tensor<2x2xi32>
  }
  %p = systile.pack %r : tensor<2x2xi32> -> !systile.tiled<2x2xi32, #systile.geometry<2x4, mxu = 4>>
  %o = systile.unpack %p : !systile.tiled<2x2xi32, #systile.geometry<2x4, mxu = 4>> -> tensor<2x2xi32>
  return %o : tensor<2x2xi32>
}
