// FillRandomInput, RankOrderSum and CompareWithRankOrderSum.
#include "kernels/rank_order_check.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <thread>
#include <vector>

namespace symmbench {
namespace {

// The bits of element `i` (16- or 32-bit).
uint32_t Bits(const void* data, DType dtype, int64_t i) {
  if (DTypeSize(dtype) == 4) {
    uint32_t bits;
    std::memcpy(&bits, static_cast<const char*>(data) + i * 4, 4);
    return bits;
  }
  uint16_t bits;
  std::memcpy(&bits, static_cast<const char*>(data) + i * 2, 2);
  return bits;
}

// CompareWithRankOrderSum over elements [begin, end).
CheckResult CompareRange(const void* got, DType dtype, int64_t begin, int64_t end, uint64_t seed,
                         int world_size, bool zero_sign_may_differ, int64_t first_index) {
  CheckResult result;
  unsigned char want[4];
  for (int64_t i = begin; i < end; ++i) {
    StoreFromFloat(want, dtype, 0, RankOrderSum(seed, world_size, first_index + i));
    const float got_value = LoadAsFloat(got, dtype, i);
    const float want_value = LoadAsFloat(want, dtype, 0);
    bool right = Bits(got, dtype, i) == Bits(want, dtype, 0) && !std::isnan(got_value);
    if (!right && zero_sign_may_differ) right = got_value == 0.0f && want_value == 0.0f;
    if (right) continue;
    if (result.wrong++ == 0) {
      result.first_bad_index = i;
      result.got = got_value;
      result.want = want_value;
    }
  }
  return result;
}

}  // namespace

void FillRandomInput(void* data, DType dtype, int64_t count, uint64_t seed, int rank) {
  for (int64_t i = 0; i < count; ++i) {
    StoreFromFloat(data, dtype, i, RandomInputValue(seed, rank, i));
  }
}

float RankOrderSum(uint64_t seed, int world_size, int64_t i) {
  // volatile: one fp32 rounding per add, in this order, whatever the compiler's options.
  volatile float acc = RandomInputValue(seed, 0, i);
  for (int r = 1; r < world_size; ++r) acc = acc + RandomInputValue(seed, r, i);
  return acc;
}

CheckResult CompareWithRankOrderSum(const void* got, DType dtype, int64_t count, uint64_t seed,
                                    int world_size, bool zero_sign_may_differ,
                                    int64_t first_index) {
  // About 36 ns per element at two ranks on one core: large outputs are split over the host's
  // cores (a GPU host has many), ranges of at least kMinRange elements each.
  constexpr int64_t kMinRange = 1 << 20;
  const int64_t threads = std::max<int64_t>(
      1, std::min<int64_t>(std::thread::hardware_concurrency(), count / kMinRange));
  std::vector<CheckResult> parts(threads);
  std::vector<std::thread> workers;
  for (int64_t t = 0; t < threads; ++t) {
    const int64_t begin = count * t / threads;
    const int64_t end = count * (t + 1) / threads;
    workers.emplace_back([&, t, begin, end] {
      parts[t] =
          CompareRange(got, dtype, begin, end, seed, world_size, zero_sign_may_differ, first_index);
    });
  }
  for (std::thread& worker : workers) worker.join();
  CheckResult result;
  for (const CheckResult& part : parts) {  // in index order: the first failure is the smallest
    if (part.wrong > 0 && result.wrong == 0) {
      result.first_bad_index = part.first_bad_index;
      result.got = part.got;
      result.want = part.want;
    }
    result.wrong += part.wrong;
  }
  return result;
}

}  // namespace symmbench
