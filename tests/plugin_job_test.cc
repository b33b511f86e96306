// Users' plugin ops end to end on the CPU backend: a real symmbenchd with a --plugin-dir holding
// the example plugin and the test-only ones, the real client and workers. The example's op is
// verified at world sizes 2 and 4 and gated against its own baseline; a wrong plugin fails
// verification, a crashing or hanging one fails its job naming the rank and the next job runs, a
// failed set-up fails before timing; bad plugin names and libraries are refused at submission
// naming the field, and `symmbench devices` lists every library with its ABI version.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "tests/test_util.h"

namespace symmbench::testing {
namespace {

constexpr char kExampleOp[] = "example_one_shot_cpu:one_shot";
constexpr char kSecondBuildOp[] = "example_one_shot_cpu_b:one_shot";

// The libraries the daemon's plugin directory holds, by their runfile paths.
const std::vector<std::string>& PluginFiles() {
  static const auto* const kFiles = new std::vector<std::string>{
      "examples/plugins/example_one_shot_cpu.so",
      "tests/plugins/wrong_sum_cpu.so",
      "tests/plugins/crash_cpu.so",
      "tests/plugins/hang_cpu.so",
      "tests/plugins/setup_fails_cpu.so",
      "tests/plugins/abi_v99_cpu.so",
      "tests/plugins/no_describe_cpu.so",
      "tests/plugins/all_gather_cpu.so",
      "tests/plugins/greedy_cpu.so",
      "tests/plugins/no_exit_barrier_cpu.so",
      "tests/plugins/cached_result_cpu.so",
  };
  return *kFiles;
}

class PluginJobTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    dir_ = new std::string(MakeTempDir("plugin_job_test"));
    const std::string plugins = *dir_ + "/plugins";
    std::filesystem::create_directories(plugins);
    for (const std::string& file : PluginFiles()) {
      const std::filesystem::path from = RunfilePath(file);
      std::filesystem::copy_file(from, plugins + "/" + from.filename().string());
    }
    // A second build of the example, for A/B of two builds in one job.
    std::filesystem::copy_file(RunfilePath(PluginFiles()[0]),
                               plugins + "/example_one_shot_cpu_b.so");
    // Outside the plugin directory: a job may not reach it by any path.
    std::filesystem::copy_file(RunfilePath(PluginFiles()[0]), *dir_ + "/outside.so");
    daemon_ = new Daemon(*dir_ + "/daemon", 4);
    daemon_->set_extra_args({"--plugin-dir", plugins, "--allow-fault-injection"});
    std::string error;
    ASSERT_TRUE(daemon_->Start(&error)) << error;
    // The libraries are described in the background (hang_cpu hangs only when run).
    ASSERT_TRUE(WaitForPluginsDescribed(*daemon_));
  }
  static void TearDownTestSuite() {
    delete daemon_;
    daemon_ = nullptr;
    delete dir_;
    dir_ = nullptr;
  }

  // `submit ARGS --wait --json`: the job (null when none was printed).
  static nlohmann::json Submit(std::vector<std::string> args, CommandResult* result) {
    args.insert(args.begin(), "submit");
    args.push_back("--wait");
    return daemon_->ClientJson(args, result);
  }
  // A small verified job of `kernel` that must succeed.
  static nlohmann::json RunOk(const std::string& kernel, int world_size,
                              const std::string& dtype = "bf16") {
    CommandResult result;
    nlohmann::json job = Submit(
        {"--kernel", kernel, "--world-size", std::to_string(world_size), "--dtype", dtype,
         "--sizes", "1000,64K", "--warmup", "1", "--iters", "5", "--repeats", "2", "--graph"},
        &result);
    EXPECT_EQ(result.exit_code, 0) << result.out << result.err;
    EXPECT_EQ(job["state"], "SUCCEEDED") << job.dump();
    return job;
  }
  // A submission that must be refused; the client's stderr.
  static std::string Refused(const std::string& kernel, const std::string& dtype = "bf16") {
    CommandResult result = daemon_->Client(
        {"submit", "--kernel", kernel, "--world-size", "2", "--dtype", dtype, "--sizes", "4K"});
    EXPECT_NE(result.exit_code, 0) << result.out;
    return result.err;
  }

