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
  EXPECT_EQ(DispatchCandidates(Computes::kAllReduceSum),
            (std::vector<std::string>{"one_shot_all_reduce", "two_shot_all_reduce",
                                      "one_shot_push_all_reduce"}));
  EXPECT_EQ(DispatchCandidates(Computes::kAllGather),
            (std::vector<std::string>{"one_shot_all_gather", "low_contention_all_gather",
                                      "lamport_all_gather"}));
  EXPECT_EQ(DispatchCandidates(Computes::kReduceScatterSum),
            (std::vector<std::string>{"one_shot_reduce_scatter", "low_contention_reduce_scatter",
                                      "lamport_reduce_scatter"}));
  // Each dispatcher runs its candidates in place of the collective it computes: same
  // computation, reduction, bus factor and size convention (sharded or not).
  EXPECT_EQ(OpNames(OpFamily::kDispatcher),
            (std::vector<std::string>{"all_reduce", "all_gather", "reduce_scatter"}));
  for (const std::string& dispatcher : OpNames(OpFamily::kDispatcher)) {
    const OpDescriptor* d = FindDispatcher(dispatcher);
    ASSERT_NE(d, nullptr) << dispatcher;
    for (const std::string& name : DispatchCandidates(d->computes)) {
      EXPECT_TRUE(IsFamily(name, OpFamily::kSweptCollective)) << name;
      EXPECT_STREQ(FindOp(name)->redop, d->redop) << name;
      EXPECT_EQ(FindOp(name)->bus_factor(4), d->bus_factor(4)) << name;
      EXPECT_EQ(IsSharded(name), IsSharded(dispatcher)) << name;
    }
  }
  EXPECT_EQ(FindDispatcher(ops::kOneShotAllGather), nullptr);
  EXPECT_TRUE(IsFamily(ops::kAllReduce, OpFamily::kDispatcher));
  EXPECT_TRUE(IsFamily(ops::kAgGemm, OpFamily::kGemmCollective));
  EXPECT_TRUE(IsFamily(ops::kCalibrate, OpFamily::kCalibration));
  EXPECT_FALSE(IsFamily("no_such_op", OpFamily::kSweptCollective));
  EXPECT_TRUE(IsDispatchAlgorithm(Computes::kAllGather, "nccl"));
  EXPECT_TRUE(IsDispatchAlgorithm(Computes::kAllReduceSum, "nccl_symmetric"));
  EXPECT_TRUE(IsDispatchAlgorithm(Computes::kAllReduceSum, ops::kTwoShotAllReduce));
  EXPECT_FALSE(IsDispatchAlgorithm(Computes::kAllGather, ops::kTwoShotAllReduce))
      << "an all-gather dispatcher cannot run an all-reduce";
  EXPECT_FALSE(IsDispatchAlgorithm(Computes::kAllReduceSum, ops::kAllReduce))
      << "a dispatcher cannot dispatch to itself";
}

}  // namespace
}  // namespace symmbench
