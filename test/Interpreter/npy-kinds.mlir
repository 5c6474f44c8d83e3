// Every element kind travels as .npy: f64, f16, i1, i16, i64 and index in
// and out, checked against numpy (values exactly representable, so the
// expectations are exact).
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python -c "import numpy as np; d = '%t/'; \
// RUN:   np.save(d + 'f64.npy', np.array([1.5, -2.25, 1e300])); \
// RUN:   np.save(d + 'f16.npy', np.array([0.5, 2, -8], np.float16)); \
// RUN:   np.save(d + 'i1.npy', np.array([True, False, True])); \
// RUN:   np.save(d + 'i16.npy', np.array([-32768, 7, 32767], np.int16)); \
// RUN:   np.save(d + 'i64.npy', np.array([2**62, -5, 3], np.int64)); \
// RUN:   np.save(d + 'idx.npy', np.array([0, 1, 2], np.int64))"
// RUN: systile-run %s --input %t/f64.npy --input %t/f16.npy --input %t/i1.npy \
// RUN:   --input %t/i16.npy --input %t/i64.npy --input %t/idx.npy \
// RUN:   --output %t/o0.npy --output %t/o1.npy --output %t/o2.npy \
// RUN:   --output %t/o3.npy --output %t/o4.npy --output %t/o5.npy | FileCheck %s
// RUN: %python -c "import numpy as np; d = '%t/'; L = lambda i: np.load(d + 'o%%d.npy' %% i); \
// RUN:   assert L(0).dtype == np.float64 and L(0).tolist() == [3.0, -4.5, 2e300]; \
// RUN:   assert L(1).dtype == np.float16 and L(1).tolist() == [1.0, 4.0, -16.0]; \
// RUN:   assert L(2).dtype == np.bool_ and L(2).tolist() == [False, True, False]; \
// RUN:   assert L(3).dtype == np.int16 and L(3).tolist() == [-32767, 8, -32768]; \
// RUN:   assert L(4).dtype == np.int64 and L(4).tolist() == [2**62 + 1, -4, 4]; \
// RUN:   assert L(5).dtype == np.int64 and L(5).tolist() == [1, 2, 3]; print('npy kinds ok')" | FileCheck %s --check-prefix=NUMPY

// CHECK: result #0: tensor<3xf64> = [3, -4.5, 2e+300]
// CHECK: result #1: tensor<3xf16> = [1, 4, -16]
// CHECK: result #2: tensor<3xi1> = [0, 1, 0]
// CHECK: result #3: tensor<3xi16> = [-32767, 8, -32768]
// CHECK: result #4: tensor<3xi64> = [4611686018427387905, -4, 4]
// CHECK: result #5: tensor<3xindex> = [1, 2, 3]
// NUMPY: npy kinds ok
func.func @main(%f64: tensor<3xf64>, %f16: tensor<3xf16>, %i1: tensor<3xi1>,
                %i16: tensor<3xi16>, %i64: tensor<3xi64>, %idx: tensor<3xindex>)
    -> (tensor<3xf64>, tensor<3xf16>, tensor<3xi1>, tensor<3xi16>,
        tensor<3xi64>, tensor<3xindex>) {
  %a = arith.addf %f64, %f64 : tensor<3xf64>
  %b = arith.addf %f16, %f16 : tensor<3xf16>
  %t = arith.constant dense<true> : tensor<3xi1>
  %c = arith.xori %i1, %t : tensor<3xi1>
  %one16 = arith.constant dense<1> : tensor<3xi16>
  %d = arith.addi %i16, %one16 : tensor<3xi16>
  %one64 = arith.constant dense<1> : tensor<3xi64>
  %e = arith.addi %i64, %one64 : tensor<3xi64>
  %onei = arith.constant dense<1> : tensor<3xindex>
  %f = arith.addi %idx, %onei : tensor<3xindex>
  return %a, %b, %c, %d, %e, %f : tensor<3xf64>, tensor<3xf16>, tensor<3xi1>,
         tensor<3xi16>, tensor<3xi64>, tensor<3xindex>
}
