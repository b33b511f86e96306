// The coordinator's Prometheus endpoint with real processes: after CPU jobs (one verified, one
// refused), /metrics carries job, row, queue, device, RPC and Store figures, no job id, and
// passes `promtool check metrics` (when Debian's prometheus package is installed).
#include <gtest/gtest.h>
#include <unistd.h>

#include <fstream>

#include "tests/test_util.h"

namespace symmbench::testing {
namespace {

TEST(MetricsEndpointTest, ExposesJobRowRpcAndStoreMetrics) {
  const std::string dir = MakeTempDir("metrics");
  Daemon daemon(dir, 2);
  std::string error;
  ASSERT_TRUE(daemon.Start(&error)) << error;
  ASSERT_FALSE(daemon.metrics_address().empty());
  CommandResult result;
  nlohmann::json job = daemon.ClientJson(
      {"submit", "--world-size", "2", "--sizes", "2K,64K", "--iters", "3", "--wait"}, &result);
  ASSERT_EQ(result.exit_code, 0) << result.out << result.err;
  EXPECT_EQ(daemon.Client({"submit", "--world-size", "0", "--sizes", "2K"}).exit_code, 2);

  const std::string body = ScrapeMetrics(daemon.metrics_address());
  ASSERT_FALSE(body.empty());
  for (const char* needle : {
           "symmbench_jobs_total{",
           "state=\"succeeded\"",
           "symmbench_kernel_latency_seconds_bucket{",
           "kernel=\"one_shot_all_reduce\"",
           "size_bucket=\"2KiB\"",
           "size_bucket=\"64KiB\"",
           "symmbench_busbw_bytes_per_second{",
           "symmbench_queue_depth 0",
           "symmbench_jobs_running 0",
           "symmbench_devices{state=\"free\"} 2",
           "symmbench_rpc_requests_total{",
           "method=\"Coordinator/SubmitJob\"",
           "code=\"INVALID_ARGUMENT\"",
           "symmbench_store_op_duration_seconds_count{op=\"Wait\"}",
           "symmbench_build_info{",
       }) {
    EXPECT_NE(body.find(needle), std::string::npos) << needle << "\n" << body;
  }
  EXPECT_EQ(body.find(job["job_id"].get<std::string>()), std::string::npos);

  if (access("/usr/bin/promtool", X_OK) != 0) {
    GTEST_SKIP() << "promtool not installed (Debian package prometheus): lint not run";
  }
  const std::string path = dir + "/metrics.txt";
  std::ofstream(path) << body;
  CommandResult lint = RunCommand({"/bin/sh", "-c", "/usr/bin/promtool check metrics < " + path});
  EXPECT_EQ(lint.exit_code, 0) << lint.out << lint.err;
  EXPECT_EQ(lint.out + lint.err, "") << "promtool found problems";
}

}  // namespace
}  // namespace symmbench::testing
