// The CPU matmul_reduce_scatter's inputs, for tests that recompute its result from them alone
// (the op itself is created through CpuGemmCollectives(): matmul_reduce_scatter_cpu.cc).
#pragma once

#include <cstdint>

#include "kernels/cpu/gemm_cpu_util.h"
#include "kernels/gemm_collective.h"

namespace symmbench {

// Before rounding to the dtype: pseudo-random, in (-1, 1), never zero. A: element i of `rank`'s
// A [m, k / world_size]; B: element i of `rank`'s B [k / world_size, n] (row-major).
float MatmulReduceScatterCpuInputA(uint64_t seed, int rank, int64_t i);
float MatmulReduceScatterCpuInputB(uint64_t seed, int rank, int64_t i);
// fp8_e4m3: `rank`'s scales for `problem` (A's: m rows or one; B's: n columns or one). The
// inputs are then the draws above times kFp8InputRange, rounded to e4m3.
CpuFp8Scales MatmulReduceScatterCpuFp8Scales(const GemmProblem& problem, uint64_t seed, int rank);

// Test hook: the fused op's C_shard [m / world_size, n] (GemmOutputDType elements) of a CPU
// matmul_reduce_scatter; nullptr for any other op.
const void* MatmulReduceScatterCpuOutputForTesting(const GemmCollective& op);

}  // namespace symmbench
