// RFC 8 layout cost, static and dynamic, on the same program: the pack and
// unpack in the loop body count once in the IR (systile-report-layout) and
// once per iteration when executed (systile-run --stats); relayouts count
// the storage bytes they write, free ones nothing.
//
// RUN: systile-opt %s --systile-report-layout -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATIC
// RUN: %python %S/../Inputs/npy_tool.py %t.a.npy i32 2x2 1,2,3,4
// RUN: systile-run %s --input %t.a.npy --stats | FileCheck %s
//
// Relayouts (a function without loops, so both tools print the same line):
// RUN: systile-opt %s --systile-report-layout -o /dev/null 2>&1 | grep -o 'layout: .*' | sed -n 2p > %t.static
// RUN: %python %S/../Inputs/npy_tool.py %t.r.npy f32 2x4x3 1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24
// RUN: systile-run %s --entry relayouts --input %t.r.npy --stats | grep -o '^layout: .*' > %t.run
// RUN: diff %t.static %t.run
// RUN: FileCheck %s --check-prefix=RELAYOUT < %t.run

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

// Two 4x3 f32 matrices on 2x4 tiles: the pack writes 2 * 4x4 slots = 128
// bytes. merge_rows to 8x3 is free (4 rows are whole 2-row tiles); the
// transpose to 3x8 writes 4x8 slots = 128 bytes; split_heads to 4 heads of
// 3x2 writes 4 * 4x4 slots = 256 bytes; the batch reshape is free; the
// unpack reads 24 logical elements = 96 bytes.
// RELAYOUT: layout: packs=1 unpacks=1 packed_bytes=128 unpacked_bytes=96 relayouts=2 relayout_bytes=384{{$}}
func.func @relayouts(%a: tensor<2x4x3xf32>) -> tensor<2x2x3x2xf32> {
  %t = systile.pack %a : tensor<2x4x3xf32> -> !systile.tiled<2x4x3xf32, #systile.geometry<2x4, mxu = 4>>
  %m = systile.merge_rows %t : !systile.tiled<2x4x3xf32, #systile.geometry<2x4, mxu = 4>> -> !systile.tiled<8x3xf32, #systile.geometry<2x4, mxu = 4>>
  %x = systile.transpose %m : !systile.tiled<8x3xf32, #systile.geometry<2x4, mxu = 4>> -> !systile.tiled<3x8xf32, #systile.geometry<2x4, mxu = 4>>
  %h = systile.split_heads %x : !systile.tiled<3x8xf32, #systile.geometry<2x4, mxu = 4>> -> !systile.tiled<4x3x2xf32, #systile.geometry<2x4, mxu = 4>>
  %r = systile.reshape_batch %h : !systile.tiled<4x3x2xf32, #systile.geometry<2x4, mxu = 4>> -> !systile.tiled<2x2x3x2xf32, #systile.geometry<2x4, mxu = 4>>
  %u = systile.unpack %r : !systile.tiled<2x2x3x2xf32, #systile.geometry<2x4, mxu = 4>> -> tensor<2x2x3x2xf32>
  return %u : tensor<2x2x3x2xf32>
}
