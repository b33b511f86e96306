// `symmbench gate` end to end on the CPU backend: a real symmbenchd (with fault injection
// allowed), real workers, the real client. A delay of ten times one size's median fails the gate
// on that size, by a margin over the job's undelayed sizes that a machine ten times slower
// keeps; mismatched world sizes and GPU models are refused; the JUnit XML passes
// tests/junit_check.py (a real XML parser); exit codes 0 / 1 / 2 / 3, a case no run can decide
// measured again alone and then called inconclusive; baselines are saved, listed,
// exported, imported, never overwritten silently. How often the gate raises a false alarm, or
// misses a small delay, on a given machine is a measurement (deploy/gate_study.py,
// docs/results/ab_gate_cpu.md), not a test: it depends on the machine.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <iostream>
#include <set>
#include <sstream>

#include "tests/test_util.h"

namespace symmbench::testing {
namespace {

// One rank (no peer to wait for), sizes whose per-op time (5..90 us) dwarfs the timer, 5 timing
// loops of 50 ops in 10 batches.
constexpr char kSpec[] =
    R"({"kernel": "one_shot_all_reduce", "world_size": 1, "dtype": "bf16",
        "sizes_bytes": [16384, 65536, 262144], "warmup_iters": 10, "iters": 50,
        "repeats": 5)";
constexpr char kDelayedCase[] = "one_shot_all_reduce/bf16/64K";
constexpr int64_t kDelayedSize = 65536;

class RegressionGateTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    dir_ = new std::string(MakeTempDir("regression_gate"));
    daemon_ = new Daemon(*dir_, 4);
    daemon_->set_extra_args({"--allow-fault-injection"});
    std::string error;
    ASSERT_TRUE(daemon_->Start(&error)) << error;
  }
  static void TearDownTestSuite() {
    delete daemon_;
    delete dir_;
  }

  // Writes kSpec (closed with `extra` fields) to a file; returns its path.
  static std::string WriteSpec(const std::string& name, const std::string& extra = "") {
    const std::string path = *dir_ + "/" + name + ".json";
    std::ofstream(path) << kSpec << extra << "}";
    return path;
  }
  // Runs the spec file to completion; returns the job JSON.
  static nlohmann::json RunJob(const std::string& spec, std::vector<std::string> extra = {}) {
    std::vector<std::string> args = {"submit", "--spec", spec, "--wait"};
    args.insert(args.end(), extra.begin(), extra.end());
    CommandResult r;
    nlohmann::json job = daemon_->ClientJson(args, &r);
    EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
    return job;
  }
  static void SaveBaseline(const std::string& job_id, const std::string& name) {
    CommandResult r = daemon_->Client({"baseline", "save", job_id, "--name", name, "--force"});
    ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  }
  // `gate ARGS --json`; the report (null when none was printed).
  static nlohmann::json Gate(std::vector<std::string> args, CommandResult* r) {
    args.insert(args.begin(), "gate");
    args.push_back("--json");
    *r = daemon_->Client(args);
    return nlohmann::json::parse(r->out, nullptr, /*allow_exceptions=*/false);
  }
  static std::set<std::string> Cases(const nlohmann::json& report, const std::string& verdict) {
    std::set<std::string> names;
    for (const nlohmann::json& c : report["cases"]) {
      if (c["verdict"] == verdict) names.insert(c["name"].get<std::string>());
    }
    return names;
  }
  static std::string Summary(const nlohmann::json& report) {
    std::string text;
    for (const nlohmann::json& c : report["cases"]) {
      char line[160];
      std::snprintf(line, sizeof(line), " %s %.3f [%.3f..%.3f] p=%.3g %s;",
                    c["size"].get<std::string>().c_str(), c["ratio"].get<double>(),
                    c["interval"][0].get<double>(), c["interval"][1].get<double>(),
                    c["p_value"].get<double>(), c["verdict"].get<std::string>().c_str());
      text += line;
    }
    return text;
  }
  // Checks a JUnit file with tests/junit_check.py; "" when valid with the expected totals.
  static std::string JUnitProblem(const std::string& path, int tests, int failures, int errors) {
    CommandResult r =
        RunCommand({"/usr/bin/python3", RunfilePath("tests/junit_check.py"), path,
                    std::to_string(tests), std::to_string(failures), std::to_string(errors)});
    return r.exit_code == 0 ? "" : r.out + r.err;
  }

  static std::string* dir_;
  static Daemon* daemon_;
};

