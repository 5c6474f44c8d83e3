// Unsigned integers at function boundaries, as StableHLO's legalisation to
// linalg leaves them (jax.jit of a uint8 function, then
// torch-mlir-opt --stablehlo-legalize-to-linalg): the arguments and
// results are ui tensors, cast to signless ones (builtin.
// unrealized_conversion_cast) for arith. Read from '|u1', '<u2', '<u4' and
// '<u8' .npy files, printed unsigned, written back with the same dtypes,
// against numpy's own unsigned arithmetic (Inputs/unsigned_ref.py).
//
// RUN: rm -rf %t && %python %S/Inputs/unsigned_ref.py %t
// RUN: systile-run %s --entry u8 --input %t/x.npy --input %t/y.npy --expect %t/sum.npy --expect %t/quot.npy --expect %t/gt.npy --expect %t/wide.npy --output %t/sum.out.npy --output %t/quot.out.npy | FileCheck %s --check-prefix=U8
// RUN: systile-run %s --entry widths --input %t/a16.npy --input %t/a32.npy --input %t/a64.npy --expect %t/a16p1.npy --expect %t/a32p1.npy --expect %t/a64p1.npy --output %t/a16p1.out.npy --output %t/a32p1.out.npy --output %t/a64p1.out.npy | FileCheck %s --check-prefix=WIDTHS
// RUN: %python %S/Inputs/unsigned_ref.py %t --check %t/sum.out.npy %t/quot.out.npy %t/a16p1.out.npy %t/a32p1.out.npy %t/a64p1.out.npy | FileCheck %s --check-prefix=FILES
// The pipeline leaves the casts and the unsigned boundary as they are.
// RUN: systile-opt %s --systile-pipeline="sublanes=2 lanes=4 mxu=4" -o %t/lowered.mlir
// RUN: systile-run %t/lowered.mlir --entry u8 --input %t/x.npy --input %t/y.npy --expect %t/sum.npy --expect %t/quot.npy --expect %t/gt.npy --expect %t/wide.npy | FileCheck %s --check-prefix=U8
// A signed .npy for an unsigned argument is read as its bits; a float one
// is refused, naming the unsigned dtype.
// RUN: systile-run %s --entry u8 --input %t/x_signed.npy --input %t/y.npy --expect %t/sum.npy --expect %t/quot.npy --expect %t/gt.npy --expect %t/wide.npy | FileCheck %s --check-prefix=U8
// RUN: not systile-run %s --entry u8 --input %t/wide.npy --input %t/y.npy 2>&1 | FileCheck %s --check-prefix=FLOAT
// A cast that changes the width has no run-time meaning.
// RUN: not systile-run %s --entry bad_cast 2>&1 | FileCheck %s --check-prefix=CAST
//
// U8: result #0: tensor<6xui8> = [4, 8, 14, 129, 254, 9]
// U8: result #1: tensor<6xui8> = [25, 0, 1, 128, 1, 0]
// U8: result #2: tensor<6xi1> = [1, 0, 0, 1, 0, 0]
// U8: result #3: tensor<6xf32> = [250, 3, 7, 128, 255, 0]
// U8-NOT: mismatch
// WIDTHS: result #0: tensor<3xui16> = [1, 0, 40001]
// WIDTHS: result #1: tensor<3xui32> = [1, 0, 3000000001]
// WIDTHS: result #2: tensor<3xui64> = [1, 0, 10000000000000000001]
// WIDTHS-NOT: mismatch
// FILES: ok sum: uint8
// FILES: ok quot: uint8
// FILES: ok a16p1: uint16
// FILES: ok a32p1: uint32
// FILES: ok a64p1: uint64
// FLOAT: error: --input #1 ({{.*}}wide.npy): expected dtype '|u1' (ui8) for argument 0 of @u8, got '<f4'
// CAST: unsigned.mlir:[[@LINE+58]]:8: error: builtin.unrealized_conversion_cast from ('tensor<2xui8>') to ('tensor<2xi16>') has no run-time meaning

