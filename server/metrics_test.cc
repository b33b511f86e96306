// Tests of CoordinatorMetrics: families, labels and values in the text exposition, no job id
// anywhere, the loopback /metrics endpoint, and promtool's lint when it is installed.
#include "server/metrics.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "common/build_info.h"
#include "gtest/gtest.h"

namespace symmbench {
namespace {

constexpr char kJobId[] = "j-000042";
constexpr char kGemmJobId[] = "j-000043";

v1::Job AllReduceJob() {
  v1::Job job;
  job.set_job_id(kJobId);
  job.set_backend(v1::cuda);
  job.set_state(v1::RUNNING);
  job.mutable_spec()->set_kernel("one_shot_all_reduce");
  job.mutable_spec()->set_world_size(8);
  job.mutable_spec()->set_dtype(v1::bf16);
  (*job.mutable_spec()->mutable_labels())["git"] = "abc123";
  return job;
}

// 2 KiB bf16 at 5 us eager, 3 us in graph mode.
v1::ResultRow SmallRow() {
  v1::ResultRow row;
  row.set_size_bytes(2048);
  row.set_count(1024);
  row.set_dtype(v1::bf16);
  row.set_time_us(5);
  row.set_algbw_gbps(0.4096);  // 2048 B / 5 us
  row.set_busbw_gbps(0.7168);  // * 2 * 7 / 8
  row.set_reference("nccl_all_reduce");
  row.set_reference_time_us(10);
  row.set_speedup(2);
  row.set_graph_time_us(2.5);
  row.set_graph_reference("nccl_symmetric");  // the fastest in graph replays: another one
  row.set_graph_speedup(1.5);
  row.set_busbw_fraction(0.25);
  row.set_checked(true);
  return row;
}

// 40 MiB (rounded up to 64 MiB) with wrong elements.
v1::ResultRow WrongRow() {
  v1::ResultRow row;
  row.set_size_bytes(40 << 20);
  row.set_dtype(v1::bf16);
  row.set_time_us(300);
  row.set_algbw_gbps(139.8);
  row.set_busbw_gbps(244.6);
  row.set_wrong(12);
  row.set_checked(true);
  return row;
}

v1::Job AgGemmJob() {
  v1::Job job;
  job.set_job_id(kGemmJobId);
  job.set_backend(v1::cuda);
  job.set_state(v1::RUNNING);
  job.mutable_spec()->set_kernel("ag_gemm");
  job.mutable_spec()->set_world_size(8);
  job.mutable_spec()->set_dtype(v1::bf16);
  return job;
}

v1::ResultRow GemmRow() {
  v1::ResultRow row;
  row.mutable_gemm()->set_m(4096);
  row.mutable_gemm()->set_n(6656);
  row.mutable_gemm()->set_k(16384);
  row.set_size_bytes(int64_t{4096} / 8 * 16384 * 2);
  row.set_dtype(v1::bf16);
  row.set_time_us(1500);
  row.mutable_gemm()->set_tflops(600);
  row.set_speedup(1.25);
  row.set_reference("nccl_all_gather+cublaslt");
  row.mutable_gemm()->set_overlap_efficiency(0.75);
  row.set_tflops_fraction(0.8);
  return row;
}

// Feeds one of everything.
void Feed(CoordinatorMetrics& m) {
  v1::Job job = AllReduceJob();
  job.set_state(v1::QUEUED);
  m.JobStateChanged(job);
  job.set_state(v1::RUNNING);
  m.JobStateChanged(job);
  m.RowReported(job, SmallRow(), "NVIDIA H200");
  m.RowReported(job, WrongRow(), "NVIDIA H200");
  job.set_state(v1::FAILED);
  job.set_error("one_shot_all_reduce 64 MiB: 12 wrong elements");
  m.JobStateChanged(job);
  m.JobStateChanged(job);  // reported twice: counted once

  v1::Job gemm = AgGemmJob();
  m.RowReported(gemm, GemmRow(), "NVIDIA H200");
  gemm.set_state(v1::SUCCEEDED);
  m.JobStateChanged(gemm);
  m.WorkerFailure(gemm, "crash");
  m.WorkerFailure(gemm, "timeout");
  m.WorkerFailure(gemm, "timeout");
  m.WorkerFailure(gemm, "something else");

  m.SetQueue(3, 1);
  m.SetDevices(6, 2);
  m.StoreOp("Wait", 0.02);
  m.StoreOp("Set", 0.00003);
  m.StoreWaitsPending(+1);
  m.StoreWaitsPending(+1);
  m.StoreWaitsPending(-1);
  m.Rpc("SubmitJob", "OK", 0.004);
  m.Rpc("SubmitJob", "INVALID_ARGUMENT", 0.0001);
  m.Rpc("GetJob", "NOT_FOUND", 0.0001);
}

std::vector<std::string> Lines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

using LabelMap = std::map<std::string, std::string>;

// A sample's name and labels as prometheus-cpp writes them: labels sorted by name, `le` last.
std::string Key(const std::string& name, const LabelMap& labels, const std::string& le = "") {
  std::string key = name;
  std::string sep = "{";
  for (const auto& [k, v] : labels) {
    key += sep + k + "=\"" + v + "\"";
    sep = ",";
  }
  if (!le.empty()) {
    key += sep + "le=\"" + le + "\"";
    sep = ",";
  }
  if (sep == ",") key += "}";
  return key;
}

LabelMap Plus(LabelMap labels, const LabelMap& more) {
  for (const auto& [k, v] : more) labels[k] = v;
  return labels;
}

// Value of the one sample line "KEY VALUE" of `text`; -1 (and a failure) when not exactly one.
double Value(const std::string& text, const std::string& key) {
  double value = -1;
  int n = 0;
  for (const std::string& line : Lines(text)) {
    if (line.rfind(key + " ", 0) == 0) {
      value = std::strtod(line.c_str() + key.size() + 1, nullptr);
      ++n;
    }
  }
  EXPECT_EQ(n, 1) << key << " in\n" << text;
  return value;
}

const LabelMap kSmall = {{"backend", "cuda"},          {"dtype", "bf16"},
                         {"gpu_model", "NVIDIA H200"}, {"kernel", "one_shot_all_reduce"},
                         {"size_bucket", "2KiB"},      {"world_size", "8"}};
const LabelMap kWrong = Plus(kSmall, {{"size_bucket", "64MiB"}});
const LabelMap kGemm = Plus(kSmall, {{"kernel", "ag_gemm"}, {"size_bucket", "16MiB"}});
const LabelMap kEager = {{"mode", "eager"}};
const LabelMap kGraph = {{"mode", "graph"}};

TEST(MetricsSizeBucketTest, RoundsUpToPowerOfTwo) {
  v1::ResultRow row;
  EXPECT_EQ(MetricsSizeBucket(row), "0B");
  row.set_size_bytes(1);
  EXPECT_EQ(MetricsSizeBucket(row), "1B");
  row.set_size_bytes(16);
  EXPECT_EQ(MetricsSizeBucket(row), "16B");
  row.set_size_bytes(1000);
  EXPECT_EQ(MetricsSizeBucket(row), "1KiB");
  row.set_size_bytes(2048);
  EXPECT_EQ(MetricsSizeBucket(row), "2KiB");
  row.set_size_bytes(2049);
  EXPECT_EQ(MetricsSizeBucket(row), "4KiB");
  row.set_size_bytes(int64_t{40} << 20);
  EXPECT_EQ(MetricsSizeBucket(row), "64MiB");
  row.set_size_bytes(int64_t{3} << 30);
  EXPECT_EQ(MetricsSizeBucket(row), "4GiB");
  // A GEMM row is bucketed by its bytes too, never by its (user-chosen) shape.
  row.mutable_gemm()->set_m(4096);
  row.mutable_gemm()->set_n(6656);
  row.mutable_gemm()->set_k(16384);
  EXPECT_EQ(MetricsSizeBucket(row), "4GiB");
}

TEST(CoordinatorMetricsTest, QueueWaitAndDurationOfEveryJob) {
  absl::StatusOr<std::unique_ptr<CoordinatorMetrics>> created = CoordinatorMetrics::Create("");
  ASSERT_TRUE(created.ok());
  CoordinatorMetrics& m = **created;
  v1::Job job = AllReduceJob();
  job.set_submit_time_unix_ms(1000);
  job.set_state(v1::QUEUED);
  m.JobStateChanged(job);
  job.set_state(v1::RUNNING);
  job.set_start_time_unix_ms(3500);
  m.JobStateChanged(job);
  job.set_state(v1::FAILED);
  job.set_end_time_unix_ms(13500);
  m.JobStateChanged(job);
  m.JobStateChanged(job);  // reported twice: observed once
  const std::string text = m.Serialize();
  const LabelMap labels = {{"backend", "cuda"}, {"kernel", "one_shot_all_reduce"}};
  EXPECT_DOUBLE_EQ(Value(text, Key("symmbench_job_queue_wait_seconds_count", labels)), 1);
  EXPECT_DOUBLE_EQ(Value(text, Key("symmbench_job_queue_wait_seconds_sum", labels)), 2.5);
  const LabelMap failed = Plus(labels, {{"state", "failed"}});
  EXPECT_DOUBLE_EQ(Value(text, Key("symmbench_job_duration_seconds_count", failed)), 1);
  EXPECT_DOUBLE_EQ(Value(text, Key("symmbench_job_duration_seconds_sum", failed)), 10);
  EXPECT_DOUBLE_EQ(Value(text, Key("symmbench_job_duration_seconds_bucket", failed, "10")), 1);
  EXPECT_DOUBLE_EQ(Value(text, Key("symmbench_job_duration_seconds_bucket", failed, "5")), 0);
}

// Known label sets are at zero from the first scrape, and a failure counts on the next, for
// any number of scrapers: none of them sees the series born holding its count.
TEST(CoordinatorMetricsTest, KnownSeriesAreAtZeroFromTheFirstScrape) {
  absl::StatusOr<std::unique_ptr<CoordinatorMetrics>> created = CoordinatorMetrics::Create("");
  ASSERT_TRUE(created.ok());
  CoordinatorMetrics& m = **created;
  m.ExposeKnownSeries({"one_shot_all_reduce", "broadcast"}, "cuda");
  const LabelMap failed = {
      {"backend", "cuda"}, {"kernel", "one_shot_all_reduce"}, {"state", "failed"}};
  std::string text = m.Serialize();
  EXPECT_EQ(Value(text, Key("symmbench_jobs_total", failed)), 0);
  EXPECT_EQ(
      Value(text, Key("symmbench_jobs_total",
                      {{"backend", "cuda"}, {"kernel", "broadcast"}, {"state", "cancelled"}})),
      0);
  v1::Job job = AllReduceJob();
  job.set_job_id("j-000001");
  job.set_state(v1::FAILED);
  m.JobStateChanged(job);
  text = m.Serialize();  // a known series counts at once: it was scraped at zero
  EXPECT_EQ(Value(text, Key("symmbench_jobs_total", failed)), 1);
}

TEST(CoordinatorMetricsTest, CreateRejectsBadAddress) {
  for (const char* bad : {"nonsense", ":9000", "127.0.0.1:", "127.0.0.1:port", "127.0.0.1:99999"}) {
    absl::StatusOr<std::unique_ptr<CoordinatorMetrics>> m = CoordinatorMetrics::Create(bad);
    ASSERT_FALSE(m.ok()) << bad;
    EXPECT_EQ(m.status().code(), absl::StatusCode::kInvalidArgument) << bad;
    EXPECT_NE(m.status().message().find(bad), std::string::npos) << m.status();
  }
}

TEST(CoordinatorMetricsTest, NoExposerWithoutAddress) {
  absl::StatusOr<std::unique_ptr<CoordinatorMetrics>> m = CoordinatorMetrics::Create("");
  ASSERT_TRUE(m.ok()) << m.status();
  EXPECT_EQ((*m)->BoundAddress(), "");
}

TEST(CoordinatorMetricsTest, ExpositionHasEveryFamily) {
  absl::StatusOr<std::unique_ptr<CoordinatorMetrics>> created = CoordinatorMetrics::Create("");
  ASSERT_TRUE(created.ok()) << created.status();
  CoordinatorMetrics& m = **created;
  Feed(m);
  const BuildInfo build = GetBuildInfo();
  m.SetBuildInfo(build.version, build.git_revision, build.cuda_version, build.nccl_version);
  const std::string text = m.Serialize();

  // Kernel latency: 5 us lands in the 5e-06 bucket (not in 2e-06); graph 2.5 us likewise.
  const std::string lat = "symmbench_kernel_latency_seconds";
  EXPECT_NE(text.find("# TYPE " + lat + " histogram"), std::string::npos);
  const LabelMap eager = Plus(kSmall, kEager);
  const LabelMap graph = Plus(kSmall, kGraph);
  EXPECT_EQ(Value(text, Key(lat + "_bucket", eager, "2e-06")), 0);
  EXPECT_EQ(Value(text, Key(lat + "_bucket", eager, "5e-06")), 1);
  EXPECT_EQ(Value(text, Key(lat + "_bucket", eager, "1e-05")), 1);
  EXPECT_EQ(Value(text, Key(lat + "_bucket", eager, "1")), 1);
  EXPECT_EQ(Value(text, Key(lat + "_bucket", eager, "+Inf")), 1);
  EXPECT_EQ(Value(text, Key(lat + "_count", eager)), 1);
  EXPECT_DOUBLE_EQ(Value(text, Key(lat + "_sum", eager)), 5e-6);
  EXPECT_EQ(Value(text, Key(lat + "_bucket", graph, "2e-06")), 0);
  EXPECT_EQ(Value(text, Key(lat + "_bucket", graph, "5e-06")), 1);
  EXPECT_EQ(Value(text, Key(lat + "_count", Plus(kGemm, kEager))), 1);
  EXPECT_EQ(Value(text, Key(lat + "_bucket", Plus(kGemm, kEager), "0.001")), 0);
  EXPECT_EQ(Value(text, Key(lat + "_bucket", Plus(kGemm, kEager), "0.002")), 1);
  EXPECT_EQ(text.find(Key(lat + "_count", Plus(kGemm, kGraph))), std::string::npos);

  // Bandwidths in bytes per second; graph figures scaled by time_us / graph_time_us.
  EXPECT_DOUBLE_EQ(Value(text, Key("symmbench_busbw_bytes_per_second", eager)), 0.7168e9);
  EXPECT_DOUBLE_EQ(Value(text, Key("symmbench_busbw_bytes_per_second", graph)), 1.4336e9);
  EXPECT_DOUBLE_EQ(Value(text, Key("symmbench_algbw_bytes_per_second", eager)), 0.4096e9);
  EXPECT_DOUBLE_EQ(Value(text, Key("symmbench_algbw_bytes_per_second", graph)), 0.8192e9);
  // A row with wrong elements publishes no figure (only the verification-failure counter).
  EXPECT_EQ(text.find(Key("symmbench_algbw_bytes_per_second", Plus(kWrong, kEager))),
            std::string::npos);
  EXPECT_EQ(text.find(Key("symmbench_busbw_bytes_per_second", Plus(kWrong, kEager))),
            std::string::npos);
  EXPECT_DOUBLE_EQ(Value(text, Key("symmbench_gemm_flops_per_second", Plus(kGemm, kEager))),
                   600e12);

  // Speedup over the best reference, eager and graph.
  EXPECT_DOUBLE_EQ(Value(text, Key("symmbench_speedup_over_reference_ratio",
                                   Plus(eager, {{"reference", "nccl_all_reduce"}}))),
                   2);
  EXPECT_DOUBLE_EQ(Value(text, Key("symmbench_speedup_over_reference_ratio",
                                   Plus(graph, {{"reference", "nccl_symmetric"}}))),
                   1.5);
  EXPECT_DOUBLE_EQ(
      Value(text, Key("symmbench_speedup_over_reference_ratio",
                      Plus(kGemm, {{"mode", "eager"}, {"reference", "nccl_all_gather+cublaslt"}}))),
      1.25);
  EXPECT_DOUBLE_EQ(Value(text, Key("symmbench_overlap_efficiency_ratio", kGemm)), 0.75);
  EXPECT_EQ(text.find(Key("symmbench_overlap_efficiency_ratio", kSmall)), std::string::npos);

  // Roofline fractions: only where non-zero.
  EXPECT_DOUBLE_EQ(Value(text, Key("symmbench_roofline_ratio", Plus(kSmall, {{"what", "busbw"}}))),
                   0.25);
  EXPECT_DOUBLE_EQ(Value(text, Key("symmbench_roofline_ratio", Plus(kGemm, {{"what", "flops"}}))),
                   0.8);
  for (const std::string& line : Lines(text)) {
    if (line.rfind("symmbench_roofline_ratio{", 0) == 0) {
      EXPECT_EQ(line.find("size_bucket=\"64MiB\""), std::string::npos) << line;
    }
  }

  // Counters.
  EXPECT_EQ(Value(text, Key("symmbench_verification_failures_total", kWrong)), 1);
  EXPECT_EQ(text.find(Key("symmbench_verification_failures_total", kSmall)), std::string::npos);
  EXPECT_NE(text.find("# TYPE symmbench_jobs_total counter"), std::string::npos);
  EXPECT_EQ(Value(text, Key("symmbench_jobs_total", {{"backend", "cuda"},
                                                     {"kernel", "one_shot_all_reduce"},
                                                     {"state", "failed"}})),
            1);
  EXPECT_EQ(Value(text, Key("symmbench_jobs_total",
                            {{"backend", "cuda"}, {"kernel", "ag_gemm"}, {"state", "succeeded"}})),
            1);
  EXPECT_EQ(text.find("state=\"queued\""), std::string::npos);
  EXPECT_EQ(text.find("state=\"running\""), std::string::npos);
  const LabelMap gemm_job = {{"backend", "cuda"}, {"kernel", "ag_gemm"}};
  EXPECT_EQ(
      Value(text, Key("symmbench_worker_failures_total", Plus(gemm_job, {{"kind", "crash"}}))), 1);
  EXPECT_EQ(
      Value(text, Key("symmbench_worker_failures_total", Plus(gemm_job, {{"kind", "timeout"}}))),
      2);
  EXPECT_EQ(
      Value(text, Key("symmbench_worker_failures_total", Plus(gemm_job, {{"kind", "other"}}))), 1);
  EXPECT_EQ(text.find("something else"), std::string::npos);
  EXPECT_EQ(
      Value(text, Key("symmbench_rpc_requests_total", {{"code", "OK"}, {"method", "SubmitJob"}})),
      1);
  EXPECT_EQ(Value(text, Key("symmbench_rpc_requests_total",
                            {{"code", "INVALID_ARGUMENT"}, {"method", "SubmitJob"}})),
            1);
  EXPECT_EQ(Value(text, Key("symmbench_rpc_requests_total",
                            {{"code", "NOT_FOUND"}, {"method", "GetJob"}})),
            1);
  const LabelMap submit = {{"method", "SubmitJob"}};
  EXPECT_EQ(Value(text, Key("symmbench_rpc_duration_seconds_count", submit)), 2);
  EXPECT_EQ(Value(text, Key("symmbench_rpc_duration_seconds_bucket", submit, "0.005")), 2);
  EXPECT_EQ(Value(text, Key("symmbench_rpc_duration_seconds_bucket", submit, "0.002")), 1);
  const std::string store = "symmbench_store_op_duration_seconds_bucket";
  EXPECT_EQ(Value(text, Key(store, {{"op", "Wait"}}, "0.02")), 1);
  EXPECT_EQ(Value(text, Key(store, {{"op", "Wait"}}, "0.01")), 0);
  EXPECT_EQ(Value(text, Key(store, {{"op", "Set"}}, "5e-05")), 1);
  EXPECT_EQ(Value(text, Key(store, {{"op", "Set"}}, "2e-05")), 0);
  EXPECT_EQ(Value(text, Key(store, {{"op", "Set"}}, "100")), 1);

  // Gauges.
  EXPECT_EQ(Value(text, Key("symmbench_queue_depth", {})), 3);
  EXPECT_EQ(Value(text, Key("symmbench_jobs_running", {})), 1);
  EXPECT_EQ(Value(text, Key("symmbench_store_waits_pending", {})), 1);
  EXPECT_EQ(Value(text, Key("symmbench_devices", {{"state", "busy"}})), 6);
  EXPECT_EQ(Value(text, Key("symmbench_devices", {{"state", "free"}})), 2);
  // The version --version prints (it was a stale "0.1.0").
  EXPECT_EQ(Value(text, Key("symmbench_build_info", {{"cuda", build.cuda_version},
                                                     {"nccl", build.nccl_version},
                                                     {"revision", build.git_revision},
                                                     {"version", kVersion}})),
            1);

  // The daemon's own process_* metrics, as Prometheus' client libraries name them.
  EXPECT_GT(Value(text, Key("process_start_time_seconds", {})), 1.7e9);
  EXPECT_GT(Value(text, Key("process_resident_memory_bytes", {})), 1e6);
  EXPECT_GE(Value(text, Key("process_cpu_seconds_total", {})), 0);
  EXPECT_GT(Value(text, Key("process_open_fds", {})), 2);

  // Naming rules: every sample is symmbench_* (or process_*), counters end in _total, ratios in
  // _ratio, and no unit but the base ones (seconds, bytes).
  for (const std::string& line : Lines(text)) {
    if (line.empty()) continue;
    if (line[0] == '#') {
      EXPECT_TRUE(line.rfind("# HELP symmbench_", 0) == 0 ||
                  line.rfind("# TYPE symmbench_", 0) == 0 ||
                  line.rfind("# HELP process_", 0) == 0 || line.rfind("# TYPE process_", 0) == 0)
          << line;
      if (line.rfind("# TYPE ", 0) == 0 && line.find(" counter") != std::string::npos) {
        EXPECT_NE(line.find("_total counter"), std::string::npos) << line;
      }
      for (const char* unit : {"tflops", "_us ", "_ms ", "gbps", "fraction", "efficiency "}) {
        EXPECT_EQ(line.find(unit), std::string::npos) << line;
      }
    } else {
      EXPECT_TRUE(line.rfind("symmbench_", 0) == 0 || line.rfind("process_", 0) == 0) << line;
    }
  }
}

TEST(CoordinatorMetricsTest, NoJobIdOrPerJobTextAnywhere) {
  absl::StatusOr<std::unique_ptr<CoordinatorMetrics>> m = CoordinatorMetrics::Create("");
  ASSERT_TRUE(m.ok()) << m.status();
  Feed(**m);
  const std::string text = (*m)->Serialize();
  EXPECT_EQ(text.find(kJobId), std::string::npos);
  EXPECT_EQ(text.find(kGemmJobId), std::string::npos);
  EXPECT_EQ(text.find("j-0000"), std::string::npos);
  EXPECT_EQ(text.find("job_id"), std::string::npos);
  EXPECT_EQ(text.find("12 wrong elements"), std::string::npos);  // error text
  EXPECT_EQ(text.find("abc123"), std::string::npos);             // spec labels
}

TEST(CoordinatorMetricsTest, ThreadSafe) {
  absl::StatusOr<std::unique_ptr<CoordinatorMetrics>> m = CoordinatorMetrics::Create("");
  ASSERT_TRUE(m.ok()) << m.status();
  constexpr int kThreads = 8;
  constexpr int kIters = 500;
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      v1::Job job = AllReduceJob();
      for (int i = 0; i < kIters; ++i) {
        job.set_job_id("j-" + std::to_string(t * kIters + i));
        m.value()->RowReported(job, SmallRow(), "NVIDIA H200");
        m.value()->Rpc("GetJob", "OK", 1e-4);
        job.set_state(v1::SUCCEEDED);
        m.value()->JobStateChanged(job);
        m.value()->JobStateChanged(job);
        if (i % 50 == 0) m.value()->Serialize();
      }
    });
  }
  for (std::thread& t : threads) t.join();
  const std::string text = (*m)->Serialize();
  EXPECT_EQ(
      Value(text, Key("symmbench_rpc_requests_total", {{"code", "OK"}, {"method", "GetJob"}})),
      kThreads * kIters);
  EXPECT_EQ(Value(text, Key("symmbench_kernel_latency_seconds_count", Plus(kSmall, kEager))),
            kThreads * kIters);
  EXPECT_EQ(Value(text, Key("symmbench_jobs_total", {{"backend", "cuda"},
                                                     {"kernel", "one_shot_all_reduce"},
                                                     {"state", "succeeded"}})),
            kThreads * kIters);
}

