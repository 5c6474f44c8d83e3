// A bytecode mutant (found by the bytecode fuzz target) on which MLIR
// 22.1.8's reader never ends; upstream mlir-opt hangs on it too. The
// changed bytes make a dense constant's element type i0 while its data
// keeps 8 bytes: the reader hands the data to DenseIntOrFPElementsAttr
// unchecked, and the attribute's uniquing (DenseIntOrFPElementsAttrStorage::
// getKey) compares the data an element (0 bytes) at a time, forever. The
// tools check that a dense attribute's data is one element (a splat) or one
// per element of its type before the reader sees it
// (systile::findBytecodeHazard), and refuse the mutant at the byte of the
// data's size (offset 77). The CPU limit keeps a regression from hanging
// lit.
// RUN: sh -c 'ulimit -t 2; systile-opt %S/Inputs/bytecode-mutants/dense-i0-hang.mlirbc -o /dev/null; echo "exit $?"' 2>&1 | FileCheck %s --check-prefix=I0
// RUN: sh -c 'ulimit -t 2; systile-run %S/Inputs/bytecode-mutants/dense-i0-hang.mlirbc; echo "exit $?"' 2>&1 | FileCheck %s --check-prefix=I0
// I0: dense-i0-hang.mlirbc:77: error: bytecode attribute/type entry: attribute 5 (builtin DenseIntOrFPElementsAttr) holds 8 bytes of data, but its 8 elements take 0; MLIR's reader passes the size on unchecked and the attribute reads past it
// I0: exit 1

// i0 elements with no data are valid, and read.
// RUN: systile-opt %s --emit-bytecode -o %t.valid.mlirbc
// RUN: systile-opt %t.valid.mlirbc | FileCheck %s --check-prefix=VALID
// VALID: attributes {a = array<i16: 1, 2, 3>}
// VALID: arith.constant dense<[0, 0]> : tensor<2xi0>
// VALID: arith.constant dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00]> : tensor<4xf32>
// VALID: arith.constant dense<true> : tensor<9xi1>
// Dense data the check sizes as MLIR's writer stores it: packed i1, two
// bytes per complex<i1>, f8 and tf32 rounded up to bytes, a memref type.
// VALID-LABEL: func.func @kinds()
// VALID-SAME: b = dense<[true, false, true, false, true, false, true, false, true]> : tensor<9xi1>
// VALID-SAME: c = dense<(false,false)> : tensor<2xcomplex<i1>>
// VALID-SAME: ci = dense<[(1,2), (3,4)]> : tensor<2xcomplex<i4>>
// VALID-SAME: f8 = dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf8E4M3FN>
// VALID-SAME: m = dense<[1.000000e+00, 2.000000e+00, 3.000000e+00]> : memref<3xf32>
// VALID-SAME: t = dense<[1.000000e+00, 2.000000e+00]> : tensor<2xtf32>
// VALID-SAME: z = dense<[(5.000000e+00,6.000000e+00), (7.000000e+00,8.000000e+00)]> : tensor<2xcomplex<f32>>

// Four f32 elements with 12 bytes of data, then 4 (a splat): the first is
// refused with the offset of its size; the second passes the check and the
// reader refuses the entry's trailing bytes itself.
// RUN: %python -c "import sys; d = bytearray(open(sys.argv[1], 'rb').read()); i = d.find(bytes([0x21, 0, 0, 0x80, 0x3f])); assert i > 0; d[i] = 0x19; open(sys.argv[2], 'wb').write(d); d[i] = 0x09; open(sys.argv[3], 'wb').write(d); print(i)" %t.valid.mlirbc %t.short.mlirbc %t.splat.mlirbc > %t.offset
// RUN: sh -c 'cat %t.offset; systile-opt %t.short.mlirbc -o /dev/null; echo "exit $?"' 2>&1 | FileCheck %s --check-prefix=SHORT
// SHORT: [[OFF:[0-9]+]]
// SHORT-NEXT: short.mlirbc:[[OFF]]: error: bytecode attribute/type entry: attribute {{[0-9]+}} (builtin DenseIntOrFPElementsAttr) holds 12 bytes of data, but its 4 elements take 16 (or 4 for a splat)
// SHORT-NEXT: exit 1
// RUN: sh -c 'systile-opt %t.splat.mlirbc -o /dev/null; echo "exit $?"' 2>&1 | FileCheck %s --check-prefix=SPLAT
// SPLAT: error: unexpected trailing bytes after Attribute entry
// SPLAT: exit 1

func.func @f() -> (tensor<2xi0>, tensor<4xf32>, tensor<9xi1>) attributes {a = array<i16: 1, 2, 3>} {
  %0 = arith.constant dense<0> : tensor<2xi0>
  %1 = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %2 = arith.constant dense<true> : tensor<9xi1>
  return %0, %1, %2 : tensor<2xi0>, tensor<4xf32>, tensor<9xi1>
}

func.func @kinds() attributes {b = dense<[true, false, true, false, true, false, true, false, true]> : tensor<9xi1>, c = dense<(false, false)> : tensor<2xcomplex<i1>>, ci = dense<[(1, 2), (3, 4)]> : tensor<2xcomplex<i4>>, f8 = dense<[1.0, 2.0]> : tensor<2xf8E4M3FN>, m = dense<[1.0, 2.0, 3.0]> : memref<3xf32>, t = dense<[1.0, 2.0]> : tensor<2xtf32>, z = dense<[(5.0, 6.0), (7.0, 8.0)]> : tensor<2xcomplex<f32>>} {
  return
}
