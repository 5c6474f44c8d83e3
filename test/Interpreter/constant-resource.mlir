// systile.constant with a dense_resource value executes like a dense<> one.
// From bytecode, systile-run uses the mapped file's blob in place (the 1 GiB
// peak-RSS check is bench/interpreter/run_constant_rss.sh); from stdin the
// bytecode is read into an aligned buffer. The blob is the 3x5 matrix 1..15
// in storage order on 2x4 tiles (tiles (0,0), (0,1), (1,0), (1,1), each 2x4
// row-major; zero padding), after its alignment prefix (0x40000000 = 64).
//
// RUN: systile-run %s --entry sums | FileCheck %s
// RUN: systile-opt %s --emit-bytecode -o %t.mlirbc
// RUN: systile-run %t.mlirbc --entry sums | FileCheck %s
// RUN: systile-run - --entry sums < %t.mlirbc | FileCheck %s
// RUN: %python %S/Inputs/expect_exit.py 1 systile-run %s --entry absent | FileCheck %s --check-prefix=ABSENT
// RUN: %python %S/Inputs/expect_exit.py 1 systile-run %t.mlirbc --entry absent | FileCheck %s --check-prefix=ABSENT

#g = #systile.geometry<2x4, mxu = 4>

// Row sums by hand: 1+2+3+4+5 = 15, 6+...+10 = 40, 11+...+15 = 65. The
// constant is used twice (a loop-free reuse of the one borrowed matrix).
// CHECK: result #0: tensor<3x5xf32> = {{\[\[}}1, 2, 3, 4, 5], [6, 7, 8, 9, 10], [11, 12, 13, 14, 15]]
// CHECK: result #1: !systile.tiled<3x1xf32, #systile.geometry<2x4, mxu = 4>> = {{\[\[}}15], [40], [65]]
func.func @sums() -> (tensor<3x5xf32>, !systile.tiled<3x1xf32, #g>) {
  %c = systile.constant dense_resource<m3x5> : tensor<32xf32> -> !systile.tiled<3x5xf32, #g>
  %d = systile.unpack %c : !systile.tiled<3x5xf32, #g> -> tensor<3x5xf32>
  %s = systile.reduce <sum> %c dim = 1 : !systile.tiled<3x5xf32, #g> -> !systile.tiled<3x1xf32, #g>
  return %d, %s : tensor<3x5xf32>, !systile.tiled<3x1xf32, #g>
}

// A blob that is not there verifies but cannot run.
// ABSENT: error: 'systile.constant': its dense_resource 'absent' has no data (elided or not loaded)
func.func @absent() -> !systile.tiled<1x3xf32, #g> {
  %w = systile.constant dense_resource<absent> : tensor<8xf32> -> !systile.tiled<1x3xf32, #g>
  return %w : !systile.tiled<1x3xf32, #g>
}

{-#
  dialect_resources: {
    builtin: {
      m3x5: "0x400000000000803F0000004000004040000080400000C0400000E04000000041000010410000A0400000000000000000000000000000204100000000000000000000000000003041000040410000504100006041000000000000000000000000000000000000704100000000000000000000000000000000000000000000000000000000"
    }
  }
#-}
