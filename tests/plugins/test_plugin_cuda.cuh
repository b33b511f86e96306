// test_plugin_cuda.cuh: what the test-only CUDA plugins share (the example in examples/plugins
// stays self-contained): the counting signal-pad barrier of examples/plugins/one_shot_cuda.cu
// (same protocol and memory-ordering contract, stated there) and its one-shot all-reduce sum,
// with the two bugs the faulty plugins switch on: no exit barrier, and a rank that reads late.
// Header-only, for nvcc; every plugin that includes it is one .cu of its own.
#pragma once

#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#include <cstdint>
#include <cstdio>

#include "plugin/symmbench_plugin.h"

namespace test_plugin {

constexpr int kMaxRanks = 8;
constexpr int kMaxBlocks = 32;
constexpr int kThreads = 512;
// Signal pad per rank: kMaxBlocks x kMaxRanks words, [block][peer].
constexpr uint64_t kSignalPadBytes = kMaxBlocks * kMaxRanks * sizeof(uint32_t);
constexpr uint32_t kDtypes = SYMMBENCH_DTYPE_BIT(SYMMBENCH_BF16) |
                             SYMMBENCH_DTYPE_BIT(SYMMBENCH_FP16) |
                             SYMMBENCH_DTYPE_BIT(SYMMBENCH_FP32);

// The bugs a launch has (none: the example's correct one-shot).
struct Bugs {
  bool exit_barrier = true;  // false: the kernel returns without its exit barrier
  int delayed_rank = -1;     // this rank spins delay_ns after its entry barrier
  uint64_t delay_ns = 0;
};

struct Params {
  const void* inputs[kMaxRanks];
  uint32_t* pads[kMaxRanks];
  void* output;
  int64_t count;
  int rank;
  int world_size;
  uint64_t timeout_ns;
  const uint32_t* abort_word;
  Bugs bugs;
};

__device__ inline uint64_t GlobalTimerNs() {
  uint64_t t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  return t;
}

__device__ inline uint32_t LoadAcquire(const uint32_t* word) {
  uint32_t value;
  asm volatile("ld.acquire.sys.global.u32 %0, [%1];" : "=r"(value) : "l"(word) : "memory");
  return value;
}

// The example's barrier: block b of every rank meets; false when a peer gave up (abort word).
// A wait past timeout_ns traps, so a test never hangs on it.
__device__ inline bool BlockBarrier(const Params& p, bool exit) {
  __shared__ int aborted;
  if (threadIdx.x == 0) aborted = 0;
  __syncthreads();
  const int peer = static_cast<int>(threadIdx.x);
  if (peer < p.world_size) {
    const int row = static_cast<int>(blockIdx.x) * kMaxRanks;
    if (exit) __threadfence_system();
    atomicAdd_system(p.pads[peer] + row + p.rank, 1u);
    uint32_t* mine = p.pads[p.rank] + row + peer;
    const uint64_t deadline = GlobalTimerNs() + p.timeout_ns;
    bool stopped = false;
    while (!stopped && LoadAcquire(mine) == 0u) {
      stopped = p.abort_word != nullptr &&
                *reinterpret_cast<const volatile uint32_t*>(p.abort_word) != 0u;
      if (GlobalTimerNs() > deadline) __trap();
    }
    if (stopped) {
      aborted = 1;  // read after the __syncthreads below
    } else {
      atomicSub_system(mine, 1u);
    }
  }
  __syncthreads();
  return aborted == 0;
}

__device__ inline float ToFloat(__nv_bfloat16 v) { return __bfloat162float(v); }
__device__ inline float ToFloat(__half v) { return __half2float(v); }
__device__ inline float ToFloat(float v) { return v; }
__device__ inline void Store(__nv_bfloat16* out, float v) { *out = __float2bfloat16_rn(v); }
__device__ inline void Store(__half* out, float v) { *out = __float2half_rn(v); }
__device__ inline void Store(float* out, float v) { *out = v; }

template <typename T>
__global__ void __launch_bounds__(kThreads) OneShotKernel(const __grid_constant__ Params p) {
  if (!BlockBarrier(p, /*exit=*/false)) return;
  if (p.rank == p.bugs.delayed_rank) {
    const uint64_t until = GlobalTimerNs() + p.bugs.delay_ns;
    while (GlobalTimerNs() < until) {
    }
  }
  const int64_t stride = static_cast<int64_t>(gridDim.x) * blockDim.x;
  for (int64_t i = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < p.count;
       i += stride) {
    float sum = ToFloat(static_cast<const T*>(p.inputs[0])[i]);
    for (int r = 1; r < p.world_size; ++r) sum += ToFloat(static_cast<const T*>(p.inputs[r])[i]);
    Store(static_cast<T*>(p.output) + i, sum);
  }
  if (p.bugs.exit_barrier) (void)BlockBarrier(p, /*exit=*/true);
}

inline size_t ElemSize(int32_t dtype) { return dtype == SYMMBENCH_FP32 ? 4 : 2; }

// Checks world size and dtype; allocates nothing.
inline int32_t Setup(const symmbench_comm* comm, int64_t, int32_t dtype, void** state, char* error,
                     size_t error_size) {
  *state = nullptr;
  if (comm->world_size < 1 || comm->world_size > kMaxRanks) {
    snprintf(error, error_size, "world size %d: 1 to %d ranks", comm->world_size, kMaxRanks);
    return SYMMBENCH_ERR_INVALID_ARGUMENT;
  }
  if (dtype != SYMMBENCH_BF16 && dtype != SYMMBENCH_FP16 && dtype != SYMMBENCH_FP32) {
    snprintf(error, error_size, "dtype %d: bf16, fp16 or fp32 only", dtype);
    return SYMMBENCH_ERR_INVALID_ARGUMENT;
  }
  return SYMMBENCH_OK;
}

// Enqueues the one-shot sum of every rank's input into args->output, with `bugs`.
inline int32_t LaunchAllReduce(const symmbench_comm* comm, const symmbench_op_args* args,
                               const Bugs& bugs, char* error, size_t error_size) {
  if (static_cast<uint64_t>(args->count) * ElemSize(args->dtype) > comm->input_bytes) {
    snprintf(error, error_size, "count %lld exceeds the input buffer",
             static_cast<long long>(args->count));
    return SYMMBENCH_ERR_INVALID_ARGUMENT;
  }
  Params p = {};
  for (int r = 0; r < comm->world_size; ++r) {
    p.inputs[r] = comm->inputs[r];
    p.pads[r] = static_cast<uint32_t*>(comm->signal_pads[r]);
  }
  p.output = args->output;
  p.count = args->count;
  p.rank = comm->rank;
  p.world_size = comm->world_size;
  p.timeout_ns = comm->timeout_ns;
  p.abort_word = comm->abort_word;
  p.bugs = bugs;
  const int64_t blocks = (args->count + kThreads - 1) / kThreads;
  const int grid = static_cast<int>(blocks < 1 ? 1 : blocks < kMaxBlocks ? blocks : kMaxBlocks);
  cudaStream_t stream = static_cast<cudaStream_t>(comm->stream);
  if (args->dtype == SYMMBENCH_BF16) {
    OneShotKernel<__nv_bfloat16><<<grid, kThreads, 0, stream>>>(p);
  } else if (args->dtype == SYMMBENCH_FP16) {
    OneShotKernel<__half><<<grid, kThreads, 0, stream>>>(p);
  } else {
    OneShotKernel<float><<<grid, kThreads, 0, stream>>>(p);
  }
  const cudaError_t status = cudaGetLastError();
  if (status != cudaSuccess) {
    snprintf(error, error_size, "kernel launch: %s", cudaGetErrorString(status));
    return SYMMBENCH_ERR_INTERNAL;
  }
  return SYMMBENCH_OK;
}

}  // namespace test_plugin

// Exports a one-op CUDA plugin `ops` (an array of symmbench_op) named `plugin_name`.
#define TEST_PLUGIN_CUDA(ops, plugin_name)                                                     \
  namespace {                                                                                  \
  const symmbench_plugin kTestPlugin = {SYMMBENCH_PLUGIN_ABI_VERSION,                          \
                                        SYMMBENCH_BACKEND_CUDA,                                \
                                        plugin_name,                                           \
                                        "test",                                                \
                                        static_cast<int32_t>(sizeof(ops) / sizeof(ops[0])),    \
                                        0,                                                     \
                                        ops};                                                  \
  }                                                                                            \
  extern "C" SYMMBENCH_PLUGIN_EXPORT uint32_t symmbench_plugin_abi_version(void) {             \
    return SYMMBENCH_PLUGIN_ABI_VERSION;                                                       \
  }                                                                                            \
  extern "C" SYMMBENCH_PLUGIN_EXPORT const symmbench_plugin* symmbench_plugin_describe(void) { \
    return &kTestPlugin;                                                                       \
  }
