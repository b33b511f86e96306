#include "kernels/cuda/nccl_rendezvous.h"

#include <cstring>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "kernels/cuda/cuda_check.h"
#include "kernels/cuda/rendezvous_bytes.h"

namespace symmbench {

absl::Status NcclCommOverRendezvous(Rendezvous* rendezvous, const std::string& tag,
                                    const std::string& what, ncclComm_t* comm) {
  ncclUniqueId id;
  std::memset(&id, 0, sizeof(id));
  if (rendezvous->rank() == 0) {
    SYMMBENCH_RETURN_IF_NCCL_ERROR(ncclGetUniqueId(&id),
                                   absl::StrCat("ncclGetUniqueId (", what, ")"), nullptr);
  }
  absl::StatusOr<std::vector<std::string>> ids = AllGatherBytes(rendezvous, tag, &id, sizeof(id));
  if (!ids.ok()) return ids.status();
  std::memcpy(&id, (*ids)[0].data(), sizeof(id));
  SYMMBENCH_RETURN_IF_NCCL_ERROR(
      ncclCommInitRank(comm, rendezvous->world_size(), id, rendezvous->rank()),
      absl::StrCat("ncclCommInitRank(", what, ": rank ", rendezvous->rank(), " of ",
                   rendezvous->world_size(), ")"),
      nullptr);
  return absl::OkStatus();
}

}  // namespace symmbench
