//===- OutputFile.h - Tool outputs that never clobber -----------*- C++ -*-===//
//
// The one way a systile tool writes an output file. What a path names
// decides how it is written:
//
//   "-"                      standard output;
//   a regular file, or none  staged beside it (`NAME.tmp-XXXXXX`, same
//                            directory, the old file's permissions) and
//                            renamed over it on commit, so a failed or
//                            interrupted run leaves the old file as it was;
//   a symbolic link          its target, by the rules above (the link is
//                            kept); a dangling link is an error;
//   a character device or    written through (a device cannot be staged);
//   a FIFO                   a FIFO with no reader is an error, not a wait;
//   a directory, a block     an error naming the path.
//   device or a socket
//
// Staging files are removed on SIGINT/SIGTERM (llvm::sys::RemoveFileOnSignal)
// and when the object is destroyed uncommitted. Errors are returned, never
// printed: the tool decides.
//
//===----------------------------------------------------------------------===//

#ifndef SYSTILE_SUPPORT_OUTPUTFILE_H
#define SYSTILE_SUPPORT_OUTPUTFILE_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <memory>
#include <string>

namespace systile {

/// One output of a tool: open, write to os(), then commit(). Destroyed
/// without a commit, it leaves the destination untouched.
class OutputFile {
public:
  /// Opens `path` for writing by the rules in the file comment.
  static llvm::Expected<std::unique_ptr<OutputFile>> open(llvm::StringRef path);

  ~OutputFile();
  OutputFile(const OutputFile &) = delete;
  OutputFile &operator=(const OutputFile &) = delete;

  llvm::raw_ostream &os() { return *stream; }
  /// The path as the user gave it (for messages).
  llvm::StringRef path() const { return userPath; }

  /// Flushes the stream; a regular destination then gets the staged file
  /// renamed over it. Errors (a failed write, a failed rename) leave the
  /// old file as it was.
  llvm::Error commit();

  /// For OutputSet: flushes and checks the stream without renaming.
  llvm::Error finishWriting();
  /// For OutputSet: whether commit() renames (a staged regular file).
  bool isStaged() const { return !stagingPath.empty(); }
  llvm::StringRef destination() const { return destPath; }
  llvm::StringRef staging() const { return stagingPath; }
  void markCommitted();

private:
  OutputFile() = default;

  std::string userPath;
  std::string destPath;    // The file the output replaces (links resolved).
  std::string stagingPath; // Empty when written through.
  std::unique_ptr<llvm::raw_ostream> stream;
  bool committed = false;
};

/// Several outputs that appear together or not at all: each is staged, and
/// commit() renames every staged file over its destination only after all
/// were written, restoring the old files if a rename fails. Outputs written
/// through (stdout, devices, FIFOs) are written when added.
class OutputSet {
public:
  OutputSet() = default;
  ~OutputSet();
  OutputSet(const OutputSet &) = delete;
  OutputSet &operator=(const OutputSet &) = delete;

  /// Opens `path` (OutputFile::open's rules); write to the result's os().
  /// Two outputs naming one file are an error.
  llvm::Expected<OutputFile &> add(llvm::StringRef path);

  /// Finishes every stream, then renames the staged files.
  llvm::Error commit();

private:
  llvm::SmallVector<std::unique_ptr<OutputFile>> files;
  llvm::SmallVector<std::string> backups; // Hard links, removed at the end.
};

} // namespace systile

#endif // SYSTILE_SUPPORT_OUTPUTFILE_H
