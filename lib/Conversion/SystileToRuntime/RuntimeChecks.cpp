//===- RuntimeChecks.cpp - run-time checks of undefined scalar results ----===//
//
// systile-insert-runtime-checks: a cf.assert before every scalar op whose
// result upstream leaves undefined for some operands (the interpreter's
// poison errors), then every cf.assert as a call of the runtime's
// systile_check_failed, which reports the message and does not return;
// and before each memref.alloc a call of systile_alloc_site naming where
// the buffer is allocated.
//
//===----------------------------------------------------------------------===//

#include "systile/Conversion/Passes.h"

#include "GeneratedCalls.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/TypeSwitch.h"

namespace systile {
#define GEN_PASS_DEF_SYSTILEINSERTRUNTIMECHECKS
#include "systile/Conversion/Passes.h.inc"
} // namespace systile

using namespace mlir;

namespace {

using systile::generated::locationText;

/// The integer value of `v` when it is a constant.
std::optional<APInt> constantInt(Value v) {
  APInt value;
  if (matchPattern(v, m_ConstantInt(&value)))
    return value;
  return std::nullopt;
}

/// Builds the conditions under which an op's result is defined.
class Checks {
public:
  Checks(Operation *op) : op(op), b(op), loc(op->getLoc()) {}

  /// Asserts `ok` with the message "'<op>' at <loc>: <why> (the result
  /// would be poison)".
  void require(Value ok, StringRef why) {
    std::string message = ("'" + op->getName().getStringRef() + "' at " +
                           locationText(loc) + ": " + why +
                           " (the result would be poison)")
                              .str();
    auto check = cf::AssertOp::create(b, loc, ok, message);
    check->setAttr(kCheckAttr, b.getUnitAttr());
  }

  /// Marks the asserts this pass makes: their message is complete.
  static constexpr llvm::StringLiteral kCheckAttr =
      systile::generated::kRuntimeCheckAttr;

  Value constant(Type type, const APInt &value) {
    return arith::ConstantOp::create(b, loc, type,
                                     b.getIntegerAttr(type, value));
  }
  Value cmp(arith::CmpIPredicate pred, Value x, Value y) {
    return arith::CmpIOp::create(b, loc, pred, x, y);
  }
  Value notBoth(Value x, Value y) {
    Value both = arith::AndIOp::create(b, loc, x, y);
    Value one = arith::ConstantOp::create(b, loc, b.getI1Type(),
                                          b.getBoolAttr(true));
    return arith::XOrIOp::create(b, loc, both, one);
  }

  /// A divisor that is not zero.
  void nonZeroDivisor(Value divisor) {
    std::optional<APInt> c = constantInt(divisor);
    if (c && !c->isZero())
      return;
    Value zero = constant(divisor.getType(), APInt(width(divisor), 0));
    require(cmp(arith::CmpIPredicate::ne, divisor, zero), "division by zero");
  }

  /// Not the minimum signed integer divided by -1.
  void noSignedDivisionOverflow(Value lhs, Value rhs) {
    std::optional<APInt> l = constantInt(lhs), r = constantInt(rhs);
    if ((l && !l->isMinSignedValue()) || (r && !r->isAllOnes()))
      return;
    const unsigned w = width(lhs);
    Value isMin = cmp(arith::CmpIPredicate::eq, lhs,
                      constant(lhs.getType(), APInt::getSignedMinValue(w)));
    Value isMinusOne = cmp(arith::CmpIPredicate::eq, rhs,
                           constant(rhs.getType(), APInt::getAllOnes(w)));
    require(notBoth(isMin, isMinusOne), "signed division overflow");
  }

  /// A shift amount less than the bit width.
  void shiftInRange(Value amount) {
    const unsigned w = width(amount);
    std::optional<APInt> c = constantInt(amount);
    if (c && c->ult(w))
      return;
    Value bound = constant(amount.getType(), APInt(w, w));
    require(cmp(arith::CmpIPredicate::ult, amount, bound),
            "shift amount not less than the bit width " + std::to_string(w));
  }

