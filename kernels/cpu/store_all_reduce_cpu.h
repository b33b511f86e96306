// "store_all_reduce": the CPU backend's all-reduce over every rank of a job whose backends hold
// one per-host team each (JobSpec.sweep.per_host_teams). Shared memory does not cross hosts, so
// each rank's input goes through the job's Rendezvous (the coordinator's Store) and every rank sums
// all of them. Slow (two Store round trips per op): it checks the path across hosts, it is no
// performance reference.
#pragma once

#include <cstdint>
#include <memory>

#include "kernels/collective.h"
#include "kernels/rendezvous.h"

namespace symmbench {

// Largest per-rank input, in bytes: every op moves world_size values of this size through the
// coordinator, whose gRPC messages stop at 4 MiB.
inline constexpr int64_t kStoreAllReduceMaxBytes = int64_t{1} << 20;

// The Collective (see JobAllReduce in kernels/backend.h): Prepare fills a private input with
// ExactInputValue(seed, job->rank(), i) (INVALID_ARGUMENT above kStoreAllReduceMaxBytes, naming
// per_host_teams); Run all-gathers every rank's input (tags "store_all_reduce/<n>", each round
// dropped once the next one has completed) and sums them in rank order in float; RunReference
// writes the exact sum ("exact_sum"); Check compares bitwise. `job` outlives the result.
std::unique_ptr<Collective> NewStoreAllReduceCpu(Rendezvous* job);

}  // namespace symmbench
