// Empty operands whose other dimensions are huge (the bytecode fuzz
// target's find: a convolution of a 1x0x5371386980569448320x3 input):
// their row-major strides overflow int64, so the interpreter checks every
// dimension's indices before it computes a stride, and computes none for
// an empty iteration space (the sanitizer build flagged the overflow).
// The convolution's empty dimensions are dynamic here: with every size
// static, the tools refuse the op before running it (an operand of size 0
// in loops that all run; test/Tools/zero-size-operand.mlir).
//
// RUN: systile-run %s --entry empty | FileCheck %s
// CHECK: result #0: tensor<0x5371386980569448320x3xf32> = []
// RUN: not systile-run %s --entry conv 2>&1 | FileCheck %s --check-prefix=CONV
// CONV: empty-huge-dims.mlir:[[# @LINE + 19]]:8: error: 'linalg.conv_2d_nhwc_hwcf': operand #0 is indexed out of bounds: dimension 1 has size 0
func.func @empty() -> tensor<0x5371386980569448320x3xf32> {
  %y = tensor.empty() : tensor<0x5371386980569448320x3xf32>
  %out = tensor.empty() : tensor<0x5371386980569448320x3xf32>
  %g = linalg.generic {indexing_maps = [affine_map<(a, b, c) -> (a, b, c)>, affine_map<(a, b, c) -> (a, b, c)>],
                       iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%y : tensor<0x5371386980569448320x3xf32>) outs(%out : tensor<0x5371386980569448320x3xf32>) {
  ^bb0(%i: f32, %o: f32):
    %n = arith.negf %i : f32
    linalg.yield %n : f32
  } -> tensor<0x5371386980569448320x3xf32>
  return %g : tensor<0x5371386980569448320x3xf32>
}

func.func @conv() -> tensor<?x504403158265463552x3x4xf32> {
  %zero = arith.constant 0 : index
  %x = tensor.empty(%zero) : tensor<1x?x5371386980569448320x3xf32>
  %w = arith.constant dense<1.0> : tensor<3x3x3x4xf32>
  %init = tensor.empty(%zero) : tensor<?x504403158265463552x3x4xf32>
  %c = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : tensor<1x?x5371386980569448320x3xf32>, tensor<3x3x3x4xf32>)
      outs(%init : tensor<?x504403158265463552x3x4xf32>) -> tensor<?x504403158265463552x3x4xf32>
  return %c : tensor<?x504403158265463552x3x4xf32>
}