  static std::string* dir_;
  static Daemon* daemon_;
};

std::string* PluginJobTest::dir_ = nullptr;
Daemon* PluginJobTest::daemon_ = nullptr;

TEST_F(PluginJobTest, DevicesListEveryLibraryWithItsAbiVersion) {
  CommandResult result;
  const nlohmann::json devices = daemon_->ClientJson({"devices"}, &result);
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(devices["plugin_abi_versions"], nlohmann::json::array({1, 2})) << devices.dump();
  std::map<std::string, nlohmann::json> plugins;
  for (const nlohmann::json& p : devices["plugins"]) plugins[p["name"]] = p;
  ASSERT_EQ(plugins.size(), PluginFiles().size() + 1) << devices.dump();  // + the second build
  const nlohmann::json& example = plugins["example_one_shot_cpu"];
  EXPECT_EQ(example["abi_version"], 2);
  EXPECT_EQ(example.value("error", ""), "") << example.dump();
  ASSERT_EQ(example["ops"].size(), 1u);
  EXPECT_EQ(example["ops"][0]["kernel"], kExampleOp);
  EXPECT_EQ(example["ops"][0]["computes"], "all_reduce_sum");
  EXPECT_EQ(example["ops"][0]["sums_in_rank_order"], true);
  EXPECT_NE(plugins["abi_v99_cpu"]["error"].get<std::string>().find("speaks plugin ABI 99"),
            std::string::npos);
  EXPECT_NE(plugins["no_describe_cpu"]["error"].get<std::string>().find(
                "missing symbol symmbench_plugin_describe"),
            std::string::npos);
  const auto& kernels = devices["kernels"];
  EXPECT_NE(std::find(kernels.begin(), kernels.end(), kExampleOp), kernels.end());
  EXPECT_EQ(std::find(kernels.begin(), kernels.end(), "abi_v99_cpu:one_shot"), kernels.end());
  // The table names the op and the unusable libraries.
  result = daemon_->Client({"devices"});
  EXPECT_NE(result.out.find(kExampleOp), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("abi_v99_cpu: "), std::string::npos) << result.out;
}

class PluginWorldSizeTest : public PluginJobTest, public ::testing::WithParamInterface<int> {};

TEST_P(PluginWorldSizeTest, ExampleOpIsVerifiedTimedAndCompared) {
  const int world_size = GetParam();
  for (const std::string dtype : {"bf16", "fp32"}) {
    const nlohmann::json job = RunOk(kExampleOp, world_size, dtype);
    ASSERT_EQ(job["rows"].size(), 2u) << job.dump();
    EXPECT_EQ(job["spec"]["plugin_ops"][0]["kernel"], kExampleOp);
    EXPECT_FALSE(job["spec"]["plugin_ops"][0]["path"].get<std::string>().empty());
    for (const nlohmann::json& row : job["rows"]) {
      EXPECT_EQ(row["wrong"].get<int64_t>(), 0) << row.dump();
      EXPECT_TRUE(row["checked"].get<bool>());
      EXPECT_EQ(row["reference"], "reference_sum");
      EXPECT_EQ(row["redop"], "sum");
      EXPECT_GT(row["time_us"].get<double>(), 0.0);
      EXPECT_GT(row["graph_time_us"].get<double>(), 0.0) << row.dump();
      EXPECT_NEAR(row["busbw_gbps"].get<double>(),
                  row["algbw_gbps"].get<double>() * 2.0 * (world_size - 1) / world_size, 1e-9);
    }
  }
}

INSTANTIATE_TEST_SUITE_P(WorldSizes, PluginWorldSizeTest, ::testing::Values(2, 4));

