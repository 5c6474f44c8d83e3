// RUN: systile-opt %s -split-input-file -verify-diagnostics

// One case per diagnostic of the tiled type, the geometry and every op.

// expected-error @below {{!systile.tiled must have rank 2 (ROWSxCOLS) or more (leading batch dimensions, BATCHx...xROWSxCOLS), got rank 1}}
func.func @rank1(%a: !systile.tiled<3xf32>)

// -----

// expected-error @below {{!systile.tiled rows are dynamic ('?'); every dimension must be static}}
func.func @dynamic(%a: !systile.tiled<?x4xf32>)

// -----

// expected-error @below {{!systile.tiled batch dimension 1 is dynamic ('?'); every dimension must be static}}
func.func @dynamic_batch(%a: !systile.tiled<2x?x3x4xf32>)

// -----

// expected-error @below {{!systile.tiled cols = 0; every dimension must be at least 1}}
func.func @zero_dim(%a: !systile.tiled<4x0xf32>)

// -----

// expected-error @below {{!systile.tiled batch dimension 0 = 0; every dimension must be at least 1}}
func.func @zero_batch(%a: !systile.tiled<0x4x4xf32>)

// -----

// Each matrix fits; the batch of 2^60 matrices of 8x128 f32 does not.
// expected-error @below {{!systile.tiled<1152921504606846976x3x5> padded to 8x128 tiles has more than 2^63-1 elements or bytes}}
func.func @overflow_by_batch(%a: !systile.tiled<1152921504606846976x3x5xf32>)

// -----

func.func @reduce_batched_shape(%a: !systile.tiled<2x3x4xf32>) {
  // expected-error @below {{'systile.reduce' op result shape must be 2x1x4 (dim 1 reduced to 1), got 2x3x1}}
  %t = systile.reduce <sum> %a dim = 1 : !systile.tiled<2x3x4xf32> -> !systile.tiled<2x3x1xf32>
  return
}

// -----

func.func @reduce_batched_dim(%a: !systile.tiled<2x3x4xf32>) {
  // expected-error @below {{'systile.reduce' op dim must be in [0, 3) (1: down the columns, 2: along the rows, lower: a batch dimension), got 3}}
  %t = systile.reduce <sum> %a dim = 3 : !systile.tiled<2x3x4xf32> -> !systile.tiled<2x3x1xf32>
  return
}

// -----

func.func @unpack_batched_to_matrix(%a: !systile.tiled<2x3x4xf32>) -> tensor<3x4xf32> {
  // expected-error @below {{'systile.unpack' op tensor shape 3x4 does not match the tiled logical shape 2x3x4}}
  %t = systile.unpack %a : !systile.tiled<2x3x4xf32> -> tensor<3x4xf32>
  return %t : tensor<3x4xf32>
}

// -----

func.func @pack_rank_mismatch(%t: tensor<3x5xf32>) {
  // expected-error @below {{'systile.pack' op tensor shape 3x5 does not match the tiled logical shape 2x3x5}}
  %0 = systile.pack %t : tensor<3x5xf32> -> !systile.tiled<2x3x5xf32>
  return
}

// -----

func.func @pack_rank_1(%t: tensor<5xf32>) {
  // expected-error @below {{'systile.pack' op operand #0 must be static tensor of rank >= 2}}
  %0 = systile.pack %t : tensor<5xf32> -> !systile.tiled<1x5xf32>
  return
}

// -----

// Only the two minor dimensions are swapped.
func.func @pack_transpose_batched(%t: tensor<2x3x5xf32>) {
  // expected-error @below {{'systile.pack' op with 'transpose' the tensor shape 2x3x5 must be the tiled logical shape 5x3x2 with its two minor dimensions swapped, i.e. 5x2x3}}
  %0 = systile.pack %t transpose : tensor<2x3x5xf32> -> !systile.tiled<5x3x2xf32>
  return
}

// -----

// The storage of a batch of two 3x5 matrices on 2x4 tiles is 2 x 32 slots.
func.func @constant_batch_storage_size() {
  // expected-error @below {{'systile.constant' op value must be a 1-d tensor of the 64 storage elements of the padded shape 2x4x8 (in storage order), got 'tensor<32xi32>'}}
  %c = systile.constant dense<0> : tensor<32xi32>
      -> !systile.tiled<2x3x5xi32, #systile.geometry<2x4, mxu = 4>>
  return
}

// -----

// Matrix 1's padding slot (0, 3) is at storage offset 8 + 3.
func.func @constant_batch_padding() {
  // expected-error @below {{'systile.constant' op pad kind 'zero' requires zero padding, but padding slot (0, 3) of matrix 1 at storage offset 11 is not +0; use pad = undef or zero it}}
  %c = systile.constant dense<[1, 2, 3, 0, 0, 0, 0, 0, 4, 5, 6, 9, 0, 0, 0, 0]>
      : tensor<16xi32> -> !systile.tiled<2x1x3xi32, #systile.geometry<2x4, mxu = 4>>
  return
}

// -----

func.func @elementwise_batch_mismatch(%a: !systile.tiled<2x3x5xf32>, %b: !systile.tiled<3x3x5xf32>) {
  // expected-error @below {{'systile.elementwise' op input #1 has logical shape 3x3x5, which does not broadcast to the result's 2x3x5: aligned on the right, each dimension must equal the result's or be 1, and leading batch dimensions may be absent}}
  %0 = systile.elementwise ins(%a, %b : !systile.tiled<2x3x5xf32>, !systile.tiled<3x3x5xf32>)
      -> !systile.tiled<2x3x5xf32> {
  ^bb0(%x: f32, %y: f32):
    %s = arith.addf %x, %y : f32
    systile.yield %s : f32
  }
  return
}

// -----

// An input has at most the result's rank.
func.func @elementwise_input_rank(%a: !systile.tiled<3x5xf32>, %b: !systile.tiled<1x3x5xf32>) {
  // expected-error @below {{'systile.elementwise' op input #1 has logical shape 1x3x5, which does not broadcast to the result's 3x5}}
  %0 = systile.elementwise ins(%a, %b : !systile.tiled<3x5xf32>, !systile.tiled<1x3x5xf32>)
      -> !systile.tiled<3x5xf32> {
  ^bb0(%x: f32, %y: f32):
    %s = arith.addf %x, %y : f32
    systile.yield %s : f32
  }
  return
}

// -----

func.func @truncf_batch_mismatch(%a: !systile.tiled<2x3x5xf32>) {
  // expected-error @below {{'systile.truncf' op failed to verify that result has the input's shape, geometry and pad kind, with element type bf16}}
  %0 = systile.truncf %a : !systile.tiled<2x3x5xf32> -> !systile.tiled<3x3x5xbf16>
  return
}

// -----

func.func @fill_padding_batch_mismatch(%a: !systile.tiled<2x3x5xf32>) {
  // expected-error @below {{'systile.fill_padding' op result must be the input type up to the pad kind}}
  %0 = systile.fill_padding %a, 0.000000e+00 : f32 : !systile.tiled<2x3x5xf32> -> !systile.tiled<3x5xf32>
  return
}

// -----

// expected-error @below {{!systile.tiled element type 'f16' is not supported; expected f32, bf16, f64, i8 or i32}}
func.func @element_type(%a: !systile.tiled<4x4xf16>)

// -----

// expected-error @below {{!systile.tiled element type 'ui8' is not supported; expected f32, bf16, f64, i8 or i32}}
func.func @unsigned_element_type(%a: !systile.tiled<4x4xui8>)