  /// The overflow flags of an addi, subi, muli or shli with result `r`.
  void noWrap(Operation *binary, Value lhs, Value rhs, Value r) {
    auto flags = cast<arith::ArithIntegerOverflowFlagsInterface>(binary);
    if (!flags.hasNoSignedWrap() && !flags.hasNoUnsignedWrap())
      return;
    // The checks read the op's result, so they go after it (the op itself
    // is well defined as a wrapping operation in LLVM without its flags,
    // which the checked form keeps).
    b.setInsertionPointAfter(binary);
    const unsigned w = width(lhs);
    Value zero = constant(lhs.getType(), APInt(w, 0));
    using P = arith::CmpIPredicate;
    // Whether x & y has its sign bit clear.
    auto notNegative = [&](Value x, Value y) {
      return cmp(P::sge, arith::AndIOp::create(b, loc, x, y), zero);
    };
    auto xorOf = [&](Value x, Value y) {
      return arith::XOrIOp::create(b, loc, x, y).getResult();
    };
    auto check = [&](bool signedFlag, Value ok) {
      require(ok, signedFlag ? "nsw overflow" : "nuw overflow");
    };
    for (bool signedFlag : {true, false}) {
      if (signedFlag ? !flags.hasNoSignedWrap() : !flags.hasNoUnsignedWrap())
        continue;
      Value ok =
          TypeSwitch<Operation *, Value>(binary)
              .Case([&](arith::AddIOp) {
                if (signedFlag) // overflow: both operands' sign differs from r's
                  return notNegative(xorOf(lhs, r), xorOf(rhs, r));
                return cmp(P::uge, r, lhs); // no carry
              })
              .Case([&](arith::SubIOp) {
                if (signedFlag) // overflow: signs differ and r's is rhs's
                  return notNegative(xorOf(lhs, rhs), xorOf(lhs, r));
                return cmp(P::uge, lhs, rhs); // no borrow
              })
              .Case([&](arith::MulIOp) {
                if (signedFlag) {
                  auto wide = arith::MulSIExtendedOp::create(b, loc, lhs, rhs);
                  Value signOfLow = arith::ShRSIOp::create(
                      b, loc, wide.getLow(),
                      constant(lhs.getType(), APInt(w, w - 1)));
                  return cmp(P::eq, wide.getHigh(), signOfLow);
                }
                auto wide = arith::MulUIExtendedOp::create(b, loc, lhs, rhs);
                return cmp(P::eq, wide.getHigh(), zero);
              })
              .Case([&](arith::ShLIOp) {
                // Shifting back gives the operand (the amount is in range:
                // checked before the op).
                Value back =
                    signedFlag
                        ? arith::ShRSIOp::create(b, loc, r, rhs).getResult()
                        : arith::ShRUIOp::create(b, loc, r, rhs).getResult();
                return cmp(P::eq, back, lhs);
              })
              .Default([](Operation *) { return Value(); });
      if (ok)
        check(signedFlag, ok);
    }
  }

  /// trunci with overflow flags: extending the result back gives the
  /// operand.
  void truncNoWrap(arith::TruncIOp trunc) {
    auto flags = cast<arith::ArithIntegerOverflowFlagsInterface>(
        trunc.getOperation());
    b.setInsertionPointAfter(trunc);
    Value in = trunc.getIn(), r = trunc.getResult();
    if (flags.hasNoSignedWrap())
      require(cmp(arith::CmpIPredicate::eq,
                  arith::ExtSIOp::create(b, loc, in.getType(), r), in),
              "nsw overflow");
    if (flags.hasNoUnsignedWrap())
      require(cmp(arith::CmpIPredicate::eq,
                  arith::ExtUIOp::create(b, loc, in.getType(), r), in),
              "nuw overflow");
  }

  /// fptosi / fptoui: not NaN and the truncation in the result's range:
  /// lo < x < hi with lo = min - 1 rounded down and hi = max + 1 rounded
  /// up to the operand's type (exact for every representable x: no value
  /// of that type lies strictly between the rounded and the exact bound).
  void floatToIntInRange(Value x, IntegerType to, bool isSigned) {
    auto type = cast<FloatType>(x.getType());
    const unsigned w = to.getWidth();
    APInt min = isSigned ? APInt::getSignedMinValue(w).sext(w + 2)
                         : APInt(w + 2, 0);
    APInt max = isSigned ? APInt::getSignedMaxValue(w).sext(w + 2)
                         : APInt::getMaxValue(w).zext(w + 2);
    auto bound = [&](const APInt &v, APFloat::roundingMode mode) {
      APFloat f(type.getFloatSemantics());
      (void)f.convertFromAPInt(v, /*IsSigned=*/true, mode);
      return arith::ConstantOp::create(b, loc, type,
                                       b.getFloatAttr(type, f));
    };
    Value lo = bound(min - 1, APFloat::rmTowardNegative);
    Value hi = bound(max + 1, APFloat::rmTowardPositive);
    // Ordered comparisons: false for NaN.
    Value above = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OGT, x, lo);
    Value below = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OLT, x, hi);
    require(arith::AndIOp::create(b, loc, above, below),
            "NaN or a value out of the range of " +
                std::string(isSigned ? "i" : "ui") + std::to_string(w));
  }

  /// math.ipowi: not zero to a negative power.
  void powerDefined(Value base, Value exponent) {
    std::optional<APInt> bc = constantInt(base), ec = constantInt(exponent);
    if ((bc && !bc->isZero()) || (ec && !ec->isNegative()))
      return;
    Value zero = constant(base.getType(), APInt(width(base), 0));
    Value zeroExp = constant(exponent.getType(), APInt(width(exponent), 0));
    Value isZero = cmp(arith::CmpIPredicate::eq, base, zero);
    Value negative = cmp(arith::CmpIPredicate::slt, exponent, zeroExp);
    require(notBoth(isZero, negative),
            "division by zero (0 to a negative power)");
  }

  static unsigned width(Value v) {
    Type t = v.getType();
    if (t.isIndex())
      return 64;
    return t.getIntOrFloatBitWidth();
  }

