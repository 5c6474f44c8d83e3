//===- InputFile.cpp - Reading tool inputs that may never end -------------===//

#include "systile/Support/InputFile.h"

#include "systile/Support/BytecodeHazard.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"

#include <cstring>

using namespace llvm;

namespace {

/// MLIR bytecode's magic number ("ML\xefR").
constexpr StringRef kBytecodeMagic("ML\xefR", 4);

/// Alignment of a bytecode buffer that is read rather than mapped (mapped
/// files start on a page). The reader wants the buffer aligned at least as
/// much as any blob in it; a page covers every practical blob alignment.
constexpr Align kBytecodeBufferAlign = Align::Constant<4096>();

/// `bytes` in a buffer of its own aligned for bytecode blobs.
std::unique_ptr<MemoryBuffer> copyAligned(StringRef bytes, StringRef name) {
  std::unique_ptr<WritableMemoryBuffer> buffer =
      WritableMemoryBuffer::getNewUninitMemBuffer(bytes.size(), name,
                                                   kBytecodeBufferAlign);
  if (!buffer)
    return nullptr;
  llvm::copy(bytes, buffer->getBufferStart());
  return buffer;
}

/// Reads a non-regular input to its end, or to its first NUL byte when it
/// is not bytecode (error).
std::unique_ptr<MemoryBuffer> readStream(sys::fs::file_t fd, StringRef name,
                                         std::string *errorMessage) {
  std::string bytes;
  size_t checked = 0; // Bytes known to be free of NUL.
  char chunk[64 << 10];
  while (true) {
    Expected<size_t> n =
        sys::fs::readNativeFile(fd, MutableArrayRef<char>(chunk));
    if (!n) {
      *errorMessage = ("cannot read input file '" + name +
                       "': " + toString(n.takeError()))
                          .str();
      return nullptr;
    }
    bytes.append(chunk, *n);
    StringRef head = StringRef(bytes).take_front(kBytecodeMagic.size());
    bool maybeBytecode = kBytecodeMagic.starts_with(head);
    if (maybeBytecode && *n != 0 && head.size() < kBytecodeMagic.size())
      continue; // Too short to tell yet.
    if (!(maybeBytecode && head.size() == kBytecodeMagic.size())) {
      size_t nul = StringRef(bytes).find('\0', checked);
      if (nul != StringRef::npos) {
        *errorMessage = ("input file '" + name + "' is not MLIR text: it " +
                         "holds a NUL byte at offset " + Twine(nul))
                            .str();
        return nullptr;
      }
      checked = bytes.size();
    }
    if (*n == 0)
      break;
  }
  if (StringRef(bytes).starts_with(kBytecodeMagic)) {
    if (std::unique_ptr<MemoryBuffer> buffer = copyAligned(bytes, name))
      return buffer;
    *errorMessage =
        ("cannot read input file '" + name + "': out of memory").str();
    return nullptr;
  }
  return MemoryBuffer::getMemBufferCopy(bytes, name);
}

/// The offset of the first `c` in text[from, to), or npos.
size_t findChar(StringRef text, size_t from, size_t to, char c) {
  if (from >= to)
    return StringRef::npos;
  const void *p = std::memchr(text.data() + from, c, to - from);
  return p ? static_cast<size_t>(static_cast<const char *>(p) - text.data())
           : StringRef::npos;
}

/// "NAME:LINE:COL" of `offset` in `text`.
std::string locationOf(StringRef text, size_t offset, StringRef name) {
  StringRef before = text.take_front(offset);
  size_t line = before.count('\n') + 1;
  size_t lineStart = before.rfind('\n');
  size_t col = offset - (lineStart == StringRef::npos ? 0 : lineStart + 1) + 1;
  return (name + ":" + Twine(line) + ":" + Twine(col)).str();
}

/// Calls `visit(offset)` for every character of `text` outside string
/// literals and `//` comments, until it returns true; returns that offset,
/// or npos.
///
/// Strings and comments are skipped with memchr, not a character at a time:
/// a model's weights are megabytes of hex in `dense<"0x...">` strings, and
/// the scans before the parser walk the text several times.
size_t findInCode(StringRef text, function_ref<bool(size_t)> visit) {
  const char *const begin = text.data();
  const size_t e = text.size();
  // The offset of the first `c` at or after `from`, or e.
  auto next = [&](size_t from, char c) -> size_t {
    if (from >= e)
      return e;
    const void *p = std::memchr(begin + from, c, e - from);
    return p ? static_cast<size_t>(static_cast<const char *>(p) - begin) : e;
  };
  for (size_t i = 0; i < e; ++i) {
    char c = text[i];
    if (c == '"') {
      // To the closing quote: the next one not escaped by a backslash.
      size_t j = i + 1;
      for (;;) {
        const size_t quote = next(j, '"');
        const void *slash =
            quote > j ? std::memchr(begin + j, '\\', quote - j) : nullptr;
        if (!slash) {
          i = quote; // e when unterminated: the scan ends.
          break;
        }
        // Past the escaped character, whatever it is.
        j = static_cast<size_t>(static_cast<const char *>(slash) - begin) + 2;
      }
      continue;
    }
    if (c == '/' && i + 1 < e && text[i + 1] == '/') {
      i = next(i + 2, '\n'); // The newline itself is no code.
      continue;
    }
    if (c != '\n' && visit(i))
      return i;
  }
  return StringRef::npos;
}

/// Whether `keyword` occurs in `text` outside string literals and `//`
/// comments, or inside a short string literal (an op name in the generic
/// form). A cheap test before a scan: strings are crossed with memchr, and
/// the whole text is never searched for a missing keyword character by
/// character.
bool codeContains(StringRef text, StringRef keyword) {
  const char *const begin = text.data();
  const size_t e = text.size();
  size_t i = 0;
  while (i < e) {
    const void *q = std::memchr(begin + i, '"', e - i);
    size_t quote = q ? static_cast<size_t>(static_cast<const char *>(q) - begin)
                     : e;
    StringRef code = text.slice(i, quote);
    size_t comment = code.find("//");
    if (comment != StringRef::npos) {
      if (code.take_front(comment).contains(keyword))
        return true;
      const void *nl =
          std::memchr(begin + i + comment, '\n', e - i - comment);
      if (!nl)
        return false;
      i = static_cast<size_t>(static_cast<const char *>(nl) - begin) + 1;
      continue;
    }
    if (code.contains(keyword))
      return true;
    if (quote >= e)
      return false;
    // To the closing quote: the next one not escaped by a backslash.
    size_t j = quote + 1, close = e;
    for (;;) {
      const void *c = j < e ? std::memchr(begin + j, '"', e - j) : nullptr;
      close = c ? static_cast<size_t>(static_cast<const char *>(c) - begin) : e;
      const void *slash =
          close > j ? std::memchr(begin + j, '\\', close - j) : nullptr;
      if (!slash)
        break;
      j = static_cast<size_t>(static_cast<const char *>(slash) - begin) + 2;
    }
    StringRef contents = text.slice(quote + 1, close);
    if (contents.size() < 64 && contents.contains(keyword))
      return true;
    i = close + 1;
  }
  return false;
}

/// The first place where MLIR text nests brackets deeper than
/// kMaxInputNesting, as "NAME:LINE:COL: error: ..." (empty when it does
/// not). MLIR's parser recurses once per nested region, attribute or type,
/// so a deep enough input overflows its stack; the scan runs before it.
/// `>` of `->` closes nothing.
std::string findDeepNesting(StringRef text, StringRef name) {
  unsigned depth = 0;
  size_t at = findInCode(text, [&](size_t i) {
    switch (text[i]) {
    case '{':
    case '(':
    case '[':
    case '<':
      return ++depth > systile::kMaxInputNesting;
    case '>':
      if (i > 0 && text[i - 1] == '-')
        return false;
      [[fallthrough]];
    case '}':
    case ')':
    case ']':
      depth = depth ? depth - 1 : 0;
      return false;
    default:
      return false;
    }
  });
  if (at == StringRef::npos)
    return "";
  return (locationOf(text, at, name) + ": error: brackets nest deeper than " +
          Twine(systile::kMaxInputNesting) +
          " levels here (regions, attributes and types); the parser would run "
          "out of stack")
      .str();
}

/// What MLIR's lexer skips between tokens: white space and NUL bytes (a
/// NUL inside the buffer is skipped like a space).
const StringRef kSpace(" \t\r\n\0", 5);

bool isIdentifierChar(char c) {
  return llvm::isAlnum(c) || c == '_' || c == '.' || c == '$' || c == '-';
}

/// The offset just after the `}` that closes the `{` at `i` (strings
/// skipped, other brackets ignored), or npos when it is not closed.
size_t skipBalancedBraces(StringRef text, size_t i) {
  unsigned depth = 0;
  for (size_t k = i; k < text.size(); ++k) {
    char c = text[k];
    if (c == '"') {
      for (++k; k < text.size() && text[k] != '"'; ++k)
        if (text[k] == '\\')
          ++k;
      continue;
    }
    if (c == '{')
      ++depth;
    else if (c == '}' && --depth == 0)
      return k + 1;
  }
  return StringRef::npos;
}

/// The first custom-form linalg op whose `<...>` properties are not a
/// dictionary (`linalg.matmul <[1]> ins(...)`, `linalg.generic {...} <0>
/// ins(...)`): upstream's structured-op
/// parser casts them to a dictionary unchecked and crashes (segfault or
/// "SmallVector unable to grow"), so the scan refuses them first.
std::string findLinalgNonDictProperties(StringRef text, StringRef name) {
  if (!codeContains(text, "linalg."))
    return ""; // A cheap test first: most inputs have no such op.
  StringRef opName;
  size_t at = findInCode(text, [&](size_t i) {
    if (text[i] != 'l' || !text.substr(i).starts_with("linalg."))
      return false;
    // An op name, not the tail of a longer name or an attribute/type alias.
    if (i > 0 && (isIdentifierChar(text[i - 1]) || text[i - 1] == '#' ||
                  text[i - 1] == '!' || text[i - 1] == '%' ||
                  text[i - 1] == '@' || text[i - 1] == '^'))
      return false;
    size_t j = i + 7;
    while (j < text.size() && (llvm::isAlnum(text[j]) || text[j] == '_'))
      ++j;
    opName = text.slice(i, j);
    j = text.find_first_not_of(kSpace, j);
    // linalg.generic's leading attribute dictionary comes before them.
    if (j != StringRef::npos && text[j] == '{') {
      j = skipBalancedBraces(text, j);
      if (j != StringRef::npos)
        j = text.find_first_not_of(kSpace, j);
    }
    if (j == StringRef::npos || text[j] != '<')
      return false;
    j = text.find_first_not_of(kSpace, j + 1);
    return j == StringRef::npos || text[j] != '{';
  });
  if (at == StringRef::npos)
    return "";
  return (locationOf(text, at, name) + ": error: '" + opName +
          "' takes its properties as a dictionary, <{...}>; upstream's parser "
          "crashes on any other attribute there")
      .str();
}

/// The first offset at or after `j` that is not white space (or the end).
size_t skipSpace(StringRef text, size_t j) {
  size_t k = text.find_first_not_of(kSpace, j);
  return k == StringRef::npos ? text.size() : k;
}

/// Whether `text` at `i` starts a well-formed list `[e, e, ...]`, where
/// `entry(j)` is the end of a well-formed entry starting at `j`, or npos.
bool isList(StringRef text, size_t i,
            function_ref<size_t(size_t)> entry) {
  if (i >= text.size() || text[i] != '[')
    return false;
  size_t j = skipSpace(text, i + 1);
  if (j < text.size() && text[j] == ']')
    return true;
  while (j < text.size()) {
    j = entry(j);
    if (j == StringRef::npos)
      return false;
    j = skipSpace(text, j);
    if (j < text.size() && text[j] == ']')
      return true;
    if (j >= text.size() || text[j] != ',')
      return false;
    j = skipSpace(text, j + 1);
  }
  return false;
}

/// Whether `text` at `i` starts a well-formed i64 list `[a, b, ...]` (each
/// at most 18 digits, so it cannot overflow).
bool isIntegerList(StringRef text, size_t i) {
  return isList(text, i, [&](size_t j) {
    if (j < text.size() && text[j] == '-')
      ++j;
    size_t digits = 0;
    while (j < text.size() && llvm::isDigit(text[j]))
      ++j, ++digits;
    return digits == 0 || digits > 18 ? StringRef::npos : j;
  });
}

/// The first custom-form `) dimensions = ...` or `) permutation = ...`
/// (linalg.reduce, linalg.broadcast, linalg.transpose) whose value is not a
/// well-formed integer list: upstream's parser stores the failed parse's
/// null attribute and crashes on it.
std::string findLinalgBadIntList(StringRef text, StringRef name) {
  if (!codeContains(text, "dimensions") && !codeContains(text, "permutation"))
    return "";
  StringRef key;
  size_t at = findInCode(text, [&](size_t i) {
    if (text[i] != ')')
      return false;
    size_t j = text.find_first_not_of(kSpace, i + 1);
    if (j == StringRef::npos)
      return false;
    StringRef rest = text.substr(j);
    for (StringRef k : {"dimensions", "permutation"}) {
      if (!rest.starts_with(k) ||
          (rest.size() > k.size() && isIdentifierChar(rest[k.size()])))
        continue;
      size_t eq = text.find_first_not_of(kSpace, j + k.size());
      if (eq == StringRef::npos || text[eq] != '=')
        return false;
      key = k;
      return !isIntegerList(text,
                            text.find_first_not_of(kSpace, eq + 1));
    }
    return false;
  });
  if (at == StringRef::npos)
    return "";
  size_t keyAt = text.find(key, at);
  return (locationOf(text, keyAt, name) + ": error: '" + key +
          "' must be a list of integers, [d0, d1, ...]; upstream's parser "
          "crashes on anything else there")
      .str();
}

/// The first `iterator_types = [...]` whose entries are not all strings or
/// `#linalg.iterator_type<...>`: upstream's linalg.generic parser casts each
/// entry to a string unchecked and crashes on anything else.
std::string findBadIteratorTypes(StringRef text, StringRef name) {
  constexpr StringLiteral key("iterator_types");
  if (!codeContains(text, key))
    return "";
  // A string literal or a #linalg.iterator_type<...>.
  auto entry = [&](size_t j) -> size_t {
    if (text[j] == '"') {
      size_t k = j + 1;
      while (k < text.size() && text[k] != '"')
        k += text[k] == '\\' ? 2 : 1;
      return k < text.size() ? k + 1 : StringRef::npos;
    }
    if (!text.substr(j).starts_with("#linalg.iterator_type<"))
      return StringRef::npos;
    size_t close = text.find('>', j);
    return close == StringRef::npos ? StringRef::npos : close + 1;
  };
  // Not a list at all: the parser reports that itself.
  auto wellFormed = [&](size_t j) {
    return j >= text.size() || text[j] != '[' || isList(text, j, entry);
  };
  size_t at = findInCode(text, [&](size_t i) {
    if (text[i] != 'i' || !text.substr(i).starts_with(key) ||
        (i > 0 && isIdentifierChar(text[i - 1])))
      return false;
    size_t eq = skipSpace(text, i + key.size());
    if (eq >= text.size() || text[eq] != '=')
      return false;
    return !wellFormed(skipSpace(text, eq + 1));
  });
  if (at == StringRef::npos)
    return "";
  return locationOf(text, at, name) +
         ": error: 'iterator_types' must list strings (\"parallel\", "
         "\"reduction\") or #linalg.iterator_type<...>; upstream's parser "
         "crashes on anything else there";
}

/// The first hex blob of the file metadata (`{-# dialect_resources ... #-}`)
/// whose alignment (its first four bytes, little-endian) is not a power of
/// two up to kMaxBlobAlignment, as "NAME:LINE:COL: error: ..." (empty when
/// there is none). Upstream's parser allocates the blob with that alignment
/// unchecked, and alignment 0 aborts it.
std::string findBadBlobAlignment(StringRef text, StringRef name) {
  // The metadata's `{-#`, found with memchr (a text search of a model's
  // megabytes of hex for a missing `{-#` costs tens of milliseconds).
  size_t metadata = StringRef::npos;
  for (size_t at = findChar(text, 0, text.size(), '{'); at != StringRef::npos;
       at = findChar(text, at + 1, text.size(), '{'))
    if (text.substr(at).starts_with("{-#")) {
      metadata = at;
      break;
    }
  if (metadata == StringRef::npos)
    return "";
  for (size_t at = text.find("\"0x", metadata); at != StringRef::npos;
       at = text.find("\"0x", at + 3)) {
    StringRef digits = text.substr(at + 3, 8);
    if (digits.size() < 8 || !llvm::all_of(digits, llvm::isHexDigit))
      continue; // Too short for an alignment: the parser reports it.
    uint32_t alignment = 0;
    for (int byte = 3; byte >= 0; --byte)
      alignment = alignment << 8 |
                  llvm::hexFromNibbles(digits[2 * byte], digits[2 * byte + 1]);
    if (alignment == 0 || !llvm::isPowerOf2_32(alignment) ||
        alignment > systile::kMaxBlobAlignment)
      return (locationOf(text, at, name) + ": error: the blob's alignment " +
              Twine(alignment) + " (its first four bytes) is not a power of "
              "two from 1 to " + Twine(systile::kMaxBlobAlignment))
          .str();
  }
  return "";
}

/// `buffer` unless it is text that upstream's parser, or bytecode that its
/// reader, cannot be given safely (then null, with the message).
std::unique_ptr<MemoryBuffer>
checkInput(std::unique_ptr<MemoryBuffer> buffer, std::string *errorMessage) {
  if (!buffer)
    return buffer;
  StringRef bytes = buffer->getBuffer();
  StringRef name = buffer->getBufferIdentifier();
  std::string problem = bytes.starts_with(kBytecodeMagic)
                            ? systile::findBytecodeHazard(bytes, name)
                            : systile::findTextParserHazard(bytes, name);
  if (problem.empty())
    return buffer;
  *errorMessage = std::move(problem);
  return nullptr;
}

/// Whether the regular file `fd` starts with the bytecode magic number.
bool isBytecodeFile(sys::fs::file_t fd) {
  char head[4];
  Expected<size_t> n = sys::fs::readNativeFileSlice(
      fd, MutableArrayRef<char>(head, sizeof(head)), /*Offset=*/0);
  if (!n) {
    consumeError(n.takeError());
    return false;
  }
  return StringRef(head, *n) == kBytecodeMagic;
}

} // namespace

