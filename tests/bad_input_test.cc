// Bad input against a real daemon: each gets a gRPC status naming the field, and the daemon
// keeps serving.
#include <gtest/gtest.h>

#include "tests/test_util.h"

namespace symmbench::testing {
namespace {

class BadInputTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    daemon_ = new Daemon(MakeTempDir("bad_input"), 4);
    std::string error;
    ASSERT_TRUE(daemon_->Start(&error)) << error;
  }
  static void TearDownTestSuite() {
    delete daemon_;
    daemon_ = nullptr;
  }
  // Submits `args` and expects exit 2 with `code` (unless empty) and `field` in stderr.
  void ExpectRejected(std::vector<std::string> args, const std::string& code,
                      const std::string& field) {
    std::vector<std::string> argv = {"submit"};
    argv.insert(argv.end(), args.begin(), args.end());
    CommandResult r = daemon_->Client(argv);
    EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
    if (!code.empty()) {
      EXPECT_NE(r.err.find(code), std::string::npos) << r.err;
    }
    EXPECT_NE(r.err.find(field), std::string::npos) << r.err;
    // Still serving.
    EXPECT_EQ(daemon_->Client({"devices"}).exit_code, 0);
  }
  static Daemon* daemon_;
};

Daemon* BadInputTest::daemon_ = nullptr;

TEST_F(BadInputTest, WorldSizeZero) {
  ExpectRejected({"--world-size", "0", "--sizes", "2K"}, "INVALID_ARGUMENT", "world_size");
}

TEST_F(BadInputTest, WorldSizeAboveDevices) {
  ExpectRejected({"--world-size", "5", "--sizes", "2K"}, "RESOURCE_EXHAUSTED", "world_size");
}

TEST_F(BadInputTest, SizeNotAMultipleOfTheElementSize) {
  ExpectRejected({"--world-size", "2", "--dtype", "fp32", "--sizes", "1001"}, "INVALID_ARGUMENT",
                 "sizes_bytes");
}

// An all-gather splits each size into world_size shards of whole elements: 2 bytes of bf16
// cannot be split three ways.
TEST_F(BadInputTest, ShardedSizeBelowOneElementPerRank) {
  ExpectRejected({"--world-size", "3", "--kernel", "one_shot_all_gather", "--sizes", "2,4"},
                 "INVALID_ARGUMENT", "sweep.sizes_bytes");
}

TEST_F(BadInputTest, UnknownKernel) {
  ExpectRejected({"--world-size", "2", "--kernel", "three_shot", "--sizes", "2K"},
                 "INVALID_ARGUMENT", "kernel");
}

TEST_F(BadInputTest, UnknownDtype) {
  // The client refuses it before any RPC (the daemon's own check is in spec_validation_test).
  ExpectRejected({"--world-size", "2", "--dtype", "int3", "--sizes", "2K"}, "", "--dtype");
}

TEST_F(BadInputTest, ItersBelowOne) {
  ExpectRejected({"--world-size", "2", "--iters", "0", "--sizes", "2K"}, "INVALID_ARGUMENT",
                 "iters");
}

TEST_F(BadInputTest, SizeThatCannotFitInDeviceMemory) {
  ExpectRejected({"--world-size", "2", "--sizes", "1024G"}, "RESOURCE_EXHAUSTED", "bytes");
}

TEST_F(BadInputTest, CancelOfUnknownJob) {
  CommandResult r = daemon_->Client({"cancel", "j-424242"});
  EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
  EXPECT_NE(r.err.find("NOT_FOUND"), std::string::npos) << r.err;
  EXPECT_EQ(daemon_->Client({"devices"}).exit_code, 0);
}

TEST_F(BadInputTest, StatusOfUnknownJob) {
  CommandResult r = daemon_->Client({"status", "j-424242"});
  EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
  EXPECT_NE(r.err.find("NOT_FOUND"), std::string::npos) << r.err;
}

// A refusal quotes a short prefix of what it refuses: echoed whole, a 100 KB job id or kernel
// name would push the status past the client's metadata limit, and the client would show that
// instead of the refusal.
TEST_F(BadInputTest, RefusalsOfHugeInputQuoteAShortPrefix) {
  const std::string huge(100000, 'j');
  CommandResult status = daemon_->Client({"status", huge});
  EXPECT_EQ(status.exit_code, 2) << status.err.substr(0, 500);
  EXPECT_NE(status.err.find("NOT_FOUND"), std::string::npos) << status.err.substr(0, 500);
  EXPECT_NE(status.err.find("...\" (100000 bytes) not found"), std::string::npos)
      << status.err.substr(0, 500);
  EXPECT_LT(status.err.size(), 1000u) << status.err.substr(0, 500);
  CommandResult submit =
      daemon_->Client({"submit", "--kernel", huge, "--sizes", "4K", "--world-size", "2"});
  EXPECT_EQ(submit.exit_code, 2) << submit.err.substr(0, 500);
  EXPECT_NE(submit.err.find("kernel: unknown kernel \"jjj"), std::string::npos)
      << submit.err.substr(0, 500);
  EXPECT_LT(submit.err.size(), 2000u) << submit.err.substr(0, 500);
  EXPECT_EQ(daemon_->Client({"devices"}).exit_code, 0);
}

}  // namespace
}  // namespace symmbench::testing
