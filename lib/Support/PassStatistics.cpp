//===- PassStatistics.cpp - counters of the systile passes ----------------===//
//
// The hand-over of per-instance pass counters to the report in scope, and
// the report's output (see PassStatistics.h).
//
//===----------------------------------------------------------------------===//

#include "systile/Support/PassStatistics.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>

using namespace systile;

namespace {
/// The report in scope. Only a pointer to where counts go, set and cleared
/// by the report's owner; the counts themselves live in the pass instances
/// and in the report.
std::mutex scopeMutex;
PassCounterReport *inScope = nullptr;
} // namespace

PassCounter::~PassCounter() {
  std::lock_guard<std::mutex> lock(scopeMutex);
  if (inScope)
    inScope->add(*this, get());
}

PassCounterReport::PassCounterReport() {
  std::lock_guard<std::mutex> lock(scopeMutex);
  if (!inScope) {
    inScope = this;
    active = true;
  }
}

PassCounterReport::~PassCounterReport() {
  std::lock_guard<std::mutex> lock(scopeMutex);
  if (active)
    inScope = nullptr;
}

void PassCounterReport::add(const PassCounter &counter, uint64_t value) {
  std::lock_guard<std::mutex> lock(mutex);
  std::vector<Entry> &entries = passes[counter.pass];
  auto it = std::find_if(entries.begin(), entries.end(), [&](const Entry &e) {
    return e.name == counter.name;
  });
  if (it != entries.end()) {
    it->value += value;
    return;
  }
  // A pass's members are destroyed in reverse order of declaration, so
  // putting a new name first keeps the order in which the pass declares its
  // counters.
  entries.insert(entries.begin(),
                 Entry{counter.name, counter.description, value});
}

void PassCounterReport::print(llvm::raw_ostream &os) const {
  std::lock_guard<std::mutex> lock(mutex);
  os << "===" << std::string(73, '-') << "===\n"
     << "                     ... systile pass statistics ...\n"
     << "===" << std::string(73, '-') << "===\n";
  for (const auto &[pass, entries] : passes) {
    os << pass << "\n";
    for (const Entry &e : entries)
      os << "  (S) " << e.value << " " << e.name << " - " << e.description
         << "\n";
  }
}