TEST_F(PluginJobTest, AllGatherPluginIsVerifiedWithShardsAsNcclTestsCountThem) {
  const nlohmann::json job = RunOk("all_gather_cpu:gather", 3);
  ASSERT_EQ(job["rows"].size(), 2u) << job.dump();
  for (const nlohmann::json& row : job["rows"]) {
    EXPECT_EQ(row["size_bytes"].get<int64_t>() % 6, 0) << row.dump();  // 3 ranks x 2 bytes
    EXPECT_EQ(row["wrong"].get<int64_t>(), 0) << row.dump();
    EXPECT_EQ(row["reference"], "reference_gather");
    EXPECT_EQ(row["redop"], "none");
  }
}

TEST_F(PluginJobTest, GatedAgainstItsOwnBaseline) {
  const std::string spec = *dir_ + "/gate_spec.json";
  std::ofstream(spec) << R"({"kernel": ")" << kExampleOp << R"(", "world_size": 2,
      "dtype": "bf16", "warmup_iters": 2, "iters": 20, "repeats": 5,
      "sweep": {"sizes_bytes": [4096, 65536]}})";
  CommandResult result;
  const nlohmann::json first = Submit({"--spec", spec}, &result);
  ASSERT_EQ(first["state"], "SUCCEEDED") << result.out << result.err;
  result = daemon_->Client({"baseline", "save", first["job_id"], "--name", "plugin", "--force"});
  ASSERT_EQ(result.exit_code, 0) << result.out << result.err;
  // What this checks is that the plugin's cases pair up with the baseline's by name and are
  // compared on time (against the baseline's kept build: the test below); whether the time
  // moved is the gate's business (regression_gate_test).
  result = daemon_->Client(
      {"gate", "--baseline", "plugin", "--run", spec, "--max-slowdown", "50%", "--json"});
  const nlohmann::json report =
      nlohmann::json::parse(result.out, nullptr, /*allow_exceptions=*/false);
  ASSERT_TRUE(report.is_object()) << result.out << result.err;
  EXPECT_TRUE(result.exit_code == 0 || result.exit_code == 1 || result.exit_code == 3)
      << result.out << result.err;
  std::set<std::string> names;
  for (const nlohmann::json& c : report["cases"]) {
    names.insert(c["name"].get<std::string>());
    EXPECT_TRUE(c["verdict"] == "unchanged" || c["verdict"] == "inconclusive" ||
                c["verdict"] == "drift" || c["verdict"] == "improved" ||
                c["verdict"] == "regressed")
        << c.dump();
    EXPECT_GT(c["ratio"].get<double>(), 0.0) << c.dump();
  }
  const std::string op(kExampleOp);
  EXPECT_EQ(names, (std::set<std::string>{op + "/bf16/4K", op + "/bf16/64K"})) << result.out;
}

// A/B in one job: every row pairs the kernel's loops with the compare kernel's, and the gate
// decides from those pairs.
class PluginAbTest : public PluginJobTest, public ::testing::WithParamInterface<int> {};

TEST_P(PluginAbTest, AgainstABuiltInKernelInOneJob) {
  const int world_size = GetParam();
  CommandResult result;
  const nlohmann::json job =
      Submit({"--kernel", kExampleOp, "--compare-kernel", "one_shot_all_reduce", "--world-size",
              std::to_string(world_size), "--sizes", "4K,64K", "--iters", "10", "--repeats", "4",
              "--graph"},
             &result);
  ASSERT_EQ(job["state"], "SUCCEEDED") << result.out << result.err;
  ASSERT_EQ(job["rows"].size(), 2u);
  for (const nlohmann::json& row : job["rows"]) {
    const nlohmann::json& ab = row["comparison"];
    EXPECT_EQ(ab["kernel"], "one_shot_all_reduce");
    EXPECT_EQ(row.value("wrong", 0), 0) << row.dump();
    EXPECT_EQ(ab.value("wrong", 0), 0) << row.dump();
    ASSERT_EQ(ab["paired_ratios"].size(), 4u) << row.dump();
    ASSERT_EQ(ab["repeat_medians_us"].size(), 4u);
    for (size_t i = 0; i < 4; ++i) {
      EXPECT_NEAR(
          ab["paired_ratios"][i].get<double>(),
          row["repeat_medians_us"][i].get<double>() / ab["repeat_medians_us"][i].get<double>(),
          1e-9);
    }
    EXPECT_GT(ab["graph_time_us"].get<double>(), 0);
  }
  // The table shows the compare kernel's time and the ratio.
  result = daemon_->Client({"status", job["job_id"]});
  EXPECT_NE(result.out.find("A/B vs one_shot_all_reduce"), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("ab_ratio"), std::string::npos) << result.out;
  // The gate decides from the pairs (a plugin may be faster or slower than the built-in one:
  // any decision but "no decision").
  result = daemon_->Client({"gate", "--ab", "--candidate", job["job_id"], "--json"});
  EXPECT_NE(result.exit_code, 2) << result.out << result.err;
  const nlohmann::json report = nlohmann::json::parse(result.out, nullptr, false);
  ASSERT_TRUE(report.is_object()) << result.out << result.err;
  ASSERT_EQ(report["cases"].size(), 2u);
  EXPECT_NE(report["cases"][0]["test"].get<std::string>().find("sign test on 4 paired loops"),
            std::string::npos)
      << report.dump();
}

