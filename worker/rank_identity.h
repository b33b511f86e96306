// Who this rank is, for the job's record (v1::RankIdentity): process, host, device, memory and
// the environment variables that change results.
#pragma once

#include <string>
#include <vector>

#include "kernels/backend.h"
#include "proto/symmbench.pb.h"

namespace symmbench {

// "NAME=value" entries of `environment` (as `environ`: null-terminated) whose name starts with
// NCCL_, CUDA_, NVSHMEM_, TORCH_, SYMMBENCH_ or OMP_, sorted, at most 64 of them, each at most
// 4096 characters (longer values cut). A variable named *TOKEN*, *SECRET*, *PASSWORD* or *KEY*
// keeps its name with the value replaced by "<hidden>".
std::vector<std::string> ResultEnvironment(const char* const* environment);

// This process as rank `rank` on `host` and `device` of `backend` (DeviceIdentity measured now).
v1::RankIdentity ThisRankIdentity(int rank, const std::string& host, int device,
                                  const Backend& backend);

}  // namespace symmbench
