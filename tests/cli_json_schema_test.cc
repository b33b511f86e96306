// Every `symmbench ... --json` output is one JSON object of the kind client/cli-json.schema.json
// documents, with every key present (the schema refuses missing and undocumented keys), checked
// by a real validator (Debian's python3-jsonschema) against a real daemon on the CPU backend:
// jobs of every kernel family, a failed job, the main job, lists, devices, tune, gate and
// baselines, and the error object of a command that could not run.
#include <gtest/gtest.h>

#include <fstream>
#include <string>

#include "kernels/ops/registry.h"
#include "tests/test_util.h"

namespace symmbench::testing {
namespace {

class CliJsonSchemaTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    dir_ = new std::string(MakeTempDir("cli_json_schema"));
    daemon_ = new Daemon(*dir_, 2);
    daemon_->set_extra_args({"--allow-fault-injection"});  // a failed job on purpose
    std::string error;
    ASSERT_TRUE(daemon_->Start(&error)) << error;
  }
  static void TearDownTestSuite() {
    delete daemon_;
    delete dir_;
  }

  // Runs the client with --json and checks stdout against `kind`; returns the parsed object.
  nlohmann::json Expect(const std::string& kind, std::vector<std::string> args, int exit_code = 0) {
    args.push_back("--json");
    const CommandResult r = daemon_->Client(args, std::chrono::seconds(240));
    EXPECT_EQ(r.exit_code, exit_code) << r.out << r.err;
    return Check(kind, r.out);
  }
  // Validates `text` as one object of `kind`.
  static nlohmann::json Check(const std::string& kind, const std::string& text) {
    const std::string file = *dir_ + "/" + kind + "_" + std::to_string(count_++) + ".json";
    std::ofstream(file) << text;
    const CommandResult v =
        RunCommand({"/usr/bin/python3", RunfilePath("tests/json_schema_check.py"),
                    RunfilePath("client/cli-json.schema.json"), kind, file});
    EXPECT_EQ(v.exit_code, 0) << v.out << v.err << text;
    return nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
  }

  static std::string* dir_;
  static Daemon* daemon_;
  static int count_;
};

std::string* CliJsonSchemaTest::dir_ = nullptr;
Daemon* CliJsonSchemaTest::daemon_ = nullptr;
int CliJsonSchemaTest::count_ = 0;

// The GPU suite picks its ops from `devices --json` (deploy/gpu-suite/common.sh, `ops`), by family
// and computation: the registry's ops of each, in its order.
TEST_F(CliJsonSchemaTest, TheGpuSuiteSelectsOpsFromTheRegistrysList) {
  const std::string script =
      "source " + RunfilePath("deploy/gpu-suite/common.sh") + "; c=(" +
      RunfilePath("client/symmbench") + " --coordinator " + daemon_->address() +
      "); ops family=gemm_collective; echo --; "
      "ops computes=all_reduce_sum family='swept_collective|dispatcher' plugin=false";
  const CommandResult r = RunCommand({"/bin/bash", "-c", script});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  std::string want;
  for (const OpDescriptor& op : Ops()) {
    if (op.family == OpFamily::kGemmCollective) want += std::string(op.name) + "\n";
  }
  want += "--\n";
  for (const OpDescriptor& op : Ops()) {
    if (op.computes == Computes::kAllReduceSum && IsSweptOp(op)) {
      want += std::string(op.name) + "\n";
    }
  }
  EXPECT_EQ(r.out, want) << r.err;
}

TEST_F(CliJsonSchemaTest, JobsOfEveryFamilyListsAndDevices) {
  const nlohmann::json swept = Expect("job", {"submit", "--kernel", "all_reduce", "--world-size",
                                              "2", "--sizes", "2K,64K", "--iters", "3", "--wait"});
  EXPECT_TRUE(swept["spec"]["sweep"]["dispatch"].is_object());  // all_reduce's table
  EXPECT_TRUE(swept["spec"]["gemm"].is_null());                 // the other family: null
  EXPECT_TRUE(swept["rows"][0]["gemm"].is_null());              // GEMM figures: null in a swept row
  const nlohmann::json gemm = Expect("job", {"submit", "--kernel", "ag_gemm", "--world-size", "2",
                                             "--shapes", "128x64x64", "--iters", "2", "--wait"});
  EXPECT_TRUE(gemm["spec"]["sweep"].is_null());
  EXPECT_EQ(gemm["spec"]["gemm"]["shapes"][0]["m"], 128);
  EXPECT_EQ(gemm["rows"][0]["gemm"]["m"], 128);
  Expect("job", {"calibrate", "--world-size", "2", "--copy-bytes", "64K", "--iters", "2"});
  Expect("job", {"status", swept["job_id"]});
  Expect("job", {"watch", swept["job_id"]});
  const nlohmann::json queued = Expect(
      "job", {"submit", "--world-size", "2", "--sizes", "16M", "--iters", "100000", "--no-check"});
  Expect("job", {"cancel", queued["job_id"]});
  Expect("job_list", {"list"});
  const nlohmann::json devices = Expect("devices", {"devices"});
  ASSERT_EQ(devices["ops"].size(), Ops().size());
  for (size_t i = 0; i < Ops().size(); ++i) {
    EXPECT_EQ(devices["ops"][i]["name"], Ops()[i].name);
    EXPECT_EQ(devices["ops"][i]["family"], FamilyName(Ops()[i].family));
    EXPECT_EQ(devices["ops"][i]["computes"], ComputesName(Ops()[i].computes));
    EXPECT_EQ(devices["ops"][i]["receive_slots"], Ops()[i].receive_slots);
  }
  const nlohmann::json tuned =
      Expect("tune", {"tune", "--world-size", "2", "--min-bytes", "2K", "--max-bytes", "8K",
                      "--step-factor", "4", "--iters", "3", "--warmup", "1", "--dry-run"});
  EXPECT_TRUE(tuned["sizes"][0].contains("two_shot_all_reduce_us")) << tuned.dump();
  // Another op's tune has its own candidates' columns, under the same kind.
  const nlohmann::json gathers =
      Expect("tune",
             {"tune", "--op", "all_gather", "--world-size", "2", "--min-bytes", "2K", "--max-bytes",
              "8K", "--step-factor", "4", "--iters", "3", "--warmup", "1", "--dry-run"});
  EXPECT_TRUE(gathers["sizes"][0].contains("low_contention_all_gather_us")) << gathers.dump();
}

