// CPU ag_gemm's tile-flag variants (ag_gemm_cpu.h's class note): the flag waits before each
// tile, and each tile block's OpenBLAS GEMM (GemmTileRounded).
#include <chrono>
#include <limits>

#include "kernels/cpu/ag_gemm_cpu.h"
#include "kernels/cpu/convert_chunk.h"
#include "kernels/cpu/gemm_cpu_util.h"
#include "kernels/dtype.h"

namespace symmbench {

void AgGemmCpu::GemmTile(const void* a_rows, const CpuGemmTile& tile, void* out) {
  const DType dtype = problem_.dtype;
  const int64_t n = problem_.n;
  const int64_t k = problem_.k;
  const float* a = static_cast<const float*>(a_rows);
  if (dtype != DType::kFp32) {
    float* a_f = a_f_.data() + tile.row0 * k;
    if (tile.col0 == 0) LoadChunkAsFloat(dtype, a_rows, a_f, tile.rows * k);
    a = a_f;
  }
  const size_t out_size = DTypeSize(GemmOutputDType(dtype));
  GemmTileRounded(*blas_, dtype, a, b_f_.data(), k, n, tile, &scales_,
                  c_f_.empty() ? nullptr : c_f_.data() + tile.row0 * n + tile.col0,
                  static_cast<char*>(out) + (tile.row0 * n + tile.col0) * out_size, n);
}

absl::Status AgGemmCpu::RunTileFlags() {
  const int rank = context_.memory->rank();
  const int64_t shard_rows = problem_.m / context_.memory->world_size();
  // Entry: every peer's shard (its Prepare) is visible to this rank's copy thread after this.
  if (absl::Status s = context_.EntryBarrier(); !s.ok()) return s;
  epoch_ = epoch_ == std::numeric_limits<uint32_t>::max() ? 1 : epoch_ + 1;
  const uint32_t epoch = epoch_;
  absl::Status status = copy_thread_.Start([this, epoch] { CopyChunks(epoch, true); });
  tile_waits_us_.clear();
  if (status.ok()) {
    for (const CpuGemmTile& tile :
         TileFlagsOrder(problem_.m, problem_.n, rank * shard_rows, kCpuTileRows, kCpuTileCols)) {
      // Every chunk the tile's rows span (a wait on a raised flag returns at once).
      const int first = static_cast<int>(tile.row0 / chunk_rows_);
      const int last = static_cast<int>((tile.row0 + tile.rows - 1) / chunk_rows_);
      const auto start = std::chrono::steady_clock::now();
      for (int chunk = first; chunk <= last && status.ok(); ++chunk) {
        status = WaitForChunk(chunk, epoch);
      }
      tile_waits_us_.push_back(
          std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start)
              .count());
      if (!status.ok()) break;
      GemmTile(RowOf(a_, tile.row0), tile, c_.data());
    }
    copy_thread_.Join();  // memcpy only: always finishes; its writes are visible after this
  }
  last_checked_ = GemmVariant::kTileFlags;
  // Exit: every peer has finished copying this rank's shard before anyone returns. Run even
  // after a failure above, so that peers do not wait for this rank in vain.
  absl::Status exit = context_.ExitBarrier();
  return status.ok() ? exit : status;
}

void AgGemmCpu::RunTileGemm() {
  const int64_t first_row = context_.memory->rank() * (problem_.m / context_.memory->world_size());
  for (const CpuGemmTile& tile :
       TileFlagsOrder(problem_.m, problem_.n, first_row, kCpuTileRows, kCpuTileCols)) {
    GemmTile(RowOf(a_ref_, tile.row0), tile, c_ref_.data());
  }
}

}  // namespace symmbench
