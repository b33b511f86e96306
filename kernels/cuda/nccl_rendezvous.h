// NcclCommOverRendezvous: an NCCL communicator over the ranks of a Rendezvous (rank 0's unique
// id handed to every rank through it). The CUDA backend's communicator over its ranks and the
// per-host teams' communicator over the whole job are both made this way.
#pragma once

#include <nccl.h>

#include <string>

#include "absl/status/status.h"
#include "kernels/rendezvous.h"

namespace symmbench {

// Rank 0 gets an id (ncclGetUniqueId), every rank receives it through AllGather `tag`, then
// ncclCommInitRank(rendezvous->rank() of rendezvous->world_size()) into `*comm`. Blocking init
// with no timeout of its own, but every rank has just passed the AllGather. Errors: the
// rendezvous' (DEADLINE_EXCEEDED ...), or the NCCL call's, naming it and `what`.
absl::Status NcclCommOverRendezvous(Rendezvous* rendezvous, const std::string& tag,
                                    const std::string& what, ncclComm_t* comm);

}  // namespace symmbench
