# Prints @main with N nested scf.if regions around the computation of its
# result (`1 + 2`, as tensor<1xf32>), for the nesting-depth tests.
import sys

n = int(sys.argv[1])
print("func.func @main() -> tensor<1xf32> {")
print("  %c = arith.constant true")
print("  %one = arith.constant dense<1.0> : tensor<1xf32>")
print("  %two = arith.constant dense<2.0> : tensor<1xf32>")
for i in range(n):
    print(f"%r{i} = scf.if %c -> tensor<1xf32> {{")
print("%s = arith.addf %one, %two : tensor<1xf32>")
print("scf.yield %s : tensor<1xf32>")
for i in reversed(range(n)):
    print("} else {")
    print("scf.yield %one : tensor<1xf32>")
    print("}")
    print(f"scf.yield %r{i} : tensor<1xf32>" if i > 0 else "return %r0 : tensor<1xf32>")
print("}")
