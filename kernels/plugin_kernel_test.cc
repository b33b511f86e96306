// What a plugin's calls see as comm->abort_word, by backend and ABI version: the backend's word
// (host memory on the CPU, the device error record's aborted_by word on CUDA), but NULL for a
// version-1 plugin on CUDA, whose ABI promised NULL there.
#include "kernels/plugin_kernel.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <memory>
#include <string>
#include <utility>

namespace symmbench {
namespace {

PluginKernel OpenKernel(const std::string& file) {
  const char* dir = std::getenv("TEST_SRCDIR");
  const std::string path = std::string(dir != nullptr ? dir : ".") + "/symmbench/" + file;
  absl::StatusOr<PluginKernel> kernel = OpenPluginKernel(path, "one_shot", "plugin:one_shot");
  EXPECT_TRUE(kernel.ok()) << kernel.status();
  return kernel.ok() ? *std::move(kernel) : PluginKernel{};
}

TEST(PluginKernelTest, AbortWordByBackendAndAbiVersion) {
  const PluginKernel v1 = OpenKernel("tests/plugins/abi_v1_cpu.so");
  const PluginKernel v2 = OpenKernel("examples/plugins/example_one_shot_cpu.so");
  ASSERT_NE(v1.library, nullptr);
  ASSERT_NE(v2.library, nullptr);
  ASSERT_EQ(v1.library->plugin().abi_version, 1u);
  ASSERT_EQ(v2.library->plugin().abi_version, 2u);
  const uint32_t word = 0;
  PluginRankView view;
  view.abort_word = &word;
  view.backend = SYMMBENCH_BACKEND_CPU;
  EXPECT_EQ(PluginAbortWord(v1, view), &word);
  EXPECT_EQ(PluginAbortWord(v2, view), &word);
  view.backend = SYMMBENCH_BACKEND_CUDA;
  EXPECT_EQ(PluginAbortWord(v1, view), nullptr);
  EXPECT_EQ(PluginAbortWord(v2, view), &word);
}

// The set-up instance hands the plugin that word: a one-rank set-up of each version.
TEST(PluginKernelTest, TheInstanceHandsThePluginItsAbortWord) {
  float input[4] = {1, 2, 3, 4};
  const uint32_t word = 0;
  const struct {
    const char* file;
    symmbench_backend backend;
    const uint32_t* want;
  } cases[] = {
      {"tests/plugins/abi_v1_cpu.so", SYMMBENCH_BACKEND_CPU, &word},
      {"tests/plugins/abi_v1_cpu.so", SYMMBENCH_BACKEND_CUDA, nullptr},
      {"examples/plugins/example_one_shot_cpu.so", SYMMBENCH_BACKEND_CUDA, &word},
  };
  for (const auto& [file, backend, want] : cases) {
    const PluginKernel kernel = OpenKernel(file);
    ASSERT_NE(kernel.library, nullptr);
    PluginRankView view;
    view.backend = backend;
    view.input_bytes = sizeof(input);
    view.AddRank(input, nullptr, PluginScratch{});
    view.timeout_ns = 1000000000;
    view.abort_word = &word;
    absl::StatusOr<std::unique_ptr<PluginOpInstance>> instance =
        PluginOpInstance::SetUp(kernel, std::move(view), 4, DType::kFp32);
    ASSERT_TRUE(instance.ok()) << instance.status();
    EXPECT_EQ((*instance)->comm().abort_word, want) << file << " backend " << backend;
  }
}

}  // namespace
}  // namespace symmbench
