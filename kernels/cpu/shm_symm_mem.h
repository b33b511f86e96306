// ShmSymmetricMemory: the CPU backend's symmetric memory, one POSIX shared-memory segment per
// rank (signal pad, input buffer, output buffer) that every rank of the job maps.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "kernels/rendezvous.h"
#include "kernels/symm_mem.h"

namespace symmbench {

// A mapping of one shared-memory segment, unmapped on destruction.
class ShmMapping {
 public:
  ShmMapping(void* addr, size_t bytes) : addr_(addr), bytes_(bytes) {}
  ~ShmMapping();
  ShmMapping(const ShmMapping&) = delete;
  ShmMapping& operator=(const ShmMapping&) = delete;

  void* addr() const { return addr_; }
  size_t bytes() const { return bytes_; }

 private:
  void* addr_;
  size_t bytes_;
};

// Segment layout (identical on every rank), B = buffer_bytes rounded up to kBufferAlignment:
//   [0, P)              uint32_t signal pad [kMaxBlocks][kMaxWorldSize], zeroed (P =
//   kSignalPadBytes) [P, P + B)          input buffer: buffer(rank), what every kernel reads
//   (inputs, A shards) [P + B, P + 2B)     output buffer: output_buffer(rank), zeroed, where
//   kernels whose peers
//                       push results (two-shot all-reduce) write; B bytes like the input
//   [P + 2B, P + 2B + kControlBytes)  control words: [0] the abort word (see Abort())
// Both buffers start kBufferAlignment-aligned (the mapping is page-aligned, P and B are
// multiples of kBufferAlignment).
// Each rank unlinks its own segment's name once every rank has mapped every segment (after a
// Rendezvous barrier, before Create returns), so the memory disappears with the last process
// that maps it, even on a crash. All names are gone once every rank has returned from Create.
class ShmSymmetricMemory : public SymmetricMemory {
 public:
  // Bytes of the control area at the end of every segment (kept a kBufferAlignment multiple).
  static constexpr size_t kControlBytes = kBufferAlignment;

  // Creates this rank's segment of kSignalPadBytes + 2 * RoundUp(buffer_bytes,
  // kBufferAlignment) + kControlBytes bytes, exchanges segment names through `rendezvous`
  // (AllGather tag "shm_symm_mem/names/<job_id>"), maps every peer's segment, meets the peers
  // at Barrier "shm_symm_mem/mapped/<job_id>" and unlinks its own name. Collective: every rank
  // of the job calls it with the same `job_id` and `buffer_bytes`. `rendezvous` is used only
  // during the call.
  // Errors: INVALID_ARGUMENT (world size outside [1, kMaxWorldSize], negative size, empty job
  // id, a peer's segment of a different size); the errno-derived code naming the syscall,
  // segment and errno text when shm_open / ftruncate / mmap / fstat fails (ALREADY_EXISTS when
  // a stale segment of the same job id and rank exists); the rendezvous' own errors.
  static absl::StatusOr<std::unique_ptr<ShmSymmetricMemory>> Create(Rendezvous* rendezvous,
                                                                    const std::string& job_id,
                                                                    int64_t buffer_bytes);

  // The shm name of `rank`'s segment for `job_id`: "/symmbench-<job_id>-r<rank>", the job id
  // with every character outside [A-Za-z0-9_-] replaced by '_'; job ids longer than 160
  // characters are cut and suffixed with a 64-bit hash of the whole id (names stay < NAME_MAX).
  static std::string SegmentName(const std::string& job_id, int rank);

  ~ShmSymmetricMemory() override = default;

  int rank() const override { return rank_; }
  int world_size() const override { return static_cast<int>(mappings_.size()); }
  // Usable bytes of each buffer (input and output alike): the requested size rounded up to
  // kBufferAlignment.
  size_t buffer_bytes() const override { return buffer_bytes_; }
  // Host addresses of `peer`'s input buffer / signal pad in this process; nullptr unless peer
  // is in [0, world_size).
  void* buffer(int peer) const override;
  uint32_t* signal_pad(int peer) const override;
  // Host address of `peer`'s output buffer (buffer_bytes() bytes) in this process; nullptr
  // unless peer is in [0, world_size).
  void* output_buffer(int peer) const;

  // Tells every rank that this one has given up (after an error), so their barrier waits stop
  // at once instead of at their timeout: stores rank + 1 into every rank's abort word (its own
  // included) unless a word already names an earlier aborter (first one wins). Release order:
  // a peer that reads the word sees what this rank wrote before. Safe to call more than once.
  void Abort() const;
  // The rank whose Abort() reached this rank's abort word, or -1 (acquire load).
  int AbortedBy() const;
  // This rank's abort word (0: no abort; r + 1: rank r aborted), for waits to poll.
  const uint32_t* abort_word() const { return control_word(rank_); }

  // The segment names used at creation (all already unlinked), indexed by rank.
  const std::vector<std::string>& segment_names() const { return names_; }

 private:
  ShmSymmetricMemory(int rank, size_t buffer_bytes, std::vector<std::string> names,
                     std::vector<std::unique_ptr<ShmMapping>> mappings);

  uint32_t* control_word(int peer) const;

  int rank_;
  size_t buffer_bytes_;
  std::vector<std::string> names_;
  std::vector<std::unique_ptr<ShmMapping>> mappings_;  // one per rank, own included
};

}  // namespace symmbench
