// RUN: systile-opt %s --systile-report-layout -verify-diagnostics -o /dev/null
// RUN: systile-opt %s --systile-report-layout=json=- -o /dev/null 2>/dev/null \
// RUN:   | FileCheck %s --check-prefix=JSON

// The JSON form: one object per function, and the module's total (1248 +
// 32 packed bytes, 61 + 16 unpacked, 3 + 1 packs, 2 + 1 unpacks).
// JSON:      "functions": [
// JSON:          "function": "mixed",
// JSON-NEXT:     "location": {
// JSON-NEXT:       "column": 1,
// JSON-NEXT:       "file": "{{.*}}systile-report-layout.mlir",
// JSON-NEXT:       "line": [[#@LINE+26]]
// JSON-NEXT:     },
// JSON-NEXT:     "packed_bytes": 1248,
// JSON-NEXT:     "packs": 3,
// JSON-NEXT:     "relayout_bytes": 0,
// JSON-NEXT:     "relayouts": 0,
// JSON-NEXT:     "unpacked_bytes": 61,
// JSON-NEXT:     "unpacks": 2
// JSON:          "function": "none",
// JSON:          "function": "loop",
// JSON:      "total": {
// JSON-NEXT:   "packed_bytes": 1280,
// JSON-NEXT:   "packs": 4,
// JSON-NEXT:   "relayout_bytes": 0,
// JSON-NEXT:   "relayouts": 0,
// JSON-NEXT:   "unpacked_bytes": 77,
// JSON-NEXT:   "unpacks": 3

// RFC 8 layout cost per function, worked out by hand: a pack counts the
// padded storage bytes of its result, an unpack the logical bytes of its
// result. On 2x4 tiles: 3x5 pads to 4x8 (32 slots), 5x6 to 6x8 (48 slots),
// and in the default geometry 1x1 pads to 8x128 (1024 slots).

// packs: 32 * 4 (f32) + 48 * 2 (bf16) + 1024 * 1 (i8) = 128 + 96 + 1024 =
// 1248 bytes; unpacks: 3*5 * 4 (f32) + 1 * 1 (i8) = 61 bytes.
// expected-remark @below {{layout: packs=3 unpacks=2 packed_bytes=1248 unpacked_bytes=61}}
func.func @mixed(%a: tensor<3x5xf32>, %b: tensor<5x6xbf16>, %c: tensor<1x1xi8>)
    -> (tensor<3x5xf32>, tensor<1x1xi8>) {
  %ta = systile.pack %a : tensor<3x5xf32> -> !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>
  %tb = systile.pack %b : tensor<5x6xbf16> -> !systile.tiled<5x6xbf16, #systile.geometry<2x4, mxu = 4>>
  %tc = systile.pack %c : tensor<1x1xi8> -> !systile.tiled<1x1xi8>
  %ua = systile.unpack %ta : !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>> -> tensor<3x5xf32>
  %uc = systile.unpack %tc : !systile.tiled<1x1xi8> -> tensor<1x1xi8>
  return %ua, %uc : tensor<3x5xf32>, tensor<1x1xi8>
}

// Constants and splats are no layout transform: nothing counts.
// expected-remark @below {{layout: packs=0 unpacks=0 packed_bytes=0 unpacked_bytes=0}}
func.func @none(%v: f32) -> !systile.tiled<3x5xf32> {
  %s = systile.splat %v : !systile.tiled<3x5xf32>
  return %s : !systile.tiled<3x5xf32>
}

// Static figures: a pack in a loop counts once (systile-run --stats counts
// it per iteration). 2x2 i32 on 2x4 tiles pads to 2x4: 8 * 4 = 32 bytes;
// the unpack 2*2 * 4 = 16 bytes.
// expected-remark @below {{layout: packs=1 unpacks=1 packed_bytes=32 unpacked_bytes=16}}
func.func @loop(%a: tensor<2x2xi32>, %n: index) -> tensor<2x2xi32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %a) -> tensor<2x2xi32> {
    %t = systile.pack %acc : tensor<2x2xi32> -> !systile.tiled<2x2xi32, #systile.geometry<2x4, mxu = 4>>
    %u = systile.unpack %t : !systile.tiled<2x2xi32, #systile.geometry<2x4, mxu = 4>> -> tensor<2x2xi32>
    scf.yield %u : tensor<2x2xi32>
  }
  return %r : tensor<2x2xi32>
}

// A verified type the runtime has no layout for (2^54 x 128 i8: its 2^61
// storage bytes fit, but layouts keep room for 8 bytes per element) is not
// counted, and says so.
// expected-remark @below {{layout: packs=0 unpacks=0 packed_bytes=0 unpacked_bytes=0}}
func.func @no_layout(%a: tensor<18014398509481984x128xi8>)
    -> !systile.tiled<18014398509481984x128xi8> {
  // expected-warning @below {{the padded element count overflows int64; not counted in the layout figures}}
  %t = systile.pack %a : tensor<18014398509481984x128xi8> -> !systile.tiled<18014398509481984x128xi8>
  return %t : !systile.tiled<18014398509481984x128xi8>
}

// Five packs of (2^52 - 8) x 256 f32 (2^62 - 8192 bytes each) write more
// than 2^64-1 bytes: the sum is not wrapped, the function not reported.
// expected-warning @below {{the function's layout figures exceed 2^64-1 bytes; not reported}}
func.func @bytes_overflow(%a: tensor<4503599627370488x256xf32>) {
  %t0 = systile.pack %a : tensor<4503599627370488x256xf32> -> !systile.tiled<4503599627370488x256xf32>
  %t1 = systile.pack %a : tensor<4503599627370488x256xf32> -> !systile.tiled<4503599627370488x256xf32>
  %t2 = systile.pack %a : tensor<4503599627370488x256xf32> -> !systile.tiled<4503599627370488x256xf32>
  %t3 = systile.pack %a : tensor<4503599627370488x256xf32> -> !systile.tiled<4503599627370488x256xf32>
  %t4 = systile.pack %a : tensor<4503599627370488x256xf32> -> !systile.tiled<4503599627370488x256xf32>
  return
}
