// A GPT-2-style block (pre-LayerNorm, fused qkv, a causal mask written with
// triu + masked_fill, GELU tanh written out, residuals) exactly as torch-mlir
// emits it, at batch 2, sequence 6, width 24, 2 heads, ffn 40: the sequence
// is not a multiple of the 8 sublanes, so merging [2,6,24] rows into
// [12,24] copies. Exported by examples/pytorch/export.py's GPT2Block at its
// small size with the sequence set to 6.
//
// After systile-pipeline the layout is still paid once: the input is
// packed whole as [2,6,24] (the first LayerNorm and the residual read it),
// its row merges are counted relayouts, and nothing dense is left.
// RUN: rm -rf %t && mkdir -p %t
// RUN: systile-opt %s --systile-pipeline -o %t/lowered.mlir
// RUN: FileCheck %s --input-file=%t/lowered.mlir
// CHECK-LABEL: func.func @main
// CHECK-NOT: linalg.
// CHECK-NOT: tensor.extract_slice
// CHECK: systile.pack %arg0 : tensor<2x6x24xf32> -> !systile.tiled<2x6x24xf32>
// CHECK-NOT: systile.pack
// CHECK-NOT: linalg.
// CHECK-NOT: tensor.extract_slice
// CHECK: systile.unpack
// CHECK-NOT: systile.unpack
// CHECK-NOT: linalg.
// CHECK: return
//
// Bit-identical to the dense program (one k block per matmul, so RFC 6's
// order is upstream's).
// RUN: %python -c "import numpy as np; np.save('%t/x.npy', np.random.default_rng(3).standard_normal((2, 6, 24)).astype(np.float32))"
// RUN: systile-run %s --input %t/x.npy --quiet --max-ulp=0 --compare-after=systile-pipeline | FileCheck %s --check-prefix=SAME
// SAME: compare: result #0: 0 of 288 elements differ, max ulp 0
//
// The layout line: the pack writes 2 matrices of 6x24, one 8x128 tile of
// 4096 bytes each (8192); the unpack reads back 2x6x24 floats (1152).
// RUN: systile-run %t/lowered.mlir --input %t/x.npy --quiet --stats | FileCheck %s --check-prefix=LAYOUT
// LAYOUT: layout: packs=1 unpacks=1 packed_bytes=8192 unpacked_bytes=1152 relayouts={{[0-9]+}}
#loc1 = loc("/work/main/examples/pytorch/export.py":117:0)
#loc2 = loc("/work/main/examples/pytorch/export.py":126:0)
#loc3 = loc("/work/main/examples/pytorch/export.py":123:0)
#loc4 = loc("/work/main/examples/pytorch/export.py":122:0)
#loc5 = loc("/work/main/examples/pytorch/export.py":125:0)
#loc6 = loc("/work/main/examples/pytorch/export.py":121:0)
#map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
#map2 = affine_map<(d0, d1, d2) -> (d2)>
#map3 = affine_map<(d0, d1) -> (d1)>
#map4 = affine_map<(d0, d1) -> (d0, d1)>
#map5 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map6 = affine_map<(d0) -> (d0)>
#map7 = affine_map<(d0, d1) -> (0, d1)>
#map8 = affine_map<(d0, d1) -> (d0, 0)>
#map9 = affine_map<(d0, d1, d2, d3) -> (d2, d3)>
#map10 = affine_map<(d0, d1, d2, d3) -> ()>
#map11 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
#map12 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, 0)>
#loc11 = loc("ln_1"(#loc1))
#loc12 = loc("mlp_proj"(#loc2))
#loc13 = loc("c_fc"(#loc2))
#loc14 = loc("ln_2"(#loc2))
#loc15 = loc("c_proj"(#loc5))
#loc16 = loc("c_attn"(#loc1))
module {
  func.func @main(%arg0: tensor<2x6x24xf32> loc("ln_1"(#loc1))) -> tensor<2x6x24xf32> {
    %c3_i64 = arith.constant 3 : i64 loc(#loc2)
    %c1_i64 = arith.constant 1 : i64 loc(#loc11)
    %c0_i64 = arith.constant 0 : i64 loc(#loc)
    %cst = arith.constant 0.000000e+00 : f64 loc(#loc)
    %cst_0 = arith.constant 0.000000e+00 : f32 loc(#loc)
    %cst_1 = arith.constant 0xFF800000 : f32 loc(#loc3)
    %cst_2 = arith.constant dense<0xFF800000> : tensor<f32> loc(#loc3)
    %cst_3 = arith.constant dense<true> : tensor<6x6xi1> loc(#loc4)
    %cst_4 = arith.constant dense_resource<torch_tensor_24_torch.float32_5> : tensor<24xf32> loc(#loc12)
    %cst_5 = arith.constant dense_resource<torch_tensor_24_40_torch.float32> : tensor<24x40xf32> loc(#loc12)
    %cst_6 = arith.constant 0.79788456080286541 : f64 loc(#loc2)
    %cst_7 = arith.constant 4.471500e-02 : f64 loc(#loc2)
    %cst_8 = arith.constant dense_resource<torch_tensor_40_torch.float32> : tensor<40xf32> loc(#loc13)
    %cst_9 = arith.constant dense_resource<torch_tensor_40_24_torch.float32> : tensor<40x24xf32> loc(#loc13)
    %cst_10 = arith.constant dense_resource<torch_tensor_24_torch.float32_4> : tensor<24xf32> loc(#loc14)
    %cst_11 = arith.constant dense_resource<torch_tensor_24_torch.float32_3> : tensor<24xf32> loc(#loc14)
    %cst_12 = arith.constant dense_resource<torch_tensor_24_torch.float32_2> : tensor<24xf32> loc(#loc15)
    %cst_13 = arith.constant dense_resource<torch_tensor_24_24_torch.float32> : tensor<24x24xf32> loc(#loc15)
    %cst_14 = arith.constant 0.28867513459481292 : f64 loc(#loc6)
    %cst_15 = arith.constant dense_resource<torch_tensor_72_torch.float32> : tensor<72xf32> loc(#loc16)
    %cst_16 = arith.constant dense_resource<torch_tensor_72_24_torch.float32> : tensor<72x24xf32> loc(#loc16)
    %cst_17 = arith.constant dense_resource<torch_tensor_24_torch.float32_1> : tensor<24xf32> loc(#loc11)
    %cst_18 = arith.constant dense_resource<torch_tensor_24_torch.float32> : tensor<24xf32> loc(#loc11)
    %cst_19 = arith.constant 1.000000e-05 : f64 loc(#loc11)
    %cst_20 = arith.constant 2.400000e+01 : f64 loc(#loc)
    %cst_21 = arith.constant 2.400000e+01 : f32 loc(#loc)
    %cst_22 = arith.constant 5.000000e-01 : f32 loc(#loc)
    %cst_23 = arith.constant 1.000000e+00 : f32 loc(#loc)
    %0 = tensor.empty() : tensor<2x6x24xf64> loc(#loc11)
    %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0 : tensor<2x6x24xf32>) outs(%0 : tensor<2x6x24xf64>) {
    ^bb0(%in: f32 loc("ln_1"(#loc1)), %out: f64 loc("ln_1"(#loc1))):
      %101 = arith.extf %in : f32 to f64 loc(#loc11)
      linalg.yield %101 : f64 loc(#loc11)
    } -> tensor<2x6x24xf64> loc(#loc11)
    %2 = tensor.empty() : tensor<2x6x1xf64> loc(#loc11)
    %3 = linalg.fill ins(%cst : f64) outs(%2 : tensor<2x6x1xf64>) -> tensor<2x6x1xf64> loc(#loc11)
    %4 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%1 : tensor<2x6x24xf64>) outs(%3 : tensor<2x6x1xf64>) {
    ^bb0(%in: f64 loc("ln_1"(#loc1)), %out: f64 loc("ln_1"(#loc1))):
      %101 = arith.addf %in, %out : f64 loc(#loc11)
      linalg.yield %101 : f64 loc(#loc11)
    } -> tensor<2x6x1xf64> loc(#loc11)
    %5 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%4 : tensor<2x6x1xf64>) outs(%2 : tensor<2x6x1xf64>) {
    ^bb0(%in: f64 loc("ln_1"(#loc1)), %out: f64 loc("ln_1"(#loc1))):
      %101 = arith.divf %in, %cst_20 : f64 loc(#loc11)
      linalg.yield %101 : f64 loc(#loc11)
    } -> tensor<2x6x1xf64> loc(#loc11)
    %6 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%1, %5 : tensor<2x6x24xf64>, tensor<2x6x1xf64>) outs(%0 : tensor<2x6x24xf64>) {
    ^bb0(%in: f64 loc("ln_1"(#loc1)), %in_51: f64 loc("ln_1"(#loc1)), %out: f64 loc("ln_1"(#loc1))):
      %101 = arith.subf %in, %in_51 : f64 loc(#loc11)
      linalg.yield %101 : f64 loc(#loc11)
    } -> tensor<2x6x24xf64> loc(#loc11)
    %7 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%6, %6 : tensor<2x6x24xf64>, tensor<2x6x24xf64>) outs(%0 : tensor<2x6x24xf64>) {
    ^bb0(%in: f64 loc("ln_1"(#loc1)), %in_51: f64 loc("ln_1"(#loc1)), %out: f64 loc("ln_1"(#loc1))):
      %101 = arith.mulf %in, %in_51 : f64 loc(#loc11)
      linalg.yield %101 : f64 loc(#loc11)
    } -> tensor<2x6x24xf64> loc(#loc11)
    %8 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%7 : tensor<2x6x24xf64>) outs(%3 : tensor<2x6x1xf64>) {
    ^bb0(%in: f64 loc("ln_1"(#loc1)), %out: f64 loc("ln_1"(#loc1))):
      %101 = arith.addf %in, %out : f64 loc(#loc11)
      linalg.yield %101 : f64 loc(#loc11)
    } -> tensor<2x6x1xf64> loc(#loc11)
    %9 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%8 : tensor<2x6x1xf64>) outs(%2 : tensor<2x6x1xf64>) {
    ^bb0(%in: f64 loc("ln_1"(#loc1)), %out: f64 loc("ln_1"(#loc1))):
      %101 = arith.divf %in, %cst_20 : f64 loc(#loc11)
      linalg.yield %101 : f64 loc(#loc11)
    } -> tensor<2x6x1xf64> loc(#loc11)
    %10 = tensor.empty() : tensor<2x6x1xf32> loc(#loc11)
    %11 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%9 : tensor<2x6x1xf64>) outs(%10 : tensor<2x6x1xf32>) {
    ^bb0(%in: f64 loc("ln_1"(#loc1)), %out: f32 loc("ln_1"(#loc1))):
      %101 = arith.truncf %in : f64 to f32 loc(#loc11)
      linalg.yield %101 : f32 loc(#loc11)
    } -> tensor<2x6x1xf32> loc(#loc11)
    %12 = linalg.fill ins(%cst_0 : f32) outs(%10 : tensor<2x6x1xf32>) -> tensor<2x6x1xf32> loc(#loc11)
    %13 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%arg0 : tensor<2x6x24xf32>) outs(%12 : tensor<2x6x1xf32>) {
    ^bb0(%in: f32 loc("ln_1"(#loc1)), %out: f32 loc("ln_1"(#loc1))):
      %101 = arith.addf %in, %out : f32 loc(#loc11)
      linalg.yield %101 : f32 loc(#loc11)
    } -> tensor<2x6x1xf32> loc(#loc11)
    %14 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%13 : tensor<2x6x1xf32>) outs(%10 : tensor<2x6x1xf32>) {
    ^bb0(%in: f32 loc("ln_1"(#loc1)), %out: f32 loc("ln_1"(#loc1))):
      %101 = arith.divf %in, %cst_21 : f32 loc(#loc11)
      linalg.yield %101 : f32 loc(#loc11)
    } -> tensor<2x6x1xf32> loc(#loc11)
    %15 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%11 : tensor<2x6x1xf32>) outs(%10 : tensor<2x6x1xf32>) {
    ^bb0(%in: f32 loc("ln_1"(#loc1)), %out: f32 loc("ln_1"(#loc1))):
      %101 = arith.truncf %cst_19 : f64 to f32 loc(#loc11)
      %102 = arith.addf %in, %101 : f32 loc(#loc11)
      linalg.yield %102 : f32 loc(#loc11)
    } -> tensor<2x6x1xf32> loc(#loc11)
    %16 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%15 : tensor<2x6x1xf32>) outs(%10 : tensor<2x6x1xf32>) {
    ^bb0(%in: f32 loc("ln_1"(#loc1)), %out: f32 loc("ln_1"(#loc1))):
      %101 = math.rsqrt %in : f32 loc(#loc11)
      linalg.yield %101 : f32 loc(#loc11)
    } -> tensor<2x6x1xf32> loc(#loc11)
    %17 = tensor.empty() : tensor<2x6x24xf32> loc(#loc11)
    %18 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0, %14 : tensor<2x6x24xf32>, tensor<2x6x1xf32>) outs(%17 : tensor<2x6x24xf32>) {
    ^bb0(%in: f32 loc("ln_1"(#loc1)), %in_51: f32 loc("ln_1"(#loc1)), %out: f32 loc("ln_1"(#loc1))):
      %101 = arith.subf %in, %in_51 : f32 loc(#loc11)
      linalg.yield %101 : f32 loc(#loc11)
    } -> tensor<2x6x24xf32> loc(#loc11)
    %19 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%18, %16 : tensor<2x6x24xf32>, tensor<2x6x1xf32>) outs(%17 : tensor<2x6x24xf32>) {
    ^bb0(%in: f32 loc("ln_1"(#loc1)), %in_51: f32 loc("ln_1"(#loc1)), %out: f32 loc("ln_1"(#loc1))):
      %101 = arith.mulf %in, %in_51 : f32 loc(#loc11)
      linalg.yield %101 : f32 loc(#loc11)
    } -> tensor<2x6x24xf32> loc(#loc11)
    %20 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%19, %cst_18 : tensor<2x6x24xf32>, tensor<24xf32>) outs(%17 : tensor<2x6x24xf32>) {
    ^bb0(%in: f32 loc("ln_1"(#loc1)), %in_51: f32 loc("ln_1"(#loc1)), %out: f32 loc("ln_1"(#loc1))):
      %101 = arith.mulf %in, %in_51 : f32 loc(#loc11)
      linalg.yield %101 : f32 loc(#loc11)
    } -> tensor<2x6x24xf32> loc(#loc11)
    %21 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%20, %cst_17 : tensor<2x6x24xf32>, tensor<24xf32>) outs(%17 : tensor<2x6x24xf32>) {
    ^bb0(%in: f32 loc("ln_1"(#loc1)), %in_51: f32 loc("ln_1"(#loc1)), %out: f32 loc("ln_1"(#loc1))):
      %101 = arith.addf %in, %in_51 : f32 loc(#loc11)
      linalg.yield %101 : f32 loc(#loc11)
    } -> tensor<2x6x24xf32> loc(#loc11)
    %collapsed = tensor.collapse_shape %21 [[0, 1], [2]] : tensor<2x6x24xf32> into tensor<12x24xf32> loc(#loc16)
    %22 = tensor.empty() : tensor<24x72xf32> loc(#loc16)
    %transposed = linalg.transpose ins(%cst_16 : tensor<72x24xf32>) outs(%22 : tensor<24x72xf32>) permutation = [1, 0]  loc(#loc16)
    %23 = tensor.empty() : tensor<12x72xf32> loc(#loc16)
    %24 = linalg.fill ins(%cst_0 : f32) outs(%23 : tensor<12x72xf32>) -> tensor<12x72xf32> loc(#loc16)
    %25 = linalg.matmul ins(%collapsed, %transposed : tensor<12x24xf32>, tensor<24x72xf32>) outs(%24 : tensor<12x72xf32>) -> tensor<12x72xf32> loc(#loc16)
    %26 = linalg.generic {indexing_maps = [#map3, #map4], iterator_types = ["parallel", "parallel"]} ins(%cst_15 : tensor<72xf32>) outs(%23 : tensor<12x72xf32>) {
    ^bb0(%in: f32 loc("c_attn"(#loc1)), %out: f32 loc("c_attn"(#loc1))):
      linalg.yield %in : f32 loc(#loc16)
    } -> tensor<12x72xf32> loc(#loc16)
    %27 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%25, %26 : tensor<12x72xf32>, tensor<12x72xf32>) outs(%23 : tensor<12x72xf32>) {
    ^bb0(%in: f32 loc("c_attn"(#loc1)), %in_51: f32 loc("c_attn"(#loc1)), %out: f32 loc("c_attn"(#loc1))):
      %101 = arith.addf %in, %in_51 : f32 loc(#loc16)
      linalg.yield %101 : f32 loc(#loc16)
    } -> tensor<12x72xf32> loc(#loc16)
    %expanded = tensor.expand_shape %27 [[0, 1], [2]] output_shape [2, 6, 72] : tensor<12x72xf32> into tensor<2x6x72xf32> loc(#loc16)
    %extracted_slice = tensor.extract_slice %expanded[0, 0, 0] [2, 6, 24] [1, 1, 1] : tensor<2x6x72xf32> to tensor<2x6x24xf32> loc(#loc1)
    %extracted_slice_24 = tensor.extract_slice %expanded[0, 0, 24] [2, 6, 24] [1, 1, 1] : tensor<2x6x72xf32> to tensor<2x6x24xf32> loc(#loc1)
    %extracted_slice_25 = tensor.extract_slice %expanded[0, 0, 48] [2, 6, 24] [1, 1, 1] : tensor<2x6x72xf32> to tensor<2x6x24xf32> loc(#loc1)
    %expanded_26 = tensor.expand_shape %extracted_slice [[0], [1], [2, 3]] output_shape [2, 6, 2, 12] : tensor<2x6x24xf32> into tensor<2x6x2x12xf32> loc(#loc7)
    %28 = tensor.empty() : tensor<2x2x6x12xf32> loc(#loc7)
    %transposed_27 = linalg.transpose ins(%expanded_26 : tensor<2x6x2x12xf32>) outs(%28 : tensor<2x2x6x12xf32>) permutation = [0, 2, 1, 3]  loc(#loc7)
    %expanded_28 = tensor.expand_shape %extracted_slice_24 [[0], [1], [2, 3]] output_shape [2, 6, 2, 12] : tensor<2x6x24xf32> into tensor<2x6x2x12xf32> loc(#loc8)
    %expanded_29 = tensor.expand_shape %extracted_slice_25 [[0], [1], [2, 3]] output_shape [2, 6, 2, 12] : tensor<2x6x24xf32> into tensor<2x6x2x12xf32> loc(#loc9)
    %transposed_30 = linalg.transpose ins(%expanded_29 : tensor<2x6x2x12xf32>) outs(%28 : tensor<2x2x6x12xf32>) permutation = [0, 2, 1, 3]  loc(#loc9)
    %29 = tensor.empty() : tensor<2x2x12x6xf32> loc(#loc6)
    %transposed_31 = linalg.transpose ins(%expanded_28 : tensor<2x6x2x12xf32>) outs(%29 : tensor<2x2x12x6xf32>) permutation = [0, 2, 3, 1]  loc(#loc6)
    %collapsed_32 = tensor.collapse_shape %transposed_27 [[0, 1], [2], [3]] : tensor<2x2x6x12xf32> into tensor<4x6x12xf32> loc(#loc6)
    %collapsed_33 = tensor.collapse_shape %transposed_31 [[0, 1], [2], [3]] : tensor<2x2x12x6xf32> into tensor<4x12x6xf32> loc(#loc6)
    %30 = tensor.empty() : tensor<4x6x6xf32> loc(#loc6)
    %31 = linalg.fill ins(%cst_0 : f32) outs(%30 : tensor<4x6x6xf32>) -> tensor<4x6x6xf32> loc(#loc6)
    %32 = linalg.batch_matmul ins(%collapsed_32, %collapsed_33 : tensor<4x6x12xf32>, tensor<4x12x6xf32>) outs(%31 : tensor<4x6x6xf32>) -> tensor<4x6x6xf32> loc(#loc6)
    %expanded_34 = tensor.expand_shape %32 [[0, 1], [2], [3]] output_shape [2, 2, 6, 6] : tensor<4x6x6xf32> into tensor<2x2x6x6xf32> loc(#loc6)
    %33 = tensor.empty() : tensor<2x2x6x6xf32> loc(#loc6)
    %34 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_34 : tensor<2x2x6x6xf32>) outs(%33 : tensor<2x2x6x6xf32>) {
    ^bb0(%in: f32 loc("/work/main/examples/pytorch/export.py":121:0), %out: f32 loc("/work/main/examples/pytorch/export.py":121:0)):
      %101 = arith.truncf %cst_14 : f64 to f32 loc(#loc6)
      %102 = arith.mulf %in, %101 : f32 loc(#loc6)
      linalg.yield %102 : f32 loc(#loc6)
    } -> tensor<2x2x6x6xf32> loc(#loc6)
    %35 = tensor.empty() : tensor<6xi64> loc(#loc4)
    %36 = linalg.generic {indexing_maps = [#map6], iterator_types = ["parallel"]} outs(%35 : tensor<6xi64>) {
    ^bb0(%out: i64 loc("/work/main/examples/pytorch/export.py":122:0)):
      %101 = linalg.index 0 : index loc(#loc4)
      %102 = arith.index_cast %101 : index to i64 loc(#loc4)
      linalg.yield %102 : i64 loc(#loc4)
    } -> tensor<6xi64> loc(#loc4)
    %expanded_35 = tensor.expand_shape %36 [[0, 1]] output_shape [1, 6] : tensor<6xi64> into tensor<1x6xi64> loc(#loc4)
    %expanded_36 = tensor.expand_shape %36 [[0, 1]] output_shape [6, 1] : tensor<6xi64> into tensor<6x1xi64> loc(#loc4)
    %37 = tensor.empty() : tensor<6x6xi64> loc(#loc4)
    %38 = linalg.generic {indexing_maps = [#map7, #map8, #map4], iterator_types = ["parallel", "parallel"]} ins(%expanded_35, %expanded_36 : tensor<1x6xi64>, tensor<6x1xi64>) outs(%37 : tensor<6x6xi64>) {
    ^bb0(%in: i64 loc("/work/main/examples/pytorch/export.py":122:0), %in_51: i64 loc("/work/main/examples/pytorch/export.py":122:0), %out: i64 loc("/work/main/examples/pytorch/export.py":122:0)):
      %101 = arith.subi %in, %in_51 : i64 loc(#loc4)
      linalg.yield %101 : i64 loc(#loc4)
    } -> tensor<6x6xi64> loc(#loc4)
    %39 = tensor.empty() : tensor<6x6xi1> loc(#loc4)
    %40 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%38 : tensor<6x6xi64>) outs(%39 : tensor<6x6xi1>) {
    ^bb0(%in: i64 loc("/work/main/examples/pytorch/export.py":122:0), %out: i1 loc("/work/main/examples/pytorch/export.py":122:0)):
      %101 = arith.cmpi sge, %in, %c1_i64 : i64 loc(#loc4)
      linalg.yield %101 : i1 loc(#loc4)
    } -> tensor<6x6xi1> loc(#loc4)
    %41 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%40, %cst_3 : tensor<6x6xi1>, tensor<6x6xi1>) outs(%39 : tensor<6x6xi1>) {
    ^bb0(%in: i1 loc("/work/main/examples/pytorch/export.py":122:0), %in_51: i1 loc("/work/main/examples/pytorch/export.py":122:0), %out: i1 loc("/work/main/examples/pytorch/export.py":122:0)):
      %101 = arith.andi %in, %in_51 : i1 loc(#loc4)
      linalg.yield %101 : i1 loc(#loc4)
    } -> tensor<6x6xi1> loc(#loc4)
    %42 = linalg.generic {indexing_maps = [#map9, #map10, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%41, %cst_2, %34 : tensor<6x6xi1>, tensor<f32>, tensor<2x2x6x6xf32>) outs(%33 : tensor<2x2x6x6xf32>) {
    ^bb0(%in: i1 loc("/work/main/examples/pytorch/export.py":122:0), %in_51: f32 loc("/work/main/examples/pytorch/export.py":123:0), %in_52: f32 loc("/work/main/examples/pytorch/export.py":121:0), %out: f32 loc("/work/main/examples/pytorch/export.py":123:0)):
      %101 = arith.select %in, %in_51, %in_52 : f32 loc(#loc3)
      linalg.yield %101 : f32 loc(#loc3)
    } -> tensor<2x2x6x6xf32> loc(#loc3)
    %43 = tensor.empty() : tensor<2x2x6xi64> loc(#loc3)
    %44 = linalg.fill ins(%c0_i64 : i64) outs(%43 : tensor<2x2x6xi64>) -> tensor<2x2x6xi64> loc(#loc3)
    %45 = tensor.empty() : tensor<2x2x6xf32> loc(#loc3)
    %46 = linalg.fill ins(%cst_1 : f32) outs(%45 : tensor<2x2x6xf32>) -> tensor<2x2x6xf32> loc(#loc3)
    %47:2 = linalg.generic {indexing_maps = [#map5, #map11, #map11], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%42 : tensor<2x2x6x6xf32>) outs(%46, %44 : tensor<2x2x6xf32>, tensor<2x2x6xi64>) {
    ^bb0(%in: f32 loc("/work/main/examples/pytorch/export.py":123:0), %out: f32 loc("/work/main/examples/pytorch/export.py":123:0), %out_51: i64 loc("/work/main/examples/pytorch/export.py":123:0)):
      %101 = linalg.index 3 : index loc(#loc3)
      %102 = arith.index_cast %101 : index to i64 loc(#loc3)
      %103 = arith.maximumf %in, %out : f32 loc(#loc3)
      %104 = arith.cmpf ogt, %in, %out : f32 loc(#loc3)
      %105 = arith.select %104, %102, %out_51 : i64 loc(#loc3)
      linalg.yield %103, %105 : f32, i64 loc(#loc3)
    } -> (tensor<2x2x6xf32>, tensor<2x2x6xi64>) loc(#loc3)
    %expanded_37 = tensor.expand_shape %47#0 [[0], [1], [2, 3]] output_shape [2, 2, 6, 1] : tensor<2x2x6xf32> into tensor<2x2x6x1xf32> loc(#loc3)
    %48 = linalg.generic {indexing_maps = [#map5, #map12, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%42, %expanded_37 : tensor<2x2x6x6xf32>, tensor<2x2x6x1xf32>) outs(%33 : tensor<2x2x6x6xf32>) {
    ^bb0(%in: f32 loc("/work/main/examples/pytorch/export.py":123:0), %in_51: f32 loc("/work/main/examples/pytorch/export.py":123:0), %out: f32 loc("/work/main/examples/pytorch/export.py":123:0)):
      %101 = arith.subf %in, %in_51 : f32 loc(#loc3)
      linalg.yield %101 : f32 loc(#loc3)
    } -> tensor<2x2x6x6xf32> loc(#loc3)
    %49 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%48 : tensor<2x2x6x6xf32>) outs(%33 : tensor<2x2x6x6xf32>) {
    ^bb0(%in: f32 loc("/work/main/examples/pytorch/export.py":123:0), %out: f32 loc("/work/main/examples/pytorch/export.py":123:0)):
      %101 = math.exp %in : f32 loc(#loc3)
      linalg.yield %101 : f32 loc(#loc3)
    } -> tensor<2x2x6x6xf32> loc(#loc3)
    %50 = tensor.empty() : tensor<2x2x6x1xf32> loc(#loc3)
    %51 = linalg.fill ins(%cst_0 : f32) outs(%50 : tensor<2x2x6x1xf32>) -> tensor<2x2x6x1xf32> loc(#loc3)
    %52 = linalg.generic {indexing_maps = [#map5, #map12], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%49 : tensor<2x2x6x6xf32>) outs(%51 : tensor<2x2x6x1xf32>) {
    ^bb0(%in: f32 loc("/work/main/examples/pytorch/export.py":123:0), %out: f32 loc("/work/main/examples/pytorch/export.py":123:0)):
      %101 = arith.addf %in, %out : f32 loc(#loc3)
      linalg.yield %101 : f32 loc(#loc3)
    } -> tensor<2x2x6x1xf32> loc(#loc3)
    %53 = linalg.generic {indexing_maps = [#map5, #map12, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%49, %52 : tensor<2x2x6x6xf32>, tensor<2x2x6x1xf32>) outs(%33 : tensor<2x2x6x6xf32>) {
    ^bb0(%in: f32 loc("/work/main/examples/pytorch/export.py":123:0), %in_51: f32 loc("/work/main/examples/pytorch/export.py":123:0), %out: f32 loc("/work/main/examples/pytorch/export.py":123:0)):
      %101 = arith.divf %in, %in_51 : f32 loc(#loc3)
      linalg.yield %101 : f32 loc(#loc3)
    } -> tensor<2x2x6x6xf32> loc(#loc3)
    %collapsed_38 = tensor.collapse_shape %53 [[0, 1], [2], [3]] : tensor<2x2x6x6xf32> into tensor<4x6x6xf32> loc(#loc10)
    %collapsed_39 = tensor.collapse_shape %transposed_30 [[0, 1], [2], [3]] : tensor<2x2x6x12xf32> into tensor<4x6x12xf32> loc(#loc10)
    %54 = tensor.empty() : tensor<4x6x12xf32> loc(#loc10)
    %55 = linalg.fill ins(%cst_0 : f32) outs(%54 : tensor<4x6x12xf32>) -> tensor<4x6x12xf32> loc(#loc10)
    %56 = linalg.batch_matmul ins(%collapsed_38, %collapsed_39 : tensor<4x6x6xf32>, tensor<4x6x12xf32>) outs(%55 : tensor<4x6x12xf32>) -> tensor<4x6x12xf32> loc(#loc10)
    %expanded_40 = tensor.expand_shape %56 [[0, 1], [2], [3]] output_shape [2, 2, 6, 12] : tensor<4x6x12xf32> into tensor<2x2x6x12xf32> loc(#loc10)
    %57 = tensor.empty() : tensor<2x6x2x12xf32> loc(#loc10)
    %transposed_41 = linalg.transpose ins(%expanded_40 : tensor<2x2x6x12xf32>) outs(%57 : tensor<2x6x2x12xf32>) permutation = [0, 2, 1, 3]  loc(#loc10)
    %collapsed_42 = tensor.collapse_shape %transposed_41 [[0, 1], [2, 3]] : tensor<2x6x2x12xf32> into tensor<12x24xf32> loc(#loc15)
    %58 = tensor.empty() : tensor<24x24xf32> loc(#loc15)
    %transposed_43 = linalg.transpose ins(%cst_13 : tensor<24x24xf32>) outs(%58 : tensor<24x24xf32>) permutation = [1, 0]  loc(#loc15)
    %59 = tensor.empty() : tensor<12x24xf32> loc(#loc15)
    %60 = linalg.fill ins(%cst_0 : f32) outs(%59 : tensor<12x24xf32>) -> tensor<12x24xf32> loc(#loc15)
    %61 = linalg.matmul ins(%collapsed_42, %transposed_43 : tensor<12x24xf32>, tensor<24x24xf32>) outs(%60 : tensor<12x24xf32>) -> tensor<12x24xf32> loc(#loc15)
    %62 = linalg.generic {indexing_maps = [#map3, #map4], iterator_types = ["parallel", "parallel"]} ins(%cst_12 : tensor<24xf32>) outs(%59 : tensor<12x24xf32>) {
    ^bb0(%in: f32 loc("c_proj"(#loc5)), %out: f32 loc("c_proj"(#loc5))):
      linalg.yield %in : f32 loc(#loc15)
    } -> tensor<12x24xf32> loc(#loc15)
    %63 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%61, %62 : tensor<12x24xf32>, tensor<12x24xf32>) outs(%59 : tensor<12x24xf32>) {
    ^bb0(%in: f32 loc("c_proj"(#loc5)), %in_51: f32 loc("c_proj"(#loc5)), %out: f32 loc("c_proj"(#loc5))):
      %101 = arith.addf %in, %in_51 : f32 loc(#loc15)
      linalg.yield %101 : f32 loc(#loc15)
    } -> tensor<12x24xf32> loc(#loc15)
    %expanded_44 = tensor.expand_shape %63 [[0, 1], [2]] output_shape [2, 6, 24] : tensor<12x24xf32> into tensor<2x6x24xf32> loc(#loc15)
    %64 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0, %expanded_44 : tensor<2x6x24xf32>, tensor<2x6x24xf32>) outs(%17 : tensor<2x6x24xf32>) {
    ^bb0(%in: f32 loc("ln_1"(#loc1)), %in_51: f32 loc("c_proj"(#loc5)), %out: f32 loc("/work/main/examples/pytorch/export.py":125:0)):
      %101 = arith.addf %in, %in_51 : f32 loc(#loc5)
      linalg.yield %101 : f32 loc(#loc5)
    } -> tensor<2x6x24xf32> loc(#loc5)
    %65 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%64 : tensor<2x6x24xf32>) outs(%0 : tensor<2x6x24xf64>) {
    ^bb0(%in: f32 loc("/work/main/examples/pytorch/export.py":125:0), %out: f64 loc("ln_2"(#loc2))):
      %101 = arith.extf %in : f32 to f64 loc(#loc14)
      linalg.yield %101 : f64 loc(#loc14)
    } -> tensor<2x6x24xf64> loc(#loc14)
    %66 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%65 : tensor<2x6x24xf64>) outs(%3 : tensor<2x6x1xf64>) {
    ^bb0(%in: f64 loc("ln_2"(#loc2)), %out: f64 loc("ln_2"(#loc2))):
      %101 = arith.addf %in, %out : f64 loc(#loc14)
      linalg.yield %101 : f64 loc(#loc14)
    } -> tensor<2x6x1xf64> loc(#loc14)
    %67 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%66 : tensor<2x6x1xf64>) outs(%2 : tensor<2x6x1xf64>) {
    ^bb0(%in: f64 loc("ln_2"(#loc2)), %out: f64 loc("ln_2"(#loc2))):
      %101 = arith.divf %in, %cst_20 : f64 loc(#loc14)
      linalg.yield %101 : f64 loc(#loc14)
    } -> tensor<2x6x1xf64> loc(#loc14)
    %68 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%65, %67 : tensor<2x6x24xf64>, tensor<2x6x1xf64>) outs(%0 : tensor<2x6x24xf64>) {
    ^bb0(%in: f64 loc("ln_2"(#loc2)), %in_51: f64 loc("ln_2"(#loc2)), %out: f64 loc("ln_2"(#loc2))):
      %101 = arith.subf %in, %in_51 : f64 loc(#loc14)
      linalg.yield %101 : f64 loc(#loc14)
    } -> tensor<2x6x24xf64> loc(#loc14)
    %69 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%68, %68 : tensor<2x6x24xf64>, tensor<2x6x24xf64>) outs(%0 : tensor<2x6x24xf64>) {
    ^bb0(%in: f64 loc("ln_2"(#loc2)), %in_51: f64 loc("ln_2"(#loc2)), %out: f64 loc("ln_2"(#loc2))):
      %101 = arith.mulf %in, %in_51 : f64 loc(#loc14)
      linalg.yield %101 : f64 loc(#loc14)
    } -> tensor<2x6x24xf64> loc(#loc14)
    %70 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%69 : tensor<2x6x24xf64>) outs(%3 : tensor<2x6x1xf64>) {
    ^bb0(%in: f64 loc("ln_2"(#loc2)), %out: f64 loc("ln_2"(#loc2))):
      %101 = arith.addf %in, %out : f64 loc(#loc14)
      linalg.yield %101 : f64 loc(#loc14)
    } -> tensor<2x6x1xf64> loc(#loc14)
    %71 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%70 : tensor<2x6x1xf64>) outs(%2 : tensor<2x6x1xf64>) {
    ^bb0(%in: f64 loc("ln_2"(#loc2)), %out: f64 loc("ln_2"(#loc2))):
      %101 = arith.divf %in, %cst_20 : f64 loc(#loc14)
      linalg.yield %101 : f64 loc(#loc14)
    } -> tensor<2x6x1xf64> loc(#loc14)
    %72 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%71 : tensor<2x6x1xf64>) outs(%10 : tensor<2x6x1xf32>) {
    ^bb0(%in: f64 loc("ln_2"(#loc2)), %out: f32 loc("ln_2"(#loc2))):
      %101 = arith.truncf %in : f64 to f32 loc(#loc14)
      linalg.yield %101 : f32 loc(#loc14)
    } -> tensor<2x6x1xf32> loc(#loc14)
    %73 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%64 : tensor<2x6x24xf32>) outs(%12 : tensor<2x6x1xf32>) {
    ^bb0(%in: f32 loc("/work/main/examples/pytorch/export.py":125:0), %out: f32 loc("ln_2"(#loc2))):
      %101 = arith.addf %in, %out : f32 loc(#loc14)
      linalg.yield %101 : f32 loc(#loc14)
    } -> tensor<2x6x1xf32> loc(#loc14)
    %74 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%73 : tensor<2x6x1xf32>) outs(%10 : tensor<2x6x1xf32>) {
    ^bb0(%in: f32 loc("ln_2"(#loc2)), %out: f32 loc("ln_2"(#loc2))):
      %101 = arith.divf %in, %cst_21 : f32 loc(#loc14)
      linalg.yield %101 : f32 loc(#loc14)
    } -> tensor<2x6x1xf32> loc(#loc14)
    %75 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%72 : tensor<2x6x1xf32>) outs(%10 : tensor<2x6x1xf32>) {
    ^bb0(%in: f32 loc("ln_2"(#loc2)), %out: f32 loc("ln_2"(#loc2))):
      %101 = arith.truncf %cst_19 : f64 to f32 loc(#loc14)
      %102 = arith.addf %in, %101 : f32 loc(#loc14)
      linalg.yield %102 : f32 loc(#loc14)
    } -> tensor<2x6x1xf32> loc(#loc14)
    %76 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%75 : tensor<2x6x1xf32>) outs(%10 : tensor<2x6x1xf32>) {
    ^bb0(%in: f32 loc("ln_2"(#loc2)), %out: f32 loc("ln_2"(#loc2))):
      %101 = math.rsqrt %in : f32 loc(#loc14)
      linalg.yield %101 : f32 loc(#loc14)
    } -> tensor<2x6x1xf32> loc(#loc14)
    %77 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%64, %74 : tensor<2x6x24xf32>, tensor<2x6x1xf32>) outs(%17 : tensor<2x6x24xf32>) {
    ^bb0(%in: f32 loc("/work/main/examples/pytorch/export.py":125:0), %in_51: f32 loc("ln_2"(#loc2)), %out: f32 loc("ln_2"(#loc2))):
      %101 = arith.subf %in, %in_51 : f32 loc(#loc14)
      linalg.yield %101 : f32 loc(#loc14)
    } -> tensor<2x6x24xf32> loc(#loc14)
    %78 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%77, %76 : tensor<2x6x24xf32>, tensor<2x6x1xf32>) outs(%17 : tensor<2x6x24xf32>) {
    ^bb0(%in: f32 loc("ln_2"(#loc2)), %in_51: f32 loc("ln_2"(#loc2)), %out: f32 loc("ln_2"(#loc2))):
      %101 = arith.mulf %in, %in_51 : f32 loc(#loc14)
      linalg.yield %101 : f32 loc(#loc14)
    } -> tensor<2x6x24xf32> loc(#loc14)
    %79 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%78, %cst_11 : tensor<2x6x24xf32>, tensor<24xf32>) outs(%17 : tensor<2x6x24xf32>) {
    ^bb0(%in: f32 loc("ln_2"(#loc2)), %in_51: f32 loc("ln_2"(#loc2)), %out: f32 loc("ln_2"(#loc2))):
      %101 = arith.mulf %in, %in_51 : f32 loc(#loc14)
      linalg.yield %101 : f32 loc(#loc14)
    } -> tensor<2x6x24xf32> loc(#loc14)
    %80 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%79, %cst_10 : tensor<2x6x24xf32>, tensor<24xf32>) outs(%17 : tensor<2x6x24xf32>) {
    ^bb0(%in: f32 loc("ln_2"(#loc2)), %in_51: f32 loc("ln_2"(#loc2)), %out: f32 loc("ln_2"(#loc2))):
      %101 = arith.addf %in, %in_51 : f32 loc(#loc14)
      linalg.yield %101 : f32 loc(#loc14)
    } -> tensor<2x6x24xf32> loc(#loc14)
    %collapsed_45 = tensor.collapse_shape %80 [[0, 1], [2]] : tensor<2x6x24xf32> into tensor<12x24xf32> loc(#loc13)
    %81 = tensor.empty() : tensor<24x40xf32> loc(#loc13)
    %transposed_46 = linalg.transpose ins(%cst_9 : tensor<40x24xf32>) outs(%81 : tensor<24x40xf32>) permutation = [1, 0]  loc(#loc13)
    %82 = tensor.empty() : tensor<12x40xf32> loc(#loc13)
    %83 = linalg.fill ins(%cst_0 : f32) outs(%82 : tensor<12x40xf32>) -> tensor<12x40xf32> loc(#loc13)
    %84 = linalg.matmul ins(%collapsed_45, %transposed_46 : tensor<12x24xf32>, tensor<24x40xf32>) outs(%83 : tensor<12x40xf32>) -> tensor<12x40xf32> loc(#loc13)
    %85 = linalg.generic {indexing_maps = [#map3, #map4], iterator_types = ["parallel", "parallel"]} ins(%cst_8 : tensor<40xf32>) outs(%82 : tensor<12x40xf32>) {
    ^bb0(%in: f32 loc("c_fc"(#loc2)), %out: f32 loc("c_fc"(#loc2))):
      linalg.yield %in : f32 loc(#loc13)
    } -> tensor<12x40xf32> loc(#loc13)
    %86 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%84, %85 : tensor<12x40xf32>, tensor<12x40xf32>) outs(%82 : tensor<12x40xf32>) {
    ^bb0(%in: f32 loc("c_fc"(#loc2)), %in_51: f32 loc("c_fc"(#loc2)), %out: f32 loc("c_fc"(#loc2))):
      %101 = arith.addf %in, %in_51 : f32 loc(#loc13)
      linalg.yield %101 : f32 loc(#loc13)
    } -> tensor<12x40xf32> loc(#loc13)
    %expanded_47 = tensor.expand_shape %86 [[0, 1], [2]] output_shape [2, 6, 40] : tensor<12x40xf32> into tensor<2x6x40xf32> loc(#loc13)
    %87 = tensor.empty() : tensor<2x6x40xf32> loc(#loc2)
    %88 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_47 : tensor<2x6x40xf32>) outs(%87 : tensor<2x6x40xf32>) {
    ^bb0(%in: f32 loc("c_fc"(#loc2)), %out: f32 loc("/work/main/examples/pytorch/export.py":126:0)):
      %101 = arith.mulf %in, %cst_22 : f32 loc(#loc2)
      linalg.yield %101 : f32 loc(#loc2)
    } -> tensor<2x6x40xf32> loc(#loc2)
    %89 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_47 : tensor<2x6x40xf32>) outs(%87 : tensor<2x6x40xf32>) {
    ^bb0(%in: f32 loc("c_fc"(#loc2)), %out: f32 loc("/work/main/examples/pytorch/export.py":126:0)):
      %101 = math.fpowi %in, %c3_i64 : f32, i64 loc(#loc2)
      linalg.yield %101 : f32 loc(#loc2)
    } -> tensor<2x6x40xf32> loc(#loc2)
    %90 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%89 : tensor<2x6x40xf32>) outs(%87 : tensor<2x6x40xf32>) {
    ^bb0(%in: f32 loc("/work/main/examples/pytorch/export.py":126:0), %out: f32 loc("/work/main/examples/pytorch/export.py":126:0)):
      %101 = arith.truncf %cst_7 : f64 to f32 loc(#loc2)
      %102 = arith.mulf %in, %101 : f32 loc(#loc2)
      linalg.yield %102 : f32 loc(#loc2)
    } -> tensor<2x6x40xf32> loc(#loc2)
    %91 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_47, %90 : tensor<2x6x40xf32>, tensor<2x6x40xf32>) outs(%87 : tensor<2x6x40xf32>) {
    ^bb0(%in: f32 loc("c_fc"(#loc2)), %in_51: f32 loc("/work/main/examples/pytorch/export.py":126:0), %out: f32 loc("/work/main/examples/pytorch/export.py":126:0)):
      %101 = arith.addf %in, %in_51 : f32 loc(#loc2)
      linalg.yield %101 : f32 loc(#loc2)
    } -> tensor<2x6x40xf32> loc(#loc2)
    %92 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%91 : tensor<2x6x40xf32>) outs(%87 : tensor<2x6x40xf32>) {
    ^bb0(%in: f32 loc("/work/main/examples/pytorch/export.py":126:0), %out: f32 loc("/work/main/examples/pytorch/export.py":126:0)):
      %101 = arith.truncf %cst_6 : f64 to f32 loc(#loc2)
      %102 = arith.mulf %in, %101 : f32 loc(#loc2)
      linalg.yield %102 : f32 loc(#loc2)
    } -> tensor<2x6x40xf32> loc(#loc2)
    %93 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%92 : tensor<2x6x40xf32>) outs(%87 : tensor<2x6x40xf32>) {
    ^bb0(%in: f32 loc("/work/main/examples/pytorch/export.py":126:0), %out: f32 loc("/work/main/examples/pytorch/export.py":126:0)):
      %101 = math.tanh %in : f32 loc(#loc2)
      linalg.yield %101 : f32 loc(#loc2)
    } -> tensor<2x6x40xf32> loc(#loc2)
    %94 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%93 : tensor<2x6x40xf32>) outs(%87 : tensor<2x6x40xf32>) {
    ^bb0(%in: f32 loc("/work/main/examples/pytorch/export.py":126:0), %out: f32 loc("/work/main/examples/pytorch/export.py":126:0)):
      %101 = arith.addf %in, %cst_23 : f32 loc(#loc2)
      linalg.yield %101 : f32 loc(#loc2)
    } -> tensor<2x6x40xf32> loc(#loc2)
    %95 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%88, %94 : tensor<2x6x40xf32>, tensor<2x6x40xf32>) outs(%87 : tensor<2x6x40xf32>) {
    ^bb0(%in: f32 loc("/work/main/examples/pytorch/export.py":126:0), %in_51: f32 loc("/work/main/examples/pytorch/export.py":126:0), %out: f32 loc("/work/main/examples/pytorch/export.py":126:0)):
      %101 = arith.mulf %in, %in_51 : f32 loc(#loc2)
      linalg.yield %101 : f32 loc(#loc2)
    } -> tensor<2x6x40xf32> loc(#loc2)
    %collapsed_48 = tensor.collapse_shape %95 [[0, 1], [2]] : tensor<2x6x40xf32> into tensor<12x40xf32> loc(#loc12)
    %96 = tensor.empty() : tensor<40x24xf32> loc(#loc12)
    %transposed_49 = linalg.transpose ins(%cst_5 : tensor<24x40xf32>) outs(%96 : tensor<40x24xf32>) permutation = [1, 0]  loc(#loc12)
    %97 = linalg.matmul ins(%collapsed_48, %transposed_49 : tensor<12x40xf32>, tensor<40x24xf32>) outs(%60 : tensor<12x24xf32>) -> tensor<12x24xf32> loc(#loc12)
    %98 = linalg.generic {indexing_maps = [#map3, #map4], iterator_types = ["parallel", "parallel"]} ins(%cst_4 : tensor<24xf32>) outs(%59 : tensor<12x24xf32>) {
    ^bb0(%in: f32 loc("mlp_proj"(#loc2)), %out: f32 loc("mlp_proj"(#loc2))):
      linalg.yield %in : f32 loc(#loc12)
    } -> tensor<12x24xf32> loc(#loc12)
    %99 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%97, %98 : tensor<12x24xf32>, tensor<12x24xf32>) outs(%59 : tensor<12x24xf32>) {
    ^bb0(%in: f32 loc("mlp_proj"(#loc2)), %in_51: f32 loc("mlp_proj"(#loc2)), %out: f32 loc("mlp_proj"(#loc2))):
      %101 = arith.addf %in, %in_51 : f32 loc(#loc12)
      linalg.yield %101 : f32 loc(#loc12)
    } -> tensor<12x24xf32> loc(#loc12)
    %expanded_50 = tensor.expand_shape %99 [[0, 1], [2]] output_shape [2, 6, 24] : tensor<12x24xf32> into tensor<2x6x24xf32> loc(#loc12)
    %100 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%64, %expanded_50 : tensor<2x6x24xf32>, tensor<2x6x24xf32>) outs(%17 : tensor<2x6x24xf32>) {
    ^bb0(%in: f32 loc("/work/main/examples/pytorch/export.py":125:0), %in_51: f32 loc("mlp_proj"(#loc2)), %out: f32 loc("/work/main/examples/pytorch/export.py":126:0)):
      %101 = arith.addf %in, %in_51 : f32 loc(#loc2)
      linalg.yield %101 : f32 loc(#loc2)
    } -> tensor<2x6x24xf32> loc(#loc2)
    return %100 : tensor<2x6x24xf32> loc(#loc2)
  } loc(#loc11)
} loc(#loc)
#loc = loc(unknown)
#loc7 = loc("/work/main/examples/pytorch/export.py":118:0)
#loc8 = loc("/work/main/examples/pytorch/export.py":119:0)
#loc9 = loc("/work/main/examples/pytorch/export.py":120:0)
#loc10 = loc("/work/main/examples/pytorch/export.py":124:0)

{-#
  dialect_resources: {
    builtin: {
      torch_tensor_24_torch.float32_5: "0x04000000F597F0BC89C9C9BD4D1B093ECD6CFB3C6BCFFA3DDF7813BDC623B4BCDD5C233D3D9140BDD3C25CBD11D41EBE59F2F33D3188123E304F20BE7D4656BD74EEF4BD187283BD8986F63D7437AD3D4B0149BC8B4D8A3DF868413D9FD7B03D1D1C02BE",
      torch_tensor_24_40_torch.float32: "0x040000009ABFBC3CBA251FBEAFB305BED76920BE8F8BD53B920BAF3DACE2AABCFA92113ECC05E9BCBB68043DE5FF113E9AE1A33D984AA5BB40F41B3E2378C1BD613A713DA780CC3D4381C8BD7B1618BE5B274F3D8CB475BD6369A3BD66D1003DFAE7EABD099F113EBF8A68BC11684FBD425A073E0E54343D13C7F63CB9D39ABD9E4F1A3EC83F45BD0EAA063E336D3EBC5B70A23DEAAEE33D2D15F1BD41D3D7BDA01A20BEA88EE93D353D0B3ED1B06CBD55999EBDBBD0D83C2556AE3DF2DB1F3D33F906BDD3F8CDBDA9790A3E5DB5D1BDC0731CBE954A81BDBE24013D46B8703D466B7A3D4096BBBD398E78BDB6FE8FBDC3CF9CBD0E5F08BE0F92043DE6573CBD89D61BBE1D15BDBD9777C2BDC5AE8BBD8916C8BDE29FE0BC8D16683DEF0803BEDFEA5DBCED613ABDE28DA5BD5ECE0FBD6D3E89BD5C8FA63B5BBFE9BD21A2F53C4EA7143EC728063EB92F91BD869E473D650919BE6151083E385A21BE8FAF10BE7A5511BE695B16BE086BAF3C76412BBD79021B3D8E4920BC4B975EBB71FA69BD7B1EC0BD148F07BE9564A33DC0F5A6BD12B703BDBE469D3DF36420BD864A23BD0EDFD7BD74870ABEEA6B9B3D3A1E12BD2D9ECB3D0C802A3C829652B9D82B12BEA6C6643BFF5C12BDFFC7B8BD19E315BD1B6E073C96FDF3BDCA61D73C1F51E13D72E0FF3CE28C1A3E551B973DCD60FFBD0EEB7EBD40D91BBD2DBC413DB2C593BB8E49023E6D77963CAE13CDBDDA6E6DBDA1B306BE6B9232BDFC349F3D0F20C83A92651ABE63190CBE1ECC6A3D8C1B0EBE3B2401BE8D10C1BD6D511A3EF02638BDA18285BD43A5DABDEF25CF3D3C25D1BCE3C5F93C9EB61A3D72A6363D8E45CF3D986E063CBCFA853CD23A28BCB6A0FBBDC73514BDE3181A3E1B7FE5BD305DCCBD07AA20BE94151D3CCF6F17BE78DBA5BD7330153E1D1D863D4785AC3D57CADD3C2F9609BEB6AD96BD121303BE393CC8BD558C5C3DC49F33BD333A1E3E820CECBDA82C0ABE74DE1F3EA0DD0BBEEAC5093EC2642E3D639213BEE1040D3E925030BD9F8585BD0B9CFCBD22F308BEC831103D52091FBE9E10853D530920BDE148633D45911EBDC8F65F3DD9868DBBCA593E3D28BE83BD83BCDEBD88F5A43C87AFCEBDCDBCC8BDA7AF1BBE9A6E4EBDF35ED8BD752CFC3DC15BE93D31A9193D348D033E2DEC9B3D868518BE289981BC4240D2BC259CC4BD0F74383DA4224ABDB2D79ABD3297F1BAE14BD7BDFF00063EBEE7CC3DFD42193E026BE5BCA483533DBB64D0BBE0F905BE1E80923D0B2FE2BDACC869BD610391BDFBF31DBE41D6B93B2932D43C779740BC0B27EE3D756BF83B5BEEEBBCB39FB0BD1651C0BD3526B8BCBA0CBEBD0D9DD5BDC250ABBC47B3E4BC58AAC5BDFC33BD3D9B4F093EA9C9DCBDBFD58D3D2A4196BD357E86BC7524173E19BEA53C28601ABE3DD7143E4E35DBBB7325A2BDD902ABBD8BD70A3E94E22E3B06DBB23D61D2D43D0A5E7BBD04E15B3C8176D1BDD033073E903BABBD0116D73D2A17243D9CC0C73DDF26E4BD1E20A1BBFFC9A73DE7CDCEBB1FAE14BB33CC9D3D8705F2BDF2D701BD007F933DD5D09E3DBD60163ED01C00BD2373193DA6539FBD1864D9BCD08FA2BD9CF8EF3DB17B7C3AA8BB833D491DB23D065FF13C4ED7893CFC9A3DBC122609BEBEB0D03CC97A0FBDBB1608BEFED8163E27168ABCE69CA1BDEE9E1DBE182015BE129F763DF2D293BD5DE18BBD195EBBBD9BB1023E18AF1BBD7EE4D13D4289003E590EFBBD0D95F13D7957F7BC30121B3E7666A53D8DD61CBE28A2F03CFFA8633DA7F16ABDD28DF53DA21406BE8D7F4DBD77451A3EAB201E3EA6C2A13D2E4DC1BD6F4E0BBE91A403BE83E621BDF370B73D8C0A4D3D724C9DBCD39C113E8648FE3DAE5897BD273B8CBDA425F3BA4E65063D385C94BA35077A3DC06ADF3D808DE9BC25069F3DEA29B03C8B98783D274F853DF7192DBD8B6090BD2C698A3D0E53CFBD3B01AA3D95C4CFBD6226DE3DA0ED813D20A91EBD8517B93D6B4855BD8EF9093DD4AD3E3DAC48843C330E023DBAB54DBB57193BBD29A9B43D7B727F3D8390713D2B9DDA3D796DA9BD607816BD07AD93BB62A8023EF9ED00BEC9BDB9BD3E441ABD6F4D0ABE91D6FFBD55D2DD3DCFB0F13B6F4002BEA3DFD5BC6356AABB953E66BDA06D07BEAE3BB03D0EFB9FBCA3131E3E4200F8BD89C5B1BD0B9606BCA37FE1BD36FDEB3D866AFA3DB8AD123ED369CCBD6965E63D4CD6E03D65D880BD67218E3C3E4E9A3D63B8E73DDF3817BE3031213E5FD422BD0DF0833D8B1EC9BDFE30F9BDE24CDBBDE0D7BE3D6DBA9FBD053DBC3D00CA433D95CE803DAF0C10BDA3DC4CBDFA8197BDEA00B5BDE948153E1CC90CBC45DD8ABDFCA316BEA864E13B72B720BE5309F4BAEE75CC3D3682BABD09EBB13DCD964EBD1A0DF9BD505C20BEA1DDA03D0BC0F7BDCA1C9E3D8074B93C2AFEAF3D1B69F3BD8F960D3E1C4421BEE7C9F5BD7030C23D7A15B03BAFD5B5BDCDD907BD8F1610BE18E90CBE8BF20ABD5406F73DAE69413DFE3FF43C39A42BBD615D133E7A7BC63AF4AC5A3DA6B2243B161FCA3CFDF6573DB97DF83D4D64BA3D4EC4A53C4D76813D92C342BD5A57DD3DA7CD353DE660F43D563CCABCC83104BEEFDFFF3CBBB3833D56D3023E77047B3D13496F3D04D9003E17915EBD21F40E3EEC04A63D8742D83D78F1E63DFD4604BEB6A9A83DA5CA163E0A7DE3BDDB065EBCA49FC5BD7F621CBDF707C13C7236AD3DBB043CBD9C5019BE70D9AE3DE0ABB53DD8D0EABC339B0A3E09A1F93D0EBE0EBDF012C83B7B29E43CC5D1FDBCB88D1FBDC62B92BD8626B8BDFAB7A13D0D4F40BDF9589BBDDC9F0E3EB417CF3C2BA4E93DD78B133EFE76B6BC1B35C13CA01C163E31CCDEBDB32D42BD9F50B83C04C02FBCCF6C2C3DAA45AA3D733985BD41B6493C267B123EA53BB7BDD796DBBD0456F8BD8990C13DFC8114BEFE789DBD4EB4DA3D481FC2BD9CAA033E785F97BD67E9CC3C8B8DA93CB52A7EBB0FB0C93D3583093EE62DCABD859BB53D180A2D3D171841BB636AE2BDF81C403DE709EB3DF6F80ABE078815BE762B1FBEA9A4153D7D163ABD522C49BD38C3163E6D3025BDA9A3CDBDAE05693C14BBB1BDD5C03DBDB80CAB3D5578153DC735DEBDA9241A3E2815DB3DC6BDDCBD960C8D3D0E10853DFA5AE8BD9F93E3BD721006BE8C3E903D05ABE13CEDD9883D953A8EBD657CF33D4064A53CF93001BE950223BD8341A53D54670E3D4827C6BCB33CE2BDBC6FC9BDC5A60B3E7E7EB9BD7A78E53D00C658BDC326CF3A3CAA1DBED48552BD527C083E8B5C11BEB8EEA23D804208BE20EBBC3CD0CA12BE232C00BE5CB502BE429160BD465CB03CEB69EDBD4F22243D2208C33DDAFC033E815C0F3E9F32D53D69B43EBDD0BD6EBCAD400F3EF315A13D75BF2BBD517BF43DF77E0DBE89920A3E7B2DB53DE581EDBD060E04BEC23BFD3D93B91F3EF20E623CBF0D7DBDBC62B83D8F16923DFDA6A1BC76A0013EDCE3D13DB074213D9522A83DC3A817BEC6AD97BD3FFC8D3C9C1E303DB913B1BCE489743DD849453DF7A215BE96464C3DD79F52BC56D5DEBDE2D9AE3B5B471FBDBBF5ABBD818913BE5C72073E2FA7C4BD18F8AD3C79B4013E662EA3BCFE3BD4BDC5A31CBEAA36D73CAF7AA2BDD9EA3C3C40DE4E3D427F37BD5990DB3DCB8DA8BC323B81BD741BD6BD507E443D9E33C8BD6723083DC879A3BC868BDE3DCEBF9EBD03859FBDC664A7BC19C8C5BD1FE8763D5B3A6DBDAEDA843D47EFBB3D9316BD3D7DC9EDBC02B8B03D6578ABBD4A5121BE8E8A76BC01CAEABDCCDEFABD4EA0243DD45A0A3EA2DD7EBD7F8A12BC929AEABD3162E23C7EA3383D9DD4C6BCA45EF63DFA4E02BED2C8ADBCCABDB3BD5E2A0E3E9123093E15431F3E8CF6143EFE3F803D99F3F7BD7FA6DBBDCA401B3D738D10BEDA00CD3DF5C68C3DA4851A3D42510DBE698FEB3DE41589BCCEE287BD7411A93D48EA5A3C050C90BDAF94173DAAF0D7BDEA7A163E97E90D3EB156953DEC4EAB3D47F220BE8501B4BDA2CC1BBE84C6A8BDF63B06BE465AEE3D10B4AE3D41B3BE3DF7C08FBD30CFF63D842ABBBC73CB27BD8D5AAE3D2471D63DC2BCE8BD4B241A3E19BB82BCB57D2C3DE53721BE4B32903C2C43A0BD52C1CABDC03387BD661241BAB87F38BD776FCFBD20D9E73DB4AB403DEBAD16BE4BDA073D40171F3DA861BE3B22431D3D24E458BC7C9E8D3DF2F5E3BDDB118ABDD092F23D2F9EC8BDFBDF9E3D40CF153E0C0D14BEA7DD8DBD2C2B0A3E5EA41CBC23B4FF3C9457B83CDE71853D466C85BD9C27A83C0094DC3D698B5ABC478B14BEB9DB5F3DFE5425BD66A108BDD2E1A83D1C00E33CD7E4C3BD9B6E95BDB1E4C4BC080220BDA21A09BDFD54DDBDEB94EA3D4DF0A73DB99DFF3C66A3123D80A2973C1221F23D238C123D9D4FC53C8201B2BD9A0B583D1A7917BEA5414C3D36570CBED10486BDA3F4AA3D94DEC0BD6AEC003E66EAB2BDBE5B193ED69B473DD9538CBD427DC53D95620FBE9F22CDBDECDFCABD5782AA3C90807E3C3E420BBE463C1C3E2B731EB9D6EAACBD3183773BE8FF8ABD5CAD323D1F736A3D6FB537BD0206173C81ACC03DF09ED2BD2B6A10BD8315BFBCDD3DD6BDFFFD523CFC6ABE3B3AC702BE8EDA043D4E891A3E823CAC3D9AA6AFBDAC34143E0C97DEBDBCA4A4BD63D58E3D15CE003ED4811A3E1F640B3EFE4EB2BD2E32143D5354CBBD90D4643B6024063EE6719F3D8F8015BEB05C8BBDE49B08BE818A983D8D6DA4BCC4B7ECBD9BF24EBDD187543DBAD46F3C87EB173E9A9209BBC5B74B3D9C2F44BDD78F9A3CA59AB93B93130B3ECEAE873D768AB8BD77DD0FBED10B1ABE9C316BBDE56EA73C7151183E3C887EBC15387D3D7692A43D4C0BF8BDEEEE05BE2A66753D29EF963DDCC796BDAAFACA3CC9861EBEA99C023BFEBF1E3DDE2AC43A1199CDBC46C8863D590332BD290CF13DE7740BBE7F0FB9BDA92A07BE396E12BE2110F03DA04520BDFD5DFEBD5C53063D6536F5BDDBE9053CD9EF993D56F208BD7777A63D6BEC043D08EC01BEA7EEFE3CF9BED03D6C2216BD6CD4743C253EA53C0AC45E3C125A283D59051BBE61AFF53D333B8D3D19F49F3CF1AFEB3CF89202BEC6E938BD1E5CE1BBE0F2193D02A2B1BD076F893CEAFD48BD2FB3EB3DE0F90ABEEC65873C6B62DB3DC880FBBD2A7F94BB31A2953D1EAB823DEA52983C06E6823D62BBE1BDEFD9063E001C673B6151D13D06450F3D671890BCFBB38A3D2FB3193E9AB51F3E354908BE531D1D3C649FE8BDEDABBC3D7277E83D3862E3BDC8B815BC1813E03D7C24D63DE477F3BDB26BD93D5350E5BCE3B209BE1902013DACDA963D3233C23DB72BDCBD0289EABDE891D9BDDE82B73D4C810DBE02C2AEBA7B503EBD4E618D3DBA5EFE3C1185A3BD833DE23CD0FF143EFF41D53C3977A0BD4976AD3BA08214BE87C2CFBD",
      torch_tensor_40_torch.float32: "0x040000006B8700BE7B1726BE63FA2ABECB6503BEC2EDB0BD78E8F83C74E236BDD0FBEDBDB3C1E03A840484BD25D9003E10272CBEF44D9ABD3D5306BE1B55CE3C6774363C626340BC57644F3E567A9FBD8357F0BCB602583D04742E3E426F1E3E2507BF3C76289EBD0056893DAA83033E1FBF8EBB7F85E53DA7112B3EDDF9DFBD17D738BDCF2F3CBE87ED3F3D00F8143E9A5C22BD146A053D7994853D81AA8EBBCC80223E",
      torch_tensor_40_24_torch.float32: "0x0400000052FB493E966B5F3A226CFBBD3890F03D43282EBD7619653C3CC6D9BDA00A31BE27D10ABE629CB7BC625217BEDA034E3E46C9103B9A0AA0BD6638A53D3A5039BECFD3D5BDC4049D3D629931BE025BD03D4B8E8C3CF6482EBEF9704FBEB11F843DE398C53DE42327BD70D438BE80F0F0BDBEB9B13CD557F33B3805563D88D6133DB24C2FBC369DDC3D5AC14A3ECC132E3E2DEF3D3E8D178DBD75AF8EBD23F2B8BC511D773D5B37A93D560D95BC760307BE3DB51DBEFF3A493ED0C960BDF906E2BC1A1A00BE2440CFBD9BA3373D4F13B03D7643A5BD09DF99BD6094253E014DD7BDF1F21BBE8A7102BD0EE5463EA9EC353D1B0DE73C3435D0BCC09D023E7B34CFBD50B80D3E9C85453D38EBB93C1F34E63CEBE800BE2E3E1B3EAA8FDB3D0C7B23BE1B9E42BE0D3C57BD6FDD0A3E41D1CDBDF9BA413EFC2ED2BDA4CF3CBEB2E4B73DCDA4FCBDDBCC03BDEA6382BDD7DE84BC1B2336BE5EB73FBE59B5B33D037CBDBCA22DFCBDB864AABB3EC83EBE34EF5D3D0B88C63DCFB64A3E18492ABEB3C3CABC20DFE23DBE8F3F3ED0B614BE66A7B13DA698AC3D2407FC3D9B1A10BE9029153EF515B6BDF7A900BE1C03263D6812313E6C6B0ABEC032DF3D1482BFBCBB74853D820D233E1C04633D9B852DBE33BA7BBDFDF1253D755430BE0C000B3D557AE0BD363226BD638D953DD73928BE243206BE35ACBE3D7CBB4EBEE7D80F3E632C21BEEA6657BBDFA22B3D38F5A43DE1BB01BEDE07E13C6201B43DF847333EDC4C1DBE45D7CFBD3E91733D06BAD6BBF20D0DBEAAEC2FBE079939BE784312BEB1FDB1BD432511BE6C5D37BE6E87823C762AF53D751AC5BDFA36A73CC6E924BBA468C33D7FF510BE72C71E3CE519433EBA39153E952A4FBEDDBAFBBCC566F93A8A098ABD455309BE9C7111BE98E30A3E4B5787BD653957BCD655753DDD4B00BE800B953CBEA8F83D3D6DF4BD2140733D0F76E4BB5BDBE53D49E40A3EF0D15D3DF11ACA3BFBEE33BE6872A63D5CDEFE3D52D897BD488C4FBE8F62293E214144BD6947273D5A086BBDD74C053E1FDB4B3E1706033E650A85BD377B123E64FACB3D5D24A33C365D28BE9781B3BD01CE4EBE3CCD0B3E119E4E3E8D84F33DEB92853D6E9A453DF236493ED0F0D3BD48598CBD67AD3BBEF495A5BCA968653C3CDF643D026A11BE0E81C1BC3A3C2CBE19072ABE70F5D93CD5094CBE17A25E3D448D40BE967111BE647C2DBD857747BE58D0283EB1432B3E915BDABD0B252F3DADDCD53D07D8843DBBFFDFBC282745BE25FD173E615537BE18D81ABDD1744F3C21AE89BD03E798BD0BA734BEB445383C4CDEBDBC153A363E32A189BD9F8E213E96521E3C1CD2BBBD9ED646BDF2C2BDBC1A910A3B98BF09BD3721783D49222C3E836B033DF46B973D7713013EA738343D05B5C03D5549DB3DFFA5433E09C43EBE430D8F3DCC8917BC762716BDA62CA1BD6454FB3D34363F3EE8942ABEAEDCE13DC021103E8F20123D77951D3B45D9203EB84FC63BB58A50BDA9F676BCB61F863D834E513D7B7034BC96F6833D532D613D315229BEB655503D78C7FF3DEEC4BF3CB3A198BC481E203E9D9E36BEC4CFBEBDFAF3BCBD5D9B343EF62B4ABEF0D7A53C7A7A4ABE72F3DBBB4DD29B3D278643BDF8E74A3E73572A3AF121D5BD8399573D2B69D93DEE9ED4B957D0323E4A4B04BE0F5FB23DB061ED3DD1A3CF3DC3059DB8A9AC6E3D24FB23BE370824BEE2DF4FBC8194D1BC7E341B3EFDC6173E47BA0D3E9E7ABFBD451724BE3F1044BEA44B973DD8583CBEBCA850BEB545D3BDA27A30BE37BFA4BDFC9603BEE578D6BD30B9463E168F1DBD8B642D3EFF67943B4E08D7BC02CB74BD596A15BE70F027BE70BB103E31D380BD16CB4BBEA4D33F3E7A25783B31DE0BBEAA4D24BED6882FBE734837BE45263D3EBF1E103EA7C4883C222532BE74AE5ABDF05A44BE3111903DBCFF5DBD51EB32BDA36F82BD6900C43DB648E23D7227373D3866D1BC8740A5BC09C169BBEBA61BBE5FF54B3ECA4BB4BDDF38F33D195BEABD319CB33AD21B8F3DC4EB3FBEFCC1BF3DE4FE1FBEE258E93CEBCB25BD43A2EF3D5A264B3E376D3C3DA7FDBEBB6C1ECFBDDDDC9B3D1037C9BD5DAEAC3D5A31B5BD89C80D3E0954203E7A2B003EB200063BC7DDC13DFC773EBE1B83293E213A59BDC966983D2D950DBDDE5F8CBD1A51C4BD20D3063E1170E3BDEE7013BD2BE2D23DC188A83C38DF2FBEEAD84FBE293ECBBD15C9403EF09E14BE6A66E63D3D9F153E7247ADBDB09CB8BDFB6016BE446A023D0CC4E9BC517C223CFF54B53D3283AF3D72E483BDF1B1653C5E9C463DD1608E3B864F273DA458A9BDAC542B3E3A84ABBCBFF2D5BCD5993BBEA48317BE9110D03BF94D01BD6C2FD2BD9AD3DA3D1BB495BC9C05933D9B0D303E0C32C0BD32C0CDBDAB0228BD349A8DBC5317D1BD8ABB48BDCBCBC0BBF084BB3D6561413E91C81A3EC4F9B03C5CC052BCDB2A563DD58508BCC473DBBCF5C08F3DAF0F2ABECDC231BE7ABF583A056B7DBD4EC6CEBDAD9642BE26040C3EB84005BC1C9BE0BDE749AABDB2CF5B3D439717BEAECB563C10F824BBAC698E3D51D6A53D479208BE3082B43D4ED61D3E084F573CBAF9D43D60449EBD8B12263D0F4E743D9116C1BDF60D013E7CA145BE84089DBD2AF9F5BDF32AF8BDD450FDBDE8F544BECE7C0F3DA26425BDEEFF2FBE9D0EB0B807470BBD8874AC3D94B923BECA366BBDBA182C3D4C34B13D4A007D3C6194623D57F2503EF7D090BD6A750E3ED20C343EBFE738BEF83E4A3D54CDEC3D706B02BD14B8E63D8A82E33B34201F3EB304903B41D205BE7FBD1E3E52A8783D9BD4313EED8D4F3D4EFCDD3D0C54023E70C90C3DEC5C42BD95AE2C3DCBBD11BE4F82E43BBA5D86BD0D72533CF27E25BE8E6FFF3DEDD840BE5306B33D84A7093EA0913FBEC1DA3C3E6C621BBE362E24BD75A1D83D4B9084BD3E473A3E186CB8BD1DE1DFBCA5A208BEA4F1C1BD71F94B3EDC321D3E753F763CBD7D893C446031BE31CD1D3E47B5FABC525DAEBD665826BEDADA2B3E793BC63D25CDFB3DA925AD3C40D60DBE043FAB3D07DAC03C28498C3DAF3150BD4C48C5BDFF972B3ED5228C3DFEAAA9BD0B53953CF6BE35BDEFFF8EBC606CEA3D875D26BE402C3D3E2BAF0C3E76EA3739C2FEAABDE0782A3DAB5A0ABE6AC5073E9716DDBD93C11F3DB7A44DBE1831C83D757F0D3E7EE31C3E067E883C85D4F63D9A898E3D9D2C0C3E22E8EB3D56E136BE8848B03CE9848EBD909DC7BDE84E123E9454EFBC9BE1013D6B9B033EB9B20C3E8119DF3DFCF811BD76523ABEB6A848BE7F67833DB6C01EBB361004BE1393B63D6BBA3D3E96C9F13D8CE4EBBC3EF4E13C145405BE9A50C53D72FB21BED84E103E3AF1BEBD79CDA5BD87142FBE3A2F4ABDC2BFA1BCC2B0C0BDF8CA143E18EBEF3DEC7938BE1D45A7BC7A8D8C3D3AAA493E9DEB47BD5853003E7B5C3BBCB756A0BDF9D3FF3D2A423ABEA21E2F3E40C7503E0A4664BD2F23A53D5370503EB8117C3DE27BA33D0381993D8B08ABBDBA164C3DC2CEDEBDDF7C323E8723B3BD8D223F3DBD3272BD5F10D13D4F815C3B34DDE53D606662BD7E50F5BDAA46A03DC244EBBD499D2BBE3884A13D1B6DFBBD0C229DBDB4C450BDAF796D3C2BC990BDA57496BD692452BD517B123E58597A3D6943C9BDAC7B10BECCFA9A3B6FED853DF4F78BBB62B8F43DBECF2F3E180D753DF4DE893D0589F23DD1368FBDAF4E143DF0FD283EF52FC8BD0B25823C6370A3BD0DB920BE516DDD3D5505273EE8D7E1BDA5AD9C3DF730803D783BA33D931EE63D6524433E0EA61E3EBDE536BEB2E2A3BD8906DE3D90A6EEBD242C243DD637B3BD830E263D52FBCB3D9B65833D86D7173EFA38C9BCFBF1E23D5126873D83BF83BD41A013BE1F3B3F3E474879BD06711D3E42C1033E0FAC06BCA4A72CBE559E863C9317CABD5990593D212BA6BDEA1A213E95963CBE721461BDBED9033D7C859F3C58B82B3E741684BD8BDA26BE06640A3E1EA1693D4AB1093E496CF7BD9F89F5BD58DEA8BDA4C66D3CA9A88D3D753BF0BD1C709DBC3E8110BD69B83E3EAEC396BDE28E4A3E3F3300BEBD42ACBD1D371DBEC6FC193EA0BD0FBE100BAD3DCB9D99BD234B503E72DFEB3CEA8435BE03E50F3D964DCB3C3D2B4ABEC2CB273D986D473E899B703DBB488EBAE7522DBDF12E5E3D003FBABDB8D64D3E17B1343E1E4CC33D9AB69BBD664344BE6CA8F0BD6A3B4B3E9BDB3FBEF59347BE870A71BC6500853D020A50BEC50F42BEF675913A1A3A8CBD4A9F113E220D703DD26F35BEFD643CBE088C0F3EBF4114BD9AE0B6BD34AD833D505224BDF6EDC73D5906543DC500B5BDA48727BE5A4EE23DAD2AFBBD50F3B8BC8FA2E43C014AF3BD57B8E33D370613BE86594D3D77D7B23CC062993D8E234DBE6D30413CD2CCCB3DF7D105BE60E44E3DDBAA513A2353313E390A31BD6CC9B63AEED2B5BDB50E4EBDA75A6F3D5F9749BE06911E3E0B4F163E700AB13D63791C3ED72182BDF0703E3DD4242A3CD28910BE51B7A0BD256994BD0BBA4EBD879939BEFC0013BE95CB9EBCC260FEBC6FBD3DBE4DA5323DB89FE33DCC132E3E27EA2F3EEC0E12BEF3F985BDE351C6BD2259193DD30B603DEA043A3D3A4BF43D478DDC3D9162E0BD987D0F3E1E000D3EEA49DD3CECDA35BE003300BEC2FF683D4789903D54E7423E0EC4D43DA484973DF621E4BBCE860E3EBA2998BDFF36AA3D301CC7BD6BB8F9BA2A10F73D1CD2BF3D839F3BBD526329BB4512E8BD70A3C13DD6A50C3E9EE68F3D89434ABE42A115BE88EE0B3E4C6EEFBCFC5D003E8A121A3E2AEA74BDE346F5BDCEA544BE16E99F3DC868D63D32F310BDC8EC4ABE4DA206BE533234BC35CCBE3D7B148CBDBCEF06BE468411BEE8043B3E5362973D9AB529BE441601BE4D7031BE5AEFF13C0DC1A9BD1C2435BAB44404BD7AF736BED8C93ABED51F22BE0815AFBD9C0A023DF498C4BD2A6BEEBBB44CC8BCF6283F3E2093BEBD6062443EDA7620BE31652EBE2CF2873D074DF3BD116DD63D7148E7BD2D99243E3B654A3EE81A563C87B0323D62E0423E1DD3F73D857936BE0D1DD6BB34AE3CBE84AB1F3EC62419BD027FBABAF06B00BE7E50E3BD5E04D93C81752C3ED521D2BDC6029E3C8A353D3E4F543B3E037623BDCAE8433E493D983DDA5E3E3ED973C63B622531BE719663BD05C57A3DE8EEDE3D023B50BEAB96223E74823BBE21F1F43D6D3C4E3EAD0A4E3DFECB1DBDB52DE63D7E2778BD8CD41ABE555714BECC8EC43DD1A21F3E3E6C073CAFAA4ABE46634DBEC0CB3CBD5FABE13DC14A0BBE6D5C613DD87DE4BD74102A3E0D155BBDB23D2EBD815437BE64383BBE4707623C5530073D54DBE13DA2C636BE2A80123D2090F1BC6339F53D7D15BEBD2E18793DBE75A83D1A00D23DA7628FBD2588863D00DC23BD7824613D",
      torch_tensor_24_torch.float32_4: "0x04000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000",
      torch_tensor_24_torch.float32_3: "0x040000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F",
      torch_tensor_24_torch.float32_2: "0x040000009C02CF3C9A4A38BE5A122E3E8769EB3D07AE353ECFEFB63D29F28CBD557888BD2F98CA3D6B1422BD3BEB233D7B8A4ABE4CA6CEBD43489B3DABDF24BCDDF9C8BDF75236BEC3D8043E941A28BD435F4DBE89A9493EB56ECB3DBF0CFABD388D18BE",
      torch_tensor_24_24_torch.float32: "0x0400000018C6F93C606A6D3A84B117BEE116423D92A919BE2CD6CA3D7313F9BD168E88BD8042C6BDFBFB243EAF3213BECC75D53DB1A9D13D7FCB133E857C513DBBE5E33D983B253EB9B0243DA3248E3D3A7123BED54360BDC59E973C6599CA3C3CB293BD68364FBE3A6F59BD950BA03DD1FB333E06C13CBEF896C73D2B5646BEA3E347BE4CE602BE23DEDCBCFA83693DE5F61EBE2F0A213E3D053D3E47C44D3C37242A3E8841BDBD7C60A5BD82C9D7BC3CB6B63CCACF11BE675F27BE6924A53D5E11713D177B4C3E6071AABD07A1933DA0B2A8BD4A5ECE3D064339BC55F31A3EE040E83DDBFA2D3E04D5D63D904BFB3B6021343E838DF5BDD125453E34414C3E4EAC473E3447C3BD5881DDBDB697533CBE2D823D0DB4D13D4705AA3D22FB313E887951BD602689BD12218C3DD8FD683DA2DBF3BDD2BDA13C66B31EBEA54875BD6912A4BDE839373E39283CBE31D3F6BD698E4CBEF5DD523DFFE120BE4641873D963011BE6FE505BED391D5BD71F1FA3C3E11403E66CB433E8EAA7CBCCDBC4CBEB01C8ABD71529FBD53D531BD0EBB9F3D2160D23DE659B93D58D86E3DA03CA9BD33E90DBB95D0D43CB488D5BD689695BCB1BCD0BCDC7C45BE96B30D3EE20FA9BC2DB134BEA35F253E99F0E0BDBB01943D764A4F3EC4D11A3CFF8B703D0F1AA63D52FA1D3E204480BD193EEBBD24DC82BC7E77233E0EC78F3C4D3B113E43EBC6BAD843803D2E95E83B8A92B53B16E946BE34BC36BE4A028B3CBBE7CE3D6D690C3E0B1C113C2F37B03DABD7AE3D907034BEA9B737BEB51022BECCFE653B342B04BEBFC785BDB52EFABC0D1BA33D05DB413DDDE7413E75893C3E045905BE1D9328BA59110A3D157A363EB38F81BD074BA4BD326804BE61051A3E16DF6CBDA1919CBD7B600D3EE255403EA9EF0CBC785713BE174F2A3E4CF98EBD67A5C0BDC1F212BE990DC9BD1AB323BE614DF1BD4B693EBE4A8428BD0616A83DBFAC1EBE087595B9D4289ABD5035CA3D170A353E7CABDDBC0F67D2BD1C9B20BE7E9CF5BD3466713DFAD53F3D5821E13D1978F8BC62CED63D37393ABEF4C1603D17EB4A3EAFDE4EBEF104D9BD68CF053ED4B802BD38D6DEBD0509FF3D582F603C36FD023C2BF37DBD7E7C1D3E9AE3E73D6CC7153DD531FF3C3B2BD83D3639023EB17BABBDFF34B7BC2088B73D8793CABD7272433E412E0FBEFCE7C03DD92416BE7D38863D61FE113EC894C93C8599A7BCB0EB043E521616BE4F050DBE512632BEFCA900BEE999AD3BB38FBDBDD5443A3D09B6E13B06F62D3EAE44B5BD1CBA64BD243F0A3EE46853BD1E1E483E260AA6BD978212BB051846BDC309C33D872EA03D189FDEBDEABB093E408254BCD76D53BD42EC86BB0178113E160A4D3EDA6ACB3D364D123D696A083E41D0AEBDE578DABDA07371BDE74807BE33BFB33D2AD79E3C2A078FBD9DC3A9BC909F84BB0B39333E82963A3E81EA20BE6E36993D756DA13DECD89F3DBAF8E3BCC718513D3364523D24714B3E655548BE6EA39EBD95A10CBE24C8CABD2928243DA8F5FE3DF4101EBE7DF3073EF3982E3ED60ECEBD31EE113D969DD6BD7314333DD7D0C1BD1ADAA2BD6DEC0BBEEE4D2EBEAFCD263E6D2BD3BC5D8FB9BB850CD0BD94B0113E5047EFBD7815A9BDA12A23BE73C32FBEC291393E226821BEF7DBE6BCF80372BD0E20993DFEA05F3D393C20BEE4B73B3EF73650BE9663A53C6BB38BBCAFC141BD3C710E3E527B303E18D3D93C4DA793BDEE651B3EA952033E432B163D4CAE64BD95FF0C3C134D3A3EE256B53CC1C324BD75F830BE1206E0BDBBF6163ED988EBBB39B65EBC51C5A23DA08509BED3EB61BC9B276BBD05BBDA3DA81B2A3E4A3F033EA0D61B3EEBCD3ABED56994BD6D03C63CE88831BE1DCF623DC60209BE5623B33D612C293E03CF32BE3B262F3E9B0FC33D5BF009BE8012483E520835BEEFB70CBE90F4CFBD8B5A29BC2623163D5C5E75BD3B1F46BEDD05C1BCD5961E3E49EF203E4745D13D63C8F23C6DBF4F3D4F2321BE9148A93DFD0650BEF7A3ACBD03B95BBD0F7E193E17FBC2BB896CBEBD9A12123DF2702DBE975C5DBDC08E673D047E5DBCC39CAFBCDF7FFF3DA3C71EBE0F15D3BD14544A3E865F263D625F07BDCD8AD83D797DFB3D47B60BBD3022AEBD6CAA08BDCECB973DDA79D5BC9D4DF33D8D742ABE541BCDBDBD581F3E4D5FDB3C875D283D547E893D1F9045BD0F2EA7BD9ADC6F3D26975DBDABB1ACBDD5ECDC3C373C4A3DFBFB96BC825C0DBE8BD6FCBC17EBECBD5606DC3DA87F0ABE66A9263EBF80A63D75FD32BEC41D1B3EE6B54EBE207242BC4D8102BE43D133BE17AEA53C82B1CABDE316173EAD5024BE757E2D3EC034FC3D3113373EB3D574BD2C1F00BE1FDE0ABE46D12D3E13EDCFBD54E4CDBC56DF00BDE6D60F3D22852BBE278B283E0DAA1ABE2F964D3E2D93A3BD09A0BABD93D8E5BC5C72773D49EA1ABD7E9D50BE0206133EF3084F3E97EAD23DDD884C3E97E0633D2E0883BC677C26BEF0AF36BE6BE90FBECC2254BD676EF33DAB7AACBD8AE401BC1CCC3CBB4EA208BEB710B5BBB3D2493E0C10273E2F321F3EEBEBA4BCEB3F6D3B528AE43DA50D8BBD0F6CA9BD7DD6323E43EF3E3C41220DBEBD1F303EB7C50A3DC6ADDF3DE98935BEB4271B3DBDB2FF3DE53CF1BC919EEDBD2A3B273E2E71C23DB71F6E3DBABB453D96A1933B53BCEF3DBEC636BDAB14F6BD53A19F3DDB105F3DA92B9F3D40BBB9BC02E8DDBC50E784BC91765C3D4D6520BE6DD242BE646E9C3DC3E1E4BD3AAB8CBCECC9673D268AEA3CD1BF063E2332DB3CF0FE4E3DC7AD95BCB9D4F63C9449993D3F990E3E4B0D46BE8624AEBD82903BBE33ACA6BD1CD5FE3DC10C46BEDC493BBEF40EF23D2FDFF6BD96C4183E3842823D7EDF513DF30C263EFB9D41BE0E11193E4992873D84110CBE6D6E4B3DC20469BDBBCCA7BD771AB5BC1C18C5BD0BC7363E1BE8333E8162B2BC5A5B39BEE9974CBCC8F65C3C28B70B3E4B34D73B6657733D44D85D3D3933EDBD7EA701BE91D13ABEE619D2BA337B813DF7CC6DBC45E44A3EC07E1FBDAB6408BE87590B3DF3736BBD223DE5BC6F884A3EA4EABFBB2697363E1550DF3CB7859BBD4C3F193E9721EEBD454FDD3B8FEE3B3D2AA2BB3D70DB40BE770F243C187B58BD0886073E2CA68C3D3C8DA73DBC5AFB3D6C2F3BBDAC4556BC87B0273E6B7828BE1D7B10BE55A8743C8399A5BD12893F3C87A4383E85D8C1BC683832BED208BEBDBCF53F3E3EAE37BDD54DB7BD792CBC3D",
      torch_tensor_72_torch.float32: "0x04000000C12B813D27FE27BE8947033D16322C3ED8F00C3EE5FF323E704CE23D1F598ABC094D5A3DBEAEAEBD726C313E5951D13DFBFC18BEB3BB343EC08246BB22AA14BC80D364BD4D985CBD1263273CF915CCBD4C6F42BE8F56D7BD506126BDB9D71D3EDCC4193E3079FABD326A00BC5E4F71BD3FA4DFBD530613BD490D91BDCDAAE93D3753CFBD9CA2003DD6E8EBBD6F7982BD498C243EE93BCDBD561949BC96A0473E64158F3DFBC8D4BD0BFFFABD189992BD2EE982BD0A03B63D57E239BDD149303ED25FE5BD81B982BDD133983DF3EF263E38F3473EBED2053D07F80C3CB04CBBBD3934EC3DF551F2BD6CC35BBD6BB32EBE66F148BEF1AAE93DF934633CC1A0263E7F53263E025FDB3DBB4CA73D01FB58BD7E07DE3D6406C93DECB7903D4715C1BB",
      torch_tensor_72_24_torch.float32: "0x04000000414FC8BA1C42E03D15092CBE0AD419BE2903A1BD5134603D748684BB74BB253E7F6594BC973D5D3D97AD7CBDCB5824BDA0B047BEAA6E0ABE0D54ACBD5BC6F73BB644A53D58D6FA3D93B40DBE2A0BB6BD70D7973DFF912D3E68112CBD1B6A1C3EA3C306BDD5F0B03CF6433D3E92E741BE879603BE69AB53BD54F4A2BD9D98343E0B7C07BEC070C0BD320812BE4EC343BED007F4BD06AD333E388ABA3D959DCA3DBAE22F3C4F53D6BD3D740D3DEE2943BE770817BEF083D7BD71E1033E021CF53DC566B9BD8158F1BBD8AE053EFCCB4F3E45EAA53D77E6E13CAC250C3E8925F6BD04CD1B3D8A0E22BEFCDE10BEB1F4D7BD9827BD3D251FA83D79A1F7BDE9967C3DE67EE53D0D0FD3BCED62FF3B01BA413D4DAC013EE9B3483E021421BE893399BDDC4BA43D9D2F2D3EBAE4353ED76E383E0365263D4DC335BE17D4993C18C402BECBCC42BE2AB7393ECBEE1E3EA58150BE407E1C3D21D90CBD9E9609BD125DBFBD24C3A03D3B9CF7BD8C40993DCD68D33D3BA2153EE94F9C3DA8E04EBEB89707BE9EBCD03DCCFE2E3D3C0E23BE1DB8F0BD6CA3443EF1D70C3E5847B6BD886E52BD731D47BEDD7270BB20681DBE3D3B21BE034638BC0012FB3CDE33ABBD2D0FF83DC365FEBD4DA93D3E583E0F3E014430BE1F1750BD21E8163C3FF9F33CB54C463D9D0DA43D0D54483C0FFACBBD9DD0C53D558148BE60C7F7BD864C51BDCCA2CBBD1D3F92BDE4512BBE7CD931BD5DB8323DE22B08BE85A12BBC1FA1153EABE6ABBC19E5B93BF04190BCA535293DB8E7043E12FF453ECBBD043E0B73463ED1DE71BC1DC53BBEAC2FC6BD2F530E3E4570ADBAD3C9CFBD482D20BE5F9D43BED06A30BE1D9729BD5342E53D5303E23DAD9649BE8762023E059023BE31C230BD9E81A9BD500B21BD222924BD20913BBE7E7A34BED2D402BD00002D3B6EE8BDBD4A7A9D3D0E223CBECAB361BCAAD1373E8984AABDA0BF3C3EA465973D9DA23CBE963F043EFEF5C0BC649EBABD6325273E1DE928BE076FB33C360D2FBD1D44153E0264693D9BDFC83D04A3933D210F49BDB7D52FBD88402CBE1384E23DB5F5253ED1040F3EBD7013BE9628153CF85813BEBB20E6BD0D99F3BD80DD8E3D891EF9BDFCED91BBFEB00C3CBBBD063E39011EBE377F0FBE4FBEF2BD624D123EE34596BD044F303E2F2B973DFCBDD33C212AC7BAB24725BD8ECDD13CD3EA3EBDF1FDBBBAF35BD53CBC7F23BE761CDBBDE0C8283ECDA129BE802570BC16C64E3E8803973DEA60BD3B3B2435BE4417CF3D16E214BE38566DBDE8428CBD27A1F7BCA453123B63672C3EEEC0D03C74383B3E5FB9FF3DB82504BED67EBB3DF4C113BEB32DB1BDEEE9753D1B098A3DA5D01C3E639386BDEF52AB395638D73D07254ABEA31E173E8ED82CBE0960383B56260EBD752CDCBDB203DD3C5BD82C3EFB6774BD0D31F8BD189C9ABD452C4FBE1CB4BC3DBFC5C8BD547D0BBE49D6F0BDB55BF03DE462DD3D096E203E92A2973D519C8BBDFFA469BDBC01773D03D32B3EB853633DF1CBC5BD9C83C4BDF99F45BED9A2343DAA99EABD275C3ABE9749373EF1BD07BEF93ABEBCFD886F3D9117D53BD9A50CBE3BF528BED19B263EF225083D25692D3E66258CBD8D46763DC8313FBD5CBA14BCD19BFEBD36628D3D072C843DAAFA89BBFD093CBD1CD900BE828C103E139A1BBE5642AB3DCD918CBDA7B1C9BD2C33163D3528D9BDC8A3403D4C31243D8E321BBE4C350B3DE00EB23DC579A53D127ED2BCC65A2BBE16E300BDD030913D178998BDB6AE9E3D9B330B3E9548DABD28ED033B99DCAC3DF00F833C1DAE8B3C4FCCD03CB45224BE026A833C02BE103E875A3C3E03B5F53DF013E03CC93BC33DFA5ECBBD0D372DBE50BE33BE0586503E87AF043EDD7B10BEB98EA33DF6D81D3E50F1503ECDC4363E04F1213E94AE3FBDB9B592BD439E2B3EBD43EA3D4B92FBBD57EA3B3E8EFBC93D51E4E33DC10203BEF2DF6F3D248D92BD5452233E6D7216BD2AC0A23D2082143D8ADDB13D4A108EBDD0D3CB3D20FF11BEEFD53C3D616C0DBE8C354EBE73DB27BE7B04253E8D2DE23DDA1B443EEF73273ECAAA3ABED6A40EBE161907BD12BF07BE1A25113EEB051EBE23F7CBBD7AEF49BE0B58EDBDB4EA2B3EC9232B3E6CA0153E7864213E4DDC393EA41756BDF4F0B73D9E393A3E2C4C8A3D9AF4503E3AD3D83D5AF0013E1B5092BD1197C83D2025C03C63AC47BD24A8EBBD9C92EABDDCD620BED5520C3EDF99143EDD50BEBCE3EAF1BD1C8E213E01AB053EBA99783CD95FC5BD2D1A403EC4F4AA3DCFAD1EBE6E0D483E08BA1E3EC15F98BDB101EB3D8087EDBD160703BD577B313EBC2F0A3C30D313BE8EB98BBD09F462BD6B4E21BD7607A03C8F4F413E0A0F333C2A0F01BECB692B3CA572C83D265ECF3DC7083FBEC99C15BD9B551BBED35FB2BD8B9E963D036F14BE27669B3D0D6A313E0B5A5B3CB44F0BBE99C795BD9792363D94571FBE90B0CF3D08C43DBEBBEE48BE7C194BBECE9C29BDD58D0C3E04D645BEC2BC2D3E623AA7BDD3E0743D5683183CEB7A3CBE55592D3E2218E13DA1C44F3EBB33D33D3DF809BE83722E3EC5BD333C923EC63DD09927BE7D7B70BD313C4DBE6ED3A2BD075F343DF11D24BE1942853DFB68E03D6FF3E83C99DA0BBE4C0F22BE67F980BD3C81B73DFF2D4E3E8463F03DB44DBCBCEB92923D99104DBEE58632BE4F10C33DAAC9ECBDC91EC93D608E13BE1810CFBD882B2CBE4F27DA3D3063AABC4CDD203ECD5B013EA352E73D7815D73B2E4081BD01CB35BD013CDE3CC23ACF3D837012BEB16D2F3E1BD1B5BC67262FBEED2FE2BD87F2383E47283F3E279D41BE756C133EFA81D13D0673F73DB7F1303E614EE1BD4602843D1314AB3D4F0F77BD87E68B3D178E70BD1E3B013E4DFA67BD8AD89BBD497C523D4247943DDC3ECCBD81D1933CD345F23D7F60A6BC8A737E3D96A749BD6A86923D476A17BEC0D2F5BD4232D4BD3318403EADFA60BD141A12BAA38ACABD6CAA503E8B254C3E78A41DBEE27229BE25701EBE300881BA8E1F55BDB0D008BE09F195BDB4F61D3DE16CDABD7543393DB3BA3FBDE591CABDE5BBE53CF9DE2B3EF3500DBE384B1B3C77299ABDA01D4D3E3F5046BEE36148BEDFF74D3E313F04BE684C203DDC5190BCF52030BD4ABD3ABD60D2043ECAD91F3C0A824BBE41CCF6BD19838EBD245ED23D134407BE8E17453EEA383ABD632116BD21C8233EFF1CD23DDA46313E06D1F13DC6A17DBD5BAE0ABED2D478BCD2FE2C3EFB4D8CBD7ED741BE7A5EAB3D617A4B3E82056EBD7A132DBEB1983DBE3786513D193C7DBCA81BD3BD3E00293DBBC19E3D753D263E2748223E834CFABC4B4F38BECDE03CBEA829433EAECCB83DBD3AB63DE9D934BE088F413E4204463EFCB73C3E2B5430BE17BD9DBD30C20FBE0EF0453E49A0B3BD65DCBEBD1405DB3D9062C1BDA4E5CDBDBD4492BCC9BAA0BC14D322BE84412E3EC668B8BD8849943D0ECE353EDED3D23D6CBFEC3C4BD9313E19C9E03C7069C1BD5CBC453E06E3453D9BF04BBE4C076EBD38610EBEFC42373EC5130ABDA0873EBE023D52BCEC44033E9B37593D2630843D1C4D9B3C00DB9B3D32B74BBD844CA6BD2D6043BE00771DBEAC2EB53DE287F7BD0AE7EF3CD26F853D5DCB6C3C258507BE0FE5473EFB17F3BDF1EB2B3E964726BEED1E49BD7567E33D3DCEAABDA2962F3E33D70FBE1C882FBE4C81BCBD9B27073D9375403E5F93C7BD5181953D419D51BD255135BD07B2193E6FFD21BEBD9BB13C3991443E53C7E5BC254B223E7DBD80BD7641283EC5314ABE5F00F1BC4EDB12BD877B873DD202A43DD37D203ED321F9BC0D9F04BC32240F3E643962BD993C373E8E2B0BBE67F2B4BC17A133BC5189BA3D75E70E3E198604BDEF2B2DBE8023CF3D111A7A3DCCEDA73D8AF000BEC086063E31FA453E0919913CDC3C43BE6DBB123E00FB1ABEC131403D8DFFF23C32A9C3BDD58F913D06F53ABE916D3E3DAA8204BECCD1B4BC5C17D73C7B13323E5675C7BD63E8053E906CD4BCB28AC6BD6C0436BE56C83FBE5C224C3E668550BD1D0C273CCCAC623D6B140E3E5665323E7785293E99DC1ABEC1F405BDAB5FF7BDFAD9EEBDB953463DFB32443E027327BEE300FD3D3ABED8BD6DD922BD9FEA253E6C193DBD1743983C2D1D12BED5ED313EC029D8BCA6E018BE08D1743D7C9E14BE84DC25BE7ABC4B3CFFB8253ED0996CBDB2C2C43D369E333E0AA30A3E714ADBBD004EB7BC868D83BD8E1428BEA3DFB038BE461D3EF11A303E1B049C3C57E53D3D35FBB4BD8FC71D3EDEF3ADBDD13211BEB8C0003D2192FA3D18743CBE3BF33C3E5D62963DBC7112BEC11934BD2258353EAB5E20BEED5E74BD661C893D3E1F37BE172CE53DED9CD93D26A3013E194305BEF02F503E3FCDF7BD1FAD503EF69848BEBC3B3ABE9961003ED4C3AE3C35EF403C237FE7BD325CAFBD877674BDFB9E4BBE74CD2D3CD3DE133D123635B9F4FF863DF154463EBD4D5E3D030999BDAA0BACBDF2BB05BE16E610BE0FA706BD41E013BD1DF9B93D39B0B2BD4EA2263EDAAA12BED315183A23E53B3E78D94F3E8E28F2BDABEE143DE485C53C6F00C4BDCE6E90BD8175623DF05811BE9FF3093D22E6B43D53BDA4BD8B9F2D3E30185CBC43ACBD3D38FF4E3E29917FBD752BE33D9B256FBDD542F4BC8DB10DBDB937A6BAB7EC9DBD1AF8433DC908FC3B657F043EC63A29BDDFAFA73C59829BBD150C2FBE6D2BA93D28F8D53CB56BA7BDF1578DBDF2A75A3DFE2D17BD7197083E836F3D3C52E99D3D2524B63D22264DBDBADFB43DC13E1A3E06E7193C0C9E233D100AF33B87B8103E477FB0BD8538DEBD482AB63D71EA35BE5179563B7941C0BD58F6093ED49B42BE9D79FD3D67CC4E3ED12C293D01D35EBC7CC04D3E2DA7B2BD86FF85BC8510B7BD9ED4E6BC28B7353DDE56DF3CBDEA1DBD65FD50BED33E2B3C3322C6BBE08EFB3CFE29203E262C4B3EFF04F8BD4E8950BC0780A7BD30A540BEFB1818BE552E443E1CBFF33DD48DE03D8D53E83D831026BE8F9CAF3C778A423E454EE9BD1FF2393EDEC15B3D8F0E133EFA15B3BD0CBAC03DE44B39BE3E5A54BC98708B3D51BD7A3D89E92E3EE7654D3E07293E3E25560C3ECCF4123EFAC2D7BC353622BEAC309BBD1FBABBBC16E8E1BD6DB1D53DE2BE923DB7E7063D94F7493DEA9D373EFB43983DF64C37BED2B917BEF540B83D53E2E33CAFE0CB3D6DC150BEAAE640BEB32D003E64B3053E041B3DBE28AF9E3DEA3623BE7B4B1E3ECE2D833DE9AD4E3E5A184EBEBA3849BE2B520D3E5893393E7510003EFEF60A3EDF0D30BE364B173E3D5945BED3C83A3DDCEA08BECC0BA6BDC20B143D105EA4BDFC4904BD021E46BE131545BE89EFA13D32F3B0BDC355FEBD22F4A4BD07E42ABED81727BEB725FA3DFE77D43DACBDDE3C9F5CE4BD9B158B3D1D3F163C166215BE29EB333D22533E3EB3984DBED9D94FBEA63FD63C2A661D3E7A60FEBD150E383DB0F0123EF8E3803D7EF0343D3D8C503E412C083EDB1EEBBDB089903C7B91D53DE856383EC8F64FBED15FE23D89BE72BD0DAE4CBE4097393D1197E3BD11F8EC3C27B507BEC54B1DBEF9E28DBCB76E8CBD2280F43D332C903CA127233EACAF1C3D726D86BD11940D3ED9C0363C78ED1C3D007486BD4309403A15C220BD2A2A8EBC480323BE3E8AA4BA9B7F2DBE88DE33BDF246F23D245811BE75E40CBE77274CBD903365BD3B8A0D3DEFCD0A3D64FDD33DF2FD0FBE23046CBC43CFE93D8FCC343EE8F473BCD8E3F1BD6758703D6011EE3D519602BEE996F2BD95C6B83D99536ABC0D6C45BE0B0AF1BD1088A93D88CA8DBD1A46103EBA3D253EAA40F33C443A84BC01B384BD631C29BCB22F183D9CA91FBE8FD247BD9ADD2DBEFA49003E0F1D05BEA9F33E3E528757BD057DEFBD05DAC83DAE49F93C44BD103E8C85AE3D385C49BE8334043EA3721DBDADC3B8BDAFBD043E6872183E83B737BE5F3497BCB3A62B3E5FE7A13D7818303E90438FBDAF9CE6BDB3BD333E5340AE3D97A8483ED39DAEBDF23406BE6C00C4BCDECF44BE1FDDA33D4C2C1A3EB3B5483D2E39A5BC1E45CF3D7EAD04BEB6794C3E40D74FBE933B48BEEF9145BD49BD2A3EC96DA73C838CA03D233719BE9D74983D11DBBABC1490A73DFC9E133E69B7B53D383E8EBCA4024EBC5D1803BE4D3597BDC9D4073E97A2A7BDCACF013EC9C4A5BD98B942BDE0598E3B35D03FBEE19205BB948CA8BC183996BC6F2327BD02CA243EA3411A3EBDAA0DBE9531C23D40F423BE23F231BE11947F3D139A443B7005C3BD859A49BE3FD7A1BD93A08B3DDD7841BE0B0F4BBE8427D43CC59416BEFD1E37BE4511A1BD929C06BDBFF03DBE0F920BBE7D485B3C581A45BE7408EBBC81F706BE13E710BE1E4EA43D09E220BEA6671EBE7067EE3D35521C3D2C5C3E3ED77B5FBD32ECC9BD3BC19ABCEF5C873A09691F3E293450BE201F6EBC76ECB83D0336E6BD266DD4BD3E07CA3D6A4848BEF01D463DA9D221BE7BCBCF3D26B932BE2782003E3DDE45BEA9B22FBE7924453B33B5243EA90133BE3D79BABDD594373EE8350CBDAC30AD3D731449BEB27783BD1F4CD4BD2438303E8181AD3DE38418BEF9CC063DDAC019BB3AC3ABBD88BCEEBD51B98ABDF0C1243EB6D615BE70E514BEABF980BD15B8683B2798633D5BB7C83BD74449BD807BFDBDB40516BD3249A8BD35E0283E11774BBEC95305BE250F2ABE34CD18BDDCE2223E8C37373E58F735BEAAE610BC0761F53D1346B83D2F362B3EA188B9BBEE700CBE72460A3EAA5A8FBD6475D83D300B4EBD82B5B13D37003C3E7E5C423E83393EBEC2430ABE27D9ACBD554B05BEC68E483E78AF93BC4DA70ABEB306BABDF9E9E6BDF68EAA3D175236BED1E442BE010C4EBEA0FAB33D75B4CE3DE5D101BE41554F3D354C1A3E82F8F23CDBE630BD0317773CF64DB3BC677CD23DD8ED0DBE07FED33DE79EEB3D9C48FDBD41AE2A3EA14C4D3E4BCEA4BD512F6ABDEE55D03DC4C023BEDA51A53D7910433DE5C0033E158F35BE3BA72DBEBAC1BB3DB395963D3A8D42BEA220E9BD6E403FBEBCBF15BE519FBCBD85F92C3ECB6C26BDFA1AF03D5A81463E6484BE3DA31E3BBED15ED23D11759F3DB201223E05304EBE758D003E16182B3EBE7742BE5CF4AE3CFB6F323E340618BE462B893DA6B9B83DAE215B3D9FD34F3ED5242B3E1755333EB86ED0BC724F2F3E93CA42BE0C97E1BD0DD332BDF25D78BDD512413E8B2DC53D6292063EF42D0E3E1A241CBE95ACC1BC1D2EF43C1E76593D19F9D63DEC57A6BD551C7CBDF7E52E3EE66460BD343211BEDBB90D3E8A8A0D3EE21583BDD42627BDE73B1ABECD8D2EBEC3349D3D1596B2BD0267263E1A5E27BE4E23E7BCFD6B903B8BDAD63D392B293E298D0D3EB605B83D72E1BFBDFD4515BEA9FE3ABE75E5253C37BA4A3E3BCF1EBD05CB0CBC57E517BE2158803D6784043E48144EBE862D13BE37D31A3E03F5453D298250BC5D75153D023EFEBC8F1912BE455143BEE679093E55E2C6BCCE419BBDE4CE57BD1603E4BDFEA277BDB06D33BECF6B1C3EC0B4AA3D67D4D2BD4AAF8EBD1D8DBB3D07CE9ABDEA785C3D0336663D229403BE4471513D5C9F4C3CB48E363EEB4197BDDDEE56BD2F18343E54B02ABE26A0713CEF64493E4570BBBD0263483E8879393E6876423EA9909FBCDB163D3E9E26B6BD72198FBD651E9E3D499F303D6E75E63D83A3463EA0D802BE49DEDD3D0CDD8B3D418CDC3DDA39C63DE8609CBDE43325BE874C273E8762EEBD59A2053EE11F47BE5FA510BD5BC90D3BEAA9103D842A873CA0BA833D5130BABC43C34C3D94D84E3EB43F07BE839736BCF1939FBD3167373EA1EE323E9B65B6BB91E890BDF82501BE7790153E334E66BC28DC443E5865EE3D7BF5363E4352253E02D507BEE3B9743DBB58ADBD8DC1D13D875896BCCAC2903CEF8F10BE30CF3ABEC86C9D3DB34B423D2D40913CA6F70D3EBF90AEBDFE65943D6B3EE6BD023D2D3DF3E03EBD6D62123E7EC9363EA38A353EA371163CDC84F63DD1D750BE3939F5BDDC6D153D2936953A311924BE3908B9BD0F40C3BD9A174FBE427A9F3C657D0E3E70ABA93DA7A0C6BD4DF03FBE93A228BE4124783B30CA0F3E194CA9BD507AE3BD6D02DFBD48C290BCF37F46BE897338BEAAC24D3E7C5FC7BDFBCC16BDE7B25FBDCCA037BEBA6513BD1FF17F3D38C0A9BD56890EBC1EF77FBA631550BE8AE6173EDBD7283E5C830E3E244989BDA274DA3DA5D643BE92D64EBD4F0C2ABD05A293BD5894AF3D6E7CBEBD0DD0C1BCAF6C71BD424A44BEA6120ABD632431BEB7C3F33D246EDF3DABCF433E90618CBD8A112A3C60C8233D99A6503EEA973F3EFF5AD8BDBCDB31BEDD633CBE7350C9BD6DBE2F3E94668C3D38AD493EABEE1A3E1EF1413B228C01BE791C4C3E1FAC273E7EFDB43D085DE4BD03AA243E0B32983C93360A3E867AAE3D6FFCDD3DAC6937BE7CCCE7BD74BBFA3D25302EBD8CD835BEE2153E3EC1A590BB989D283E416023BE46EE8F3D06779DBD98EBAFBD35622EBDF5BC9ABD9C12E53D59DB1EBD2B7C1E3E40C83E3D663001BD9976F1BD97653FBE26E873BDE18F41BE47E71ABD4BA55A3B258657BCF559CDBD4B13113E6B6FEB3D7BFE4DBD2A2CA5BD2969033EEFDA353EC0633FBE3FA534BDB22E9BBCB45B97BDE871323E3400F7BC4F38313E1D44843A5162B5BCDAD8F3BDC9008BBDF7B4863DE4EAB83D87FCEDBB8C2A473EF9AB10BED948A03D15433C3EBA6111BD03F2253EFC845C3BA1861CBED858E5BD729A9B3DB9E8B4BDE916493D6DBB4D3E8C008E3DDB7F9CBC47FC503DD0DAF0BDE1A12FBE631F1DBE4F642FBE1F952B3D56DB223D02A8B1BDC3744CBE2975E23D0D34EDBD70950BBD1A432FBE1FD8EBBD6464AE3DA3C042BEF662EEBD02B61C3EFE64D6BDF1F8ADBDBAC06ABD9CB2B23DE21C09BE8BA9A73C31BBAA3D50C772BC602E173DEA731FBE9DFFBC3D783C9C3DE9BED1BCC4D52CBE5235A73D7265083E3D3D12BD7C0AC53DE1F39A3D7734A7BDD42A68BCD611503E6E9F7C3AF96726BE36E673BC97F9CF3DCF7588BD88ECDABD50302C3EC126DD3DD30B0EBD3CDC2A3CD7DAB0BCA61C423DECB6ED3B73F9FCBD0BE81A3D3FF1AE3BAC39583CF84F9FBDCE39563D970629BE6AED793D5889E23D7F07B8BC845E22BE7F8442BA5EEB973988A334BE4FD713BE6555413EB84F1C3EB9AEE73D76CD103EACEEA03D9045EB3DC8700A3E4F5143BD5392D4BC0F0B153E2E2A9AB82F0208BE881322BE91CDE93D4F232D3E7654223E47240B3DDC48103E3DE93FBEEA9716BEE02049BE3568283E2D18F2BADD7EC0BDA8748D3D0D7D9CBD470E06BE603DA13D6916193D71AF15BEF3AC09BE5C02C43DB4EF1E3EB020883C76FAD1BD24DDC93DB0D1113DD5FE36BED67407BE5500373D9256013E9A4D86BDAE23CA3D617301BE7105483E2EF0143E2F9B1C3D54FCB93DB08B913D1CB0F6BD184DE9BAEBF35E3DCCB73CBD1871483EC136A1BD16AC3ABE9805C7BDBFFD41BEC13E2C3E34AABBBD261013BED8C2B4BC70D70CBE5360DABDCC1FD53D04EF1CBEBC25C53D7F6D183ECD0CF0B9BAA0B93D162CEABDEFFF223EC20D4B3EAFAF463D4D7A3E3E3A984FBE779BB7BC3220263D1FAE35BE416FCB3DD0529FBD353397BD8AD725BE9DE7AA3D441718BE6E6C31BD93B5B93D7F771D3EC70F3D3DF9F29BBDEDD5B5BD65A4EA3D6E201B3DDEF42F3E2C6E9D3DA462283EC26E28BE200A283EB712C0BD20CF5FBD7A23A03A41CB1CBD4962253D86423A3EC5C6F9BD",
      torch_tensor_24_torch.float32_1: "0x04000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000",
      torch_tensor_24_torch.float32: "0x040000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F"
    }
  }
#-}
