//===- PassStatistics.cpp - counters of the systile passes ----------------===//

#include "systile/Support/PassStatistics.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <mutex>

using namespace systile;

namespace {
/// The registry; function-local so that static counters in other files may
/// register during static initialisation in any order.
struct Registry {
  std::mutex mutex;
  llvm::SmallVector<PassCounter *> counters;
};
Registry &registry() {
  static Registry instance;
  return instance;
}
} // namespace

PassCounter::PassCounter(const char *pass, const char *name,
                         const char *description)
    : pass(pass), name(name), description(description) {
  Registry &r = registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  r.counters.push_back(this);
}

void systile::printPassStatistics(llvm::raw_ostream &os) {
  Registry &r = registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  llvm::SmallVector<PassCounter *> sorted(r.counters);
  std::stable_sort(sorted.begin(), sorted.end(),
                   [](PassCounter *a, PassCounter *b) {
                     return llvm::StringRef(a->pass) < llvm::StringRef(b->pass);
                   });
  os << "===" << std::string(73, '-') << "===\n"
     << "                     ... systile pass statistics ...\n"
     << "===" << std::string(73, '-') << "===\n";
  llvm::StringRef current;
  for (PassCounter *counter : sorted) {
    if (current != counter->pass) {
      current = counter->pass;
      os << current << "\n";
    }
    os << "  (S) " << counter->get() << " " << counter->name << " - "
       << counter->description << "\n";
  }
}
