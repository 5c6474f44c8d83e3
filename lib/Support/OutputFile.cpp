//===- OutputFile.cpp - Tool outputs that never clobber -------------------===//

#include "systile/Support/OutputFile.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Signals.h"

#include <cerrno>
#include <climits>
#include <cstdlib>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace llvm;
using systile::OutputFile;
using systile::OutputSet;

static Error writeError(StringRef path, const Twine &why) {
  return createStringError(inconvertibleErrorCode(),
                           "cannot write '" + path + "': " + why);
}

static Error writeError(StringRef path, std::error_code ec) {
  return writeError(path, ec.message());
}

/// The destination of `path`: the path itself, or a symbolic link's
/// resolved target. Fills `st` (stat of the destination) and `exists`.
static Expected<std::string> resolveDestination(StringRef path,
                                                struct stat &st,
                                                bool &exists) {
  std::string p = path.str();
  if (::lstat(p.c_str(), &st) != 0) {
    if (errno != ENOENT)
      return writeError(path, std::error_code(errno, std::generic_category()));
    exists = false;
    return p;
  }
  exists = true;
  if (!S_ISLNK(st.st_mode))
    return p;
  char resolved[PATH_MAX];
  if (!::realpath(p.c_str(), resolved) || ::stat(resolved, &st) != 0)
    return writeError(path, "it is a symbolic link whose target cannot be "
                            "resolved (" +
                                std::error_code(errno, std::generic_category())
                                    .message() +
                                ")");
  return std::string(resolved);
}

/// Opens a character device or a FIFO for writing through.
static Expected<int> openThrough(StringRef path, StringRef dest, bool fifo) {
  // A FIFO opened for writing blocks until a reader comes; O_NONBLOCK makes
  // "no reader" an immediate ENXIO instead of a hang.
  int fd = ::open(dest.str().c_str(),
                  O_WRONLY | O_CLOEXEC | (fifo ? O_NONBLOCK : 0));
  if (fd < 0) {
    if (fifo && errno == ENXIO)
      return writeError(path, "it is a FIFO with no reader");
    return writeError(path, std::error_code(errno, std::generic_category()));
  }
  if (fifo)
    ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK);
  return fd;
}

Expected<std::unique_ptr<OutputFile>> OutputFile::open(StringRef path) {
  std::unique_ptr<OutputFile> out(new OutputFile());
  out->userPath = path.str();
  if (path == "-") {
    std::error_code ec;
    out->stream = std::make_unique<raw_fd_ostream>("-", ec);
    if (ec)
      return writeError(path, ec);
    out->destPath = "-";
    return std::move(out);
  }
  if (path.empty())
    return createStringError(inconvertibleErrorCode(),
                             "an output path must not be empty");

  struct stat st = {};
  bool exists = false;
  Expected<std::string> dest = resolveDestination(path, st, exists);
  if (!dest)
    return dest.takeError();
  out->destPath = *dest;

  if (exists && !S_ISREG(st.st_mode)) {
    if (S_ISDIR(st.st_mode))
      return writeError(path, "it is a directory");
    if (S_ISBLK(st.st_mode))
      return writeError(path, "it is a block device (refused: an output "
                              "is never written onto a disk)");
    if (!S_ISCHR(st.st_mode) && !S_ISFIFO(st.st_mode))
      return writeError(path, "it is neither a regular file, a character "
                              "device nor a FIFO");
    Expected<int> fd = openThrough(path, *dest, S_ISFIFO(st.st_mode));
    if (!fd)
      return fd.takeError();
    out->stream = std::make_unique<raw_fd_ostream>(*fd, /*shouldClose=*/true);
    return std::move(out);
  }

  // A regular file, or none yet: stage beside the destination.
  int fd;
  SmallString<256> staging;
  if (std::error_code ec = sys::fs::createUniqueFile(*dest + ".tmp-%%%%%%", fd,
                                                     staging))
    return writeError(path, ec);
  out->stagingPath = staging.str().str();
  sys::RemoveFileOnSignal(out->stagingPath);
  // The replacement keeps the old file's permission bits; a new file gets
  // the usual 0666 less the umask.
  mode_t mode = st.st_mode & 07777;
  if (!exists) {
    mode_t mask = ::umask(0);
    ::umask(mask);
    mode = 0666 & ~mask;
  }
  ::fchmod(fd, mode);
  out->stream = std::make_unique<raw_fd_ostream>(fd, /*shouldClose=*/true);
  return std::move(out);
}

