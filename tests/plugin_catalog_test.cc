// The plugin directory under hostile libraries (real daemon, real workers): noisy loaders keep
// `devices` small; libraries that hang while loading delay neither the daemon's start, nor
// `devices`, nor jobs of other libraries; a library replaced after submission is not run under
// the old one's name.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>

#include "tests/test_util.h"

namespace symmbench::testing {
namespace {

constexpr char kExampleOp[] = "example_one_shot_cpu:one_shot";

class PluginCatalogTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = MakeTempDir("plugin_catalog");
    plugins_ = dir_ + "/plugins";
    std::filesystem::create_directories(plugins_);
    Copy("examples/plugins/example_one_shot_cpu.so", "example_one_shot_cpu.so");
  }
  void TearDown() override {
    // Release any library still waiting, so that the daemon's describers end at once.
    for (const auto& item : std::filesystem::directory_iterator(plugins_)) {
      std::ofstream(item.path().string() + ".release").close();
    }
    daemon_.reset();
  }
  void Copy(const std::string& runfile, const std::string& name) const {
    std::filesystem::copy_file(RunfilePath(runfile), plugins_ + "/" + name,
                               std::filesystem::copy_options::overwrite_existing);
  }
  void StartDaemon(std::vector<std::string> extra = {}) {
    daemon_ = std::make_unique<Daemon>(dir_ + "/daemon", 2);
    extra.insert(extra.end(), {"--plugin-dir", plugins_});
    daemon_->set_extra_args(extra);
    std::string error;
    ASSERT_TRUE(daemon_->Start(&error)) << error;
  }
  std::map<std::string, nlohmann::json> Plugins(std::string* raw = nullptr) const {
    CommandResult result;
    const nlohmann::json devices = daemon_->ClientJson({"devices"}, &result);
    EXPECT_EQ(result.exit_code, 0) << result.out << result.err;
    if (raw != nullptr) *raw = result.out;
    std::map<std::string, nlohmann::json> plugins;
    for (const nlohmann::json& p : devices.value("plugins", nlohmann::json::array())) {
      plugins[p.value("name", "")] = p;
    }
    return plugins;
  }
  nlohmann::json RunExample(std::vector<std::string> extra = {}, bool wait = true) const {
    std::vector<std::string> args = {"submit", "--kernel",  kExampleOp, "--world-size",
                                     "2",      "--sizes",   "4K",       "--iters",
                                     "2",      "--repeats", "1"};
    args.insert(args.end(), extra.begin(), extra.end());
    if (wait) args.push_back("--wait");
    return daemon_->ClientJson(args);
  }

  std::string dir_;
  std::string plugins_;
  std::unique_ptr<Daemon> daemon_;
};

// Before, each library's error kept up to 1 MiB of its loader's output: five such libraries
// made ListDevices 5.2 MB, and `symmbench devices` and `run` failed for every client.
TEST_F(PluginCatalogTest, NoisyLoadersKeepDevicesSmall) {
  for (int i = 0; i < 5; ++i) {
    Copy("tests/plugins/noisy_load_cpu.so", "noisy" + std::to_string(i) + ".so");
  }
  StartDaemon();
  ASSERT_TRUE(WaitForPluginsDescribed(*daemon_));
  std::string raw;
  const std::map<std::string, nlohmann::json> plugins = Plugins(&raw);
  ASSERT_EQ(plugins.size(), 6u) << raw.substr(0, 4096);
  EXPECT_LT(raw.size(), size_t{64} << 10);
  for (int i = 0; i < 5; ++i) {
    const std::string error = plugins.at("noisy" + std::to_string(i)).value("error", "");
    EXPECT_NE(error.find("describing it ended the worker with exit code 3"), std::string::npos)
        << error.substr(0, 200);
    EXPECT_LE(error.size(), 2048u);
  }
  EXPECT_EQ(plugins.at("example_one_shot_cpu").value("error", ""), "");
  EXPECT_EQ(RunExample().value("state", ""), "SUCCEEDED");
}

