// deploy/run-job.sh (README command 1 after the build) end to end on a host without a GPU: a
// real symmbenchd on loopback with the CPU backend, `symmbench run` on every CPU slot, real
// workers. The report holds both kernel families, every row verified; --json is one object.
// Also what a newcomer tries next: --version, and a coordinator found through the environment.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>

#include "tests/test_util.h"

namespace symmbench::testing {
namespace {

CommandResult RunJobScript(const std::string& dir, const std::vector<std::string>& args) {
  std::vector<std::string> argv = {"/usr/bin/env", "SYMMBENCH_BIN=" + BinFolder(dir),
                                   "TMPDIR=" + dir, "/bin/bash", RunfilePath("deploy/run-job.sh")};
  argv.insert(argv.end(), args.begin(), args.end());
  return RunCommand(argv, std::chrono::seconds(240));
}

// The slots run-job.sh gives the CPU backend: one per core, 2 to 4.
int CpuSlots() { return std::clamp(static_cast<int>(sysconf(_SC_NPROCESSORS_ONLN)), 2, 4); }

TEST(RunJobTest, TheMainJobOnTheCpuBackendReportsBothFamiliesVerified) {
  const std::string dir = MakeTempDir("run_job");
  const CommandResult r = RunJobScript(dir, {});
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  const std::string slots = std::to_string(CpuSlots());
  EXPECT_NE(r.out.find("# symmbench main job: cpu backend, world size " + slots + " of " + slots +
                       " devices (cpu-slot), bf16"),
            std::string::npos)
      << r.out;
  // The all-reduce table: the dispatched kernel (the CPU table's two-shot), the three kernels
  // beside it, the plain-sum reference without a ratio; then AG-GEMM.
  for (const char* text :
       {"# all-reduce, bf16 sum", "all_reduce  algorithm  one_shot  two_shot", "one_shot_push",
        "reference_sum", "no speed ratio", "# ag_gemm, bf16", "  2K ", "  2M ", "two_shot  "}) {
    EXPECT_NE(r.out.find(text), std::string::npos) << text << "\n" << r.out;
  }
  EXPECT_NE(r.out.find("0 wrong elements; PASS"), std::string::npos) << r.out;
  // One line on stderr per job as it ends.
  EXPECT_NE(r.err.find("all_reduce: SUCCEEDED, 6 rows in"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("ag_gemm: SUCCEEDED, 2 rows in"), std::string::npos) << r.err;
}

TEST(RunJobTest, JsonIsOneObjectWithEveryJob) {
  const std::string dir = MakeTempDir("run_job_json");
  const CommandResult r = RunJobScript(dir, {"--json"});
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  const nlohmann::json report = nlohmann::json::parse(r.out, nullptr, /*allow_exceptions=*/false);
  ASSERT_TRUE(report.is_object()) << r.out;
  EXPECT_EQ(report["backend"], "cpu");
  EXPECT_EQ(report["world_size"], CpuSlots());
  EXPECT_EQ(report["ok"], true);
  EXPECT_EQ(report["wrong"], 0);
  ASSERT_EQ(report["jobs"].size(), 5u) << r.out;
  for (const nlohmann::json& job : report["jobs"]) {
    EXPECT_EQ(job["state"], "SUCCEEDED") << job.dump();
    for (const nlohmann::json& row : job["rows"]) EXPECT_TRUE(row["checked"].get<bool>());
  }
}

TEST(VersionTest, EveryBinaryNamesItsBuild) {
  for (const char* path : {"client/symmbench", "server/symmbenchd", "worker/symmbench-worker"}) {
    const CommandResult r = RunCommand({RunfilePath(path), "--version"});
    EXPECT_EQ(r.exit_code, 0) << path << r.err;
    const std::string name = std::string(path).substr(std::string(path).find('/') + 1);
    // "symmbench 0.16.0 (git b3b19d9a1c2e, built 2026-11-23 15:04 UTC; CUDA 13.0, NCCL 2.28.9)"
    EXPECT_EQ(r.out.rfind(name + " ", 0), 0u) << r.out;
    for (const char* part : {" (git ", ", built ", " UTC; CUDA 13.", ", NCCL 2."}) {
      EXPECT_NE(r.out.find(part), std::string::npos) << part << " in " << r.out;
    }
  }
}

TEST(CoordinatorAddressTest, TheClientFindsItInItsEnvironment) {
  Daemon daemon(MakeTempDir("coordinator_env"), 2);
  std::string error;
  ASSERT_TRUE(daemon.Start(&error)) << error;
  const CommandResult found =
      RunCommand({"/usr/bin/env", "SYMMBENCH_COORDINATOR=" + daemon.address(),
                  RunfilePath("client/symmbench"), "devices", "--json"});
  EXPECT_EQ(found.exit_code, 0) << found.err;
  EXPECT_NE(found.out.find("\"backend\":\"cpu\""), std::string::npos) << found.out;
  // --coordinator wins over the environment.
  const CommandResult flag =
      RunCommand({"/usr/bin/env", "SYMMBENCH_COORDINATOR=127.0.0.1:1",
                  RunfilePath("client/symmbench"), "--coordinator", daemon.address(), "devices"});
  EXPECT_EQ(flag.exit_code, 0) << flag.err;
  // A dead address from the environment is named as such.
  const CommandResult dead = RunCommand({"/usr/bin/env", "SYMMBENCH_COORDINATOR=127.0.0.1:1",
                                         RunfilePath("client/symmbench"), "list"});
  EXPECT_EQ(dead.exit_code, 2);
  EXPECT_NE(dead.err.find("no coordinator answered at 127.0.0.1:1 (SYMMBENCH_COORDINATOR)"),
            std::string::npos)
      << dead.err;
}

}  // namespace
}  // namespace symmbench::testing
