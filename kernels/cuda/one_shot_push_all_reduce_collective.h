// The "one_shot_push_all_reduce" kernel on the CUDA backend as a Collective: the barrier-free
// push one-shot (TensorRT-LLM's Lamport scheme) checked against ncclAllReduce.
#pragma once

#include <memory>

#include "kernels/collective.h"
#include "kernels/cuda/cuda_context.h"

namespace symmbench {

// Input: this rank's symmetric input region (ExactInputValue(seed, rank, i)); output: ctx->out;
// baselines and check: CudaAllReduceCollective. Receive slots: a symmetric allocation of its
// own (kPushSlots x world_size x max_bytes per rank), made collectively by the first Prepare
// through ctx->rendezvous. `ctx` must outlive it.
std::unique_ptr<Collective> NewOneShotPushAllReduceCollective(const CudaContext* ctx);

}  // namespace symmbench
