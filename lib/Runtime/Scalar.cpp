//===- Scalar.cpp - Names of the scalar predicates ------------------------===//

#include "systile/Runtime/Scalar.h"

#include <iterator>

const char *systile::rt::scalar::toString(CmpFPredicate p) {
  static constexpr const char *names[] = {
      "false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord",
      "ueq",   "ugt", "uge", "ult", "ule", "une", "uno", "true"};
  auto i = static_cast<size_t>(p);
  return i < std::size(names) ? names[i] : "?";
}
