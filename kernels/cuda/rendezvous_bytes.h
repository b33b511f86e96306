// Exchanging fixed-size binary records (cudaIpc handles, the NCCL unique id) through a
// Rendezvous, hex-encoded so that any Store value type (proto `string`, text) carries them.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "kernels/rendezvous.h"

namespace symmbench {

// Every rank contributes `size` bytes at `data`; returns all ranks' records in rank order, each
// exactly `size` bytes. INVALID_ARGUMENT naming the rank whose record is malformed (wrong length,
// not hex); the rendezvous' own errors (DEADLINE_EXCEEDED, ...) as they come, prefixed by `tag`.
absl::StatusOr<std::vector<std::string>> AllGatherBytes(Rendezvous* rendezvous,
                                                        const std::string& tag, const void* data,
                                                        size_t size);

}  // namespace symmbench
