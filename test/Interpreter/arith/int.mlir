// arith integer ops: two's-complement wrap, the division family's rounding,
// shifts, unsigned views, i1 as a one-bit integer (1 is -1 when signed),
// 64-bit and index arithmetic, and the extended ops. Values by hand.
//
// RUN: systile-run %s --entry wrap | FileCheck %s --check-prefix=WRAP
// RUN: systile-run %s --entry div | FileCheck %s --check-prefix=DIV
// RUN: systile-run %s --entry shifts | FileCheck %s --check-prefix=SHIFT
// RUN: systile-run %s --entry cmp | FileCheck %s --check-prefix=CMP
// RUN: systile-run %s --entry bool | FileCheck %s --check-prefix=BOOL
// RUN: systile-run %s --entry wide | FileCheck %s --check-prefix=WIDE
// RUN: systile-run %s --entry extended | FileCheck %s --check-prefix=EXT

// a = [100, 127, -128, 3], b = [100, 2, -1, -5] (i8):
// a + b = [200 - 256, 129 - 256, -129 + 256, -2];
// a - b = [0, 125, -127, 8];
// a * b = [10000 = 39 * 256 + 16, 254 - 256, 128 - 256, -15];
// and/or/xor on the bits: 3 & -5 = 0b11 & 0b11111011 = 3,
// 3 | -5 = -5, 3 ^ -5 = 0b11111000 = -8, -128 ^ -1 = 127;
// unsigned, -128 is 128 and -1 is 255: maxui(-128, -1) = -1,
// maxui(3, -5) = -5, minui(-128, -1) = -128.
// WRAP: result #0: tensor<4xi8> = [-56, -127, 127, -2]
// WRAP: result #1: tensor<4xi8> = [0, 125, -127, 8]
// WRAP: result #2: tensor<4xi8> = [16, -2, -128, -15]
// WRAP: result #3: tensor<4xi8> = [100, 2, -128, 3]
// WRAP: result #4: tensor<4xi8> = [100, 127, -1, -5]
// WRAP: result #5: tensor<4xi8> = [0, 125, 127, -8]
// WRAP: result #6: tensor<4xi8> = [100, 127, -1, 3]
// WRAP: result #7: tensor<4xi8> = [100, 2, -128, -5]
// WRAP: result #8: tensor<4xi8> = [100, 127, -1, -5]
// WRAP: result #9: tensor<4xi8> = [100, 2, -128, 3]
func.func @wrap() -> (tensor<4xi8>, tensor<4xi8>, tensor<4xi8>, tensor<4xi8>, tensor<4xi8>, tensor<4xi8>, tensor<4xi8>, tensor<4xi8>, tensor<4xi8>, tensor<4xi8>) {
  %a = arith.constant dense<[100, 127, -128, 3]> : tensor<4xi8>
  %b = arith.constant dense<[100, 2, -1, -5]> : tensor<4xi8>
  %0 = arith.addi %a, %b : tensor<4xi8>
  %1 = arith.subi %a, %b : tensor<4xi8>
  %2 = arith.muli %a, %b : tensor<4xi8>
  %3 = arith.andi %a, %b : tensor<4xi8>
  %4 = arith.ori %a, %b : tensor<4xi8>
  %5 = arith.xori %a, %b : tensor<4xi8>
  %6 = arith.maxsi %a, %b : tensor<4xi8>
  %7 = arith.minsi %a, %b : tensor<4xi8>
  %8 = arith.maxui %a, %b : tensor<4xi8>
  %9 = arith.minui %a, %b : tensor<4xi8>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9 : tensor<4xi8>, tensor<4xi8>, tensor<4xi8>, tensor<4xi8>, tensor<4xi8>, tensor<4xi8>, tensor<4xi8>, tensor<4xi8>, tensor<4xi8>, tensor<4xi8>
}