std::string* RegressionGateTest::dir_ = nullptr;
Daemon* RegressionGateTest::daemon_ = nullptr;

// A delay of 10x the 64K case's baseline median, injected at 64K only (a busy-wait inside the
// timed region). The sizes run loop after loop within one job, so the undelayed sizes are
// controls measured in the delayed case's own window: if the whole machine runs s times slower
// for the candidate than for the baseline, the controls' ratios are about s and the delayed
// case's about s + 10, at least 1.5 times any control's for every s up to 20. Which controls the
// gate flags as well depends on how steady the machine was between the two jobs, so the JUnit
// file is checked against the report's own count.
TEST_F(RegressionGateTest, AnInjectedDelayFailsTheDelayedCase) {
  constexpr double kDelayFactor = 10;
  const nlohmann::json baseline = RunJob(WriteSpec("delays"));
  ASSERT_TRUE(baseline.is_object());
  SaveBaseline(baseline["job_id"], "delay-base");
  double median_us = 0;
  for (const nlohmann::json& row : baseline["rows"]) {
    if (row["size_bytes"] == kDelayedSize) median_us = row["time_us"];
  }
  ASSERT_GT(median_us, 0);
  const std::string delayed = WriteSpec(
      "delayed", ", \"inject_delay_us\": " + std::to_string(kDelayFactor * median_us) +
                     ", \"inject_delay_min_bytes\": 65536, \"inject_delay_max_bytes\": 65536");
  const std::string junit = *dir_ + "/delayed.xml";
  const std::string markdown_path = *dir_ + "/delayed.md";
  CommandResult r;
  const nlohmann::json report = Gate(
      {"--baseline", "delay-base", "--run", delayed, "--junit", junit, "--markdown", markdown_path},
      &r);
  ASSERT_TRUE(report.is_object()) << r.out << r.err;
  std::cout << "delay " << kDelayFactor << "x:" << Summary(report) << std::endl;
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  double delayed_ratio = 0, largest_control_ratio = 0;
  for (const nlohmann::json& c : report["cases"]) {
    if (c["name"] == kDelayedCase) {
      EXPECT_EQ(c["verdict"], "regressed") << c.dump();
      EXPECT_NEAR(c.value("injected_delay_us", 0.0), kDelayFactor * median_us, 1e-3);
      delayed_ratio = c["ratio"].get<double>();
    } else {
      EXPECT_EQ(c.value("injected_delay_us", 0.0), 0) << c.dump();
      largest_control_ratio = std::max(largest_control_ratio, c["ratio"].get<double>());
    }
  }
  EXPECT_GT(largest_control_ratio, 0) << report.dump();
  EXPECT_GE(delayed_ratio, 1.5 * largest_control_ratio) << Summary(report);
  const std::set<std::string> regressed = Cases(report, "regressed");
  EXPECT_EQ(regressed.count(kDelayedCase), 1u);
  EXPECT_EQ(JUnitProblem(junit, 3, static_cast<int>(regressed.size()), 0), "");
  const std::string markdown = ReadFile(markdown_path);
  EXPECT_NE(markdown.find(":x: failed"), std::string::npos) << markdown;
  EXPECT_NE(markdown.find(std::string("| `") + kDelayedCase + "` |"), std::string::npos)
      << markdown;
}

