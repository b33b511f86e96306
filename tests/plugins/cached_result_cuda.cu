// cached_result_cuda: a one-shot all-reduce that computes once per message size and then copies
// that result into the output (one device-to-device copy, no communication): right on the
// inputs it was computed from, so every check on unchanging inputs passes and its time is a
// copy's; the race check, whose inputs change every operation, must fail it. The choice is made
// on the host at each call, so a captured graph holds whichever the capture saw.
#include "tests/plugins/test_plugin_cuda.cuh"

namespace {

struct Cache {
  void* result = nullptr;  // device memory, max_count elements of the dtype
  int64_t count = 0;       // elements of the cached result; 0: none yet
};

int32_t Setup(const symmbench_comm* comm, int64_t max_count, int32_t dtype, void** state,
              char* error, size_t error_size) {
  int32_t status = test_plugin::Setup(comm, max_count, dtype, state, error, error_size);
  if (status != SYMMBENCH_OK) return status;
  auto* cache = new Cache;
  const cudaError_t allocated =
      cudaMalloc(&cache->result, static_cast<size_t>(max_count) * test_plugin::ElemSize(dtype));
  if (allocated != cudaSuccess) {
    delete cache;
    snprintf(error, error_size, "cudaMalloc(cache): %s", cudaGetErrorString(allocated));
    return SYMMBENCH_ERR_RESOURCE_EXHAUSTED;
  }
  *state = cache;
  return SYMMBENCH_OK;
}

int32_t Run(void* state, const symmbench_comm* comm, const symmbench_op_args* args, char* error,
            size_t error_size) {
  auto* cache = static_cast<Cache*>(state);
  const size_t bytes = static_cast<size_t>(args->count) * test_plugin::ElemSize(args->dtype);
  cudaStream_t stream = static_cast<cudaStream_t>(comm->stream);
  cudaError_t copied = cudaSuccess;
  if (cache->count == args->count) {  // the bug: the result of another operation's inputs
    copied = cudaMemcpyAsync(args->output, cache->result, bytes, cudaMemcpyDeviceToDevice, stream);
  } else {
    const int32_t status =
        test_plugin::LaunchAllReduce(comm, args, test_plugin::Bugs{}, error, error_size);
    if (status != SYMMBENCH_OK) return status;
    copied = cudaMemcpyAsync(cache->result, args->output, bytes, cudaMemcpyDeviceToDevice, stream);
    cache->count = args->count;
  }
  if (copied != cudaSuccess) {
    snprintf(error, error_size, "cudaMemcpyAsync: %s", cudaGetErrorString(copied));
    return SYMMBENCH_ERR_INTERNAL;
  }
  return SYMMBENCH_OK;
}

void Teardown(void* state) {
  auto* cache = static_cast<Cache*>(state);
  if (cache == nullptr) return;
  cudaFree(cache->result);
  delete cache;
}

// No SYMMBENCH_OP_SUMS_IN_RANK_ORDER: the random-input pass would run it on other inputs than
// the exact check right after it, which the cache would get wrong.
const symmbench_op kOps[] = {{"one_shot", "test all-reduce that copies a cached result",
                              SYMMBENCH_ALL_REDUCE_SUM, test_plugin::kDtypes, 0, 0, 0,
                              test_plugin::kSignalPadBytes, Setup, Run, Teardown}};

}  // namespace

TEST_PLUGIN_CUDA(kOps, "test: all-reduce that copies a cached result (CUDA)")
