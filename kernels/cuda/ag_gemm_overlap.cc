// CudaAgGemm's overlapped variants (ag_gemm_cuda_op.h): kFused, the copy-engine all-gather with
// per-chunk progress flags beside chunked cuBLASLt GEMMs behind stream waits, and kTileFlags, the
// same copies beside one tile-flag GEMM whose tiles wait on the flags (tile_flags_gemm.h), with
// kTileGemm, that GEMM alone. The copy-stream barriers honour ctx->faults (test jobs) as
// EnqueueSignalPadBarrier does.
// Algorithm sources: PyTorch symm_mem `_pipelined_all_gather_and_consume` (side stream, local
// shard consumed first, ring order from rank + 1, barrier before and after) and Helion's
// all_gather_matmul example (copy-engine copies, one progress flag per chunk written with
// cuStreamWriteValue32, `splits_per_rank` chunks per shard; one GEMM whose tiles wait on their
// rows' flags).
#include <cuda_runtime_api.h>

#include <cstdint>
#include <string>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "kernels/cuda/ag_gemm_cuda_op.h"
#include "kernels/cuda/ag_gemm_kernels.h"
#include "kernels/cuda/cuda_check.h"
#include "kernels/cuda/cuda_dtype.h"
#include "kernels/cuda/delay_kernel.h"
#include "kernels/cuda/tile_flags_gemm.h"
#include "kernels/symm_mem_layout.h"

namespace symmbench {

absl::Status CudaAgGemm::CanRun(GemmVariant variant) const {
  if (variant == GemmVariant::kTilePush) {
    return absl::UnimplementedError("tile_push is matmul_reduce_scatter's variant");
  }
  if (variant != GemmVariant::kTileFlags && variant != GemmVariant::kTileGemm) {
    return absl::OkStatus();
  }
  const GemmProblem& p = problem();
  if (!sm90_) {
    return absl::UnimplementedError(
        "the tile-flag GEMM (CUTLASS, wgmma + TMA) runs on sm_90 GPUs only (H100, H200)");
  }
  if (p.dtype != DType::kBf16 && p.dtype != DType::kFp8E4m3) {
    return absl::UnimplementedError(
        absl::StrCat("the tile-flag GEMM runs bf16 and fp8_e4m3 (got ", GemmDTypeName(p), ")"));
  }
  if (!TileFlagsGemmRuns(ToDeviceDType(p.dtype), p.m, p.n, p.k)) {
    return absl::UnimplementedError(
        absl::StrCat("the tile-flag GEMM needs n and k whole 16-byte rows, multiples of ",
                     16 / elem(), " elements (got n=", p.n, " k=", p.k, ")"));
  }
  return absl::OkStatus();
}

absl::Status CudaAgGemm::RunOverlapped(GemmVariant variant) {
  if (absl::Status s = RefuseCapture(); !s.ok()) return s;
  if (epoch_ >= kMaxEpoch) {  // wrapped: zero the flags (stream-ordered) and count again
    SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaMemsetAsync(flags_.get(), 0, flags_.size(), ctx()->stream),
                                   absl::StrCat(kName, ": cudaMemsetAsync(flags)"));
    epoch_ = 0;
  }
  const uint32_t value = ++epoch_;
  const bool tile_flags = variant == GemmVariant::kTileFlags;
  if (absl::Status s = ForkCopyStream(); !s.ok()) return s;
  const absl::Status copies = EnqueueCopies(value, tile_flags);
  // Only wait for flags whose writers are all enqueued: after a failed copy schedule the
  // GEMMs are skipped (C stays as it was) and the error is returned.
  absl::Status gemms;
  if (copies.ok()) {
    gemms = tile_flags ? LaunchTileGemm(gathered_.get(), c_.get(), value) : EnqueueGemms(value);
  }
  // Always join, so that ctx->stream drained still implies the copy stream drained.
  if (absl::Status s = JoinCopyStream(); !s.ok()) return s;
  return copies.ok() ? gemms : copies;
}

absl::Status CudaAgGemm::Barrier(BarrierPhase phase) {
  if (phase == BarrierPhase::kExit && ctx()->faults.skip_exit_barrier != 0) {
    return absl::OkStatus();
  }
  AgGemmBarrierArgs args;
  for (int p = 0; p < ctx()->world_size; ++p) args.signal_pads[p] = ctx()->symm->signal_pad(p);
  args.rank = ctx()->rank;
  args.world_size = ctx()->world_size;
  args.timeout_ns = ctx()->barrier_timeout_ns;
  args.error = ctx()->error;
  args.phase = phase;
  SYMMBENCH_RETURN_IF_CUDA_ERROR(
      LaunchAgGemmBarrier(args, copy_stream()),
      absl::StrCat(kName, ": LaunchAgGemmBarrier(",
                   phase == BarrierPhase::kEntry ? "entry" : "exit", ")"));
  if (phase == BarrierPhase::kEntry && ctx()->faults.skip_exit_barrier != 0 &&
      ctx()->faults.delayed_rank == ctx()->rank) {
    SYMMBENCH_RETURN_IF_CUDA_ERROR(LaunchDelayKernel(ctx()->faults.delay_ns, copy_stream()),
                                   absl::StrCat(kName, ": injected delay"));
  }
  return absl::OkStatus();
}

