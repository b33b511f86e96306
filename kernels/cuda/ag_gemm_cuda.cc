// CudaAgGemm (ag_gemm_cuda_op.h), all but its overlapped variants: Prepare (buffers, seeded
// fills), the NCCL all-gather and cuBLASLt references, Run's dispatch, Check (bitwise gathered A,
// Frobenius C), the race check's refills and row checksums (gemm_row_check.h), and the factory.
#include "kernels/cuda/ag_gemm_cuda.h"

#include <cuda_runtime_api.h>
#include <nccl.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "kernels/cuda/ag_gemm_cublaslt.h"
#include "kernels/cuda/ag_gemm_cuda_op.h"
#include "kernels/cuda/ag_gemm_cuda_resources.h"
#include "kernels/cuda/ag_gemm_kernels.h"
#include "kernels/cuda/ag_gemm_pipeline.h"
#include "kernels/cuda/ag_gemm_stream_ops.h"
#include "kernels/cuda/cuda_check.h"
#include "kernels/cuda/cuda_dtype.h"
#include "kernels/cuda/cuda_gemm_op.h"
#include "kernels/cuda/cuda_owners.h"
#include "kernels/cuda/gemm_row_check.h"
#include "kernels/cuda/tile_flags_gemm.h"
#include "kernels/cuda/verify_kernels.h"
#include "kernels/dtype.h"
#include "kernels/ops/registry.h"

namespace symmbench {
namespace {

constexpr int kPoisonByte = 0xFF;  // 0xFFFF: NaN in bf16 and fp16; 0xFF: NaN in e4m3

// Check's device-side results, read back in one copy: the gathered A's counters, then one
// FrobeniusSums per tile of C (CheckBytes(tiles) bytes in all).
struct CheckSums {
  CompareCounters counters;  // gathered A vs A_ref, bitwise
  FrobeniusSums tiles[1];    // C vs C_ref, tile by tile (CheckTileRows)
};

size_t CheckBytes(int64_t tiles) {
  return offsetof(CheckSums, tiles) + sizeof(FrobeniusSums) * static_cast<size_t>(tiles);
}

// a * b * c without overflow (all positive); false if it would exceed int64.
bool Product(int64_t a, int64_t b, int64_t c, int64_t* out) {
  int64_t ab = 0;
  return !__builtin_mul_overflow(a, b, &ab) && !__builtin_mul_overflow(ab, c, out);
}

}  // namespace

absl::Status CudaAgGemm::PrepareResources(const GemmProblem& problem) {
  const int ws = ctx()->world_size;
  const int64_t elem = DTypeSize(problem.dtype);
  const int64_t out_elem = DTypeSize(GemmOutputDType(problem.dtype));
  int64_t a_bytes = 0, b_bytes = 0, c_bytes = 0;
  if (problem.m < 1 || problem.n < 1 || problem.k < 1 || problem.splits_per_rank < 1 ||
      problem.m % (static_cast<int64_t>(ws) * problem.splits_per_rank) != 0 ||
      !Product(problem.m, problem.k, elem, &a_bytes) ||
      !Product(problem.k, problem.n, elem, &b_bytes) ||
      !Product(problem.m, problem.n, out_elem, &c_bytes)) {
    return absl::InvalidArgumentError(absl::StrCat(
        kName, ": want positive m, n, k, splits_per_rank >= 1 and m divisible by world_size (", ws,
        ") x splits_per_rank (got ", GemmProblemName(problem), ")"));
  }
  const int64_t shard_bytes = a_bytes / ws;
  if (static_cast<uint64_t>(shard_bytes) > ctx()->symm->region_bytes()) {
    return absl::InvalidArgumentError(
        absl::StrCat(kName, ": A_shard [", problem.m / ws, ", ", problem.k, "] needs ", shard_bytes,
                     " bytes but the symmetric input region holds ", ctx()->symm->region_bytes(),
                     " (", GemmProblemName(problem), ")"));
  }
  const size_t flag_bytes = sizeof(uint32_t) * ws * problem.splits_per_rank;
  const size_t check_bytes = CheckBytes(problem.m / CheckTileRows(problem, ws));
  TileFlagsGemmArgs grid;  // the tile-flag GEMM's tile grid, for its per-tile waits
  grid.dtype = ToDeviceDType(problem.dtype);
  grid.m = static_cast<int>(problem.m);
  grid.n = static_cast<int>(problem.n);
  const size_t wait_bytes = sizeof(uint32_t) * static_cast<size_t>(TileFlagsGemmTiles(grid));
  const BufferSize sizes[] = {{&gathered_, static_cast<size_t>(a_bytes)},
                              {&a_ref_, static_cast<size_t>(a_bytes)},
                              {&b_, static_cast<size_t>(b_bytes)},
                              {&c_, static_cast<size_t>(c_bytes)},
                              {&c_ref_, static_cast<size_t>(c_bytes)},
                              {&flags_, flag_bytes},
                              {&check_, check_bytes},
                              {&tile_waits_, wait_bytes},
                              {&row_check_, GemmRowCheckWorkspaceBytes(problem.n, problem.k, 1)}};
  if (absl::Status s =
          ResizeBuffers(sizes, absl::StrCat(kName, ": buffers for ", GemmProblemName(problem)));
      !s.ok()) {
    return s;
  }
  // Flags restart at 0 with the epoch (main stream: ordered after every earlier Run's copy
  // stream, which each Run joins back into the main stream).
  SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaMemsetAsync(flags_.get(), 0, flag_bytes, ctx()->stream),
                                 absl::StrCat(kName, ": cudaMemsetAsync(flags)"));
  SYMMBENCH_RETURN_IF_CUDA_ERROR(
      cudaMemsetAsync(tile_waits_.get(), 0, tile_waits_.size(), ctx()->stream),
      absl::StrCat(kName, ": cudaMemsetAsync(tile waits)"));
  epoch_ = 0;
  return pipeline_->Prepare(problem);
}

