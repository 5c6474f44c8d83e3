// systile-lower-to-llvm frees each buffer after its last use
// (systile-free-after-last-use: upstream's optimize-allocation-liveness
// where every alias is known, after the deallocation pipeline, which
// frees every buffer at the end of its block). A chain of
// element-wise ops then holds two buffers at a time, not all of them, and
// each new buffer can reuse the memory (and the cache lines) of the one
// just freed. The results are the same in both modes.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: systile-opt %s --systile-lower-to-llvm --mlir-print-ir-after=systile-free-after-last-use -o /dev/null 2> %t/ir.mlir
// RUN: FileCheck %s < %t/ir.mlir
// RUN: FileCheck %s --check-prefix=T < %t/ir.mlir
// RUN: %python -c "import numpy as np; x = np.arange(16 * 256, dtype='<f4').reshape(16, 256) - 2000; np.save('%t/x.npy', x); np.save('%t/want.npy', np.abs(2 * x)); t = np.arange(32, dtype='<f4').reshape(4, 8) - 9; np.save('%t/t.npy', t); np.save('%t/want_t.npy', np.ascontiguousarray(((t + t).T) ** 2))"
// RUN: systile-run %s --entry chain --input %t/x.npy --expect %t/want.npy | FileCheck %s --check-prefix=EXEC
// RUN: systile-run %s --entry chain --compile --input %t/x.npy --expect %t/want.npy | FileCheck %s --check-prefix=EXEC
// RUN: systile-run %s --entry transposed --compile --input %t/t.npy --expect %t/want_t.npy | FileCheck %s --check-prefix=EXEC-T

// CHECK-LABEL: func.func @chain
// CHECK: %[[PACKED:.*]] = memref.alloc() {{.*}} : memref<4096xf32>
// CHECK: call @systile_pack_f32
// CHECK: %[[A:.*]] = memref.alloc() {{.*}} : memref<4096xf32>
// CHECK: scf.for
// CHECK: memref.load %[[PACKED]]
// CHECK: memref.store {{.*}}, %[[A]]
// CHECK: memref.dealloc %[[PACKED]]
// CHECK-NEXT: %[[B:.*]] = memref.alloc() {{.*}} : memref<4096xf32>
// CHECK: memref.load %[[A]]
// CHECK: memref.store {{.*}}, %[[B]]
// CHECK: memref.dealloc %[[A]]
// CHECK-NEXT: %[[C:.*]] = memref.alloc() {{.*}} : memref<4096xf32>
// CHECK: memref.load %[[B]]
// CHECK: memref.store {{.*}}, %[[C]]
// CHECK: memref.dealloc %[[B]]
// CHECK: call @systile_unpack_f32
// CHECK: memref.dealloc %[[C]]
// CHECK: return

// EXEC: expect: result #0 matches {{.*}}want.npy (0 of 4096 elements differ, max ulp 0)
func.func @chain(%x: tensor<16x256xf32>) -> tensor<16x256xf32> {
  %t = systile.pack %x : tensor<16x256xf32> -> !systile.tiled<16x256xf32>
  %a = systile.elementwise ins(%t : !systile.tiled<16x256xf32>) -> !systile.tiled<16x256xf32> {
  ^bb0(%v: f32):
    %two = arith.constant 2.0 : f32
    %d = arith.mulf %v, %two : f32
    systile.yield %d : f32
  }
  %b = systile.elementwise ins(%a : !systile.tiled<16x256xf32>) -> !systile.tiled<16x256xf32> {
  ^bb0(%v: f32):
    %n = arith.negf %v : f32
    systile.yield %n : f32
  }
  %c = systile.elementwise ins(%b : !systile.tiled<16x256xf32>) -> !systile.tiled<16x256xf32> {
  ^bb0(%v: f32):
    %m = math.absf %v : f32
    systile.yield %m : f32
  }
  %y = systile.unpack %c : !systile.tiled<16x256xf32> -> tensor<16x256xf32>
  return %y : tensor<16x256xf32>
}

// A memref.transpose makes a view that MLIR 22's alias analysis does not
// see (it takes its result for a new buffer): in a function with one, the
// deallocs stay where the deallocation pipeline put them, after every use.
// T-LABEL: func.func @transposed
// T: %[[SUM:.*]] = memref.alloc() {{.*}} : memref<4x8xf32>
// T: %[[T:.*]] = memref.transpose %[[SUM]]
// T: linalg.generic {{.*}} ins(%[[T]], %[[T]]
// T: memref.dealloc %[[SUM]]
// T-NEXT: return

// EXEC-T: expect: result #0 matches {{.*}}want_t.npy (0 of 32 elements differ, max ulp 0)
func.func @transposed(%x: tensor<4x8xf32> {bufferization.writable = false}) -> tensor<8x4xf32> {
  %y = arith.addf %x, %x : tensor<4x8xf32>
  %m = bufferization.to_buffer %y : tensor<4x8xf32> to memref<4x8xf32>
  %t = memref.transpose %m (i, j) -> (j, i) : memref<4x8xf32> to memref<8x4xf32, strided<[1, 8]>>
  %z = bufferization.to_tensor %t restrict : memref<8x4xf32, strided<[1, 8]>> to tensor<8x4xf32>
  %w = arith.mulf %z, %z : tensor<8x4xf32>
  return %w : tensor<8x4xf32>
}
