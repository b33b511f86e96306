// "nccl_all_reduce_global": the CUDA backend's all-reduce over every rank of a job whose
// backends hold one per-host team each (JobSpec.sweep.per_host_teams), on an NCCL communicator of
// its own over all ranks (NCCL picks the transport between hosts: IB, sockets; NVLink within one).
#pragma once

#include <cstddef>
#include <memory>

#include "absl/status/statusor.h"
#include "kernels/collective.h"
#include "kernels/cuda/cuda_context.h"
#include "kernels/rendezvous.h"

namespace symmbench {

// The Collective (see JobAllReduce in kernels/backend.h) on `ctx`'s device and stream, with its
// own input, output and reference of `max_bytes` each. Creating it is collective over the job:
// rendezvous tag "nccl_job_unique_id", then ncclCommInitRank over job->world_size() ranks.
// Prepare fills the input with ExactInputValue(seed, job rank, i) on the device; Run enqueues
// ncclAllReduce (sum); RunReference copies the exact sum computed on the host ("exact_sum");
// Check compares bitwise on the device. Errors name the failing CUDA / NCCL call. The
// destructor aborts the communicator if the stream has not drained, destroys it otherwise.
absl::StatusOr<std::unique_ptr<Collective>> NewNcclJobAllReduce(const CudaContext* ctx,
                                                                Rendezvous* job, size_t max_bytes);

}  // namespace symmbench
