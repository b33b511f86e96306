// Rendezvous: how the ranks of one job exchange small values (NCCL unique id, symmetric-memory
// handles) and meet at barriers. The worker implements it over the coordinator's Store; tests
// implement it in process.
#pragma once

#include <map>
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

  // `base` made unique among this rendezvous' earlier calls: `base` itself the first time,
  // then "base#1", "base#2"... Every rank gets the same tag when the ranks ask in the same
  // order, as they create and set up a job's collectives: two collectives that set up memory
  // of their own (an A/B job's two push one-shots, two builds of one plugin) name it apart.
  std::string UniqueTag(const std::string& base) {
    const int uses = tag_uses_[base]++;
    return uses == 0 ? base : base + "#" + std::to_string(uses);
  }

 private:
  std::map<std::string, int> tag_uses_;  // UniqueTag's calls by base; one thread per rank
};

}  // namespace symmbench
