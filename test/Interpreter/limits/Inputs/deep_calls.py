# Prints CALLS functions, each nesting REGIONS scf.if regions around a call
# of the next one; the last returns 7 from its innermost region, so @main
# returns 7 (a 3.3 KB program of this shape, 250 x 50, used to overflow the
# interpreter's stack within its call-depth limit).
import sys

calls, regions = int(sys.argv[1]), int(sys.argv[2])
for f in range(calls):
    print(f"func.func @f{f}(%c: i1) -> i32 {{")
    for r in range(regions):
        print(f"%r{r} = scf.if %c -> i32 {{")
    if f + 1 < calls:
        print(f"%v = func.call @f{f + 1}(%c) : (i1) -> i32")
    else:
        print("%v = arith.constant 7 : i32")
    print("scf.yield %v : i32")
    for r in reversed(range(regions)):
        print("} else {\n%z = arith.constant 0 : i32\nscf.yield %z : i32\n}")
        print(f"scf.yield %r{r} : i32" if r > 0 else "return %r0 : i32")
    print("}")
print("func.func @main() -> tensor<i32> {")
print("%c = arith.constant true")
print("%v = func.call @f0(%c) : (i1) -> i32")
print("%t = tensor.from_elements %v : tensor<i32>")
print("return %t : tensor<i32>")
print("}")