// a = [7, -7, 7, -7, 0, INT_MIN], b = [2, 2, -2, -2, 5, 2] (i32).
// divsi truncates: [3, -3, -3, 3, 0, -2^30]; remsi has the dividend's
// sign: [1, -1, 1, -1, 0, 0]; ceildivsi rounds +-3.5 up: [4, -3, -3, 4];
// floordivsi down: [3, -4, -4, 3]. Unsigned, -7 = 2^32 - 7 and
// -2 = 2^32 - 2: divui = [3, 2^31 - 4, 0, 0, 0, 2^30];
// remui = [1, 1, 7, 2^32 - 7 (= -7), 0, 0]; ceildivui = [4, 2^31 - 3, 1, 1,
// 0, 2^30].
// DIV: result #0: tensor<6xi32> = [3, -3, -3, 3, 0, -1073741824]
// DIV: result #1: tensor<6xi32> = [1, -1, 1, -1, 0, 0]
// DIV: result #2: tensor<6xi32> = [4, -3, -3, 4, 0, -1073741824]
// DIV: result #3: tensor<6xi32> = [3, -4, -4, 3, 0, -1073741824]
// DIV: result #4: tensor<6xi32> = [3, 2147483644, 0, 0, 0, 1073741824]
// DIV: result #5: tensor<6xi32> = [1, 1, 7, -7, 0, 0]
// DIV: result #6: tensor<6xi32> = [4, 2147483645, 1, 1, 0, 1073741824]
func.func @div() -> (tensor<6xi32>, tensor<6xi32>, tensor<6xi32>, tensor<6xi32>, tensor<6xi32>, tensor<6xi32>, tensor<6xi32>) {
  %a = arith.constant dense<[7, -7, 7, -7, 0, -2147483648]> : tensor<6xi32>
  %b = arith.constant dense<[2, 2, -2, -2, 5, 2]> : tensor<6xi32>
  %0 = arith.divsi %a, %b : tensor<6xi32>
  %1 = arith.remsi %a, %b : tensor<6xi32>
  %2 = arith.ceildivsi %a, %b : tensor<6xi32>
  %3 = arith.floordivsi %a, %b : tensor<6xi32>
  %4 = arith.divui %a, %b : tensor<6xi32>
  %5 = arith.remui %a, %b : tensor<6xi32>
  %6 = arith.ceildivui %a, %b : tensor<6xi32>
  return %0, %1, %2, %3, %4, %5, %6 : tensor<6xi32>, tensor<6xi32>, tensor<6xi32>, tensor<6xi32>, tensor<6xi32>, tensor<6xi32>, tensor<6xi32>
}

// a = [1, -128, -1, 64] << [7, 1, 7, 2] (i8): [128 - 256, 256 - 256,
// 0x80 = -128, 256 - 256]; arithmetic >>: [0, -64, -1, 16]; logical >>:
// [0, 0x80 >> 1 = 64, 0xff >> 7 = 1, 16].
// SHIFT: result #0: tensor<4xi8> = [-128, 0, -128, 0]
// SHIFT: result #1: tensor<4xi8> = [0, -64, -1, 16]
// SHIFT: result #2: tensor<4xi8> = [0, 64, 1, 16]
func.func @shifts() -> (tensor<4xi8>, tensor<4xi8>, tensor<4xi8>) {
  %a = arith.constant dense<[1, -128, -1, 64]> : tensor<4xi8>
  %s = arith.constant dense<[7, 1, 7, 2]> : tensor<4xi8>
  %0 = arith.shli %a, %s : tensor<4xi8>
  %1 = arith.shrsi %a, %s : tensor<4xi8>
  %2 = arith.shrui %a, %s : tensor<4xi8>
  return %0, %1, %2 : tensor<4xi8>, tensor<4xi8>, tensor<4xi8>
}