TEST_F(RegressionGateTest, MismatchedWorldSizeAndGpuModelAreRefused) {
  const nlohmann::json one = RunJob(WriteSpec("ws1"));
  ASSERT_TRUE(one.is_object());
  EXPECT_EQ(one["machine"]["gpu_model"], "cpu-slot");
  EXPECT_FALSE(one["machine"]["hostname"].get<std::string>().empty());
  SaveBaseline(one["job_id"], "ws1");

  // World size 2 against a world-size-1 baseline: refused before the job is even submitted.
  const size_t jobs_before = daemon_->ClientJson({"list"})["jobs"].size();
  const std::string two = *dir_ + "/ws2.json";
  std::ofstream(two) << R"({"kernel": "one_shot_all_reduce", "world_size": 2, "dtype": "bf16",
                           "sizes_bytes": [16384], "warmup_iters": 2, "iters": 10})";
  CommandResult r;
  Gate({"--baseline", "ws1", "--run", two, "--junit", *dir_ + "/mismatch.xml"}, &r);
  EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
  EXPECT_NE(r.err.find("world size 1 (baseline) vs 2 (candidate)"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("--allow-mismatch"), std::string::npos) << r.err;
  EXPECT_EQ(daemon_->ClientJson({"list"})["jobs"].size(), jobs_before);
  EXPECT_EQ(JUnitProblem(*dir_ + "/mismatch.xml", 1, 0, 1), "");

  // Another GPU model: a baseline exported here and edited as if measured on an H200.
  CommandResult exported = daemon_->Client({"baseline", "export", "ws1"});
  ASSERT_EQ(exported.exit_code, 0) << exported.err;
  nlohmann::json edited = nlohmann::json::parse(exported.out);
  EXPECT_EQ(edited["job"]["rows"][0]["samples_us"].size(), 50u);  // 5 loops x 10 batches
  edited["job"]["machine"]["gpu_model"] = "NVIDIA H200";
  const std::string h200 = *dir_ + "/h200.json";
  std::ofstream(h200) << edited.dump();
  Gate({"--baseline", h200, "--candidate", one["job_id"]}, &r);
  EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
  EXPECT_NE(r.err.find("GPU model NVIDIA H200 (baseline) vs cpu-slot (candidate)"),
            std::string::npos)
      << r.err;
  ASSERT_EQ(daemon_->Client({"baseline", "import", h200, "--name", "h200"}).exit_code, 0);
  Gate({"--baseline", "h200", "--candidate", one["job_id"]}, &r);
  EXPECT_EQ(r.exit_code, 2) << r.err;
  // Told to, it compares and says what differs.
  const nlohmann::json forced =
      Gate({"--baseline", "h200", "--candidate", one["job_id"], "--allow-mismatch"}, &r);
  // The job against itself: ratio 1, a pass, or inconclusive where its loops are too noisy to
  // rule out the threshold; never a failure.
  EXPECT_TRUE(r.exit_code == 0 || r.exit_code == 3) << r.out << r.err;
  EXPECT_TRUE(forced["passed"].get<bool>()) << r.out;
  for (const nlohmann::json& c : forced["cases"]) EXPECT_EQ(c["ratio"], 1.0) << c.dump();
  EXPECT_NE(forced["mismatch"].get<std::string>().find("GPU model"), std::string::npos);
}

