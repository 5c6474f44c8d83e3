//===- GeneratedCalls.h - runtime calls the run-time checks emit -*- C++ -*-===//
//
// Shared by systile-insert-runtime-checks and systile-count-loop-steps:
// an op's location as its messages give it, the declaration of a runtime
// function called through its C interface, and a text as a constant
// global the call passes as a memref<?xi8>.
//
//===----------------------------------------------------------------------===//

#ifndef SYSTILE_LIB_CONVERSION_SYSTILETORUNTIME_GENERATEDCALLS_H
#define SYSTILE_LIB_CONVERSION_SYSTILETORUNTIME_GENERATEDCALLS_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/StringMap.h"

#include <optional>
#include <string>

namespace systile::generated {

/// Marks a cf.assert whose message is a whole check message (the op, its
/// location and what failed): systile-insert-runtime-checks reports it as
/// it is, and other asserts as "'cf.assert' at LOC: assertion failed: ...".
inline constexpr llvm::StringLiteral kRuntimeCheckAttr =
    "systile.runtime_check";

/// `loc` as "file:line:col" (the first file location inside it), or "an
/// unknown location".
inline std::string locationText(mlir::Location loc) {
  std::string text;
  loc->walk([&](mlir::Location inner) {
    if (auto file = mlir::dyn_cast<mlir::FileLineColLoc>(inner)) {
      text = (file.getFilename().getValue() + ":" +
              llvm::Twine(file.getLine()) + ":" +
              llvm::Twine(file.getColumn()))
                 .str();
      return mlir::WalkResult::interrupt();
    }
    return mlir::WalkResult::advance();
  });
  return text.empty() ? "an unknown location" : text;
}

/// The type of a text argument: memref<?xi8>.
inline mlir::MemRefType textType(mlir::MLIRContext *ctx) {
  return mlir::MemRefType::get({mlir::ShapedType::kDynamic},
                               mlir::IntegerType::get(ctx, 8));
}

/// The private declaration of runtime function `name` (`(memref<?xi8>) ->
/// ()`, called through its C interface), created at the start of the
/// module when it is missing; null, after an error on the module's op,
/// when the module defines `name` with another type.
inline mlir::func::FuncOp declareTextFunction(mlir::ModuleOp module,
                                              mlir::SymbolTable &symbols,
                                              llvm::StringRef name) {
  mlir::OpBuilder top = mlir::OpBuilder::atBlockBegin(module.getBody());
  mlir::FunctionType type =
      top.getFunctionType({textType(module.getContext())}, {});
  auto fn = symbols.lookup<mlir::func::FuncOp>(name);
  if (fn) {
    if (fn.getFunctionType() == type)
      return fn;
    fn.emitError() << "the program defines @" << name
                   << ", a function of systile's runtime, with another type";
    return nullptr;
  }
  fn = mlir::func::FuncOp::create(top, module.getLoc(), name, type);
  fn.setPrivate();
  fn->setAttr(mlir::LLVM::LLVMDialect::getEmitCWrapperAttrName(),
              top.getUnitAttr());
  symbols.insert(fn);
  return fn;
}

/// Constant globals of texts, one per distinct text, named `prefix` (made
/// unique by the symbol table), at the start of the module in the order
/// they are first asked for.
class TextGlobals {
public:
  TextGlobals(mlir::ModuleOp module, mlir::SymbolTable &symbols,
              llvm::StringRef prefix)
      : module(module), symbols(symbols), prefix(prefix.str()),
        top(mlir::OpBuilder::atBlockBegin(module.getBody())) {}

  /// `text` as a memref<?xi8> value, built at `b`'s insertion point.
  mlir::Value get(mlir::OpBuilder &b, mlir::Location loc,
                  const std::string &text) {
    auto type = mlir::MemRefType::get({static_cast<int64_t>(text.size())},
                                      b.getI8Type());
    mlir::memref::GlobalOp &global = globals[text];
    if (!global) {
      llvm::SmallVector<int8_t> bytes(text.begin(), text.end());
      global = mlir::memref::GlobalOp::create(
          top, loc, prefix, top.getStringAttr("private"), type,
          mlir::DenseElementsAttr::get(
              mlir::RankedTensorType::get(type.getShape(), top.getI8Type()),
              llvm::ArrayRef<int8_t>(bytes)),
          /*constant=*/true, /*alignment=*/mlir::IntegerAttr());
      symbols.insert(global); // renamed when the name is taken
    }
    mlir::Value value =
        mlir::memref::GetGlobalOp::create(b, loc, type, global.getSymName());
    return mlir::memref::CastOp::create(b, loc, textType(module.getContext()),
                                        value);
  }

private:
  mlir::ModuleOp module;
  mlir::SymbolTable &symbols;
  std::string prefix;
  /// At the start of the module, in the order of creation.
  mlir::OpBuilder top;
  llvm::StringMap<mlir::memref::GlobalOp> globals;
};

/// Calls of runtime function `function` with constant texts: the
/// function's declaration (declareTextFunction) and the globals of its
/// texts (TextGlobals, named `globalPrefix`).
class TextCalls {
public:
  /// Null when the module defines `function` with another type (an error
  /// on the module's op was reported).
  static std::optional<TextCalls> get(mlir::ModuleOp module,
                                      mlir::SymbolTable &symbols,
                                      llvm::StringRef function,
                                      llvm::StringRef globalPrefix) {
    mlir::func::FuncOp fn = declareTextFunction(module, symbols, function);
    if (!fn)
      return std::nullopt;
    return TextCalls(fn, TextGlobals(module, symbols, globalPrefix));
  }

  /// A call with `text` at `b`'s insertion point.
  void create(mlir::OpBuilder &b, mlir::Location loc,
              const std::string &text) {
    create(b, loc, text, function);
  }

  /// The same for `other`, another text function (declareTextFunction),
  /// whose texts share this one's globals.
  void create(mlir::OpBuilder &b, mlir::Location loc, const std::string &text,
              mlir::func::FuncOp other) {
    mlir::func::CallOp::create(b, loc, other, texts.get(b, loc, text));
  }

private:
  TextCalls(mlir::func::FuncOp function, TextGlobals texts)
      : function(function), texts(std::move(texts)) {}
  mlir::func::FuncOp function;
  TextGlobals texts;
};

} // namespace systile::generated

#endif // SYSTILE_LIB_CONVERSION_SYSTILETORUNTIME_GENERATEDCALLS_H
