// The catalog's bus factors follow nccl-tests: all-reduce 2(n-1)/n, all-gather (n-1)/n, and 0 at
// one rank (a single GPU's "all-reduce" moves nothing over a bus).
#include "kernels/catalog.h"

#include <gtest/gtest.h>

namespace symmbench {
namespace {

TEST(CatalogTest, BusFactorsAreNcclTestsAlsoAtOneRank) {
  const KernelInfo* all_reduce = FindKernel("all_reduce");
  ASSERT_NE(all_reduce, nullptr);
  EXPECT_EQ(all_reduce->bus_factor(1), 0.0);
  EXPECT_EQ(all_reduce->bus_factor(2), 1.0);
  EXPECT_EQ(all_reduce->bus_factor(8), 1.75);
  const KernelInfo* ag_gemm = FindKernel("ag_gemm");
  ASSERT_NE(ag_gemm, nullptr);
  EXPECT_EQ(ag_gemm->bus_factor(1), 0.0);
  EXPECT_EQ(ag_gemm->bus_factor(4), 0.75);
  EXPECT_EQ(FindKernel("broadcast"), nullptr);
}

}  // namespace
}  // namespace symmbench