INSTANTIATE_TEST_SUITE_P(WorldSizes, PluginAbTest, ::testing::Values(2, 4));

TEST_F(PluginJobTest, TwoBuildsOfOnePluginPassTheAbGate) {
  const std::string spec = *dir_ + "/ab_spec.json";
  std::ofstream(spec) << R"({"kernel": ")" << kSecondBuildOp << R"(", "world_size": 2,
      "dtype": "bf16", "warmup_iters": 2, "iters": 20, "repeats": 8,
      "sweep": {"sizes_bytes": [4096, 65536], "compare_kernel": ")"
                      << kExampleOp << R"("}})";
  // Both builds run in the same passes: never a regression. A pass, or, on a host loaded enough
  // that the pairs' interval reaches past the bound after measuring again, inconclusive.
  CommandResult result = daemon_->Client({"gate", "--ab", "--run", spec, "--max-slowdown", "25%"});
  EXPECT_TRUE(result.exit_code == 0 || result.exit_code == 3) << result.out << result.err;
  EXPECT_EQ(result.out.find("REGRESSED"), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("compare kernel " + std::string(kExampleOp)), std::string::npos)
      << result.out;
  // --ab without a compare kernel, or with a baseline: no decision, naming the flag.
  result = daemon_->Client({"gate", "--ab", "--baseline", "plugin", "--run", spec});
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_NE(result.err.find("--baseline: not with --ab"), std::string::npos) << result.err;
}

