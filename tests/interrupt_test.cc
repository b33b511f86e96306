// Ctrl-C on `symmbench submit --wait` (real processes): the job runs on the coordinator, so the
// client says it keeps running and how to follow or stop it, and ends as SIGINT ends a process;
// with --cancel-on-interrupt it cancels the job first. Before, the client died with no word.
#include <gtest/gtest.h>

#include "tests/test_util.h"

namespace symmbench::testing {
namespace {

class InterruptTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = MakeTempDir("interrupt");
    daemon_ = std::make_unique<Daemon>(dir_, 2);
    daemon_->set_extra_args({"--allow-fault-injection"});
    std::string error;
    ASSERT_TRUE(daemon_->Start(&error)) << error;
  }
  // `submit --wait` of a job that runs for seconds (plus `extra` flags), SIGINT once it has
  // printed "# submitted"; its stderr in `*err`, its job id in `*id`; the shell's exit status of
  // the client (130: ended by SIGINT).
  int SubmitAndInterrupt(const std::string& extra, std::string* err, std::string* id) {
    const std::string out_file = dir_ + "/client.out", err_file = dir_ + "/client.err";
    const std::string script =
        "\"$0\" --coordinator " + daemon_->address() +
        " submit --world-size 2 --sizes 4K --iters 30 --repeats 1 --inject-delay-us 200000 "
        "--wait " +
        extra + " > " + out_file + " 2> " + err_file +
        " & pid=$!; for i in $(seq 600); do grep -q '# submitted' " + out_file +
        " && break; sleep 0.1; done; kill -INT $pid; wait $pid; echo $?";
    const CommandResult shell = RunCommand({"sh", "-c", script, RunfilePath("client/symmbench")},
                                           std::chrono::seconds(120));
    *err = ReadFile(err_file);
    const std::string out = ReadFile(out_file);
    const size_t at = out.find("# submitted ");
    *id = at == std::string::npos ? "" : out.substr(at + 12, out.find(' ', at + 12) - at - 12);
    return std::atoi(shell.out.c_str());
  }

  std::string dir_;
  std::unique_ptr<Daemon> daemon_;
};

TEST_F(InterruptTest, TheJobKeepsRunningAndTheClientSaysSo) {
  std::string err, id;
  EXPECT_EQ(SubmitAndInterrupt("", &err, &id), 130) << err;
  ASSERT_FALSE(id.empty()) << err;
  EXPECT_NE(err.find("interrupted: job " + id +
                     " keeps running on the coordinator; follow it "
                     "with `symmbench watch " +
                     id + "`, stop it with `symmbench cancel " + id + "`"),
            std::string::npos)
      << err;
  // Still on the coordinator's books, not cancelled (it runs for seconds).
  const std::string state = daemon_->ClientJson({"status", id}).value("state", "");
  EXPECT_TRUE(state == "QUEUED" || state == "RUNNING") << state;
  EXPECT_EQ(daemon_->Client({"cancel", id}).exit_code, 0);
}

TEST_F(InterruptTest, CancelOnInterruptCancelsTheJob) {
  std::string err, id;
  EXPECT_EQ(SubmitAndInterrupt("--cancel-on-interrupt", &err, &id), 130) << err;
  ASSERT_FALSE(id.empty()) << err;
  EXPECT_NE(err.find("interrupted: cancelled job " + id), std::string::npos) << err;
  EXPECT_EQ(daemon_->WaitForState(id, {"CANCELLED", "SUCCEEDED", "FAILED"}), "CANCELLED");
}

}  // namespace
}  // namespace symmbench::testing