/// Whether `text` at `i` is `affine_map<(...) -> ( )>`: a map with no
/// results.
bool isEmptyResultMap(StringRef text, size_t i) {
  if (!text.substr(i).starts_with("affine_map<"))
    return false;
  size_t arrow = text.find("->", i);
  size_t close = text.find('>', i + 11);
  // The first '>' after the dims is the arrow's.
  if (arrow == StringRef::npos || close == StringRef::npos || close != arrow + 1)
    return false;
  size_t j = skipSpace(text, arrow + 2);
  if (j >= text.size() || text[j] != '(')
    return false;
  j = skipSpace(text, j + 1);
  return j < text.size() && text[j] == ')';
}

/// The names of the affine map aliases with no results
/// (`#m = affine_map<(d0) -> ()>` at the start of a line).
llvm::StringSet<> emptyResultMapAliases(StringRef text) {
  llvm::StringSet<> names;
  for (size_t i = 0; i < text.size(); i = text.find('\n', i) + 1) {
    if (text[i] == '#') {
      size_t j = i + 1;
      while (j < text.size() && isIdentifierChar(text[j]))
        ++j;
      StringRef alias = text.slice(i + 1, j);
      j = skipSpace(text, j);
      if (j < text.size() && text[j] == '=' &&
          isEmptyResultMap(text, skipSpace(text, j + 1)))
        names.insert(alias);
    }
    if (text.find('\n', i) == StringRef::npos)
      break;
  }
  return names;
}

