//===- SystileInterfaces.td - systile op interfaces --------*- tablegen -*-===//
//
// What the layout accounting (RFC 8) asks of the relayout ops.
//
//===----------------------------------------------------------------------===//

#ifndef SYSTILE_DIALECT_SYSTILE_IR_SYSTILEINTERFACES_TD
#define SYSTILE_DIALECT_SYSTILE_IR_SYSTILEINTERFACES_TD

include "mlir/IR/OpBase.td"

def Systile_RelayoutOpInterface : OpInterface<"RelayoutOpInterface"> {
  let cppNamespace = "::systile";
  let description = [{
    An op that moves the logical elements of its one tiled operand to other
    slots (a reshape of the batch dimensions, a row or head split or merge,
    a minor transpose) and changes nothing else. `systile-report-layout`
    and `systile-run --stats` count each such op that is not free as one
    relayout of the padded storage bytes of its result.
  }];
  let methods = [
    InterfaceMethod<[{
      Whether the result's storage is the input's, bit for bit: nothing
      moves on a chip, and the op counts nothing.
    }], "bool", "isFree">,
  ];
}

#endif // SYSTILE_DIALECT_SYSTILE_IR_SYSTILEINTERFACES_TD
