// The relayout ops executed on batched tiled values (2x4 tiles: 5-row and
// odd-column matrices pad in both dimensions), against the dense
// permutations numpy computes (Inputs/relayout_ref.py), bit for bit.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/relayout_ref.py %t
// RUN: systile-run %s --entry heads --input %t/x.npy --input %t/h.npy --expect %t/split_heads.npy --expect %t/merge_heads.npy --expect %t/round_trip.npy | FileCheck %s --check-prefix=HEADS
// RUN: systile-run %s --entry transpose --input %t/k.npy --expect %t/transposed.npy | FileCheck %s --check-prefix=TRANSPOSE
// RUN: systile-run %s --entry rows --input %t/r4.npy --input %t/r5.npy --expect %t/merged4.npy --expect %t/merged5.npy --expect %t/split4.npy --expect %t/split6.npy --expect %t/batch6.npy | FileCheck %s --check-prefix=ROWS
// RUN: systile-run %s --entry reshape --input %t/img.npy --input %t/r5.npy --expect %t/flat.npy --expect %t/col.npy --expect %t/back.npy --expect %t/rebatch.npy --stats | FileCheck %s --check-prefix=RESHAPE
//
// The same permutation as dense ops of an unpacked value gives the same bits
// as it is and once systile-propagate-layout made it a relayout op (the
// split back and forth then folds away):
// RUN: systile-run %s --entry dense_heads --input %t/x.npy --expect %t/split_heads.npy --expect %t/round_trip.npy --stats | FileCheck %s --check-prefix=DENSE
// RUN: systile-opt %s --systile-propagate-layout -o %t/propagated.mlir
// RUN: FileCheck %s --check-prefix=PROPAGATED < %t/propagated.mlir
// RUN: systile-run %t/propagated.mlir --entry dense_heads --input %t/x.npy --expect %t/split_heads.npy --expect %t/round_trip.npy --stats | FileCheck %s --check-prefix=TILED

#g = #systile.geometry<2x4, mxu = 4>

// HEADS: expect: result #0 matches {{.*}}split_heads.npy (0 of 120 elements differ, max ulp 0)
// HEADS: expect: result #1 matches {{.*}}merge_heads.npy (0 of 120 elements differ, max ulp 0)
// HEADS: expect: result #2 matches {{.*}}round_trip.npy (0 of 120 elements differ, max ulp 0)
func.func @heads(%x: tensor<2x5x12xf32>, %h: tensor<2x3x5x4xf32>)
    -> (tensor<2x3x5x4xf32>, tensor<2x5x12xf32>, tensor<2x5x12xf32>) {
  %tx = systile.pack %x : tensor<2x5x12xf32> -> !systile.tiled<2x5x12xf32, #g>
  %s = systile.split_heads %tx : !systile.tiled<2x5x12xf32, #g> -> !systile.tiled<2x3x5x4xf32, #g>
  %th = systile.pack %h : tensor<2x3x5x4xf32> -> !systile.tiled<2x3x5x4xf32, #g>
  %m = systile.merge_heads %th : !systile.tiled<2x3x5x4xf32, #g> -> !systile.tiled<2x5x12xf32, #g>
  %back = systile.merge_heads %s : !systile.tiled<2x3x5x4xf32, #g> -> !systile.tiled<2x5x12xf32, #g>
  %us = systile.unpack %s : !systile.tiled<2x3x5x4xf32, #g> -> tensor<2x3x5x4xf32>
  %um = systile.unpack %m : !systile.tiled<2x5x12xf32, #g> -> tensor<2x5x12xf32>
  %ub = systile.unpack %back : !systile.tiled<2x5x12xf32, #g> -> tensor<2x5x12xf32>
  return %us, %um, %ub : tensor<2x3x5x4xf32>, tensor<2x5x12xf32>, tensor<2x5x12xf32>
}