// A case the data cannot decide is measured again, alone, and then called inconclusive (exit 3),
// never regressed. The baseline is this machine's own job, edited: at 16K its five loops
// alternate between 1/100 and 100 times their times (any ratio lies inside the interval), at 64K
// and 256K they are 1000 times slower (the candidate is faster, beyond doubt).
TEST_F(RegressionGateTest, AnUndecidableCaseIsMeasuredAgainThenInconclusive) {
  const std::string spec = WriteSpec("undecidable");
  const nlohmann::json job = RunJob(spec);
  ASSERT_TRUE(job.is_object());
  nlohmann::json baseline = {{"name", "edited"}, {"job", job}};
  for (nlohmann::json& row : baseline["job"]["rows"]) {
    const bool wild = row["size_bytes"] == 16384;
    const size_t per_loop = row["samples_us"].size() / row["repeat_medians_us"].size();
    for (size_t i = 0; i < row["samples_us"].size(); ++i) {
      const double factor = !wild ? 1000 : (i / per_loop) % 2 == 0 ? 0.01 : 100;
      row["samples_us"][i] = row["samples_us"][i].get<double>() * factor;
    }
    for (size_t l = 0; l < row["repeat_medians_us"].size(); ++l) {
      const double factor = !wild ? 1000 : l % 2 == 0 ? 0.01 : 100;
      row["repeat_medians_us"][l] = row["repeat_medians_us"][l].get<double>() * factor;
    }
  }
  const std::string file = *dir_ + "/edited.json";
  std::ofstream(file) << baseline.dump();
  const std::string junit = *dir_ + "/undecidable.xml";
  CommandResult r;
  const nlohmann::json report =
      Gate({"--baseline", file, "--run", spec, "--max-runs", "3", "--junit", junit}, &r);
  EXPECT_EQ(r.exit_code, 3) << r.out << r.err;
  ASSERT_TRUE(report.is_object()) << r.out << r.err;
  EXPECT_EQ(report["outcome"], "inconclusive") << Summary(report);
  EXPECT_EQ(Cases(report, "inconclusive"), std::set<std::string>{"one_shot_all_reduce/bf16/16K"})
      << Summary(report);
  EXPECT_EQ(Cases(report, "improved").size(), 2u) << Summary(report);
  EXPECT_EQ(Cases(report, "regressed").size(), 0u) << Summary(report);
  // Measured twice more, each time the undecided size only, its loops pooled.
  ASSERT_EQ(report["more_runs"].size(), 2u) << report.dump();
  for (const nlohmann::json& id : report["more_runs"]) {
    const nlohmann::json again = daemon_->ClientJson({"status", id.get<std::string>()});
    ASSERT_EQ(again["rows"].size(), 1u) << again.dump();
    EXPECT_EQ(again["rows"][0]["size_bytes"], 16384);
  }
  for (const nlohmann::json& c : report["cases"]) {
    EXPECT_EQ(c["runs"], c["size"] == "16K" ? 3 : 1) << c.dump();
  }
  EXPECT_EQ(report["looks"], 3);
  EXPECT_DOUBLE_EQ(report["look_alpha"].get<double>(), 0.01 / 3);
  EXPECT_EQ(JUnitProblem(junit, 3, 0, 0), "");
  // No time to measure again: inconclusive at once, and the notes say why.
  const nlohmann::json hurried =
      Gate({"--baseline", file, "--run", spec, "--max-runs", "3", "--budget-s", "0"}, &r);
  EXPECT_EQ(r.exit_code, 3) << r.out << r.err;
  EXPECT_EQ(hurried["more_runs"].size(), 0u) << hurried.dump();
  EXPECT_NE(hurried["notes"].dump().find("--budget-s 0"), std::string::npos) << hurried.dump();
  // A finished job cannot be measured again: one look, at the whole alpha.
  const nlohmann::json once = Gate({"--baseline", file, "--candidate", job["job_id"]}, &r);
  EXPECT_EQ(r.exit_code, 3) << r.out << r.err;
  EXPECT_EQ(once["looks"], 1);
}

TEST_F(RegressionGateTest, ExitCodesAndErrorsNameTheCause) {
  CommandResult r;
  Gate({"--baseline", "no-such-baseline", "--run", WriteSpec("errors"), "--junit",
        *dir_ + "/unknown.xml"},
       &r);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("NOT_FOUND"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("no-such-baseline"), std::string::npos) << r.err;
  EXPECT_EQ(JUnitProblem(*dir_ + "/unknown.xml", 1, 0, 1), "");
  Gate({"--baseline", "x"}, &r);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("exactly one of --candidate JOB and --run SPEC"), std::string::npos);
  Gate({"--baseline", "x", "--candidate", "j-1", "--max-slowdown", "5"}, &r);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("--max-slowdown"), std::string::npos) << r.err;
  CommandResult unreachable =
      RunCommand({RunfilePath("client/symmbench"), "--coordinator", "127.0.0.1:1", "--timeout-s",
                  "2", "gate", "--baseline", "main", "--candidate", "j-000001"});
  EXPECT_EQ(unreachable.exit_code, 2);
  EXPECT_NE(unreachable.err.find("UNAVAILABLE"), std::string::npos) << unreachable.err;
}

