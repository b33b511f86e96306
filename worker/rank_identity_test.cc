#include "worker/rank_identity.h"

#include <gtest/gtest.h>

namespace symmbench {
namespace {

TEST(ResultEnvironmentTest, KeepsTheVariablesThatChangeResultsSortedAndHidesSecrets) {
  const char* environment[] = {"PATH=/usr/bin",
                               "NCCL_NVLS_ENABLE=0",
                               "CUDA_VISIBLE_DEVICES=0,1",
                               "HOME=/root",
                               "SYMMBENCH_API_TOKEN=abc",
                               "NCCL_ALGO=Ring",
                               "NOEQUALS",
                               "TORCH_SYMM_MEM_DISABLE_MULTICAST=1",
                               nullptr};
  EXPECT_EQ(ResultEnvironment(environment),
            (std::vector<std::string>{"CUDA_VISIBLE_DEVICES=0,1", "NCCL_ALGO=Ring",
                                      "NCCL_NVLS_ENABLE=0", "SYMMBENCH_API_TOKEN=<hidden>",
                                      "TORCH_SYMM_MEM_DISABLE_MULTICAST=1"}));
  EXPECT_TRUE(ResultEnvironment(nullptr).empty());
}

TEST(ResultEnvironmentTest, BoundsTheCountAndTheLength) {
  std::vector<std::string> storage;
  for (int i = 0; i < 100; ++i) storage.push_back("NCCL_X" + std::to_string(100 + i) + "=1");
  storage.push_back("NCCL_LONG=" + std::string(10000, 'x'));
  std::vector<const char*> environment;
  for (const std::string& e : storage) environment.push_back(e.c_str());
  environment.push_back(nullptr);
  const std::vector<std::string> kept = ResultEnvironment(environment.data());
  EXPECT_EQ(kept.size(), 64u);
  for (const std::string& e : kept) EXPECT_LE(e.size(), 4096u);
}

}  // namespace
}  // namespace symmbench
