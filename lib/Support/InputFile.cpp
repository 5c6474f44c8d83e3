//===- InputFile.cpp - Reading tool inputs that may never end -------------===//

#include "systile/Support/InputFile.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/ScopeExit.h"
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
    return std::move(*buffer);
  }
  return readStream(fd, isStdin ? "<stdin>" : path, errorMessage);
}