// [1, -1, 5] against [-1, 1, 5]; unsigned, -1 is 2^32 - 1.
// CMP: result #0: tensor<3xi8> = [0, 1, 0]
// CMP: result #1: tensor<3xi8> = [1, 0, 0]
// CMP: result #2: tensor<3xi8> = [0, 0, 1]
// CMP: result #3: tensor<3xi8> = [1, 0, 1]
// CMP: result #4: tensor<3xi8> = [0, 1, 1]
// CMP: result #5: tensor<3xi8> = [1, 1, 0]
func.func @cmp() -> (tensor<3xi8>, tensor<3xi8>, tensor<3xi8>, tensor<3xi8>, tensor<3xi8>, tensor<3xi8>) {
  %a = arith.constant dense<[1, -1, 5]> : tensor<3xi32>
  %b = arith.constant dense<[-1, 1, 5]> : tensor<3xi32>
  %0 = arith.cmpi slt, %a, %b : tensor<3xi32>
  %1 = arith.cmpi ult, %a, %b : tensor<3xi32>
  %2 = arith.cmpi eq, %a, %b : tensor<3xi32>
  %3 = arith.cmpi sge, %a, %b : tensor<3xi32>
  %4 = arith.cmpi uge, %a, %b : tensor<3xi32>
  %5 = arith.cmpi ne, %a, %b : tensor<3xi32>
  %r0 = arith.extui %0 : tensor<3xi1> to tensor<3xi8>
  %r1 = arith.extui %1 : tensor<3xi1> to tensor<3xi8>
  %r2 = arith.extui %2 : tensor<3xi1> to tensor<3xi8>
  %r3 = arith.extui %3 : tensor<3xi1> to tensor<3xi8>
  %r4 = arith.extui %4 : tensor<3xi1> to tensor<3xi8>
  %r5 = arith.extui %5 : tensor<3xi1> to tensor<3xi8>
  return %r0, %r1, %r2, %r3, %r4, %r5 : tensor<3xi8>, tensor<3xi8>, tensor<3xi8>, tensor<3xi8>, tensor<3xi8>, tensor<3xi8>
}

// i1 a = [0, 1, 0, 1], b = [0, 0, 1, 1]: addi is xor, muli is and; signed,
// 1 is -1, so maxsi = and, minsi = or; extsi gives 0/-1, extui 0/1.
// BOOL: result #0: tensor<4xi8> = [0, 1, 1, 0]
// BOOL: result #1: tensor<4xi8> = [0, 0, 0, 1]
// BOOL: result #2: tensor<4xi8> = [0, 0, 0, 1]
// BOOL: result #3: tensor<4xi8> = [0, 1, 1, 1]
// BOOL: result #4: tensor<4xi8> = [0, -1, 0, -1]
// BOOL: result #5: tensor<4xi8> = [0, 1, 0, 1]
func.func @bool() -> (tensor<4xi8>, tensor<4xi8>, tensor<4xi8>, tensor<4xi8>, tensor<4xi8>, tensor<4xi8>) {
  %a = arith.constant dense<[false, true, false, true]> : tensor<4xi1>
  %b = arith.constant dense<[false, false, true, true]> : tensor<4xi1>
  %0 = arith.addi %a, %b : tensor<4xi1>
  %1 = arith.muli %a, %b : tensor<4xi1>
  %2 = arith.maxsi %a, %b : tensor<4xi1>
  %3 = arith.minsi %a, %b : tensor<4xi1>
  %r0 = arith.extui %0 : tensor<4xi1> to tensor<4xi8>
  %r1 = arith.extui %1 : tensor<4xi1> to tensor<4xi8>
  %r2 = arith.extui %2 : tensor<4xi1> to tensor<4xi8>
  %r3 = arith.extui %3 : tensor<4xi1> to tensor<4xi8>
  %r4 = arith.extsi %a : tensor<4xi1> to tensor<4xi8>
  %r5 = arith.extui %a : tensor<4xi1> to tensor<4xi8>
  return %r0, %r1, %r2, %r3, %r4, %r5 : tensor<4xi8>, tensor<4xi8>, tensor<4xi8>, tensor<4xi8>, tensor<4xi8>, tensor<4xi8>
}

