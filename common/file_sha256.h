// FileSha256: a file's content hash, to tell one build of a library from another.
#pragma once

#include <string>

#include "absl/status/statusor.h"

namespace symmbench {

// SHA-256 of the file at `path` (OpenSSL's libcrypto), as 64 lowercase hex digits. INTERNAL
// naming the file when it cannot be read.
absl::StatusOr<std::string> FileSha256(const std::string& path);

}  // namespace symmbench
