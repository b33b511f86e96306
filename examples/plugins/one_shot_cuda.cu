// one_shot_cuda.cu: a one-shot all-reduce (sum) as a symmbench plugin for the CUDA backend.
//
// One GPU per rank; every rank's input is mapped into every rank over NVLink
// (comm->inputs[p], device addresses). One run is one kernel: block b meets block b of every
// peer at an entry barrier, sums its grid-stride slice of every rank's input into this rank's
// output, and meets them again at an exit barrier. The ABI and the rules of run() are in
// plugin/symmbench_plugin.h.
//
// Build (one command; nvcc links the CUDA runtime statically by default, so the library needs
// only the driver, libcuda):
//   nvcc -std=c++17 -O3 -shared -Xcompiler -fPIC -gencode=arch=compute_90a,code=sm_90a
//        -I <repo> one_shot_cuda.cu -o example_one_shot_cuda.so
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#include <cstdint>
#include <cstdio>

#include "plugin/symmbench_plugin.h"

namespace {

constexpr int kMaxRanks = 8;
constexpr int kMaxBlocks = 32;
constexpr int kThreads = 512;
// Signal pad per rank: kMaxBlocks x kMaxRanks words, [block][peer] (1 KiB).
constexpr uint64_t kSignalPadBytes = kMaxBlocks * kMaxRanks * sizeof(uint32_t);

// Everything the kernel needs, passed by value: a graph replays the launch with these very
// arguments, which never change within a job (the pads carry the barrier's state).
struct Params {
  const void* inputs[kMaxRanks];  // inputs[p]: rank p's input, as mapped on this GPU
  uint32_t* pads[kMaxRanks];      // pads[p]: rank p's signal pad, kMaxBlocks x kMaxRanks words
  void* output;
  int64_t count;
  int rank;
  int world_size;
  uint64_t timeout_ns;
  const uint32_t* abort_word;  // device memory: non-zero once a peer gave up
};

// ---- the signal-pad barrier ----
//
// Memory-ordering contract. Word pad_r[b][p] of rank r counts the arrivals of rank p's block b
// that rank r's block b has not consumed yet. Only rank p increments it, only rank r
// decrements it. A barrier of block b on rank r: thread t < world_size handles rank t
// (itself included):
//   put  : atomicAdd_system(pad_t[b][r], 1); in the exit barrier after __threadfence_system
//   wait : spin on pad_r[b][t] with an acquire load (system scope) until it is non-zero,
//          then atomicSub_system(pad_r[b][t], 1)
// and __syncthreads before and after, so the whole block is ordered with the handling
// threads. Once block b of rank r passes a barrier, block b of every peer has reached it:
//   entry: peers' inputs were written by work that completed on their streams before this
//          kernel started, so they are already in their owners' memory; the acquire load
//          keeps our reads of them after the signal.
//   exit : the fence publishes the end of this block's reads before the signal, so no peer
//          still reads this rank's input once the kernel has completed.
// Arrivals are counted, not flagged: a peer can be at most one barrier ahead, no signal is
// lost, and every word is back at 0 after each kernel, so launches need no epoch (which a
// graph replay could not advance). A wait that passes timeout_ns on %globaltimer traps: the
// launch fails and the service reports it instead of hanging. A wait that sees the abort word
// non-zero (a peer gave up; the service writes it over NVLink) stops at once: the whole block
// leaves the kernel, and the service fails the job naming that peer. The pads are not at rest
// then, which does not matter: an aborted job ends.

__device__ uint64_t GlobalTimerNs() {
  uint64_t t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  return t;
}

__device__ uint32_t LoadAcquire(const uint32_t* word) {
  uint32_t value;
  asm volatile("ld.acquire.sys.global.u32 %0, [%1];" : "=r"(value) : "l"(word) : "memory");
  return value;
}

__device__ uint32_t LoadVolatile(const uint32_t* word) {
  uint32_t value;
  asm volatile("ld.volatile.global.u32 %0, [%1];" : "=r"(value) : "l"(word) : "memory");
  return value;
}

// False when the block must leave the kernel: a peer gave up.
__device__ bool BlockBarrier(const Params& p, bool exit) {
  __shared__ int aborted;
  if (threadIdx.x == 0) aborted = 0;
  __syncthreads();  // exit: every thread of the block has finished reading the peers
  const int peer = static_cast<int>(threadIdx.x);
  if (peer < p.world_size) {
    const int row = static_cast<int>(blockIdx.x) * kMaxRanks;
    if (exit) __threadfence_system();
    atomicAdd_system(p.pads[peer] + row + p.rank, 1u);
    uint32_t* mine = p.pads[p.rank] + row + peer;
    const uint64_t deadline = GlobalTimerNs() + p.timeout_ns;
    bool stopped = false;
    while (LoadAcquire(mine) == 0u) {
      if (p.abort_word != nullptr && LoadVolatile(p.abort_word) != 0u) {
        stopped = true;
        break;
      }
      if (GlobalTimerNs() > deadline) __trap();  // the launch fails: the job reports it
    }
    if (stopped) {
      aborted = 1;  // read after the __syncthreads below
    } else {
      atomicSub_system(mine, 1u);
    }
  }
  __syncthreads();  // entry: no thread reads a peer before the block has met every peer
  return aborted == 0;
}

// ---- the sum: float, rank order, one rounding ----

__device__ float ToFloat(__nv_bfloat16 v) { return __bfloat162float(v); }
__device__ float ToFloat(__half v) { return __half2float(v); }
__device__ float ToFloat(float v) { return v; }
__device__ void Store(__nv_bfloat16* out, float v) { *out = __float2bfloat16_rn(v); }
__device__ void Store(__half* out, float v) { *out = __float2half_rn(v); }
__device__ void Store(float* out, float v) { *out = v; }

template <typename T>
__global__ void __launch_bounds__(kThreads) OneShotKernel(const __grid_constant__ Params p) {
  if (!BlockBarrier(p, /*exit=*/false)) return;
  const int64_t stride = static_cast<int64_t>(gridDim.x) * blockDim.x;
  for (int64_t i = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < p.count;
       i += stride) {
    float sum = ToFloat(static_cast<const T*>(p.inputs[0])[i]);
    for (int r = 1; r < p.world_size; ++r) sum += ToFloat(static_cast<const T*>(p.inputs[r])[i]);
    Store(static_cast<T*>(p.output) + i, sum);  // rounded once, to nearest even
  }
  (void)BlockBarrier(p, /*exit=*/true);
}

size_t ElemSize(int32_t dtype) { return dtype == SYMMBENCH_FP32 ? 4 : 2; }

// ---- the op ----

int32_t Setup(const symmbench_comm* comm, int64_t, int32_t dtype, void** state, char* error,
              size_t error_size) {
  *state = nullptr;  // nothing to allocate: the signal pads are the service's
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

// Enqueues the kernel; no host state changes between calls (graph capture replays them).
int32_t Run(void*, const symmbench_comm* comm, const symmbench_op_args* args, char* error,
            size_t error_size) {
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
  p.abort_word = comm->abort_word;  // ABI version 2: a device address on CUDA
  // The same count gives the same grid on every rank: block b always has its partners.
  const int64_t blocks = (args->count + kThreads - 1) / kThreads;
  const int grid = static_cast<int>(blocks < kMaxBlocks ? blocks : kMaxBlocks);
  cudaStream_t stream = static_cast<cudaStream_t>(comm->stream);
  switch (args->dtype) {
    case SYMMBENCH_BF16: {
      OneShotKernel<__nv_bfloat16><<<grid, kThreads, 0, stream>>>(p);
      break;
    }
    case SYMMBENCH_FP16: {
      OneShotKernel<__half><<<grid, kThreads, 0, stream>>>(p);
      break;
    }
    default: {
      OneShotKernel<float><<<grid, kThreads, 0, stream>>>(p);
      break;
    }
  }
  const cudaError_t status = cudaGetLastError();
  if (status != cudaSuccess) {
    snprintf(error, error_size, "kernel launch: %s", cudaGetErrorString(status));
    return SYMMBENCH_ERR_INTERNAL;
  }
  return SYMMBENCH_OK;
}

const symmbench_op kOps[] = {{
    /*name=*/"one_shot",
    /*description=*/"one-shot all-reduce: per-block barriers around every rank's sum of all inputs",
    /*computes=*/SYMMBENCH_ALL_REDUCE_SUM,
    /*dtypes=*/SYMMBENCH_DTYPE_BIT(SYMMBENCH_BF16) | SYMMBENCH_DTYPE_BIT(SYMMBENCH_FP16) |
        SYMMBENCH_DTYPE_BIT(SYMMBENCH_FP32),
    /*flags=*/SYMMBENCH_OP_SUMS_IN_RANK_ORDER,
    /*buffer_bytes_per_message_byte=*/0,
    /*buffer_bytes_fixed=*/0,
    /*signal_pad_bytes=*/kSignalPadBytes,
    /*setup=*/Setup,
    /*run=*/Run,
    /*teardown=*/nullptr,
}};

const symmbench_plugin kPlugin = {
    /*abi_version=*/SYMMBENCH_PLUGIN_ABI_VERSION,
    /*backend=*/SYMMBENCH_BACKEND_CUDA,
    /*name=*/"example one-shot all-reduce (CUDA)",
    /*version=*/"1.0",
    /*num_ops=*/1,
    /*reserved0=*/0,
    /*ops=*/kOps,
};

}  // namespace

extern "C" SYMMBENCH_PLUGIN_EXPORT uint32_t symmbench_plugin_abi_version(void) {
  return SYMMBENCH_PLUGIN_ABI_VERSION;
}

extern "C" SYMMBENCH_PLUGIN_EXPORT const symmbench_plugin* symmbench_plugin_describe(void) {
  return &kPlugin;
}
