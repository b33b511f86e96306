// FillRandomInput, RankOrderSum and CompareWithRankOrderSum.
#include "kernels/rank_order_check.h"

#include <cmath>
#include <cstring>

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
                                    int world_size, bool zero_sign_may_differ) {
  CheckResult result;
  unsigned char want[4];
  for (int64_t i = 0; i < count; ++i) {
    StoreFromFloat(want, dtype, 0, RankOrderSum(seed, world_size, i));
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

}  // namespace symmbench
