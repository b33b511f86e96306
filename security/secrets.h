// Secrets of the service: the bearer token read from a file only its owner (or group) may
// read, per-job secrets from the kernel's random source, and comparison in constant time.
#pragma once

#include <string>
#include <string_view>

#include "absl/status/status.h"
#include "absl/status/statusor.h"

namespace symmbench {

// gRPC metadata carrying the bearer token: "authorization: Bearer <token>".
inline constexpr char kAuthorizationHeader[] = "authorization";
inline constexpr char kBearerPrefix[] = "Bearer ";
// gRPC metadata carrying a job's secret on the workers' Store and WorkerReport calls.
inline constexpr char kJobSecretHeader[] = "x-symmbench-job-secret";
// Environment variable through which the launcher hands a job's secret to its workers
// (environment, not argv: another user can read a process's argv in /proc, not its environ).
inline constexpr char kJobSecretEnv[] = "SYMMBENCH_JOB_SECRET";
// Shortest bearer token accepted.
inline constexpr size_t kMinTokenLength = 16;

// OK when `path` is a regular file that other users cannot read or write and its group
// cannot write (ssh's rule for private keys, group read allowed so a group of users can
// share a token). Errors name `flag` and the path, and say how to fix the mode.
absl::Status CheckPrivateFile(const std::string& path, const std::string& flag);

// The token in `path` (CheckPrivateFile, then the first line with surrounding whitespace
// removed): at least kMinTokenLength printable ASCII characters without spaces.
// INVALID_ARGUMENT / NOT_FOUND / PERMISSION_DENIED naming `flag`.
absl::StatusOr<std::string> ReadTokenFile(const std::string& path, const std::string& flag);

// The whole file (certificates, keys). NOT_FOUND naming `flag` when it cannot be read.
absl::StatusOr<std::string> ReadWholeFile(const std::string& path, const std::string& flag);

// `bytes` random bytes from getrandom(2), hex encoded (2 * bytes characters).
absl::StatusOr<std::string> RandomHex(size_t bytes);

// a == b, in time that depends only on the lengths.
bool ConstantTimeEquals(std::string_view a, std::string_view b);

}  // namespace symmbench