// Three copies (the flatten, the column, the way back); the batch-only
// reshape is free and not counted.
// RESHAPE: layout: packs=2 unpacks=4 {{.*}} relayouts=3 
// RESHAPE: expect: result #0 matches {{.*}}flat.npy (0 of 90 elements differ, max ulp 0)
// RESHAPE: expect: result #1 matches {{.*}}col.npy (0 of 90 elements differ, max ulp 0)
// RESHAPE: expect: result #2 matches {{.*}}back.npy (0 of 90 elements differ, max ulp 0)
// RESHAPE: expect: result #3 matches {{.*}}rebatch.npy (0 of 120 elements differ, max ulp 0)
func.func @reshape(%img: tensor<18x5xf32>, %r5: tensor<2x3x5x4xf32>)
    -> (tensor<2x45xf32>, tensor<2x45x1xf32>, tensor<18x5xf32>, tensor<3x2x5x4xf32>) {
  %t = systile.pack %img : tensor<18x5xf32> -> !systile.tiled<18x5xf32, #g>
  %f = systile.reshape %t : !systile.tiled<18x5xf32, #g> -> !systile.tiled<2x45xf32, #g>
  %c = systile.reshape %t : !systile.tiled<18x5xf32, #g> -> !systile.tiled<2x45x1xf32, #g>
  %b = systile.reshape %f : !systile.tiled<2x45xf32, #g> -> !systile.tiled<18x5xf32, #g>
  %tr = systile.pack %r5 : tensor<2x3x5x4xf32> -> !systile.tiled<2x3x5x4xf32, #g>
  %rb = systile.reshape %tr : !systile.tiled<2x3x5x4xf32, #g> -> !systile.tiled<3x2x5x4xf32, #g>
  %uf = systile.unpack %f : !systile.tiled<2x45xf32, #g> -> tensor<2x45xf32>
  %uc = systile.unpack %c : !systile.tiled<2x45x1xf32, #g> -> tensor<2x45x1xf32>
  %ub = systile.unpack %b : !systile.tiled<18x5xf32, #g> -> tensor<18x5xf32>
  %ur = systile.unpack %rb : !systile.tiled<3x2x5x4xf32, #g> -> tensor<3x2x5x4xf32>
  return %uf, %uc, %ub, %ur : tensor<2x45xf32>, tensor<2x45x1xf32>, tensor<18x5xf32>, tensor<3x2x5x4xf32>
}

// TRANSPOSE: expect: result #0 matches {{.*}}transposed.npy (0 of 210 elements differ, max ulp 0)
func.func @transpose(%k: tensor<2x3x5x7xi32>) -> tensor<2x3x7x5xi32> {
  %t = systile.pack %k : tensor<2x3x5x7xi32> -> !systile.tiled<2x3x5x7xi32, #g>
  %r = systile.transpose %t : !systile.tiled<2x3x5x7xi32, #g> -> !systile.tiled<2x3x7x5xi32, #g>
  %u = systile.unpack %r : !systile.tiled<2x3x7x5xi32, #g> -> tensor<2x3x7x5xi32>
  return %u : tensor<2x3x7x5xi32>
}

// Free relayouts of a value used again (%m4: its storage is copied) and of
// a last use (%m5's batch reshape: its storage is taken over), and copies.
// ROWS: expect: result #0 matches {{.*}}merged4.npy (0 of 96 elements differ, max ulp 0)
// ROWS: expect: result #1 matches {{.*}}merged5.npy (0 of 120 elements differ, max ulp 0)
// ROWS: expect: result #2 matches {{.*}}split4.npy (0 of 96 elements differ, max ulp 0)
// ROWS: expect: result #3 matches {{.*}}split6.npy (0 of 96 elements differ, max ulp 0)
// ROWS: expect: result #4 matches {{.*}}batch6.npy (0 of 120 elements differ, max ulp 0)
func.func @rows(%r4: tensor<2x3x4x4xf32>, %r5: tensor<2x3x5x4xf32>)
    -> (tensor<2x12x4xf32>, tensor<2x15x4xf32>, tensor<2x3x4x4xf32>, tensor<2x2x6x4xf32>, tensor<6x5x4xf32>) {
  %t4 = systile.pack %r4 : tensor<2x3x4x4xf32> -> !systile.tiled<2x3x4x4xf32, #g>
  %t5 = systile.pack %r5 : tensor<2x3x5x4xf32> -> !systile.tiled<2x3x5x4xf32, #g>
  %m4 = systile.merge_rows %t4 : !systile.tiled<2x3x4x4xf32, #g> -> !systile.tiled<2x12x4xf32, #g>
  %m5 = systile.merge_rows %t5 : !systile.tiled<2x3x5x4xf32, #g> -> !systile.tiled<2x15x4xf32, #g>
  %s4 = systile.split_rows %m4 : !systile.tiled<2x12x4xf32, #g> -> !systile.tiled<2x3x4x4xf32, #g>
  %s6 = systile.split_rows %m4 : !systile.tiled<2x12x4xf32, #g> -> !systile.tiled<2x2x6x4xf32, #g>
  %b6 = systile.reshape_batch %t5 : !systile.tiled<2x3x5x4xf32, #g> -> !systile.tiled<6x5x4xf32, #g>
  %u0 = systile.unpack %m4 : !systile.tiled<2x12x4xf32, #g> -> tensor<2x12x4xf32>
  %u1 = systile.unpack %m5 : !systile.tiled<2x15x4xf32, #g> -> tensor<2x15x4xf32>
  %u2 = systile.unpack %s4 : !systile.tiled<2x3x4x4xf32, #g> -> tensor<2x3x4x4xf32>
  %u3 = systile.unpack %s6 : !systile.tiled<2x2x6x4xf32, #g> -> tensor<2x2x6x4xf32>
  %u4 = systile.unpack %b6 : !systile.tiled<6x5x4xf32, #g> -> tensor<6x5x4xf32>
  return %u0, %u1, %u2, %u3, %u4 : tensor<2x12x4xf32>, tensor<2x15x4xf32>, tensor<2x3x4x4xf32>, tensor<2x2x6x4xf32>, tensor<6x5x4xf32>
}

