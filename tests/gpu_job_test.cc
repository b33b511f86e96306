// Jobs on real GPUs (skipped without a CUDA device): a daemon with the CUDA backend runs every
// size-swept op of the registry at world size = every device (1 included), in every dtype, on odd
// element counts, in graph mode with two passes, and every row must be checked, right and compared
// with NCCL as configured in this process; AG-GEMM likewise; with 2 or more GPUs, a failing
// rank ends its job without leaving the devices stuck, also a plugin's, and the race check
// fails kernels and plugins that skip their exit barrier or copy a cached result.
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "kernels/ops/registry.h"
#include "tests/test_util.h"

namespace symmbench::testing {
namespace {

int CudaDeviceCount() {
  CommandResult probe = RunCommand({RunfilePath("worker/symmbench-worker"), "--probe-devices"});
  nlohmann::json parsed = nlohmann::json::parse(probe.out, nullptr, false);
  if (parsed.is_discarded() || !parsed.contains("cuda_devices")) return 0;
  return static_cast<int>(parsed["cuda_devices"].size());
}

// A CUDA daemon of one slot in a fresh directory (`*dir`), with fault injection allowed and a
// --plugin-dir holding the example CUDA plugin and the racy and caching test plugins
// (tests/plugins/*_cuda.cu); null (and a test failure) if it did not start.
std::unique_ptr<Daemon> StartWithPlugins(const std::string& name, std::string* dir) {
  *dir = MakeTempDir(name);
  const std::string plugins = *dir + "/plugins";
  std::filesystem::create_directories(plugins);
  for (const std::string path :
       {"examples/plugins/example_one_shot_cuda.so", "tests/plugins/no_exit_barrier_cuda.so",
        "tests/plugins/cached_result_cuda.so"}) {
    std::filesystem::copy_file(RunfilePath(path),
                               plugins + "/" + std::filesystem::path(path).filename().string());
  }
  auto daemon = std::make_unique<Daemon>(*dir, 1, "cuda");
  daemon->set_extra_args({"--allow-fault-injection", "--plugin-dir", plugins});
  std::string error;
  if (!daemon->Start(&error)) {
    ADD_FAILURE() << error;
    return nullptr;
  }
  return daemon;
}

class GpuJobTest : public ::testing::TestWithParam<std::string> {};

TEST_P(GpuJobTest, EveryDtypeAndOddCountIsCheckedAgainstNccl) {
  const int devices = CudaDeviceCount();
  if (devices < 1) GTEST_SKIP() << "needs a CUDA device";
  Daemon daemon(MakeTempDir("gpu_job"), 1, "cuda");
  std::string error;
  ASSERT_TRUE(daemon.Start(&error)) << error;
  for (const std::string dtype : {"bf16", "fp16", "fp32"}) {
    const int64_t element = dtype == "fp32" ? 4 : 2;
    // 1, 1025 and 262145 elements: odd counts, vector tails; x world size for the ops that
    // split a size into one shard per rank (odd shards).
    const int64_t shards = IsSharded(GetParam()) ? devices : 1;
    const std::vector<int64_t> counts = {shards, 1025 * shards, 262145 * shards};
    std::string sizes;
    for (int64_t count : counts)
      sizes += (sizes.empty() ? "" : ",") + std::to_string(count * element);
    CommandResult result;
    nlohmann::json job = daemon.ClientJson(
        {"submit", "--kernel", GetParam(), "--world-size", std::to_string(devices), "--dtype",
         dtype, "--sizes", sizes, "--warmup", "5", "--iters", "20", "--repeats", "2", "--graph",
         "--in-place", "--wait"},
        &result);
    ASSERT_EQ(result.exit_code, 0) << result.out << result.err;
    EXPECT_EQ(job["backend"], "cuda");
    ASSERT_EQ(job["rows"].size(), counts.size()) << dtype;
    for (size_t i = 0; i < counts.size(); ++i) {
      const nlohmann::json& row = job["rows"][i];
      EXPECT_EQ(row["count"].get<int64_t>(), counts[i]);
      EXPECT_TRUE(row["checked"].get<bool>());
      EXPECT_EQ(row["wrong"].get<int64_t>(), 0) << dtype << " " << counts[i];
      // In place too, its race check included: checked, 0 wrong.
      ASSERT_TRUE(row["in_place"].is_object()) << row.dump();
      EXPECT_EQ(row["in_place"]["wrong"].get<int64_t>(), 0) << dtype << " " << counts[i];
      EXPECT_GT(row["time_us"].get<double>(), 0);
      EXPECT_GT(row["graph_time_us"].get<double>(), 0);
      EXPECT_EQ(row["repeat_medians_us"].size(), 2u);
      // NCCL first (nccl_all_reduce, then nccl_symmetric; nccl_broadcast...), timed in the job.
      ASSERT_GE(row["references"].size(), 1u);
      EXPECT_EQ(row["references"][0]["name"].get<std::string>().rfind("nccl_", 0), 0u);
      EXPECT_EQ(row["reference_config"].get<std::string>().rfind("nccl ", 0), 0u);
      // The A/A control: the primary reference timed again in the kernel's place, each pass.
      const nlohmann::json& aa = row["aa_control"];
      ASSERT_TRUE(aa.is_object()) << row.dump();
      EXPECT_EQ(aa["reference"], row["references"][0]["name"]);
      EXPECT_EQ(aa["paired_ratios"].size(), 2u);
      EXPECT_GT(aa["ratio"].get<double>(), 0);
      EXPECT_GT(aa["graph_ratio"].get<double>(), 0);
      RecordProperty(GetParam() + " " + dtype + " " + std::to_string(counts[i]) + " aa_ratio",
                     std::to_string(aa["ratio"].get<double>()) + " +- " +
                         std::to_string(aa["noise"].get<double>()) + " graph " +
                         std::to_string(aa["graph_ratio"].get<double>()));
    }
  }
}

// A GEMM row that passed every check: the gathered A, the tiles of C within the tolerance, and
// every row of the race check within its bound (its figures printed, for the results page).
void ExpectCheckedGemmRow(const nlohmann::json& row, const std::string& what) {
  const nlohmann::json& gemm = row["gemm"];
  const std::string shape = std::to_string(gemm["m"].get<int64_t>()) + "x" +
                            std::to_string(gemm["n"].get<int64_t>()) + "x" +
                            std::to_string(gemm["k"].get<int64_t>());
  std::cout << "GEMM-CHECK " << what << " " << shape << " rel_error " << gemm["rel_error"]
            << " tolerance " << gemm["rel_error_tolerance"] << " race_ratio " << gemm["race_ratio"]
            << " t_fused_us " << gemm["t_fused_us"] << "\n";
  EXPECT_TRUE(row["checked"].get<bool>()) << what;
  EXPECT_EQ(row["wrong"].get<int64_t>(), 0) << what;
  EXPECT_EQ(gemm["race_wrong_rows"].get<int64_t>(), 0) << what;
  EXPECT_GT(gemm["race_ratio"].get<double>(), 0.0) << what;
  EXPECT_LT(gemm["race_ratio"].get<double>(), 1.0) << what;
  EXPECT_LT(gemm["rel_error"].get<double>(), gemm["rel_error_tolerance"].get<double>()) << what;
  EXPECT_GT(gemm["t_fused_us"].get<double>(), 0) << what;
}

// AG-GEMM over every device: the copy-engine gather, its progress flags and the per-tile C
// check (at one GPU nothing is gathered).
TEST(GpuAgGemmJobTest, EveryShapeIsCheckedAgainstTheSequentialBaseline) {
  const int devices = CudaDeviceCount();
  if (devices < 1) GTEST_SKIP() << "needs a CUDA device";
  Daemon daemon(MakeTempDir("gpu_ag_gemm"), 1, "cuda");
  std::string error;
  ASSERT_TRUE(daemon.Start(&error)) << error;
  const int64_t m = 1024 * devices;  // divisible by world_size x 4 splits
  for (const std::string dtype : {"bf16", "fp8_e4m3"}) {
    CommandResult result;
    nlohmann::json job = daemon.ClientJson(
        {"submit", "--kernel", "ag_gemm", "--world-size", std::to_string(devices), "--dtype", dtype,
         "--shapes", std::to_string(m) + "x2048x1024," + std::to_string(2 * m) + "x1024x2048",
         "--splits-per-rank", "4", "--warmup", "3", "--iters", "10", "--repeats", "2", "--wait"},
        &result);
    ASSERT_EQ(result.exit_code, 0) << result.out << result.err;
    ASSERT_EQ(job["rows"].size(), 2u);
    for (const nlohmann::json& row : job["rows"]) {
      ExpectCheckedGemmRow(row, "ag_gemm " + dtype);
      const nlohmann::json& gemm = row["gemm"];
      EXPECT_GT(gemm["t_pipelined_us"].get<double>(), 0);
      // The tile-flag GEMM (sm_90 GPUs): both its variants ran, the fused one checked with
      // the others (the row's wrong and rel_error), and NVML saw every variant's clocks.
      EXPECT_GT(gemm["t_tile_flags_us"].get<double>(), 0) << dtype;
      EXPECT_GT(gemm["t_tile_gemm_us"].get<double>(), 0) << dtype;
      ASSERT_EQ(gemm["telemetry"].size(), 7u) << gemm.dump();
      for (const nlohmann::json& t : gemm["telemetry"]) {
        EXPECT_GT(t["sm_clock_mhz"].get<double>(), 0) << t.dump();
        EXPECT_GT(t["power_w"].get<double>(), 0) << t.dump();
      }
      EXPECT_EQ(gemm["telemetry"][0]["variant"], "fused");
      // Its tiles' flag waits: every tile of every rank recorded.
      EXPECT_GT(gemm["tile_waits"]["tiles"].get<int64_t>(), 0) << gemm.dump();
      EXPECT_GE(gemm["tile_waits"]["max_us"].get<double>(),
                gemm["tile_waits"]["mean_us"].get<double>());
    }
  }
}

// GEMM + reduce-scatter over every device: chunk GEMMs pushed by copy engine into their owners'
// staging areas, summed there, checked tile by tile against cuBLASLt + ncclReduceScatter.
TEST(GpuMatmulReduceScatterJobTest, EveryShapeIsCheckedAgainstTheSequentialReference) {
  const int devices = CudaDeviceCount();
  if (devices < 1) GTEST_SKIP() << "needs a CUDA device";
  Daemon daemon(MakeTempDir("gpu_matmul_reduce_scatter"), 1, "cuda");
  std::string error;
  ASSERT_TRUE(daemon.Start(&error)) << error;
  const int64_t m = 1024 * devices;  // divisible by world_size x 4 splits
  const int64_t k = 1024 * devices;  // divisible by world_size
  for (const std::string dtype : {"bf16", "fp16", "fp8_e4m3"}) {
    CommandResult result;
    nlohmann::json job = daemon.ClientJson(
        {"submit", "--kernel", "matmul_reduce_scatter", "--world-size", std::to_string(devices),
         "--dtype", dtype, "--shapes",
         std::to_string(m) + "x2048x" + std::to_string(k) + "," + std::to_string(2 * m) + "x1024x" +
             std::to_string(2 * k),
         "--splits-per-rank", "4", "--warmup", "3", "--iters", "10", "--repeats", "2", "--wait"},
        &result);
    ASSERT_EQ(result.exit_code, 0) << result.out << result.err;
    ASSERT_EQ(job["rows"].size(), 2u);
    for (const nlohmann::json& row : job["rows"]) {
      ExpectCheckedGemmRow(row, "matmul_reduce_scatter " + dtype);
      EXPECT_GT(row["gemm"]["t_rs_us"].get<double>(), 0);
      EXPECT_EQ(row["reference"], "nccl_reduce_scatter+cublaslt");
      // The tile-push GEMM (sm_90 GPUs) runs bf16 and FP8 (every shard here is whole 128-row
      // tiles); its sum's per-tile flag waits are recorded. fp16 leaves both tile variants out.
      const nlohmann::json& gemm = row["gemm"];
      if (dtype != "fp16") {
        EXPECT_GT(gemm["t_tile_push_us"].get<double>(), 0) << gemm.dump();
        EXPECT_GT(gemm["t_tile_gemm_us"].get<double>(), 0) << gemm.dump();
        EXPECT_GT(gemm["tile_waits"]["tiles"].get<int64_t>(), 0) << gemm.dump();
      } else {
        EXPECT_EQ(gemm.value("t_tile_push_us", 0.0), 0.0) << gemm.dump();
      }
    }
  }
}

// Two or more GPUs: a rank whose kernel call fails leaves its peers waiting in a device barrier
// for it; the job must fail naming that rank well within the barrier timeout, and the next job
// on the same devices must succeed.
TEST(GpuFaultTest, AFailedRankEndsTheJobAndTheDevicesServeTheNext) {
  const int devices = CudaDeviceCount();
  if (devices < 2) GTEST_SKIP() << "needs 2 CUDA devices";
  Daemon daemon(MakeTempDir("gpu_fault"), 1, "cuda");
  daemon.set_extra_args({"--allow-fault-injection"});
  std::string error;
  ASSERT_TRUE(daemon.Start(&error)) << error;
  const std::string world = std::to_string(devices);
  const std::string spec = MakeTempDir("gpu_fault_spec") + "/spec.json";
  std::ofstream(spec) << R"({"kernel": "one_shot_all_reduce", "world_size": )" << world
                      << R"(, "sizes_bytes": [4096, 1048576], "inject_fault": "rank_error:1",
                            "timeout_s": 60})";
  CommandResult failed;
  const auto start = std::chrono::steady_clock::now();
  nlohmann::json job = daemon.ClientJson({"submit", "--spec", spec, "--wait"}, &failed);
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(60));
  EXPECT_EQ(job["state"], "FAILED") << failed.out << failed.err;
  EXPECT_EQ(job["failed_rank"].get<int>(), 1);
  CommandResult next;
  nlohmann::json clean =
      daemon.ClientJson({"submit", "--kernel", "one_shot_push_all_reduce", "--world-size", world,
                         "--sizes", "4K,1M", "--graph", "--wait"},
                        &next);
  ASSERT_EQ(next.exit_code, 0) << next.out << next.err;
  for (const nlohmann::json& row : clean["rows"]) EXPECT_EQ(row["wrong"].get<int64_t>(), 0);
}

