// Tests for the launchers' parts that need no cluster: RunCommand, the reading of Slurm's job
// states, and the worker command line. (The Slurm launcher against a real slurmctld and slurmd:
// tests/slurm_test.)
#include "server/launch/launcher.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>

#include "server/launch/slurm_launcher.h"
#include "server/launch/subprocess.h"

namespace symmbench {
namespace {

TEST(RunCommandTest, CapturesOutputAndExitCode) {
  absl::StatusOr<CommandOutput> out = RunCommand({"sh", "-c", "echo hello; echo oops >&2; exit 3"},
                                                 nullptr, std::chrono::seconds(10));
  ASSERT_TRUE(out.ok()) << out.status();
  EXPECT_EQ(out->exit_code, 3);
  EXPECT_EQ(out->out, "hello\n");
  EXPECT_EQ(out->err, "oops\n");
}

TEST(RunCommandTest, PassesTheGivenEnvironmentOnly) {
  const std::vector<std::string> env = {"PATH=/usr/bin:/bin", "SYMMBENCH_X=42"};
  absl::StatusOr<CommandOutput> out =
      RunCommand({"sh", "-c", "echo $SYMMBENCH_X $HOME"}, &env, std::chrono::seconds(10));
  ASSERT_TRUE(out.ok()) << out.status();
  EXPECT_EQ(out->out, "42\n");
}

TEST(RunCommandTest, MissingProgramIsNotFound) {
  absl::StatusOr<CommandOutput> out =
      RunCommand({"/nonexistent/sbatch"}, nullptr, std::chrono::seconds(10));
  EXPECT_EQ(out.status().code(), absl::StatusCode::kNotFound);
  EXPECT_NE(out.status().message().find("/nonexistent/sbatch"), std::string::npos);
}

TEST(RunCommandTest, KillsWhatRunsPastTheDeadline) {
  const auto start = std::chrono::steady_clock::now();
  absl::StatusOr<CommandOutput> out =
      RunCommand({"sleep", "30"}, nullptr, std::chrono::milliseconds(200));
  EXPECT_EQ(out.status().code(), absl::StatusCode::kDeadlineExceeded);
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(10));
}

TEST(SlurmStateTest, CompletedEndsCleanly) {
  const SlurmLauncher::JobState s = InterpretSlurmState("12", "COMPLETED", "None", "0", "/l");
  EXPECT_TRUE(s.ended);
  EXPECT_FALSE(s.failed);
  EXPECT_EQ(s.why, "");
}

TEST(SlurmStateTest, FailureNamesStateReasonExitCodeAndLog) {
  // squeue's exit_code is a wait status: 36608 = 143 << 8.
  const SlurmLauncher::JobState s =
      InterpretSlurmState("12", "FAILED", "NonZeroExitCode", "36608", "/logs/j.slurm-12.log");
  EXPECT_TRUE(s.ended);
  EXPECT_TRUE(s.failed);
  EXPECT_EQ(s.why,
            "Slurm job 12 FAILED (NonZeroExitCode, exit code 143:0); log /logs/j.slurm-12.log");
  // sacct's form.
  const SlurmLauncher::JobState c = InterpretSlurmState("7", "CANCELLED by 0", "None", "0:9", "");
  EXPECT_TRUE(c.failed);
  EXPECT_EQ(c.why, "Slurm job 7 CANCELLED by 0 (exit code 0:9)");
}

TEST(SlurmStateTest, PendingAndRunningAreNotEnded) {
  for (const char* state : {"PENDING", "RUNNING", "COMPLETING", "CONFIGURING", "SUSPENDED"}) {
    const SlurmLauncher::JobState s = InterpretSlurmState("3", state, "Resources", "0", "");
    EXPECT_FALSE(s.ended) << state;
    EXPECT_FALSE(s.failed) << state;
  }
  EXPECT_EQ(InterpretSlurmState("3", "PENDING", "Resources", "0", "").why,
            "Slurm job 3 PENDING (Resources)");
}

// Slurm requeues and holds a job whose batch step could not start; it would wait forever.
TEST(SlurmStateTest, HeldAfterAFailedLaunchFails) {
  const SlurmLauncher::JobState s =
      InterpretSlurmState("5", "PENDING", "launch failed requeued held", "0", "/l");
  EXPECT_FALSE(s.ended);
  EXPECT_TRUE(s.failed);
  EXPECT_EQ(s.why, "Slurm job 5 PENDING (launch failed requeued held); log /l");
}

// The line a failed worker's error carries: its first error, without spdlog's prefix.
TEST(FirstErrorLineTest, FirstErrorElseLastLine) {
  const std::string path = ::testing::TempDir() + "/rank0.log";
  std::ofstream(path) << "[2026-12-07 10:00:00.000] [symmbench-worker] [info] rank 0 starting\n"
                      << "E1207 10:00:00.100 123 ssl_transport_security.cc:1519] Handshake failed\n"
                      << "[2026-12-07 10:00:00.200] [symmbench-worker] [critical] cannot reach "
                         "the coordinator: UNAVAILABLE\n";
  EXPECT_EQ(FirstErrorLine(path),
            "E1207 10:00:00.100 123 ssl_transport_security.cc:1519] Handshake failed");
  std::ofstream(path) << "[2026-12-07 10:00:00.000] [symmbench-worker] [info] starting\n"
                      << "[2026-12-07 10:00:00.200] [symmbench-worker] [error] rank 0: bad thing\n";
  EXPECT_EQ(FirstErrorLine(path), "rank 0: bad thing");
  std::ofstream(path) << "plain words\nthe last one\n\n";
  EXPECT_EQ(FirstErrorLine(path), "the last one");
  // JSON lines (--log-format json): the message alone.
  std::ofstream(path)
      << R"({"time":"2026-12-07T10:00:00.000000Z","level":"info","logger":"worker","msg":"up"})"
      << "\n"
      << R"({"time":"2026-12-07T10:00:00.100000Z","level":"error","logger":"worker",)"
      << R"("msg":"rank 1: \"bad\" thing","job_id":"j-000002","rank":1})"
      << "\n";
  EXPECT_EQ(FirstErrorLine(path), "rank 1: \"bad\" thing");
  std::ofstream(path) << R"({"level":"info","logger":"worker","msg":"NCCL WARN last words"})"
                      << "\n";
  EXPECT_EQ(FirstErrorLine(path), "NCCL WARN last words");
  std::ofstream(path) << std::string(5000, 'x') << "\n";
  EXPECT_EQ(FirstErrorLine(path, 100).size(), 100u);
  EXPECT_EQ(FirstErrorLine(::testing::TempDir() + "/missing.log"), "");
}

