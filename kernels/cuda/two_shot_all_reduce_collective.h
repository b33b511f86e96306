// The "two_shot_all_reduce" kernel on the CUDA backend as a Collective: the two-shot
// symmetric-memory all-reduce (sum) checked against ncclAllReduce.
#pragma once

#include <memory>

#include "kernels/collective.h"
#include "kernels/cuda/cuda_context.h"

namespace symmbench {

// Input: this rank's symmetric input region (ExactInputValue(seed, rank, i)), unchanged by the
// op; output: this rank's symmetric output region (kSymmOutputRegion), which every rank writes
// its reduced slice into; baselines and check: CudaAllReduceCollective (all_reduce_collective.h).
// `ctx` must outlive it.
std::unique_ptr<Collective> NewTwoShotAllReduceCollective(const CudaContext* ctx);

}  // namespace symmbench
