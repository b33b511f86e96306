// SingleRankRendezvous: the Rendezvous of a one-rank job, for single-GPU tests (a CUDA backend
// cannot be tested with several ranks in one process: cudaIpc handles do not open there).
#pragma once

#include <set>
#include <string>
#include <vector>

#include "kernels/rendezvous.h"

namespace symmbench {

// A job of one rank: AllGather returns the caller's value; tags must be unique per call.
class SingleRankRendezvous final : public Rendezvous {
 public:
  int rank() const override { return 0; }
  int world_size() const override { return 1; }
  absl::StatusOr<std::vector<std::string>> AllGather(const std::string& tag,
                                                     const std::string& value) override {
    if (!tags_.insert(tag).second) return absl::InvalidArgumentError("tag reused: " + tag);
    return std::vector<std::string>{value};
  }
  absl::Status Barrier(const std::string& tag) override {
    if (!tags_.insert(tag).second) return absl::InvalidArgumentError("tag reused: " + tag);
    return absl::OkStatus();
  }

 private:
  std::set<std::string> tags_;
};

}  // namespace symmbench
