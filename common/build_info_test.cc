#include "common/build_info.h"

#include <gtest/gtest.h>

#include <regex>

namespace symmbench {
namespace {

// The build that runs this test is a git checkout with CUDA 13 headers (the README's machine).
TEST(BuildInfoTest, NamesTheRevisionTheTimeAndTheToolkit) {
  const BuildInfo info = GetBuildInfo();
  EXPECT_EQ(info.version, kVersion);
  EXPECT_TRUE(std::regex_match(info.git_revision, std::regex("[0-9a-f]{12}(-dirty)?|unknown")))
      << info.git_revision;
  EXPECT_TRUE(std::regex_match(info.build_time,
                               std::regex("20[0-9]{2}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2} UTC")))
      << info.build_time;
  EXPECT_TRUE(std::regex_match(info.cuda_version, std::regex("1[3-9]\\.[0-9]+")))
      << info.cuda_version;
  EXPECT_TRUE(std::regex_match(info.nccl_version, std::regex("2\\.[0-9]+\\.[0-9]+")))
      << info.nccl_version;
  EXPECT_EQ(VersionText("symmbench"), "symmbench " + info.version + " (git " + info.git_revision +
                                          ", built " + info.build_time + "; CUDA " +
                                          info.cuda_version + ", NCCL " + info.nccl_version + ")");
}

}  // namespace
}  // namespace symmbench
