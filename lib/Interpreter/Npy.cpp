//===- Npy.cpp - Reading and writing NumPy .npy files ---------------------===//
//
// The header is a Python dict literal; we parse just enough of Python's
// literal syntax (strings, True/False, tuples of integers) to read the three
// keys NumPy writes, in any order, and reject anything else.
//
//===----------------------------------------------------------------------===//

#include "systile/Interpreter/Npy.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/MathExtras.h"

#include <optional>

using namespace systile::interp;
using llvm::StringRef;

namespace {

llvm::Error fail(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

/// A cursor over the header dict.
class HeaderParser {
public:
  explicit HeaderParser(StringRef text) : rest(text) {}

  void skipSpace() { rest = rest.ltrim(" \t\r\n"); }
  bool consume(char c) {
    skipSpace();
    if (!rest.starts_with(StringRef(&c, 1)))
      return false;
    rest = rest.drop_front();
    return true;
  }
  bool consumeWord(StringRef word) {
    skipSpace();
    if (!rest.starts_with(word))
      return false;
    rest = rest.drop_front(word.size());
    return true;
  }
  std::optional<std::string> string() {
    skipSpace();
    if (rest.empty() || (rest.front() != '\'' && rest.front() != '"'))
      return std::nullopt;
    char quote = rest.front();
    size_t end = rest.find(quote, 1);
    if (end == StringRef::npos)
      return std::nullopt;
    std::string s = rest.substr(1, end - 1).str();
    rest = rest.drop_front(end + 1);
    return s;
  }
  std::optional<int64_t> integer() {
    skipSpace();
    size_t n = 0;
    while (n < rest.size() && llvm::isDigit(rest[n]))
      ++n;
    // Python 2 era writers may append 'L'.
    int64_t v;
    if (n == 0 || rest.take_front(n).getAsInteger(10, v))
      return std::nullopt;
    rest = rest.drop_front(n);
    if (rest.starts_with("L"))
      rest = rest.drop_front();
    return v;
  }
  bool atEnd() {
    skipSpace();
    return rest.empty();
  }
  StringRef remaining() const { return rest; }

private:
  StringRef rest;
};

} // namespace

const char *systile::interp::npyDescr(NpyElement element) {
  switch (element) {
  case NpyElement::F32:
    return "<f4";
  case NpyElement::BF16:
    return "<u2";
  case NpyElement::I8:
    return "|i1";
  case NpyElement::I32:
    return "<i4";
  }
  return "?";
}

size_t systile::interp::npyElementSize(NpyElement element) {
  switch (element) {
  case NpyElement::F32:
  case NpyElement::I32:
    return 4;
  case NpyElement::BF16:
    return 2;
  case NpyElement::I8:
    return 1;
  }
  return 1;
}

std::string systile::interp::formatNpyShape(llvm::ArrayRef<int64_t> shape) {
  std::string s = "(";
  for (size_t i = 0; i < shape.size(); ++i) {
    if (i)
      s += ", ";
    s += std::to_string(shape[i]);
  }
  if (shape.size() == 1)
    s += ",";
  return s + ")";
}

std::string NpyArray::shapeStr() const { return formatNpyShape(shape); }

llvm::Expected<NpyArray>
systile::interp::parseNpy(std::unique_ptr<llvm::MemoryBuffer> buffer) {
  StringRef file = buffer->getBuffer();
  static constexpr StringRef magic("\x93NUMPY", 6);
  if (!file.starts_with(magic))
    return fail("not a .npy file (missing the \\x93NUMPY magic string)");
  if (file.size() < 10)
    return fail("truncated .npy header (file has " + llvm::Twine(file.size()) +
                " bytes)");
  uint8_t major = static_cast<uint8_t>(file[6]);
  uint64_t headerLen, prefix;
  if (major == 1) {
    headerLen = llvm::support::endian::read16le(file.data() + 8);
    prefix = 10;
  } else if (major == 2 || major == 3) {
    if (file.size() < 12)
      return fail("truncated .npy header (file has " +
                  llvm::Twine(file.size()) + " bytes)");
    headerLen = llvm::support::endian::read32le(file.data() + 8);
    prefix = 12;
  } else {
    return fail("unsupported .npy format version " + llvm::Twine(int(major)) +
                "." + llvm::Twine(int(uint8_t(file[7]))) +
                " (supported: 1.0, 2.0, 3.0)");
  }
  if (file.size() < prefix + headerLen)
    return fail("truncated .npy header: it announces " +
                llvm::Twine(headerLen) + " bytes but the file ends after " +
                llvm::Twine(file.size() - prefix));

  HeaderParser p(file.substr(prefix, headerLen));
  std::optional<std::string> descr;
  std::optional<bool> fortran;
  std::optional<llvm::SmallVector<int64_t, 4>> shape;
  if (!p.consume('{'))
    return fail("malformed .npy header: expected a dict, got '" +
                p.remaining().take_front(40) + "'");
  while (!p.consume('}')) {
    std::optional<std::string> key = p.string();
    if (!key || !p.consume(':'))
      return fail("malformed .npy header near '" +
                  p.remaining().take_front(40) + "'");
    if (*key == "descr") {
      descr = p.string();
      if (!descr)
        return fail("unsupported .npy dtype (structured or not a string); "
                    "expected one of '<f4', '<u2', '|i1', '<i4'");
    } else if (*key == "fortran_order") {
      if (p.consumeWord("True"))
        fortran = true;
      else if (p.consumeWord("False"))
        fortran = false;
      else
        return fail("malformed .npy header: fortran_order is not True/False");
    } else if (*key == "shape") {
      if (!p.consume('('))
        return fail("malformed .npy header: shape is not a tuple");
      shape.emplace();
      while (!p.consume(')')) {
        std::optional<int64_t> dim = p.integer();
        if (!dim)
          return fail("malformed .npy header: shape holds a non-integer");
        shape->push_back(*dim);
        if (p.consume(')'))
          break;
        if (!p.consume(','))
          return fail("malformed .npy header: bad shape tuple");
      }
    } else {
      return fail("malformed .npy header: unexpected key '" + *key + "'");
    }
    if (p.consume('}'))
      break;
    if (!p.consume(','))
      return fail("malformed .npy header near '" +
                  p.remaining().take_front(40) + "'");
  }
  if (!descr || !fortran || !shape)
    return fail("malformed .npy header: it needs 'descr', 'fortran_order' and "
                "'shape'");

  NpyArray array;
  array.descr = *descr;
  StringRef d = *descr;
  if (d.size() == 3 && d[0] == '>' && d != ">i1" && d != ">u1")
    return fail("big-endian data ('" + d +
                "') is not supported; save it little-endian, e.g. "
                "arr.astype('<f4')");
  if (d == "<f4")
    array.element = NpyElement::F32;
  else if (d == "<u2")
    array.element = NpyElement::BF16;
  else if (d == "|i1" || d == "<i1" || d == ">i1" || d == "=i1" || d == "i1")
    array.element = NpyElement::I8;
  else if (d == "<i4")
    array.element = NpyElement::I32;
  else
    return fail("unsupported dtype '" + d +
                "'; expected '<f4' (f32), '<u2' (bf16 bit patterns), '|i1' "
                "(i8) or '<i4' (i32)");
  if (*fortran)
    return fail("Fortran-order arrays are not supported; save a C-order "
                "array (np.ascontiguousarray)");

  int64_t count = 1;
  for (int64_t dim : *shape) {
    if (dim < 0 || (dim != 0 && count > INT64_MAX / dim))
      return fail("invalid shape " + formatNpyShape(*shape));
    count *= dim;
  }
  array.shape = *shape;
  array.numElements = count;
  uint64_t dataBytes = 0;
  uint64_t elem = npyElementSize(array.element);
  if (__builtin_mul_overflow(uint64_t(count), elem, &dataBytes))
    return fail("invalid shape " + formatNpyShape(*shape));
  uint64_t have = file.size() - prefix - headerLen;
  if (have != dataBytes)
    return fail("wrong element count: the header announces shape " +
                formatNpyShape(*shape) + " (" + llvm::Twine(count) +
                " elements, " + llvm::Twine(dataBytes) +
                " bytes) but the file holds " + llvm::Twine(have) +
                " bytes of data" + (have < dataBytes ? " (truncated)" : ""));
  array.data = file.data() + prefix + headerLen;
  array.buffer = std::move(buffer);
  return array;
}

llvm::Expected<NpyArray> systile::interp::readNpy(StringRef path) {
  auto buffer = llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                            /*RequiresNullTerminator=*/false);
  if (!buffer)
    return fail("cannot read '" + path + "': " + buffer.getError().message());
  return parseNpy(std::move(*buffer));
}

void systile::interp::writeNpy(llvm::raw_ostream &os, NpyElement element,
                               llvm::ArrayRef<int64_t> shape,
                               const void *data) {
  std::string header = "{'descr': '";
  header += npyDescr(element);
  header += "', 'fortran_order': False, 'shape': ";
  header += formatNpyShape(shape);
  header += ", }";
  // Magic (6) + version (2) + length (2) + header + '\n' is a multiple of 64.
  size_t total = 10 + header.size() + 1;
  header.append((64 - total % 64) % 64, ' ');
  header += '\n';
  os << StringRef("\x93NUMPY\x01\x00", 8);
  uint16_t len = static_cast<uint16_t>(header.size());
  char lenBytes[2] = {char(len & 0xff), char(len >> 8)};
  os.write(lenBytes, 2);
  os << header;
  int64_t count = 1;
  for (int64_t dim : shape)
    count *= dim;
  os.write(static_cast<const char *>(data), count * npyElementSize(element));
}
