// gRPC health checking on a real daemon: grpc.health.v1.Health/Check for the whole server
// answers SERVING (tests/full_disk_test.cc has NOT_SERVING, while the database takes no writes).
#include <gtest/gtest.h>

#include "tests/rpc_test_util.h"
#include "tests/test_util.h"

namespace symmbench::testing {
namespace {

TEST(HealthTest, ServerAnswersServing) {
  Daemon daemon(MakeTempDir("health"), 2);
  std::string error;
  ASSERT_TRUE(daemon.Start(&error)) << error;
  EXPECT_EQ(HealthStatus(daemon.address()), 1);
}

}  // namespace
}  // namespace symmbench::testing
