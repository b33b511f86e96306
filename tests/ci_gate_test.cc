// deploy/ci end to end on the CPU backend: gate.sh (with the test's binaries in place of the
// bundle's) first keeps a run as baseline "main" (GATE_SAVE_AS, as a push to main does), then
// gates a fresh run against it (as a pull request does): exit 0, gate.md, a valid gate.xml.
// The GitHub Actions and GitLab CI files parse and call gate.sh and keep its outputs.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <fstream>
#include <sstream>

#include "tests/test_util.h"

namespace symmbench::testing {
namespace {

CommandResult GateScript(const std::string& dir, const std::string& bin,
                         const std::vector<std::string>& env, const std::string& spec) {
  std::vector<std::string> argv = {"/usr/bin/env",
                                   "SYMMBENCH_BIN=" + bin,
                                   "SYMMBENCH_DB=" + dir + "/ci.db",
                                   "GATE_OUT=" + dir + "/out",
                                   "GITHUB_SHA=0123abcd",
                                   "GITHUB_REF_NAME=feature",
                                   "TMPDIR=" + dir};
  argv.insert(argv.end(), env.begin(), env.end());
  argv.insert(argv.end(), {"/bin/bash", RunfilePath("deploy/ci/gate.sh"), spec, "main"});
  return RunCommand(argv, std::chrono::seconds(120));
}

TEST(CiGateTest, GateScriptKeepsABaselineThenGatesAgainstIt) {
  const std::string dir = MakeTempDir("ci_gate");
  const std::string bin = BinFolder(dir);
  const std::string spec = dir + "/spec.json";
  std::ofstream(spec) << R"({"kernel": "one_shot_all_reduce", "world_size": 1, "dtype": "bf16",
                            "sizes_bytes": [65536], "warmup_iters": 5, "iters": 50})";

  // No baseline yet: no decision (2), with the reason in the JUnit file.
  CommandResult none = GateScript(dir, bin, {}, spec);
  EXPECT_EQ(none.exit_code, 2) << none.out << none.err;
  EXPECT_NE(none.err.find("NOT_FOUND"), std::string::npos) << none.err;

  CommandResult keep = GateScript(dir, bin, {"GATE_SAVE_AS=main"}, spec);
  ASSERT_EQ(keep.exit_code, 0) << keep.out << keep.err;
  EXPECT_NE(keep.out.find("saved baseline main"), std::string::npos) << keep.out;
  const nlohmann::json baseline = nlohmann::json::parse(ReadFile(dir + "/out/baseline.json"));
  EXPECT_EQ(baseline["name"], "main");
  EXPECT_EQ(baseline["job"]["spec"]["labels"]["git_sha"], "0123abcd");
  EXPECT_EQ(baseline["job"]["spec"]["labels"]["branch"], "feature");

  // This checks the script's plumbing, not the statistics (client/gate_test does those): the
  // largest threshold the gate takes (below 1000%), so that a job ten times slower than the one
  // before it still passes; a shared CI host has been seen to run one 2.4x slower.
  CommandResult gate = GateScript(dir, bin, {"GATE_ARGS=--max-slowdown 999%"}, spec);
  EXPECT_EQ(gate.exit_code, 0) << gate.out << gate.err;
  EXPECT_NE(ReadFile(dir + "/out/gate.txt").find("# result: PASS"), std::string::npos);
  EXPECT_NE(ReadFile(dir + "/out/gate.md").find("### symmbench gate: :white_check_mark: passed"),
            std::string::npos);
  CommandResult junit = RunCommand({"/usr/bin/python3", RunfilePath("tests/junit_check.py"),
                                    dir + "/out/gate.xml", "1", "0", "0"});
  EXPECT_EQ(junit.exit_code, 0) << junit.out << junit.err;
  EXPECT_NE(ReadFile(dir + "/out/symmbenchd.log").find("listening on"), std::string::npos);
}

TEST(CiGateTest, WorkflowFilesRunTheScriptAndKeepItsOutputs) {
  const std::string check = R"(
import sys, yaml
gh = yaml.safe_load(open(sys.argv[1]))
on = gh.get("on", gh.get(True))
assert "pull_request" in on and on["push"]["branches"] == ["main"], on
steps = gh["jobs"]["gate"]["steps"]
runs = " ".join(s.get("run", "") for s in steps)
assert "deploy/ci/gate.sh" in runs and "GITHUB_STEP_SUMMARY" in runs, runs
paths = [s["with"]["path"] for s in steps if s.get("uses", "").startswith("actions/upload-artifact")]
assert any("gate-out/gate.xml" in p and "gate-out/gate.md" in p for p in paths), paths
assert gh["jobs"]["gate"]["needs"] == "bundle"
gl = yaml.safe_load(open(sys.argv[2]))
job = gl["symmbench-gate"]
assert any("deploy/ci/gate.sh" in line for line in job["script"]), job["script"]
assert job["artifacts"]["reports"]["junit"] == "gate-out/gate.xml"
assert job["needs"] == ["symmbench-bundle"] and gl["stages"] == ["bundle", "gate"]
print("OK")
)";
  CommandResult r =
      RunCommand({"/usr/bin/python3", "-c", check, RunfilePath("deploy/ci/github-actions.yml"),
                  RunfilePath("deploy/ci/gitlab-ci.yml")});
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  const nlohmann::json sweep =
      nlohmann::json::parse(ReadFile(RunfilePath("deploy/ci/one_shot_sweep.json")));
  EXPECT_EQ(sweep["kernel"], "one_shot_all_reduce");
  EXPECT_EQ(sweep["sweep"]["max_bytes"], 64 << 20);
}

}  // namespace
}  // namespace symmbench::testing