// Two or more GPUs: the same with the example CUDA plugin: the failed job and the next one on the
// same devices end well within the peers' 60 s device deadline (half the worker's 120 s wait
// limit). The daemon stops every rank of a failed job; that the plugin's kernels also leave
// their barrier by themselves (comm->abort_word) is the multi-rank check's, below.
TEST(GpuFaultTest, APluginsPeersStopWhenARankGivesUp) {
  const int devices = CudaDeviceCount();
  if (devices < 2) GTEST_SKIP() << "needs 2 CUDA devices";
  std::string dir;
  std::unique_ptr<Daemon> started = StartWithPlugins("gpu_plugin_fault", &dir);
  ASSERT_NE(started, nullptr);
  Daemon& daemon = *started;
  const std::string world = std::to_string(devices);
  const std::string spec = dir + "/spec.json";
  std::ofstream(spec) << R"({"kernel": "example_one_shot_cuda:one_shot", "world_size": )" << world
                      << R"(, "sizes_bytes": [4096], "inject_fault": "rank_error:1"})";
  const auto start = std::chrono::steady_clock::now();
  CommandResult failed;
  nlohmann::json job = daemon.ClientJson({"submit", "--spec", spec, "--wait"}, &failed);
  EXPECT_EQ(job["state"], "FAILED") << failed.out << failed.err;
  EXPECT_EQ(job["failed_rank"].get<int>(), 1);
  CommandResult next;
  nlohmann::json clean =
      daemon.ClientJson({"submit", "--kernel", "example_one_shot_cuda:one_shot", "--world-size",
                         world, "--sizes", "4K,1M", "--graph", "--wait"},
                        &next);
  ASSERT_EQ(next.exit_code, 0) << next.out << next.err;
  for (const nlohmann::json& row : clean["rows"]) EXPECT_EQ(row["wrong"].get<int64_t>(), 0);
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(30));
}

