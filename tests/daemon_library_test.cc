// The daemon as a library (server/daemon.h), in this process on port 0: it serves a CPU job
// with the real worker binary, refuses options that do not fit together (INVALID_ARGUMENT, what
// symmbenchd exits 2 for) and a database another daemon holds, and Shutdown ends Wait.
#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "server/daemon.h"
#include "tests/rpc_test_util.h"
#include "tests/test_util.h"

namespace symmbench {
namespace {

DaemonOptions CpuOptions(const std::string& dir) {
  DaemonOptions options;
  options.listen = "127.0.0.1:0";
  options.metrics_listen = "127.0.0.1:0";
  options.backend = "cpu";
  options.cpu_slots = 2;
  options.db = dir + "/jobs.db";
  options.log_dir = dir + "/logs";
  options.worker = testing::RunfilePath("worker/symmbench-worker");
  return options;
}

TEST(DaemonLibraryTest, ServesAJobInProcessAndShutsDown) {
  const std::string dir = testing::MakeTempDir("daemon_library");
  absl::StatusOr<std::unique_ptr<Daemon>> daemon = Daemon::BuildAndStart(CpuOptions(dir));
  ASSERT_TRUE(daemon.ok()) << daemon.status();
  EXPECT_NE((*daemon)->address(), "127.0.0.1:0");
  EXPECT_FALSE((*daemon)->metrics_address().empty());

  auto stub = testing::CoordinatorStub((*daemon)->address());
  v1::Job job;
  grpc::Status submitted = testing::Submit(stub.get(), testing::SmallCpuSpec(2, {4096}), &job);
  ASSERT_TRUE(submitted.ok()) << submitted.error_message();
  const v1::Job done = testing::WaitFinal(stub.get(), job.job_id());
  EXPECT_EQ(done.state(), v1::SUCCEEDED) << done.error();
  ASSERT_EQ(done.rows_size(), 1);
  EXPECT_EQ(done.rows(0).wrong(), 0);

  // A second daemon on the same database is refused while the first holds it.
  DaemonOptions second = CpuOptions(dir);
  absl::StatusOr<std::unique_ptr<Daemon>> refused = Daemon::BuildAndStart(second);
  EXPECT_EQ(refused.status().code(), absl::StatusCode::kFailedPrecondition) << refused.status();

  std::thread waiter([&] { (*daemon)->Wait(); });
  (*daemon)->Shutdown();
  waiter.join();  // Wait returns once Shutdown has stopped the server
  daemon->reset();

  // The database is free again: a new daemon reads the job back.
  absl::StatusOr<std::unique_ptr<Daemon>> again = Daemon::BuildAndStart(CpuOptions(dir));
  ASSERT_TRUE(again.ok()) << again.status();
  auto stub2 = testing::CoordinatorStub((*again)->address());
  v1::Job read;
  ASSERT_TRUE(testing::GetJob(stub2.get(), job.job_id(), &read).ok());
  EXPECT_EQ(read.state(), v1::SUCCEEDED);
}

TEST(DaemonLibraryTest, OptionsThatDoNotFitAreInvalidArguments) {
  const std::string dir = testing::MakeTempDir("daemon_library_bad");
  DaemonOptions options = CpuOptions(dir);
  options.launcher = "slurm";
  options.backend = "auto";
  absl::StatusOr<std::unique_ptr<Daemon>> daemon = Daemon::BuildAndStart(options);
  EXPECT_EQ(daemon.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_NE(daemon.status().message().find("--backend"), absl::string_view::npos)
      << daemon.status();

  options = CpuOptions(dir);
  options.launch_command = "/bin/true";  // without --launcher command
  daemon = Daemon::BuildAndStart(options);
  EXPECT_EQ(daemon.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_NE(daemon.status().message().find("--launch-command"), absl::string_view::npos);
}

}  // namespace
}  // namespace symmbench
