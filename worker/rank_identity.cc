// This rank's identity for the job's record.
#include "worker/rank_identity.h"

#include <unistd.h>

#include <algorithm>
#include <array>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"

extern char** environ;

namespace symmbench {
namespace {

constexpr size_t kMaxEntries = 64;
constexpr size_t kMaxEntryLength = 4096;

}  // namespace

std::vector<std::string> ResultEnvironment(const char* const* environment) {
  static constexpr std::array<const char*, 6> kPrefixes = {"NCCL_",  "CUDA_",      "NVSHMEM_",
                                                           "TORCH_", "SYMMBENCH_", "OMP_"};
  static constexpr std::array<const char*, 4> kSecrets = {"TOKEN", "SECRET", "PASSWORD", "KEY"};
  std::vector<std::string> entries;
  for (const char* const* e = environment; e != nullptr && *e != nullptr; ++e) {
    const std::string entry = *e;
    const size_t eq = entry.find('=');
    if (eq == std::string::npos) continue;
    const std::string name = entry.substr(0, eq);
    if (std::none_of(kPrefixes.begin(), kPrefixes.end(),
                     [&](const char* p) { return absl::StartsWith(name, p); })) {
      continue;
    }
    const std::string upper = absl::AsciiStrToUpper(name);
    const bool secret = std::any_of(kSecrets.begin(), kSecrets.end(), [&](const char* word) {
      return absl::StrContains(upper, word);
    });
    entries.push_back(secret ? name + "=<hidden>" : entry.substr(0, kMaxEntryLength));
  }
  std::sort(entries.begin(), entries.end());
  if (entries.size() > kMaxEntries) entries.resize(kMaxEntries);
  return entries;
}

v1::RankIdentity ThisRankIdentity(int rank, const std::string& host, int device,
                                  const Backend& backend) {
  const DeviceIdentity device_identity = backend.device_identity();
  v1::RankIdentity identity;
  identity.set_rank(rank);
  identity.set_host(host);
  identity.set_pid(static_cast<int>(getpid()));
  identity.set_device(device);
  identity.set_bus_id(device_identity.bus_id);
  identity.set_device_name(device_identity.name);
  identity.set_memory_used_bytes(device_identity.memory_used_bytes);
  for (std::string& entry : ResultEnvironment(environ)) identity.add_env(std::move(entry));
  return identity;
}

}  // namespace symmbench
