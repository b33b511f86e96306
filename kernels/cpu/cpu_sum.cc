// SumPeersChunked, CompareBitwise and CompareWithExactSum (cpu_sum.h).
#include "kernels/cpu/cpu_sum.h"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "kernels/cpu/convert_chunk.h"
#include "kernels/exact_input.h"

namespace symmbench {
namespace {

// Elements per chunk: the float accumulators and one peer's converted slice (4 KiB each) stay
// in L1 while every peer's slice of the chunk streams through.
constexpr int64_t kChunkElems = 1024;

}  // namespace

void SumPeersChunked(DType dtype, const void* const* inputs, int num_inputs, void* const* outputs,
                     int num_outputs, int64_t begin, int64_t count) {
  const size_t elem_bytes = DTypeSize(dtype);
  float acc[kChunkElems];
  float peer[kChunkElems];
  alignas(64) unsigned char rounded[kChunkElems * sizeof(float)];  // staged for many outputs
  for (int64_t done = 0; done < count; done += kChunkElems) {
    const int64_t n = std::min(kChunkElems, count - done);
    const size_t offset = static_cast<size_t>(begin + done) * elem_bytes;
    LoadChunkAsFloat(dtype, static_cast<const char*>(inputs[0]) + offset, acc, n);
    for (int p = 1; p < num_inputs; ++p) {
      LoadChunkAsFloat(dtype, static_cast<const char*>(inputs[p]) + offset, peer, n);
      for (int64_t j = 0; j < n; ++j) acc[j] += peer[j];
    }
    if (num_outputs == 1) {
      StoreChunkFromFloat(dtype, acc, static_cast<char*>(outputs[0]) + offset, n);
      continue;
    }
    // Round once, then copy the same bits to every output.
    StoreChunkFromFloat(dtype, acc, rounded, n);
    for (int o = 0; o < num_outputs; ++o) {
      std::memcpy(static_cast<char*>(outputs[o]) + offset, rounded, n * elem_bytes);
    }
  }
}

CheckResult CompareBitwise(const void* got, const void* want, DType dtype, int64_t count) {
  const int size = DTypeSize(dtype);
  const auto* out = static_cast<const unsigned char*>(got);
  const auto* ref = static_cast<const unsigned char*>(want);
  CheckResult result;
  for (int64_t i = 0; i < count; ++i) {
    const float g = LoadAsFloat(out, dtype, i);
    const float w = LoadAsFloat(ref, dtype, i);
    const bool same_bits = std::memcmp(out + i * size, ref + i * size, size) == 0;
    if (same_bits && !std::isnan(g) && !std::isnan(w)) continue;
    if (result.wrong++ == 0) {
      result.first_bad_index = i;
      result.got = g;
      result.want = w;
    }
  }
  return result;
}

CheckResult CompareWithExactSum(const void* got, DType dtype, int64_t count, uint64_t seed,
                                int world_size, int64_t first_index) {
  CheckResult result;
  for (int64_t i = 0; i < count; ++i) {
    int sum = 0;
    for (int p = 0; p < world_size; ++p) sum += ExactInputValue(seed, p, first_index + i);
    const float g = LoadAsFloat(got, dtype, i);
    const float w = static_cast<float>(sum);
    if (g == w) continue;  // false for NaN
    if (result.wrong++ == 0) {
      result.first_bad_index = i;
      result.got = g;
      result.want = w;
    }
  }
  return result;
}

}  // namespace symmbench
