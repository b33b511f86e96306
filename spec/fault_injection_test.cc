// Tests for JobSpec.inject_fault: parsing, its errors naming the field, and the daemon's gate.
#include "spec/fault_injection.h"

#include <gtest/gtest.h>

namespace symmbench {
namespace {

v1::JobSpec Spec(const std::string& fault, int world_size = 2,
                 const std::string& kernel = "one_shot_all_reduce") {
  v1::JobSpec spec;
  spec.set_kernel(kernel);
  spec.set_world_size(world_size);
  spec.set_inject_fault(fault);
  return spec;
}

TEST(FaultInjectionTest, ParsesEveryFault) {
  auto none = ParseFaultInjection(Spec(""));
  ASSERT_TRUE(none.ok()) << none.status();
  EXPECT_EQ(none->kind, FaultInjection::Kind::kNone);

  auto error = ParseFaultInjection(Spec("rank_error:1"));
  ASSERT_TRUE(error.ok()) << error.status();
  EXPECT_EQ(error->kind, FaultInjection::Kind::kRankError);
  EXPECT_EQ(error->rank, 1);

  auto flip = ParseFaultInjection(Spec("flip_element"));
  ASSERT_TRUE(flip.ok()) << flip.status();
  EXPECT_EQ(flip->kind, FaultInjection::Kind::kFlipElement);
  EXPECT_EQ(flip->rank, 0);
  EXPECT_EQ(ParseFaultInjection(Spec("flip_element:1"))->rank, 1);

  auto timed = ParseFaultInjection(Spec("flip_timed:1"));
  ASSERT_TRUE(timed.ok()) << timed.status();
  EXPECT_EQ(timed->kind, FaultInjection::Kind::kFlipTimed);
  EXPECT_EQ(timed->rank, 1);
  EXPECT_EQ(ParseFaultInjection(Spec("flip_timed"))->rank, 0);
}

TEST(FaultInjectionTest, RejectsBadValuesNamingTheField) {
  for (const char* bad : {"rank_error", "rank_error:", "rank_error:x", "rank_error:1x",
                          "rank_error:-1", "rank_error:2", "rank_error:99999999999999999999",
                          "flip_element:", "flip_timed:2", "explode", ":1"}) {
    absl::StatusOr<FaultInjection> fault = ParseFaultInjection(Spec(bad));
    EXPECT_EQ(fault.status().code(), absl::StatusCode::kInvalidArgument) << bad;
    EXPECT_EQ(fault.status().message().rfind("inject_fault: ", 0), 0u) << fault.status();
  }
  absl::StatusOr<FaultInjection> range = ParseFaultInjection(Spec("rank_error:2"));
  EXPECT_NE(range.status().message().find("outside [0, 2)"), std::string::npos) << range.status();
  absl::StatusOr<FaultInjection> gemm = ParseFaultInjection(Spec("rank_error:0", 2, "ag_gemm"));
  EXPECT_EQ(gemm.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_NE(gemm.status().message().find("ag_gemm"), std::string::npos) << gemm.status();
  // A long value is quoted cut short.
  absl::StatusOr<FaultInjection> long_value = ParseFaultInjection(Spec(std::string(5000, 'x')));
  EXPECT_LT(long_value.status().message().size(), 200u);
}

TEST(FaultInjectionTest, RefusedUnlessTheDaemonAllowsIt) {
  EXPECT_TRUE(CheckFaultInjectionAllowed(Spec(""), false).ok());
  EXPECT_TRUE(CheckFaultInjectionAllowed(Spec("flip_element"), true).ok());
  absl::Status refused = CheckFaultInjectionAllowed(Spec("flip_element"), false);
  EXPECT_EQ(refused.code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_NE(refused.message().find("inject_fault"), std::string::npos) << refused;
  EXPECT_NE(refused.message().find("--allow-fault-injection"), std::string::npos) << refused;
}

}  // namespace
}  // namespace symmbench
