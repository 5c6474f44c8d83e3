//===- Npy.cpp - Reading and writing NumPy .npy files ---------------------===//
//
// The header is a Python dict literal; we parse just enough of Python's
// literal syntax (strings, True/False, tuples of integers) to read the three
// keys NumPy writes, in any order, and reject anything else.
//
//===----------------------------------------------------------------------===//

#include "systile/Runner/Npy.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <cstring>
#include <optional>

using namespace systile::interp;
using namespace systile::runner;
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

std::string systile::runner::formatNpyShape(llvm::ArrayRef<int64_t> shape) {
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

namespace {

/// The descrs the reader accepts (parseDescr), for messages.
constexpr const char *kAcceptedDtypes =
    "'<f4' (f32), '<f8' (f64), '<f2' (f16), '<u2' (bf16 bit patterns), "
    "'|b1' (i1), '|i1' (i8), '<i2' (i16), '<i4' (i32), '<i8' (i64, index), "
    "'|u1' (ui8), '<u4' (ui32) or '<u8' (ui64)";

/// Longest header accepted. NumPy writes headers of a few dozen bytes for
/// the dtypes systile exchanges (and its own reader refuses more than 10000
/// by default); the limit keeps a hostile stream from feeding an endless
/// header.
constexpr uint64_t kMaxHeaderBytes = 1 << 20;

/// Where the header dict lies: magic, version, then the header length.
struct Preamble {
  uint64_t prefix = 0;
  uint64_t headerLen = 0;
};

/// What the header dict says, plus where the data starts and its size.
struct Header {
  uint64_t dataOffset = 0;
  ElementKind element = ElementKind::F32;
  bool isUnsigned = false;
  std::string descr;
  llvm::SmallVector<int64_t, 4> shape;
  int64_t numElements = 1;
  uint64_t dataBytes = 0;
};

llvm::Error truncated(uint64_t size) {
  return fail("truncated .npy header (file has " + llvm::Twine(size) +
              " bytes)");
}

/// Reads magic, version and header length: needs only the first 10 (version
/// 1.0) or 12 bytes of `file`.
llvm::Expected<Preamble> parsePreamble(StringRef file) {
  static constexpr StringRef magic("\x93NUMPY", 6);
  if (!file.starts_with(magic))
    return fail("not a .npy file (missing the \\x93NUMPY magic string)");
  if (file.size() < 10)
    return truncated(file.size());
  uint8_t major = static_cast<uint8_t>(file[6]);
  uint8_t minor = static_cast<uint8_t>(file[7]);
  if (major < 1 || major > 3 || minor != 0)
    return fail("unsupported .npy format version " + llvm::Twine(int(major)) +
                "." + llvm::Twine(int(minor)) + " (supported: 1.0, 2.0, 3.0)");
  Preamble p;
  p.prefix = major == 1 ? 10 : 12;
  if (file.size() < p.prefix)
    return truncated(file.size());
  p.headerLen = major == 1 ? llvm::support::endian::read16le(file.data() + 8)
                           : llvm::support::endian::read32le(file.data() + 8);
  if (p.headerLen > kMaxHeaderBytes)
    return fail("the .npy header announces " + llvm::Twine(p.headerLen) +
                " bytes, more than the " + llvm::Twine(kMaxHeaderBytes) +
                " a header of a supported dtype can need");
  return p;
}

/// The header dict of `file`, or an error if the file ends inside it.
llvm::Expected<StringRef> headerText(StringRef file, const Preamble &p) {
  if (file.size() < p.prefix + p.headerLen)
    return fail("truncated .npy header: it announces " +
                llvm::Twine(p.headerLen) + " bytes but the file ends after " +
                llvm::Twine(file.size() - p.prefix));
  return file.substr(p.prefix, p.headerLen);
}

/// Parses one `(d0, d1, ...)` tuple of the header.
llvm::Error parseShape(HeaderParser &p, llvm::SmallVector<int64_t, 4> &shape) {
  if (!p.consume('('))
    return fail("malformed .npy header: shape is not a tuple");
  while (!p.consume(')')) {
    std::optional<int64_t> dim = p.integer();
    if (!dim)
      return fail("malformed .npy header: shape holds a non-integer");
    shape.push_back(*dim);
    if (p.consume(')'))
      break;
    if (!p.consume(','))
      return fail("malformed .npy header: bad shape tuple");
  }
  return llvm::Error::success();
}

/// Parses the header dict into its three keys, each exactly once.
llvm::Error parseDict(StringRef text, std::optional<std::string> &descr,
                      std::optional<bool> &fortran,
                      std::optional<llvm::SmallVector<int64_t, 4>> &shape) {
  HeaderParser p(text);
  if (!p.consume('{'))
    return fail("malformed .npy header: expected a dict, got '" +
                p.remaining().take_front(40) + "'");
  while (!p.consume('}')) {
    std::optional<std::string> key = p.string();
    if (!key || !p.consume(':'))
      return fail("malformed .npy header near '" +
                  p.remaining().take_front(40) + "'");
    bool duplicate = (*key == "descr" && descr) ||
                     (*key == "fortran_order" && fortran) ||
                     (*key == "shape" && shape);
    if (duplicate)
      return fail("malformed .npy header: key '" + *key +
                  "' appears more than once");
    if (*key == "descr") {
      descr = p.string();
      if (!descr)
        return fail(llvm::Twine("unsupported .npy dtype (structured or not a "
                                "string); expected ") +
                    kAcceptedDtypes);
    } else if (*key == "fortran_order") {
      if (p.consumeWord("True"))
        fortran = true;
      else if (p.consumeWord("False"))
        fortran = false;
      else
        return fail("malformed .npy header: fortran_order is not True/False");
    } else if (*key == "shape") {
      if (llvm::Error e = parseShape(p, shape.emplace()))
        return e;
    } else {
      return fail("malformed .npy header: unexpected key '" + *key + "'");
    }
    if (p.consume('}'))
      break;
    if (!p.consume(','))
      return fail("malformed .npy header near '" +
                  p.remaining().take_front(40) + "'");
  }
  return llvm::Error::success();
}

/// The element type of a descr string: the one npyDescr writes for each
/// kind, and "<i1"/"i1" for i8 and "<f8"... as NumPy also writes them.
llvm::Expected<ElementKind> parseDescr(StringRef d, bool &isUnsigned) {
  isUnsigned = false;
  if (d.size() == 3 && d[0] == '>' && d != ">i1" && d != ">u1" && d != ">b1")
    return fail("big-endian data ('" + d +
                "') is not supported; save it little-endian, e.g. "
                "arr.astype('<f4')");
  if (d == "|i1" || d == "<i1" || d == ">i1" || d == "=i1" || d == "i1")
    return ElementKind::I8;
  if (d == "|b1" || d == "<b1" || d == "b1")
    return ElementKind::I1;
  isUnsigned = true;
  if (d == "|u1" || d == "<u1" || d == ">u1" || d == "=u1" || d == "u1")
    return ElementKind::I8;
  if (d == "<u4")
    return ElementKind::I32;
  if (d == "<u8")
    return ElementKind::I64;
  isUnsigned = false;
  for (ElementKind k : {ElementKind::I16, ElementKind::I32, ElementKind::I64,
                        ElementKind::BF16, ElementKind::F16, ElementKind::F32,
                        ElementKind::F64})
    if (d == npyDescr(k))
      return k;
  return fail("unsupported dtype '" + d + "'; expected " + kAcceptedDtypes);
}

/// Parses the preamble and header dict at the start of `file` and derives
/// the data size, which must not exceed `maxDataBytes`.
llvm::Expected<Header> parseHeader(StringRef file, uint64_t maxDataBytes) {
  llvm::Expected<Preamble> pre = parsePreamble(file);
  if (!pre)
    return pre.takeError();
  llvm::Expected<StringRef> text = headerText(file, *pre);
  if (!text)
    return text.takeError();
  std::optional<std::string> descr;
  std::optional<bool> fortran;
  std::optional<llvm::SmallVector<int64_t, 4>> shape;
  if (llvm::Error e = parseDict(*text, descr, fortran, shape))
    return std::move(e);
  if (!descr || !fortran || !shape)
    return fail("malformed .npy header: it needs 'descr', 'fortran_order' and "
                "'shape'");
  Header h;
  h.dataOffset = pre->prefix + pre->headerLen;
  h.descr = *descr;
  llvm::Expected<ElementKind> element = parseDescr(*descr, h.isUnsigned);
  if (!element)
    return element.takeError();
  h.element = *element;
  if (*fortran)
    return fail("Fortran-order arrays are not supported; save a C-order "
                "array (np.ascontiguousarray)");
  for (int64_t dim : *shape) {
    if (dim < 0 || (dim != 0 && h.numElements > INT64_MAX / dim))
      return fail("invalid shape " + formatNpyShape(*shape));
    h.numElements *= dim;
  }
  h.shape = *shape;
  if (__builtin_mul_overflow(uint64_t(h.numElements),
                             uint64_t(npyElementSize(h.element)),
                             &h.dataBytes))
    return fail("invalid shape " + formatNpyShape(*shape));
  if (h.dataBytes > maxDataBytes)
    return fail("the array (shape " + formatNpyShape(h.shape) + ", " +
                llvm::Twine(h.dataBytes) + " bytes) exceeds the memory budget "
                "of " + llvm::Twine(maxDataBytes) + " bytes");
  return h;
}

/// A `|b1` array whose bytes are all 0 or 1 is used in place. Any other
/// byte is True, as NumPy reads it (astype, logical ops, comparisons):
/// such an array is copied with every nonzero byte made 1, so that every
/// op reads the same value.
llvm::Error normaliseBooleans(NpyArray &array) {
  const char *begin = array.data, *end = begin + array.numElements;
  if (std::all_of(begin, end, [](char c) { return c == 0 || c == 1; }))
    return llvm::Error::success();
  StringRef file = array.buffer->getBuffer();
  size_t offset = begin - file.data();
  std::unique_ptr<llvm::WritableMemoryBuffer> copy =
      llvm::WritableMemoryBuffer::getNewUninitMemBuffer(
          file.size(), array.buffer->getBufferIdentifier());
  if (!copy)
    return fail("out of memory copying the boolean array (" +
                llvm::Twine(file.size()) + " bytes) to normalise its bytes");
  char *out = copy->getBufferStart();
  std::memcpy(out, file.data(), offset);
  std::transform(begin, end, out + offset,
                 [](char c) { return char(c != 0); });
  array.data = out + offset;
  array.buffer = std::move(copy);
  return llvm::Error::success();
}

} // namespace

llvm::Expected<NpyArray>
systile::runner::parseNpy(std::unique_ptr<llvm::MemoryBuffer> buffer,
                          uint64_t maxDataBytes) {
  StringRef file = buffer->getBuffer();
  llvm::Expected<Header> h = parseHeader(file, maxDataBytes);
  if (!h)
    return h.takeError();
  uint64_t have = file.size() - h->dataOffset;
  if (have != h->dataBytes)
    return fail("wrong element count: the header announces shape " +
                formatNpyShape(h->shape) + " (" + llvm::Twine(h->numElements) +
                " elements, " + llvm::Twine(h->dataBytes) +
                " bytes) but the file holds " + llvm::Twine(have) +
                " bytes of data" + (have < h->dataBytes ? " (truncated)" : ""));
  NpyArray array;
  array.element = h->element;
  array.isUnsigned = h->isUnsigned;
  array.descr = std::move(h->descr);
  array.shape = std::move(h->shape);
  array.numElements = h->numElements;
  array.data = file.data() + h->dataOffset;
  array.buffer = std::move(buffer);
  if (array.element == ElementKind::I1)
    if (llvm::Error e = normaliseBooleans(array))
      return std::move(e);
  return array;
}

namespace {

/// Appends from `fd` to `bytes` until it holds `total` bytes or the input
/// ends. Memory grows with what actually arrives, in 64 KiB steps.
llvm::Error readUpTo(llvm::sys::fs::file_t fd, std::string &bytes,
                     uint64_t total, StringRef path) {
  constexpr uint64_t kChunk = 64 << 10;
  while (bytes.size() < total) {
    size_t old = bytes.size();
    bytes.resize(old + std::min<uint64_t>(kChunk, total - old));
    llvm::Expected<size_t> n = llvm::sys::fs::readNativeFile(
        fd, llvm::MutableArrayRef<char>(&bytes[old], bytes.size() - old));
    if (!n)
      return fail("cannot read '" + path +
                  "': " + llvm::toString(n.takeError()));
    bytes.resize(old + *n);
    if (*n == 0)
      break;
  }
  return llvm::Error::success();
}

/// Reads a non-regular input (pipe, device) only as far as its header says.
llvm::Expected<NpyArray> readStream(llvm::sys::fs::file_t fd, StringRef path,
                                    uint64_t maxDataBytes) {
  std::string bytes;
  if (llvm::Error e = readUpTo(fd, bytes, 12, path))
    return std::move(e);
  llvm::Expected<Preamble> pre = parsePreamble(bytes);
  if (!pre)
    return pre.takeError();
  if (llvm::Error e = readUpTo(fd, bytes, pre->prefix + pre->headerLen, path))
    return std::move(e);
  llvm::Expected<Header> h = parseHeader(bytes, maxDataBytes);
  if (!h)
    return h.takeError();
  uint64_t total = h->dataOffset + h->dataBytes;
  // One byte more than announced tells an over-long input from an exact one.
  if (llvm::Error e = readUpTo(fd, bytes, total + 1, path))
    return std::move(e);
  if (bytes.size() > total)
    return fail("the input holds more than the " + llvm::Twine(h->dataBytes) +
                " bytes of data its header announces (shape " +
                formatNpyShape(h->shape) + ")");
  return parseNpy(llvm::MemoryBuffer::getMemBufferCopy(bytes, path),
                  maxDataBytes);
}

} // namespace

llvm::Expected<NpyArray> systile::runner::readNpy(StringRef path,
                                                  uint64_t maxDataBytes) {
  llvm::Expected<llvm::sys::fs::file_t> fd =
      llvm::sys::fs::openNativeFileForRead(path);
  if (!fd)
    return fail("cannot read '" + path +
                "': " + llvm::toString(fd.takeError()));
  llvm::scope_exit closeFd(
      [&] { (void)llvm::sys::fs::closeFile(*fd); });
  llvm::sys::fs::file_status status;
  if (std::error_code ec = llvm::sys::fs::status(*fd, status))
    return fail("cannot read '" + path + "': " + ec.message());
  if (status.type() != llvm::sys::fs::file_type::regular_file)
    return readStream(*fd, path, maxDataBytes);
  auto buffer = llvm::MemoryBuffer::getOpenFile(
      *fd, path, status.getSize(), /*RequiresNullTerminator=*/false);
  if (!buffer)
    return fail("cannot read '" + path + "': " + buffer.getError().message());
  return parseNpy(std::move(*buffer), maxDataBytes);
}

void systile::runner::writeNpy(llvm::raw_ostream &os, ElementKind element,
                               llvm::ArrayRef<int64_t> shape,
                               const void *data, bool isUnsigned) {
  std::string header = "{'descr': '";
  header += npyDescr(element, isUnsigned);
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
