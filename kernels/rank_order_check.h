// Host side of the random-float verification: the inputs (RandomInputValue) and the check of a
// sum all-reduce's output against the documented contract, summed on the host in fp32 in rank
// order 0..n-1 from x_0 and rounded once to the dtype.
#pragma once

#include <cstdint>

#include "kernels/collective.h"
#include "kernels/dtype.h"
#include "kernels/random_input.h"

namespace symmbench {

// data[i] = RandomInputValue(seed, rank, i) in `dtype` (exact), i < count.
void FillRandomInput(void* data, DType dtype, int64_t count, uint64_t seed, int rank);

// The contract's result for element `i`: ((x_0 + x_1) + ...) + x_{n-1} in fp32, x_r =
// RandomInputValue(seed, r, i), n = world_size.
float RankOrderSum(uint64_t seed, int world_size, int64_t i);

// Compares `got` (count elements of `dtype`, host memory) with RankOrderSum rounded to `dtype`,
// bitwise; NaN is always wrong. Element i of `got` is the sum of element first_index + i (a
// reduce-scatter's shard: first_index = rank x shard); a CheckResult's index is into `got`.
// With `zero_sign_may_differ` (a kernel whose contract allows it, the push one-shot's sentinel
// substitution) +0 and -0 count as equal.
CheckResult CompareWithRankOrderSum(const void* got, DType dtype, int64_t count, uint64_t seed,
                                    int world_size, bool zero_sign_may_differ,
                                    int64_t first_index = 0);

}  // namespace symmbench