// Before, libraries were described one after another on the request path: each that hung while
// loading delayed the daemon's start by 20 s, and `devices` and plugin submissions stalled.
TEST_F(PluginCatalogTest, HangingLoadersDelayNeitherDevicesNorOtherJobs) {
  for (int i = 0; i < 3; ++i) {
    Copy("tests/plugins/slow_load_cpu.so", "slow" + std::to_string(i) + ".so");
  }
  // Long enough that the slow libraries are still being described at every step below; they
  // are released at the end.
  StartDaemon({"--plugin-describe-timeout-s", "600"});
  std::map<std::string, nlohmann::json> plugins = Plugins();
  for (int i = 0; i < 3; ++i) {
    const nlohmann::json& slow = plugins["slow" + std::to_string(i)];
    EXPECT_TRUE(slow.value("stale", false)) << slow.dump();
    EXPECT_NE(slow.value("error", "").find("being described"), std::string::npos) << slow.dump();
  }
  // A job of another library runs meanwhile, and the slow ones are still being described.
  const nlohmann::json job = RunExample();
  EXPECT_EQ(job.value("state", ""), "SUCCEEDED") << job.dump();
  EXPECT_TRUE(Plugins()["slow0"].value("stale", false));
  // Released, they are described and usable.
  for (int i = 0; i < 3; ++i) {
    std::ofstream(plugins_ + "/slow" + std::to_string(i) + ".so.release").close();
  }
  ASSERT_TRUE(WaitForPluginsDescribed(*daemon_));
  plugins = Plugins();
  EXPECT_EQ(plugins["slow1"].value("error", ""), "") << plugins["slow1"].dump();
  EXPECT_FALSE(plugins["slow1"].value("stale", false));
  EXPECT_EQ(plugins["slow1"]["ops"].size(), 1u);
}

// Before, a library replaced after submission ran under the record of the old one.
TEST_F(PluginCatalogTest, ALibraryReplacedAfterSubmissionFailsTheJob) {
  StartDaemon({"--allow-fault-injection"});
  ASSERT_TRUE(WaitForPluginsDescribed(*daemon_));
  // The submission records the library's SHA-256.
  const nlohmann::json ran = RunExample();
  ASSERT_EQ(ran.value("state", ""), "SUCCEEDED") << ran.dump();
  const std::string sha256 = ran["spec"]["plugin_ops"][0].value("library_sha256", "");
  EXPECT_EQ(sha256.size(), 64u) << ran.dump();
  // A job holding both slots for seconds, then the plugin job queued behind it.
  const nlohmann::json blocker =
      daemon_->ClientJson({"submit", "--world-size", "2", "--sizes", "4K", "--iters", "20",
                           "--repeats", "1", "--inject-delay-us", "100000"});
  const nlohmann::json queued = RunExample({}, /*wait=*/false);
  const std::string id = queued.value("job_id", "");
  ASSERT_FALSE(id.empty()) << queued.dump();
  ASSERT_EQ(daemon_->WaitForState(blocker.value("job_id", ""), {"RUNNING"}), "RUNNING");
  // Another build under the same name (a new file, renamed over the old one).
  Copy("tests/plugins/abi_v1_cpu.so", "next.tmp");
  std::filesystem::rename(plugins_ + "/next.tmp", plugins_ + "/example_one_shot_cpu.so");
  EXPECT_EQ(daemon_->WaitForState(id, {"SUCCEEDED", "FAILED", "CANCELLED"}), "FAILED");
  const nlohmann::json failed = daemon_->ClientJson({"status", id});
  EXPECT_NE(failed.value("error", "")
                .find("changed after the job was submitted (SHA-256 " + sha256.substr(0, 12) +
                      "... at submission"),
            std::string::npos)
      << failed.dump();
  EXPECT_TRUE(failed["rows"].empty()) << failed.dump();
}

}  // namespace
}  // namespace symmbench::testing
