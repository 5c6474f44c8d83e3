//===- InputFile.cpp - Reading tool inputs that may never end -------------===//

#include "systile/Support/InputFile.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"

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

/// The first place where MLIR text nests brackets deeper than
/// kMaxInputNesting, as "NAME:LINE:COL: error: ..." (empty when it does
/// not). MLIR's parser recurses once per nested region, attribute or type,
/// so a deep enough input overflows its stack; the scan runs before it.
/// Strings and comments are skipped; `>` of `->` closes nothing.
std::string findDeepNesting(StringRef text, StringRef name) {
  unsigned depth = 0, line = 1, col = 0;
  bool inString = false, inComment = false;
  for (size_t i = 0, e = text.size(); i < e; ++i) {
    char c = text[i];
    ++col;
    if (c == '\n') {
      ++line;
      col = 0;
      inComment = false;
      continue;
    }
    if (inComment)
      continue;
    if (inString) {
      if (c == '\\')
        ++i, ++col;
      else if (c == '"')
        inString = false;
      continue;
    }
    switch (c) {
    case '"':
      inString = true;
      break;
    case '/':
      inComment = i + 1 < e && text[i + 1] == '/';
      break;
    case '{':
    case '(':
    case '[':
    case '<':
      if (++depth > systile::kMaxInputNesting)
        return (name + ":" + Twine(line) + ":" + Twine(col) +
                ": error: brackets nest deeper than " +
                Twine(systile::kMaxInputNesting) +
                " levels here (regions, attributes and types); the parser "
                "would run out of stack")
            .str();
      break;
    case '>':
      if (i > 0 && text[i - 1] == '-')
        break;
      [[fallthrough]];
    case '}':
    case ')':
    case ']':
      depth = depth ? depth - 1 : 0;
      break;
    default:
      break;
    }
  }
  return "";
}

/// "NAME:LINE:COL" of `offset` in `text`.
std::string locationOf(StringRef text, size_t offset, StringRef name) {
  StringRef before = text.take_front(offset);
  size_t line = before.count('\n') + 1;
  size_t lineStart = before.rfind('\n');
  size_t col = offset - (lineStart == StringRef::npos ? 0 : lineStart + 1) + 1;
  return (name + ":" + Twine(line) + ":" + Twine(col)).str();
}

/// The first hex blob of the file metadata (`{-# dialect_resources ... #-}`)
/// whose alignment (its first four bytes, little-endian) is not a power of
/// two up to kMaxBlobAlignment, as "NAME:LINE:COL: error: ..." (empty when
/// there is none). Upstream's parser allocates the blob with that alignment
/// unchecked, and alignment 0 aborts it.
std::string findBadBlobAlignment(StringRef text, StringRef name) {
  size_t metadata = text.find("{-#");
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

/// `buffer` unless it is text that upstream's parser cannot be given safely
/// (then null, with the message).
std::unique_ptr<MemoryBuffer>
checkText(std::unique_ptr<MemoryBuffer> buffer, std::string *errorMessage) {
  if (!buffer || buffer->getBuffer().starts_with(kBytecodeMagic))
    return buffer;
  std::string problem = systile::findTextParserHazard(
      buffer->getBuffer(), buffer->getBufferIdentifier());
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

std::string systile::findTextParserHazard(StringRef text, StringRef name) {
  std::string problem = findDeepNesting(text, name);
  if (problem.empty())
    problem = findBadBlobAlignment(text, name);
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
    return checkText(std::move(*buffer), errorMessage);
  }
  return checkText(readStream(fd, isStdin ? "<stdin>" : path, errorMessage),
                   errorMessage);
}
