// "matmul_reduce_scatter" on the CPU backend (matmul_reduce_scatter_cpu.h's class note): Prepare,
// the fused op, the references, the checks; tile_push is in matmul_reduce_scatter_cpu_tiles.cc.
#include "kernels/cpu/matmul_reduce_scatter_cpu.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <limits>
#include <memory>
#include <new>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "kernels/cpu/convert_chunk.h"
#include "kernels/cpu/cpu_kernel.h"
#include "kernels/cpu/cpu_sum.h"
#include "kernels/cpu/gemm_cpu_util.h"
#include "kernels/cpu/gemm_row_check_cpu.h"
#include "kernels/cpu/openblas.h"
#include "kernels/dtype.h"
#include "kernels/gemm_collective.h"
#include "kernels/ops/registry.h"
#include "kernels/symm_mem_layout.h"

namespace symmbench {
namespace {

constexpr int64_t kMaxDim = std::numeric_limits<int>::max();  // cblas blasint is 32-bit

}  // namespace

absl::Status MatmulReduceScatterCpu::Prepare(const GemmProblem& problem, uint64_t seed) {
  prepared_ = false;
  absl::StatusOr<const OpenBlas*> blas = LoadOpenBlas();
  if (!blas.ok()) return blas.status();
  blas_ = *blas;
  const int ws = world_size();
  const int64_t m = problem.m, n = problem.n, k = problem.k;
  if (m < 1 || n < 1 || k < 1 || m > kMaxDim || n > kMaxDim || k > kMaxDim ||
      problem.splits_per_rank < 1 || m % (int64_t{ws} * problem.splits_per_rank) != 0 ||
      k % ws != 0) {
    return absl::InvalidArgumentError(absl::StrCat(
        kName, ": Prepare: want m, n, k in [1, ", kMaxDim,
        "], splits_per_rank >= 1, m divisible by world_size x splits_per_rank and k by "
        "world_size (got m=",
        m, " n=", n, " k=", k, " splits ", problem.splits_per_rank, ", world size ", ws, ")"));
  }
  const DType out_dtype = GemmOutputDType(problem.dtype);
  const int size = DTypeSize(out_dtype);
  const size_t capacity = context_.memory->buffer_bytes();
  if (static_cast<uint64_t>(m) * n > capacity / size) {
    return absl::InvalidArgumentError(absl::StrCat(
        kName, ": Prepare: the staging area [", m, ", ", n, "] of ", DTypeName(out_dtype),
        " does not fit the symmetric buffer of ", capacity, " bytes"));
  }
  const int64_t k_local = k / ws;
  const int64_t shard_rows = m / ws;
  // tile_push's flags, past P_ref in the output buffer (the class note).
  std::vector<CpuGemmTile> shard_tiles =
      TileFlagsOrder(shard_rows, n, 0, kCpuTileRows, kCpuTileCols);
  const uint64_t flag_offset = static_cast<uint64_t>(TilePushFlagOffset(m, n, problem.dtype));
  const uint64_t flag_bytes = uint64_t{sizeof(uint32_t)} * ws * shard_tiles.size();
  if (flag_offset + flag_bytes > capacity) {
    return absl::InvalidArgumentError(absl::StrCat(
        kName, ": Prepare: tile_push's flags (", ws, " ranks x ", shard_tiles.size(),
        " tiles of uint32, ", flag_bytes, " bytes at offset ", flag_offset, ", past the [", m, ", ",
        n, "] partials) do not fit the symmetric output buffer of ", capacity, " bytes"));
  }
  try {
    a_f_.assign(static_cast<size_t>(m) * k_local, 0.0f);
    b_f_.assign(static_cast<size_t>(k_local) * n, 0.0f);
    p_f_.assign(static_cast<size_t>(m) * n, 0.0f);
    c_.assign(static_cast<size_t>(shard_rows) * n * size, 0);
    c_ref_.assign(c_.size(), 0);
  } catch (const std::bad_alloc&) {
    return absl::ResourceExhaustedError(
        absl::StrCat(kName, ": Prepare: cannot allocate the buffers of m=", m, " n=", n, " k=", k));
  }
  if (problem.dtype == DType::kFp8E4m3)
    scales_ = MatmulReduceScatterCpuFp8Scales(problem, seed, rank());
  problem_ = problem;
  prepare_seed_ = seed;
  k_local_ = k_local;
  shard_rows_ = shard_rows;
  chunk_rows_ = shard_rows / problem.splits_per_rank;
  shard_tiles_ = std::move(shard_tiles);
  flag_offset_ = static_cast<size_t>(flag_offset);
  // No peer raises these before the entry barrier of the next tile_push (the class note).
  for (int p = 0; p < ws; ++p) {
    for (size_t t = 0; t < shard_tiles_.size(); ++t) {
      __atomic_store_n(Flag(rank(), p, static_cast<int64_t>(t)), 0u, __ATOMIC_RELAXED);
    }
  }
  epoch_ = 0;
  tile_waits_us_.clear();
  last_checked_ = GemmVariant::kFused;
  FillInputs(seed);
  row_checks_ = GemmRowCheck{};
  prepared_ = true;
  return PoisonOutputs();
}

// The staging area is free here: the last fused op's second barrier saw every push into it
// land (tile_push: its sum saw every flag of its tiles rise), and peers push again only after
// the next op's entry barrier, which this rank reaches after this.
absl::Status MatmulReduceScatterCpu::PoisonOutputs() {
  if (absl::Status s = CheckPrepared("PoisonOutputs"); !s.ok()) return s;
  std::memset(c_.data(), 0xFF, c_.size());
  std::memset(c_ref_.data(), 0xFF, c_ref_.size());
  std::memset(context_.memory->buffer(rank()), 0xFF, static_cast<size_t>(problem_.m) * row_bytes());
  return absl::OkStatus();
}

absl::Status MatmulReduceScatterCpu::RefillInputs(uint64_t seed) {
  if (absl::Status s = CheckPrepared("RefillInputs"); !s.ok()) return s;
  FillInputs(seed);
  return absl::OkStatus();
}

absl::Status MatmulReduceScatterCpu::CheckRows(uint64_t seed, int operation) {
  if (absl::Status s = CheckPrepared("CheckRows"); !s.ok()) return s;
  const int ws = world_size();
  const float range = GemmInputRange(problem_.dtype);
  const int64_t k_local = k_local_, n = problem_.n;
  std::vector<CpuFp8Scales> scales(problem_.dtype == DType::kFp8E4m3 ? ws : 0);
  std::vector<GemmRowTerm> terms(ws);
  for (int p = 0; p < ws; ++p) {
    GemmRowTerm& term = terms[p];
    term.k = k_local;
    term.a = [=](int64_t row, int64_t col) {
      return MatmulReduceScatterCpuInputA(seed, p, row * k_local + col) * range;
    };
    term.b = [=](int64_t row, int64_t col) {
      return MatmulReduceScatterCpuInputB(seed, p, row * n + col) * range;
    };
    if (!scales.empty()) {
      scales[p] = MatmulReduceScatterCpuFp8Scales(problem_, prepare_seed_, p);
      term.scales = &scales[p];
    }
  }
  AccumulateRowChecks(
      CheckGemmRows(problem_.dtype, c_.data(), rank() * shard_rows_, shard_rows_, n, terms, seed,
                    GemmRowCheckScale(problem_, ws, Computes::kGemmReduceScatter), operation),
      &row_checks_);
  return absl::OkStatus();
}

absl::StatusOr<GemmRowCheck> MatmulReduceScatterCpu::TakeRowChecks() {
  if (absl::Status s = CheckPrepared("TakeRowChecks"); !s.ok()) return s;
  GemmRowCheck found = row_checks_;
  row_checks_ = GemmRowCheck{};
  return found;
}

absl::Status MatmulReduceScatterCpu::CanRun(GemmVariant variant) const {
  const std::vector<GemmVariant> offered = OfferedGemmVariants(Computes::kGemmReduceScatter);
  if (std::find(offered.begin(), offered.end(), variant) != offered.end()) {
    return absl::OkStatus();
  }
  return absl::UnimplementedError(absl::StrCat(kName, ": the ",
                                               GemmVariantName(variant, Computes::kAllGatherGemm),
                                               " variant is ag_gemm's (validation refuses it)"));
}

absl::Status MatmulReduceScatterCpu::Run(GemmVariant variant) {
  if (absl::Status s = CheckPrepared("Run"); !s.ok()) return s;
  if (absl::Status s = CanRun(variant); !s.ok()) return s;
  if (flags_broken_) {
    return absl::FailedPreconditionError(
        absl::StrCat(kName,
                     ": Run: an earlier tile_push flag wait failed, so late pushes may "
                     "still land in the staging area (recreate the backend)"));
  }
  switch (variant) {
    case GemmVariant::kFused:
      last_checked_ = GemmVariant::kFused;
      return RunFused();
    case GemmVariant::kCollective:
      return RunReduceScatter();
    case GemmVariant::kGemm:
      RunGemm();
      return absl::OkStatus();
    case GemmVariant::kSequential:
      RunGemm();
      return RunReduceScatter();
    case GemmVariant::kTilePush:
      last_checked_ = GemmVariant::kTilePush;
      return RunTilePush();
    case GemmVariant::kTileGemm:
      RunTileGemm();
      return absl::OkStatus();
    default:  // ag_gemm's variants: CanRun refused them
      break;
  }
  return absl::InvalidArgumentError(
      absl::StrCat(kName, ": unknown variant ", static_cast<int>(variant)));
}

absl::StatusOr<GemmCheck> MatmulReduceScatterCpu::Check() {
  if (absl::Status s = CheckPrepared("Check"); !s.ok()) return s;
  GemmCheck result;
  const int64_t tile_elems = CheckTileRows(problem_, world_size()) * problem_.n;
  result.c_rel_error =
      MaxTileRelError(c_.data(), c_ref_.data(), out_dtype(), shard_rows_ * problem_.n, tile_elems);
  if (last_checked_ == GemmVariant::kTilePush) {
    result.tile_waits = SummarizeTileWaits(tile_waits_us_);
  }
  return result;
}

double MatmulReduceScatterCpu::tolerance() const {
  return GemmCheckTolerance(problem_, world_size(), Computes::kGemmReduceScatter,
                            CheckTileRows(problem_, world_size()) * problem_.n);
}

void MatmulReduceScatterCpu::FillInputs(uint64_t seed) {
  const int r = rank();
  // FP8: the draws times kFp8InputRange, rounded to e4m3; the scales apply to the product.
  const float range = GemmInputRange(problem_.dtype);
  RoundThroughDType(problem_.dtype, a_f_.data(), problem_.m * k_local_,
                    [&](int64_t i) { return MatmulReduceScatterCpuInputA(seed, r, i) * range; });
  RoundThroughDType(problem_.dtype, b_f_.data(), k_local_ * problem_.n,
                    [&](int64_t i) { return MatmulReduceScatterCpuInputB(seed, r, i) * range; });
}

absl::Status MatmulReduceScatterCpu::CheckPrepared(const char* operation) const {
  if (prepared_) return absl::OkStatus();
  return absl::FailedPreconditionError(
      absl::StrCat(kName, ": ", operation, " before a successful Prepare"));
}

void MatmulReduceScatterCpu::GemmRows(int64_t row0, int64_t rows, void* out) {
  const int64_t n = problem_.n;
  float* p = p_f_.data() + row0 * n;
  blas_->sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, static_cast<int>(rows),
               static_cast<int>(n), static_cast<int>(k_local_), 1.0f, a_f_.data() + row0 * k_local_,
               static_cast<int>(k_local_), b_f_.data(), static_cast<int>(n), 0.0f, p,
               static_cast<int>(n));
  if (problem_.dtype == DType::kFp8E4m3) scales_.Apply(row0, rows, n, p);
  StoreChunkFromFloat(out_dtype(), p, out, rows * n);
}

