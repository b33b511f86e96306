// The race check on the CPU backend with ranks as threads (real shared memory, real barriers):
// every built-in swept kernel passes it, and the kernel bugs that every check on unchanging
// inputs misses (a skipped exit barrier, a cached result) fail it, every time.
#include "worker/race_check.h"

#include <gtest/gtest.h>

#include <functional>
#include <set>
#include <string>
#include <vector>

#include "kernels/ops/registry.h"
#include "kernels/testing/cpu_ranks.h"
#include "worker/fault_injection_collective.h"

namespace symmbench {
namespace {

constexpr int64_t kCount = 6 * 1024;  // a multiple of every world size below
constexpr uint64_t kSeed = 42;

// Runs `body` on `world_size` thread ranks, each with its own CPU backend (faults as given);
// returns what each rank's body returned.
std::vector<CheckResult> OnRanks(
    int world_size, const KernelFaults& faults,
    const std::function<CheckResult(int rank, Backend* backend)>& body) {
  std::vector<CheckResult> results(world_size);
  test_util::OnCpuRanks(world_size, kCount * 4, faults,
                        [&](int rank, Backend* backend) { results[rank] = body(rank, backend); });
  return results;
}

// Prepare, then the race check (`in_place`: of the in-place form); the check's result (a failed
// call fails the test).
CheckResult PrepareAndRaceCheck(Backend* backend, Collective* op, DType dtype,
                                bool in_place = false) {
  if (absl::Status s = op->Prepare(kCount, dtype, kSeed); !s.ok()) {
    ADD_FAILURE() << s;
    return {};
  }
  absl::StatusOr<CheckResult> checked = RaceCheck(backend, op, kSeed, in_place);
  if (!checked.ok()) {
    ADD_FAILURE() << checked.status();
    return {};
  }
  return *checked;
}

std::unique_ptr<Collective> Create(Backend* backend, const std::string& name) {
  absl::StatusOr<std::unique_ptr<Collective>> op = backend->CreateCollective(name);
  EXPECT_TRUE(op.ok()) << name << ": " << op.status();
  return op.ok() ? *std::move(op) : nullptr;
}

int64_t Wrong(const std::vector<CheckResult>& results) {
  int64_t wrong = 0;
  for (const CheckResult& r : results) wrong += r.wrong;
  return wrong;
}

TEST(RaceCheckSeedTest, EveryOperationGetsItsOwnSeed) {
  std::set<uint64_t> seeds = {kSeed};
  for (int k = 0; k < kRaceCheckOperations; ++k) seeds.insert(RaceCheckSeed(kSeed, k));
  EXPECT_EQ(seeds.size(), static_cast<size_t>(kRaceCheckOperations) + 1);
  EXPECT_GT(kRaceCheckOperations, 3 + 1);  // the push one-shot's 3 slots, plus one
}

class BuiltInKernelTest : public testing::TestWithParam<std::tuple<std::string, int, DType>> {};

TEST_P(BuiltInKernelTest, PassesTheRaceCheck) {
  const auto& [name, world_size, dtype] = GetParam();
  const std::vector<CheckResult> results =
      OnRanks(world_size, {}, [&, name = name, dtype = dtype](int, Backend* backend) {
        std::unique_ptr<Collective> op = Create(backend, name);
        return op == nullptr ? CheckResult{} : PrepareAndRaceCheck(backend, op.get(), dtype);
      });
  for (size_t r = 0; r < results.size(); ++r) {
    EXPECT_EQ(results[r].wrong, 0)
        << name << " rank " << r << ": first at index " << results[r].first_bad_index
        << " of operation " << results[r].operation << ": got " << results[r].got << " want "
        << results[r].want;
  }
}

INSTANTIATE_TEST_SUITE_P(SweptOps, BuiltInKernelTest,
                         testing::Combine(testing::ValuesIn(OpNames(OpFamily::kSweptCollective)),
                                          testing::Values(2, 3),
                                          testing::Values(DType::kBf16, DType::kFp32)),
                         [](const auto& info) {
                           return std::get<0>(info.param) + "_ws" +
                                  std::to_string(std::get<1>(info.param)) + "_" +
                                  DTypeName(std::get<2>(info.param));
                         });

// The swept ops with an in-place form on every backend (OpDescriptor::in_place).
std::vector<std::string> InPlaceOps() {
  std::vector<std::string> names;
  for (const OpDescriptor& op : Ops()) {
    if (op.in_place && op.family == OpFamily::kSweptCollective) names.push_back(op.name);
  }
  return names;
}

class BuiltInKernelInPlaceTest : public testing::TestWithParam<std::tuple<std::string, int>> {};

// The race check of the in-place form: the result over each rank's input, refilled before every
// operation.
TEST_P(BuiltInKernelInPlaceTest, PassesTheRaceCheckInPlace) {
  const auto& [name, world_size] = GetParam();
  const std::vector<CheckResult> results =
      OnRanks(world_size, {}, [&, name = name](int, Backend* backend) {
        std::unique_ptr<Collective> op = Create(backend, name);
        if (op == nullptr) return CheckResult{};
        EXPECT_TRUE(op->supports_in_place()) << name;
        return PrepareAndRaceCheck(backend, op.get(), DType::kBf16, /*in_place=*/true);
      });
  for (size_t r = 0; r < results.size(); ++r) {
    EXPECT_EQ(results[r].wrong, 0)
        << name << " rank " << r << ": first at index " << results[r].first_bad_index
        << " of operation " << results[r].operation;
  }
}

INSTANTIATE_TEST_SUITE_P(InPlaceOps, BuiltInKernelInPlaceTest,
                         testing::Combine(testing::ValuesIn(InPlaceOps()), testing::Values(2, 3)),
                         [](const auto& info) {
                           return std::get<0>(info.param) + "_ws" +
                                  std::to_string(std::get<1>(info.param));
                         });

// Kernel `name` with `faults` at 2 ranks: each rank's result of Prepare then the race check
// (`in_place`: of the in-place form).
std::vector<CheckResult> RaceCheckWithFaults(const std::string& name, const KernelFaults& faults,
                                             bool in_place = false) {
  return OnRanks(2, faults, [&](int, Backend* backend) {
    std::unique_ptr<Collective> op = Create(backend, name);
    return op == nullptr ? CheckResult{}
                         : PrepareAndRaceCheck(backend, op.get(), DType::kBf16, in_place);
  });
}

// Every op with an exit barrier, made to skip it (rank 1 reading late): the stale read is wrong
// data in the race check.
class SkippedExitBarrierTest : public testing::TestWithParam<std::string> {};

TEST_P(SkippedExitBarrierTest, FailsTheRaceCheck) {
  const std::string name = GetParam();
  KernelFaults faults;
  faults.skip_exit_barrier = true;
  faults.delayed_rank = 1;
  const std::vector<CheckResult> results = RaceCheckWithFaults(name, faults);
  EXPECT_GT(Wrong(results), 0) << name;
  for (const CheckResult& r : results) {
    if (r.wrong > 0) {
      EXPECT_GE(r.operation, 0);
    }
  }
}

std::vector<std::string> OpsWithExitBarriers() {
  std::vector<std::string> names;
  for (const OpDescriptor& op : Ops()) {
    if (op.exit_barrier && op.family == OpFamily::kSweptCollective) names.push_back(op.name);
  }
  return names;
}

INSTANTIATE_TEST_SUITE_P(ExitBarrierOps, SkippedExitBarrierTest,
                         testing::ValuesIn(OpsWithExitBarriers()));

// The same in place, for the ops with an exit barrier and an in-place form: a rank rewrites its
// input (the result, or the next operation's refill) while a peer still reads it.
class SkippedExitBarrierInPlaceTest : public testing::TestWithParam<std::string> {};

TEST_P(SkippedExitBarrierInPlaceTest, FailsTheRaceCheckInPlace) {
  const std::string name = GetParam();
  KernelFaults faults;
  faults.skip_exit_barrier = true;
  faults.delayed_rank = 1;
  EXPECT_GT(Wrong(RaceCheckWithFaults(name, faults, /*in_place=*/true)), 0) << name;
}

std::vector<std::string> InPlaceOpsWithExitBarriers() {
  std::vector<std::string> names;
  for (const std::string& name : InPlaceOps()) {
    if (FindOp(name)->exit_barrier) names.push_back(name);
  }
  return names;
}

INSTANTIATE_TEST_SUITE_P(ExitBarrierOps, SkippedExitBarrierInPlaceTest,
                         testing::ValuesIn(InPlaceOpsWithExitBarriers()));

// A kernel that reads its peers without waiting for them (a barrier kernel's entry barrier
// only signals; the push one-shot reads its slots at once), rank 0 (the broadcast's root, whose
// input every peer reads) leaving every operation 20 ms late: its peer reads an input it has not
// rewritten yet, or a slot it has not filled.
class SkippedPeerWaitTest : public testing::TestWithParam<std::string> {};

TEST_P(SkippedPeerWaitTest, FailsTheRaceCheck) {
  const std::string name = GetParam();
  KernelFaults faults;
  faults.skip_peer_wait = true;
  faults.delayed_rank = 0;
  EXPECT_GT(Wrong(RaceCheckWithFaults(name, faults)), 0) << name;
}

INSTANTIATE_TEST_SUITE_P(SweptCollectives, SkippedPeerWaitTest,
                         testing::ValuesIn(OpNames(OpFamily::kSweptCollective)));

// A kernel that reuses a receive slot before restoring it to "nothing arrived" (the push
// one-shot never clears one), rank 0 pushing 20 ms late: from the operation that brings a used
// slot round again on, its peer takes the old data in rank 0's segment for its push.
class ReusedSlotTest : public testing::TestWithParam<std::string> {};

TEST_P(ReusedSlotTest, FailsTheRaceCheck) {
  const std::string name = GetParam();
  KernelFaults faults;
  faults.reuse_slot_early = true;
  faults.delayed_rank = 0;
  EXPECT_GT(Wrong(RaceCheckWithFaults(name, faults)), 0) << name;
}

std::vector<std::string> OpsWithReceiveSlots() {
  std::vector<std::string> names;
  for (const OpDescriptor& op : Ops()) {
    if (op.receive_slots > 0) names.push_back(op.name);
  }
  return names;
}

INSTANTIATE_TEST_SUITE_P(SlotOps, ReusedSlotTest, testing::ValuesIn(OpsWithReceiveSlots()));

// A slot reused too early is seen only once the rotation brings it round: the race check must
// run past the deepest rotation of any kernel.
TEST(RaceCheckOperationsTest, OutlastEveryKernelsSlotRotation) {
  ASSERT_FALSE(OpsWithReceiveSlots().empty());
  for (const OpDescriptor& op : Ops()) {
    EXPECT_GE(kRaceCheckOperations, op.receive_slots + 1) << op.name;
  }
}

// A kernel that copies the result it computed first: right on the inputs it was computed from,
// so the check right after Prepare and the checks of the timed batches pass, and wrong on every
// rank as soon as the inputs change.
class CachedResultTest : public testing::TestWithParam<std::string> {};

TEST_P(CachedResultTest, PassesTheUnchangingChecksAndFailsTheRaceCheck) {
  const std::string name = GetParam();
  v1::Fault fault;
  fault.set_kind(v1::Fault::cached_result);
  std::vector<CheckResult> unchanging(2);
  const std::vector<CheckResult> raced = OnRanks(2, {}, [&](int rank, Backend* backend) {
    std::unique_ptr<Collective> op = Create(backend, name);
    if (op == nullptr) return CheckResult{};
    op = InjectFaults(std::move(op), fault, rank);
    EXPECT_TRUE(op->Prepare(kCount, DType::kBf16, kSeed).ok());
    // The check right after Prepare, then a timed batch's: poison, run twice, reference.
    for (int batch = 0; batch < 2; ++batch) {
      EXPECT_TRUE(op->PoisonOutputs().ok());
      for (int i = 0; i <= batch; ++i) EXPECT_TRUE(op->Run().ok());
      EXPECT_TRUE(op->RunReference().ok());
      absl::StatusOr<CheckResult> checked = op->Check();
      EXPECT_TRUE(checked.ok()) << checked.status();
      if (checked.ok()) unchanging[rank].wrong += checked->wrong;
    }
    absl::StatusOr<CheckResult> checked = RaceCheck(backend, op.get(), kSeed);
    EXPECT_TRUE(checked.ok()) << checked.status();
    return checked.ok() ? *checked : CheckResult{};
  });
  EXPECT_EQ(Wrong(unchanging), 0) << name;
  for (size_t r = 0; r < raced.size(); ++r) {
    EXPECT_GT(raced[r].wrong, 0) << name << " rank " << r;
    EXPECT_EQ(raced[r].operation, 0) << name << " rank " << r;
  }
}

INSTANTIATE_TEST_SUITE_P(SweptOps, CachedResultTest,
                         testing::ValuesIn(OpNames(OpFamily::kSweptCollective)));

// A collective without a race check: UNIMPLEMENTED, and nothing was run.
class NoRaceCheck final : public Collective {
 public:
  absl::Status Prepare(int64_t, DType, uint64_t) override { return absl::OkStatus(); }
  absl::Status PoisonOutputs() override { return absl::OkStatus(); }
  absl::Status Run() override {
    ++runs;
    return absl::OkStatus();
  }
  absl::Status RunReference() override { return absl::OkStatus(); }
  absl::StatusOr<CheckResult> Check() override { return CheckResult{}; }
  std::string reference_name() const override { return "none"; }
  int runs = 0;
};

TEST(RaceCheckTest, ACollectiveWithoutOneIsUnimplementedAndNotRun) {
  OnRanks(1, {}, [](int, Backend* backend) {
    NoRaceCheck op;
    EXPECT_TRUE(absl::IsUnimplemented(RaceCheck(backend, &op, kSeed).status()));
    EXPECT_EQ(op.runs, 0);
    return CheckResult{};
  });
}

}  // namespace
}  // namespace symmbench
