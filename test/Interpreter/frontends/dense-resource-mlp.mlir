// An MLP whose weights are dense_resource blobs, as torch-mlir's fx
// importer emits parameters (the blobs in the file's dialect_resources
// section), in the linalg-on-tensors form of nn.Linear + ReLU. Checked
// bit-exactly against a numpy model that reads the same blobs, before and
// after systile-pipeline (within 1e-5 of max |ref| there).
//
// RUN: rm -rf %t && %python %S/Inputs/frontend.py resource_mlp --mlir %s --lowered \
// RUN:   --bin-dir %systile_obj_root/bin --work-dir %t | FileCheck %s
// CHECK: ok resource mlp: exact
// CHECK: ok resource mlp after systile-pipeline: max error
// CHECK: PASS

#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d1)>
func.func @main(%x: tensor<3x8xf32>) -> tensor<3x4xf32> {
  %w1 = arith.constant dense_resource<fc1_weight> : tensor<16x8xf32>
  %b1 = arith.constant dense_resource<fc1_bias> : tensor<16xf32>
  %w2 = arith.constant dense_resource<fc2_weight> : tensor<4x16xf32>
  %b2 = arith.constant dense_resource<fc2_bias> : tensor<4xf32>
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<8x16xf32>
  %t1 = linalg.transpose ins(%w1 : tensor<16x8xf32>) outs(%0 : tensor<8x16xf32>) permutation = [1, 0]
  %1 = tensor.empty() : tensor<3x16xf32>
  %2 = linalg.fill ins(%cst : f32) outs(%1 : tensor<3x16xf32>) -> tensor<3x16xf32>
  %3 = linalg.matmul ins(%x, %t1 : tensor<3x8xf32>, tensor<8x16xf32>) outs(%2 : tensor<3x16xf32>) -> tensor<3x16xf32>
  %4 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%3, %b1 : tensor<3x16xf32>, tensor<16xf32>) outs(%1 : tensor<3x16xf32>) {
  ^bb0(%in: f32, %in_0: f32, %out: f32):
    %a = arith.addf %in, %in_0 : f32
    %c = arith.cmpf ugt, %a, %cst : f32
    %s = arith.select %c, %a, %cst : f32
    linalg.yield %s : f32
  } -> tensor<3x16xf32>
  %5 = tensor.empty() : tensor<16x4xf32>
  %t2 = linalg.transpose ins(%w2 : tensor<4x16xf32>) outs(%5 : tensor<16x4xf32>) permutation = [1, 0]
  %6 = tensor.empty() : tensor<3x4xf32>
  %7 = linalg.fill ins(%cst : f32) outs(%6 : tensor<3x4xf32>) -> tensor<3x4xf32>
  %8 = linalg.matmul ins(%4, %t2 : tensor<3x16xf32>, tensor<16x4xf32>) outs(%7 : tensor<3x4xf32>) -> tensor<3x4xf32>
  %9 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%8, %b2 : tensor<3x4xf32>, tensor<4xf32>) outs(%6 : tensor<3x4xf32>) {
  ^bb0(%in: f32, %in_0: f32, %out: f32):
    %a = arith.addf %in, %in_0 : f32
    linalg.yield %a : f32
  } -> tensor<3x4xf32>
  return %9 : tensor<3x4xf32>
}

{-#
  dialect_resources: {
    builtin: {
      fc1_weight: "0x04000000E1031C3E331E05BF921DC03ED9C8F03E85BB79BFD1AD26BF98E8823D8DEA21BE95A209BC1661DABE3A20E13E5F1DC73E1A3B073D7149103F625D6F3E97FADBBEE7CC3C3E5579F5BE1EE2E03E1D7FCCBC8F4CBDBD6651AEBE3C7C1C3FFA3C9EBDC94D5BBED94A34BE6A45883E7C1B3B3EB051533E92945C3EC110893FA11550BE572283BE6953D0BED4B09D3E2A82103F495D69BD7F14D7BE3311D3BE408DA63EE845BE3E280C8B3ED85EAABEB3BBED3DF8F86E3DE7EFDF3DF515DF3E3BF6E43D47CDAD3EE5660A3D7507143E1B9CA13E15843ABFF2AB23BEAFD470BE808DA3BE72DF0CBE3D5A3F3F1CA7DDBE17E1F73E476857BF0D762BBEBDA8A63DAB12963EF212B63ECE18CB3E188C32BE60B96CBE4FA4DB3E48E5C3BDB04923BF8E0F11BF3A61EBBEDA8B7E3E0DD8913DA6C3B03EDCC05ABE3B58A23DB126A03EAB621EBE72DE693EFA73A9BE32E239BE267343BE461119BF7554793E815570BE22B4CC3B6D24763EBC9F643EAE56AA3EC2B249BD8EBA58BE4D4323BD93FA57BFFB3A39BF394E29BF914BFFBE35AF4C3E7ACDE7BE869E41BE1D4D263F3B6836BED2CDBC3E9101EFBE395ED2BDA534F3BEBE952DBE6F1ED73ED6185DBFC76C5E3EF670F33D361A98BE6C1839BFA3B8133DD68C87BEAC42EE3D4503333C17074D3FA419F5BDF70103BF0894B73DD046E13DDCF92D3FDAC9D53ECEB7363E824D3B3F632918BF",
      fc1_bias: "0x04000000C2C623BF15346DBF2795C7BE4037B0BF4199223F598E63BE6143BCBF7FFE81BFE384A03E768F563FE194FF3FB97C3A40792DD43E5F527DBF727308C07A11893E",
      fc2_weight: "0x04000000E81CD0BEB5A954BE60B29CBE7C2B90BD0A72083F57D1A03D2C71A2BD4D9004BF035C56BF5AFD78BE184BDCBC874B623FAF66853DD194FB3EACA37FBE3DAC17BFE411F7BE6AA8B9BED938883F6646D2BE3AA7D63E3C26E7BE927BEE3E4B18453EAF65A0BD9BF6A6BC2BA0A7BE9363643E98F368BEA6E01CBF759323BFE3BAB03DAA1F4A3FD7D4A33DA7F872BDCE57123E112B273FCEA5E03D0E6552BEDE9A0D3FF7855B3EA793443FCFA1BB3D67BB1CBFD71F2FBF9B51533F14A15C3FE2D3B7BD213144BE9B103B3FACB30DBFD40CE5BE11B1A43EAF094ABE55D527BB935DA7BD92D62C3E5E28343F9484393D2CD9A43E053683BFF28CC7BCF0DDD7BE11021CBF",
      fc2_bias: "0x0400000098CE60BF3A12ABBE97786A3F3DC7A9BF"
    }
  }
#-}