void MatmulReduceScatterCpu::SumShards(const void* const* inputs, void* out) const {
  void* outputs[1] = {out};
  SumPeersChunked(out_dtype(), inputs, world_size(), outputs, 1, 0, shard_rows_ * problem_.n);
}

absl::Status MatmulReduceScatterCpu::RunFused() {
  const int ws = world_size();
  const int r = rank();
  if (absl::Status s = context_.EntryBarrier(); !s.ok()) return s;
  for (int step = 1; step <= ws; ++step) {
    const int dst = (r + step) % ws;
    char* slot = static_cast<char*>(context_.memory->buffer(dst)) + r * shard_rows_ * row_bytes();
    for (int c = 0; c < problem_.splits_per_rank; ++c) {
      GemmRows(dst * shard_rows_ + c * chunk_rows_, chunk_rows_,
               slot + c * chunk_rows_ * row_bytes());
    }
  }
  if (absl::Status s = context_.ExitBarrier(); !s.ok()) return s;
  const char* staging = static_cast<const char*>(context_.memory->buffer(r));
  const void* inputs[kMaxWorldSize] = {};
  for (int p = 0; p < ws; ++p) inputs[p] = staging + p * shard_rows_ * row_bytes();
  SumShards(inputs, c_.data());
  return absl::OkStatus();
}

