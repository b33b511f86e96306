// Worker faults with real processes: a rank that is killed, stopped, fails its kernel call, or
// corrupts its result. Each job must end FAILED naming the rank and the reason within its
// timeout, leave no worker behind, free its devices for the next queued job, and never report
// a corrupted result as a good figure. Fault injection needs --allow-fault-injection.
#include <gtest/gtest.h>
#include <signal.h>

#include <chrono>
#include <thread>

#include "kernels/ops/registry.h"
#include "tests/rpc_test_util.h"
#include "tests/test_util.h"

namespace symmbench::testing {
namespace {

void SetFault(v1::JobSpec* spec, v1::Fault::Kind kind, int rank) {
  spec->mutable_inject_fault()->set_kind(kind);
  spec->mutable_inject_fault()->set_rank(rank);
}

// A GEMM job of `kernel` on 2 CPU ranks: bf16, one 128 x 64 x 64 shape, 2 splits per rank.
v1::JobSpec SmallCpuGemmSpec(const std::string& kernel) {
  v1::JobSpec spec = SmallCpuSpec(2, {});
  spec.set_kernel(kernel);
  spec.set_dtype(v1::bf16);
  v1::GemmShape* shape = spec.mutable_gemm()->add_shapes();
  shape->set_m(128);
  shape->set_n(64);
  shape->set_k(64);
  spec.mutable_gemm()->set_splits_per_rank(2);
  return spec;
}

using std::chrono::milliseconds;
using std::chrono::seconds;

bool WaitWorkers(const std::string& id, size_t n) {
  for (int i = 0; i < 400; ++i) {
    if (WorkerPids(id).size() == n) return true;
    std::this_thread::sleep_for(milliseconds(25));
  }
  return false;
}

class WorkerFaultTest : public ::testing::Test {
 protected:
  void SetUp() override {
    daemon_ = std::make_unique<Daemon>(MakeTempDir("worker_fault"), 2);
    daemon_->set_extra_args({"--allow-fault-injection"});
    std::string error;
    ASSERT_TRUE(daemon_->Start(&error)) << error;
    stub_ = CoordinatorStub(daemon_->address());
  }

  std::string SubmitOk(const v1::JobSpec& spec) {
    v1::Job job;
    grpc::Status status = Submit(stub_.get(), spec, &job);
    EXPECT_TRUE(status.ok()) << status.error_message();
    return job.job_id();
  }

  // The job queued behind the faulty one (same devices) runs and succeeds once it is freed.
  void ExpectNextJobSucceeds(const std::string& next) {
    v1::Job job = WaitFinal(stub_.get(), next, seconds(60));
    EXPECT_EQ(job.state(), v1::SUCCEEDED) << job.error();
    EXPECT_EQ(job.rows_size(), 1);
  }

  // Every rank of `id` is gone and both devices are free (or held by `except`, the next job).
  void ExpectCleanedUp(const std::string& id) {
    for (int i = 0; i < 200 && !WorkerPids(id).empty(); ++i) {
      std::this_thread::sleep_for(milliseconds(25));
    }
    EXPECT_TRUE(WorkerPids(id).empty()) << "a worker of " << id << " is still running";
    v1::ListDevicesResponse devices;
    ASSERT_TRUE(stub_->ListDevices(Context().get(), {}, &devices).ok());
    for (const v1::Device& d : devices.devices()) EXPECT_NE(d.job_id(), id);
  }