/// The first linalg.matmul (custom or generic form) whose indexing_maps
/// list starts with a map of no results: upstream's MatmulOp::verify reads
/// the lhs map's first result unchecked and crashes (MLIR 22.1.8; a
/// batch_matmul or a map of the rhs or the output is an error).
std::string findMatmulEmptyLhsMap(StringRef text, StringRef name) {
  if (!codeContains(text, "linalg.matmul"))
    return "";
  llvm::StringSet<> aliases;
  bool aliasesRead = false;
  auto firstMapEmpty = [&](size_t from) {
    size_t end = std::min(text.size(), from + 4096);
    size_t key = text.slice(from, end).find("indexing_maps");
    if (key == StringRef::npos)
      return false;
    size_t j = skipSpace(text, from + key + 13);
    if (j >= text.size() || text[j] != '=')
      return false;
    j = skipSpace(text, j + 1);
    if (j >= text.size() || text[j] != '[')
      return false;
    j = skipSpace(text, j + 1);
    if (j < text.size() && text[j] == '#') {
      if (!aliasesRead) {
        aliases = emptyResultMapAliases(text);
        aliasesRead = true;
      }
      size_t k = j + 1;
      while (k < text.size() && isIdentifierChar(text[k]))
        ++k;
      return aliases.contains(text.slice(j + 1, k));
    }
    return isEmptyResultMap(text, j);
  };
  size_t at = findInCode(text, [&](size_t i) {
    if (text[i] != 'l' || !text.substr(i).starts_with("linalg.matmul") ||
        (i > 0 && (isIdentifierChar(text[i - 1]) || text[i - 1] == '#')) ||
        (i + 13 < text.size() && isIdentifierChar(text[i + 13])))
      return false;
    return firstMapEmpty(i + 13);
  });
  // The generic form names the op in a string, which findInCode skips.
  for (size_t i = text.find("\"linalg.matmul\""); at == StringRef::npos &&
                                                  i != StringRef::npos;
       i = text.find("\"linalg.matmul\"", i + 1)) {
    size_t lineStart = text.rfind('\n', i);
    lineStart = lineStart == StringRef::npos ? 0 : lineStart + 1;
    bool inComment = text.slice(lineStart, i).contains("//");
    if (!inComment && firstMapEmpty(i + 15))
      at = i;
  }
  if (at == StringRef::npos)
    return "";
  return locationOf(text, at, name) +
         ": error: 'linalg.matmul' has an lhs indexing map with no results; "
         "upstream's verifier crashes on it (the lhs map needs the m and k "
         "dimensions, or one of them for a broadcast)";
}

