// The spin kernel of LaunchDelayKernel.
#include "kernels/cuda/delay_kernel.h"

namespace symmbench {
namespace {

// Sleep between timer reads: short against the microsecond delays injected, long enough to
// leave the SM's issue slots to whatever else runs there.
constexpr unsigned kPollSleepNs = 100;

__device__ __forceinline__ uint64_t GlobalTimerNs() {
  uint64_t now;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(now));
  return now;
}

__global__ void DelayKernel(uint64_t nanoseconds) {
  const uint64_t start = GlobalTimerNs();
  while (GlobalTimerNs() - start < nanoseconds) __nanosleep(kPollSleepNs);
}

}  // namespace

cudaError_t LaunchDelayKernel(uint64_t nanoseconds, cudaStream_t stream) {
  DelayKernel<<<1, 1, 0, stream>>>(nanoseconds);
  return cudaGetLastError();
}

}  // namespace symmbench