// -----

// expected-error @below {{!systile.tiled<4611686018427387904x4611686018427387904> padded to 8x128 tiles has more than 2^63-1 elements or bytes}}
func.func @overflow(%a: !systile.tiled<4611686018427387904x4611686018427387904xf32>)

// -----

// Rounding up to whole tiles overflows even though the logical size fits.
// expected-error @below {{!systile.tiled<9223372036854775807x1> padded to 2x4 tiles has more than 2^63-1 elements or bytes}}
func.func @overflow_by_padding(%a: !systile.tiled<9223372036854775807x1xf32, #systile.geometry<2x4, mxu = 4>>)

// -----

// 2^31 x 2^31 tiles: 2^62 elements fit in int64, their 2^64 bytes do not.
// expected-error @below {{!systile.tiled<1x1> padded to 2147483648x2147483648 tiles has more than 2^63-1 elements or bytes}}
func.func @overflow_bytes(%a: !systile.tiled<1x1xf32, #systile.geometry<2147483648x2147483648, mxu = 1>>)

// -----

// expected-error @below {{geometry sublanes must be positive, got 0 (e.g. #systile.geometry<8x128, mxu = 128>)}}
func.func @zero_sublanes(%a: !systile.tiled<4x4xf32, #systile.geometry<0x128, mxu = 128>>)

// -----

// expected-error @below {{geometry lanes must be positive, got 0}}
func.func @zero_lanes(%a: !systile.tiled<4x4xf32, #systile.geometry<8x0, mxu = 128>>)

// -----

// expected-error @below {{geometry mxu must be positive, got -4}}
func.func @negative_mxu(%a: !systile.tiled<4x4xf32, #systile.geometry<8x128, mxu = -4>>)

// -----

// expected-error @below {{geometry 4294967296x4294967296, mxu = 4 is too large: a tile or a weight block would have more than 2^63-1 elements}}
func.func @huge_tile() attributes {g = #systile.geometry<4294967296x4294967296, mxu = 4>}

// -----

// expected-error @below {{expected 'SUBLANES x LANES' (two sizes), got 3 size(s)}}
func.func @three_sizes() attributes {g = #systile.geometry<2x4x8, mxu = 4>}

// -----

// expected-error @below {{expected 'mxu'}}
func.func @no_mxu() attributes {g = #systile.geometry<2x4, 4>}

// -----

// expected-error @below {{unknown pad kind 'garbage'; expected 'zero' or 'undef'}}
func.func @pad_kind(%a: !systile.tiled<4x4xf32, pad = garbage>)

// -----

// expected-error @below {{pad kind given twice}}
func.func @pad_twice(%a: !systile.tiled<4x4xf32, pad = zero, pad = undef>)

// -----

// expected-error @below {{the geometry must come once, before 'pad'}}
func.func @geometry_after_pad(%a: !systile.tiled<4x4xf32, pad = zero, #systile.geometry<2x4, mxu = 4>>)

// -----

// expected-error @below {{expected '#systile.geometry<...>' or 'pad = zero|undef', got 4 : i64}}
func.func @not_a_geometry(%a: !systile.tiled<4x4xf32, 4>)

// -----

// expected-error @below {{unknown systile type 'tile'; the dialect has one type, !systile.tiled<...>}}
func.func @misspelled_type(%a: !systile.tile<4x4xf32>)

// -----

func.func @pack_shape(%t: tensor<3x5xf32>) {
  // expected-error @below {{'systile.pack' op tensor shape 3x5 does not match the tiled logical shape 5x3}}
  %0 = systile.pack %t : tensor<3x5xf32> -> !systile.tiled<5x3xf32>
  return
}

// -----

func.func @pack_transpose_shape(%t: tensor<3x5xf32>) {
  // expected-error @below {{'systile.pack' op with 'transpose' the tensor shape 3x5 must be the tiled logical shape 3x5 with its two minor dimensions swapped, i.e. 5x3}}
  %0 = systile.pack %t transpose : tensor<3x5xf32> -> !systile.tiled<3x5xf32>
  return
}

// -----

func.func @pack_transpose_element(%t: tensor<3x5xf32>) {
  // expected-error @below {{'systile.pack' op tensor element type 'f32' does not match the tiled element type 'i32'}}
  %0 = systile.pack %t transpose : tensor<3x5xf32> -> !systile.tiled<5x3xi32>
  return
}

// -----

func.func @pack_element(%t: tensor<3x5xf32>) {
  // expected-error @below {{'systile.pack' op tensor element type 'f32' does not match the tiled element type 'bf16'}}
  %0 = systile.pack %t : tensor<3x5xf32> -> !systile.tiled<3x5xbf16>
  return
}

// -----

func.func @pack_dynamic(%t: tensor<?x5xf32>) {
  // expected-error @below {{'systile.pack' op operand #0 must be static tensor of rank >= 2}}
  %0 = systile.pack %t : tensor<?x5xf32> -> !systile.tiled<3x5xf32>
  return
}

// -----

func.func @to_storage_size(%t: !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>) {
  // expected-error @below {{'systile.to_storage' op tensor of 15 elements is not the storage of '!systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>', which has 32 storage slots}}
  %0 = systile.to_storage %t : !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>> -> tensor<15xf32>
  return
}

// -----

func.func @to_storage_element(%t: !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>) {
  // expected-error @below {{'systile.to_storage' op tensor element type 'i32' does not match the tiled element type 'f32'}}
  %0 = systile.to_storage %t : !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>> -> tensor<32xi32>
  return
}

// -----

func.func @to_storage_rank(%t: !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>) {
  // expected-error @below {{'systile.to_storage' op result #0 must be static one-dimensional tensor}}
  %0 = systile.to_storage %t : !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>> -> tensor<4x8xf32>
  return
}

// -----

func.func @from_storage_size(%s: tensor<31xf32>) {
  // expected-error @below {{'systile.from_storage' op tensor of 31 elements is not the storage of '!systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>', which has 32 storage slots}}
  %0 = systile.from_storage %s : tensor<31xf32> -> !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>
  return
}

// -----

func.func @from_storage_encoding(%s: tensor<32xf32, "enc">) {
  // expected-error @below {{'systile.from_storage' op tensor type 'tensor<32xf32, "enc">' has an encoding; a storage tensor is plain}}
  %0 = systile.from_storage %s : tensor<32xf32, "enc"> -> !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>
  return
}

// -----

func.func @unpack_shape(%t: !systile.tiled<3x5xi8>) {
  // expected-error @below {{'systile.unpack' op tensor shape 3x4 does not match the tiled logical shape 3x5}}
  %0 = systile.unpack %t : !systile.tiled<3x5xi8> -> tensor<3x4xi8>
  return
}

// -----

func.func @unpack_element(%t: !systile.tiled<3x5xi8>) {
  // expected-error @below {{'systile.unpack' op tensor element type 'i32' does not match the tiled element type 'i8'}}
  %0 = systile.unpack %t : !systile.tiled<3x5xi8> -> tensor<3x5xi32>
  return
}

// -----

func.func @constant_size() {
  // expected-error @below {{'systile.constant' op value must be a 1-d tensor of the 32 storage elements of the padded shape 4x8 (in storage order), got 'tensor<15xi32>'}}
  %0 = systile.constant dense<1> : tensor<15xi32> -> !systile.tiled<3x5xi32, #systile.geometry<2x4, mxu = 4>>
  return
}

// -----

func.func @constant_rank() {
  // expected-error @below {{'systile.constant' op value must be a 1-d tensor of the 32 storage elements of the padded shape 4x8 (in storage order), got 'tensor<4x8xi32>'}}
  %0 = systile.constant dense<0> : tensor<4x8xi32> -> !systile.tiled<3x5xi32, #systile.geometry<2x4, mxu = 4>>
  return
}

// -----

func.func @constant_element() {
  // expected-error @below {{'systile.constant' op value element type 'i8' does not match the tiled element type 'i32'}}
  %0 = systile.constant dense<0> : tensor<32xi8> -> !systile.tiled<3x5xi32, #systile.geometry<2x4, mxu = 4>>
  return
}

// -----

func.func @constant_splat_padding() {
  // expected-error @below {{'systile.constant' op pad kind 'zero' requires zero padding, but the splat value is not +0}}
  %0 = systile.constant dense<1.0> : tensor<8xf32> -> !systile.tiled<1x1xf32, #systile.geometry<2x4, mxu = 4>>
  return
}

// -----

func.func @constant_padding() {
  // Slot (0, 5) of a 3x5 matrix is padding; it is storage offset 9.
  // expected-error @below {{'systile.constant' op pad kind 'zero' requires zero padding, but padding slot (0, 5) at storage offset 9 is not +0; use pad = undef or zero it}}
  %0 = systile.constant dense<[1, 2, 3, 4, 6, 7, 8, 9, 5, 9, 0, 0, 10, 0, 0, 0,
                               11, 12, 13, 14, 0, 0, 0, 0, 15, 0, 0, 0, 0, 0, 0, 0]>
      : tensor<32xi32> -> !systile.tiled<3x5xi32, #systile.geometry<2x4, mxu = 4>>
  return
}

// -----

func.func @constant_negative_zero_padding() {
  // -0.0 is not +0: its bits are not all zero.
  // expected-error @below {{padding slot (0, 1) at storage offset 1 is not +0}}
  %0 = systile.constant dense<[1.0, -0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]>
      : tensor<8xf32> -> !systile.tiled<1x1xf32, #systile.geometry<2x4, mxu = 4>>
  return
}

// -----

func.func @matmul_geometry(%a: !systile.tiled<3x5xf32>, %b: !systile.tiled<5x7xf32, #systile.geometry<2x4, mxu = 4>>, %c: !systile.tiled<3x7xf32>) {
  // expected-error @below {{'systile.matmul' op operands must share one geometry, got lhs #systile.geometry<8x128, mxu = 128>, rhs #systile.geometry<2x4, mxu = 4>, acc #systile.geometry<8x128, mxu = 128>}}
  %0 = systile.matmul %a, %b, %c : !systile.tiled<3x5xf32>, !systile.tiled<5x7xf32, #systile.geometry<2x4, mxu = 4>> -> !systile.tiled<3x7xf32>
  return
}

// -----

func.func @matmul_contraction(%a: !systile.tiled<3x5xf32>, %b: !systile.tiled<6x7xf32>, %c: !systile.tiled<3x7xf32>) {
  // expected-error @below {{'systile.matmul' op lhs has 5 columns but rhs has 6 rows}}
  %0 = systile.matmul %a, %b, %c : !systile.tiled<3x5xf32>, !systile.tiled<6x7xf32> -> !systile.tiled<3x7xf32>
  return
}

// -----

func.func @matmul_acc_shape(%a: !systile.tiled<3x5xf32>, %b: !systile.tiled<5x7xf32>, %c: !systile.tiled<3x8xf32>) {
  // expected-error @below {{'systile.matmul' op accumulator shape 3x8 must be 3x7 (lhs rows x rhs columns)}}
  %0 = systile.matmul %a, %b, %c : !systile.tiled<3x5xf32>, !systile.tiled<5x7xf32> -> !systile.tiled<3x8xf32>
  return
}

// -----

func.func @matmul_rhs_batch(%a: !systile.tiled<2x3x5xf32>, %b: !systile.tiled<3x5x7xf32>, %c: !systile.tiled<2x3x7xf32>) {
  // expected-error @below {{'systile.matmul' op rhs batch dimensions [3] must be lhs's batch dimensions [2] (one weight matrix per batch matrix) or none (one shared weight matrix)}}
  %0 = systile.matmul %a, %b, %c : !systile.tiled<2x3x5xf32>, !systile.tiled<3x5x7xf32> -> !systile.tiled<2x3x7xf32>
  return
}

// -----

// A batched rhs needs a batched lhs: the rank-2 lhs has no batch to match.
func.func @matmul_rhs_batch_of_matrix(%a: !systile.tiled<3x5xf32>, %b: !systile.tiled<2x5x7xf32>, %c: !systile.tiled<3x7xf32>) {
  // expected-error @below {{'systile.matmul' op rhs batch dimensions [2] must be lhs's batch dimensions [] (one weight matrix per batch matrix) or none (one shared weight matrix)}}
  %0 = systile.matmul %a, %b, %c : !systile.tiled<3x5xf32>, !systile.tiled<2x5x7xf32> -> !systile.tiled<3x7xf32>
  return
}

// -----

func.func @matmul_acc_batch(%a: !systile.tiled<2x3x5xf32>, %b: !systile.tiled<5x7xf32>, %c: !systile.tiled<4x3x7xf32>) {
  // expected-error @below {{'systile.matmul' op accumulator batch dimensions [4] must be lhs's batch dimensions [2]}}
  %0 = systile.matmul %a, %b, %c : !systile.tiled<2x3x5xf32>, !systile.tiled<5x7xf32> -> !systile.tiled<4x3x7xf32>
  return
}

// -----

func.func @matmul_batched_contraction(%a: !systile.tiled<2x3x5xf32>, %b: !systile.tiled<2x6x7xf32>, %c: !systile.tiled<2x3x7xf32>) {
  // expected-error @below {{'systile.matmul' op lhs has 5 columns but rhs has 6 rows}}
  %0 = systile.matmul %a, %b, %c : !systile.tiled<2x3x5xf32>, !systile.tiled<2x6x7xf32> -> !systile.tiled<2x3x7xf32>
  return
}

// -----

// rhs_transposed: rhs is N x K, so K is its column count.
func.func @matmul_transposed_contraction(%a: !systile.tiled<2x3x5xf32>, %b: !systile.tiled<2x5x7xf32>, %c: !systile.tiled<2x3x5xf32>) {
  // expected-error @below {{'systile.matmul' op lhs has 5 columns but rhs has 7 columns (rhs_transposed: rhs is N x K)}}
  %0 = systile.matmul %a, %b, %c rhs_transposed : !systile.tiled<2x3x5xf32>, !systile.tiled<2x5x7xf32> -> !systile.tiled<2x3x5xf32>
  return
}

// -----

func.func @matmul_transposed_acc_shape(%a: !systile.tiled<3x5xf32>, %b: !systile.tiled<7x5xf32>, %c: !systile.tiled<3x5xf32>) {
  // expected-error @below {{'systile.matmul' op accumulator shape 3x5 must be 3x7 (lhs rows x rhs rows, rhs_transposed)}}
  %0 = systile.matmul %a, %b, %c rhs_transposed : !systile.tiled<3x5xf32>, !systile.tiled<7x5xf32> -> !systile.tiled<3x5xf32>
  return
}

// -----

func.func @matmul_batched_acc_shape(%a: !systile.tiled<2x3x5xf32>, %b: !systile.tiled<5x7xf32>, %c: !systile.tiled<2x4x7xf32>) {
  // expected-error @below {{'systile.matmul' op accumulator shape 4x7 must be 3x7 (lhs rows x rhs columns)}}
  %0 = systile.matmul %a, %b, %c : !systile.tiled<2x3x5xf32>, !systile.tiled<5x7xf32> -> !systile.tiled<2x4x7xf32>
  return
}

// -----

func.func @matmul_batched_geometry(%a: !systile.tiled<2x3x5xf32>, %b: !systile.tiled<2x5x7xf32, #systile.geometry<2x4, mxu = 4>>, %c: !systile.tiled<2x3x7xf32>) {
  // expected-error @below {{'systile.matmul' op operands must share one geometry, got lhs #systile.geometry<8x128, mxu = 128>, rhs #systile.geometry<2x4, mxu = 4>, acc #systile.geometry<8x128, mxu = 128>}}
  %0 = systile.matmul %a, %b, %c : !systile.tiled<2x3x5xf32>, !systile.tiled<2x5x7xf32, #systile.geometry<2x4, mxu = 4>> -> !systile.tiled<2x3x7xf32>
  return
}

// -----

func.func @matmul_batched_elements(%a: !systile.tiled<2x3x5xi8>, %b: !systile.tiled<5x7xf32>, %c: !systile.tiled<2x3x7xf32>) {
  // expected-error @below {{'systile.matmul' op unsupported operand element types 'i8' x 'f32'; expected (f32|bf16) x (f32|bf16) -> f32 or i8 x i8 -> i32}}
  %0 = systile.matmul %a, %b, %c : !systile.tiled<2x3x5xi8>, !systile.tiled<5x7xf32> -> !systile.tiled<2x3x7xf32>
  return
}

// -----

func.func @matmul_float_acc(%a: !systile.tiled<3x5xbf16>, %b: !systile.tiled<5x7xbf16>, %c: !systile.tiled<3x7xbf16>) {
  // expected-error @below {{'systile.matmul' op float operands accumulate in f32, got an 'bf16' accumulator}}
  %0 = systile.matmul %a, %b, %c : !systile.tiled<3x5xbf16>, !systile.tiled<5x7xbf16> -> !systile.tiled<3x7xbf16>
  return
}

// -----

func.func @matmul_int_acc(%a: !systile.tiled<3x5xi8>, %b: !systile.tiled<5x7xi8>, %c: !systile.tiled<3x7xi8>) {
  // expected-error @below {{'systile.matmul' op i8 x i8 accumulates in i32, got an 'i8' accumulator}}
  %0 = systile.matmul %a, %b, %c : !systile.tiled<3x5xi8>, !systile.tiled<5x7xi8> -> !systile.tiled<3x7xi8>
  return
}

// -----

func.func @matmul_int_precision(%a: !systile.tiled<3x5xi8>, %b: !systile.tiled<5x7xi8>, %c: !systile.tiled<3x7xi32>) {
  // expected-error @below {{'systile.matmul' op precision = bf16 applies to float operands only; drop it for i8 x i8}}
  %0 = systile.matmul %a, %b, %c precision = bf16 : !systile.tiled<3x5xi8>, !systile.tiled<5x7xi8> -> !systile.tiled<3x7xi32>
  return
}

// -----

func.func @matmul_int_multi_pass(%a: !systile.tiled<3x5xi8>, %b: !systile.tiled<5x7xi8>, %c: !systile.tiled<3x7xi32>) {
  // expected-error @below {{'systile.mxu_matmul' op precision = bf16_6x applies to float operands only; drop it for i8 x i8}}
  %0 = systile.mxu_matmul %a, %b, %c [0, 0] precision = bf16_6x : !systile.tiled<3x5xi8>, !systile.tiled<5x7xi8> -> !systile.tiled<3x7xi32>
  return
}

// -----

func.func @matmul_int_flush(%a: !systile.tiled<3x5xi8>, %b: !systile.tiled<5x7xi8>, %c: !systile.tiled<3x7xi32>) {
  // expected-error @below {{'systile.matmul' op flush_subnormals applies to float operands only; drop it for i8 x i8}}
  %0 = systile.matmul %a, %b, %c flush_subnormals : !systile.tiled<3x5xi8>, !systile.tiled<5x7xi8> -> !systile.tiled<3x7xi32>
  return
}

// -----

func.func @matmul_f32_flush(%a: !systile.tiled<3x5xf32>, %b: !systile.tiled<5x7xf32>, %c: !systile.tiled<3x7xf32>) {
  // expected-error @below {{'systile.matmul' op flush_subnormals has no effect at precision = f32 (no operand is converted to bf16); use precision = bf16, bf16_3x or bf16_6x, or drop it}}
  %0 = systile.matmul %a, %b, %c flush_subnormals : !systile.tiled<3x5xf32>, !systile.tiled<5x7xf32> -> !systile.tiled<3x7xf32>
  return
}

// -----

func.func @matmul_mixed(%a: !systile.tiled<3x5xf32>, %b: !systile.tiled<5x7xi8>, %c: !systile.tiled<3x7xf32>) {
  // expected-error @below {{'systile.matmul' op unsupported operand element types 'f32' x 'i8'; expected (f32|bf16) x (f32|bf16) -> f32 or i8 x i8 -> i32}}
  %0 = systile.matmul %a, %b, %c : !systile.tiled<3x5xf32>, !systile.tiled<5x7xi8> -> !systile.tiled<3x7xf32>
  return
}

// -----

func.func @matmul_i32_inputs(%a: !systile.tiled<3x5xi32>, %b: !systile.tiled<5x7xi32>, %c: !systile.tiled<3x7xi32>) {
  // expected-error @below {{'systile.matmul' op unsupported operand element types 'i32' x 'i32'}}
  %0 = systile.matmul %a, %b, %c : !systile.tiled<3x5xi32>, !systile.tiled<5x7xi32> -> !systile.tiled<3x7xi32>
  return
}

// -----

func.func @matmul_precision_keyword(%a: !systile.tiled<3x5xf32>, %b: !systile.tiled<5x7xf32>, %c: !systile.tiled<3x7xf32>) {
  // expected-error @below {{unknown precision 'f16'; expected 'f32', 'bf16', 'bf16_3x' or 'bf16_6x'}}
  %0 = systile.matmul %a, %b, %c precision = f16 : !systile.tiled<3x5xf32>, !systile.tiled<5x7xf32> -> !systile.tiled<3x7xf32>
  return
}

// -----

func.func @matmul_operand_count(%a: !systile.tiled<3x5xf32>, %b: !systile.tiled<5x7xf32>) {
  // expected-error @below {{expected ','}}
  %0 = systile.matmul %a, %b : !systile.tiled<3x5xf32>, !systile.tiled<5x7xf32> -> !systile.tiled<3x7xf32>
  return
}

// -----

!A = !systile.tiled<3x6xf32, #systile.geometry<2x4, mxu = 4>>
!B = !systile.tiled<6x5xf32, #systile.geometry<2x4, mxu = 4>>
!C = !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>
func.func @mxu_kb(%a: !A, %b: !B, %c: !C) {
  // expected-error @below {{'systile.mxu_matmul' op kb = 2 is outside the 2 contraction block(s) [0, 2) of K = 6 with mxu = 4}}
  %0 = systile.mxu_matmul %a, %b, %c [2, 0] : !A, !B -> !C
  return
}

// -----

!A = !systile.tiled<3x6xf32, #systile.geometry<2x4, mxu = 4>>
!B = !systile.tiled<6x5xf32, #systile.geometry<2x4, mxu = 4>>
!C = !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>
func.func @mxu_nb(%a: !A, %b: !B, %c: !C) {
  // expected-error @below {{'systile.mxu_matmul' op nb = -1 is outside the 2 column block(s) [0, 2) of N = 5 with mxu = 4}}
  %0 = systile.mxu_matmul %a, %b, %c [0, -1] : !A, !B -> !C
  return
}

// -----

func.func @mxu_rhs_batch(%a: !systile.tiled<2x3x5xf32>, %b: !systile.tiled<3x5x7xf32>, %c: !systile.tiled<2x3x7xf32>) {
  // expected-error @below {{'systile.mxu_matmul' op rhs batch dimensions [3] must be lhs's batch dimensions [2]}}
  %0 = systile.mxu_matmul %a, %b, %c [0, 0] : !systile.tiled<2x3x5xf32>, !systile.tiled<3x5x7xf32> -> !systile.tiled<2x3x7xf32>
  return
}

// -----

// rhs_transposed: the 9x6 rhs is N x K, so K = 6 has 2 blocks at mxu = 4.
func.func @mxu_transposed_kb(%a: !systile.tiled<2x3x6xf32, #systile.geometry<2x4, mxu = 4>>, %b: !systile.tiled<9x6xf32, #systile.geometry<2x4, mxu = 4>>, %c: !systile.tiled<2x3x9xf32, #systile.geometry<2x4, mxu = 4>>) {
  // expected-error @below {{'systile.mxu_matmul' op kb = 2 is outside the 2 contraction block(s) [0, 2) of K = 6 with mxu = 4}}
  %0 = systile.mxu_matmul %a, %b, %c [2, 0] rhs_transposed : !systile.tiled<2x3x6xf32, #systile.geometry<2x4, mxu = 4>>, !systile.tiled<9x6xf32, #systile.geometry<2x4, mxu = 4>> -> !systile.tiled<2x3x9xf32, #systile.geometry<2x4, mxu = 4>>
  return
}

// -----

func.func @mxu_transposed_nb(%a: !systile.tiled<2x3x6xf32, #systile.geometry<2x4, mxu = 4>>, %b: !systile.tiled<9x6xf32, #systile.geometry<2x4, mxu = 4>>, %c: !systile.tiled<2x3x9xf32, #systile.geometry<2x4, mxu = 4>>) {
  // expected-error @below {{'systile.mxu_matmul' op nb = 3 is outside the 3 column block(s) [0, 3) of N = 9 with mxu = 4}}
  %0 = systile.mxu_matmul %a, %b, %c [1, 3] rhs_transposed : !systile.tiled<2x3x6xf32, #systile.geometry<2x4, mxu = 4>>, !systile.tiled<9x6xf32, #systile.geometry<2x4, mxu = 4>> -> !systile.tiled<2x3x9xf32, #systile.geometry<2x4, mxu = 4>>
  return
}

// -----

func.func @mxu_contraction(%a: !systile.tiled<3x5xf32>, %b: !systile.tiled<6x7xf32>, %c: !systile.tiled<3x7xf32>) {
  // expected-error @below {{'systile.mxu_matmul' op lhs has 5 columns but rhs has 6 rows}}
  %0 = systile.mxu_matmul %a, %b, %c [0, 0] : !systile.tiled<3x5xf32>, !systile.tiled<6x7xf32> -> !systile.tiled<3x7xf32>
  return
}

// -----

func.func @truncf_input(%x: !systile.tiled<3x5xbf16>) {
  // expected-error @below {{'systile.truncf' op operand #0 must be tiled tensor of 32-bit float, but got '!systile.tiled<3x5xbf16>'}}
  %0 = systile.truncf %x : !systile.tiled<3x5xbf16> -> !systile.tiled<3x5xbf16>
  return
}

// -----

func.func @truncf_result(%x: !systile.tiled<3x5xf32>) {
  // expected-error @below {{'systile.truncf' op result #0 must be tiled tensor of bfloat16 type, but got '!systile.tiled<3x5xi8>'}}
  %0 = systile.truncf %x : !systile.tiled<3x5xf32> -> !systile.tiled<3x5xi8>
  return
}

// -----

func.func @truncf_shape(%x: !systile.tiled<3x5xf32>) {
  // expected-error @below {{'systile.truncf' op failed to verify that result has the input's shape, geometry and pad kind, with element type bf16}}
  %0 = systile.truncf %x : !systile.tiled<3x5xf32> -> !systile.tiled<5x3xbf16>
  return
}

// -----

func.func @extf_geometry(%x: !systile.tiled<3x5xbf16>) {
  // expected-error @below {{'systile.extf' op failed to verify that result has the input's shape, geometry and pad kind, with element type f32}}
  %0 = systile.extf %x : !systile.tiled<3x5xbf16> -> !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>
  return
}

// -----

func.func @extf_pad(%x: !systile.tiled<3x5xbf16, pad = undef>) {
  // expected-error @below {{'systile.extf' op failed to verify that result has the input's shape, geometry and pad kind, with element type f32}}
  %0 = systile.extf %x : !systile.tiled<3x5xbf16, pad = undef> -> !systile.tiled<3x5xf32>
  return
}

// -----

func.func @quantize_scale(%x: !systile.tiled<3x5xf32>) {
  // expected-error @below {{'systile.quantize' op scale must be finite and > 0, got -5.000000e-01}}
  %0 = systile.quantize %x {scale = -0.5 : f32, zero_point = 0 : i32} : !systile.tiled<3x5xf32> -> !systile.tiled<3x5xi8>
  return
}

// -----

func.func @quantize_zero_scale(%x: !systile.tiled<3x5xf32>) {
  // expected-error @below {{'systile.quantize' op scale must be finite and > 0, got 0.000000e+00}}
  %0 = systile.quantize %x {scale = 0.0 : f32, zero_point = 0 : i32} : !systile.tiled<3x5xf32> -> !systile.tiled<3x5xi8>
  return
}

// -----

func.func @quantize_inf_scale(%x: !systile.tiled<3x5xf32>) {
  // expected-error @below {{'systile.quantize' op scale must be finite and > 0, got INF}}
  %0 = systile.quantize %x {scale = 0x7F800000 : f32, zero_point = 0 : i32} : !systile.tiled<3x5xf32> -> !systile.tiled<3x5xi8>
  return
}

// -----

func.func @quantize_zero_point(%x: !systile.tiled<3x5xf32>) {
  // expected-error @below {{'systile.quantize' op zero_point must be in [-128, 127], got 128}}
  %0 = systile.quantize %x {scale = 1.0 : f32, zero_point = 128 : i32} : !systile.tiled<3x5xf32> -> !systile.tiled<3x5xi8>
  return
}

// -----

func.func @quantize_result(%x: !systile.tiled<3x5xf32>) {
  // expected-error @below {{'systile.quantize' op result #0 must be tiled tensor of 8-bit signless integer, but got '!systile.tiled<3x5xi32>'}}
  %0 = systile.quantize %x {scale = 1.0 : f32, zero_point = 0 : i32} : !systile.tiled<3x5xf32> -> !systile.tiled<3x5xi32>
  return
}

// -----

func.func @dequantize_input(%x: !systile.tiled<3x5xi32>) {
  // expected-error @below {{'systile.dequantize' op operand #0 must be tiled tensor of 8-bit signless integer, but got '!systile.tiled<3x5xi32>'}}
  %0 = systile.dequantize %x {scale = 1.0 : f32, zero_point = 0 : i32} : !systile.tiled<3x5xi32> -> !systile.tiled<3x5xf32>
  return
}

// -----

func.func @dequantize_zero_point(%x: !systile.tiled<3x5xi8>) {
  // expected-error @below {{'systile.dequantize' op zero_point must be in [-128, 127], got -129}}
  %0 = systile.dequantize %x {scale = 1.0 : f32, zero_point = -129 : i32} : !systile.tiled<3x5xi8> -> !systile.tiled<3x5xf32>
  return
}

// -----

func.func @reduce_element(%x: !systile.tiled<3x5xbf16>) {
  // expected-error @below {{'systile.reduce' op reduces f32, f64 or i32 elements, got 'bf16' (widen with systile.extf first)}}
  %0 = systile.reduce <sum> %x dim = 1 : !systile.tiled<3x5xbf16> -> !systile.tiled<3x1xbf16>
  return
}

// -----

func.func @reduce_dim(%x: !systile.tiled<3x5xf32>) {
  // expected-error @below {{'systile.reduce' op dim must be in [0, 2) (0: down the columns, 1: along the rows), got 2}}
  %0 = systile.reduce <sum> %x dim = 2 : !systile.tiled<3x5xf32> -> !systile.tiled<3x1xf32>
  return
}

// -----

func.func @reduce_shape(%x: !systile.tiled<3x5xf32>) {
  // expected-error @below {{'systile.reduce' op result shape must be 1x5 (dim 0 reduced to 1), got 3x1}}
  %0 = systile.reduce <max> %x dim = 0 : !systile.tiled<3x5xf32> -> !systile.tiled<3x1xf32>
  return
}

// -----

func.func @reduce_result_element(%x: !systile.tiled<3x5xi32>) {
  // expected-error @below {{'systile.reduce' op result element type must be 'i32', got 'f32'}}
  %0 = systile.reduce <sum> %x dim = 1 : !systile.tiled<3x5xi32> -> !systile.tiled<3x1xf32>
  return
}

// -----

func.func @reduce_geometry(%x: !systile.tiled<3x5xf32>) {
  // expected-error @below {{'systile.reduce' op result geometry #systile.geometry<2x4, mxu = 4> must equal the input geometry #systile.geometry<8x128, mxu = 128>}}
  %0 = systile.reduce <sum> %x dim = 1 : !systile.tiled<3x5xf32> -> !systile.tiled<3x1xf32, #systile.geometry<2x4, mxu = 4>>
  return
}

// -----

func.func @reduce_kind(%x: !systile.tiled<3x5xf32>) {
  // expected-error @below {{expected one of [sum, max, min] for reduction kind, got: prod}}
  // expected-error @below {{failed to parse Systile_ReduceKindAttr parameter 'value' which is to be a `::systile::ReduceKind`}}
  %0 = systile.reduce <prod> %x dim = 1 : !systile.tiled<3x5xf32> -> !systile.tiled<3x1xf32>
  return
}

// -----

func.func @fill_type(%x: !systile.tiled<3x5xf32, pad = undef>) {
  // expected-error @below {{'systile.fill_padding' op result must be the input type up to the pad kind, got '!systile.tiled<3x5xf32, pad = undef>' -> '!systile.tiled<3x6xf32>'}}
  %0 = systile.fill_padding %x, 0.0 : f32 : !systile.tiled<3x5xf32, pad = undef> -> !systile.tiled<3x6xf32>
  return
}

// -----

func.func @fill_value_type(%x: !systile.tiled<3x5xf32, pad = undef>) {
  // expected-error @below {{'systile.fill_padding' op value type 'i32' must be the element type 'f32'}}
  %0 = systile.fill_padding %x, 0 : i32 : !systile.tiled<3x5xf32, pad = undef> -> !systile.tiled<3x5xf32>
  return
}

// -----

func.func @fill_zero_is_recorded(%x: !systile.tiled<3x5xf32, pad = undef>) {
  // expected-error @below {{'systile.fill_padding' op result pad kind must be 'zero' for padding value 0.000000e+00 : f32 (+0)}}
  %0 = systile.fill_padding %x, 0.0 : f32 : !systile.tiled<3x5xf32, pad = undef> -> !systile.tiled<3x5xf32, pad = undef>
  return
}

// -----

func.func @fill_nonzero_is_undef(%x: !systile.tiled<3x5xf32, pad = undef>) {
  // expected-error @below {{'systile.fill_padding' op result pad kind must be 'undef' for padding value -0.000000e+00 : f32 (only +0 is recorded as 'zero')}}
  %0 = systile.fill_padding %x, -0.0 : f32 : !systile.tiled<3x5xf32, pad = undef> -> !systile.tiled<3x5xf32>
  return
}

// -----

func.func @fill_non_number(%x: !systile.tiled<3x5xf32, pad = undef>) {
  // expected-error @below {{invalid kind of attribute specified}}
  %0 = systile.fill_padding %x, unit : !systile.tiled<3x5xf32, pad = undef> -> !systile.tiled<3x5xf32>
  return
}

// -----

func.func @reduce_negative_dim(%x: !systile.tiled<3x5xf32>) {
  // expected-error @below {{'systile.reduce' op dim must be in [0, 2) (0: down the columns, 1: along the rows), got -1}}
  %0 = systile.reduce <sum> %x dim = -1 : !systile.tiled<3x5xf32> -> !systile.tiled<3x1xf32>
  return
}

// -----

#enc = #linalg.type_fn<cast_signed>
func.func @pack_encoding(%t: tensor<3x5xf32, #enc>) {
  // expected-error @below {{'systile.pack' op tensor type 'tensor<3x5xf32, #linalg.type_fn<cast_signed>>' has an encoding; only plain dense tensors are packed and unpacked}}
  %0 = systile.pack %t : tensor<3x5xf32, #enc> -> !systile.tiled<3x5xf32>
  return
}

// -----

func.func @relayout_geometry(%x: !systile.tiled<2x3x5xf32>) {
  // expected-error @below {{'systile.transpose' op result geometry #systile.geometry<2x4, mxu = 4> differs from the input's #systile.geometry<8x128, mxu = 128>; a relayout keeps the geometry}}
  %0 = systile.transpose %x : !systile.tiled<2x3x5xf32> -> !systile.tiled<2x5x3xf32, #systile.geometry<2x4, mxu = 4>>
  return
}

// -----

func.func @relayout_element(%x: !systile.tiled<2x3x5xf32>) {
  // expected-error @below {{'systile.reshape_batch' op result element type 'i32' differs from the input's 'f32'; a relayout keeps the element type}}
  %0 = systile.reshape_batch %x : !systile.tiled<2x3x5xf32> -> !systile.tiled<2x1x3x5xi32>
  return
}

// -----

func.func @relayout_pad(%x: !systile.tiled<2x3x5xf32, pad = undef>) {
  // expected-error @below {{'systile.merge_rows' op result pad kind 'zero' differs from the input's 'undef'; a relayout keeps the pad kind}}
  %0 = systile.merge_rows %x : !systile.tiled<2x3x5xf32, pad = undef> -> !systile.tiled<6x5xf32>
  return
}

// -----

func.func @reshape_batch_matrix(%x: !systile.tiled<2x4x6xf32>) {
  // expected-error @below {{'systile.reshape_batch' op result matrices are 8x6, the input's are 4x6; reshape_batch keeps the matrix shape (merge_rows and split_rows move rows)}}
  %0 = systile.reshape_batch %x : !systile.tiled<2x4x6xf32> -> !systile.tiled<8x6xf32>
  return
}

// -----

func.func @reshape_batch_count(%x: !systile.tiled<2x4x3x5xf32>) {
  // expected-error @below {{'systile.reshape_batch' op result batch 6 has 6 matrices, the input batch 2x4 has 8; reshape_batch keeps the number of matrices}}
  %0 = systile.reshape_batch %x : !systile.tiled<2x4x3x5xf32> -> !systile.tiled<6x3x5xf32>
  return
}

// -----

func.func @reshape_count(%x: !systile.tiled<162x5xf32>) {
  // expected-error @below {{'systile.reshape' op result shape 2x400 has 800 elements, the input shape 162x5 has 810; a reshape keeps every element}}
  %0 = systile.reshape %x : !systile.tiled<162x5xf32> -> !systile.tiled<2x400xf32>
  return
}

// -----

func.func @reshape_geometry(%x: !systile.tiled<162x5xf32>) {
  // expected-error @below {{'systile.reshape' op result geometry #systile.geometry<2x4, mxu = 4> differs from the input's #systile.geometry<8x128, mxu = 128>; a relayout keeps the geometry}}
  %0 = systile.reshape %x : !systile.tiled<162x5xf32> -> !systile.tiled<2x405xf32, #systile.geometry<2x4, mxu = 4>>
  return
}

// -----

func.func @merge_rows_matrix(%x: !systile.tiled<4x6xf32>) {
  // expected-error @below {{'systile.merge_rows' op input '!systile.tiled<4x6xf32>' has no batch dimension; the innermost batch dimension is merged into the rows, so rank >= 3 is needed}}
  %0 = systile.merge_rows %x : !systile.tiled<4x6xf32> -> !systile.tiled<4x6xf32>
  return
}

// -----

func.func @merge_rows_shape(%x: !systile.tiled<2x3x4x6xf32>) {
  // expected-error @below {{'systile.merge_rows' op result shape 2x4x18 is not 2x12x6, which [.., B, R, C] -> [.., B*R, C] gives for the input shape 2x3x4x6}}
  %0 = systile.merge_rows %x : !systile.tiled<2x3x4x6xf32> -> !systile.tiled<2x4x18xf32>
  return
}

// -----

func.func @split_rows_divide(%x: !systile.tiled<12x5xf32>) {
  // expected-error @below {{'systile.split_rows' op result rows 5 do not divide the input's 12 rows; [.., B*R, C] -> [.., B, R, C] needs R to divide them}}
  %0 = systile.split_rows %x : !systile.tiled<12x5xf32> -> !systile.tiled<2x5x5xf32>
  return
}

// -----

func.func @split_rows_shape(%x: !systile.tiled<12x5xf32>) {
  // expected-error @below {{'systile.split_rows' op result shape 3x3x5 is not 4x3x5, which [.., B*R, C] -> [.., B, R, C] gives for the input shape 12x5}}
  %0 = systile.split_rows %x : !systile.tiled<12x5xf32> -> !systile.tiled<3x3x5xf32>
  return
}

// -----

func.func @split_rows_matrix(%x: !systile.tiled<12x5xf32>) {
  // expected-error @below {{'systile.split_rows' op result '!systile.tiled<12x5xf32>' has no batch dimension; the innermost batch dimension is split off the rows, so rank >= 3 is needed}}
  %0 = systile.split_rows %x : !systile.tiled<12x5xf32> -> !systile.tiled<12x5xf32>
  return
}

// -----

func.func @split_heads_divide(%x: !systile.tiled<2x24x96xf32>) {
  // expected-error @below {{'systile.split_heads' op result has 5 heads, which do not divide the input's 96 columns; [.., S, H*D] -> [.., H, S, D] needs H to divide them}}
  %0 = systile.split_heads %x : !systile.tiled<2x24x96xf32> -> !systile.tiled<2x5x24x19xf32>
  return
}

// -----

func.func @split_heads_shape(%x: !systile.tiled<2x24x96xf32>) {
  // expected-error @below {{'systile.split_heads' op result shape 2x4x96x6 is not 2x4x24x24, which [.., S, H*D] -> [.., H, S, D] gives for the input shape 2x24x96}}
  %0 = systile.split_heads %x : !systile.tiled<2x24x96xf32> -> !systile.tiled<2x4x96x6xf32>
  return
}

// -----

func.func @merge_heads_matrix(%x: !systile.tiled<24x96xf32>) {
  // expected-error @below {{'systile.merge_heads' op input '!systile.tiled<24x96xf32>' has no batch dimension; the innermost batch dimension is the heads, so rank >= 3 is needed}}
  %0 = systile.merge_heads %x : !systile.tiled<24x96xf32> -> !systile.tiled<24x96xf32>
  return
}

// -----

func.func @merge_heads_shape(%x: !systile.tiled<2x4x24x24xf32>) {
  // expected-error @below {{'systile.merge_heads' op result shape 2x96x24 is not 2x24x96, which [.., H, S, D] -> [.., S, H*D] gives for the input shape 2x4x24x24}}
  %0 = systile.merge_heads %x : !systile.tiled<2x4x24x24xf32> -> !systile.tiled<2x96x24xf32>
  return
}

// -----

func.func @transpose_shape(%x: !systile.tiled<2x3x5xf32>) {
  // expected-error @below {{'systile.transpose' op result shape 3x2x5 is not 2x5x3, which [.., R, C] -> [.., C, R] gives for the input shape 2x3x5}}
  %0 = systile.transpose %x : !systile.tiled<2x3x5xf32> -> !systile.tiled<3x2x5xf32>
  return
}

// -----

func.func @im2col_image_length(%x: !systile.tiled<25x3xf32>) {
  // expected-error @below {{'systile.im2col' op image has 2 values; it is [N, H, W]}}
  %0 = systile.im2col %x image [5, 5] kernel [3, 3] strides [1, 1] dilations [1, 1] padding [1, 1, 1, 1]
      : !systile.tiled<25x3xf32> -> !systile.tiled<25x27xf32>
  return
}

// -----

func.func @im2col_rows(%x: !systile.tiled<24x3xf32>) {
  // expected-error @below {{'systile.im2col' op input has 24 rows, but image [1, 5, 5] is N*H*W = 25 rows}}
  %0 = systile.im2col %x image [1, 5, 5] kernel [3, 3] strides [1, 1] dilations [1, 1] padding [1, 1, 1, 1]
      : !systile.tiled<24x3xf32> -> !systile.tiled<25x27xf32>
  return
}

// -----

func.func @im2col_batch(%x: !systile.tiled<2x25x3xf32>) {
  // expected-error @below {{'systile.im2col' op result batch dimensions [3] differ from the input's [2]; every matrix of the batch is one image}}
  %0 = systile.im2col %x image [1, 5, 5] kernel [3, 3] strides [1, 1] dilations [1, 1] padding [1, 1, 1, 1]
      : !systile.tiled<2x25x3xf32> -> !systile.tiled<3x25x27xf32>
  return
}

// -----

func.func @window_batch(%x: !systile.tiled<2x25x3xf32>) {
  // expected-error @below {{'systile.window' op result batch dimensions [] differ from the input's [2]; every matrix of the batch is one image}}
  %0 = systile.window %x tap [0, 0] image [1, 5, 5] kernel [3, 3] strides [1, 1] dilations [1, 1] padding [1, 1, 1, 1]
      : !systile.tiled<2x25x3xf32> -> !systile.tiled<25x3xf32>
  return
}

// -----

func.func @im2col_result(%x: !systile.tiled<25x3xf32>) {
  // expected-error @below {{'systile.im2col' op result shape 25x9 is not 9x27 (N*OH*OW = 1*3*3 rows, KH*KW*C columns)}}
  %0 = systile.im2col %x image [1, 5, 5] kernel [3, 3] strides [1, 1] dilations [1, 1] padding [0, 0, 0, 0]
      : !systile.tiled<25x3xf32> -> !systile.tiled<25x9xf32>
  return
}

// -----

func.func @im2col_kernel_too_large(%x: !systile.tiled<25x3xf32>) {
  // expected-error @below {{'systile.im2col' op invalid window: the dilated kernel is larger than the padded image}}
  %0 = systile.im2col %x image [1, 5, 5] kernel [3, 3] strides [1, 1] dilations [3, 1] padding [0, 0, 0, 0]
      : !systile.tiled<25x3xf32> -> !systile.tiled<25x27xf32>
  return
}

// -----

func.func @im2col_stride_zero(%x: !systile.tiled<25x3xf32>) {
  // expected-error @below {{'systile.im2col' op invalid window: the strides and dilations must be in [1, 2^31]}}
  %0 = systile.im2col %x image [1, 5, 5] kernel [3, 3] strides [0, 1] dilations [1, 1] padding [0, 0, 0, 0]
      : !systile.tiled<25x3xf32> -> !systile.tiled<25x27xf32>
  return
}

// -----

func.func @im2col_negative_padding(%x: !systile.tiled<25x3xf32>) {
  // expected-error @below {{'systile.im2col' op invalid window: the padding must be in [0, 2^31]}}
  %0 = systile.im2col %x image [1, 5, 5] kernel [3, 3] strides [1, 1] dilations [1, 1] padding [-1, 0, 0, 0]
      : !systile.tiled<25x3xf32> -> !systile.tiled<25x27xf32>
  return
}

// -----

func.func @im2col_pad_value_type(%x: !systile.tiled<25x3xf32>) {
  // expected-error @below {{'systile.im2col' op pad_value 0 : i32 is not of the element type 'f32'}}
  %0 = systile.im2col %x image [1, 5, 5] kernel [3, 3] strides [1, 1] dilations [1, 1] padding [1, 1, 1, 1]
      {pad_value = 0 : i32} : !systile.tiled<25x3xf32> -> !systile.tiled<25x27xf32>
  return
}

// -----

func.func @im2col_geometry(%x: !systile.tiled<25x3xf32>) {
  // expected-error @below {{'systile.im2col' op result geometry #systile.geometry<2x4, mxu = 4> differs from the input's #systile.geometry<8x128, mxu = 128>; a relayout keeps the geometry}}
  %0 = systile.im2col %x image [1, 5, 5] kernel [3, 3] strides [1, 1] dilations [1, 1] padding [1, 1, 1, 1]
      : !systile.tiled<25x3xf32> -> !systile.tiled<25x27xf32, #systile.geometry<2x4, mxu = 4>>
  return
}

// -----

func.func @window_tap_outside(%x: !systile.tiled<25x3xf32>) {
  // expected-error @below {{'systile.window' op tap [3, 0] is outside the kernel [3, 3]}}
  %0 = systile.window %x tap [3, 0] image [1, 5, 5] kernel [3, 3] strides [1, 1] dilations [1, 1] padding [1, 1, 1, 1]
      : !systile.tiled<25x3xf32> -> !systile.tiled<25x3xf32>
  return
}

// -----

func.func @window_tap_length(%x: !systile.tiled<25x3xf32>) {
  // expected-error @below {{'systile.window' op tap has 1 values; it is [kh, kw]}}
  %0 = systile.window %x tap [3] image [1, 5, 5] kernel [3, 3] strides [1, 1] dilations [1, 1] padding [1, 1, 1, 1]
      : !systile.tiled<25x3xf32> -> !systile.tiled<25x3xf32>
  return
}

// -----

func.func @window_result(%x: !systile.tiled<25x3xf32>) {
  // expected-error @below {{'systile.window' op result shape 25x27 is not 25x3 (N*OH*OW = 1*5*5 rows, C columns)}}
  %0 = systile.window %x tap [0, 0] image [1, 5, 5] kernel [3, 3] strides [1, 1] dilations [1, 1] padding [1, 1, 1, 1]
      : !systile.tiled<25x3xf32> -> !systile.tiled<25x27xf32>
  return
}

// -----

func.func @im2col_columns_overflow(%x: !systile.tiled<1x4611686018427387904xi8, #systile.geometry<1x1, mxu = 1>>) {
  // expected-error @below {{'systile.im2col' op KH*KW*C = 4*4611686018427387904 exceeds 2^63-1}}
  %0 = systile.im2col %x image [1, 1, 1] kernel [2, 2] strides [1, 1] dilations [1, 1] padding [1, 1, 0, 0]
      : !systile.tiled<1x4611686018427387904xi8, #systile.geometry<1x1, mxu = 1>> -> !systile.tiled<1x1xi8, #systile.geometry<1x1, mxu = 1>>
  return
}

// -----

func.func @slice_rank(%x: !systile.tiled<2x24x96xf32>) {
  // expected-error @below {{'systile.slice' op result rank 2 differs from the input's 3; a slice keeps the rank}}
  %0 = systile.slice %x offsets [0, 0] : !systile.tiled<2x24x96xf32> -> !systile.tiled<24x96xf32>
  return
}

// -----

func.func @slice_offsets(%x: !systile.tiled<2x24x96xf32>) {
  // expected-error @below {{'systile.slice' op has 2 offsets for a rank-3 input; it needs one per dimension}}
  %0 = systile.slice %x offsets [0, 96] : !systile.tiled<2x24x96xf32> -> !systile.tiled<2x24x32xf32>
  return
}

// -----

func.func @slice_outside(%x: !systile.tiled<2x24x96xf32>) {
  // expected-error @below {{'systile.slice' op dimension 2: offset 80 and size 32 leave the input's extent 96 (result shape 2x24x32, input shape 2x24x96)}}
  %0 = systile.slice %x offsets [0, 0, 80] : !systile.tiled<2x24x96xf32> -> !systile.tiled<2x24x32xf32>
  return
}

// -----

func.func @slice_negative(%x: !systile.tiled<2x24x96xf32>) {
  // expected-error @below {{'systile.slice' op dimension 0: offset -1 and size 1 leave the input's extent 2}}
  %0 = systile.slice %x offsets [-1, 0, 0] : !systile.tiled<2x24x96xf32> -> !systile.tiled<1x24x96xf32>
  return
}

// -----

func.func @slice_element_type(%x: !systile.tiled<2x24x96xf32>) {
  // expected-error @below {{'systile.slice' op result element type 'bf16' differs from the input's 'f32'; a relayout keeps the element type}}
  %0 = systile.slice %x offsets [0, 0, 0] : !systile.tiled<2x24x96xf32> -> !systile.tiled<2x24x32xbf16>
  return
}