/// The first custom-form `tensor.from_elements` whose result type holds
/// more elements than the file has bytes (each element is an operand of
/// its own): upstream's parser makes a vector of one type per element
/// before it reads the operands, and 2^32 of them or more are LLVM's fatal
/// "SmallVector unable to grow" (the interpreter fuzz target's find:
/// `tensor.from_elements %v : tensor<1x14294967296xi32>`).
std::string findHugeFromElements(StringRef text, StringRef name) {
  if (!codeContains(text, "tensor.from_elements"))
    return "";
  uint64_t elements = 0;
  size_t at = findInCode(text, [&](size_t i) {
    if (text[i] != 't' || !text.substr(i).starts_with("tensor.from_elements") ||
        (i > 0 && (isIdentifierChar(text[i - 1]) || text[i - 1] == '"')))
      return false;
    // The type after the operands: `: tensor<AxBx...`, on the same line.
    size_t end = text.find('\n', i);
    StringRef line = text.slice(i, end == StringRef::npos ? text.size() : end);
    size_t type = line.find("tensor<", 20);
    if (type == StringRef::npos)
      return false;
    StringRef dims = line.substr(type + 7);
    uint64_t product = 1;
    while (!dims.empty() && llvm::isDigit(dims.front())) {
      uint64_t d = 0;
      size_t n = 0;
      while (n < dims.size() && llvm::isDigit(dims[n]) && n < 19)
        d = d * 10 + uint64_t(dims[n++] - '0');
      if (n == 19 || __builtin_mul_overflow(product, d, &product))
        product = UINT64_MAX;
      dims = dims.substr(n);
      if (!dims.consume_front("x"))
        break;
    }
    elements = product;
    return product > text.size();
  });
  if (at == StringRef::npos)
    return "";
  return (locationOf(text, at, name) +
          ": error: 'tensor.from_elements' builds a tensor of " +
          Twine(elements) + " elements, more than this input has bytes for "
          "operands; upstream's parser would allocate a type per element "
          "first")
      .str();
}

