// A `|b1` input byte other than 0 and 1 (np.frombuffer or a view can make
// one) is True, as NumPy reads it: every op sees 1 there, and the value
// itself prints as 1. Bytes 0, 1, 2, 255 and 128; NumPy's own reading is
// [False, True, True, True, True].
//
// RUN: %python -c "import numpy as np; np.save('%t.npy', np.frombuffer(b'\x00\x01\x02\xff\x80', dtype='?'))"
// RUN: systile-run %s --input %t.npy | FileCheck %s

// CHECK: result #0: tensor<5xi1> = [0, 1, 1, 1, 1]
// CHECK: result #1: tensor<5xi8> = [0, 1, 1, 1, 1]
// CHECK: result #2: tensor<5xi8> = [0, 1, 1, 1, 1]
// CHECK: result #3: tensor<5xi1> = [1, 0, 0, 0, 0]
// CHECK: result #4: tensor<5xi1> = [0, 1, 1, 1, 1]
func.func @main(%b: tensor<5xi1>) -> (tensor<5xi1>, tensor<5xi8>, tensor<5xi8>,
                                      tensor<5xi1>, tensor<5xi1>) {
  %x = arith.extui %b : tensor<5xi1> to tensor<5xi8>
  %one = arith.constant dense<1> : tensor<5xi8>
  %zero = arith.constant dense<0> : tensor<5xi8>
  %s = arith.select %b, %one, %zero : tensor<5xi1>, tensor<5xi8>
  %true = arith.constant dense<true> : tensor<5xi1>
  %n = arith.xori %b, %true : tensor<5xi1>
  %c = arith.cmpi eq, %b, %true : tensor<5xi1>
  return %b, %x, %s, %n, %c
      : tensor<5xi1>, tensor<5xi8>, tensor<5xi8>, tensor<5xi1>, tensor<5xi1>
}