// Two or more GPUs: a kernel that copies a result it computed earlier (inject_fault
// cached_result: every rank runs the kernel once per Prepare and leaves that result in its
// output) passes every check on unchanging inputs; the race check, whose inputs change every
// operation, fails it at its first operation, for every swept op and for a plugin's op.
TEST(GpuRaceCheckTest, CachedResultsFailEveryOp) {
  const int devices = CudaDeviceCount();
  if (devices < 2) GTEST_SKIP() << "needs 2 CUDA devices";
  std::string dir;
  std::unique_ptr<Daemon> started = StartWithPlugins("gpu_race_check", &dir);
  ASSERT_NE(started, nullptr);
  Daemon& daemon = *started;
  std::vector<std::string> kernels = OpNames(OpFamily::kSweptCollective);
  kernels.push_back("example_one_shot_cuda:one_shot");
  for (const std::string& kernel : kernels) {
    const std::string spec = dir + "/" + kernel.substr(0, kernel.find(':')) + ".json";
    std::ofstream(spec)
        << R"({"kernel": ")" << kernel << R"(", "world_size": )" << devices
        << R"(, "sizes_bytes": [65536], "iters": 5, "inject_fault": "cached_result"})";
    CommandResult result;
    const nlohmann::json job = daemon.ClientJson({"submit", "--spec", spec, "--wait"}, &result);
    RecordProperty(kernel, job.value("error", ""));
    EXPECT_EQ(job["state"], "FAILED") << kernel << ": " << result.out << result.err;
    EXPECT_NE(job["error"].get<std::string>().find("(race check: operation 0, "), std::string::npos)
        << kernel << ": " << job.dump();
  }
}

