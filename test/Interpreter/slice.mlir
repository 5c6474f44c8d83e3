// systile.slice on batched tiled values (2x4 tiles: 5-row and 12-column
// matrices pad in both dimensions) against boxes numpy cuts
// (Inputs/slice_ref.py), bit for bit, with the layout figures by hand.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/slice_ref.py %t
// RUN: systile-run %s --entry slices --input %t/x.npy --expect %t/cols.npy --expect %t/box.npy --expect %t/batch.npy --stats --quiet | FileCheck %s
//
// The same boxes as tensor.extract_slice of an unpacked value, as they are
// and once systile-propagate-layout made them systile.slice:
// RUN: systile-run %s --entry dense --input %t/x.npy --expect %t/cols.npy --expect %t/key.npy --stats --quiet | FileCheck %s --check-prefix=DENSE
// RUN: systile-opt %s --systile-propagate-layout -o %t/propagated.mlir
// RUN: FileCheck %s --check-prefix=PROPAGATED < %t/propagated.mlir
// RUN: systile-run %t/propagated.mlir --entry dense --input %t/x.npy --expect %t/cols.npy --expect %t/key.npy --stats --quiet | FileCheck %s --check-prefix=TILED

#g = #systile.geometry<2x4, mxu = 4>

// Two copies: cols, 3 matrices of 6x4 padded slots (288 bytes), and box,
// 2 of 4x8 (256 bytes); the batch slice is free and not counted.
// CHECK: layout: packs=1 unpacks=3 {{.*}} relayouts=2 relayout_bytes=544
// CHECK: expect: result #0 matches {{.*}}cols.npy (0 of 60 elements differ, max ulp 0)
// CHECK: expect: result #1 matches {{.*}}box.npy (0 of 36 elements differ, max ulp 0)
// CHECK: expect: result #2 matches {{.*}}batch.npy (0 of 120 elements differ, max ulp 0)
func.func @slices(%x: tensor<3x5x12xf32>)
    -> (tensor<3x5x4xf32>, tensor<2x3x6xf32>, tensor<2x5x12xf32>) {
  %t = systile.pack %x : tensor<3x5x12xf32> -> !systile.tiled<3x5x12xf32, #g>
  %c = systile.slice %t offsets [0, 0, 4] : !systile.tiled<3x5x12xf32, #g> -> !systile.tiled<3x5x4xf32, #g>
  %b = systile.slice %t offsets [1, 1, 3] : !systile.tiled<3x5x12xf32, #g> -> !systile.tiled<2x3x6xf32, #g>
  %m = systile.slice %t offsets [1, 0, 0] : !systile.tiled<3x5x12xf32, #g> -> !systile.tiled<2x5x12xf32, #g>
  %uc = systile.unpack %c : !systile.tiled<3x5x4xf32, #g> -> tensor<3x5x4xf32>
  %ub = systile.unpack %b : !systile.tiled<2x3x6xf32, #g> -> tensor<2x3x6xf32>
  %um = systile.unpack %m : !systile.tiled<2x5x12xf32, #g> -> tensor<2x5x12xf32>
  return %uc, %ub, %um : tensor<3x5x4xf32>, tensor<2x3x6xf32>, tensor<2x5x12xf32>
}

// DENSE: layout: {{.*}} relayouts=0 relayout_bytes=0
// DENSE: expect: result #0 matches {{.*}}cols.npy (0 of 60 elements differ, max ulp 0)
// DENSE: expect: result #1 matches {{.*}}key.npy (0 of 60 elements differ, max ulp 0)
// PROPAGATED-LABEL: func.func @dense
// PROPAGATED: systile.slice %{{.*}} offsets [0, 0, 4] : !systile.tiled<3x5x12xf32, #systile.geometry<2x4, mxu = 4>> -> !systile.tiled<3x5x4xf32, #systile.geometry<2x4, mxu = 4>>
// PROPAGATED: systile.slice %{{.*}} offsets [0, 0, 8]
// PROPAGATED-NOT: tensor.extract_slice
// Each 3 matrices of 6x4 padded slots: 2 x 288 bytes.
// TILED: layout: {{.*}} relayouts=2 relayout_bytes=576
// TILED: expect: result #0 matches {{.*}}cols.npy (0 of 60 elements differ, max ulp 0)
// TILED: expect: result #1 matches {{.*}}key.npy (0 of 60 elements differ, max ulp 0)
func.func @dense(%x: tensor<3x5x12xf32>) -> (tensor<3x5x4xf32>, tensor<3x5x4xf32>) {
  %t = systile.pack %x : tensor<3x5x12xf32> -> !systile.tiled<3x5x12xf32, #g>
  %d = systile.unpack %t : !systile.tiled<3x5x12xf32, #g> -> tensor<3x5x12xf32>
  %q = tensor.extract_slice %d[0, 0, 4] [3, 5, 4] [1, 1, 1] : tensor<3x5x12xf32> to tensor<3x5x4xf32>
  %k = tensor.extract_slice %d[0, 0, 8] [3, 5, 4] [1, 1, 1] : tensor<3x5x12xf32> to tensor<3x5x4xf32>
  return %q, %k : tensor<3x5x4xf32>, tensor<3x5x4xf32>
}
