// CPU matmul_reduce_scatter's tile variants (matmul_reduce_scatter_cpu.h's NOTE on tile_push
// flags): the tile GEMM pushing each tile into its owner's staging slot and raising its flag,
// the owner's per-tile waits and sums, and the same tile GEMM alone into P_ref.
#include <chrono>
#include <cstdint>
#include <string>
#include <thread>

#include "absl/strings/str_cat.h"
#include "kernels/cpu/cpu_sum.h"
#include "kernels/cpu/gemm_cpu_util.h"
#include "kernels/cpu/matmul_reduce_scatter_cpu.h"
#include "kernels/symm_mem_layout.h"

#if defined(__x86_64__)
#include <immintrin.h>
#endif

namespace symmbench {
namespace {

using Clock = std::chrono::steady_clock;

// Flag waits: spin this many polls (with a pause) before yielding the core, so that a tile
// about to land is picked up fast while long waits leave the core to the peers (tests run
// 8 ranks on 2 cores).
constexpr int kSpinPolls = 256;
// The clock and the abort word are read once per this many yielding polls.
constexpr int kPollsPerClockRead = 64;

void CpuRelax() {
#if defined(__x86_64__)
  _mm_pause();
#endif
}

// Whether `flag` has reached `epoch`, wrap-safe (epochs grow by one per operation).
bool Raised(const uint32_t* flag, uint32_t epoch) {
  return static_cast<int32_t>(__atomic_load_n(flag, __ATOMIC_ACQUIRE) - epoch) >= 0;
}

}  // namespace

uint32_t* MatmulReduceScatterCpu::Flag(int owner, int source, int64_t tile) const {
  auto* flags = reinterpret_cast<uint32_t*>(
      static_cast<char*>(context_.memory->output_buffer(owner)) + flag_offset_);
  return flags + static_cast<int64_t>(source) * static_cast<int64_t>(shard_tiles_.size()) + tile;
}

void MatmulReduceScatterCpu::GemmTile(const CpuGemmTile& tile, void* out) {
  const int64_t n = problem_.n;
  GemmTileRounded(*blas_, problem_.dtype, a_f_.data() + tile.row0 * k_local_, b_f_.data(), k_local_,
                  n, tile, &scales_, p_f_.data() + tile.row0 * n + tile.col0, out, n);
}

absl::Status MatmulReduceScatterCpu::WaitForFlag(int source, int64_t tile, uint32_t epoch) const {
  const uint32_t* flag = Flag(rank(), source, tile);
  for (int poll = 0; poll < kSpinPolls; ++poll) {
    if (Raised(flag, epoch)) return absl::OkStatus();
    CpuRelax();
  }
  const std::chrono::milliseconds timeout = context_.barrier->timeout();
  const Clock::time_point deadline = Clock::now() + timeout;
  for (int poll = 1;; ++poll) {
    if (Raised(flag, epoch)) return absl::OkStatus();
    if (poll % kPollsPerClockRead != 0) {
      std::this_thread::yield();
      continue;
    }
    const int aborted = context_.memory->AbortedBy();
    if (aborted < 0 && Clock::now() <= deadline) continue;
    if (Raised(flag, epoch)) return absl::OkStatus();
    const CpuGemmTile& t = shard_tiles_[tile];
    const std::string what = absl::StrCat(
        "rank ", rank(), " waiting for rank ", source, "'s tile ", tile, " (rows [",
        rank() * shard_rows_ + t.row0, ", ", rank() * shard_rows_ + t.row0 + t.rows, "), columns [",
        t.col0, ", ", t.col0 + t.cols, ")) of tile_push operation ", epoch);
    if (aborted >= 0) {
      return absl::AbortedError(absl::StrCat(kName, ": tile_push flag wait stopped: ", what,
                                             ": rank ", aborted, " aborted"));
    }
    return absl::DeadlineExceededError(absl::StrCat(kName, ": tile_push flag wait timed out after ",
                                                    timeout.count(), " ms: ", what));
  }
}

absl::Status MatmulReduceScatterCpu::RunTilePush() {
  const int ws = world_size();
  const int r = rank();
  const int64_t n = problem_.n;
  const size_t out_size = DTypeSize(out_dtype());
  // Entry: every owner has finished summing its staging area of the previous operation (and
  // its Prepare has zeroed its flags) before this rank pushes or raises anything.
  if (absl::Status s = context_.EntryBarrier(); !s.ok()) return s;
  const uint32_t epoch = ++epoch_;
  if (push_delay_.count() > 0) std::this_thread::sleep_for(push_delay_);
  // The GEMM: owners r + 1, ..., r, each one's tiles in order, each tile pushed, then flagged.
  for (int step = 1; step <= ws; ++step) {
    const int owner = (r + step) % ws;
    char* slot = static_cast<char*>(context_.memory->buffer(owner)) + r * shard_rows_ * row_bytes();
    for (size_t t = 0; t < shard_tiles_.size(); ++t) {
      CpuGemmTile tile = shard_tiles_[t];
      char* out = slot + (tile.row0 * n + tile.col0) * out_size;
      tile.row0 += owner * shard_rows_;
      GemmTile(tile, out);
      __atomic_store_n(Flag(owner, r, static_cast<int64_t>(t)), epoch, __ATOMIC_RELEASE);
    }
  }
  // The sum: each tile of this rank's shard once every source's flag of it has risen. Under
  // the skip_exit_barrier fault, without waiting (the class note).
  const bool wait = !context_.faults.skip_exit_barrier;
  const char* staging = static_cast<const char*>(context_.memory->buffer(r));
  const void* inputs[kMaxWorldSize] = {};
  for (int p = 0; p < ws; ++p) inputs[p] = staging + p * shard_rows_ * row_bytes();
  void* outputs[1] = {c_.data()};
  tile_waits_us_.clear();
  for (size_t t = 0; t < shard_tiles_.size(); ++t) {
    const Clock::time_point start = Clock::now();
    for (int p = 0; p < ws && wait; ++p) {
      if (absl::Status s = WaitForFlag(p, static_cast<int64_t>(t), epoch); !s.ok()) {
        flags_broken_ = true;
        return s;
      }
    }
    tile_waits_us_.push_back(
        std::chrono::duration<double, std::micro>(Clock::now() - start).count());
    const CpuGemmTile& tile = shard_tiles_[t];
    for (int64_t i = 0; i < tile.rows; ++i) {
      SumPeersChunked(out_dtype(), inputs, ws, outputs, 1, (tile.row0 + i) * n + tile.col0,
                      tile.cols);
    }
  }
  return absl::OkStatus();
}

void MatmulReduceScatterCpu::RunTileGemm() {
  const int ws = world_size();
  const int r = rank();
  const int64_t n = problem_.n;
  char* p_ref = static_cast<char*>(context_.memory->output_buffer(r));
  const size_t out_size = DTypeSize(out_dtype());
  for (int step = 1; step <= ws; ++step) {
    const int owner = (r + step) % ws;
    for (CpuGemmTile tile : shard_tiles_) {
      tile.row0 += owner * shard_rows_;
      GemmTile(tile, p_ref + (tile.row0 * n + tile.col0) * out_size);
    }
  }
}

}  // namespace symmbench