// Two or more GPUs: every swept op with an exit barrier, made to skip it (inject_fault
// skip_exit_barrier:1: no rank enters it, rank 1 reads its peers 1 ms after its entry barrier),
// fails its job. A pull kernel (the one-shots, the copy-engine gathers) passes every check on
// unchanging inputs (each change of inputs outside the race check waits for every rank's stream
// to drain), so the race check, whose refills follow each operation on the stream, is what
// fails it; a kernel whose peers push into this rank's output (the two-shot) may fail earlier,
// its output still poisoned where rank 1's late slice belongs.
TEST(GpuRaceCheckTest, SkippedExitBarriersFailEveryKernelWithOne) {
  const int devices = CudaDeviceCount();
  if (devices < 2) GTEST_SKIP() << "needs 2 CUDA devices";
  std::string dir;
  std::unique_ptr<Daemon> started = StartWithPlugins("gpu_exit_barrier", &dir);
  ASSERT_NE(started, nullptr);
  Daemon& daemon = *started;
  int kernels = 0;
  int by_race_check = 0;
  for (const OpDescriptor& op : Ops()) {
    if (op.family != OpFamily::kSweptCollective || !op.exit_barrier) continue;
    ++kernels;
    const std::string spec = dir + "/" + op.name + ".json";
    std::ofstream(spec) << R"({"kernel": ")" << op.name << R"(", "world_size": )" << devices
                        << R"(, "sizes_bytes": [65536], "iters": 5,
                              "inject_fault": "skip_exit_barrier:1"})";
    CommandResult result;
    const nlohmann::json job = daemon.ClientJson({"submit", "--spec", spec, "--wait"}, &result);
    EXPECT_EQ(job["state"], "FAILED") << op.name << ": " << result.out << result.err;
    const std::string error = job.value("error", "");
    RecordProperty(op.name, error);  // the test's XML report says what each job ended with
    EXPECT_NE(error.find("verification failed"), std::string::npos) << op.name << ": " << error;
    if (error.find("(race check: operation ") != std::string::npos) ++by_race_check;
  }
  EXPECT_GE(kernels, 7);
  EXPECT_GE(by_race_check, kernels - 1);  // all but the two-shot's push at most
}