/// A string literal that the end of the input closes, as
/// "NAME:LINE:COL: error: ..." (empty when there is none). MLIR's lexer
/// reports it but leaves its position past the buffer's terminator, and the
/// parser of a `{-# dialect_resources #-}` entry then lexes on past the end
/// of the buffer, in memory it does not own (a crash under ASan). The scan
/// follows the lexer: a string ends at an unescaped `"`, or at a newline,
/// `\v` or `\f` (an error the lexer reports in place), and so does an
/// unknown escape. Strings are crossed with memchr (a model's weights are
/// megabytes of hex in strings).
static std::string findUnterminatedString(StringRef text, StringRef name) {
  const size_t e = text.size();
  size_t i = 0;
  while (i < e) {
    size_t quote = findChar(text, i, e, '"');
    size_t codeEnd = quote == StringRef::npos ? e : quote;
    size_t comment = text.slice(i, codeEnd).find("//");
    if (comment != StringRef::npos) {
      size_t nl = findChar(text, i + comment + 2, e, '\n');
      if (nl == StringRef::npos)
        return "";
      i = nl + 1;
      continue;
    }
    if (quote == StringRef::npos)
      return "";
    size_t j = quote + 1;
    for (;;) {
      size_t close = findChar(text, j, e, '"');
      size_t to = close == StringRef::npos ? e : close;
      // The first line break, \v or \f before the closing quote.
      size_t stop = to;
      for (char c : {'\n', '\v', '\f'}) {
        size_t at = findChar(text, j, stop, c);
        if (at != StringRef::npos)
          stop = at;
      }
      size_t slash = findChar(text, j, stop, '\\');
      if (slash != StringRef::npos) {
        // `\"`, `\\`, `\n`, `\t` or two hex digits; any other escape is
        // an error the lexer reports in place.
        if (slash + 1 < e && StringRef("\"\\nt").contains(text[slash + 1])) {
          j = slash + 2;
          continue;
        }
        if (slash + 2 < e && llvm::isHexDigit(text[slash + 1]) &&
            llvm::isHexDigit(text[slash + 2])) {
          j = slash + 3;
          continue;
        }
        i = slash + 1;
        break;
      }
      if (stop != to) { // A line break ends the string (the lexer's error).
        i = stop + 1;
        break;
      }
      if (close == StringRef::npos)
        return locationOf(text, quote, name) +
               ": error: string literal not terminated before the end of the "
               "input";
      i = close + 1;
      break;
    }
  }
  return "";
}

