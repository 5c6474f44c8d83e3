// Programs for poison.test (each entry fails on purpose).

func.func @divzero() -> tensor<2xi32> {
  %a = arith.constant dense<[6, 7]> : tensor<2xi32>
  %b = arith.constant dense<[3, 0]> : tensor<2xi32>
  %0 = arith.divsi %a, %b : tensor<2xi32>
  return %0 : tensor<2xi32>
}

func.func @overflow() -> tensor<3xi32> {
  %a = arith.constant dense<[6, 7, -2147483648]> : tensor<3xi32>
  %b = arith.constant dense<-1> : tensor<3xi32>
  %0 = arith.divsi %a, %b : tensor<3xi32>
  return %0 : tensor<3xi32>
}

func.func @remzero() -> i32 {
  %a = arith.constant -5 : i32
  %b = arith.constant 0 : i32
  %0 = arith.remsi %a, %b : i32
  return %0 : i32
}

func.func @removerflow() -> i8 {
  %a = arith.constant -128 : i8
  %b = arith.constant -1 : i8
  %0 = arith.remsi %a, %b : i8
  return %0 : i8
}

func.func @divuzero() -> i32 {
  %a = arith.constant -1 : i32
  %b = arith.constant 0 : i32
  %0 = arith.ceildivui %a, %b : i32
  return %0 : i32
}

func.func @floordiv() -> i32 {
  %a = arith.constant -9223372036854775808 : i64
  %b = arith.constant -1 : i64
  %0 = arith.floordivsi %a, %b : i64
  %1 = arith.trunci %0 : i64 to i32
  return %1 : i32
}

func.func @shift() -> tensor<2xi8> {
  %a = arith.constant dense<1> : tensor<2xi8>
  %b = arith.constant dense<[7, 8]> : tensor<2xi8>
  %0 = arith.shli %a, %b : tensor<2xi8>
  return %0 : tensor<2xi8>
}

func.func @fptosi() -> tensor<2xi8> {
  %a = arith.constant dense<[127.9, 128.0]> : tensor<2xf32>
  %0 = arith.fptosi %a : tensor<2xf32> to tensor<2xi8>
  return %0 : tensor<2xi8>
}

func.func @fptoui() -> tensor<1xi32> {
  %a = arith.constant dense<0x7FC00000> : tensor<1xf32>
  %0 = arith.fptoui %a : tensor<1xf32> to tensor<1xi32>
  return %0 : tensor<1xi32>
}

func.func @ipowi() -> i32 {
  %a = arith.constant 0 : i32
  %b = arith.constant -2 : i32
  %0 = math.ipowi %a, %b : i32
  return %0 : i32
}

func.func @elided() -> tensor<2xf32> {
  %0 = arith.constant dense_resource<__elided__> : tensor<2xf32>
  return %0 : tensor<2xf32>
}

func.func @short() -> tensor<2xf32> {
  %0 = arith.constant dense_resource<short_blob> : tensor<2xf32>
  return %0 : tensor<2xf32>
}

{-#
  dialect_resources: {
    builtin: {
      short_blob: "0x040000000000803F"
    }
  }
#-}