GemmRowCheckArgs CudaAgGemm::RowCheckArgs() const {
  GemmRowCheckArgs args;
  args.c = c_.get();
  args.rows = args.m = problem().m;
  args.k_term = problem().k;
  args.term[0] = {/*a_fill_stream=*/0, shard_rows(), kAgGemmBFillStream, kAScaleFillStream,
                  kBScaleFillStream};
  args.workspace = row_check_.get();
  return args;
}

absl::Status CudaAgGemm::PoisonBuffers() {
  for (const DeviceBuffer* buffer : {&gathered_, &a_ref_, &c_, &c_ref_}) {
    SYMMBENCH_RETURN_IF_CUDA_ERROR(
        cudaMemsetAsync(buffer->get(), kPoisonByte, buffer->size(), ctx()->stream),
        absl::StrCat(kName, ": cudaMemsetAsync(poison, ", buffer->size(), " bytes)"));
  }
  return pipeline_->Poison();  // the pipelined variant's stage buffers
}

absl::Status CudaAgGemm::RunVariant(GemmVariant variant) {
  switch (variant) {
    case GemmVariant::kFused:
    case GemmVariant::kTileFlags:
      last_checked_ = variant;
      return RunOverlapped(variant);
    case GemmVariant::kCollective:
      return RunAllGather();
    case GemmVariant::kGemm:
      return RunGemm();
    case GemmVariant::kSequential: {
      absl::Status s = RunAllGather();
      return s.ok() ? RunGemm() : s;
    }
    case GemmVariant::kPipelined:
      last_checked_ = GemmVariant::kPipelined;
      return pipeline_->Run(ctx()->symm->region(ctx()->rank, kSymmInputRegion), rhs(), c_.get());
    case GemmVariant::kTileGemm:
      return LaunchTileGemm(a_ref_.get(), c_ref_.get(), /*epoch=*/0);
    case GemmVariant::kTilePush:
      break;  // matmul_reduce_scatter's: CanRun refuses it
  }
  return absl::InvalidArgumentError(
      absl::StrCat(kName, ": unknown variant ", static_cast<int>(variant)));
}

absl::StatusOr<GemmCheck> CudaAgGemm::CheckOutputs() {
  const GemmProblem& p = problem();
  const DeviceDType ddtype = ToDeviceDType(p.dtype);
  const DeviceDType out_ddtype = ToDeviceDType(out_dtype());
  const cudaStream_t main = ctx()->stream;
  auto* sums = static_cast<CheckSums*>(check_.get());
  // The gathered A is the fused and tile-flag ops'; the pipelined variant gathers into stage
  // buffers of its own (an empty comparison then leaves the counters at zero).
  const int64_t a_elems = GathersIntoA(last_checked_) ? p.m * p.k : 0;
  SYMMBENCH_RETURN_IF_CUDA_ERROR(
      LaunchCompareBitwise(gathered_.get(), a_ref_.get(), a_elems, ddtype, &sums->counters, main),
      absl::StrCat(kName, ": LaunchCompareBitwise(gathered A, ", GemmProblemName(p), ")"));
  const int64_t tile_rows = CheckTileRows(p, ctx()->world_size);
  const int64_t tiles = p.m / tile_rows;
  SYMMBENCH_RETURN_IF_CUDA_ERROR(
      LaunchRelFrobenius(c_.get(), c_ref_.get(), p.m * p.n, tile_rows * p.n, out_ddtype,
                         sums->tiles, main),
      absl::StrCat(kName, ": LaunchRelFrobenius(C, ", GemmProblemName(p), ", ", tiles, " tiles)"));
  std::vector<unsigned char> host(CheckBytes(tiles));
  if (absl::Status s = ReadBack(host.data(), sums, host.size(), "check sums"); !s.ok()) return s;
  const auto* got = reinterpret_cast<const CheckSums*>(host.data());
  GemmCheck result;
  result.gathered_wrong = static_cast<int64_t>(got->counters.wrong);
  result.first_bad_index =
      got->counters.wrong != 0 ? static_cast<int64_t>(got->counters.first_bad) : -1;
  for (int64_t t = 0; t < tiles; ++t) {
    const FrobeniusSums& f = got->tiles[t];
    result.c_rel_error =
        std::max(result.c_rel_error, TileRelError(f.diff_sq, f.want_sq, f.nonfinite == 0));
  }
  if (last_checked_ == GemmVariant::kTileFlags) {
    absl::StatusOr<TileWaits> waits = ReadTileWaits(tile_waits_);
    if (!waits.ok()) return waits.status();
    result.tile_waits = *waits;
  }
  return result;
}

