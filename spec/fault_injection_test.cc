// Tests for JobSpec.inject_fault: its checks naming the field, the text form and the daemon's
// gate.
#include "spec/fault_injection.h"

#include <gtest/gtest.h>

namespace symmbench {
namespace {

v1::JobSpec Spec(v1::Fault::Kind kind, int rank, int world_size = 2,
                 const std::string& kernel = "one_shot_all_reduce") {
  v1::JobSpec spec;
  spec.set_kernel(kernel);
  spec.set_world_size(world_size);
  if (kind != v1::Fault::none || rank != 0) {
    spec.mutable_inject_fault()->set_kind(kind);
    spec.mutable_inject_fault()->set_rank(rank);
  }
  return spec;
}

TEST(FaultInjectionTest, ValidFaultsPass) {
  EXPECT_TRUE(ValidateFaultInjection(Spec(v1::Fault::none, 0)).ok());
  EXPECT_TRUE(ValidateFaultInjection(Spec(v1::Fault::rank_error, 1)).ok());
  EXPECT_TRUE(ValidateFaultInjection(Spec(v1::Fault::flip_element, 0)).ok());
  EXPECT_TRUE(ValidateFaultInjection(Spec(v1::Fault::flip_timed, 1)).ok());
  EXPECT_TRUE(ValidateFaultInjection(Spec(v1::Fault::skip_exit_barrier, 1)).ok());
  EXPECT_TRUE(ValidateFaultInjection(Spec(v1::Fault::skip_exit_barrier, 1, 2, "broadcast")).ok());
  EXPECT_TRUE(
      ValidateFaultInjection(Spec(v1::Fault::cached_result, 0, 2, "one_shot_push_all_reduce"))
          .ok());
  EXPECT_TRUE(
      ValidateFaultInjection(Spec(v1::Fault::skip_peer_wait, 1, 2, "one_shot_push_all_reduce"))
          .ok());
  EXPECT_TRUE(ValidateFaultInjection(Spec(v1::Fault::skip_peer_wait, 1, 2, "broadcast")).ok());
  EXPECT_TRUE(
      ValidateFaultInjection(Spec(v1::Fault::reuse_slot_early, 0, 2, "one_shot_push_all_reduce"))
          .ok());
  // The GEMM ops take the race check's faults.
  for (const char* kernel : {"ag_gemm", "matmul_reduce_scatter"}) {
    EXPECT_TRUE(ValidateFaultInjection(Spec(v1::Fault::skip_exit_barrier, 1, 2, kernel)).ok());
    EXPECT_TRUE(ValidateFaultInjection(Spec(v1::Fault::cached_result, 0, 2, kernel)).ok());
    EXPECT_TRUE(ValidateFaultInjection(Spec(v1::Fault::flip_timed, 0, 2, kernel)).ok());
  }
}

TEST(FaultInjectionTest, BadFaultsAreRefusedNamingTheField) {
  const absl::Status range = ValidateFaultInjection(Spec(v1::Fault::rank_error, 2));
  EXPECT_EQ(range.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(range.message().rfind("inject_fault.rank: ", 0), 0u) << range;
  EXPECT_NE(range.message().find("outside [0, 2)"), std::string::npos) << range;
  EXPECT_EQ(ValidateFaultInjection(Spec(v1::Fault::flip_element, -1))
                .message()
                .rfind("inject_fault.rank: ", 0),
            0u);
  const absl::Status unknown = ValidateFaultInjection(Spec(static_cast<v1::Fault::Kind>(9), 0));
  EXPECT_EQ(unknown.message().rfind("inject_fault.kind: ", 0), 0u) << unknown;
  const absl::Status rank_only = ValidateFaultInjection(Spec(v1::Fault::none, 1));
  EXPECT_EQ(rank_only.message().rfind("inject_fault.rank: ", 0), 0u) << rank_only;
  const absl::Status gemm = ValidateFaultInjection(Spec(v1::Fault::rank_error, 0, 2, "ag_gemm"));
  EXPECT_EQ(gemm.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_NE(gemm.message().find("ag_gemm"), std::string::npos) << gemm;
  EXPECT_NE(gemm.message().find("GEMM kernels take skip_exit_barrier, cached_result and "
                                "flip_timed"),
            std::string::npos)
      << gemm;
  // The push one-shot has no barriers at all.
  const absl::Status push =
      ValidateFaultInjection(Spec(v1::Fault::skip_exit_barrier, 1, 2, "one_shot_push_all_reduce"));
  EXPECT_EQ(push.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(push.message(),
            "inject_fault: skip_exit_barrier: kernel one_shot_push_all_reduce has no exit "
            "barrier to skip");
  // Only a kernel with receive slots can reuse one.
  const absl::Status slots =
      ValidateFaultInjection(Spec(v1::Fault::reuse_slot_early, 0, 2, "one_shot_all_reduce"));
  EXPECT_EQ(slots.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(slots.message(),
            "inject_fault: reuse_slot_early: kernel one_shot_all_reduce has no receive slots to "
            "reuse (one_shot_push_all_reduce has)");
  // A dispatcher's waits are its kernels'.
  const absl::Status dispatcher =
      ValidateFaultInjection(Spec(v1::Fault::skip_peer_wait, 1, 2, "all_reduce"));
  EXPECT_EQ(dispatcher.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(dispatcher.message(),
            "inject_fault: skip_peer_wait: kernel all_reduce dispatches to other kernels; name "
            "one of them");
}

TEST(FaultInjectionTest, TextFormParsesEveryFault) {
  EXPECT_EQ(ParseFaultText("", "f")->kind(), v1::Fault::none);
  absl::StatusOr<v1::Fault> error = ParseFaultText("rank_error:1", "f");
  ASSERT_TRUE(error.ok()) << error.status();
  EXPECT_EQ(error->kind(), v1::Fault::rank_error);
  EXPECT_EQ(error->rank(), 1);
  EXPECT_EQ(ParseFaultText("flip_element", "f")->kind(), v1::Fault::flip_element);
  EXPECT_EQ(ParseFaultText("flip_element", "f")->rank(), 0);
  EXPECT_EQ(ParseFaultText("flip_timed:3", "f")->rank(), 3);
  EXPECT_EQ(ParseFaultText("skip_exit_barrier:1", "f")->kind(), v1::Fault::skip_exit_barrier);
  EXPECT_EQ(ParseFaultText("skip_exit_barrier:1", "f")->rank(), 1);
  EXPECT_EQ(ParseFaultText("skip_peer_wait:1", "f")->kind(), v1::Fault::skip_peer_wait);
  EXPECT_EQ(ParseFaultText("cached_result", "f")->kind(), v1::Fault::cached_result);
  EXPECT_EQ(ParseFaultText("reuse_slot_early:1", "f")->kind(), v1::Fault::reuse_slot_early);
  for (const char* bad :
       {"rank_error", "rank_error:", "rank_error:x", "rank_error:1x",
        "rank_error:99999999999999999999", "flip_element:", "none", "explode", ":1"}) {
    absl::StatusOr<v1::Fault> fault = ParseFaultText(bad, "spec.inject_fault");
    EXPECT_EQ(fault.status().code(), absl::StatusCode::kInvalidArgument) << bad;
    EXPECT_EQ(fault.status().message().rfind("spec.inject_fault: ", 0), 0u) << fault.status();
  }
  // A long value is quoted cut short: the message is the list of faults and a short quote.
  EXPECT_LT(ParseFaultText(std::string(5000, 'x'), "f").status().message().size(), 300u);
}

TEST(FaultInjectionTest, RefusedUnlessTheDaemonAllowsIt) {
  EXPECT_TRUE(CheckFaultInjectionAllowed(Spec(v1::Fault::none, 0), false).ok());
  EXPECT_TRUE(CheckFaultInjectionAllowed(Spec(v1::Fault::flip_element, 0), true).ok());
  absl::Status refused = CheckFaultInjectionAllowed(Spec(v1::Fault::flip_element, 0), false);
  EXPECT_EQ(refused.code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_NE(refused.message().find("inject_fault"), std::string::npos) << refused;
  EXPECT_NE(refused.message().find("--allow-fault-injection"), std::string::npos) << refused;
}

}  // namespace
}  // namespace symmbench