private:
  Operation *op;
  OpBuilder b;
  Location loc;
};

/// Whether every operand and result of `op` is a scalar (an integer, index
/// or float type): the checks are scalar code.
bool isScalar(Operation *op) {
  auto scalar = [](Type t) { return t.isIntOrIndexOrFloat(); };
  return llvm::all_of(op->getOperandTypes(), scalar) &&
         llvm::all_of(op->getResultTypes(), scalar);
}

void insertChecks(Operation *op) {
  if (!isScalar(op))
    return;
  Checks c(op);
  TypeSwitch<Operation *>(op)
      .Case<arith::DivSIOp, arith::RemSIOp, arith::CeilDivSIOp,
            arith::FloorDivSIOp>([&](auto div) {
        c.nonZeroDivisor(div.getRhs());
        c.noSignedDivisionOverflow(div.getLhs(), div.getRhs());
      })
      .Case<arith::DivUIOp, arith::RemUIOp, arith::CeilDivUIOp>(
          [&](auto div) { c.nonZeroDivisor(div.getRhs()); })
      .Case<arith::ShRSIOp, arith::ShRUIOp>(
          [&](auto shift) { c.shiftInRange(shift.getRhs()); })
      .Case([&](arith::ShLIOp shift) {
        c.shiftInRange(shift.getRhs());
        c.noWrap(shift, shift.getLhs(), shift.getRhs(), shift.getResult());
      })
      .Case<arith::AddIOp, arith::SubIOp, arith::MulIOp>([&](auto binary) {
        c.noWrap(binary, binary.getLhs(), binary.getRhs(),
                 binary.getResult());
      })
      .Case([&](arith::TruncIOp trunc) {
        auto flags = cast<arith::ArithIntegerOverflowFlagsInterface>(
            trunc.getOperation());
        if (flags.hasNoSignedWrap() || flags.hasNoUnsignedWrap())
          c.truncNoWrap(trunc);
      })
      .Case([&](arith::FPToSIOp cast) {
        c.floatToIntInRange(cast.getIn(), llvm::cast<IntegerType>(cast.getType()),
                            /*isSigned=*/true);
      })
      .Case([&](arith::FPToUIOp cast) {
        c.floatToIntInRange(cast.getIn(), llvm::cast<IntegerType>(cast.getType()),
                            /*isSigned=*/false);
      })
      .Case([&](math::IPowIOp pow) {
        c.powerDefined(pow.getLhs(), pow.getRhs());
      });
}

struct SystileInsertRuntimeChecks
    : public systile::impl::SystileInsertRuntimeChecksBase<
          SystileInsertRuntimeChecks> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<Operation *> ops;
    module.walk([&](Operation *op) {
      if (isa<arith::ArithDialect, math::MathDialect>(op->getDialect()))
        ops.push_back(op);
    });
    for (Operation *op : ops)
      insertChecks(op);

    SymbolTable symbols(module);
    // Each buffer's site, for a host that bounds the program's memory.
    SmallVector<memref::AllocOp> allocs;
    module.walk([&](memref::AllocOp a) { allocs.push_back(a); });
    if (!allocs.empty()) {
      auto sites = systile::generated::TextCalls::get(
          module, symbols, "systile_alloc_site", "__systile_alloc_site");
      if (!sites)
        return signalPassFailure();
      for (memref::AllocOp a : allocs) {
        OpBuilder b(a);
        sites->create(b, a.getLoc(),
                      "a buffer allocated at " + locationText(a.getLoc()));
      }
    }

    SmallVector<cf::AssertOp> asserts;
    module.walk([&](cf::AssertOp a) { asserts.push_back(a); });
    if (asserts.empty())
      return;
    auto failed = systile::generated::TextCalls::get(
        module, symbols, "systile_check_failed", "__systile_check_message");
    if (!failed)
      return signalPassFailure();
    for (cf::AssertOp a : asserts) {
      Location loc = a.getLoc();
      std::string text = a->hasAttr(Checks::kCheckAttr)
                             ? a.getMsg().str()
                             : "'cf.assert' at " + locationText(loc) +
                                   ": assertion failed: " + a.getMsg().str();
      OpBuilder b(a);
      Value one = arith::ConstantOp::create(b, loc, b.getI1Type(),
                                            b.getBoolAttr(true));
      Value broken = arith::XOrIOp::create(b, loc, a.getArg(), one);
      auto ifOp = scf::IfOp::create(b, loc, broken, /*withElseRegion=*/false);
      OpBuilder then = ifOp.getThenBodyBuilder();
      failed->create(then, loc, text);
      a.erase();
    }
  }
};

} // namespace
