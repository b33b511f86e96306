// Rendezvous: how the ranks of one job exchange small values (NCCL unique id, symmetric-memory
// handles) and meet at barriers. The worker implements it over the coordinator's Store; tests
// implement it in process.
#pragma once

#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"

namespace symmbench {

class Rendezvous {
 public:
  virtual ~Rendezvous() = default;
  virtual int rank() const = 0;
  virtual int world_size() const = 0;
  // Every rank contributes `value`; returns all ranks' values in rank order. `tag` must be
  // unique per call within a job. DEADLINE_EXCEEDED naming the missing ranks on timeout.
  virtual absl::StatusOr<std::vector<std::string>> AllGather(const std::string& tag,
                                                             const std::string& value) = 0;
  // Drops this rank's value of AllGather `tag`. Safe once this rank has completed a later
  // AllGather: every rank has then posted to it, so has finished reading `tag`. Lets a long
  // series of AllGathers hold at most two rounds. A no-op where rounds are freed anyway.
  virtual absl::Status Forget(const std::string& /*tag*/) { return absl::OkStatus(); }
  // Returns once every rank has entered the barrier `tag` (unique per call).
  virtual absl::Status Barrier(const std::string& tag) = 0;
};

}  // namespace symmbench
