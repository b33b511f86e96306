// The "one_shot_all_reduce" kernel on the CUDA backend as a Collective: the one-shot
// symmetric-memory all-reduce (sum) checked against ncclAllReduce.
#pragma once

#include <memory>

#include "kernels/collective.h"
#include "kernels/cuda/cuda_context.h"

namespace symmbench {

// Input: this rank's symmetric input region (ExactInputValue(seed, rank, i)); output: ctx->out
// (local); baselines and check: CudaAllReduceCollective (all_reduce_collective.h). `ctx` must
// outlive it.
std::unique_ptr<Collective> NewOneShotAllReduceCollective(const CudaContext* ctx);

}  // namespace symmbench
