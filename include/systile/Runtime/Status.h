//===- Status.h - Error values for the runtime library ----------*- C++ -*-===//
//
// The runtime is built without exceptions and must be embeddable without
// LLVM, so fallible functions return a `Status` or an `Expected<T>`: either a
// value or a human-readable message saying what is wrong and what would be
// valid. Nothing in the runtime asserts or aborts on user input.
//
//===----------------------------------------------------------------------===//

#ifndef SYSTILE_RUNTIME_STATUS_H
#define SYSTILE_RUNTIME_STATUS_H

#include <optional>
#include <string>
#include <utility>

namespace systile::rt {

/// An error message; wrapped so that `Expected<std::string>` is unambiguous.
struct Error {
  std::string message;
  explicit Error(std::string message) : message(std::move(message)) {}
};

/// Success, or an error with a message.
class [[nodiscard]] Status {
public:
  Status() = default;
  Status(Error error) : message_(std::move(error.message)), failed_(true) {}

  static Status success() { return Status(); }
  static Status error(std::string message) {
    return Status(Error(std::move(message)));
  }

  bool ok() const { return !failed_; }
  explicit operator bool() const { return ok(); }
  /// The error message; empty on success.
  const std::string &message() const { return message_; }

private:
  std::string message_;
  bool failed_ = false;
};

/// A value of type T, or an error message.
template <typename T> class [[nodiscard]] Expected {
public:
  Expected(T value) : value_(std::move(value)) {}
  Expected(Error error) : error_(std::move(error.message)) {}
  /// Converts a failed Status into a failed Expected. Passing a successful
  /// Status is a programming error and yields a failed Expected that says so.
  Expected(const Status &status)
      : error_(status.ok() ? std::string("internal error: Expected<T> built "
                                         "from a successful Status")
                           : status.message()) {}

  bool ok() const { return value_.has_value(); }
  explicit operator bool() const { return ok(); }

  /// The error message; empty on success.
  const std::string &error() const { return error_; }
  Status status() const {
    return ok() ? Status::success() : Status::error(error_);
  }

  T &operator*() & { return *value_; }
  const T &operator*() const & { return *value_; }
  T &&operator*() && { return std::move(*value_); }
  T *operator->() { return &*value_; }
  const T *operator->() const { return &*value_; }
  T &value() & { return *value_; }
  const T &value() const & { return *value_; }
  /// Moves the value out; only valid when ok().
  T take() { return std::move(*value_); }

private:
  std::optional<T> value_;
  std::string error_;
};

} // namespace systile::rt

#endif // SYSTILE_RUNTIME_STATUS_H