TEST_F(CliJsonSchemaTest, AFailedJobHasItsErrorAndRank) {
  const std::string spec = *dir_ + "/failing.json";
  std::ofstream(spec) << R"({"kernel": "one_shot_all_reduce", "world_size": 2,
      "sizes_bytes": [2048], "iters": 1, "inject_fault": "rank_error:1"})";
  const nlohmann::json failed = Expect("job", {"submit", "--spec", spec, "--wait"}, 1);
  EXPECT_EQ(failed["state"], "FAILED");
  EXPECT_NE(failed["error"], "");
  EXPECT_EQ(failed["failed_rank"].get<int>(), 1);
}

TEST_F(CliJsonSchemaTest, TheMainJobGateAndBaselines) {
  const nlohmann::json run = Expect("main_job", {"run"});
  ASSERT_EQ(run["jobs"].size(), 5u);
  const std::string id = run["jobs"][1]["job_id"];
  Expect("baseline_stored", {"baseline", "save", id, "--name", "schema"});
  Expect("baseline_list", {"baseline", "list"});
  // The job against itself: a pass, or inconclusive where its loops are too noisy to rule out
  // the threshold; never a failure.
  const CommandResult self =
      daemon_->Client({"gate", "--baseline", "schema", "--candidate", id, "--json"});
  EXPECT_TRUE(self.exit_code == 0 || self.exit_code == 3) << self.out << self.err;
  Check("gate", self.out);
  // A/B in one job: its rows' comparison, and the gate on its pairs.
  const nlohmann::json ab =
      Expect("job", {"submit", "--kernel", "one_shot_all_reduce", "--compare-kernel",
                     "two_shot_all_reduce", "--world-size", "2", "--sizes", "2K", "--iters", "3",
                     "--repeats", "3", "--wait"});
  EXPECT_EQ(ab["rows"][0]["comparison"]["paired_ratios"].size(), 3u) << ab.dump();
  const CommandResult gated =
      daemon_->Client({"gate", "--ab", "--candidate", ab["job_id"], "--json"});
  EXPECT_NE(gated.exit_code, 2) << gated.err;  // pass, fail or inconclusive: no error
  Check("gate", gated.out);
}

// A usage error is one line naming where help is (CLI11 printed two: the error, then "Run with
// --help for more information.").
TEST_F(CliJsonSchemaTest, UsageErrorsAreOneLine) {
  const CommandResult missing =
      RunCommand({RunfilePath("client/symmbench"), "--coordinator", "127.0.0.1:1", "submit",
                  "--spec", "/nonexistent/spec.json"});
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_EQ(missing.err,
            "error: --spec: File does not exist: /nonexistent/spec.json (symmbench submit "
            "--help)\n");
}

TEST_F(CliJsonSchemaTest, FailuresAreOneErrorObject) {
  // The coordinator unreachable, a misspelled command, a bad flag, an unknown job.
  const CommandResult unreachable = RunCommand(
      {RunfilePath("client/symmbench"), "--coordinator", "127.0.0.1:1", "--json", "list"});
  EXPECT_EQ(unreachable.exit_code, 2);
  EXPECT_EQ(Check("error", unreachable.out)["error"]["code"], "UNAVAILABLE");
  EXPECT_EQ(Expect("error", {"submitt"}, 2)["error"]["message"].get<std::string>().find(
                "unknown command \"submitt\"; did you mean \"submit\"?"),
            0u);
  EXPECT_EQ(Expect("error", {"list", "--limit", "x"}, 2)["error"]["code"], "INVALID_ARGUMENT");
  EXPECT_EQ(Expect("error", {"status", "j-999999"}, 2)["error"]["code"], "NOT_FOUND");
  EXPECT_EQ(
      Expect("error",
             {"submit", "--world-size", "2", "--sizes", "2K", "--kernel", "one_shot_allreduce"},
             2)["error"]["message"]
          .get<std::string>()
          .find("kernel: unknown kernel \"one_shot_allreduce\"; did you mean "
                "\"one_shot_all_reduce\"?"),
      0u);
}

}  // namespace
}  // namespace symmbench::testing