// A baseline of a plugin op keeps the build its job ran. After the plugin's file is replaced by
// another build, the gate times the candidate A/B against that kept build in the same passes,
// and the pairs decide.
TEST_F(PluginJobTest, ASavedBaselineKeepsItsBuildAndTheGateTimesTheCandidateAgainstIt) {
  const std::string spec = *dir_ + "/kept_spec.json";
  const std::string delayed = *dir_ + "/kept_delayed.json";
  const std::string common = absl::StrCat(R"("kernel": ")", kSecondBuildOp, R"(", "world_size": 2,
      "dtype": "bf16", "warmup_iters": 2, "iters": 20, "repeats": 5,
      "sweep": {"sizes_bytes": [4096, 65536]})");
  std::ofstream(spec) << "{" << common << "}";
  // 2 ms more per operation at 64 KiB: several times a CPU all-reduce of 64 KiB, even loaded.
  std::ofstream(delayed) << "{" << common << R"(, "inject_delay_us": 2000,
      "inject_delay_min_bytes": 65536, "inject_delay_max_bytes": 65536})";
  CommandResult result;
  const nlohmann::json first = Submit({"--spec", spec}, &result);
  ASSERT_EQ(first["state"], "SUCCEEDED") << result.out << result.err;
  const nlohmann::json saved = daemon_->ClientJson(
      {"baseline", "save", first["job_id"], "--name", "kept", "--force"}, &result);
  ASSERT_EQ(result.exit_code, 0) << result.out << result.err;
  const std::string kept = saved["kept_build"];
  ASSERT_EQ(kept.rfind(std::string(kSecondBuildOp) + "@", 0), 0u) << saved.dump();
  EXPECT_EQ(kept.size(), std::string(kSecondBuildOp).size() + 13) << kept;
  EXPECT_EQ(saved["kept_build_error"], "");

  // Another build takes the library's place (the same code and more bytes: another SHA-256).
  std::ofstream(*dir_ + "/plugins/example_one_shot_cpu_b.so", std::ios::app) << "another build";
  result = daemon_->Client(
      {"gate", "--baseline", "kept", "--run", delayed, "--max-slowdown", "25%", "--json"});
  EXPECT_EQ(result.exit_code, 1) << result.out << result.err;
  const nlohmann::json report = nlohmann::json::parse(result.out, nullptr, false);
  ASSERT_TRUE(report.is_object()) << result.out << result.err;
  EXPECT_EQ(report["against_build"], kept) << report.dump();
  for (const nlohmann::json& c : report["cases"]) {
    if (c["size"] == "64K") {
      EXPECT_EQ(c["verdict"], "regressed") << c.dump();
      EXPECT_EQ(c["against_build"], kept) << c.dump();
      EXPECT_NE(c["detail"].get<std::string>().find("A/B against the baseline's build " + kept),
                std::string::npos)
          << c.dump();
    } else {
      EXPECT_NE(c["verdict"], "regressed") << c.dump();
    }
  }
  // The candidate loaded the kept copy beside the plugin directory's new file.
  const nlohmann::json ab = daemon_->ClientJson({"status", report["candidate_job"]}, &result);
  EXPECT_EQ(ab["spec"]["sweep"]["compare_kernel"], kept) << ab.dump();
  bool found = false;
  for (const nlohmann::json& op : ab["spec"]["plugin_ops"]) {
    if (op["kernel"] != kept) continue;
    found = true;
    EXPECT_NE(op["path"].get<std::string>().find("/kept-builds/"), std::string::npos) << op;
  }
  EXPECT_TRUE(found) << ab.dump();
  // That job gated on its own (--candidate: one look) is decided by its pairs too.
  result = daemon_->Client({"gate", "--baseline", "kept", "--candidate", report["candidate_job"],
                            "--max-slowdown", "25%", "--json"});
  const nlohmann::json again = nlohmann::json::parse(result.out, nullptr, false);
  ASSERT_TRUE(again.is_object()) << result.out << result.err;
  EXPECT_EQ(again["against_build"], kept) << again.dump();
  EXPECT_TRUE(again["more_runs"].empty()) << again.dump();

  // A build no baseline keeps is refused at submission, naming the field and the kept ones.
  const std::string unknown = std::string(kSecondBuildOp) + "@ffffffffffff";
  result = daemon_->Client({"submit", "--kernel", kSecondBuildOp, "--compare-kernel", unknown,
                            "--world-size", "2", "--sizes", "4K"});
  EXPECT_NE(result.exit_code, 0);
  EXPECT_NE(result.err.find("sweep.compare_kernel: \"" + unknown +
                            "\" names a kept build, and no baseline keeps it (kept builds: " +
                            kept + " (baseline kept)"),
            std::string::npos)
      << result.err;
}