// Two or more GPUs: every swept op reading its peers without waiting for them (inject_fault
// skip_peer_wait:0: the entry barriers only signal, the push one-shot reads its slots once;
// rank 0, whose input every peer reads, leaves every operation 1 ms late) and every op with
// receive slots reusing one before it is cleared (reuse_slot_early:0, rank 0 pushing 1 ms late)
// fails its job.
TEST(GpuRaceCheckTest, SkippedPeerWaitsAndReusedSlotsFailEveryKernel) {
  const int devices = CudaDeviceCount();
  if (devices < 2) GTEST_SKIP() << "needs 2 CUDA devices";
  std::string dir;
  std::unique_ptr<Daemon> started = StartWithPlugins("gpu_peer_wait", &dir);
  ASSERT_NE(started, nullptr);
  Daemon& daemon = *started;
  std::vector<std::pair<std::string, std::string>> jobs;
  for (const OpDescriptor& op : Ops()) {
    if (op.family != OpFamily::kSweptCollective) continue;
    jobs.emplace_back(op.name, "skip_peer_wait:0");
    if (op.receive_slots > 0) jobs.emplace_back(op.name, "reuse_slot_early:0");
  }
  ASSERT_GE(jobs.size(), 9u);
  for (const auto& [kernel, fault] : jobs) {
    const std::string what = kernel + " " + fault;
    const std::string spec = dir + "/" + kernel + "_" + fault.substr(0, 4) + ".json";
    std::ofstream(spec) << R"({"kernel": ")" << kernel << R"(", "world_size": )" << devices
                        << R"(, "sizes_bytes": [65536], "iters": 5, "inject_fault": ")" << fault
                        << R"("})";
    CommandResult result;
    const nlohmann::json job = daemon.ClientJson({"submit", "--spec", spec, "--wait"}, &result);
    const std::string error = job.value("error", "");
    RecordProperty(what, error);
    std::cout << "PEER-FAULT " << what << ": " << job.value("state", "") << ": " << error << "\n";
    EXPECT_EQ(job["state"], "FAILED") << what << ": " << result.out << result.err;
    EXPECT_NE(error.find("verification failed"), std::string::npos) << what << ": " << error;
  }
}

