//===- BytecodeHazard.cpp - What MLIR's bytecode reader must not see ------===//
//
// A walk of a bytecode file's structure in the order MLIR's reader reads
// it (mlir/docs/BytecodeFormat.md). Every count is checked against the
// bytes left where it is read (each entry it counts takes at least one
// byte), so no loop of the walk runs longer than the file is long. The
// references between builtin attribute and type entries form a graph,
// searched depth first without recursion (a chain may be as long as the
// file) for a cycle.
//
//===----------------------------------------------------------------------===//

#include "systile/Support/BytecodeHazard.h"

#include "systile/Support/InputFile.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <limits>
#include <optional>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

using namespace llvm;

namespace {

// The encoding's constants, as mlir/Bytecode/Encoding.h (MLIR 22) names
// them; this library depends on LLVM only.
enum SectionId : uint8_t {
  kString = 0,
  kDialect = 1,
  kAttrType = 2,
  kAttrTypeOffset = 3,
  kIR = 4,
  kResource = 5,
  kResourceOffset = 6,
  kDialectVersions = 7,
  kProperties = 8,
  kNumSections = 9,
};
constexpr uint64_t kDialectVersioning = 1;
constexpr uint64_t kLazyLoading = 2;
constexpr uint64_t kUseListOrdering = 3;
constexpr uint64_t kElideUnknownBlockArgLocation = 4;
constexpr uint8_t kAlignmentByte = 0xCB;
enum OpMask : uint8_t {
  kHasAttrs = 1 << 0,
  kHasResults = 1 << 1,
  kHasOperands = 1 << 2,
  kHasSuccessors = 1 << 3,
  kHasInlineRegions = 1 << 4,
  kHasUseListOrders = 1 << 5,
  kHasProperties = 1 << 6,
};
constexpr StringLiteral kMagic("ML\xefR");
/// The largest section alignment the reader can take (it holds one in an
/// `unsigned`).
constexpr uint64_t kMaxSectionAlignment = uint64_t(1) << 31;

StringRef sectionName(uint8_t id) {
  static constexpr StringLiteral names[kNumSections] = {
      "string section",
      "dialect section",
      "attribute/type section",
      "attribute/type offset section",
      "IR section",
      "resource section",
      "resource offset section",
      "dialect version section",
      "properties section"};
  return id < kNumSections ? StringRef(names[id]) : StringRef("section");
}

/// A structural problem at a byte offset of the file.
class Problem : public ErrorInfo<Problem> {
public:
  static char ID;
  Problem(size_t offset, std::string what)
      : offset(offset), what(std::move(what)) {}
  void log(raw_ostream &os) const override { os << what; }
  std::error_code convertToErrorCode() const override {
    return inconvertibleErrorCode();
  }
  size_t offset;
  std::string what;
};
char Problem::ID = 0;

/// Reads bytes [pos, end) of the file; `part` (a section) names them in
/// messages.
class Cursor {
public:
  Cursor(StringRef file, size_t begin, size_t end, StringRef part)
      : file(file), pos(begin), end(end), part(part) {}

  size_t offset() const { return pos; }
  size_t remaining() const { return end - pos; }
  /// The bytes left.
  StringRef rest() const { return file.slice(pos, end); }
  bool empty() const { return pos == end; }
  /// The address of the next byte (alignment padding depends on it).
  uintptr_t address() const {
    return reinterpret_cast<uintptr_t>(file.data() + pos);
  }

  Error fail(size_t at, const Twine &what) const {
    return make_error<Problem>(at, (part + ": " + what).str());
  }

  Expected<uint8_t> byte(const Twine &what) {
    if (empty())
      return cutOff(pos, what);
    return static_cast<uint8_t>(file[pos++]);
  }

  /// A varint: the first byte's trailing zeros count the bytes that follow
  /// (eight when it is zero), the rest is the value, little-endian.
  Expected<uint64_t> varint(const Twine &what) {
    size_t at = pos;
    Expected<uint8_t> first = byte(what);
    if (!first)
      return first.takeError();
    if (*first & 1)
      return uint64_t(*first >> 1);
    unsigned extra = *first ? llvm::countr_zero(unsigned(*first)) : 8;
    if (remaining() < extra)
      return cutOff(at, what);
    uint64_t rest = 0;
    for (unsigned i = 0; i < extra; ++i)
      rest |= uint64_t(static_cast<uint8_t>(file[pos + i])) << (8 * i);
    pos += extra;
    if (*first == 0)
      return rest;
    return (uint64_t(*first) | rest << 8) >> (extra + 1);
  }

  /// A varint whose low bit is a flag: (value, flag).
  Expected<std::pair<uint64_t, bool>> varintWithFlag(const Twine &what) {
    Expected<uint64_t> raw = varint(what);
    if (!raw)
      return raw.takeError();
    return std::make_pair(*raw >> 1, bool(*raw & 1));
  }

  /// Refuses `count` entries (a `noun` count read at `at`) that the bytes
  /// left cannot hold, one byte each at least.
  Error fits(uint64_t count, size_t at, StringRef noun) const {
    if (count <= remaining())
      return Error::success();
    return fail(at, noun + " count " + Twine(count) + " cannot fit in the " +
                        Twine(remaining()) + " bytes left of the " + part);
  }

  /// A count of entries that take a byte each at least.
  Expected<uint64_t> count(StringRef noun) {
    size_t at = pos;
    Expected<uint64_t> n = varint("the " + noun + " count");
    if (!n)
      return n.takeError();
    if (Error e = fits(*n, at, noun))
      return std::move(e);
    return *n;
  }

  Error skipString(const Twine &what) {
    size_t nul = file.substr(0, end).find('\0', pos);
    if (nul == StringRef::npos)
      return cutOff(pos, what);
    pos = nul + 1;
    return Error::success();
  }

  /// The next `length` bytes (checked by the caller) as a cursor of their
  /// own.
  Cursor take(size_t length, StringRef newPart) {
    Cursor inner(file, pos, pos + length, newPart);
    pos += length;
    return inner;
  }

private:
  Error cutOff(size_t at, const Twine &what) const {
    return fail(at, "the " + part + " ends inside " + what);
  }

