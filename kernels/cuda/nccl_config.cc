// NcclConfig: the NCCL version and the NCCL_* environment.
#include "kernels/cuda/nccl_config.h"

#include <nccl.h>

#include <algorithm>
#include <cstring>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

extern char** environ;  // POSIX

namespace symmbench {

std::string NcclConfig() {
  int version = 0;
  std::string text = "nccl unknown";
  if (ncclGetVersion(&version) == ncclSuccess) {
    // NCCL_VERSION_CODE since 2.9: major * 10000 + minor * 100 + patch.
    text = absl::StrCat("nccl ", version / 10000, ".", version / 100 % 100, ".", version % 100);
  }
  std::vector<std::string> variables;
  for (char** entry = environ; entry != nullptr && *entry != nullptr; ++entry) {
    const std::string variable = *entry;
    // Logging, and the version a container image announces (NVIDIA's set NCCL_VERSION,
    // which need not be the library loaded): nothing NCCL runs depends on them.
    if (!absl::StartsWith(variable, "NCCL_") || absl::StartsWith(variable, "NCCL_DEBUG") ||
        absl::StartsWith(variable, "NCCL_VERSION=")) {
      continue;
    }
    variables.push_back(variable);
  }
  std::sort(variables.begin(), variables.end());
  if (!variables.empty()) absl::StrAppend(&text, " ", absl::StrJoin(variables, " "));
  return text;
}

}  // namespace symmbench