// DENSE: layout: packs=2 unpacks=2 packed_bytes=1152 unpacked_bytes=960 relayouts=0 relayout_bytes=0
// DENSE: expect: result #0 matches {{.*}}split_heads.npy (0 of 120 elements differ, max ulp 0)
// DENSE: expect: result #1 matches {{.*}}round_trip.npy (0 of 120 elements differ, max ulp 0)
// PROPAGATED-LABEL: func.func @dense_heads
// PROPAGATED: %[[T:.*]] = systile.pack
// PROPAGATED: %[[S:.*]] = systile.split_heads %[[T]]
// PROPAGATED-NOT: systile.merge_heads
// PROPAGATED-NOT: linalg.transpose
// PROPAGATED: return
// The split [2, 3, 5, 4] writes 6 matrices of 6x4 padded slots: 576 bytes;
// the round trip folds to %x itself (unpack(pack(%x))): one unpack.
// TILED: layout: packs=1 unpacks=1 packed_bytes=576 unpacked_bytes=480 relayouts=1 relayout_bytes=576
// TILED: expect: result #0 matches {{.*}}split_heads.npy (0 of 120 elements differ, max ulp 0)
// TILED: expect: result #1 matches {{.*}}round_trip.npy (0 of 120 elements differ, max ulp 0)
func.func @dense_heads(%x: tensor<2x5x12xf32>) -> (tensor<2x3x5x4xf32>, tensor<2x5x12xf32>) {
  %tx = systile.pack %x : tensor<2x5x12xf32> -> !systile.tiled<2x5x12xf32, #g>
  %d = systile.unpack %tx : !systile.tiled<2x5x12xf32, #g> -> tensor<2x5x12xf32>
  %expanded = tensor.expand_shape %d [[0], [1], [2, 3]] output_shape [2, 5, 3, 4] : tensor<2x5x12xf32> into tensor<2x5x3x4xf32>
  %0 = tensor.empty() : tensor<2x3x5x4xf32>
  %heads = linalg.transpose ins(%expanded : tensor<2x5x3x4xf32>) outs(%0 : tensor<2x3x5x4xf32>) permutation = [0, 2, 1, 3]
  %th = systile.pack %heads : tensor<2x3x5x4xf32> -> !systile.tiled<2x3x5x4xf32, #g>
  %dh = systile.unpack %th : !systile.tiled<2x3x5x4xf32, #g> -> tensor<2x3x5x4xf32>
  %1 = tensor.empty() : tensor<2x5x3x4xf32>
  %back = linalg.transpose ins(%dh : tensor<2x3x5x4xf32>) outs(%1 : tensor<2x5x3x4xf32>) permutation = [0, 2, 1, 3]
  %merged = tensor.collapse_shape %back [[0], [1], [2, 3]] : tensor<2x5x3x4xf32> into tensor<2x5x12xf32>
  return %dh, %merged : tensor<2x3x5x4xf32>, tensor<2x5x12xf32>
}
