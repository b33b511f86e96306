// Byte sizes as users type them on the command line: plain bytes or a K/M/G suffix (powers of
// 1024), e.g. "2048", "2K", "64M", "1G"; comma-separated lists of them; and the reverse.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace symmbench::client {

// Parses one size: decimal digits, then optionally a suffix K, M, G or T (case-insensitive,
// 1024^1..1024^4), optionally followed by "B" or "iB" ("64M", "64MB", "64MiB" are equal).
// INVALID_ARGUMENT starting with `flag` (e.g. "--max-bytes") for empty, negative, malformed
// or overflowing input.
absl::StatusOr<int64_t> ParseSize(absl::string_view text, absl::string_view flag);

// Parses a comma-separated list of sizes ("2K,64K,1M"); blanks around items are ignored.
// INVALID_ARGUMENT starting with `flag` for an empty list or item, naming the bad item.
absl::StatusOr<std::vector<int64_t>> ParseSizeList(absl::string_view text, absl::string_view flag);

// The shortest exact spelling of a size: 67108864 -> "64M", 3072 -> "3K", 1000 -> "1000".
std::string FormatSize(int64_t bytes);

}  // namespace symmbench::client