// GET /metrics over a plain TCP socket; returns the body ("" and a failure on error).
std::string HttpGetMetrics(const std::string& address) {
  const size_t colon = address.rfind(':');
  sockaddr_in sa{};
  sa.sin_family = AF_INET;
  sa.sin_port = htons(static_cast<uint16_t>(std::stoi(address.substr(colon + 1))));
  if (inet_pton(AF_INET, address.substr(0, colon).c_str(), &sa.sin_addr) != 1) {
    ADD_FAILURE() << "bad address " << address;
    return "";
  }
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0 || connect(fd, reinterpret_cast<sockaddr*>(&sa), sizeof(sa)) != 0) {
    ADD_FAILURE() << "connect to " << address << " failed";
    if (fd >= 0) close(fd);
    return "";
  }
  const std::string request =
      "GET /metrics HTTP/1.0\r\nHost: " + address + "\r\nConnection: close\r\n\r\n";
  EXPECT_EQ(write(fd, request.data(), request.size()), static_cast<ssize_t>(request.size()));
  std::string response;
  char buf[4096];
  for (ssize_t n; (n = read(fd, buf, sizeof(buf))) > 0;) response.append(buf, n);
  close(fd);
  EXPECT_EQ(response.rfind("HTTP/1.", 0), 0u) << response;
  EXPECT_NE(response.find(" 200 "), std::string::npos) << response.substr(0, 200);
  const size_t body = response.find("\r\n\r\n");
  if (body == std::string::npos) {
    ADD_FAILURE() << "no HTTP body in: " << response;
    return "";
  }
  return response.substr(body + 4);
}

