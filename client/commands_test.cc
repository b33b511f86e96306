// Tests of the subcommands against an in-process fake Coordinator on 127.0.0.1 port 0:
// output (table and one JSON object) and exit codes for success, job failure and RPC errors.
#include "client/commands.h"

#include <algorithm>
#include <sstream>

#include "client/fake_coordinator.h"
#include "gtest/gtest.h"
#include "nlohmann/json.hpp"

namespace symmbench::client {
namespace {

using testing::FakeCoordinator;
using testing::FakeServer;

class CommandsTest : public ::testing::Test {
 protected:
  GlobalOptions Global(bool json = false) const {
    GlobalOptions global;
    global.coordinator = server_.address();
    global.json = json;
    return global;
  }

  // The command line of the brief: --world-size 2 --min-bytes 2K --max-bytes 64M ...
  static SubmitOptions Submit(bool wait) {
    SubmitOptions options;
    options.spec.kernel = "one_shot_all_reduce";
    options.spec.world_size = 2;
    options.spec.dtype = "bf16";
    options.spec.min_bytes = "2K";
    options.spec.max_bytes = "64M";
    options.spec.step_factor = 4;
    options.spec.warmup_iters = 20;
    options.spec.iters = 100;
    options.wait = wait;
    return options;
  }

  FakeServer server_;
  std::ostringstream out_;
  std::ostringstream err_;
};

TEST_F(CommandsTest, SubmitWithoutWaitPrintsJobId) {
  EXPECT_EQ(RunSubmit(Global(), Submit(false), out_, err_), kExitOk) << err_.str();
  EXPECT_EQ(out_.str(), "j-000001\n");
  const v1::JobSpec spec = server_.service().last_spec();
  EXPECT_EQ(spec.world_size(), 2);
  EXPECT_EQ(spec.sweep().min_bytes(), 2048);
  EXPECT_EQ(spec.sweep().max_bytes(), 64 << 20);
  EXPECT_EQ(spec.sweep().step_factor(), 4);
  EXPECT_EQ(spec.warmup_iters(), 20);
  EXPECT_EQ(spec.iters(), 100);
}

TEST_F(CommandsTest, SubmitWaitSucceededPrintsRowsAndExits0) {
  EXPECT_EQ(RunSubmit(Global(), Submit(true), out_, err_), kExitOk) << err_.str();
  const std::string out = out_.str();
  EXPECT_NE(out.find("# submitted j-000001 (QUEUED)"), std::string::npos) << out;
  EXPECT_NE(out.find("# job j-000001  one_shot_all_reduce  world_size 2  bf16  backend cuda  "
                     "devices 0,1  reference nccl_all_reduce"),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("(GB/s)"), std::string::npos) << out;
  EXPECT_NE(out.find("        2048        1024   bf16    sum       5.12"), std::string::npos)
      << out;
  EXPECT_NE(out.find("       32768       16384"), std::string::npos) << out;
  EXPECT_NE(out.find("# state SUCCEEDED\n"), std::string::npos) << out;
  EXPECT_EQ(out.find("error"), std::string::npos) << out;
  EXPECT_EQ(err_.str(), "");
}

TEST_F(CommandsTest, SubmitWaitFailedExits1WithErrorLast) {
  server_.service().SetOutcome(v1::FAILED, "one_shot_all_reduce 32 KiB: 12 wrong elements");
  EXPECT_EQ(RunSubmit(Global(), Submit(true), out_, err_), kExitJobFailed);
  const std::string out = out_.str();
  EXPECT_NE(out.find("       32768"), std::string::npos) << out;
  EXPECT_NE(out.find("# state FAILED\n"), std::string::npos) << out;
  const std::string last = "# error: one_shot_all_reduce 32 KiB: 12 wrong elements (rank 1)\n";
  ASSERT_GE(out.size(), last.size());
  EXPECT_EQ(out.substr(out.size() - last.size()), last) << out;
}

TEST_F(CommandsTest, SubmitWaitCancelledExits1) {
  server_.service().SetOutcome(v1::CANCELLED, "cancelled by CancelJob");
  EXPECT_EQ(RunSubmit(Global(), Submit(true), out_, err_), kExitJobFailed);
}

TEST_F(CommandsTest, ServerInvalidArgumentExits2WithCodeAndMessage) {
  SubmitOptions options = Submit(true);
  options.spec.world_size = 16;
  EXPECT_EQ(RunSubmit(Global(), options, out_, err_), kExitError);
  EXPECT_EQ(err_.str(),
            "error: INVALID_ARGUMENT: world_size: 16 exceeds the 8 devices of backend cuda\n");
  EXPECT_EQ(out_.str(), "");
}

TEST_F(CommandsTest, BadFlagValueExits2BeforeAnyRpc) {
  SubmitOptions options = Submit(false);
  options.spec.max_bytes = "12Q";
  EXPECT_EQ(RunSubmit(Global(), options, out_, err_), kExitError);
  EXPECT_EQ(err_.str().find("error: --max-bytes: invalid size \"12Q\""), 0u) << err_.str();
  EXPECT_EQ(server_.service().last_spec().world_size(), 0);  // nothing submitted
}

TEST_F(CommandsTest, SubmitWaitJsonIsOneObjectWithNumbers) {
  EXPECT_EQ(RunSubmit(Global(/*json=*/true), Submit(true), out_, err_), kExitOk) << err_.str();
  // parse() throws on anything after the first value, so this checks "exactly one object".
  const nlohmann::json json = nlohmann::json::parse(out_.str());
  ASSERT_TRUE(json.is_object());
  EXPECT_EQ(json["job_id"], "j-000001");
  EXPECT_EQ(json["state"], "SUCCEEDED");
  EXPECT_EQ(json["backend"], "cuda");
  EXPECT_EQ(json["devices"], nlohmann::json::array({0, 1}));
  EXPECT_EQ(json["spec"]["sweep"]["max_bytes"], 64 << 20);
  ASSERT_EQ(json["rows"].size(), 3u);
  EXPECT_EQ(json["rows"][2]["size_bytes"], 32768);
  EXPECT_TRUE(json["rows"][0]["busbw_gbps"].is_number());
  EXPECT_EQ(json["error"], "");
}

TEST_F(CommandsTest, SubmitWaitJsonFailedHasError) {
  server_.service().SetOutcome(v1::FAILED, "rank 1 timed out");
  EXPECT_EQ(RunSubmit(Global(true), Submit(true), out_, err_), kExitJobFailed);
  const nlohmann::json json = nlohmann::json::parse(out_.str());
  EXPECT_EQ(json["state"], "FAILED");
  EXPECT_EQ(json["error"], "rank 1 timed out");
}

TEST_F(CommandsTest, WatchAndStatusFollowTheJob) {
  ASSERT_EQ(RunSubmit(Global(), Submit(false), out_, err_), kExitOk);
  std::ostringstream status_before;
  EXPECT_EQ(RunStatus(Global(), "j-000001", status_before, err_), kExitOk);  // QUEUED: 0
  EXPECT_NE(status_before.str().find("state QUEUED"), std::string::npos);

  std::ostringstream watched;
  EXPECT_EQ(RunWatch(Global(), "j-000001", watched, err_), kExitOk) << err_.str();
  EXPECT_NE(watched.str().find("        8192        4096"), std::string::npos) << watched.str();

  std::ostringstream status_after;
  EXPECT_EQ(RunStatus(Global(true), "j-000001", status_after, err_), kExitOk);
  const nlohmann::json json = nlohmann::json::parse(status_after.str());
  EXPECT_EQ(json["rows"].size(), 3u);
}

TEST_F(CommandsTest, StatusOfFailedJobExits1AndUnknownJobExits2) {
  server_.service().SetOutcome(v1::FAILED, "boom");
  ASSERT_EQ(RunSubmit(Global(), Submit(true), out_, err_), kExitJobFailed);
  std::ostringstream status;
  EXPECT_EQ(RunStatus(Global(), "j-000001", status, err_), kExitJobFailed);
  EXPECT_NE(status.str().find("# error: boom"), std::string::npos) << status.str();

  std::ostringstream err;
  EXPECT_EQ(RunStatus(Global(), "j-999999", out_, err), kExitError);
  EXPECT_EQ(err.str(), "error: NOT_FOUND: job j-999999 not found\n");
  std::ostringstream watch_err;
  EXPECT_EQ(RunWatch(Global(), "j-999999", out_, watch_err), kExitError);
  EXPECT_EQ(watch_err.str().find("error: NOT_FOUND"), 0u);
}

TEST_F(CommandsTest, CancelListAndDevices) {
  ASSERT_EQ(RunSubmit(Global(), Submit(false), out_, err_), kExitOk);
  std::ostringstream cancel;
  EXPECT_EQ(RunCancel(Global(), "j-000001", cancel, err_), kExitOk);
  EXPECT_EQ(cancel.str(), "j-000001 CANCELLED\n");

  std::ostringstream list;
  ListOptions list_options;
  list_options.state = "cancelled";
  EXPECT_EQ(RunList(Global(), list_options, list, err_), kExitOk) << err_.str();
  EXPECT_NE(list.str().find("j-000001  CANCELLED  one_shot_all_reduce"), std::string::npos)
      << list.str();
  std::ostringstream list_json;
  EXPECT_EQ(RunList(Global(true), ListOptions(), list_json, err_), kExitOk);
  EXPECT_EQ(nlohmann::json::parse(list_json.str())["jobs"].size(), 1u);
  std::ostringstream bad_state;
  list_options.state = "done";
  EXPECT_EQ(RunList(Global(), list_options, out_, bad_state), kExitError);
  EXPECT_EQ(bad_state.str().find("error: --state: unknown job state"), 0u);

  std::ostringstream devices;
  EXPECT_EQ(RunDevices(Global(), devices, err_), kExitOk);
  EXPECT_NE(devices.str().find("NVIDIA H200"), std::string::npos) << devices.str();
  EXPECT_NE(devices.str().find("kernels: one_shot_all_reduce"), std::string::npos);
  std::ostringstream devices_json;
  EXPECT_EQ(RunDevices(Global(true), devices_json, err_), kExitOk);
  const nlohmann::json json = nlohmann::json::parse(devices_json.str());
  EXPECT_EQ(json["backend"], "cuda");
  EXPECT_EQ(json["devices"].size(), 2u);
  EXPECT_EQ(json["devices"][1]["job_id"], "j-000001");
}

TEST(CommandsUnreachableTest, NoCoordinatorExits2WithUnavailable) {
  // A port that was just free: bind port 0 through a server, then drop it.
  std::string address;
  { address = FakeServer().address(); }
  GlobalOptions global;
  global.coordinator = address;
  global.rpc_timeout = std::chrono::seconds(5);
  std::ostringstream out;
  std::ostringstream err;
  EXPECT_EQ(RunDevices(global, out, err), kExitError);
  EXPECT_EQ(err.str().find("error: UNAVAILABLE: "), 0u) << err.str();
  // One line: the address tried and where it came from, and what to do about it.
  const std::string text = err.str();
  EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), 1) << text;
  EXPECT_NE(err.str().find("no coordinator answered at " + address + " (the default)"),
            std::string::npos)
      << err.str();
  EXPECT_NE(err.str().find("symmbenchd --listen " + address), std::string::npos) << err.str();
  EXPECT_NE(err.str().find("SYMMBENCH_COORDINATOR"), std::string::npos) << err.str();
  EXPECT_EQ(out.str(), "");  // no --json: nothing on stdout
}

TEST(CommandsUnreachableTest, JsonIsOneErrorObject) {
  std::string address;
  { address = FakeServer().address(); }
  GlobalOptions global;
  global.coordinator = address;
  global.coordinator_source = "--coordinator";
  global.json = true;
  std::ostringstream out;
  std::ostringstream err;
  EXPECT_EQ(RunList(global, ListOptions(), out, err), kExitError);
  const nlohmann::json json = nlohmann::json::parse(out.str());
  ASSERT_EQ(json.size(), 1u) << out.str();
  EXPECT_EQ(json["error"]["code"], "UNAVAILABLE");
  EXPECT_NE(json["error"]["message"].get<std::string>().find(address + " (--coordinator)"),
            std::string::npos)
      << out.str();
}

}  // namespace
}  // namespace symmbench::client
