// Tests for the host placement of a job's ranks (worker/host_placement.h).
#include "worker/host_placement.h"

#include <gtest/gtest.h>

namespace symmbench {
namespace {

TEST(HostPlacementTest, LocalRanksAndDescriptionFollowTheHosts) {
  const HostPlacement p = PlacementFromHosts({"a", "a", "b", "b", "a"}, 4);
  EXPECT_EQ(p.num_hosts, 2);
  EXPECT_EQ(p.local_rank, 2);
  EXPECT_EQ(p.local_world_size, 3);
  EXPECT_EQ(p.host_index, 0);
  EXPECT_EQ(p.Describe(), "a: ranks 0,1,4; b: ranks 2,3");
  const HostPlacement q = PlacementFromHosts({"a", "a", "b", "b", "a"}, 3);
  EXPECT_EQ(q.local_rank, 1);
  EXPECT_EQ(q.local_world_size, 2);
  EXPECT_EQ(q.host_index, 1);
}

TEST(HostPlacementTest, OneHostPassesAndSeveralAreRefusedNamingThem) {
  EXPECT_TRUE(CheckOneHost(PlacementFromHosts({"a", "a"}, 1), "one_shot_all_reduce").ok());
  const absl::Status s =
      CheckOneHost(PlacementFromHosts({"node1", "node1", "node2"}, 0), "two_shot_all_reduce");
  EXPECT_EQ(s.code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_EQ(s.message(),
            "the ranks are on 2 hosts (node1: ranks 0,1; node2: rank 2): kernel "
            "two_shot_all_reduce runs on symmetric memory, which needs every rank on one host; "
            "run it with nodes 1, or ask for per_host_teams (the all-reduce kernels: one team "
            "per host)");
}

TEST(HostPlacementTest, TeamsMustHaveOneSize) {
  EXPECT_TRUE(CheckEqualTeams(PlacementFromHosts({"a", "b", "a", "b"}, 1)).ok());
  EXPECT_TRUE(CheckEqualTeams(PlacementFromHosts({"a", "a"}, 0)).ok());
  const absl::Status s = CheckEqualTeams(PlacementFromHosts({"a", "a", "a", "b"}, 3));
  EXPECT_EQ(s.code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_NE(s.message().find("per_host_teams: the hosts hold different numbers of ranks (a: "
                             "ranks 0,1,2; b: rank 3)"),
            std::string::npos)
      << s;
}

}  // namespace
}  // namespace symmbench
