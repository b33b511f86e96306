// Tests that the bulk conversions give the same bits as dtype.h's per-element ones: every
// 16-bit pattern (every E4M3 code) in, and special plus random floats out (ties, subnormals,
// overflow, NaN).
#include "kernels/cpu/convert_chunk.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <fstream>
#include <limits>
#include <random>
#include <sstream>
#include <string>
#include <vector>

namespace symmbench {
namespace {

float FromBits(uint32_t u) {
  float f;
  std::memcpy(&f, &u, sizeof(f));
  return f;
}

class ConvertChunkTest : public testing::TestWithParam<DType> {};

TEST_P(ConvertChunkTest, LoadMatchesLoadAsFloatForEveryPattern) {
  const DType dtype = GetParam();
  const int64_t n = dtype == DType::kFp32 ? 100003 : 65536;
  std::vector<unsigned char> src(n * DTypeSize(dtype));
  std::mt19937 rng(1);
  for (int64_t i = 0; i < n; ++i) {
    if (dtype == DType::kFp32) {
      const uint32_t u = rng();
      std::memcpy(&src[i * 4], &u, 4);
    } else if (dtype == DType::kFp8E4m3) {
      src[i] = static_cast<unsigned char>(i);  // every code, 256 times
    } else {
      const uint16_t h = static_cast<uint16_t>(i);
      std::memcpy(&src[i * 2], &h, 2);
    }
  }
  std::vector<float> dst(n);
  LoadChunkAsFloat(dtype, src.data(), dst.data(), n);
  int64_t bad = 0;
  for (int64_t i = 0; i < n; ++i) {
    const float want = LoadAsFloat(src.data(), dtype, i);
    if (std::isnan(want) ? !std::isnan(dst[i]) : std::memcmp(&want, &dst[i], 4) != 0) {
      if (bad++ < 5) ADD_FAILURE() << DTypeName(dtype) << " element " << i;
    }
  }
  EXPECT_EQ(bad, 0);
}

TEST_P(ConvertChunkTest, StoreMatchesStoreFromFloat) {
  const DType dtype = GetParam();
  std::vector<float> src = {0.0f, -0.0f, 1.0f, -1.0f, 1.00390625f, 1.01171875f, 65504.0f,
                            65519.996f, 65520.0f, 1e-8f, 5.96e-8f, 2.98e-8f, 1e-40f,
                            std::numeric_limits<float>::max(),
                            std::numeric_limits<float>::infinity(),
                            -std::numeric_limits<float>::infinity(),
                            std::numeric_limits<float>::quiet_NaN(), FromBits(0x7F800001u)};
  std::mt19937 rng(2);
  for (int i = 0; i < 1000000; ++i) src.push_back(FromBits(rng()));
  // Exact halfway cases between neighbouring 16-bit values (ties to even).
  for (uint32_t h = 0; h < 65536; h += 7) {
    src.push_back(FromBits((h << 16) | 0x8000u));
    src.push_back(Fp16ToFloat(static_cast<uint16_t>(h)) * (1.0f + 1.0f / 4096));
  }
  const int64_t n = static_cast<int64_t>(src.size());  // not a multiple of 8: tails covered
  std::vector<unsigned char> got(n * DTypeSize(dtype));
  std::vector<unsigned char> want(n * DTypeSize(dtype));
  StoreChunkFromFloat(dtype, src.data(), got.data(), n);
  for (int64_t i = 0; i < n; ++i) StoreFromFloat(want.data(), dtype, i, src[i]);
  int64_t bad = 0;
  const int size = DTypeSize(dtype);
  for (int64_t i = 0; i < n; ++i) {
    if (std::isnan(src[i])) {
      if (!std::isnan(LoadAsFloat(got.data(), dtype, i)) && bad++ < 5) {
        ADD_FAILURE() << DTypeName(dtype) << " NaN not kept at " << i;
      }
    } else if (std::memcmp(&got[i * size], &want[i * size], size) != 0) {
      if (bad++ < 5) ADD_FAILURE() << DTypeName(dtype) << " element " << i << " = " << src[i];
    }
  }
  EXPECT_EQ(bad, 0);
}

INSTANTIATE_TEST_SUITE_P(AllDTypes, ConvertChunkTest,
                         testing::Values(DType::kBf16, DType::kFp16, DType::kFp32, DType::kFp8E4m3),
                         [](const testing::TestParamInfo<DType>& info) {
                           return std::string(DTypeName(info.param));
                         });

// The CPU's flags as the kernel reports them (/proc/cpuinfo), a source independent of the
// compiler's cpuid builtins: whether both "avx" and "f16c" are listed.
bool CpuinfoListsAvxAndF16c() {
  std::ifstream cpuinfo("/proc/cpuinfo");
  std::string line;
  while (std::getline(cpuinfo, line)) {
    if (line.rfind("flags", 0) != 0) continue;
    std::istringstream words(line.substr(line.find(':') + 1));
    bool avx = false, f16c = false;
    for (std::string word; words >> word;) {
      avx = avx || word == "avx";
      f16c = f16c || word == "f16c";
    }
    return avx && f16c;
  }
  return false;
}

TEST(ConvertChunkTest, UsesF16cExactlyWhenTheCpuHasIt) {
  RecordProperty("fp16_uses_f16c", Fp16UsesF16c() ? "yes" : "no");
#if defined(__x86_64__)
  EXPECT_EQ(Fp16UsesF16c(), CpuinfoListsAvxAndF16c());
#else
  EXPECT_FALSE(Fp16UsesF16c());
#endif
}

}  // namespace
}  // namespace symmbench
