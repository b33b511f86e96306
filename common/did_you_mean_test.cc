#include "common/did_you_mean.h"

#include <gtest/gtest.h>

namespace symmbench {
namespace {

const std::vector<std::string> kVerbs = {"submit", "watch",    "status", "list",
                                         "cancel", "devices",  "run",    "tune",
                                         "gate",   "baseline", "plot",   "calibrate"};
const std::vector<std::string> kKernels = {"one_shot_all_reduce",
                                           "two_shot_all_reduce",
                                           "one_shot_push_all_reduce",
                                           "all_reduce",
                                           "ag_gemm",
                                           "calibrate"};

TEST(EditDistanceTest, CountsEditsAndTranspositions) {
  EXPECT_EQ(EditDistance("submit", "submit"), 0);
  EXPECT_EQ(EditDistance("submitt", "submit"), 1);
  EXPECT_EQ(EditDistance("sbumit", "submit"), 1);  // a transposition
  EXPECT_EQ(EditDistance("SUBMIT", "submit"), 0);
  EXPECT_EQ(EditDistance("", "run"), 3);
}

TEST(DidYouMeanTest, SlipsGetTheClosestNameOthersNothing) {
  EXPECT_EQ(DidYouMean("submitt", kVerbs), "submit");
  EXPECT_EQ(DidYouMean("stauts", kVerbs), "status");
  EXPECT_EQ(DidYouMean("sub", kVerbs), "submit");  // the one verb it begins
  EXPECT_EQ(DidYouMean("deploy", kVerbs), std::nullopt);
  EXPECT_EQ(DidYouMean("submit", kVerbs), std::nullopt);  // nothing to correct
  EXPECT_EQ(DidYouMean("one_shot_allreduce", kKernels), "one_shot_all_reduce");
  EXPECT_EQ(DidYouMean("two_shot", kKernels), "two_shot_all_reduce");
  EXPECT_EQ(DidYouMean("ag-gemm", kKernels), "ag_gemm");
  EXPECT_EQ(DidYouMean("broadcast", kKernels), std::nullopt);
  EXPECT_EQ(DidYouMeanSuffix("lst", kVerbs), "; did you mean \"list\"?");
  EXPECT_EQ(DidYouMeanSuffix("broadcast", kKernels), "");
}

}  // namespace
}  // namespace symmbench