void MatmulReduceScatterCpu::RunGemm() {
  GemmRows(0, problem_.m, context_.memory->output_buffer(rank()));
}

absl::Status MatmulReduceScatterCpu::RunReduceScatter() {
  if (absl::Status s = context_.barrier->Sync(0); !s.ok()) return s;
  const void* inputs[kMaxWorldSize] = {};
  for (int p = 0; p < world_size(); ++p) {
    inputs[p] = static_cast<const char*>(context_.memory->output_buffer(p)) +
                rank() * shard_rows_ * row_bytes();
  }
  SumShards(inputs, c_ref_.data());
  return context_.barrier->Sync(0);
}

std::unique_ptr<GemmCollective> NewMatmulReduceScatterCpu(const CpuKernelContext& context) {
  return std::make_unique<MatmulReduceScatterCpu>(context);
}

namespace {

[[maybe_unused]] const bool kRegistered =
    CpuGemmCollectives().Add(ops::kMatmulReduceScatter, &NewMatmulReduceScatterCpu);

// Input streams apart from ag_gemm's (ranks 0..7 and B's): A of rank r, B of rank r, and
// FP8's scales of rank r: A's (m rows) and B's (n columns).
constexpr uint64_t kStreamA = 0xA11CE000ull;
constexpr uint64_t kStreamB = 0xB0B000ull;
constexpr uint64_t kStreamAScale = 0x5CA1E100ull;
constexpr uint64_t kStreamBScale = 0x5CA1E200ull;

}  // namespace

float MatmulReduceScatterCpuInputA(uint64_t seed, int rank, int64_t i) {
  return GemmInputValue(seed, kStreamA + static_cast<uint64_t>(rank), i);
}

float MatmulReduceScatterCpuInputB(uint64_t seed, int rank, int64_t i) {
  return GemmInputValue(seed, kStreamB + static_cast<uint64_t>(rank), i);
}

CpuFp8Scales MatmulReduceScatterCpuFp8Scales(const GemmProblem& problem, uint64_t seed, int rank) {
  CpuFp8Scales scales;
  scales.Fill(problem.fp8_scaling, seed, kStreamAScale + static_cast<uint64_t>(rank), problem.m,
              kStreamBScale + static_cast<uint64_t>(rank), problem.n);
  return scales;
}

const void* MatmulReduceScatterCpuOutputForTesting(const GemmCollective& op) {
  const auto* impl = dynamic_cast<const MatmulReduceScatterCpu*>(&op);
  return impl != nullptr ? impl->c_shard() : nullptr;
}

}  // namespace symmbench