TEST(WorkerCommandTest, OrderAndOptionalFlags) {
  LaunchRequest request;
  request.job_id = "j-000001";
  request.backend = v1::cpu;
  request.devices = {0, 1, 2};
  request.coordinator_address = "10.0.0.1:7070";
  request.tls_ca = "/ca.pem";
  const std::vector<std::string> args = WorkerCommand("/w", request, {"--rank", "1"});
  EXPECT_EQ(args, (std::vector<std::string>{"/w", "--coordinator", "10.0.0.1:7070", "--job-id",
                                            "j-000001", "--world-size", "3", "--backend", "cpu",
                                            "--rank", "1", "--tls-ca", "/ca.pem"}));
  request.log_format = "json";  // the daemon's format, for every line of every worker
  EXPECT_EQ(WorkerCommand("/w", request, {}).back(), "json");
}

TEST(WorkerEnvironmentTest, JobAndMulticastOffReplaceInheritedValues) {
  setenv("NCCL_NVLS_ENABLE", "1", 1);
  LaunchRequest request;
  request.job_id = "j-000009";
  request.devices = {0, 1};
  request.coordinator_address = "10.0.0.1:7070";
  request.secret = "s3cret";
  const std::vector<std::string> env = WorkerEnvironment(request);
  int nvls = 0;
  for (const std::string& e : env) {
    if (e.rfind("NCCL_NVLS_ENABLE=", 0) == 0) {
      ++nvls;
      EXPECT_EQ(e, "NCCL_NVLS_ENABLE=0");
    }
  }
  EXPECT_EQ(nvls, 1);
  for (const char* want : {"SYMMBENCH_JOB_SECRET=s3cret", "SYMMBENCH_COORDINATOR=10.0.0.1:7070",
                           "SYMMBENCH_JOB_ID=j-000009", "SYMMBENCH_WORLD_SIZE=2"}) {
    EXPECT_NE(std::find(env.begin(), env.end(), want), env.end()) << want;
  }
}

}  // namespace
}  // namespace symmbench
