// Which ranks share a host: every rank publishes its host name at rendezvous, so that a job
// whose ranks Slurm or Kubernetes spread over several hosts learns it before it maps memory.
#pragma once

#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "kernels/rendezvous.h"

namespace symmbench {

struct HostPlacement {
  std::vector<std::string> hosts;  // hosts[r]: rank r's host name
  int local_rank = 0;              // this rank's index among the ranks of its host
  int local_world_size = 1;        // ranks on this rank's host
  int num_hosts = 1;
  int host_index = 0;  // this rank's host among the hosts, in order of their lowest rank
  // "node1: ranks 0,1; node2: ranks 2,3", hosts in order of their lowest rank.
  std::string Describe() const;
};

// Builds the placement from every rank's host name (`hosts[r]` for rank r) as seen by `rank`.
HostPlacement PlacementFromHosts(std::vector<std::string> hosts, int rank);

// Exchanges host names through `rendezvous` (tag "host") and returns the placement.
absl::StatusOr<HostPlacement> GatherHostPlacement(Rendezvous* rendezvous, const std::string& host);

// This process's host name (gethostname; "localhost" when it has none).
std::string ThisHost();

// FAILED_PRECONDITION naming the hosts when the job's ranks span more than one host: every
// op of the registry runs on symmetric memory (or on the copy engine between mapped
// buffers), which needs every rank on one host unless the job asks for per-host teams.
absl::Status CheckOneHost(const HostPlacement& placement, const std::string& kernel);

// Per-host teams (JobSpec.sweep.per_host_teams): one team per host, each of local_world_size ranks
// numbered by local_rank. FAILED_PRECONDITION naming the hosts when they hold different numbers
// of ranks (a row's busbw and the max over teams assume teams of one size).
absl::Status CheckEqualTeams(const HostPlacement& placement);

}  // namespace symmbench