// Lines about symmbench_ metrics (the Exposer adds its own exposer_* families).
std::vector<std::string> SymmbenchLines(const std::string& text) {
  std::vector<std::string> out;
  for (const std::string& line : Lines(text)) {
    if (line.find("symmbench_") != std::string::npos) out.push_back(line);
  }
  return out;
}

TEST(CoordinatorMetricsTest, ExposerServesMetricsOnLoopback) {
  absl::StatusOr<std::unique_ptr<CoordinatorMetrics>> created =
      CoordinatorMetrics::Create("127.0.0.1:0");
  ASSERT_TRUE(created.ok()) << created.status();
  CoordinatorMetrics& m = **created;
  const std::string address = m.BoundAddress();
  ASSERT_EQ(address.rfind("127.0.0.1:", 0), 0u) << address;
  EXPECT_NE(address, "127.0.0.1:0");
  Feed(m);

  // The first scrape shows every new counter and histogram series at zero (born at zero,
  // server/first_scrape.h), the next one their counts, as Serialize does after it.
  const std::string first = HttpGetMetrics(address);
  const std::string body = HttpGetMetrics(address);
  const std::string text = m.Serialize();
  EXPECT_FALSE(SymmbenchLines(text).empty());
  EXPECT_EQ(SymmbenchLines(body), SymmbenchLines(text));
  EXPECT_EQ(body.find(kJobId), std::string::npos);
  int counters = 0;
  for (const std::string& line : SymmbenchLines(first)) {
    if (line.rfind("symmbench_jobs_total{", 0) == 0 ||
        line.rfind("symmbench_kernel_latency_seconds_count{", 0) == 0) {
      EXPECT_EQ(line.substr(line.rfind(' ')), " 0") << line;
      ++counters;
    }
  }
  EXPECT_GT(counters, 0) << first;
  for (const std::string& line : SymmbenchLines(body)) {
    if (line.rfind("symmbench_jobs_total{", 0) == 0) EXPECT_NE(line.substr(line.rfind(' ')), " 0");
  }

  // A second exposer on the same port is refused with the address in the message.
  absl::StatusOr<std::unique_ptr<CoordinatorMetrics>> clash = CoordinatorMetrics::Create(address);
  ASSERT_FALSE(clash.ok());
  EXPECT_EQ(clash.status().code(), absl::StatusCode::kUnavailable);
  EXPECT_NE(clash.status().message().find(address), std::string::npos) << clash.status();
}

