// Quoting what a request said back in an error message, bounded: a refusal must not grow with
// the input that caused it (a 1 MiB job id echoed whole pushes the status past the client's
// metadata limit, and the client then shows that instead of the refusal).
#pragma once

#include <cstddef>
#include <string>

#include "absl/strings/string_view.h"

namespace symmbench {

// At most this many bytes of a quoted value appear in a message.
inline constexpr size_t kMaxQuotedBytes = 64;

// "\"value\"" when value has at most kMaxQuotedBytes bytes; else its first bytes (cut at a
// UTF-8 character boundary), "...\"" and the whole length: "\"abc...\" (1048576 bytes)".
std::string Quote(absl::string_view value);

// `value` itself when it has at most kMaxQuotedBytes bytes (an id, unquoted as usual), else
// Quote(value).
std::string ShortName(absl::string_view value);

// `message` cut (at a UTF-8 character boundary) so that, with "... (N bytes in all)" appended
// when cut, it has at most `max_bytes` bytes: the last guard before a status leaves the process.
std::string BoundedMessage(absl::string_view message, size_t max_bytes = 2048);

}  // namespace symmbench
