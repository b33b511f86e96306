// What a binary was built from, for --version: the product version, the git revision, the build
// time and the CUDA and NCCL versions of the headers it was compiled against.
#pragma once

#include <string>

namespace symmbench {

// The product's version (the API package stays symmbench.v1).
inline constexpr char kVersion[] = "0.16.0";

struct BuildInfo {
  std::string version;       // kVersion
  std::string git_revision;  // e.g. "b3b19d9a1c2e" or "b3b19d9a1c2e-dirty"; "unknown"
  std::string build_time;    // e.g. "2026-11-23 15:04 UTC" (when that revision was built)
  std::string cuda_version;  // CUDA toolkit headers, e.g. "13.0"
  std::string nccl_version;  // NCCL headers, e.g. "2.28.9"
};

BuildInfo GetBuildInfo();

// "symmbenchd 0.16.0 (git b3b19d9a1c2e, built 2026-11-23 15:04 UTC; CUDA 13.0, NCCL 2.28.9)".
std::string VersionText(const std::string& program);

}  // namespace symmbench