// An exported baseline names its kept build; imported where that very copy is kept, it keeps
// it; imported where it is not (another daemon's path), it keeps its times and says why not.
TEST_F(PluginJobTest, AnImportedBaselineKeepsOnlyABuildThisDaemonHolds) {
  CommandResult result;
  const nlohmann::json job = Submit({"--kernel", kExampleOp, "--world-size", "2", "--sizes", "4K",
                                     "--iters", "2", "--repeats", "1"},
                                    &result);
  ASSERT_EQ(job["state"], "SUCCEEDED") << result.out << result.err;
  result = daemon_->Client({"baseline", "save", job["job_id"], "--name", "exported", "--force"});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  result = daemon_->Client({"baseline", "export", "exported"});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  nlohmann::json exported = nlohmann::json::parse(result.out);
  const std::string kept = exported["kept_build"]["kernel"];
  ASSERT_EQ(kept.rfind(std::string(kExampleOp) + "@", 0), 0u) << exported.dump();
  const std::string here = *dir_ + "/exported_here.json";
  std::ofstream(here) << exported.dump();
  nlohmann::json imported = daemon_->ClientJson(
      {"baseline", "import", here, "--name", "imported-here", "--force"}, &result);
  EXPECT_EQ(imported["kept_build"], kept) << result.out << result.err;
  exported["kept_build"]["path"] = "/elsewhere/kept-builds/" +
                                   exported["kept_build"]["library_sha256"].get<std::string>() +
                                   ".so";
  const std::string elsewhere = *dir_ + "/exported_elsewhere.json";
  std::ofstream(elsewhere) << exported.dump();
  imported = daemon_->ClientJson(
      {"baseline", "import", elsewhere, "--name", "imported-elsewhere", "--force"}, &result);
  EXPECT_EQ(imported["kept_build"], "") << result.out << result.err;
  EXPECT_EQ(imported["kept_build_error"], "imported: this daemon does not keep the build " + kept)
      << imported.dump();
}

TEST_F(PluginJobTest, AWrongCompareKernelFailsVerificationNamingIt) {
  CommandResult result;
  const nlohmann::json job =
      Submit({"--kernel", kExampleOp, "--compare-kernel", "wrong_sum_cpu:one_shot", "--world-size",
              "2", "--sizes", "4K", "--iters", "2", "--repeats", "1"},
             &result);
  ASSERT_EQ(job["state"], "FAILED") << job.dump();
  const std::string error = job["error"];
  EXPECT_NE(error.find("sweep.compare_kernel wrong_sum_cpu:one_shot: verification failed"),
            std::string::npos)
      << error;
  EXPECT_NE(error.find("on rank 1"), std::string::npos) << error;
}

TEST_F(PluginJobTest, WrongPluginFailsVerification) {
  CommandResult result;
  const nlohmann::json job = Submit({"--kernel", "wrong_sum_cpu:one_shot", "--world-size", "2",
                                     "--sizes", "4K", "--iters", "2", "--repeats", "1"},
                                    &result);
  ASSERT_EQ(job["state"], "FAILED") << job.dump();
  EXPECT_NE(job["error"].get<std::string>().find("verification failed"), std::string::npos)
      << job.dump();
  EXPECT_NE(job["error"].get<std::string>().find("on rank 1"), std::string::npos) << job.dump();
}

// The two bugs every check on unchanging inputs misses: a plugin without its exit barrier
// (rank 1 reads a peer's input after the peer moved on) and one that copies a cached result.
// The race check fails both, naming the operation (and the rank that read late; every rank's
// cached result is wrong).
TEST_F(PluginJobTest, RacyAndCachingPluginsFailTheRaceCheck) {
  for (const auto& [kernel, rank] :
       {std::pair<std::string, int>{"no_exit_barrier_cpu", 1}, {"cached_result_cpu", -1}}) {
    CommandResult result;
    const nlohmann::json job = Submit({"--kernel", kernel + ":one_shot", "--world-size", "2",
                                       "--sizes", "4K,64K", "--iters", "5", "--repeats", "1"},
                                      &result);
    ASSERT_EQ(job["state"], "FAILED") << kernel << ": " << job.dump();
    const std::string error = job["error"];
    EXPECT_NE(error.find("verification failed"), std::string::npos) << kernel << ": " << error;
    EXPECT_NE(error.find("race check: operation "), std::string::npos) << kernel << ": " << error;
    if (rank >= 0) {
      EXPECT_NE(error.find("on rank " + std::to_string(rank)), std::string::npos)
          << kernel << ": " << error;
    }
  }
}

TEST_F(PluginJobTest, CrashingPluginFailsItsJobNamingTheRankAndTheNextJobRuns) {
  CommandResult result;
  const nlohmann::json job = Submit(
      {"--kernel", "crash_cpu:one_shot", "--world-size", "2", "--sizes", "4K", "--repeats", "1"},
      &result);
  ASSERT_EQ(job["state"], "FAILED") << job.dump();
  EXPECT_EQ(job["failed_rank"], 1) << job.dump();
  EXPECT_NE(job["error"].get<std::string>().find("rank 1"), std::string::npos) << job.dump();
  RunOk(kExampleOp, 2);  // devices freed, the peer released
}