OutputFile::~OutputFile() {
  stream.reset();
  if (!committed && !stagingPath.empty()) {
    sys::fs::remove(stagingPath);
    sys::DontRemoveFileOnSignal(stagingPath);
  }
}

Error OutputFile::finishWriting() {
  auto *fdStream = static_cast<raw_fd_ostream *>(stream.get());
  fdStream->flush();
  if (destPath != "-")
    fdStream->close();
  if (fdStream->has_error()) {
    std::error_code ec = fdStream->error();
    fdStream->clear_error();
    return writeError(userPath, ec);
  }
  return Error::success();
}

void OutputFile::markCommitted() {
  committed = true;
  if (!stagingPath.empty())
    sys::DontRemoveFileOnSignal(stagingPath);
}

Error OutputFile::commit() {
  if (Error err = finishWriting())
    return err;
  if (isStaged())
    if (std::error_code ec = sys::fs::rename(stagingPath, destPath))
      return writeError(userPath, ec);
  markCommitted();
  return Error::success();
}

//===----------------------------------------------------------------------===//
// OutputSet
//===----------------------------------------------------------------------===//

OutputSet::~OutputSet() {
  files.clear();
  for (const std::string &backup : backups) {
    sys::fs::remove(backup);
    sys::DontRemoveFileOnSignal(backup);
  }
}

Expected<OutputFile &> OutputSet::add(StringRef path) {
  Expected<std::unique_ptr<OutputFile>> file = OutputFile::open(path);
  if (!file)
    return file.takeError();
  if ((*file)->isStaged())
    for (const std::unique_ptr<OutputFile> &other : files)
      if (other->isStaged() && other->destination() == (*file)->destination())
        return createStringError(inconvertibleErrorCode(),
                                 "outputs '" + other->path() + "' and '" +
                                     path + "' name the same file");
  files.push_back(std::move(*file));
  return *files.back();
}

Error OutputSet::commit() {
  for (std::unique_ptr<OutputFile> &file : files)
    if (Error err = file->finishWriting())
      return err;
  // Keep a hard link to every old file until all renames succeeded, so a
  // failed rename can put back the ones already replaced.
  SmallVector<std::string> restore(files.size());
  SmallVector<bool> isNew(files.size(), false);
  for (auto [i, file] : llvm::enumerate(files)) {
    if (!file->isStaged())
      continue;
    if (!sys::fs::exists(file->destination())) {
      isNew[i] = true;
      continue;
    }
    SmallString<256> backup;
    if (sys::fs::getPotentiallyUniqueFileName(file->destination() +
                                                  ".old-%%%%%%",
                                              backup))
      continue;
    if (sys::fs::create_hard_link(file->destination(), backup))
      continue;
    sys::RemoveFileOnSignal(backup);
    backups.push_back(backup.str().str());
    restore[i] = backup.str().str();
  }
  for (auto [i, file] : llvm::enumerate(files)) {
    if (!file->isStaged())
      continue;
    if (std::error_code ec =
            sys::fs::rename(file->staging(), file->destination())) {
      for (size_t j = 0; j < i; ++j) {
        if (!restore[j].empty())
          sys::fs::rename(restore[j], files[j]->destination());
        else if (isNew[j])
          sys::fs::remove(files[j]->destination());
      }
      return writeError(file->path(), ec);
    }
    file->markCommitted();
  }
  for (std::unique_ptr<OutputFile> &file : files)
    file->markCommitted();
  return Error::success();
}
