// Token files, random secrets and constant-time comparison.
#include "security/secrets.h"

#include <sys/random.h>
#include <sys/stat.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

namespace symmbench {

absl::Status CheckPrivateFile(const std::string& path, const std::string& flag) {
  struct stat st;
  if (stat(path.c_str(), &st) != 0) {
    return absl::NotFoundError(absl::StrCat(flag, " ", path, ": ", std::strerror(errno)));
  }
  if (!S_ISREG(st.st_mode)) {
    return absl::InvalidArgumentError(absl::StrCat(flag, " ", path, ": not a regular file"));
  }
  const mode_t mode = st.st_mode & 07777;
  if ((mode & (S_IRWXO | S_IWGRP)) != 0) {
    return absl::PermissionDeniedError(absl::StrFormat(
        "%s %s: mode %04o lets other users %s it; refusing to use it (chmod 600 %s, or 640 to "
        "share it with the file's group)",
        flag, path, mode, (mode & S_IROTH) != 0 ? "read" : "change", path));
  }
  return absl::OkStatus();
}

absl::StatusOr<std::string> ReadWholeFile(const std::string& path, const std::string& flag) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    return absl::NotFoundError(
        absl::StrCat(flag, " ", path, ": cannot be read (", std::strerror(errno), ")"));
  }
  std::stringstream contents;
  contents << in.rdbuf();
  return contents.str();
}

absl::StatusOr<std::string> ReadTokenFile(const std::string& path, const std::string& flag) {
  if (absl::Status s = CheckPrivateFile(path, flag); !s.ok()) return s;
  absl::StatusOr<std::string> contents = ReadWholeFile(path, flag);
  if (!contents.ok()) return contents.status();
  std::string token = contents->substr(0, contents->find('\n'));
  const size_t first = token.find_first_not_of(" \t\r");
  const size_t last = token.find_last_not_of(" \t\r");
  token = first == std::string::npos ? "" : token.substr(first, last - first + 1);
  for (char c : token) {
    if (c < 0x21 || c > 0x7e) {
      return absl::InvalidArgumentError(
          absl::StrCat(flag, " ", path, ": the token must be printable ASCII without spaces"));
    }
  }
  if (token.size() < kMinTokenLength) {
    return absl::InvalidArgumentError(absl::StrCat(
        flag, " ", path, ": the token has ", token.size(), " characters; use at least ",
        kMinTokenLength, " (e.g. `openssl rand -hex 32`)"));
  }
  return token;
}

absl::StatusOr<std::string> RandomHex(size_t bytes) {
  std::string raw(bytes, '\0');
  size_t got = 0;
  while (got < bytes) {
    const ssize_t n = getrandom(raw.data() + got, bytes - got, 0);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return absl::InternalError(absl::StrCat("getrandom: ", std::strerror(errno)));
    got += static_cast<size_t>(n);
  }
  std::string hex(2 * bytes, '0');
  static constexpr char kDigits[] = "0123456789abcdef";
  for (size_t i = 0; i < bytes; ++i) {
    const auto byte = static_cast<unsigned char>(raw[i]);
    hex[2 * i] = kDigits[byte >> 4];
    hex[2 * i + 1] = kDigits[byte & 0xf];
  }
  return hex;
}

bool ConstantTimeEquals(std::string_view a, std::string_view b) {
  // Every byte of the longer string is visited whatever the contents; only lengths leak.
  const size_t n = a.size() > b.size() ? a.size() : b.size();
  unsigned char diff = a.size() == b.size() ? 0 : 1;
  for (size_t i = 0; i < n; ++i) {
    const unsigned char x = i < a.size() ? static_cast<unsigned char>(a[i]) : 0;
    const unsigned char y = i < b.size() ? static_cast<unsigned char>(b[i]) : 0;
    diff |= static_cast<unsigned char>(x ^ y);
  }
  // Keep the compiler from turning the loop into an early-exit comparison.
  volatile unsigned char result = diff;
  return result == 0;
}

}  // namespace symmbench