// i64: (2^32 + 5) * 2^31 = 2^63 + 5 * 2^31 wraps to -2^63 + 5 * 2^31 =
// -9223372026117357568, whose low 32 bits are 5 * 2^31 mod 2^32 = 2^31
// (-2^31 as i32) and whose arithmetic >> 32 is floor(-2^31 + 2.5) =
// -2147483646. index: 100000^2 = 10^10 = 2 * 2^32 + 1410065408, and
// (-3)^2 = 9; i16: 300 * 300 = 90000 - 65536 = 24464.
// WIDE: result #0: tensor<2xi32> = [-2147483648, 5]
// WIDE: result #1: tensor<2xi32> = [-2147483646, 0]
// WIDE: result #2: tensor<2xi32> = [1410065408, 9]
// WIDE: result #3: tensor<2xi32> = [24464, 4]
func.func @wide() -> (tensor<2xi32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) {
  %a = arith.constant dense<[4294967301, 5]> : tensor<2xi64>
  %b = arith.constant dense<[2147483648, 1]> : tensor<2xi64>
  %c32 = arith.constant dense<32> : tensor<2xi64>
  %p = arith.muli %a, %b : tensor<2xi64>
  %hi = arith.shrsi %p, %c32 : tensor<2xi64>
  %r0 = arith.trunci %p : tensor<2xi64> to tensor<2xi32>
  %r1 = arith.trunci %hi : tensor<2xi64> to tensor<2xi32>
  %i = arith.constant dense<[100000, -3]> : tensor<2xi32>
  %x = arith.index_cast %i : tensor<2xi32> to tensor<2xindex>
  %sq = arith.muli %x, %x : tensor<2xindex>
  %r2 = arith.index_cast %sq : tensor<2xindex> to tensor<2xi32>
  %h = arith.constant dense<[300, -2]> : tensor<2xi16>
  %h2 = arith.muli %h, %h : tensor<2xi16>
  %r3 = arith.extsi %h2 : tensor<2xi16> to tensor<2xi32>
  return %r0, %r1, %r2, %r3 : tensor<2xi32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>
}

// addui_extended: 0xffffffff + 1 = 0 carry 1; 1 + 2 = 3 carry 0.
// mulsi_extended: -2 * 3 = -6 (high -1); 2^16 * 2^16 = 2^32 (low 0,
// high 1). mului_extended: 0xffffffff * 2 = 0x1_fffffffe (low -2, high 1);
// 2^16 * 2^16 as above.
// EXT: result #0: tensor<2xi32> = [0, 3]
// EXT: result #1: tensor<2xi8> = [1, 0]
// EXT: result #2: tensor<2xi32> = [-6, 0]
// EXT: result #3: tensor<2xi32> = [-1, 1]
// EXT: result #4: tensor<2xi32> = [-2, 0]
// EXT: result #5: tensor<2xi32> = [1, 1]
func.func @extended() -> (tensor<2xi32>, tensor<2xi8>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) {
  %a = arith.constant dense<[-1, 1]> : tensor<2xi32>
  %b = arith.constant dense<[1, 2]> : tensor<2xi32>
  %sum, %carry = arith.addui_extended %a, %b : tensor<2xi32>, tensor<2xi1>
  %c = arith.extui %carry : tensor<2xi1> to tensor<2xi8>
  %x = arith.constant dense<[-2, 65536]> : tensor<2xi32>
  %y = arith.constant dense<[3, 65536]> : tensor<2xi32>
  %lo, %hi = arith.mulsi_extended %x, %y : tensor<2xi32>
  %u = arith.constant dense<[-1, 65536]> : tensor<2xi32>
  %v = arith.constant dense<[2, 65536]> : tensor<2xi32>
  %ulo, %uhi = arith.mului_extended %u, %v : tensor<2xi32>
  return %sum, %c, %lo, %hi, %ulo, %uhi : tensor<2xi32>, tensor<2xi8>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>
}
