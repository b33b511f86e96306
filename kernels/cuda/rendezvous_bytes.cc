// Hex-encoded AllGather of fixed-size binary records.
#include "kernels/cuda/rendezvous_bytes.h"

#include <utility>

#include "absl/status/status.h"
#include "absl/strings/escaping.h"
#include "absl/strings/str_cat.h"

namespace symmbench {
namespace {

bool IsHex(const std::string& s) {
  for (const char c : s) {
    const bool hex = (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
    if (!hex) return false;
  }
  return true;
}

}  // namespace

absl::StatusOr<std::vector<std::string>> AllGatherBytes(Rendezvous* rendezvous,
                                                        const std::string& tag, const void* data,
                                                        size_t size) {
  if (rendezvous == nullptr) {
    return absl::InvalidArgumentError(absl::StrCat(tag, ": rendezvous is null"));
  }
  const std::string encoded =
      absl::BytesToHexString(absl::string_view(static_cast<const char*>(data), size));
  absl::StatusOr<std::vector<std::string>> gathered = rendezvous->AllGather(tag, encoded);
  if (!gathered.ok()) {
    return absl::Status(gathered.status().code(),
                        absl::StrCat("AllGather(", tag, "): ", gathered.status().message()));
  }
  if (static_cast<int>(gathered->size()) != rendezvous->world_size()) {
    return absl::InternalError(absl::StrCat("AllGather(", tag, "): got ", gathered->size(),
                                            " values for world size ", rendezvous->world_size()));
  }
  std::vector<std::string> records;
  records.reserve(gathered->size());
  for (size_t r = 0; r < gathered->size(); ++r) {
    const std::string& value = (*gathered)[r];
    if (value.size() != 2 * size || !IsHex(value)) {
      return absl::InvalidArgumentError(
          absl::StrCat("AllGather(", tag, "): rank ", r, " sent a malformed record (", value.size(),
                       " characters, want ", 2 * size, " hex digits)"));
    }
    records.push_back(absl::HexStringToBytes(value));
  }
  return records;
}

}  // namespace symmbench
