// The Lamport push collectives on the CPU backend: sentinel-marked receive slots in shared
// memory, triple-buffered (the slot protocol of kernels/cuda/lamport_push.h).
#include "kernels/cpu/lamport_push_cpu.h"

#include <algorithm>
#include <chrono>
#include <cstring>
#include <thread>

#include "absl/strings/str_cat.h"
#include "kernels/cpu/cpu_sum.h"
#include "kernels/ops/registry.h"

namespace symmbench {
namespace {

constexpr int kSlots = 3;
constexpr uint32_t kSentinelWord = 0x80008000u;  // as kPushSentinelWord on CUDA

bool HasSentinel(uint32_t w, bool fp32) {
  if (fp32) return w == kSentinelWord;
  return (w & 0xFFFFu) == 0x8000u || (w >> 16) == 0x8000u;
}

uint32_t PushWord(uint32_t w, bool fp32) {
  if (fp32) return w == kSentinelWord ? 0x80000000u : w;
  if ((w & 0xFFFFu) == 0x8000u) w &= 0xFFFF0000u;
  if ((w >> 16) == 0x8000u) w &= 0x0000FFFFu;
  return w;
}

}  // namespace

LamportPushCpu::LamportPushCpu(const CpuKernelContext& context, const char* kernel_name,
                               Computes computes)
    : SweptCpuCollective(context, kernel_name, computes) {}

uint32_t* LamportPushCpu::Slot(int peer, int slot) const {
  const size_t slot_bytes = segment_bytes_ * context().memory->world_size();
  return reinterpret_cast<uint32_t*>(static_cast<char*>(slots_->buffer(peer)) + slot * slot_bytes);
}

absl::Status LamportPushCpu::EnsureSlots() {
  if (slots_ != nullptr) return absl::OkStatus();
  if (!setup_.ok()) return setup_;
  setup_ = SetUpSlots();
  return setup_;
}

absl::Status LamportPushCpu::SetUpSlots() {
  const CpuKernelContext& c = context();
  if (c.rendezvous == nullptr) {
    return absl::FailedPreconditionError(absl::StrCat(kernel_name(), " (cpu): no rendezvous"));
  }
  const size_t segment_bytes = c.memory->buffer_bytes();  // a multiple of kBufferAlignment
  const int world = c.memory->world_size();
  const std::string tag = c.rendezvous->UniqueTag(absl::StrCat(c.job_id, "-push"));
  absl::StatusOr<std::unique_ptr<ShmSymmetricMemory>> slots = ShmSymmetricMemory::Create(
      c.rendezvous, tag, static_cast<int64_t>(segment_bytes * world * kSlots));
  if (!slots.ok()) {
    return absl::Status(slots.status().code(),
                        absl::StrCat(kernel_name(), " (cpu): ", slots.status().message()));
  }
  uint32_t* own = static_cast<uint32_t*>((*slots)->buffer(c.memory->rank()));
  const size_t words = segment_bytes * world * kSlots / 4;
  for (size_t j = 0; j < words; ++j) __atomic_store_n(own + j, kSentinelWord, __ATOMIC_RELAXED);
  // No rank pushes before every rank's slots hold the sentinel.
  if (absl::Status s = c.rendezvous->Barrier(absl::StrCat(tag, "/push_slots_ready")); !s.ok()) {
    return s;
  }
  segment_bytes_ = segment_bytes;
  slots_ = *std::move(slots);
  return absl::OkStatus();
}

absl::Status LamportPushCpu::Run() {
  if (absl::Status s = CheckPrepared("Run"); !s.ok()) return s;
  if (broken_) {
    return absl::FailedPreconditionError(
        absl::StrCat(kernel_name(), " (cpu): an earlier op timed out; the slots are unusable"));
  }
  if (absl::Status s = EnsureSlots(); !s.ok()) return s;
  const int rank = context().memory->rank();
  const int world = context().memory->world_size();
  const bool fp32 = DTypeSize(dtype()) == 4;
  // A segment: the input (all-reduce) or one shard.
  const int64_t segment_count = gathers() || scatters() ? shard() : count();
  const size_t bytes = static_cast<size_t>(segment_count) * DTypeSize(dtype());
  const size_t words = (bytes + 3) / 4;
  const int slot = static_cast<int>(epoch_ % kSlots);
  const int stale = static_cast<int>((epoch_ + kSlots - 1) % kSlots);
  const size_t segment_words = segment_bytes_ / 4;
  const KernelFaults& faults = context().faults;
  if ((faults.skip_peer_wait || faults.reuse_slot_early) && faults.delayed_rank == rank) {
    std::this_thread::sleep_for(kFaultDelay);  // peers that do not wait read empty or stale slots
  }

  // Push (own segment included, so every rank uses the same replaced values): this rank's
  // input, its shard, or shard p of its input to rank p.
  const unsigned char* input = gathers() ? GatherSource(rank) : this->input();
  for (int p = 0; p < world; ++p) {
    const unsigned char* from = scatters() ? input + p * bytes : input;
    uint32_t* to = Slot(p, slot) + rank * segment_words;
    for (size_t j = 0; j < words; ++j) {
      uint32_t w = 0;  // a half word past the end stays +0: never the sentinel
      std::memcpy(&w, from + 4 * j, std::min<size_t>(4, bytes - 4 * j));
      __atomic_store_n(to + j, PushWord(w, fp32), __ATOMIC_RELAXED);
    }
  }
  // Clear what op e - 1 received (faults.reuse_slot_early: never).
  for (int p = 0; p < world && !faults.reuse_slot_early; ++p) {
    uint32_t* segment = Slot(rank, stale) + p * segment_words;
    for (size_t j = 0; j < used_words_[stale]; ++j) {
      __atomic_store_n(segment + j, kSentinelWord, __ATOMIC_RELAXED);
    }
  }
  // Receive: spin per word until it is not the sentinel (faults.skip_peer_wait: not at all).
  const auto deadline = std::chrono::steady_clock::now() + context().barrier->timeout();
  uint32_t* recv = Slot(rank, slot);
  for (int p = 0; p < world && !faults.skip_peer_wait; ++p) {
    uint32_t* segment = recv + p * segment_words;
    for (size_t j = 0; j < words; ++j) {
      for (uint32_t spins = 0; HasSentinel(__atomic_load_n(segment + j, __ATOMIC_ACQUIRE), fp32);
           ++spins) {
        if (spins % 1024 == 1023 && std::chrono::steady_clock::now() > deadline) {
          broken_ = true;
          return absl::DeadlineExceededError(
              absl::StrCat(kernel_name(), " (cpu): rank ", rank, " timed out after ",
                           context().barrier->timeout().count(), " ms waiting for rank ", p,
                           "'s data (op ", epoch_, ", word ", j, " of ", words, ")"));
        }
      }
    }
  }
  const void* segments[kMaxWorldSize];
  for (int p = 0; p < world; ++p) segments[p] = recv + p * segment_words;
  if (gathers()) {
    for (int p = 0; p < world; ++p) std::memcpy(output() + p * bytes, segments[p], bytes);
  } else {
    void* const outputs[] = {output()};
    SumPeersChunked(dtype(), segments, world, outputs, 1, 0, segment_count);
  }
  used_words_[slot] = words;
  used_words_[stale] = 0;
  ++epoch_;
  return absl::OkStatus();
}

namespace {

std::unique_ptr<Collective> NewOneShotPushAllReduceCpu(const CpuKernelContext& context) {
  return std::make_unique<LamportPushCpu>(context, ops::kOneShotPushAllReduce,
                                          Computes::kAllReduceSum);
}
std::unique_ptr<Collective> NewLamportAllGatherCpu(const CpuKernelContext& context) {
  return std::make_unique<LamportPushCpu>(context, ops::kLamportAllGather, Computes::kAllGather);
}
std::unique_ptr<Collective> NewLamportReduceScatterCpu(const CpuKernelContext& context) {
  return std::make_unique<LamportPushCpu>(context, ops::kLamportReduceScatter,
                                          Computes::kReduceScatterSum);
}

[[maybe_unused]] const bool kRegistered =
    CpuCollectives().Add(ops::kOneShotPushAllReduce, &NewOneShotPushAllReduceCpu) &&
    CpuCollectives().Add(ops::kLamportAllGather, &NewLamportAllGatherCpu) &&
    CpuCollectives().Add(ops::kLamportReduceScatter, &NewLamportReduceScatterCpu);

}  // namespace

}  // namespace symmbench
