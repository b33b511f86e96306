// FileSha256 over OpenSSL's EVP digest interface.
#include "common/file_sha256.h"

#include <openssl/evp.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <memory>
#include <vector>

#include "absl/strings/escaping.h"
#include "absl/strings/str_cat.h"

namespace symmbench {

absl::StatusOr<std::string> FileSha256(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    return absl::InternalError(absl::StrCat("cannot read ", path, ": ", std::strerror(errno)));
  }
  std::unique_ptr<EVP_MD_CTX, decltype(&EVP_MD_CTX_free)> ctx(EVP_MD_CTX_new(), EVP_MD_CTX_free);
  if (ctx == nullptr || EVP_DigestInit_ex(ctx.get(), EVP_sha256(), nullptr) != 1) {
    return absl::InternalError("SHA-256: cannot set up OpenSSL's digest");
  }
  std::vector<char> buffer(1 << 16);
  while (in) {
    in.read(buffer.data(), static_cast<std::streamsize>(buffer.size()));
    if (in.gcount() > 0 &&
        EVP_DigestUpdate(ctx.get(), buffer.data(), static_cast<size_t>(in.gcount())) != 1) {
      return absl::InternalError(absl::StrCat("SHA-256 of ", path, ": the digest failed"));
    }
  }
  if (in.bad()) return absl::InternalError(absl::StrCat("cannot read ", path, " to its end"));
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int length = 0;
  if (EVP_DigestFinal_ex(ctx.get(), digest, &length) != 1) {
    return absl::InternalError(absl::StrCat("SHA-256 of ", path, ": the digest failed"));
  }
  return absl::BytesToHexString(absl::string_view(reinterpret_cast<const char*>(digest), length));
}

}  // namespace symmbench
