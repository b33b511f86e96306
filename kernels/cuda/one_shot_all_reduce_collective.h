// The "one_shot_all_reduce" kernel on the CUDA backend as a Collective: the one-shot
// symmetric-memory all-reduce (sum) checked against ncclAllReduce.
#pragma once

#include <memory>

#include "kernels/collective.h"
#include "kernels/cuda/cuda_context.h"

namespace symmbench {

// Input: this rank's symmetric buffer (ExactInputValue(seed, rank, i)); output: ctx->out;
// baseline: ncclAllReduce(symmetric buffer -> ctx->ref, ncclSum). `ctx` must outlive it.
std::unique_ptr<Collective> NewOneShotAllReduceCollective(const CudaContext* ctx);

}  // namespace symmbench