absl::Status CudaAgGemm::FillInputs(const GemmProblem& problem, uint64_t seed) {
  const DeviceDType ddtype = ToDeviceDType(problem.dtype);
  const cudaStream_t main = ctx()->stream;
  SYMMBENCH_RETURN_IF_CUDA_ERROR(
      LaunchAgGemmFillUniform(ctx()->symm->region(ctx()->rank, kSymmInputRegion),
                              problem.m / ctx()->world_size * problem.k, ddtype, seed,
                              static_cast<uint32_t>(ctx()->rank), main),
      absl::StrCat(kName, ": fill A_shard (", GemmProblemName(problem), ")"));
  SYMMBENCH_RETURN_IF_CUDA_ERROR(LaunchAgGemmFillUniform(b_.get(), problem.k * problem.n, ddtype,
                                                         seed, kAgGemmBFillStream, main),
                                 absl::StrCat(kName, ": fill B (", GemmProblemName(problem), ")"));
  return absl::OkStatus();
}

absl::Status CudaAgGemm::RunAllGather() {
  if (absl::Status s = CheckComm(); !s.ok()) return s;
  const size_t count = static_cast<size_t>(shard_rows() * problem().k);
  SYMMBENCH_RETURN_IF_NCCL_ERROR(
      ncclAllGather(ctx()->symm->region(ctx()->rank, kSymmInputRegion), a_ref_.get(), count,
                    ToNcclDType(problem().dtype), ctx()->comm, ctx()->stream),
      absl::StrCat(kName, ": ncclAllGather(", count, " per rank, ", GemmProblemName(problem()),
                   ")"),
      ctx()->comm);
  return absl::OkStatus();
}

absl::Status CudaAgGemm::RunGemm() {
  return gemm().Matmul(problem().m, problem().n, problem().k, rhs(), a_ref_.get(), 0, c_ref_.get(),
                       ctx()->stream);
}

absl::StatusOr<std::unique_ptr<GemmCollective>> NewCudaAgGemm(const CudaContext* ctx) {
  if (ctx == nullptr || ctx->symm == nullptr || ctx->stream == nullptr || ctx->error == nullptr) {
    return absl::InvalidArgumentError(absl::StrCat(ops::kAgGemm, ": incomplete CUDA context"));
  }
  SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaSetDevice(ctx->device), "cudaSetDevice");
  absl::StatusOr<StreamMemOps> ops = StreamMemOps::Load();
  if (!ops.ok()) return ops.status();
  absl::StatusOr<std::unique_ptr<CublasLtGemm>> gemm = CublasLtGemm::Create(ctx->device);
  if (!gemm.ok()) return gemm.status();
  absl::StatusOr<std::unique_ptr<AgGemmPipeline>> pipeline = AgGemmPipeline::Create(ctx);
  if (!pipeline.ok()) return pipeline.status();
  absl::StatusOr<bool> sm90 = DeviceRunsSm90a(ctx->device);
  if (!sm90.ok()) return sm90.status();
  auto op = std::make_unique<CudaAgGemm>(ctx, *ops, *std::move(gemm), *std::move(pipeline), *sm90);
  if (absl::Status s = op->Init(); !s.ok()) return s;
  return std::unique_ptr<GemmCollective>(std::move(op));
}

namespace {
[[maybe_unused]] const bool kRegistered = CudaGemmCollectives().Add(ops::kAgGemm, &NewCudaAgGemm);
}  // namespace

}  // namespace symmbench
