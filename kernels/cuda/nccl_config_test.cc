// NcclConfig on any host (ncclGetVersion needs no GPU).
#include "kernels/cuda/nccl_config.h"

#include <gtest/gtest.h>
#include <nccl.h>
#include <stdlib.h>

#include "absl/strings/str_cat.h"

namespace symmbench {
namespace {

TEST(NcclConfigTest, NamesTheVersionAndTheVariablesThatChangeWhatNcclRuns) {
  ASSERT_EQ(setenv("NCCL_PROTO", "Simple", 1), 0);
  ASSERT_EQ(setenv("NCCL_NVLS_ENABLE", "0", 1), 0);
  ASSERT_EQ(setenv("NCCL_DEBUG", "INFO", 1), 0);
  ASSERT_EQ(setenv("NCCL_VERSION", "2.28.3-1", 1), 0);  // as NVIDIA's images set it
  ASSERT_EQ(setenv("NOT_NCCL_ALGO", "Tree", 1), 0);
  const std::string config = NcclConfig();
  EXPECT_EQ(config.rfind(absl::StrCat("nccl ", NCCL_MAJOR, ".", NCCL_MINOR, ".", NCCL_PATCH), 0),
            0u)
      << config;
  // Sorted, each once; logging and foreign variables left out.
  EXPECT_NE(config.find(" NCCL_NVLS_ENABLE=0 NCCL_PROTO=Simple"), std::string::npos) << config;
  EXPECT_EQ(config.find("NCCL_DEBUG"), std::string::npos) << config;
  EXPECT_EQ(config.find("NCCL_VERSION"), std::string::npos) << config;
  EXPECT_EQ(config.find("Tree"), std::string::npos) << config;
}

TEST(NcclConfigTest, VersionAloneWithoutVariables) {
  ASSERT_EQ(unsetenv("NCCL_PROTO"), 0);
  ASSERT_EQ(unsetenv("NCCL_NVLS_ENABLE"), 0);
  const std::string config = NcclConfig();
  EXPECT_EQ(config.find("NCCL_"), std::string::npos) << config;
  EXPECT_EQ(config.rfind("nccl ", 0), 0u) << config;
}

}  // namespace
}  // namespace symmbench