// civetweb's accept loop polls with a fixed 2 s timeout, so three plain destructions right after
// creation took about 6 s; stopped through DestroyExposer they take milliseconds each (2 s for
// all three is over 30 times what they take). Loopback and the wildcard address.
TEST(CoordinatorMetricsTest, DestroyingTheExposerDoesNotWaitForCivetwebsPoll) {
  const auto start = std::chrono::steady_clock::now();
  for (const char* listen : {"127.0.0.1:0", "0.0.0.0:0", "127.0.0.1:0"}) {
    absl::StatusOr<std::unique_ptr<CoordinatorMetrics>> created =
        CoordinatorMetrics::Create(listen);
    ASSERT_TRUE(created.ok()) << listen << ": " << created.status();
    const std::string address = (*created)->BoundAddress();
    EXPECT_FALSE(HttpGetMetrics("127.0.0.1" + address.substr(address.rfind(':'))).empty());
    created->reset();
  }
  const auto took = std::chrono::steady_clock::now() - start;
  EXPECT_LT(std::chrono::duration_cast<std::chrono::milliseconds>(took).count(), 2000);
}

TEST(CoordinatorMetricsTest, PromtoolAcceptsExposition) {
  constexpr char kPromtool[] = "/usr/bin/promtool";
  if (access(kPromtool, X_OK) != 0) {
    GTEST_SKIP() << kPromtool << " not installed (Debian package `prometheus`); lint not run";
  }
  absl::StatusOr<std::unique_ptr<CoordinatorMetrics>> m = CoordinatorMetrics::Create("");
  ASSERT_TRUE(m.ok()) << m.status();
  Feed(**m);
  const char* tmp = std::getenv("TEST_TMPDIR");
  const std::string path = std::string(tmp ? tmp : "/tmp") + "/metrics_test_exposition.txt";
  {
    std::ofstream out(path);
    out << (*m)->Serialize();
  }
  const std::string command = std::string(kPromtool) + " check metrics < " + path + " 2>&1";
  FILE* pipe = popen(command.c_str(), "r");
  ASSERT_NE(pipe, nullptr);
  std::string output;
  char buf[1024];
  for (size_t n; (n = fread(buf, 1, sizeof(buf), pipe)) > 0;) output.append(buf, n);
  const int rc = pclose(pipe);
  EXPECT_EQ(output, "");
  EXPECT_EQ(rc, 0) << output;
}

}  // namespace
}  // namespace symmbench