std::string systile::findTextParserHazard(StringRef text, StringRef name) {
  std::string problem = findDeepNesting(text, name);
  if (problem.empty())
    problem = findLinalgNonDictProperties(text, name);
  if (problem.empty())
    problem = findLinalgBadIntList(text, name);
  if (problem.empty())
    problem = findBadIteratorTypes(text, name);
  if (problem.empty())
    problem = findMatmulEmptyLhsMap(text, name);
  if (problem.empty())
    problem = findBadBlobAlignment(text, name);
  if (problem.empty())
    problem = findHugeFromElements(text, name);
  if (problem.empty())
    problem = findUnterminatedString(text, name);
  return problem;
}

std::unique_ptr<MemoryBuffer>
systile::openBoundedInputFile(StringRef path, std::string *errorMessage) {
  bool isStdin = path == "-";
  sys::fs::file_t fd = sys::fs::getStdinHandle();
  if (!isStdin) {
    Expected<sys::fs::file_t> opened = sys::fs::openNativeFileForRead(path);
    if (!opened) {
      *errorMessage = ("cannot open input file '" + path +
                       "': " + toString(opened.takeError()))
                          .str();
      return nullptr;
    }
    fd = *opened;
  }
  scope_exit closeFd([&] {
    if (!isStdin)
      (void)sys::fs::closeFile(fd);
  });
  sys::fs::file_status status;
  if (!sys::fs::status(fd, status) &&
      status.type() == sys::fs::file_type::regular_file) {
    // Text as mlir::openInputFile reads it. Bytecode needs no NUL
    // terminator, so it is always mapped (or, when small, read into an
    // aligned buffer), and a parser sharing the buffer (systile-run) uses
    // its blobs in place.
    ErrorOr<std::unique_ptr<MemoryBuffer>> buffer =
        isBytecodeFile(fd)
            ? MemoryBuffer::getOpenFile(fd, path, status.getSize(),
                                        /*RequiresNullTerminator=*/false,
                                        /*IsVolatile=*/false,
                                        kBytecodeBufferAlign)
            : MemoryBuffer::getFileOrSTDIN(path, /*IsText=*/false);
    if (!buffer) {
      *errorMessage = ("cannot open input file '" + path +
                       "': " + buffer.getError().message())
                          .str();
      return nullptr;
    }
    return checkInput(std::move(*buffer), errorMessage);
  }
  return checkInput(readStream(fd, isStdin ? "<stdin>" : path, errorMessage),
                   errorMessage);
}