// Two or more GPUs: both GEMM ops with their exit barrier skipped (rank 1 computing 1 ms late)
// and with a cached result (the fused op run once, its C kept) fail their job.
TEST(GpuRaceCheckTest, GemmOpsWithASkippedExitBarrierOrACachedResultFail) {
  const int devices = CudaDeviceCount();
  if (devices < 2) GTEST_SKIP() << "needs 2 CUDA devices";
  Daemon daemon(MakeTempDir("gpu_gemm_race"), 1, "cuda");
  daemon.set_extra_args({"--allow-fault-injection"});
  std::string error;
  ASSERT_TRUE(daemon.Start(&error)) << error;
  const int64_t m = 1024 * devices;
  const int64_t k = 512 * devices;
  const std::string dir = MakeTempDir("gpu_gemm_race_specs");
  for (const std::string kernel : {"ag_gemm", "matmul_reduce_scatter"}) {
    for (const std::string fault : {"skip_exit_barrier:1", "cached_result"}) {
      const std::string spec = dir + "/" + kernel + "_" + fault.substr(0, 4) + ".json";
      std::ofstream(spec) << R"({"inject_fault": ")" << fault << R"("})";
      CommandResult result;
      const nlohmann::json job = daemon.ClientJson(
          {"submit", "--spec", spec, "--kernel", kernel, "--world-size", std::to_string(devices),
           "--shapes", std::to_string(m) + "x2048x" + std::to_string(k), "--splits-per-rank", "2",
           "--warmup", "1", "--iters", "5", "--wait"},
          &result);
      const std::string what = kernel + " " + fault;
      const std::string message = job.value("error", "");
      std::cout << "GEMM-FAULT " << what << ": " << job.value("state", "") << ": " << message
                << "\n";
      EXPECT_EQ(job["state"], "FAILED") << what << ": " << result.out << result.err;
      EXPECT_NE(message.find("verification failed"), std::string::npos) << what << ": " << message;
      if (fault == "cached_result") {
        EXPECT_NE(message.find("(race check: operation 0, "), std::string::npos)
            << what << ": " << message;
      }
    }
  }
}

