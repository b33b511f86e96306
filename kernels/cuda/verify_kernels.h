// Verification kernels' host launchers (no absl; includable from .cc): fill a buffer with the
// exact inputs, compare two buffers bitwise, flip a bit (fault injection). Kernels in
// verify_kernels.cu.
#pragma once

#include <cuda_runtime_api.h>

#include <cstdint>

#include "kernels/cuda/device_types.h"

namespace symmbench {

// Device-side result of LaunchCompareBitwise.
struct CompareCounters {
  unsigned long long wrong;      // elements counted wrong
  unsigned long long first_bad;  // smallest wrong index; ~0ull when none
};

// data[i] = ExactInputValue(seed, rank, i) converted exactly to `dtype`, i < count. Enqueued
// on `stream`. cudaErrorInvalidValue for a null/negative argument, else the launch's error.
cudaError_t LaunchFillExactInput(void* data, int64_t count, DeviceDType dtype, uint64_t seed,
                                 int rank, cudaStream_t stream);

// data[i] = the sum over ranks p < world_size of ExactInputValue(seed, p, first_index + i),
// exact in `dtype` (at most 16 values in [-8, 8]), i < count: what an all-reduce (first_index 0)
// or rank r's reduce-scatter shard (r x shard) of those inputs is. As LaunchFillExactInput.
cudaError_t LaunchFillExactSum(void* data, int64_t count, DeviceDType dtype, uint64_t seed,
                               int world_size, int64_t first_index, cudaStream_t stream);

// data[i] = RandomInputValue(seed, rank, i) in `dtype` (exact), as LaunchFillExactInput.
cudaError_t LaunchFillRandomInput(void* data, int64_t count, DeviceDType dtype, uint64_t seed,
                                  int rank, cudaStream_t stream);

// Counts elements i < count where got[i] and want[i] differ bitwise, or where got[i] still
// holds the all-ones poison pattern (0xFF bytes: NaN in every dtype; exact sums are never
// NaN, so an element both sides left untouched is wrong too). Resets `counters` (device
// memory) first; all on `stream`: read it back after the stream has completed.
cudaError_t LaunchCompareBitwise(const void* got, const void* want, int64_t count,
                                 DeviceDType dtype, CompareCounters* counters, cudaStream_t stream);

// Running totals of deferred comparisons (DeferredChecks, kernels/cuda/device_compare.h).
// All zero: nothing wrong yet.
struct CompareTotals {
  unsigned long long wrong;      // elements counted wrong, summed over the comparisons
  unsigned long long first_bad;  // the first comparison that found any: its smallest wrong index
  unsigned int got_bits;         // and the raw bits of got and want there (element <= 4 bytes)
  unsigned int want_bits;
  unsigned long long first_comparison;  // and its `comparison` number (LaunchAddToTotals)
};

// Adds the result of a finished LaunchCompareBitwise(got, want, ...) in `counters` to `totals`,
// one thread on `stream`: wrong is summed; when totals had none yet, first_bad, the bits of got
// and want at that index (`element_bytes` each, <= 4) and `comparison` (the caller's count of
// its comparisons) are kept. cudaErrorInvalidValue for a null pointer or an element size outside
// 1..4, else the launch's error.
cudaError_t LaunchAddToTotals(const CompareCounters* counters, const void* got, const void* want,
                              int element_bytes, unsigned long long comparison,
                              CompareTotals* totals, cudaStream_t stream);

// Flips the lowest bit of `*byte` (device memory) on `stream`: fault injection's corrupted
// element, in order with the operations and capturable into a graph.
cudaError_t LaunchFlipLowestBit(void* byte, cudaStream_t stream);

}  // namespace symmbench
