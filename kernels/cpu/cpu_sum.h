// The CPU kernels' summation and comparisons: the chunked rank-order float sum their Run methods
// call, the bitwise check and the check against the exact sum of the input formula.
#pragma once

#include <cstdint>

#include "kernels/collective.h"
#include "kernels/dtype.h"

namespace symmbench {

// For i in [begin, begin + count): sum = inputs[0][i] + inputs[1][i] + ... in that rank
// order, accumulated in float and rounded once to dtype, stored as element i of every
// outputs[o], o in [0, num_outputs). Element indices apply to every buffer alike. Works in
// L1-sized chunks: each element converted once on the way in and once on the way out.
void SumPeersChunked(DType dtype, const void* const* inputs, int num_inputs, void* const* outputs,
                     int num_outputs, int64_t begin, int64_t count);

// Element-wise bitwise comparison of `got` with `want` (count elements of dtype). An element
// also counts as wrong when either side is NaN: inputs are finite, so a NaN is poison that no
// run overwrote (both sides poisoned alike would otherwise compare equal).
CheckResult CompareBitwise(const void* got, const void* want, DType dtype, int64_t count);

// Element i of `got` (count elements of dtype) against the sum over ranks p < world_size of
// ExactInputValue(seed, p, first_index + i), by value (+0 == -0; exact: at most kMaxWorldSize
// values in [-8, 8]); NaN counts as wrong. An all-reduce's output is first_index 0; a
// reduce-scatter's shard of rank r starts at r x shard.
CheckResult CompareWithExactSum(const void* got, DType dtype, int64_t count, uint64_t seed,
                                int world_size, int64_t first_index);

}  // namespace symmbench