TEST_F(PluginJobTest, HangingPluginFailsItsJobAtTheJobTimeoutAndTheNextJobRuns) {
  CommandResult result;
  const nlohmann::json job = Submit({"--kernel", "hang_cpu:one_shot", "--world-size", "2",
                                     "--sizes", "4K", "--repeats", "1", "--job-timeout-s", "8"},
                                    &result);
  ASSERT_EQ(job["state"], "FAILED") << job.dump();
  RunOk(kExampleOp, 2);
}

TEST_F(PluginJobTest, FailedSetUpFailsTheJobBeforeTiming) {
  CommandResult result;
  const nlohmann::json job = Submit(
      {"--kernel", "setup_fails_cpu:one_shot", "--world-size", "2", "--sizes", "4K"}, &result);
  ASSERT_EQ(job["state"], "FAILED") << job.dump();
  const std::string error = job["error"];
  EXPECT_NE(error.find("set-up failed"), std::string::npos) << error;
  EXPECT_NE(error.find("cannot allocate the staging buffer"), std::string::npos) << error;
  EXPECT_EQ(job["rows"].size(), 0u) << job.dump();
}

TEST_F(PluginJobTest, BadPluginNamesAndLibrariesAreRefusedNamingTheField) {
  const std::string outside = *dir_ + "/outside";
  for (const std::string& kernel : {std::string("../outside:one_shot"), outside + ":one_shot",
                                    outside + ".so:one_shot", std::string(".hidden:one_shot")}) {
    const std::string error = Refused(kernel);
    EXPECT_NE(error.find("kernel: "), std::string::npos) << kernel << ": " << error;
    EXPECT_NE(error.find("--plugin-dir"), std::string::npos) << kernel << ": " << error;
  }
  std::string error = Refused("example_one_shot_cpu:two_shot");
  EXPECT_NE(error.find("has no op \"two_shot\""), std::string::npos) << error;
  EXPECT_NE(error.find("its ops: one_shot"), std::string::npos) << error;
  error = Refused("nosuch:one_shot");
  EXPECT_NE(error.find("no plugin \"nosuch\""), std::string::npos) << error;
  error = Refused("abi_v99_cpu:one_shot");
  EXPECT_NE(error.find("speaks plugin ABI 99; this build speaks 1, 2"), std::string::npos) << error;
  error = Refused("no_describe_cpu:one_shot");
  EXPECT_NE(error.find("missing symbol symmbench_plugin_describe"), std::string::npos) << error;
  error = Refused("greedy_cpu:one_shot");
  EXPECT_NE(error.find("kernel: greedy_cpu:one_shot asks for 1 TiB"), std::string::npos) << error;
  error = Refused(kExampleOp, "fp8_e4m3");
  EXPECT_NE(error.find("dtype: "), std::string::npos) << error;
  // A/B: the compare kernel is resolved and checked the same way, naming its field.
  const auto refused_ab = [](const std::string& compare) {
    CommandResult r = daemon_->Client({"submit", "--kernel", kExampleOp, "--compare-kernel",
                                       compare, "--world-size", "2", "--sizes", "4K"});
    EXPECT_NE(r.exit_code, 0) << r.out;
    return r.err;
  };
  error = refused_ab("all_gather_cpu:gather");
  EXPECT_NE(error.find("sweep.compare_kernel: all_gather_cpu:gather does not compute what"),
            std::string::npos)
      << error;
  error = refused_ab("nosuch:one_shot");
  EXPECT_NE(error.find("sweep.compare_kernel: \"nosuch:one_shot\": no plugin \"nosuch\""),
            std::string::npos)
      << error;
  error = refused_ab("../outside:one_shot");
  EXPECT_NE(error.find("sweep.compare_kernel: "), std::string::npos) << error;
}

}  // namespace
}  // namespace symmbench::testing