  StringRef file;
  size_t pos, end;
  StringRef part;
};

/// A section: its id and its data.
struct Section {
  uint8_t id;
  Cursor data;
};

/// Skips a section's alignment padding (0xCB bytes up to an address that
/// is a multiple of the alignment, as the reader aligns).
Error skipPadding(Cursor &c, size_t at) {
  Expected<uint64_t> alignment = c.varint("a section alignment");
  if (!alignment)
    return alignment.takeError();
  if (!isPowerOf2_64(*alignment) || *alignment > kMaxSectionAlignment)
    return c.fail(at, "section alignment " + Twine(*alignment) +
                          " is not a power of two from 1 to 2^31");
  while (c.address() % *alignment) {
    size_t padAt = c.offset();
    Expected<uint8_t> pad = c.byte("a section's alignment padding");
    if (!pad)
      return pad.takeError();
    if (*pad != kAlignmentByte)
      return c.fail(padAt, "alignment padding byte " + Twine(unsigned(*pad)) +
                               " is not 0xCB");
  }
  return Error::success();
}

/// A section header (an id byte whose high bit says an alignment follows,
/// the length, the padding) and its data, which must fit in `c`.
Expected<Section> readSection(Cursor &c) {
  size_t at = c.offset();
  Expected<uint8_t> idAndFlag = c.byte("a section id");
  if (!idAndFlag)
    return idAndFlag.takeError();
  uint8_t id = *idAndFlag & 0x7f;
  if (id >= kNumSections)
    return c.fail(at, "section id " + Twine(unsigned(id)) +
                          " is not one of 0 to 8");
  Expected<uint64_t> length = c.varint("a section length");
  if (!length)
    return length.takeError();
  if (*idAndFlag & 0x80)
    if (Error e = skipPadding(c, at))
      return std::move(e);
  if (*length > c.remaining())
    return c.fail(at, "the " + sectionName(id) + " is " + Twine(*length) +
                          " bytes long but only " + Twine(c.remaining()) +
                          " are left");
  return Section{id, c.take(*length, sectionName(id))};
}

/// An entry of the attribute/type section, as its dialect group lists it.
struct AttrTypeEntry {
  uint64_t dialect;
  uint64_t size;
  bool custom; // In the dialect's own encoding (not assembly text).
};

/// A builtin entry kind (its code is its index in the tables below) and
/// its fields in order, up to the last one that references an entry or
/// sizes a list (mlir/IR/BuiltinDialectBytecode.td): `a`/`t` an attribute/type index,
/// `A`/`T` a list of them, `D` a list of (name, value) attribute pairs, `V`
/// a list of varints (a shape), `B` a list of bytes (scalable flags), `v` a
/// varint (a string index).
struct BuiltinKind {
  StringLiteral name;
  StringLiteral fields;
};
constexpr BuiltinKind kBuiltinAttrs[] = {{"ArrayAttr", "A"},
                                         {"DictionaryAttr", "D"},
                                         {"StringAttr", ""},
                                         {"StringAttr with a type", "vt"},
                                         {"FlatSymbolRefAttr", "a"},
                                         {"SymbolRefAttr", "aA"},
                                         {"TypeAttr", "t"},
                                         {"UnitAttr", ""},
                                         {"IntegerAttr", "t"},
                                         {"FloatAttr", "t"},
                                         {"CallSiteLoc", "aa"},
                                         {"FileLineColLoc", "a"},
                                         {"FusedLoc", "A"},
                                         {"FusedLoc with metadata", "Aa"},
                                         {"NameLoc", "aa"},
                                         {"UnknownLoc", ""},
                                         {"DenseResourceElementsAttr", "t"},
                                         {"DenseArrayAttr", "t"},
                                         {"DenseIntOrFPElementsAttr", "t"},
                                         {"DenseStringElementsAttr", "t"},
                                         {"SparseElementsAttr", "taa"},
                                         {"DistinctAttr", "a"},
                                         {"FileLineColRange", "aV"}};
constexpr BuiltinKind kBuiltinTypes[] = {
    {"IntegerType", ""},
    {"IndexType", ""},
    {"FunctionType", "TT"},
    {"BFloat16Type", ""},
    {"Float16Type", ""},
    {"Float32Type", ""},
    {"Float64Type", ""},
    {"Float80Type", ""},
    {"Float128Type", ""},
    {"ComplexType", "t"},
    {"MemRefType", "Vta"},
    {"MemRefType with a memory space", "aVta"},
    {"NoneType", ""},
    {"RankedTensorType", "Vt"},
    {"RankedTensorType with an encoding", "aVt"},
    {"TupleType", "T"},
    {"UnrankedMemRefType", "t"},
    {"UnrankedMemRefType with a memory space", "at"},
    {"UnrankedTensorType", "t"},
    {"VectorType", "Vt"},
    {"VectorType with scalable dimensions", "BVt"}};

/// `value`, or false (the error dropped) when there is none.
template <typename T> bool succeeded(Expected<T> value) {
  if (value)
    return true;
  consumeError(value.takeError());
  return false;
}

/// Which attribute/type entries reference which: attributes are nodes 0 to
/// numAttrs - 1, types the nodes after them. Only builtin entries are
/// decoded; an entry the decoding does not reach references nothing here.
class AttrTypeGraph {
public:
  AttrTypeGraph(uint64_t numAttrs, uint64_t numTypes)
      : numAttrs(numAttrs), numTypes(numTypes), refs(numAttrs + numTypes),
        kinds(numAttrs + numTypes) {}

  /// Records the references of builtin entry `node`, whose bytes `c` holds,
  /// up to its end or to the first field it cannot read; refuses a list
  /// longer than the bytes left (the reader reserves its count).
  Error decodeBuiltin(Cursor c, uint64_t node);
  /// A cycle of references, which no valid file has.
  Error findCycle() const;

private:
  /// A reference to entry `target`, read at a byte offset.
  struct Reference {
    uint64_t target;
    size_t offset;
  };
  /// Whether the field was read whole.
  Expected<bool> decodeField(Cursor &c, uint64_t node, char field);
  bool decodeReference(Cursor &c, uint64_t node, bool type);
  Error cycleError(ArrayRef<std::pair<uint64_t, size_t>> path,
                   uint64_t node) const;
  std::string describe(uint64_t node) const;

  uint64_t numAttrs, numTypes;
  std::vector<std::vector<Reference>> refs;
  std::vector<StringRef> kinds; // Empty for an entry not decoded.
};

Error AttrTypeGraph::decodeBuiltin(Cursor c, uint64_t node) {
  ArrayRef<BuiltinKind> table =
      node < numAttrs ? ArrayRef(kBuiltinAttrs) : ArrayRef(kBuiltinTypes);
  Expected<uint64_t> code = c.varint("a builtin entry's kind");
  if (!code || *code >= table.size())
    return succeeded(std::move(code)), Error::success(); // The reader's.
  kinds[node] = table[*code].name;
  for (char field : table[*code].fields) {
    Expected<bool> whole = decodeField(c, node, field);
    if (!whole || !*whole)
      return whole.takeError();
  }
  return Error::success();
}

Expected<bool> AttrTypeGraph::decodeField(Cursor &c, uint64_t node,
                                          char field) {
  uint64_t count = 1;
  if (isUpper(field)) {
    size_t at = c.offset();
    Expected<uint64_t> n = c.varint("a list count");
    if (!n)
      return succeeded(std::move(n));
    std::string noun = ("builtin " + kinds[node] + " list entry").str();
    if (Error e = c.fits(*n, at, noun))
      return std::move(e);
    count = *n;
  }
  for (uint64_t i = 0; i < count; ++i) {
    bool ok = true;
    switch (field) {
    case 'D':
      ok = decodeReference(c, node, false) && decodeReference(c, node, false);
      break;
    case 'a':
    case 'A':
      ok = decodeReference(c, node, false);
      break;
    case 't':
    case 'T':
      ok = decodeReference(c, node, true);
      break;
    case 'B':
      ok = succeeded(c.byte("a flag"));
      break;
    default:
      ok = succeeded(c.varint("a varint"));
    }
    if (!ok)
      return false;
  }
  return true;
}

bool AttrTypeGraph::decodeReference(Cursor &c, uint64_t node, bool type) {
  size_t at = c.offset();
  Expected<uint64_t> index = c.varint("a reference");
  if (!index)
    return succeeded(std::move(index));
  // The reader refuses an index out of range itself ("invalid attribute
  // index"), so such a reference is no edge.
  if (*index < (type ? numTypes : numAttrs))
    refs[node].push_back({(type ? numAttrs : 0) + *index, at});
  return true;
}

Error AttrTypeGraph::findCycle() const {
  enum : uint8_t { kUnseen, kOnPath, kDone };
  std::vector<uint8_t> state(refs.size(), kUnseen);
  // A depth-first path: each node and how many of its references it has
  // followed.
  std::vector<std::pair<uint64_t, size_t>> path;
  for (uint64_t root = 0; root < refs.size(); ++root) {
    if (state[root] != kUnseen)
      continue;
    state[root] = kOnPath;
    path.push_back({root, 0});
    while (!path.empty()) {
      auto &[node, followed] = path.back();
      if (followed == refs[node].size()) {
        state[node] = kDone;
        path.pop_back();
        continue;
      }
      uint64_t target = refs[node][followed++].target;
      if (state[target] == kOnPath)
        return cycleError(path, target);
      if (state[target] == kUnseen) {
        state[target] = kOnPath;
        path.push_back({target, 0});
      }
    }
  }
  return Error::success();
}

/// `node` is on the depth-first `path` and its last entry references it.
Error AttrTypeGraph::cycleError(ArrayRef<std::pair<uint64_t, size_t>> path,
                                uint64_t node) const {
  while (path.front().first != node)
    path = path.drop_front();
  std::string through;
  for (const auto &[other, followed] : path.drop_front())
    through += (through.empty() ? " through " : ", ") + describe(other);
  size_t at = refs[node][path.front().second - 1].offset;
  return make_error<Problem>(
      at, (sectionName(kAttrType) + ": " + describe(node) +
           " refers to itself" + through +
           "; no valid file has a cycle of references, and MLIR's reader "
           "would retry it forever")
              .str());
}

std::string AttrTypeGraph::describe(uint64_t node) const {
  std::string text = node < numAttrs ? ("attribute " + Twine(node)).str()
                                     : ("type " + Twine(node - numAttrs)).str();
  return text + " (builtin " + kinds[node].str() + ")";
}

/// Walks a whole file; see BytecodeHazard.h for what it refuses.
class Checker {
public:
  explicit Checker(StringRef file) : file(file) {}
  Error check();

private:
  Error readSections(Cursor &c);
  Error checkStrings(Cursor c) const;
  Error checkDialects(Cursor c);
  Error checkAttrTypeOffsets(Cursor c);
  Error checkAttrTypeGroups(Cursor &c, uint64_t numEntries, StringRef noun);
  Error checkAttrTypeCycles();
  Error checkDenseData(uint64_t node, Cursor c) const;
  Error checkFloatData(uint64_t node, Cursor c) const;
  Error checkDenseStrings(uint64_t node, Cursor c) const;
  Expected<bool> denseAttrType(uint64_t node, const char *kind,
                               uint64_t typeIndex, const Cursor &attr,
                               size_t at,
                               uint64_t &typeCode, Cursor &type) const;
  std::optional<uint64_t> builtinTypeKind(uint64_t type,
                                          Cursor *fields = nullptr) const;
  std::optional<unsigned> floatBits(uint64_t type) const;
  std::optional<unsigned> integerBits(uint64_t type) const;
  Error checkShapedDims(uint64_t type, Cursor c) const;
  Error checkResourceOffsets(Cursor c) const;
  std::optional<uint64_t> elementStorageBits(uint64_t type,
                                             unsigned depth = 0) const;
  std::optional<uint64_t> builtinDialect() const;
  Error checkIR(Cursor c);
  Error walkRegions(Cursor &c, uint64_t numRegions, size_t at, unsigned depth);
  Error walkRegion(Cursor &c, unsigned depth);
  Expected<uint64_t> walkBlock(Cursor &c, bool definesResults, unsigned depth);
  Expected<uint64_t> walkBlockArguments(Cursor &c);
  Expected<uint64_t> walkOp(Cursor &c, unsigned depth);
  Error walkOpRegions(Cursor &c, unsigned depth);
  Error walkIsolatableRegions(Cursor &c, uint64_t numRegions, size_t at,
                              unsigned depth, bool isolated);
  Error walkUseListOrders(Cursor &c, uint64_t numValues,
                          std::optional<uint64_t> firstSlot);
  Expected<uint64_t> skipList(Cursor &c, StringRef noun, StringRef entry);
  std::optional<uint64_t> defineValues(uint64_t count);
  Error popRegionValues();

