# Prints N small functions (an input that keeps a pipeline busy for a while).
import sys

n = int(sys.argv[1])
for i in range(n):
    print(f"func.func @f{i}(%a: tensor<4x4xf32>, %b: tensor<4x4xf32>) -> tensor<4x4xf32> {{")
    print("  %0 = arith.addf %a, %b : tensor<4x4xf32>")
    print("  %1 = arith.mulf %0, %a : tensor<4x4xf32>")
    print("  %2 = arith.subf %1, %b : tensor<4x4xf32>")
    print("  return %2 : tensor<4x4xf32>")
    print("}")