absl::Status CudaAgGemm::EnqueueCopies(uint32_t value, bool tile_flags) {
  const cudaStream_t copy = copy_stream();
  const int ws = ctx()->world_size;
  const int splits = problem().splits_per_rank;
  const size_t chunk_bytes = static_cast<size_t>(chunk_rows() * problem().k * elem());
  const char* own = static_cast<const char*>(ctx()->symm->region(ctx()->rank, kSymmInputRegion));
  for (int c = 0; tile_flags && c < splits; ++c) {
    const int64_t row = ctx()->rank * shard_rows() + c * chunk_rows();
    SYMMBENCH_RETURN_IF_CUDA_ERROR(
        cudaMemcpyAsync(Row(gathered_, row, problem().k), own + c * chunk_bytes, chunk_bytes,
                        cudaMemcpyDeviceToDevice, copy),
        absl::StrCat(kName, ": cudaMemcpyAsync(own chunk ", c, ", ", chunk_bytes, " bytes)"));
    if (absl::Status s = ops_.WriteValue32(copy, Flag(ctx()->rank, c), value); !s.ok()) return s;
  }
  if (absl::Status s = Barrier(BarrierPhase::kEntry); !s.ok()) return s;
  if (tile_flags) {
    if (absl::Status s = JoinCopyStream(); !s.ok()) return s;
  }
  for (int step = 1; step < ws; ++step) {
    const int peer = (ctx()->rank + step) % ws;
    const char* src = static_cast<const char*>(ctx()->symm->region(peer, kSymmInputRegion));
    for (int c = 0; c < splits; ++c) {
      const int64_t row = peer * shard_rows() + c * chunk_rows();
      SYMMBENCH_RETURN_IF_CUDA_ERROR(
          cudaMemcpyAsync(Row(gathered_, row, problem().k), src + c * chunk_bytes, chunk_bytes,
                          cudaMemcpyDeviceToDevice, copy),
          absl::StrCat(kName, ": cudaMemcpyAsync(peer ", peer, " chunk ", c, ", ", chunk_bytes,
                       " bytes)"));
      if (absl::Status s = ops_.WriteValue32(copy, Flag(peer, c), value); !s.ok()) return s;
    }
  }
  if (absl::Status s = Barrier(BarrierPhase::kExit); !s.ok()) return s;
  if (tile_flags) return absl::OkStatus();
  const size_t shard_bytes = chunk_bytes * splits;
  SYMMBENCH_RETURN_IF_CUDA_ERROR(
      cudaMemcpyAsync(Row(gathered_, ctx()->rank * shard_rows(), problem().k), own, shard_bytes,
                      cudaMemcpyDeviceToDevice, copy),
      absl::StrCat(kName, ": cudaMemcpyAsync(own shard, ", shard_bytes, " bytes)"));
  return absl::OkStatus();
}

absl::Status CudaAgGemm::LaunchTileGemm(const void* a, void* c, uint32_t epoch) {
  const GemmProblem& p = problem();
  TileFlagsGemmArgs args;
  args.dtype = ToDeviceDType(p.dtype);
  args.a = a;
  args.b = rhs().b;
  args.c = c;
  args.alpha = rhs().alpha;  // FP8 tensorwise: a_scale x b_scale; otherwise null
  if (p.dtype == DType::kFp8E4m3 && p.fp8_scaling == Fp8Scaling::kRowwise) {
    args.row_scales = rhs().a_scale;  // one per row of the whole A, m
    args.col_scales = rhs().b_scale;  // one per column of B, n
  }
  args.m = static_cast<int>(p.m);  // each at most 2^20 (the spec's limit)
  args.n = static_cast<int>(p.n);
  args.k = static_cast<int>(p.k);
  if (epoch != 0) {
    args.flags = static_cast<const uint32_t*>(flags_.get());
    args.rows_per_flag = static_cast<int>(chunk_rows());
    args.epoch = epoch;
    args.timeout_ns = ctx()->barrier_timeout_ns;
    args.error = ctx()->error;
    args.rank = ctx()->rank;
    args.wait_ns = static_cast<uint32_t*>(tile_waits_.get());
  }
  args.first_row = static_cast<int>(ctx()->rank * shard_rows());
  SYMMBENCH_RETURN_IF_CUDA_ERROR(LaunchTileFlagsGemm(args, ctx()->stream),
                                 absl::StrCat(kName, ": LaunchTileFlagsGemm(", GemmProblemName(p),
                                              epoch != 0 ? ", flags)" : ", no flags)"));
  return absl::OkStatus();
}

absl::Status CudaAgGemm::EnqueueGemms(uint32_t value) {
  const cudaStream_t main = ctx()->stream;
  const int64_t n = problem().n;
  const int64_t k = problem().k;
  const char* own = static_cast<const char*>(ctx()->symm->region(ctx()->rank, kSymmInputRegion));
  for (int step = 0; step < ctx()->world_size; ++step) {
    const int peer = (ctx()->rank + step) % ctx()->world_size;
    for (int c = 0; c < problem().splits_per_rank; ++c) {
      const int64_t row = peer * shard_rows() + c * chunk_rows();
      const void* a = own + c * chunk_rows() * k * elem();
      if (step > 0) {
        if (absl::Status s = ops_.WaitValue32(main, Flag(peer, c), value); !s.ok()) return s;
        a = Row(gathered_, row, k);
      }
      if (absl::Status s = gemm().Matmul(chunk_rows(), n, k, rhs(), a, row, RowOfC(row), main);
          !s.ok()) {
        return s;
      }
    }
  }
  return absl::OkStatus();
}

}  // namespace symmbench
