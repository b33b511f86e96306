// The registry's bus factors follow nccl-tests (all-reduce 2(n-1)/n, all-gather (n-1)/n, 0 at
// one rank; broadcast 1), its names are unique, and the families and dispatch roles are what the
// layers above rely on.
#include "kernels/ops/registry.h"

#include <gtest/gtest.h>

#include <set>

namespace symmbench {
namespace {

TEST(OpRegistryTest, BusFactorsAreNcclTestsAlsoAtOneRank) {
  const OpDescriptor* all_reduce = FindOp(ops::kAllReduce);
  ASSERT_NE(all_reduce, nullptr);
  EXPECT_EQ(all_reduce->bus_factor(1), 0.0);
  EXPECT_EQ(all_reduce->bus_factor(2), 1.0);
  EXPECT_EQ(all_reduce->bus_factor(8), 1.75);
  const OpDescriptor* ag_gemm = FindOp(ops::kAgGemm);
  ASSERT_NE(ag_gemm, nullptr);
  EXPECT_EQ(ag_gemm->bus_factor(1), 0.0);
  EXPECT_EQ(ag_gemm->bus_factor(4), 0.75);
  const OpDescriptor* broadcast = FindOp(ops::kBroadcast);
  ASSERT_NE(broadcast, nullptr);
  EXPECT_EQ(broadcast->bus_factor(1), 1.0);
  EXPECT_EQ(broadcast->bus_factor(8), 1.0);
  EXPECT_EQ(FindOp(ops::kPeerCopy), nullptr) << "a backend probe, not an offered op";
}

TEST(OpRegistryTest, NamesAreUniqueAndFamiliesAreWhatCallersRelyOn) {
  std::set<std::string> names;
  for (const OpDescriptor& op : Ops()) {
    EXPECT_TRUE(names.insert(std::string(op.name)).second) << op.name;
    EXPECT_GT(std::string(op.description).size(), 20u) << op.name;
  }
  EXPECT_EQ(names.size(), AllOpNames().size());
  EXPECT_EQ(DispatchCandidates(),
            (std::vector<std::string>{"one_shot_all_reduce", "two_shot_all_reduce",
                                      "one_shot_push_all_reduce"}));
  // The all-reduce dispatcher runs its candidates in place of an all-reduce.
  for (const std::string& name : DispatchCandidates()) {
    EXPECT_TRUE(IsFamily(name, OpFamily::kSweptCollective)) << name;
    EXPECT_EQ(FindOp(name)->computes, Computes::kAllReduceSum) << name;
    EXPECT_STREQ(FindOp(name)->redop, "sum") << name;
  }
  EXPECT_TRUE(IsFamily(ops::kAllReduce, OpFamily::kDispatcher));
  EXPECT_TRUE(IsFamily(ops::kAgGemm, OpFamily::kGemmCollective));
  EXPECT_TRUE(IsFamily(ops::kCalibrate, OpFamily::kCalibration));
  EXPECT_FALSE(IsFamily("no_such_op", OpFamily::kSweptCollective));
  EXPECT_TRUE(IsDispatchAlgorithm("nccl"));
  EXPECT_TRUE(IsDispatchAlgorithm("nccl_symmetric"));
  EXPECT_TRUE(IsDispatchAlgorithm(ops::kTwoShotAllReduce));
  EXPECT_FALSE(IsDispatchAlgorithm(ops::kAllReduce)) << "a dispatcher cannot dispatch to itself";
}

}  // namespace
}  // namespace symmbench
