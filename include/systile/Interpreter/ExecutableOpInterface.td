//===- ExecutableOpInterface.td - How the interpreter runs an op ---------===//
//
// The execution model of an op for systile-run. Implementations are
// external models attached per dialect (lib/Interpreter/Models/*.cpp), the
// way upstream attaches BufferizableOpInterface, so no dialect knows about
// the interpreter and the interpreter holds no list of op names.
//
//===----------------------------------------------------------------------===//

#ifndef SYSTILE_INTERPRETER_EXECUTABLEOPINTERFACE
#define SYSTILE_INTERPRETER_EXECUTABLEOPINTERFACE

include "mlir/IR/OpBase.td"

def ExecutableOpInterface : OpInterface<"ExecutableOpInterface"> {
  let cppNamespace = "::systile::interp";
  let description = [{
    An op that systile-run can execute. `execute` reads the run-time values
    of the op's operands from the context, computes, and binds every result;
    on failure it has emitted a diagnostic on the op. Terminators (yields,
    returns) need no model: the region runner collects their operands.

    `supportsLanes` says the op is element-wise on its operands, with a
    one-element operand broadcast against the others: the runner may then
    evaluate a payload region over many iteration points at once, each SSA
    value holding one lane per point.
  }];
  let methods = [
    InterfaceMethod<"Executes the op in `ctx`.", "::mlir::LogicalResult",
                    "execute", (ins "::systile::interp::ExecContext &":$ctx)>,
    InterfaceMethod<"Whether the op is lane-wise (see the description).",
                    "bool", "supportsLanes", (ins), [{}],
                    [{ return false; }]>,
  ];
}

#endif // SYSTILE_INTERPRETER_EXECUTABLEOPINTERFACE
