#include "worker/host_placement.h"

#include <unistd.h>

#include <algorithm>
#include <map>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "spec/job_keys.h"

namespace symmbench {

std::string HostPlacement::Describe() const {
  std::vector<std::string> order;
  std::vector<std::vector<int>> ranks;
  for (int r = 0; r < static_cast<int>(hosts.size()); ++r) {
    size_t h = 0;
    while (h < order.size() && order[h] != hosts[r]) ++h;
    if (h == order.size()) {
      order.push_back(hosts[r]);
      ranks.emplace_back();
    }
    ranks[h].push_back(r);
  }
  std::vector<std::string> parts;
  for (size_t h = 0; h < order.size(); ++h) {
    parts.push_back(absl::StrCat(order[h], ": ", ranks[h].size() == 1 ? "rank " : "ranks ",
                                 absl::StrJoin(ranks[h], ",")));
  }
  return absl::StrJoin(parts, "; ");
}

HostPlacement PlacementFromHosts(std::vector<std::string> hosts, int rank) {
  HostPlacement placement;
  placement.hosts = std::move(hosts);
  placement.local_rank = 0;
  placement.local_world_size = 0;
  std::vector<std::string> distinct;
  for (int r = 0; r < static_cast<int>(placement.hosts.size()); ++r) {
    const std::string& host = placement.hosts[r];
    const auto seen = std::find(distinct.begin(), distinct.end(), host);
    if (r == rank) placement.host_index = static_cast<int>(seen - distinct.begin());
    if (seen == distinct.end()) distinct.push_back(host);
    if (host == placement.hosts[rank]) {
      if (r < rank) ++placement.local_rank;
      ++placement.local_world_size;
    }
  }
  placement.num_hosts = static_cast<int>(distinct.size());
  return placement;
}

absl::StatusOr<HostPlacement> GatherHostPlacement(Rendezvous* rendezvous, const std::string& host) {
  absl::StatusOr<std::vector<std::string>> hosts = rendezvous->AllGather(kHostPlacementTag, host);
  if (!hosts.ok()) return hosts.status();
  return PlacementFromHosts(*std::move(hosts), rendezvous->rank());
}

std::string ThisHost() {
  char name[256] = {};
  if (gethostname(name, sizeof(name) - 1) != 0 || name[0] == '\0') return "localhost";
  return name;
}

absl::Status CheckOneHost(const HostPlacement& placement, const std::string& kernel) {
  if (placement.num_hosts <= 1) return absl::OkStatus();
  return absl::FailedPreconditionError(absl::StrCat(
      "the ranks are on ", placement.num_hosts, " hosts (", placement.Describe(), "): kernel ",
      kernel,
      " runs on symmetric memory, which needs every rank on one host; run it with "
      "nodes 1, or ask for per_host_teams (the all-reduce kernels: one team per host)"));
}

absl::Status CheckEqualTeams(const HostPlacement& placement) {
  std::map<std::string, int> ranks_per_host;
  for (const std::string& host : placement.hosts) ++ranks_per_host[host];
  for (const auto& [host, ranks] : ranks_per_host) {
    if (ranks != placement.local_world_size) {
      return absl::FailedPreconditionError(absl::StrCat(
          "per_host_teams: the hosts hold different numbers of ranks (", placement.Describe(),
          "); every team must have the same size: place world_size / nodes ranks per host"));
    }
  }
  return absl::OkStatus();
}

}  // namespace symmbench
