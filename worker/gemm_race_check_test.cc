// The GEMM ops' race check on the CPU backend with ranks as threads (real shared memory, real
// barriers): both GEMM ops pass it in every dtype, and the bugs that the checks on unchanging
// inputs miss (a skipped exit barrier, a cached result) fail it, every time.
#include "worker/gemm_race_check.h"

#include <gtest/gtest.h>

#include <functional>
#include <memory>
#include <string>
#include <tuple>
#include <vector>

#include "kernels/ops/registry.h"
#include "kernels/testing/backend_test_util.h"
#include "kernels/testing/cpu_ranks.h"
#include "proto/symmbench.pb.h"
#include "worker/fault_injection_gemm.h"

namespace symmbench {
namespace {

constexpr uint64_t kSeed = 77;
constexpr int64_t kBufferBytes = 64 * 1024;  // the staging area / A shard below, in any dtype

// m divides by world_size x splits for world sizes 1-3 and splits 2; k by the world size.
GemmProblem Problem(DType dtype) {
  GemmProblem problem = test_util::TestGemmProblem(96, 40, 48, 2, dtype);
  problem.fp8_scaling = Fp8Scaling::kRowwise;
  return problem;
}

std::unique_ptr<GemmCollective> Create(Backend* backend, const std::string& name,
                                       const v1::Fault& fault = {}) {
  absl::StatusOr<std::unique_ptr<GemmCollective>> op = backend->CreateGemmCollective(name);
  EXPECT_TRUE(op.ok()) << name << ": " << op.status();
  return op.ok() ? InjectGemmFaults(*std::move(op), fault) : nullptr;
}

// Runs body(rank, backend) on world_size thread ranks; what each returned.
std::vector<GemmRowCheck> OnRanks(int world_size, const KernelFaults& faults,
                                  const std::function<GemmRowCheck(int, Backend*)>& body) {
  std::vector<GemmRowCheck> results(world_size);
  test_util::OnCpuRanks(world_size, kBufferBytes, faults,
                        [&](int rank, Backend* backend) { results[rank] = body(rank, backend); });
  return results;
}

// Prepare and the race check of `variant`; its result (a failed call fails the test).
GemmRowCheck PrepareAndRaceCheck(Backend* backend, GemmCollective* op, DType dtype,
                                 GemmVariant variant = GemmVariant::kFused) {
  if (absl::Status s = op->Prepare(Problem(dtype), kSeed); !s.ok()) {
    ADD_FAILURE() << s;
    return {};
  }
  absl::StatusOr<GemmRowCheck> found = GemmRaceCheck(backend, op, variant, kSeed);
  if (!found.ok()) {
    ADD_FAILURE() << found.status();
    return {};
  }
  return *found;
}

int64_t WrongRows(const std::vector<GemmRowCheck>& results) {
  int64_t wrong = 0;
  for (const GemmRowCheck& r : results) wrong += r.wrong_rows;
  return wrong;
}

class GemmRaceCheckTest
    : public testing::TestWithParam<std::tuple<std::string, int, DType, GemmVariant>> {};

TEST_P(GemmRaceCheckTest, BuiltInOpsPass) {
  const auto& [name, world_size, dtype, variant] = GetParam();
  const std::vector<GemmRowCheck> results = OnRanks(
      world_size, {}, [&, name = name, dtype = dtype, variant = variant](int, Backend* backend) {
        std::unique_ptr<GemmCollective> op = Create(backend, name);
        return op == nullptr ? GemmRowCheck{}
                             : PrepareAndRaceCheck(backend, op.get(), dtype, variant);
      });
  for (size_t r = 0; r < results.size(); ++r) {
    EXPECT_EQ(results[r].wrong_rows, 0)
        << name << " rank " << r << ": first row " << results[r].first_row << " of operation "
        << results[r].operation;
    // Every row well inside its bound, and the rounding seen (the check compares something).
    EXPECT_LT(results[r].worst_ratio, 0.5) << name << " rank " << r;
    EXPECT_GT(results[r].worst_ratio, 0.0) << name << " rank " << r;
  }
}

std::vector<std::tuple<std::string, int, DType, GemmVariant>> Cases() {
  std::vector<std::tuple<std::string, int, DType, GemmVariant>> cases;
  for (const char* name : {ops::kAgGemm, ops::kMatmulReduceScatter}) {
    for (int world_size : {1, 2, 3}) {
      for (DType dtype : {DType::kBf16, DType::kFp16, DType::kFp32, DType::kFp8E4m3}) {
        cases.emplace_back(name, world_size, dtype, GemmVariant::kFused);
      }
    }
  }
  cases.emplace_back(ops::kAgGemm, 2, DType::kBf16, GemmVariant::kPipelined);
  for (int world_size : {1, 2, 3}) {
    for (DType dtype : {DType::kBf16, DType::kFp8E4m3}) {
      cases.emplace_back(ops::kMatmulReduceScatter, world_size, dtype, GemmVariant::kTilePush);
    }
  }
  return cases;
}

INSTANTIATE_TEST_SUITE_P(OpsWorldSizesDtypes, GemmRaceCheckTest, testing::ValuesIn(Cases()));

class GemmFaultTest : public testing::TestWithParam<std::string> {};

// Every rank skips the exit barrier and rank 1 computes late: it reads shards its peer has
// already redrawn (ag_gemm), or its peer sums before rank 1's pushes land (the staging area's
// poison or an earlier operation's partials).
TEST_P(GemmFaultTest, ASkippedExitBarrierFails) {
  const std::string name = GetParam();
  KernelFaults faults;
  faults.skip_exit_barrier = true;
  faults.delayed_rank = 1;
  const std::vector<GemmRowCheck> results = OnRanks(2, faults, [&](int, Backend* backend) {
    std::unique_ptr<GemmCollective> op = Create(backend, name);
    return op == nullptr ? GemmRowCheck{} : PrepareAndRaceCheck(backend, op.get(), DType::kBf16);
  });
  EXPECT_GT(WrongRows(results), 0) << name;
}

// tile_push under the same fault skips its flag waits, which stand in for kFused's exit barrier:
// rank 1 pushes late, and its owners sum before its tiles land.
TEST(GemmTilePushFaultTest, SkippedFlagWaitsFail) {
  KernelFaults faults;
  faults.skip_exit_barrier = true;
  faults.delayed_rank = 1;
  const std::vector<GemmRowCheck> results = OnRanks(2, faults, [&](int, Backend* backend) {
    std::unique_ptr<GemmCollective> op = Create(backend, ops::kMatmulReduceScatter);
    return op == nullptr
               ? GemmRowCheck{}
               : PrepareAndRaceCheck(backend, op.get(), DType::kBf16, GemmVariant::kTilePush);
  });
  EXPECT_GT(WrongRows(results), 0);
}

// A cached result: the checks against the sequential reference on Prepare's inputs pass, and
// the race check fails on every rank from its first operation.
TEST_P(GemmFaultTest, ACachedResultPassesTheReferenceCheckAndFailsTheRaceCheck) {
  const std::string name = GetParam();
  v1::Fault fault;
  fault.set_kind(v1::Fault::cached_result);
  std::vector<double> errors(2, -1);
  const std::vector<GemmRowCheck> results = OnRanks(2, {}, [&](int rank, Backend* backend) {
    std::unique_ptr<GemmCollective> op = Create(backend, name, fault);
    if (op == nullptr) return GemmRowCheck{};
    EXPECT_TRUE(op->Prepare(Problem(DType::kBf16), kSeed).ok());
    for (int check = 0; check < 2; ++check) {  // after Prepare, after a timed loop
      EXPECT_TRUE(op->PoisonOutputs().ok());
      EXPECT_TRUE(op->Run(GemmVariant::kFused).ok());
      EXPECT_TRUE(op->Run(GemmVariant::kSequential).ok());
      absl::StatusOr<GemmCheck> checked = op->Check();
      EXPECT_TRUE(checked.ok()) << checked.status();
      if (checked.ok()) {
        EXPECT_EQ(checked->gathered_wrong, 0);
        errors[rank] = std::max(errors[rank], checked->c_rel_error);
      }
    }
    EXPECT_LE(errors[rank], op->tolerance()) << name << " rank " << rank;
    absl::StatusOr<GemmRowCheck> found =
        GemmRaceCheck(backend, op.get(), GemmVariant::kFused, kSeed);
    EXPECT_TRUE(found.ok()) << found.status();
    return found.ok() ? *found : GemmRowCheck{};
  });
  for (size_t r = 0; r < results.size(); ++r) {
    EXPECT_GT(results[r].wrong_rows, 0) << name << " rank " << r;
    EXPECT_EQ(results[r].operation, 0) << name << " rank " << r;
  }
}

INSTANTIATE_TEST_SUITE_P(GemmOps, GemmFaultTest,
                         testing::Values(ops::kAgGemm, ops::kMatmulReduceScatter));

}  // namespace
}  // namespace symmbench