  std::unique_ptr<Daemon> daemon_;
  std::unique_ptr<v1::Coordinator::Stub> stub_;
};

TEST_F(WorkerFaultTest, KilledRankFailsTheJobNamingItAndTheNextJobRuns) {
  v1::JobSpec spec = LongCpuSpec(2);
  spec.set_timeout_s(60);
  const std::string id = SubmitOk(spec);
  const std::string next = SubmitOk(SmallCpuSpec(2, {4096}));
  ASSERT_TRUE(WaitRunning(stub_.get(), id));
  ASSERT_TRUE(WaitWorkers(id, 2));
  const pid_t rank0 = WorkerPid(id, 0);
  const pid_t rank1 = WorkerPid(id, 1);
  ASSERT_GT(rank1, 0);
  ASSERT_EQ(kill(rank1, SIGKILL), 0);
  // Ended by the death, not by the job's 60 s timeout: the error names the signal, and the
  // record ends well before that timeout (by the job's own clock, not this busy test's).
  v1::Job job = WaitFinal(stub_.get(), id, seconds(60));
  EXPECT_LT(job.end_time_unix_ms() - job.start_time_unix_ms(), 30000);
  EXPECT_EQ(job.state(), v1::FAILED);
  EXPECT_EQ(job.failed_rank(), 1);
  EXPECT_NE(job.error().find("rank 1 was killed by signal 9"), std::string::npos) << job.error();
  ExpectCleanedUp(id);
  EXPECT_NE(kill(rank0, 0), 0) << "rank 0 survived its peer";
  ExpectNextJobSucceeds(next);
}

TEST_F(WorkerFaultTest, StoppedRankFailsTheJobAtItsTimeoutNamingIt) {
  v1::JobSpec spec = LongCpuSpec(2);
  spec.set_timeout_s(3);
  const std::string id = SubmitOk(spec);
  const std::string next = SubmitOk(SmallCpuSpec(2, {4096}));
  ASSERT_TRUE(WaitRunning(stub_.get(), id));
  ASSERT_TRUE(WaitWorkers(id, 2));
  const pid_t rank1 = WorkerPid(id, 1);
  ASSERT_GT(rank1, 0);
  ASSERT_EQ(kill(rank1, SIGSTOP), 0);
  v1::Job job = WaitFinal(stub_.get(), id, seconds(30));
  // At its timeout, by the job's own record (3 s from its start, plus the daemon's polling and
  // the reaping): never before it, and far below anything else that could end it (the workers'
  // own waits of 120 s). The record, not this test's clock, so that a busy host delaying this
  // process cannot fail it.
  const int64_t ran_ms = job.end_time_unix_ms() - job.start_time_unix_ms();
  EXPECT_GE(ran_ms, 3000);
  EXPECT_LT(ran_ms, 3000 + 10000);
  EXPECT_EQ(job.state(), v1::FAILED);
  EXPECT_EQ(job.failed_rank(), 1);
  EXPECT_NE(job.error().find("timed out after 3 s"), std::string::npos) << job.error();
  EXPECT_NE(job.error().find("rank 1 is stopped"), std::string::npos) << job.error();
  ExpectCleanedUp(id);  // SIGKILL ends a stopped process too
  ExpectNextJobSucceeds(next);
}

TEST_F(WorkerFaultTest, FailedKernelCallOnOneRankFailsTheJobAndStopsThePeers) {
  v1::JobSpec spec = SmallCpuSpec(2, {4096, 65536});
  SetFault(&spec, v1::Fault::rank_error, 1);
  const std::string id = SubmitOk(spec);
  const std::string next = SubmitOk(SmallCpuSpec(2, {4096}));
  v1::Job job = WaitFinal(stub_.get(), id, seconds(60));
  // Far below every wait's own timeout (the worker's 120 s), by the job's own record: the peer
  // did not sit it out.
  EXPECT_LT(job.end_time_unix_ms() - job.start_time_unix_ms(), 60000);
  EXPECT_EQ(job.state(), v1::FAILED);
  EXPECT_EQ(job.failed_rank(), 1);
  EXPECT_EQ(job.error().rfind("rank 1: ", 0), 0u) << job.error();
  EXPECT_NE(job.error().find("injected fault"), std::string::npos) << job.error();
  EXPECT_NE(job.error().find("kernel call failed"), std::string::npos) << job.error();
  EXPECT_EQ(job.rows_size(), 0);
  ExpectCleanedUp(id);
  ExpectNextJobSucceeds(next);
}

TEST_F(WorkerFaultTest, CorruptedResultIsCaughtByVerificationAndNeverPublished) {
  v1::JobSpec spec = SmallCpuSpec(2, {4096, 65536});
  SetFault(&spec, v1::Fault::flip_element, 0);
  const std::string id = SubmitOk(spec);
  v1::Job job = WaitFinal(stub_.get(), id, seconds(60));
  EXPECT_EQ(job.state(), v1::FAILED);
  // Every rank sees the gathered counts and stops; whichever reports first is recorded, and
  // the message names the rank whose output was wrong.
  EXPECT_GE(job.failed_rank(), 0) << job.error();
  EXPECT_NE(job.error().find("verification failed: 1 wrong elements on rank 0"), std::string::npos)
      << job.error();
  // No good row: the first size's row says what went wrong, and nothing after it ran.
  ASSERT_EQ(job.rows_size(), 1);
  EXPECT_EQ(job.rows(0).wrong(), 1);
  EXPECT_TRUE(job.rows(0).checked());
  ExpectCleanedUp(id);
  // No figure reached the metrics: only the verification failure counts.
  const std::string metrics = ScrapeMetrics(daemon_->metrics_address());
  ASSERT_FALSE(metrics.empty());
  EXPECT_NE(metrics.find("symmbench_verification_failures_total{"), std::string::npos);
  EXPECT_EQ(metrics.find("symmbench_busbw_bytes_per_second{"), std::string::npos) << metrics;
  EXPECT_EQ(metrics.find("symmbench_kernel_latency_seconds_count{"), std::string::npos);
}

// Only the timed operations are wrong (the first check passes): the check after every timed
// batch fails the job, and no figure is published.
TEST_F(WorkerFaultTest, CorruptedTimedOperationsFailTheJob) {
  v1::JobSpec spec = SmallCpuSpec(2, {4096, 65536});
  SetFault(&spec, v1::Fault::flip_timed, 1);
  spec.set_repeats(2);
  const std::string id = SubmitOk(spec);
  v1::Job job = WaitFinal(stub_.get(), id, seconds(60));
  EXPECT_EQ(job.state(), v1::FAILED);
  // One wrong element in the check of each timed batch: 2 passes of 3 (3 iters, a batch each).
  EXPECT_NE(job.error().find("verification failed: 6 wrong elements on rank 1"), std::string::npos)
      << job.error();
  // fp32 with its lowest mantissa bit flipped: the message shows the two values apart.
  const size_t got = job.error().find(": got ");
  const size_t want = job.error().find(" want ", got);
  ASSERT_NE(got, std::string::npos) << job.error();
  ASSERT_NE(want, std::string::npos) << job.error();
  EXPECT_NE(job.error().substr(got + 7, want - got - 7), job.error().substr(want + 6))
      << job.error();
  ASSERT_EQ(job.rows_size(), 1);
  EXPECT_EQ(job.rows(0).wrong(), 6);
  ExpectCleanedUp(id);
  const std::string metrics = ScrapeMetrics(daemon_->metrics_address());
  EXPECT_NE(metrics.find("symmbench_verification_failures_total{"), std::string::npos);
  EXPECT_EQ(metrics.find("symmbench_kernel_latency_seconds_count{"), std::string::npos);
}

// Kernel bugs that every check on unchanging inputs misses fail the job once the race check
// changes the inputs: every swept op with an exit barrier made to skip it (rank 1 reads late:
// whichever check follows the first change of its peer's input sees the stale read, and a
// two-shot's peers see its late slice), every swept op copying a cached result (only the
// race check's operations see that, from its first one on), and every swept op reading its
// peers without waiting for them (rank 0, whose input every peer reads, leaves every operation
// late), and every op with receive slots reusing one before it is cleared (rank 0 pushes late).
TEST_F(WorkerFaultTest, SkippedBarriersWaitsAndCachedResultsFailTheJob) {
  std::vector<std::pair<std::string, v1::Fault::Kind>> jobs;
  for (const OpDescriptor& op : Ops()) {
    if (op.family != OpFamily::kSweptCollective) continue;
    if (op.exit_barrier) jobs.emplace_back(op.name, v1::Fault::skip_exit_barrier);
    jobs.emplace_back(op.name, v1::Fault::cached_result);
    jobs.emplace_back(op.name, v1::Fault::skip_peer_wait);
    if (op.receive_slots > 0) jobs.emplace_back(op.name, v1::Fault::reuse_slot_early);
  }
  ASSERT_GE(jobs.size(), 23u);
  for (const auto& [kernel, kind] : jobs) {
    v1::JobSpec spec = SmallCpuSpec(2, {4096}, 2);
    spec.set_kernel(kernel);
    SetFault(&spec, kind, kind == v1::Fault::skip_exit_barrier ? 1 : 0);
    const v1::Job job = WaitFinal(stub_.get(), SubmitOk(spec), seconds(60));
    const std::string what = kernel + " " + v1::Fault::Kind_Name(kind);
    EXPECT_EQ(job.state(), v1::FAILED) << what;
    EXPECT_NE(job.error().find("verification failed"), std::string::npos)
        << what << ": " << job.error();
    EXPECT_GE(job.failed_rank(), 0) << what << ": " << job.error();
    if (kind == v1::Fault::cached_result) {
      EXPECT_NE(job.error().find("(race check: operation 0, "), std::string::npos)
          << what << ": " << job.error();
    }
  }
}

// The GEMM ops: a skipped exit barrier (every rank; rank 1 computing 20 ms late) and a cached
// result (the fused op ran once, its C kept) fail their job in the race check, which the
// checks against the reference on unchanging inputs would not.
TEST_F(WorkerFaultTest, GemmOpsWithASkippedExitBarrierOrACachedResultFailTheJob) {
  for (const char* kernel : {ops::kAgGemm, ops::kMatmulReduceScatter}) {
    for (v1::Fault::Kind kind : {v1::Fault::skip_exit_barrier, v1::Fault::cached_result}) {
      v1::JobSpec spec = SmallCpuGemmSpec(kernel);
      SetFault(&spec, kind, kind == v1::Fault::skip_exit_barrier ? 1 : 0);
      const v1::Job job = WaitFinal(stub_.get(), SubmitOk(spec), seconds(60));
      const std::string what = std::string(kernel) + " " + v1::Fault::Kind_Name(kind);
      EXPECT_EQ(job.state(), v1::FAILED) << what;
      EXPECT_NE(job.error().find("verification failed"), std::string::npos)
          << what << ": " << job.error();
      if (kind == v1::Fault::cached_result) {
        EXPECT_NE(job.error().find("(race check: operation 0, "), std::string::npos)
            << what << ": " << job.error();
      }
    }
  }
}

// A GEMM op whose timed operations do nothing (inject_fault flip_timed: every run of a checked
// variant but the first after Prepare, whose check passes, leaves the poison each timed batch
// starts with): the check of every timed batch's C counts each of its rows wrong, beside the
// race check's rows.
TEST_F(WorkerFaultTest, GemmTimedOperationsThatDoNothingFailEveryBatchCheck) {
  v1::JobSpec spec = SmallCpuGemmSpec(ops::kMatmulReduceScatter);
  spec.mutable_gemm()->set_splits_per_rank(1);
  spec.set_repeats(1);
  SetFault(&spec, v1::Fault::flip_timed, 0);
  const v1::Job job = WaitFinal(stub_.get(), SubmitOk(spec), seconds(60));
  EXPECT_EQ(job.state(), v1::FAILED);
  EXPECT_NE(job.error().find("verification failed"), std::string::npos) << job.error();
  ASSERT_EQ(job.rows_size(), 1) << job.error();
  // 3 timed batches (3 iters, a batch each) of each checked variant (fused and tile_push), each
  // checking the 64 rows of C_shard on 2 ranks.
  EXPECT_EQ(job.rows(0).wrong() - job.rows(0).gemm().race_wrong_rows(), 2 * 3 * 64 * 2);
  EXPECT_GT(job.rows(0).gemm().race_wrong_rows(), 0);
}

// The job names the rank whose result was wrong, not whichever rank reported first: rank 0 sees
// rank 1's count too, and used to win that race about 1 time in 10.
TEST_F(WorkerFaultTest, AWrongResultOnRank1IsNamedRank1EveryTime) {
  for (int run = 0; run < 6; ++run) {
    v1::JobSpec spec = SmallCpuSpec(2, {4096});
    SetFault(&spec, v1::Fault::flip_element, 1);
    spec.set_repeats(1);
    const std::string id = SubmitOk(spec);
    v1::Job job = WaitFinal(stub_.get(), id, seconds(60));
    EXPECT_EQ(job.state(), v1::FAILED) << run;
    EXPECT_EQ(job.failed_rank(), 1) << run << ": " << job.error();
    EXPECT_EQ(job.error().rfind("rank 1: ", 0), 0u) << run << ": " << job.error();
  }
}

// The same for a reduce-scatter, whose output is one shard per rank.
TEST_F(WorkerFaultTest, AWrongReduceScatterShardOnRank1IsNamedRank1) {
  v1::JobSpec spec = SmallCpuSpec(2, {4096});
  spec.set_kernel("one_shot_reduce_scatter");
  SetFault(&spec, v1::Fault::flip_element, 1);
  spec.set_repeats(1);
  const std::string id = SubmitOk(spec);
  v1::Job job = WaitFinal(stub_.get(), id, seconds(60));
  EXPECT_EQ(job.state(), v1::FAILED);
  EXPECT_EQ(job.failed_rank(), 1) << job.error();
  EXPECT_NE(job.error().find("verification failed"), std::string::npos) << job.error();
}

TEST_F(WorkerFaultTest, BadFaultValuesAreRefusedNamingTheField) {
  v1::JobSpec spec = SmallCpuSpec(2, {4096});
  // A rank outside the job, a kind this daemon does not know, a rank without a kind.
  for (const auto& [kind, rank] : std::vector<std::pair<int, int>>{{1, 2}, {9, 0}, {0, 1}}) {
    SetFault(&spec, static_cast<v1::Fault::Kind>(kind), rank);
    v1::Job job;
    grpc::Status status = Submit(stub_.get(), spec, &job);
    EXPECT_EQ(status.error_code(), grpc::StatusCode::INVALID_ARGUMENT) << kind << ":" << rank;
    EXPECT_EQ(status.error_message().rfind("inject_fault.", 0), 0u) << status.error_message();
  }
}

TEST(FaultInjectionGateTest, RefusedUnlessTheDaemonAllowsIt) {
  Daemon daemon(MakeTempDir("fault_gate"), 2);
  std::string error;
  ASSERT_TRUE(daemon.Start(&error)) << error;
  auto stub = CoordinatorStub(daemon.address());
  v1::JobSpec spec = SmallCpuSpec(2, {4096});
  SetFault(&spec, v1::Fault::flip_element, 0);
  v1::Job job;
  grpc::Status status = Submit(stub.get(), spec, &job);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::FAILED_PRECONDITION);
  EXPECT_NE(status.error_message().find("inject_fault"), std::string::npos)
      << status.error_message();
  EXPECT_NE(status.error_message().find("--allow-fault-injection"), std::string::npos);
  // Nothing was stored.
  v1::ListJobsResponse jobs;
  ASSERT_TRUE(stub->ListJobs(Context().get(), {}, &jobs).ok());
  EXPECT_EQ(jobs.jobs_size(), 0);
}

}  // namespace
}  // namespace symmbench::testing
