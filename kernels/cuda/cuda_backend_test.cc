// CUDA backend at world size 1 (an in-process rendezvous of one rank): one_shot_all_reduce
// checked bitwise against ncclAllReduce. GPU tests skip where ProbeCudaDevices() is empty.
#include "kernels/cuda/cuda_backend.h"

#include <gtest/gtest.h>

#include <memory>
#include <set>
#include <string>
#include <vector>

#include "kernels/cuda/device_probe.h"
#include "kernels/dtype.h"

namespace symmbench {
namespace {

constexpr int64_t kMaxBytes = 16 << 20;
constexpr uint64_t kSeed = 1234;

// A job of one rank: AllGather returns the caller's value; tags must be unique per call.
class SingleRankRendezvous final : public Rendezvous {
 public:
  int rank() const override { return 0; }
  int world_size() const override { return 1; }
  absl::StatusOr<std::vector<std::string>> AllGather(const std::string& tag,
                                                     const std::string& value) override {
    if (!tags_.insert(tag).second) return absl::InvalidArgumentError("tag reused: " + tag);
    return std::vector<std::string>{value};
  }
  absl::Status Barrier(const std::string& tag) override {
    if (!tags_.insert(tag).second) return absl::InvalidArgumentError("tag reused: " + tag);
    return absl::OkStatus();
  }

 private:
  std::set<std::string> tags_;
};

BackendOptions OneRankOptions() {
  BackendOptions options;
  options.max_bytes = kMaxBytes;
  options.timeout = std::chrono::milliseconds(20000);
  return options;
}

TEST(CudaBackendTest, RejectsBadOptionsWithoutTouchingTheGpu) {
  SingleRankRendezvous rendezvous;
  BackendOptions options = OneRankOptions();
  options.world_size = 2;  // disagrees with the rendezvous
  EXPECT_EQ(CreateCudaBackend(options, &rendezvous).status().code(),
            absl::StatusCode::kInvalidArgument);
  options = OneRankOptions();
  options.max_bytes = 0;
  EXPECT_EQ(CreateCudaBackend(options, &rendezvous).status().code(),
            absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(CreateCudaBackend(OneRankOptions(), nullptr).status().code(),
            absl::StatusCode::kInvalidArgument);
}

TEST(CudaBackendTest, UnavailableWithoutGpu) {
  if (!ProbeCudaDevices().empty()) GTEST_SKIP() << "a GPU is present";
  SingleRankRendezvous rendezvous;
  EXPECT_EQ(CreateCudaBackend(OneRankOptions(), &rendezvous).status().code(),
            absl::StatusCode::kUnavailable);
}

class CudaBackendGpuTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (ProbeCudaDevices().empty()) GTEST_SKIP() << "no CUDA device";
    absl::StatusOr<std::unique_ptr<Backend>> backend =
        CreateCudaBackend(OneRankOptions(), &rendezvous_);
    ASSERT_TRUE(backend.ok()) << backend.status();
    backend_ = *std::move(backend);
  }

  SingleRankRendezvous rendezvous_;
  std::unique_ptr<Backend> backend_;
};

TEST_F(CudaBackendGpuTest, OneShotMatchesNcclBitwise) {
  absl::StatusOr<std::unique_ptr<Collective>> collective =
      backend_->CreateCollective("one_shot_all_reduce");
  ASSERT_TRUE(collective.ok()) << collective.status();
  Collective& c = **collective;
  EXPECT_EQ(c.baseline_name(), "nccl_all_reduce");
  for (const DType dtype : {DType::kBf16, DType::kFp16, DType::kFp32}) {
    // Tails (1, 7, 4099), one exact vector (8), several blocks, and the grid cap (4 Mi).
    const std::vector<int64_t> counts = {1, 7, 8, 4099, 8192, 1 << 20, kMaxBytes / 4};
    for (const int64_t count : counts) {
      SCOPED_TRACE(std::string(DTypeName(dtype)) + " x " + std::to_string(count));
      ASSERT_TRUE(c.Prepare(count, dtype, kSeed + count).ok());
      ASSERT_TRUE(c.Run().ok());
      ASSERT_TRUE(c.RunBaseline().ok());
      ASSERT_TRUE(backend_->Synchronize().ok());
      absl::StatusOr<CheckResult> check = c.Check();
      ASSERT_TRUE(check.ok()) << check.status();
      EXPECT_EQ(check->wrong, 0) << "first bad " << check->first_bad_index << ": got " << check->got
                                 << ", want " << check->want;
    }
  }
}

TEST_F(CudaBackendGpuTest, ManyBackToBackRunsAndTimer) {
  auto collective = backend_->CreateCollective("one_shot_all_reduce");
  ASSERT_TRUE(collective.ok()) << collective.status();
  Collective& c = **collective;
  ASSERT_TRUE(c.Prepare(8192, DType::kBf16, kSeed).ok());
  std::unique_ptr<Timer> timer = backend_->NewTimer();
  ASSERT_TRUE(timer->Start().ok());
  for (int i = 0; i < 200; ++i) ASSERT_TRUE(c.Run().ok());  // pads must return to 0 each time
  ASSERT_TRUE(timer->Stop().ok());
  ASSERT_TRUE(c.RunBaseline().ok());
  ASSERT_TRUE(backend_->Synchronize().ok());
  absl::StatusOr<double> us = timer->ElapsedUs();
  ASSERT_TRUE(us.ok()) << us.status();
  EXPECT_GT(*us, 0.0);
  absl::StatusOr<CheckResult> check = c.Check();
  ASSERT_TRUE(check.ok()) << check.status();
  EXPECT_EQ(check->wrong, 0);
}

TEST_F(CudaBackendGpuTest, PoisonedOutputsCountAsWrong) {
  auto collective = backend_->CreateCollective("one_shot_all_reduce");
  ASSERT_TRUE(collective.ok()) << collective.status();
  ASSERT_TRUE((*collective)->Prepare(1000, DType::kFp32, kSeed).ok());
  ASSERT_TRUE(backend_->Synchronize().ok());
  absl::StatusOr<CheckResult> check = (*collective)->Check();  // neither side ran
  ASSERT_TRUE(check.ok()) << check.status();
  EXPECT_EQ(check->wrong, 1000);
  EXPECT_EQ(check->first_bad_index, 0);
}

TEST_F(CudaBackendGpuTest, ErrorsNameTheProblem) {
  EXPECT_EQ(backend_->CreateCollective("no_such_kernel").status().code(),
            absl::StatusCode::kNotFound);
  auto collective = backend_->CreateCollective("one_shot_all_reduce");
  ASSERT_TRUE(collective.ok()) << collective.status();
  EXPECT_EQ((*collective)->Run().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_EQ((*collective)->Prepare(kMaxBytes / 2 + 1, DType::kBf16, kSeed).code(),
            absl::StatusCode::kInvalidArgument);
  EXPECT_EQ((*collective)->Prepare(0, DType::kFp32, kSeed).code(),
            absl::StatusCode::kInvalidArgument);
}

}  // namespace
}  // namespace symmbench