  /// The reader's value numbering, to count each value's uses: a scope per
  /// region isolated from above (and the top level), in which each region
  /// reserves the values it declares while it is read, and operands name
  /// values by their index in the scope. A use-list order given as index
  /// pairs moves the use at each pair's first index, which must be one of
  /// the value's uses: MLIR's reader writes there before it checks
  /// (`sortUseListOrder`), so it is checked once the value's region is
  /// read and every use is counted.
  struct UseSlot {
    uint64_t uses = 0;
    /// One more than the largest use index a pair moves, and its offset.
    uint64_t pairBound = 0;
    size_t pairAt = 0;
  };
  struct ValueScope {
    std::vector<UseSlot> slots;
    /// For each region being read: its first slot, and the next to define.
    SmallVector<std::pair<uint64_t, uint64_t>, 4> regions;
  };
  std::vector<ValueScope> valueScopes;

  StringRef file;
  uint64_t version = 0;
  std::optional<Cursor> sections[kNumSections];
  /// Each dialect's name (a string index).
  std::vector<uint64_t> dialectNames;
  /// The attribute entries, then the type entries.
  std::vector<AttrTypeEntry> entries;
  size_t numAttrEntries = 0;
  /// The bytes of each builtin entry in the dialect's own encoding.
  std::vector<std::optional<Cursor>> builtinEntries;
  /// The text of each entry in assembly form (of any dialect).
  std::vector<StringRef> textEntries;
};

Error Checker::check() {
  Cursor c(file, 0, file.size(), "file");
  if (!file.starts_with(kMagic))
    return c.fail(0, "the file does not start with the magic number ML\\xefR");
  (void)c.take(kMagic.size(), "file");
  Expected<uint64_t> v = c.varint("the version");
  if (!v)
    return v.takeError();
  version = *v;
  if (version > systile::kMaxBytecodeVersion)
    return Error::success(); // The reader refuses it, knowing why.
  if (Error e = c.skipString("the producer string"))
    return e;
  if (Error e = readSections(c))
    return e;
  for (SectionId id : {kString, kDialect, kAttrType, kAttrTypeOffset, kIR})
    if (!sections[id])
      return Error::success(); // The reader refuses it before reading any.
  if (Error e = checkStrings(*sections[kString]))
    return e;
  if (Error e = checkDialects(*sections[kDialect]))
    return e;
  if (Error e = checkAttrTypeOffsets(*sections[kAttrTypeOffset]))
    return e;
  if (Error e = checkAttrTypeCycles())
    return e;
  if (sections[kProperties] && !sections[kProperties]->empty())
    if (Error e = sections[kProperties]->count("property").takeError())
      return e;
  if (sections[kResourceOffset])
    if (Error e = checkResourceOffsets(*sections[kResourceOffset]))
      return e;
  return checkIR(*sections[kIR]);
}

/// The resource offset section: external resource groups (a key and the
/// entries), then dialect groups (a dialect and the entries) to its end;
/// an entry is a key, a size and a kind byte. The reader names a kind it
/// does not know in its "expected a blob resource entry" diagnostic with
/// an unchecked toString, a string of garbage length (it tried to allocate
/// about 2^58 bytes), so a kind other than blob (0), bool (1) or string
/// (2) is refused. What does not read is left to the reader, which refuses
/// it.
Error Checker::checkResourceOffsets(Cursor c) const {
  auto entriesOf = [&](Cursor &group) -> Expected<bool> {
    Expected<uint64_t> n = group.varint("a resource count");
    if (!n)
      return consumeError(n.takeError()), false;
    for (uint64_t i = 0; i < *n; ++i) {
      if (!succeeded(group.varint("a resource key")) ||
          !succeeded(group.varint("a resource size")))
        return false;
      const size_t at = group.offset();
      Expected<uint8_t> kind = group.byte("a resource kind");
      if (!kind)
        return consumeError(kind.takeError()), false;
      if (*kind > 2)
        return group.fail(at, "resource entry " + Twine(i) + " has kind " +
                                  Twine(unsigned(*kind)) +
                                  ", none of blob (0), bool (1) or string "
                                  "(2); MLIR's reader would name it with an "
                                  "unchecked string and crash");
    }
    return true;
  };
  Expected<uint64_t> external = c.varint("an external resource group count");
  if (!external)
    return consumeError(external.takeError()), Error::success();
  for (uint64_t g = 0; g < *external; ++g) {
    if (!succeeded(c.varint("a resource group key")))
      return Error::success();
    Expected<bool> read = entriesOf(c);
    if (!read)
      return read.takeError();
    if (!*read)
      return Error::success();
  }
  while (!c.empty()) {
    if (!succeeded(c.varint("a dialect")))
      return Error::success();
    Expected<bool> read = entriesOf(c);
    if (!read)
      return read.takeError();
    if (!*read)
      return Error::success();
  }
  return Error::success();
}

/// The top-level sections, each once.
Error Checker::readSections(Cursor &c) {
  while (!c.empty()) {
    size_t at = c.offset();
    Expected<Section> section = readSection(c);
    if (!section)
      return section.takeError();
    if (sections[section->id])
      return c.fail(at, "a second " + sectionName(section->id));
    sections[section->id] = section->data;
  }
  return Error::success();
}

/// The counts the reader allocates for: dialects, then (version 4 on)
/// operation names. Each dialect may carry a version section.
Error Checker::checkDialects(Cursor c) {
  Expected<uint64_t> numDialects = c.count("dialect");
  if (!numDialects)
    return numDialects.takeError();
  for (uint64_t i = 0; i < *numDialects; ++i) {
    if (version < kDialectVersioning) {
      Expected<uint64_t> name = c.varint("a dialect name");
      if (!name)
        return name.takeError();
      dialectNames.push_back(*name);
      continue;
    }
    Expected<std::pair<uint64_t, bool>> name = c.varintWithFlag("a dialect");
    if (!name)
      return name.takeError();
    dialectNames.push_back(name->first);
    if (!name->second)
      continue;
    size_t at = c.offset();
    Expected<Section> versionSection = readSection(c);
    if (!versionSection)
      return versionSection.takeError();
    if (versionSection->id != kDialectVersions)
      return c.fail(at, "a dialect's version is in the " +
                            sectionName(versionSection->id) +
                            ", not a dialect version section");
  }
  if (version < kElideUnknownBlockArgLocation)
    return Error::success();
  return c.count("operation name").takeError();
}

/// The attribute and type counts, and the dialect groups that list their
/// entries: a group listing more entries than are left makes the reader
/// write past its table.
Error Checker::checkAttrTypeOffsets(Cursor c) {
  size_t at = c.offset();
  Expected<uint64_t> numAttrs = c.count("attribute");
  if (!numAttrs)
    return numAttrs.takeError();
  Expected<uint64_t> numTypes = c.count("type");
  if (!numTypes)
    return numTypes.takeError();
  if (Error e = c.fits(*numAttrs + *numTypes, at, "attribute and type"))
    return e;
  if (Error e = checkAttrTypeGroups(c, *numAttrs, "attribute"))
    return e;
  numAttrEntries = entries.size();
  return checkAttrTypeGroups(c, *numTypes, "type");
}

Error Checker::checkAttrTypeGroups(Cursor &c, uint64_t numEntries,
                                   StringRef noun) {
  for (uint64_t left = numEntries; left;) {
    Expected<uint64_t> dialect = c.varint("a dialect of " + noun + "s");
    if (!dialect)
      return dialect.takeError();
    size_t at = c.offset();
    Expected<uint64_t> n = c.varint("a dialect's " + noun + " count");
    if (!n)
      return n.takeError();
    if (*n > left)
      return c.fail(at, "a dialect group lists " + Twine(*n) + " " + noun +
                            "s but only " + Twine(left) + " of the " +
                            Twine(numEntries) + " declared are left");
    for (uint64_t i = 0; i < *n; ++i) {
      Expected<std::pair<uint64_t, bool>> size =
          c.varintWithFlag("the size of an entry");
      if (!size)
        return size.takeError();
      entries.push_back({*dialect, size->first, size->second});
    }
    left -= *n;
  }
  return Error::success();
}

/// References between builtin entries that form a cycle. The entries sit
/// one after the other, the attributes first.
Error Checker::checkAttrTypeCycles() {
  std::optional<uint64_t> builtin = builtinDialect();
  if (!builtin)
    return Error::success();
  AttrTypeGraph graph(numAttrEntries, entries.size() - numAttrEntries);
  Cursor c = *sections[kAttrType];
  builtinEntries.assign(entries.size(), std::nullopt);
  textEntries.assign(entries.size(), StringRef());
  for (size_t node = 0; node < entries.size(); ++node) {
    const AttrTypeEntry &entry = entries[node];
    if (entry.size > c.remaining())
      break; // The reader refuses it before reading any entry.
    Cursor data = c.take(entry.size, "attribute/type entry");
    if (!entry.custom)
      textEntries[node] = data.rest();
    if (entry.dialect == *builtin && entry.custom) {
      builtinEntries[node] = data;
      if (Error e = graph.decodeBuiltin(data, node))
        return e;
    }
  }
  if (Error e = graph.findCycle())
    return e;
  for (size_t node = numAttrEntries; node < entries.size(); ++node)
    if (builtinEntries[node])
      if (Error e = checkShapedDims(node - numAttrEntries,
                                    *builtinEntries[node]))
        return e;
  for (size_t node = 0; node < numAttrEntries; ++node)
    if (builtinEntries[node]) {
      if (Error e = checkDenseData(node, *builtinEntries[node]))
        return e;
      if (Error e = checkFloatData(node, *builtinEntries[node]))
        return e;
      if (Error e = checkDenseStrings(node, *builtinEntries[node]))
        return e;
    }
  return Error::success();
}

/// The builtin attribute kinds whose data is a blob the reader hands to
/// the attribute unchecked (their codes in BuiltinDialectBytecode.td).
constexpr uint64_t kDenseArrayAttr = 17, kDenseIntOrFPElementsAttr = 18;
/// The builtin IntegerAttr and FloatAttr, whose values are APInts read
/// with the width their type gives, and DenseStringElementsAttr, whose
/// strings are counted by its type.
constexpr uint64_t kIntegerAttr = 8, kFloatAttr = 9,
                   kDenseStringElementsAttr = 19;
/// The builtin type kinds the data check decodes.
enum BuiltinTypeCode : uint64_t {
  kIntegerType = 0,
  kIndexType = 1,
  kBFloat16Type = 3,
  kFloat16Type = 4,
  kFloat32Type = 5,
  kFloat64Type = 6,
  kFloat80Type = 7,
  kFloat128Type = 8,
  kComplexType = 9,
  kMemRefType = 10,
  kMemRefTypeWithMemorySpace = 11,
  kRankedTensorType = 13,
  kRankedTensorTypeWithEncoding = 14,
  kUnrankedMemRefType = 16,
  kUnrankedMemRefTypeWithMemorySpace = 17,
  kUnrankedTensorType = 18,
  kVectorType = 19,
  kScalableVectorType = 20,
};

/// The width of the builtin float type of kind `code`, or none.
std::optional<unsigned> builtinFloatWidth(uint64_t code) {
  switch (code) {
  case kBFloat16Type:
  case kFloat16Type:
    return 16;
  case kFloat32Type:
    return 32;
  case kFloat64Type:
    return 64;
  case kFloat80Type:
    return 80;
  case kFloat128Type:
    return 128;
  default:
    return std::nullopt;
  }
}

/// The bits one element of builtin type `type` takes in a dense
/// attribute's data (MLIR's getDenseElementStorageWidth: i1 one bit, other
/// integers and floats their width rounded up to bytes, index 64, complex
/// twice its element's in whole bytes), or none for a type the check does
/// not decode. A complex type counts only with an element its verifier
/// allows (an integer or a float): the reader builds `complex<index>` and
/// `complex<complex<f32>>` unchecked, and sizes their data unchecked.
std::optional<uint64_t> Checker::elementStorageBits(uint64_t type,
                                                    unsigned depth) const {
  if (std::optional<unsigned> bits = floatBits(type))
    return alignTo(*bits, 8); // Builtin or assembly form (f8E4M3FN, tf32).
  const uint64_t node = numAttrEntries + type;
  if (node >= builtinEntries.size() || !builtinEntries[node] || depth > 1)
    return std::nullopt;
  Cursor c = *builtinEntries[node];
  Expected<uint64_t> code = c.varint("a builtin type's kind");
  if (!code)
    return consumeError(code.takeError()), std::nullopt;
  switch (*code) {
  case kIntegerType: {
    Expected<uint64_t> widthAndSignedness = c.varint("an integer width");
    if (!widthAndSignedness)
      return consumeError(widthAndSignedness.takeError()), std::nullopt;
    const uint64_t width = *widthAndSignedness >> 2;
    return width == 1 ? 1 : alignTo(width, 8);
  }
  case kIndexType:
    return depth == 0 ? std::optional<uint64_t>(64) : std::nullopt;
  case kComplexType: {
    if (depth != 0)
      return std::nullopt;
    Expected<uint64_t> element = c.varint("a complex element type");
    if (!element)
      return consumeError(element.takeError()), std::nullopt;
    std::optional<uint64_t> bits = elementStorageBits(*element, depth + 1);
    if (!bits)
      return std::nullopt;
    return 2 * alignTo(*bits, 8); // complex<i1> takes two bytes.
  }
  default:
    return std::nullopt;
  }
}

/// The width of the float type `type` (MLIR 22's builtin float types: in
/// the builtin encoding bf16 to f128, the others in assembly form), or none
/// for any other type or one the check cannot tell.
std::optional<unsigned> Checker::floatBits(uint64_t type) const {
  const uint64_t node = numAttrEntries + type;
  if (node >= entries.size())
    return std::nullopt;
  if (builtinEntries[node]) {
    Cursor t = *builtinEntries[node];
    Expected<uint64_t> code = t.varint("a builtin type's kind");
    if (!code)
      return consumeError(code.takeError()), std::nullopt;
    return builtinFloatWidth(*code);
  }
  // An entry in assembly form is the type's text, NUL-terminated.
  StringRef text = textEntries[node];
  text = text.take_until([](char ch) { return ch == '\0'; }).trim();
  return StringSwitch<std::optional<unsigned>>(text)
      .Cases({"f4E2M1FN", "f6E2M3FN", "f6E3M2FN"}, 8)
      .Cases({"f8E5M2", "f8E4M3", "f8E4M3FN", "f8E5M2FNUZ", "f8E4M3FNUZ",
              "f8E4M3B11FNUZ", "f8E3M4", "f8E8M0FNU"},
             8)
      .Case("tf32", 19)
      .Cases({"bf16", "f16"}, 16)
      .Case("f32", 32)
      .Case("f64", 64)
      .Case("f80", 80)
      .Case("f128", 128)
      .Default(std::nullopt);
}

/// The width of the builtin integer or index type `type`, or none for any
/// other type or one the check cannot tell.
std::optional<unsigned> Checker::integerBits(uint64_t type) const {
  const uint64_t node = numAttrEntries + type;
  if (node >= entries.size() || !builtinEntries[node])
    return std::nullopt;
  Cursor t = *builtinEntries[node];
  Expected<uint64_t> code = t.varint("a builtin type's kind");
  if (!code)
    return consumeError(code.takeError()), std::nullopt;
  if (*code == kIndexType)
    return 64;
  if (*code != kIntegerType)
    return std::nullopt;
  Expected<uint64_t> widthAndSignedness = t.varint("an integer width");
  if (!widthAndSignedness)
    return consumeError(widthAndSignedness.takeError()), std::nullopt;
  return static_cast<unsigned>(*widthAndSignedness >> 2);
}

/// A FloatAttr whose value does not read whole from its entry. MLIR 22's
/// reader (readAPFloatWithKnownSemantics in BuiltinDialectBytecode.cpp)
/// reports the failed read and then succeeds, and the attribute is built
/// from the value it never read (a segfault in FloatAttr::get). The value
/// is the float's bits as readAPIntWithKnownWidth reads them: one byte up
/// to 8 bits, a varint up to 64, else a count of words and as many varints.
/// A type that is no float (the reader refuses it) or that the check
/// cannot tell is left to the reader.
///
/// An IntegerAttr's value the reader reads checked, but a word count (of an
/// integer wider than 64 bits) sizes a vector before its words are read: a
/// count larger than the bytes left is refused, as for a FloatAttr.
Error Checker::checkFloatData(uint64_t node, Cursor c) const {
  Expected<uint64_t> code = c.varint("a builtin attribute's kind");
  if (!code)
    return consumeError(code.takeError()), Error::success();
  if (*code != kFloatAttr && *code != kIntegerAttr)
    return Error::success();
  const bool isFloat = *code == kFloatAttr;
  Expected<uint64_t> type = c.varint("a type");
  if (!type)
    return consumeError(type.takeError()), Error::success();
  std::optional<unsigned> bits =
      isFloat ? floatBits(*type) : integerBits(*type);
  if (!bits)
    return Error::success();
  if (!isFloat) {
    if (*bits <= 64)
      return Error::success();
    const size_t countAt = c.offset();
    Expected<uint64_t> words = c.varint("an integer's word count");
    if (!words)
      return consumeError(words.takeError()), Error::success();
    return c.fits(*words, countAt, "builtin IntegerAttr word");
  }
  const size_t at = c.offset();
  auto cutOff = [&](Error e) {
    consumeError(std::move(e));
    return c.fail(at, "attribute " + Twine(node) +
                          " (builtin FloatAttr, a float of " + Twine(*bits) +
                          " bits) ends before its value; MLIR's "
                          "reader would build the attribute from the value "
                          "it could not read and crash");
  };
  if (*bits <= 8) {
    Expected<uint8_t> b = c.byte("a float's bits");
    return b ? Error::success() : cutOff(b.takeError());
  }
  if (*bits <= 64) {
    Expected<uint64_t> v = c.varint("a float's bits");
    return v ? Error::success() : cutOff(v.takeError());
  }
  const size_t countAt = c.offset();
  Expected<uint64_t> words = c.varint("a float's word count");
  if (!words)
    return cutOff(words.takeError());
  if (Error e = c.fits(*words, countAt, "builtin FloatAttr word"))
    return e;
  for (uint64_t i = 0; i < *words; ++i)
    if (Expected<uint64_t> w = c.varint("a float's word"); !w)
      return cutOff(w.takeError());
  return Error::success();
}

/// ShapedType::kDynamic, a dynamic dimension as the bytecode stores it.
constexpr int64_t kDynamicDim = std::numeric_limits<int64_t>::min();

/// The rank of the builtin shaped type of kind `code` whose fields `c`
/// reads from after the kind: the fields before the shape (a memory space
/// or an encoding, one reference; or the scalable flags, a list of bytes)
/// are skipped. None when a field does not read, or the rank is more than
/// the bytes left (the reader refuses both).
std::optional<uint64_t> shapeRank(Cursor &c, uint64_t code) {
  if (code == kMemRefTypeWithMemorySpace ||
      code == kRankedTensorTypeWithEncoding)
    if (!succeeded(c.varint("an attribute")))
      return std::nullopt;
  if (code == kScalableVectorType) {
    Expected<uint64_t> flags = c.varint("a scalable flag count");
    if (!flags || *flags > c.remaining())
      return succeeded(std::move(flags)), std::nullopt;
    (void)c.take(*flags, "the scalable flags");
  }
  Expected<uint64_t> rank = c.varint("a rank");
  if (!rank || *rank > c.remaining())
    return succeeded(std::move(rank)), std::nullopt;
  return *rank;
}

/// The next dimension of a shape (a zigzag varint), or none.
std::optional<int64_t> shapeDim(Cursor &c) {
  Expected<uint64_t> zigzag = c.varint("a dimension");
  if (!zigzag)
    return consumeError(zigzag.takeError()), std::nullopt;
  return int64_t(*zigzag >> 1) ^ -int64_t(*zigzag & 1);
}

/// The kind of builtin type `type` in the builtin encoding, with `fields`
/// (when given) the cursor after it; none for another dialect's type, one
/// in assembly form, or an entry whose kind does not read.
std::optional<uint64_t> Checker::builtinTypeKind(uint64_t type,
                                                 Cursor *fields) const {
  const uint64_t node = numAttrEntries + type;
  if (node >= builtinEntries.size() || !builtinEntries[node])
    return std::nullopt;
  Cursor c = *builtinEntries[node];
  Expected<uint64_t> code = c.varint("a builtin type's kind");
  if (!code)
    return consumeError(code.takeError()), std::nullopt;
  if (fields)
    *fields = c;
  return *code;
}

/// Whether the builtin type kind `code` is a dense attribute's: a ranked
/// shaped type, whose shape the checks below decode (the reader reads the
/// attribute's type as any ShapedType). An unranked one is refused: its
/// element count, the product of an empty shape, is 1 to the reader, which
/// takes the data as one element without checking its size. Any other kind
/// the reader refuses itself.
Expected<bool> Checker::denseAttrType(uint64_t node, const char *kind,
                                      uint64_t typeIndex, const Cursor &attr,
                                      size_t at,
                                      uint64_t &typeCode,
                                      Cursor &type) const {
  std::optional<uint64_t> code = builtinTypeKind(typeIndex, &type);
  if (!code)
    return false; // Not a builtin type: the reader's.
  typeCode = *code;
  switch (*code) {
  case kRankedTensorType:
  case kRankedTensorTypeWithEncoding:
  case kVectorType:
  case kScalableVectorType:
  case kMemRefType:
  case kMemRefTypeWithMemorySpace:
    return true;
  case kUnrankedTensorType:
  case kUnrankedMemRefType:
  case kUnrankedMemRefTypeWithMemorySpace:
    return attr.fail(
        at, "attribute " + Twine(node) + " (builtin " + kind + ") has type " +
                Twine(typeIndex) + " (builtin " + kBuiltinTypes[*code].name +
                "), which has no shape; a dense attribute's type is static");
  default:
    return false;
  }
}

/// A DenseStringElementsAttr that is no splat: the reader sizes its table
/// of strings by its type's element count before reading one (a vector of
/// 8573157376 strings: LLVM's fatal "SmallVector unable to grow"; the
/// bytecode fuzz target's find), and takes that count from a shape it has
/// not checked to be static. Each string takes a byte at least, so a count
/// larger than the bytes left, a dynamic dimension or a count past 2^64 is
/// refused. A type the check does not decode is left to the reader.
Error Checker::checkDenseStrings(uint64_t node, Cursor c) const {
  Expected<uint64_t> code = c.varint("a builtin attribute's kind");
  if (!code)
    return consumeError(code.takeError()), Error::success();
  if (*code != kDenseStringElementsAttr)
    return Error::success();
  const size_t typeAt = c.offset();
  Expected<uint64_t> typeIndex = c.varint("a type");
  if (!typeIndex)
    return consumeError(typeIndex.takeError()), Error::success();
  uint64_t typeCode = 0;
  Cursor t = c;
  Expected<bool> ranked = denseAttrType(node, "DenseStringElementsAttr",
                                        *typeIndex, c, typeAt, typeCode, t);
  if (!ranked)
    return ranked.takeError();
  if (!*ranked)
    return Error::success();
  std::optional<uint64_t> rank = shapeRank(t, typeCode);
  if (!rank)
    return Error::success();
  const std::string what = ("attribute " + Twine(node) +
                            " (builtin DenseStringElementsAttr) of type " +
                            Twine(*typeIndex))
                               .str();
  uint64_t numElements = 1;
  for (uint64_t i = 0; i < *rank; ++i) {
    size_t at = t.offset();
    std::optional<int64_t> d = shapeDim(t);
    if (!d)
      return Error::success();
    if (*d < 0)
      return t.fail(at, what + " has dynamic dimension " + Twine(*d) +
                            "; a dense attribute's type is static");
    if (__builtin_mul_overflow(numElements, uint64_t(*d), &numElements))
      return t.fail(at, what + " has more than 2^64 elements");
  }
  Expected<uint64_t> splat = c.varint("a splat flag");
  if (!splat)
    return consumeError(splat.takeError()), Error::success();
  if (*splat)
    return Error::success();
  if (numElements > c.remaining())
    return c.fail(c.offset(), what + " holds " + Twine(numElements) +
                                  " strings, which cannot fit in the " +
                                  Twine(c.remaining()) +
                                  " bytes left of its entry");
  return Error::success();
}

/// A builtin shaped type's dimensions as the type's own verifier would
/// have them: a tensor's or memref's at least 0 or dynamic, a vector's
/// positive. The reader builds the type from its dimensions unchecked, so
/// `tensor<-64xf32>` would reach every pass (and size their allocations).
Error Checker::checkShapedDims(uint64_t type, Cursor c) const {
  Expected<uint64_t> code = c.varint("a builtin type's kind");
  if (!code)
    return consumeError(code.takeError()), Error::success();
  const bool vector = *code == kVectorType || *code == kScalableVectorType;
  const char *kind;
  switch (*code) {
  case kMemRefType:
  case kMemRefTypeWithMemorySpace:
    kind = "MemRefType";
    break;
  case kRankedTensorType:
  case kRankedTensorTypeWithEncoding:
    kind = "RankedTensorType";
    break;
  case kVectorType:
  case kScalableVectorType:
    kind = "VectorType";
    break;
  default:
    return Error::success();
  }
  if (*code == kScalableVectorType) {
    // One scalable flag per dimension: the reader reads both lists
    // unchecked, and the printer reads a flag for each dimension.
    Cursor flags = c;
    Expected<uint64_t> numFlags = flags.varint("a scalable flag count");
    if (!numFlags || *numFlags > flags.remaining())
      return succeeded(std::move(numFlags)), Error::success();
    (void)flags.take(*numFlags, "the scalable flags");
    const size_t rankAt = flags.offset();
    Expected<uint64_t> rank = flags.varint("a rank");
    if (!rank)
      return consumeError(rank.takeError()), Error::success();
    if (*rank != *numFlags)
      return c.fail(rankAt, "type " + Twine(type) +
                                " (builtin VectorType with scalable "
                                "dimensions) has " +
                                Twine(*numFlags) + " scalable flags for " +
                                Twine(*rank) +
                                " dimensions; it has one per dimension");
  }
  std::optional<uint64_t> rank = shapeRank(c, *code);
  if (!rank)
    return Error::success();
  for (uint64_t i = 0; i < *rank; ++i) {
    size_t at = c.offset();
    std::optional<int64_t> d = shapeDim(c);
    if (!d)
      return Error::success();
    const int64_t dim = *d;
    const bool valid = vector ? dim > 0
                              : dim >= 0 || dim == kDynamicDim;
    if (!valid)
      return c.fail(at, "type " + Twine(type) + " (builtin " + kind +
                            ") has dimension " + Twine(dim) + "; " +
                            (vector ? "a vector's dimensions are positive"
                                    : "a dimension is at least 0 or "
                                      "dynamic"));
  }
  return Error::success();
}

/// A DenseIntOrFPElementsAttr whose data is neither one element (a splat)
/// nor one per element of its type, or a DenseArrayAttr whose data is not
/// its size times its element's bytes. MLIR's reader hands both blobs to
/// the attribute as they are, and the attribute's uniquing reads them in
/// steps of an element (`DenseIntOrFPElementsAttrStorage::getKey` steps
/// past the end of a size that is no multiple of one: an endless loop).
Error Checker::checkDenseData(uint64_t node, Cursor c) const {
  Expected<uint64_t> code = c.varint("a builtin attribute's kind");
  if (!code)
    return consumeError(code.takeError()), Error::success();
  if (*code != kDenseArrayAttr && *code != kDenseIntOrFPElementsAttr)
    return Error::success();
  const bool array = *code == kDenseArrayAttr;
  const char *kind = array ? "DenseArrayAttr" : "DenseIntOrFPElementsAttr";
  const size_t typeAt = c.offset();
  Expected<uint64_t> typeIndex = c.varint("a type");
  if (!typeIndex)
    return consumeError(typeIndex.takeError()), Error::success();
  // The element count: a DenseArrayAttr's own, or the product of the
  // shaped type's static dimensions.
  uint64_t numElements = 1;
  uint64_t elementType = *typeIndex;
  if (array) {
    Expected<uint64_t> size = c.varint("an array size");
    if (!size)
      return consumeError(size.takeError()), Error::success();
    numElements = *size;
  } else {
    uint64_t typeCode = 0;
    Cursor t = c;
    Expected<bool> ranked =
        denseAttrType(node, kind, *typeIndex, c, typeAt, typeCode, t);
    if (!ranked)
      return ranked.takeError();
    if (!*ranked)
      return Error::success();
    std::optional<uint64_t> rank = shapeRank(t, typeCode);
    if (!rank)
      return Error::success();
    for (uint64_t i = 0; i < *rank; ++i) {
      size_t at = t.offset();
      std::optional<int64_t> d = shapeDim(t);
      if (!d)
        return Error::success();
      const int64_t dim = *d;
      if (dim < 0)
        return t.fail(at, "type " + Twine(*typeIndex) +
                              " (builtin shaped type) of attribute " +
                              Twine(node) + " (builtin " + kind +
                              ") has dynamic dimension " + Twine(dim) +
                              "; a dense attribute's type is static");
      if (__builtin_mul_overflow(numElements, uint64_t(dim), &numElements))
        return t.fail(at, "type " + Twine(*typeIndex) + " of attribute " +
                              Twine(node) + " (builtin " + kind +
                              ") has more than 2^64 elements");
    }
    Expected<uint64_t> element = t.varint("an element type");
    if (!element)
      return consumeError(element.takeError()), Error::success();
    elementType = *element;
  }
  std::optional<uint64_t> bits = elementStorageBits(elementType);
  if (!bits) {
    // The reader computes the element width unchecked (a null FloatType
    // for anything else): the element type must be a builtin integer,
    // index, float or complex type. A builtin kind the decoding does not
    // know, or one in assembly form, is left to the reader.
    const uint64_t typeNode = numAttrEntries + elementType;
    if (typeNode >= entries.size())
      return Error::success(); // The reader refuses the index.
    std::optional<uint64_t> builtin = builtinDialect();
    const bool builtinType =
        builtin && entries[typeNode].dialect == *builtin;
    std::optional<uint64_t> code =
        builtinType ? builtinTypeKind(elementType) : std::nullopt;
    const bool known = code && *code < std::size(kBuiltinTypes);
    if (builtinType && !known)
      return Error::success();
    // A complex type whose element has no width (complex<() -> ()>):
    // the reader takes the element as a float unchecked. One of index or
    // of another complex type its verifier refuses, and the reader sizes
    // its data unchecked.
    if (builtinType && *code == kComplexType)
      return c.fail(c.offset(),
                    "attribute " + Twine(node) + " (builtin " + kind +
                        ") has element type " + Twine(elementType) +
                        " (builtin ComplexType) of an element that is no "
                        "integer or float type; MLIR's reader would take "
                        "its width unchecked and crash");
    return c.fail(c.offset(), "attribute " + Twine(node) + " (builtin " + kind +
                          ") has element type " + Twine(elementType) + " (" +
                          (known ? "builtin " + Twine(kBuiltinTypes[*code].name)
                                 : Twine("not a builtin type")) +
                          "); a dense attribute holds integers, indices, "
                          "floats or complex numbers, and MLIR's reader "
                          "would take its width unchecked and crash");
  }
  if (array) {
    // An array of integers or floats: the reader builds one of index or
    // complex elements unchecked, and its own diagnostics, the printer
    // and DenseArrayAttr's verifier take the element's width as an
    // integer's or a float's (a float's, null, for index).
    std::optional<uint64_t> code = builtinTypeKind(elementType);
    if (code && (*code == kIndexType || *code == kComplexType))
      return c.fail(c.offset(),
                    "attribute " + Twine(node) +
                        " (builtin DenseArrayAttr) has element type " +
                        Twine(elementType) + " (builtin " +
                        kBuiltinTypes[*code].name +
                        "); an array holds integers or floats, and MLIR "
                        "would take its element's width as a float's and "
                        "crash");
    // A DenseArrayAttr stores i1 as a byte.
    if (*bits == 1)
      bits = 8;
  }
  size_t at = c.offset();
  Expected<uint64_t> blobSize = c.varint("a data size");
  if (!blobSize)
    return consumeError(blobSize.takeError()), Error::success();
  const uint64_t have = *blobSize;
  uint64_t all = 0;
  bool overflow = false;
  if (*bits == 1)
    all = numElements / 8 + (numElements % 8 != 0);
  else
    overflow = __builtin_mul_overflow(numElements, *bits / 8, &all);
  const uint64_t one = *bits == 1 ? 1 : *bits / 8;
  bool splat = !array && have == one;
  // Packed i1 data of one byte is a splat only when the byte is all zeros
  // or all ones (MLIR's isValidRawBuffer; the attribute's storage tells a
  // splat the same way): another byte is the data of at most 8 elements,
  // and the attribute would read the rest past it.
  if (splat && *bits == 1 && numElements > 8) {
    Expected<uint8_t> first = c.byte("the data");
    if (!first)
      return consumeError(first.takeError()), Error::success();
    splat = *first == 0 || *first == 0xff;
  }
  const bool valid = (!overflow && have == all) || splat;
  if (valid)
    return Error::success();
  std::string want = overflow ? std::string("more than 2^64")
                              : std::to_string(all);
  if (!array && one != 0)
    want += " (or " + std::to_string(one) +
            (*bits == 1 && numElements > 8 ? ", 0x00 or 0xff," : "") +
            " for a splat)";
  return c.fail(at, "attribute " + Twine(node) + " (builtin " + kind +
                        ") holds " + Twine(have) + " bytes of data, but its " +
                        Twine(numElements) + " elements take " + want +
                        "; MLIR's reader passes the size on unchecked and "
                        "the attribute reads past it");
}

/// The string section's count, and each string's size (its bytes and its
/// NUL, listed from the last string to the first): MLIR 22's reader drops
/// the NUL of a size it has only checked against the data left, so a size
/// of 0 becomes a string of 2^64 - 1 bytes, which the dialect section then
/// hashes (a segfault). A size larger than the data left the reader
/// refuses itself.
Error Checker::checkStrings(Cursor c) const {
  Expected<uint64_t> numStrings = c.count("string");
  if (!numStrings)
    return numStrings.takeError();
  for (uint64_t i = 0; i < *numStrings; ++i) {
    const size_t at = c.offset();
    Expected<uint64_t> length = c.varint("a string size");
    if (!length)
      return consumeError(length.takeError()), Error::success();
    if (*length == 0)
      return c.fail(at, "string " + Twine(*numStrings - 1 - i) +
                            " has size 0; a string's size counts its NUL, "
                            "and MLIR's reader would take it as 2^64 - 1 "
                            "bytes and crash");
  }
  return Error::success();
}

/// The index of the builtin dialect, if the file names it. The string
/// section holds the string count, their lengths (each with its nul) from
/// the last string to the first, and the strings, the last at the end.
std::optional<uint64_t> Checker::builtinDialect() const {
  Cursor c = *sections[kString];
  StringRef data = c.rest();
  Expected<uint64_t> numStrings = c.count("string");
  if (!numStrings)
    return consumeError(numStrings.takeError()), std::nullopt;
  std::optional<uint64_t> builtinString;
  size_t end = data.size();
  for (uint64_t i = 0; i < *numStrings; ++i) {
    Expected<uint64_t> length = c.varint("a string length");
    if (!length || *length == 0 || *length > end)
      return consumeError(length.takeError()), std::nullopt;
    end -= *length;
    if (data.substr(end, *length - 1) == "builtin")
      builtinString = *numStrings - 1 - i;
  }
  for (size_t i = 0; builtinString && i < dialectNames.size(); ++i)
    if (dialectNames[i] == *builtinString)
      return i;
  return std::nullopt;
}

/// The IR section: the module's block, then everything nested in it.
Error Checker::checkIR(Cursor c) {
  valueScopes.emplace_back();
  valueScopes.back().regions.push_back({0, 0});
  Expected<uint64_t> defined = walkBlock(c, /*definesResults=*/false, 0);
  if (!defined)
    return defined.takeError();
  return popRegionValues();
}

/// `count` values defined next in the current region (block arguments or
/// an operation's results): the first of their slots, or none when the
/// region did not reserve them (the reader refuses the file then).
std::optional<uint64_t> Checker::defineValues(uint64_t count) {
  ValueScope &scope = valueScopes.back();
  uint64_t &next = scope.regions.back().second;
  if (count > scope.slots.size() - next)
    return std::nullopt;
  next += count;
  return next - count;
}

/// The end of a region's values: every pair of their use-list orders
/// moves one of their uses.
Error Checker::popRegionValues() {
  ValueScope &scope = valueScopes.back();
  const uint64_t first = scope.regions.back().first;
  for (uint64_t i = first; i < scope.slots.size(); ++i) {
    const UseSlot &slot = scope.slots[i];
    if (slot.pairBound > slot.uses)
      return make_error<Problem>(
          slot.pairAt,
          ("IR section: a use-list order moves use #" +
           Twine(slot.pairBound - 1) + " of a value with " +
           Twine(slot.uses) +
           " uses; MLIR's reader would write past the value's use list")
              .str());
  }
  scope.slots.resize(first);
  scope.regions.pop_back();
  return Error::success();
}

/// A block (its header, arguments and operations); returns how many values
/// it defines in its region (its arguments, and its operations' results
/// when `definesResults`). `depth` counts the regions around it.
Expected<uint64_t> Checker::walkBlock(Cursor &c, bool definesResults,
                                      unsigned depth) {
  size_t at = c.offset();
  Expected<std::pair<uint64_t, bool>> header = c.varintWithFlag("a block");
  if (!header)
    return header.takeError();
  auto [numOps, hasArgs] = *header;
  if (depth == 0 && hasArgs)
    return c.fail(at, "the top-level block declares arguments, which no "
                      "valid file has; MLIR's reader would define them "
                      "before it has a value scope, and crash");
  if (Error e = c.fits(numOps, at, "operation"))
    return std::move(e);
  uint64_t defined = 0;
  if (hasArgs) {
    Expected<uint64_t> numArgs = walkBlockArguments(c);
    if (!numArgs)
      return numArgs.takeError();
    defined += *numArgs;
  }
  for (uint64_t i = 0; i < numOps; ++i) {
    Expected<uint64_t> numResults = walkOp(c, depth);
    if (!numResults)
      return numResults.takeError();
    if (definesResults)
      defined += *numResults;
  }
  return defined;
}

/// A block's arguments (each a type, and from version 4 on a location only
/// when it is known) and their use-list orders; returns how many.
Expected<uint64_t> Checker::walkBlockArguments(Cursor &c) {
  Expected<uint64_t> numArgs = c.count("block argument");
  if (!numArgs)
    return numArgs.takeError();
  for (uint64_t i = 0; i < *numArgs; ++i) {
    bool hasLoc = true;
    if (version >= kElideUnknownBlockArgLocation) {
      auto type = c.varintWithFlag("a block argument");
      if (!type)
        return type.takeError();
      hasLoc = type->second;
    } else if (Error e = c.varint("a block argument's type").takeError()) {
      return std::move(e);
    }
    if (hasLoc)
      if (Error e = c.varint("a block argument's location").takeError())
        return std::move(e);
  }
  std::optional<uint64_t> firstSlot = defineValues(*numArgs);
  if (version < kUseListOrdering)
    return *numArgs;
  Expected<uint8_t> hasOrders = c.byte("a block's use-list flag");
  if (!hasOrders)
    return hasOrders.takeError();
  if (*hasOrders)
    if (Error e = walkUseListOrders(c, *numArgs, firstSlot))
      return std::move(e);
  return *numArgs;
}

/// A count and that many varints (`entry` names one); returns the count.
Expected<uint64_t> Checker::skipList(Cursor &c, StringRef noun,
                                     StringRef entry) {
  Expected<uint64_t> n = c.count(noun);
  if (!n)
    return n.takeError();
  for (uint64_t i = 0; i < *n; ++i)
    if (Error e = c.varint(entry).takeError())
      return std::move(e);
  return *n;
}

/// An operation, then its regions; returns its number of results.
Expected<uint64_t> Checker::walkOp(Cursor &c, unsigned depth) {
  if (Error e = c.varint("an operation name").takeError())
    return std::move(e);
  Expected<uint8_t> mask = c.byte("an operation's encoding mask");
  if (!mask)
    return mask.takeError();
  if (Error e = c.varint("an operation's location").takeError())
    return std::move(e);
  if (*mask & kHasAttrs)
    if (Error e = c.varint("an operation's attributes").takeError())
      return std::move(e);
  if (*mask & kHasProperties)
    if (Error e = c.varint("an operation's properties").takeError())
      return std::move(e);
  uint64_t numResults = 0;
  if (*mask & kHasResults) {
    Expected<uint64_t> n = skipList(c, "result", "a result type");
    if (!n)
      return n.takeError();
    numResults = *n;
  }
  if (*mask & kHasOperands) {
    Expected<uint64_t> n = c.count("operand");
    if (!n)
      return n.takeError();
    std::vector<UseSlot> &slots = valueScopes.back().slots;
    for (uint64_t i = 0; i < *n; ++i) {
      Expected<uint64_t> value = c.varint("an operand");
      if (!value)
        return value.takeError();
      if (*value < slots.size()) // Else the reader refuses the index.
        ++slots[*value].uses;
    }
  }
  if (*mask & kHasSuccessors)
    if (Error e = skipList(c, "successor", "a successor").takeError())
      return std::move(e);
  std::optional<uint64_t> firstSlot = defineValues(numResults);
  if (version >= kUseListOrdering && (*mask & kHasUseListOrders))
    if (Error e = walkUseListOrders(c, numResults, firstSlot))
      return std::move(e);
  if (*mask & kHasInlineRegions)
    if (Error e = walkOpRegions(c, depth))
      return std::move(e);
  return numResults;
}

/// An operation's regions: inline, or (isolated from above, version 2 on)
/// in an IR section of their own.
Error Checker::walkOpRegions(Cursor &c, unsigned depth) {
  size_t at = c.offset();
  Expected<std::pair<uint64_t, bool>> regions =
      c.varintWithFlag("a region count");
  if (!regions)
    return regions.takeError();
  auto [numRegions, isolated] = *regions;
  if (numRegions == 0)
    return Error::success();
  if (depth >= systile::kMaxInputNesting)
    return c.fail(at, "regions nest deeper than " +
                          Twine(systile::kMaxInputNesting) + " levels");
  if (!isolated || version < kLazyLoading)
    return walkIsolatableRegions(c, numRegions, at, depth + 1, isolated);
  size_t sectionAt = c.offset();
  Expected<Section> section = readSection(c);
  if (!section)
    return section.takeError();
  if (section->id != kIR)
    return c.fail(sectionAt, "an isolated region is in the " +
                                 sectionName(section->id) +
                                 ", not an IR section");
  return walkIsolatableRegions(section->data, numRegions, at, depth + 1,
                               /*isolated=*/true);
}

/// An operation's regions; regions isolated from above number their values
/// in a scope of their own.
Error Checker::walkIsolatableRegions(Cursor &c, uint64_t numRegions,
                                     size_t at, unsigned depth,
                                     bool isolated) {
  if (isolated)
    valueScopes.emplace_back();
  Error e = walkRegions(c, numRegions, at, depth);
  if (isolated)
    valueScopes.pop_back();
  return e;
}

Error Checker::walkRegions(Cursor &c, uint64_t numRegions, size_t at,
                           unsigned depth) {
  if (Error e = c.fits(numRegions, at, "region"))
    return e;
  for (uint64_t i = 0; i < numRegions; ++i)
    if (Error e = walkRegion(c, depth))
      return e;
  return Error::success();
}

/// A region: its block count, the number of values it defines (the reader
/// reserves that many), its blocks.
Error Checker::walkRegion(Cursor &c, unsigned depth) {
  Expected<uint64_t> numBlocks = c.count("block");
  if (!numBlocks)
    return numBlocks.takeError();
  if (*numBlocks == 0)
    return Error::success();
  size_t at = c.offset();
  Expected<uint64_t> numValues = c.varint("a region's value count");
  if (!numValues)
    return numValues.takeError();
  // Each value's definition takes a byte at least (its type): a region
  // declaring more than the bytes left is refused below, and no more slots
  // than those are needed until then.
  ValueScope &scope = valueScopes.back();
  scope.regions.push_back({scope.slots.size(), scope.slots.size()});
  scope.slots.resize(scope.slots.size() +
                     std::min<uint64_t>(*numValues, c.remaining()));
  uint64_t defined = 0;
  for (uint64_t i = 0; i < *numBlocks; ++i) {
    Expected<uint64_t> n = walkBlock(c, *numValues != 0, depth);
    if (!n)
      return n.takeError();
    defined += *n;
  }
  if (*numValues > defined)
    return c.fail(at, "a region declares " + Twine(*numValues) +
                          " values but defines " + Twine(defined) +
                          " (block arguments and results)");
  return popRegionValues();
}

/// The use-list orders of `numValues` values (an operation's results or a
/// block's arguments) just defined from slot `firstSlot` (none when the
/// region did not reserve them).
Error Checker::walkUseListOrders(Cursor &c, uint64_t numValues,
                                 std::optional<uint64_t> firstSlot) {
  uint64_t numOrders = 1;
  if (numValues > 1) {
    Expected<uint64_t> n = c.count("use-list order");
    if (!n)
      return n.takeError();
    numOrders = *n;
  }
  for (uint64_t i = 0; i < numOrders; ++i) {
    uint64_t value = 0;
    if (numValues > 1) {
      Expected<uint64_t> v = c.varint("a use-list's value");
      if (!v)
        return v.takeError();
      value = *v;
    }
    size_t at = c.offset();
    Expected<std::pair<uint64_t, bool>> length =
        c.varintWithFlag("a use-list length");
    if (!length)
      return length.takeError();
    if (Error e = c.fits(length->first, at, "use-list index"))
      return e;
    const bool pairs = length->second;
    uint64_t bound = 0;
    size_t boundAt = at;
    for (uint64_t j = 0; j < length->first; ++j) {
      size_t indexAt = c.offset();
      Expected<uint64_t> index = c.varint("a use-list index");
      if (!index)
        return index.takeError();
      // A pair's first index is where the reader writes.
      if (pairs && j % 2 == 0 && *index >= bound) {
        bound = *index + 1;
        boundAt = indexAt;
      }
    }
    // An order for no value of the range the reader keeps for none.
    if (firstSlot && value < numValues) {
      UseSlot &slot = valueScopes.back().slots[*firstSlot + value];
      if (bound > slot.pairBound) {
        slot.pairBound = bound;
        slot.pairAt = boundAt;
      }
    }
  }
  return Error::success();
}

} // namespace

std::string systile::findBytecodeHazard(StringRef bytes, StringRef name) {
  std::string message;
  handleAllErrors(Checker(bytes).check(), [&](const Problem &problem) {
    message = (name + ":" + Twine(problem.offset) + ": error: bytecode " +
               problem.what)
                  .str();
  });
  return message;
}
