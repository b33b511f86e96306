// Parsing and formatting of byte sizes with K/M/G suffixes (powers of 1024) for the CLI.
// Errors start with the flag name so the user sees which option was wrong.
#include "client/sizes.h"

#include <cctype>
#include <limits>

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"

namespace symmbench::client {
namespace {

constexpr char kSizeHelp[] = "expected bytes with an optional K, M or G suffix, e.g. 2048, 2K, 64M";

absl::Status BadSize(absl::string_view text, absl::string_view flag, absl::string_view why) {
  return absl::InvalidArgumentError(
      absl::StrCat(flag, ": invalid size \"", text, "\": ", why, " (", kSizeHelp, ")"));
}

// log2 of the multiplier for a suffix letter, or -1 when `c` is not one.
int SuffixShift(char c) {
  switch (std::toupper(static_cast<unsigned char>(c))) {
    case 'K':
      return 10;
    case 'M':
      return 20;
    case 'G':
      return 30;
    case 'T':
      return 40;
    default:
      return -1;
  }
}

}  // namespace

absl::StatusOr<int64_t> ParseSize(absl::string_view text, absl::string_view flag) {
  const absl::string_view s = absl::StripAsciiWhitespace(text);
  if (s.empty()) return BadSize(text, flag, "empty");
  if (s[0] == '-') return BadSize(text, flag, "must not be negative");

  size_t pos = 0;
  int64_t value = 0;
  constexpr int64_t kMax = std::numeric_limits<int64_t>::max();
  while (pos < s.size() && absl::ascii_isdigit(static_cast<unsigned char>(s[pos]))) {
    const int digit = s[pos] - '0';
    if (value > (kMax - digit) / 10) return BadSize(text, flag, "too large");
    value = value * 10 + digit;
    ++pos;
  }
  if (pos == 0) return BadSize(text, flag, "does not start with a number");

  int shift = 0;
  absl::string_view rest = s.substr(pos);
  if (!rest.empty()) {
    shift = SuffixShift(rest[0]);
    if (shift < 0) return BadSize(text, flag, absl::StrCat("unknown suffix \"", rest, "\""));
    rest.remove_prefix(1);
    if (absl::EqualsIgnoreCase(rest, "b") || absl::EqualsIgnoreCase(rest, "ib")) rest = {};
    if (!rest.empty()) {
      return BadSize(text, flag, absl::StrCat("unknown suffix \"", s.substr(pos), "\""));
    }
  }
  if (shift > 0 && value > (kMax >> shift)) return BadSize(text, flag, "too large");
  return value << shift;
}

absl::StatusOr<std::vector<int64_t>> ParseSizeList(absl::string_view text, absl::string_view flag) {
  if (absl::StripAsciiWhitespace(text).empty()) {
    return absl::InvalidArgumentError(absl::StrCat(flag, ": empty size list"));
  }
  std::vector<int64_t> sizes;
  for (absl::string_view item : absl::StrSplit(text, ',')) {
    absl::StatusOr<int64_t> size = ParseSize(item, flag);
    if (!size.ok()) return size.status();
    sizes.push_back(*size);
  }
  return sizes;
}

std::string FormatSize(int64_t bytes) {
  static constexpr char kSuffixes[] = {'T', 'G', 'M', 'K'};
  if (bytes > 0) {
    int shift = 40;
    for (char suffix : kSuffixes) {
      const int64_t unit = int64_t{1} << shift;
      if (bytes % unit == 0) return absl::StrCat(bytes / unit, std::string(1, suffix));
      shift -= 10;
    }
  }
  return absl::StrCat(bytes);
}

}  // namespace symmbench::client
