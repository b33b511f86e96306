// End-to-end tests of the symmbench binary's command line (CLI11 wiring in main.cc) against
// the in-process fake Coordinator: the brief's exact submit line, --json placement, exit codes.
#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

#include "client/fake_coordinator.h"
#include "kernels/ops/registry.h"
#include "gtest/gtest.h"
#include "nlohmann/json.hpp"

namespace symmbench::client {
namespace {

struct Result {
  int exit_code = -1;
  std::string out;
  std::string err;
};

std::string BinaryPath() {
  const char* srcdir = std::getenv("TEST_SRCDIR");
  const char* workspace = std::getenv("TEST_WORKSPACE");
  return std::string(srcdir ? srcdir : ".") + "/" + (workspace ? workspace : "symmbench") +
         "/client/symmbench";
}

// Runs the binary with `args` (shell words), capturing stdout and stderr.
Result RunCli(const std::string& args) {
  const char* tmp = std::getenv("TEST_TMPDIR");
  const std::string err_path = std::string(tmp ? tmp : "/tmp") + "/cli_test_stderr";
  const std::string command = BinaryPath() + " " + args + " 2>" + err_path;
  Result result;
  FILE* pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) return result;
  std::array<char, 4096> buffer;
  size_t n;
  while ((n = fread(buffer.data(), 1, buffer.size(), pipe)) > 0)
    result.out.append(buffer.data(), n);
  const int status = pclose(pipe);
  result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  std::ifstream err_file(err_path);
  std::stringstream err;
  err << err_file.rdbuf();
  result.err = err.str();
  return result;
}

class CliTest : public ::testing::Test {
 protected:
  testing::FakeServer server_;
};

TEST_F(CliTest, BriefSubmitLineWithJsonAfterSubcommand) {
  const Result r = RunCli("--coordinator " + server_.address() +
                          " submit --kernel one_shot_all_reduce --world-size 2 --dtype bf16"
                          " --min-bytes 2K --max-bytes 64M --step-factor 4 --warmup 20"
                          " --iters 100 --wait --json");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  const nlohmann::json json = nlohmann::json::parse(r.out);  // exactly one value
  EXPECT_EQ(json["state"], "SUCCEEDED");
  EXPECT_EQ(json["rows"].size(), 3u);
  EXPECT_EQ(json["spec"]["sweep"]["min_bytes"], 2048);
  EXPECT_EQ(json["spec"]["sweep"]["step_factor"], 4);
}

TEST_F(CliTest, GlobalOptionsBeforeOrAfterSubcommand) {
  ASSERT_EQ(RunCli("--coordinator " + server_.address() + " submit --world-size 2 --sizes 2K,4K")
                .exit_code,
            0);
  const Result before = RunCli("--json --coordinator " + server_.address() + " status j-000001");
  EXPECT_EQ(before.exit_code, 0) << before.err;
  EXPECT_EQ(nlohmann::json::parse(before.out)["job_id"], "j-000001");
  const Result after = RunCli("status j-000001 --coordinator " + server_.address() + " --json");
  EXPECT_EQ(after.exit_code, 0) << after.err;
  EXPECT_EQ(nlohmann::json::parse(after.out)["state"], "QUEUED");
}

// The help texts name what the registry offers: every op for submit --kernel, every dispatcher
// with its candidates for tune --op.
TEST_F(CliTest, HelpListsTheRegistrysOps) {
  const Result submit = RunCli("submit --help");
  EXPECT_EQ(submit.exit_code, 0);
  for (const std::string& op : AllOpNames()) {
    EXPECT_NE(submit.out.find(op), std::string::npos) << op << "\n" << submit.out;
  }
  const Result tune = RunCli("tune --help");
  EXPECT_EQ(tune.exit_code, 0);
  for (const std::string& dispatcher : OpNames(OpFamily::kDispatcher)) {
    const std::string candidates =
        dispatcher + " (" + DispatchCandidates(FindDispatcher(dispatcher)->computes)[0];
    EXPECT_NE(tune.out.find(candidates), std::string::npos) << candidates << "\n" << tune.out;
  }
}

TEST_F(CliTest, ExitCodesForFailureAndUsageErrors) {
  server_.service().SetOutcome(v1::FAILED, "rank 1 timed out");
  const Result failed =
      RunCli("--coordinator " + server_.address() +
             " submit --world-size 2 --min-bytes 2K --no-check --label a=b --wait");
  EXPECT_EQ(failed.exit_code, 1);
  EXPECT_NE(failed.out.find("# error: rank 1 timed out"), std::string::npos) << failed.out;
  EXPECT_FALSE(server_.service().last_spec().check());
  EXPECT_EQ(server_.service().last_spec().labels().at("a"), "b");

  const Result bad_size = RunCli("submit --world-size 2 --max-bytes 12Q");
  EXPECT_EQ(bad_size.exit_code, 2);
  EXPECT_NE(bad_size.err.find("--max-bytes: invalid size \"12Q\""), std::string::npos)
      << bad_size.err;

  const Result server_error =
      RunCli("--coordinator " + server_.address() + " submit --world-size 16 --min-bytes 2K");
  EXPECT_EQ(server_error.exit_code, 2);
  EXPECT_NE(server_error.err.find("error: INVALID_ARGUMENT: world_size: 16"), std::string::npos);

  EXPECT_EQ(RunCli("").exit_code, 2);                       // no subcommand
  EXPECT_EQ(RunCli("submit --world-size x").exit_code, 2);  // not a number
  EXPECT_EQ(RunCli("status").exit_code, 2);                 // JOB missing
  EXPECT_EQ(RunCli("frobnicate").exit_code, 2);
  EXPECT_EQ(RunCli("submit --world-size 2 --check --no-check").exit_code, 2);
  const Result help = RunCli("submit --help");
  EXPECT_EQ(help.exit_code, 0);
  EXPECT_NE(help.out.find("--world-size"), std::string::npos);
}

}  // namespace
}  // namespace symmbench::client
