// Ops upstream's path to LLVM cannot take as they are
// (systile-expand-unlowered-ops, math-expand-ops{ops=clampf}), on
// arguments, so nothing folds them before they run: run interpreted and
// compiled on the same seeded inputs (specials included) by
// interpreted-vs-compiled.test.

// Each input element times a scale: 1, the largest finite value (|x| > 1
// overflows to +-inf), a subnormal-making tiny value, 0 and inf (+-inf),
// and NaN (inf * 0 cannot come from a normal x, so NaN is a scale too):
// every class at run time, from arguments nothing folds.
func.func @classify_f32(%x: tensor<12xf32>) -> (tensor<12xi1>, tensor<12xi1>, tensor<12xi1>, tensor<12xi1>) {
  %scale = arith.constant dense<[1.0, 3.4e38, 1.0e-39, 1.4e-45, 0.0, 0x7F800000, 0x7FC00000, -1.0, 1.0e-38, 1.2e-38, 3.0e38, 0xFF800000]> : tensor<12xf32>
  %y = arith.mulf %x, %scale : tensor<12xf32>
  %inf = math.isinf %y : tensor<12xf32>
  %normal = math.isnormal %y : tensor<12xf32>
  %nan = math.isnan %y : tensor<12xf32>
  %finite = math.isfinite %y : tensor<12xf32>
  return %inf, %normal, %nan, %finite : tensor<12xi1>, tensor<12xi1>, tensor<12xi1>, tensor<12xi1>
}

func.func @classify_bf16(%x: tensor<8xbf16>) -> (tensor<8xi1>, tensor<8xi1>) {
  %scale = arith.constant dense<[1.0, 3.0e38, 1.0e-39, 1.0e-40, 0.0, 0x7F80, 0x7FC0, 1.2e-38]> : tensor<8xbf16>
  %y = arith.mulf %x, %scale : tensor<8xbf16>
  %inf = math.isinf %y : tensor<8xbf16>
  %normal = math.isnormal %y : tensor<8xbf16>
  return %inf, %normal : tensor<8xi1>, tensor<8xi1>
}

func.func @classify_f64(%x: tensor<8xf64>) -> (tensor<8xi1>, tensor<8xi1>) {
  %scale = arith.constant dense<[1.0, 1.7e308, 1.0e-310, 4.9e-324, 0.0, 0x7FF0000000000000, 0x7FF8000000000000, 2.3e-308]> : tensor<8xf64>
  %y = arith.mulf %x, %scale : tensor<8xf64>
  %inf = math.isinf %y : tensor<8xf64>
  %normal = math.isnormal %y : tensor<8xf64>
  return %inf, %normal : tensor<8xi1>, tensor<8xi1>
}

// In a linalg.generic's body, as frontends write it, and on a scalar.
func.func @classify_in_generic(%x0: tensor<8x8xf32>, %s: f32) -> (tensor<8x8xi1>, i1) {
  %big = arith.constant dense<1.0e38> : tensor<8x8xf32>
  %x = arith.mulf %x0, %big : tensor<8x8xf32>
  %e = tensor.empty() : tensor<8x8xi1>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<8x8xf32>) outs(%e : tensor<8x8xi1>) {
  ^bb0(%in: f32, %out: i1):
    %a = math.isinf %in : f32
    %b = math.isnormal %in : f32
    %c = arith.ori %a, %b : i1
    linalg.yield %c : i1
  } -> tensor<8x8xi1>
  %n = math.isnormal %s : f32
  return %r, %n : tensor<8x8xi1>, i1
}

func.func @clamp(%x: tensor<64xf32>, %lo: tensor<64xf32>, %hi: tensor<64xf32>) -> tensor<64xf32> {
  %r = math.clampf %x to [%lo, %hi] : tensor<64xf32>
  return %r : tensor<64xf32>
}

func.func @bitcasts(%x: tensor<4x16xf32>, %y: tensor<32xi32>) -> (tensor<4x16xi32>, tensor<32xf32>, tensor<4x16xf32>) {
  %i = tensor.bitcast %x : tensor<4x16xf32> to tensor<4x16xi32>
  %f = tensor.bitcast %y : tensor<32xi32> to tensor<32xf32>
  %back = tensor.bitcast %i : tensor<4x16xi32> to tensor<4x16xf32>
  return %i, %f, %back : tensor<4x16xi32>, tensor<32xf32>, tensor<4x16xf32>
}

// Between a dynamic and a static size: the sizes are checked where they
// run.
func.func @bitcast_dynamic(%x: tensor<24xi32>) -> tensor<24xf32> {
  %d = tensor.cast %x : tensor<24xi32> to tensor<?xi32>
  %f = tensor.bitcast %d : tensor<?xi32> to tensor<24xf32>
  return %f : tensor<24xf32>
}