// Two or more GPUs: the CUDA test plugins without an exit barrier (rank 1 reads late) and with
// a cached result fail the race check; the example plugin, the same one-shot done right, passes
// the same job.
TEST(GpuRaceCheckTest, RacyAndCachingPluginsFailTheHonestOnePasses) {
  const int devices = CudaDeviceCount();
  if (devices < 2) GTEST_SKIP() << "needs 2 CUDA devices";
  std::string dir;
  std::unique_ptr<Daemon> started = StartWithPlugins("gpu_race_plugins", &dir);
  ASSERT_NE(started, nullptr);
  Daemon& daemon = *started;
  for (const std::string plugin :
       {"no_exit_barrier_cuda", "cached_result_cuda", "example_one_shot_cuda"}) {
    CommandResult result;
    const nlohmann::json job = daemon.ClientJson(
        {"submit", "--kernel", plugin + ":one_shot", "--world-size", std::to_string(devices),
         "--sizes", "4K,64K", "--iters", "5", "--repeats", "1", "--wait"},
        &result);
    RecordProperty(plugin, job.value("error", job.value("state", "")));
    if (plugin == "example_one_shot_cuda") {
      EXPECT_EQ(job["state"], "SUCCEEDED") << result.out << result.err;
      continue;
    }
    EXPECT_EQ(job["state"], "FAILED") << plugin << ": " << result.out << result.err;
    EXPECT_NE(job["error"].get<std::string>().find("(race check: operation "), std::string::npos)
        << plugin << ": " << job.dump();
  }
}

// Two or more GPUs: one process per GPU checks the one-shot bitwise against NCCL, then one rank
// stays out of a device barrier: its peers' kernels must record the timeout and exit (the
// check's exit status says whether every step held).
TEST(GpuMultiRankTest, OneShotMatchesNcclAndABarrierTimeoutIsReported) {
  const int devices = CudaDeviceCount();
  if (devices < 2) GTEST_SKIP() << "needs 2 CUDA devices";
  CommandResult check = RunCommand({RunfilePath("kernels/cuda/one_shot_multi_rank_check"),
                                    std::to_string(devices), "--timeout-test"});
  EXPECT_EQ(check.exit_code, 0) << check.out << check.err;
}

// Two or more GPUs: rank 1 gives up (Backend::Abort) while its peers wait for it in a device
// barrier, the one-shot's and then the example CUDA plugin's (which polls comm->abort_word):
// their kernels stop within 300 ms of it with ABORTED naming rank 1, not at their 5 s deadline.
TEST(GpuMultiRankTest, APeerThatGivesUpStopsTheOthersAtOnce) {
  const int devices = CudaDeviceCount();
  if (devices < 2) GTEST_SKIP() << "needs 2 CUDA devices";
  for (const std::string plugin : {"", "examples/plugins/example_one_shot_cuda.so"}) {
    std::vector<std::string> argv = {RunfilePath("kernels/cuda/one_shot_multi_rank_check"),
                                     std::to_string(devices), "--abort-test"};
    if (!plugin.empty()) argv.push_back(RunfilePath(plugin));
    CommandResult check = RunCommand(argv);
    EXPECT_EQ(check.exit_code, 0) << plugin << check.out << check.err;
  }
}

std::vector<std::string> SizeSweptOps() {
  std::vector<std::string> names;
  for (const OpDescriptor& op : Ops()) {
    if (IsSizeSwept(op.name)) names.emplace_back(op.name);
  }
  return names;
}

INSTANTIATE_TEST_SUITE_P(RegistryOps, GpuJobTest, ::testing::ValuesIn(SizeSweptOps()));

}  // namespace
}  // namespace symmbench::testing