TEST_F(RegressionGateTest, BaselinesAreKeptListedExportedAndImported) {
  const nlohmann::json job =
      RunJob(WriteSpec("lifecycle"), {"--label", "git_sha=1234abcd", "--label", "branch=main"});
  ASSERT_TRUE(job.is_object());
  const std::string id = job["job_id"];
  ASSERT_EQ(job["rows"].size(), 3u);
  for (const nlohmann::json& row : job["rows"]) {
    EXPECT_EQ(row["repeat_medians_us"].size(), 5u);
    EXPECT_EQ(row["samples_us"].size(), 50u);
  }
  CommandResult r = daemon_->Client({"baseline", "save", id, "--name", "main"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  // Saving another job over it is refused, naming what would be lost; the old one stays.
  const nlohmann::json other = RunJob(WriteSpec("lifecycle2"));
  r = daemon_->Client({"baseline", "save", other["job_id"], "--name", "main"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("ALREADY_EXISTS"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("saved from job " + id), std::string::npos) << r.err;
  nlohmann::json exported =
      nlohmann::json::parse(daemon_->Client({"baseline", "export", "main"}).out);
  EXPECT_EQ(exported["job"]["job_id"], id);
  EXPECT_EQ(exported["job"]["spec"]["labels"]["git_sha"], "1234abcd");
  EXPECT_EQ(exported["job"]["machine"]["gpu_model"], "cpu-slot");
  // Round trip: import under another name, gate against the file and against the import.
  const std::string file = *dir_ + "/main.json";
  std::ofstream(file) << exported.dump();
  r = daemon_->Client({"baseline", "import", file, "--name", "main-copy"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const nlohmann::json list = daemon_->ClientJson({"baseline", "list"});
  std::set<std::string> names;
  for (const nlohmann::json& b : list["baselines"]) names.insert(b["name"].get<std::string>());
  EXPECT_TRUE(names.count("main") && names.count("main-copy")) << list.dump();
  for (const std::string& baseline : {file, std::string("main-copy")}) {
    const nlohmann::json report = Gate({"--baseline", baseline, "--candidate", id}, &r);
    // The baseline's own job: a pass, or inconclusive where too noisy; never a failure.
    EXPECT_TRUE(r.exit_code == 0 || r.exit_code == 3) << r.out << r.err;
    EXPECT_TRUE(report["passed"].get<bool>()) << r.out;
    EXPECT_EQ(report["baseline_job"], id);
  }
  // A job that did not succeed, or does not exist, is no baseline.
  CommandResult queued = daemon_->Client(
      {"submit", "--world-size", "4", "--sizes", "64M", "--iters", "100000", "--repeats", "100"});
  ASSERT_EQ(queued.exit_code, 0) << queued.err;
  const std::string long_id = queued.out.substr(0, queued.out.find('\n'));
  ASSERT_EQ(daemon_->Client({"cancel", long_id}).exit_code, 0);
  r = daemon_->Client({"baseline", "save", long_id, "--name", "cancelled"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("FAILED_PRECONDITION"), std::string::npos) << r.err;
  r = daemon_->Client({"baseline", "save", "j-999999", "--name", "ghost"});
  EXPECT_NE(r.err.find("NOT_FOUND"), std::string::npos) << r.err;
  // repeats is validated, naming the field.
  r = daemon_->Client({"submit", "--world-size", "1", "--sizes", "2K", "--repeats", "101"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("repeats: must be in [1, 100] (got 101)"), std::string::npos) << r.err;
  r = daemon_->Client({"submit", "--world-size", "1", "--sizes", "2K", "--repeats", "0"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("--repeats"), std::string::npos) << r.err;
}

TEST(FaultInjectionTest, RefusedUnlessTheDaemonAllowsIt) {
  Daemon daemon(MakeTempDir("no_fault_injection"), 2);
  std::string error;
  ASSERT_TRUE(daemon.Start(&error)) << error;
  CommandResult r =
      daemon.Client({"submit", "--world-size", "1", "--sizes", "2K", "--inject-delay-us", "5"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("FAILED_PRECONDITION"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("inject_delay_us"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("--allow-fault-injection"), std::string::npos) << r.err;
  EXPECT_EQ(
      daemon.Client({"submit", "--world-size", "1", "--sizes", "2K", "--iters", "2", "--wait"})
          .exit_code,
      0);
}

}  // namespace
}  // namespace symmbench::testing