#map = affine_map<(d0) -> (d0)>
func.func @u8(%arg0: tensor<6xui8>, %arg1: tensor<6xui8>) -> (tensor<6xui8>, tensor<6xui8>, tensor<6xi1>, tensor<6xf32>) {
  %x = builtin.unrealized_conversion_cast %arg0 : tensor<6xui8> to tensor<6xi8>
  %y = builtin.unrealized_conversion_cast %arg1 : tensor<6xui8> to tensor<6xi8>
  %e8 = tensor.empty() : tensor<6xi8>
  %sum = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]} ins(%x, %y : tensor<6xi8>, tensor<6xi8>) outs(%e8 : tensor<6xi8>) {
  ^bb0(%a: i8, %b: i8, %o: i8):
    %s = arith.addi %a, %b : i8
    linalg.yield %s : i8
  } -> tensor<6xi8>
  %quot = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]} ins(%x, %y : tensor<6xi8>, tensor<6xi8>) outs(%e8 : tensor<6xi8>) {
  ^bb0(%a: i8, %b: i8, %o: i8):
    %q = arith.divui %a, %b : i8
    linalg.yield %q : i8
  } -> tensor<6xi8>
  %e1 = tensor.empty() : tensor<6xi1>
  %gt = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]} ins(%x, %y : tensor<6xi8>, tensor<6xi8>) outs(%e1 : tensor<6xi1>) {
  ^bb0(%a: i8, %b: i8, %o: i1):
    %c = arith.cmpi ugt, %a, %b : i8
    linalg.yield %c : i1
  } -> tensor<6xi1>
  %ef = tensor.empty() : tensor<6xf32>
  %wide = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%x : tensor<6xi8>) outs(%ef : tensor<6xf32>) {
  ^bb0(%a: i8, %o: f32):
    %f = arith.uitofp %a : i8 to f32
    linalg.yield %f : f32
  } -> tensor<6xf32>
  %r0 = builtin.unrealized_conversion_cast %sum : tensor<6xi8> to tensor<6xui8>
  %r1 = builtin.unrealized_conversion_cast %quot : tensor<6xi8> to tensor<6xui8>
  return %r0, %r1, %gt, %wide : tensor<6xui8>, tensor<6xui8>, tensor<6xi1>, tensor<6xf32>
}

func.func private @inc16(%arg0: tensor<3xui16>) -> tensor<3xui16> {
  %a = builtin.unrealized_conversion_cast %arg0 : tensor<3xui16> to tensor<3xi16>
  %one = arith.constant dense<1> : tensor<3xi16>
  %s = arith.addi %a, %one : tensor<3xi16>
  %r = builtin.unrealized_conversion_cast %s : tensor<3xi16> to tensor<3xui16>
  return %r : tensor<3xui16>
}

func.func @widths(%a16: tensor<3xui16>, %a32: tensor<3xui32>, %a64: tensor<3xui64>) -> (tensor<3xui16>, tensor<3xui32>, tensor<3xui64>) {
  %r16 = call @inc16(%a16) : (tensor<3xui16>) -> tensor<3xui16>
  %b32 = builtin.unrealized_conversion_cast %a32 : tensor<3xui32> to tensor<3xi32>
  %one32 = arith.constant dense<1> : tensor<3xi32>
  %s32 = arith.addi %b32, %one32 : tensor<3xi32>
  %r32 = builtin.unrealized_conversion_cast %s32 : tensor<3xi32> to tensor<3xui32>
  %b64 = builtin.unrealized_conversion_cast %a64 : tensor<3xui64> to tensor<3xi64>
  %one64 = arith.constant dense<1> : tensor<3xi64>
  %s64 = arith.addi %b64, %one64 : tensor<3xi64>
  %r64 = builtin.unrealized_conversion_cast %s64 : tensor<3xi64> to tensor<3xui64>
  return %r16, %r32, %r64 : tensor<3xui16>, tensor<3xui32>, tensor<3xui64>
}

func.func @bad_cast() -> tensor<2xi16> {
  %c = arith.constant dense<[1, 2]> : tensor<2xi8>
  %u = builtin.unrealized_conversion_cast %c : tensor<2xi8> to tensor<2xui8>
  %w = builtin.unrealized_conversion_cast %u : tensor<2xui8> to tensor<2xi16>
  return %w : tensor<2xi16>
}
