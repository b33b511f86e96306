// CPU ag_gemm: the fused op (copy thread + per-chunk OpenBLAS GEMMs on progress flags), the
// memcpy all-gather and whole-matrix OpenBLAS references, and the check against them.
#include "kernels/cpu/ag_gemm_cpu.h"

#include <algorithm>
#include <chrono>
#include <cstring>
#include <limits>
#include <mutex>
#include <new>
#include <stdexcept>
#include <thread>

#include "absl/strings/str_cat.h"
#include "kernels/cpu/convert_chunk.h"
#include "kernels/cpu/gemm_cpu_util.h"
#include "kernels/cpu/gemm_row_check_cpu.h"
#include "kernels/dtype.h"
#include "kernels/ops/registry.h"

#if defined(__x86_64__)
#include <immintrin.h>
#endif

namespace symmbench {
namespace {

// Progress waits: spin this many polls (with a pause) before yielding the core, so a chunk
// that is about to land is picked up fast while long waits leave the core to the copy thread.
constexpr int kSpinPolls = 256;
// The clock is read once per this many yielding polls.
constexpr int kPollsPerClockRead = 64;
constexpr int64_t kMaxDim = std::numeric_limits<int>::max();  // cblas blasint is 32-bit
constexpr uint64_t kStreamB = 0xB0B0B0B0B0B0B0B0ull;          // B's stream, apart from ranks'
// FP8 scales' streams, the same on every rank (the gathered A has one set of row scales).
constexpr uint64_t kStreamAScale = 0x5CA1E0A0ull;
constexpr uint64_t kStreamBScale = 0x5CA1E0B0ull;

bool IsNanBits(DType dtype, const unsigned char* p) {
  if (dtype == DType::kFp8E4m3) return (*p & 0x7F) == 0x7F;
  if (dtype == DType::kFp32) {
    uint32_t u;
    std::memcpy(&u, p, 4);
    return (u & 0x7FFFFFFFu) > 0x7F800000u;
  }
  uint16_t h;
  std::memcpy(&h, p, 2);
  return (h & 0x7FFFu) > (dtype == DType::kBf16 ? 0x7F80u : 0x7C00u);
}

void CpuRelax() {
#if defined(__x86_64__)
  _mm_pause();
#endif
}

}  // namespace

float AgGemmCpuInputA(uint64_t seed, int rank, int64_t i) {
  return GemmInputValue(seed, static_cast<uint64_t>(rank), i);
}

float AgGemmCpuInputB(uint64_t seed, int64_t i) { return GemmInputValue(seed, kStreamB, i); }

AgGemmCpu::AgGemmCpu(const CpuKernelContext& context) : context_(context) {}

absl::Status AgGemmCpu::CheckPrepared(const char* operation) const {
  if (!prepared_) {
    return absl::FailedPreconditionError(
        absl::StrCat("ag_gemm (cpu): ", operation, " before a successful Prepare"));
  }
  return absl::OkStatus();
}

absl::Status AgGemmCpu::Prepare(const GemmProblem& problem, uint64_t seed) {
  prepared_ = false;
  absl::StatusOr<const OpenBlas*> blas = LoadOpenBlas();
  if (!blas.ok()) return blas.status();
  blas_ = *blas;
  const SymmetricMemory& memory = *context_.memory;
  const int world_size = memory.world_size();
  const int64_t m = problem.m;
  const int64_t n = problem.n;
  const int64_t k = problem.k;
  if (m < 1 || n < 1 || k < 1 || m > kMaxDim || n > kMaxDim || k > kMaxDim) {
    return absl::InvalidArgumentError(
        absl::StrCat("ag_gemm (cpu): Prepare: m, n and k must be in [1, ", kMaxDim, "] (got m=", m,
                     ", n=", n, ", k=", k, ")"));
  }
  if (problem.splits_per_rank < 1) {
    return absl::InvalidArgumentError(
        absl::StrCat("ag_gemm (cpu): Prepare: splits_per_rank must be >= 1 (got ",
                     problem.splits_per_rank, ")"));
  }
  const int64_t chunks = int64_t{world_size} * problem.splits_per_rank;
  if (m % chunks != 0) {
    return absl::InvalidArgumentError(absl::StrCat(
        "ag_gemm (cpu): Prepare: m=", m, " is not divisible by world_size * splits_per_rank = ",
        world_size, " * ", problem.splits_per_rank, " = ", chunks));
  }
  const int size = DTypeSize(problem.dtype);
  const int64_t shard_elems = m / world_size * k;  // < 2^62: no overflow
  const size_t capacity = memory.buffer_bytes();
  if (static_cast<uint64_t>(shard_elems) > capacity / size) {
    return absl::InvalidArgumentError(
        absl::StrCat("ag_gemm (cpu): Prepare: the A shard [", m / world_size, ", ", k, "] of ",
                     DTypeName(problem.dtype), " (", static_cast<double>(shard_elems) * size,
                     " bytes) does not fit the symmetric buffer of ", capacity, " bytes"));
  }
  const bool convert = problem.dtype != DType::kFp32;
  const size_t out_size = DTypeSize(GemmOutputDType(problem.dtype));
  try {
    // m, n, k < 2^31, so every product below fits int64 and (on 64-bit) size_t.
    const size_t mk = static_cast<size_t>(m) * k;
    const size_t mn = static_cast<size_t>(m) * n;
    a_.assign(mk * size, 0);
    a_ref_.assign(mk * size, 0);
    c_.assign(mn * out_size, 0);
    c_ref_.assign(mn * out_size, 0);
    b_f_.assign(static_cast<size_t>(k) * n, 0.0f);
    a_f_.assign(convert ? mk : 0, 0.0f);
    c_f_.assign(convert ? mn : 0, 0.0f);
    stage_.assign(static_cast<size_t>(m / problem.splits_per_rank) * k * size, 0);
    progress_ = std::make_unique<std::atomic<uint32_t>[]>(chunks);
  } catch (const std::bad_alloc&) {
    return absl::ResourceExhaustedError(
        absl::StrCat("ag_gemm (cpu): Prepare: cannot allocate the buffers of m=", m, ", n=", n,
                     ", k=", k, " (", DTypeName(problem.dtype), ")"));
  } catch (const std::length_error&) {
    return absl::ResourceExhaustedError(absl::StrCat("ag_gemm (cpu): Prepare: buffers of m=", m,
                                                     ", n=", n, ", k=", k, " are too large"));
  }
  for (int64_t c = 0; c < chunks; ++c) progress_[c].store(0, std::memory_order_relaxed);
  epoch_ = 0;

  if (problem.dtype == DType::kFp8E4m3) {
    scales_.Fill(problem.fp8_scaling, seed, kStreamAScale, m, kStreamBScale, n);
  }
  problem_ = problem;
  chunk_rows_ = m / chunks;
  chunk_bytes_ = static_cast<size_t>(chunk_rows_) * k * size;
  num_chunks_ = static_cast<int>(chunks);
  FillInputs(seed);
  row_checks_ = GemmRowCheck{};
  prepared_ = true;
  return PoisonOutputs();
}

void AgGemmCpu::FillInputs(uint64_t seed) {
  const int rank = context_.memory->rank();
  // FP8: the draws times kFp8InputRange, rounded to e4m3 codes; the scales apply to the product.
  const float range = GemmInputRange(problem_.dtype);
  FillRounded(problem_.dtype, context_.memory->buffer(rank),
              problem_.m / context_.memory->world_size() * problem_.k,
              [&](int64_t i) { return AgGemmCpuInputA(seed, rank, i) * range; });
  // B: rounded to dtype, then kept as float (the GEMMs' operand), converted once here.
  RoundThroughDType(problem_.dtype, b_f_.data(), problem_.k * problem_.n,
                    [&](int64_t i) { return AgGemmCpuInputB(seed, i) * range; });
}

absl::Status AgGemmCpu::RefillInputs(uint64_t seed) {
  if (absl::Status s = CheckPrepared("RefillInputs"); !s.ok()) return s;
  FillInputs(seed);
  return absl::OkStatus();
}

absl::Status AgGemmCpu::CheckRows(uint64_t seed, int operation) {
  if (absl::Status s = CheckPrepared("CheckRows"); !s.ok()) return s;
  const int world_size = context_.memory->world_size();
  const int64_t shard_rows = problem_.m / world_size;
  const int64_t k = problem_.k, n = problem_.n;
  const float range = GemmInputRange(problem_.dtype);
  GemmRowTerm term;
  term.k = k;
  term.a = [&](int64_t row, int64_t col) {
    return AgGemmCpuInputA(seed, static_cast<int>(row / shard_rows), row % shard_rows * k + col) *
           range;
  };
  term.b = [&](int64_t row, int64_t col) { return AgGemmCpuInputB(seed, row * n + col) * range; };
  if (problem_.dtype == DType::kFp8E4m3) term.scales = &scales_;
  AccumulateRowChecks(
      CheckGemmRows(problem_.dtype, c_.data(), 0, problem_.m, n, {term}, seed,
                    GemmRowCheckScale(problem_, world_size, Computes::kAllGatherGemm), operation),
      &row_checks_);
  return absl::OkStatus();
}

absl::StatusOr<GemmRowCheck> AgGemmCpu::TakeRowChecks() {
  if (absl::Status s = CheckPrepared("TakeRowChecks"); !s.ok()) return s;
  GemmRowCheck found = row_checks_;
  row_checks_ = GemmRowCheck{};
  return found;
}

absl::Status AgGemmCpu::PoisonOutputs() {
  if (absl::Status s = CheckPrepared("PoisonOutputs"); !s.ok()) return s;
  for (std::vector<unsigned char>* buffer : {&a_, &c_, &a_ref_, &c_ref_, &stage_}) {
    std::fill(buffer->begin(), buffer->end(), 0xFF);
  }
  return absl::OkStatus();
}

absl::Status AgGemmCpu::CanRun(GemmVariant variant) const {
  const std::vector<GemmVariant> offered = OfferedGemmVariants(Computes::kAllGatherGemm);
  if (std::find(offered.begin(), offered.end(), variant) != offered.end()) {
    return absl::OkStatus();
  }
  return absl::UnimplementedError(
      absl::StrCat("ag_gemm (cpu): the ", GemmVariantName(variant, Computes::kGemmReduceScatter),
                   " variant is matmul_reduce_scatter's (validation refuses it)"));
}

absl::Status AgGemmCpu::Run(GemmVariant variant) {
  if (absl::Status s = CheckPrepared("Run"); !s.ok()) return s;
  if (absl::Status s = CanRun(variant); !s.ok()) return s;
  switch (variant) {
    case GemmVariant::kFused:
      return RunFused();
    case GemmVariant::kCollective:
      return RunAllGather();
    case GemmVariant::kGemm:
      return RunGemm();
    case GemmVariant::kSequential:
      if (absl::Status s = RunAllGather(); !s.ok()) return s;
      return RunGemm();
    case GemmVariant::kPipelined:
      return RunPipelined();
    case GemmVariant::kTileFlags:
      return RunTileFlags();
    case GemmVariant::kTileGemm:
      RunTileGemm();
      return absl::OkStatus();
    case GemmVariant::kTilePush:
      break;  // matmul_reduce_scatter's: CanRun refuses it
  }
  return absl::InvalidArgumentError(
      absl::StrCat("ag_gemm (cpu): unknown variant ", static_cast<int>(variant)));
}

void AgGemmCpu::GemmRows(const void* a_rows, int64_t rows, int64_t row0, void* out) {
  GemmTile(a_rows, CpuGemmTile{row0, rows, 0, problem_.n}, out);
}

void AgGemmCpu::CopyChunks(uint32_t epoch, bool own_first) {
  const SymmetricMemory& memory = *context_.memory;
  const int world_size = memory.world_size();
  const int splits = problem_.splits_per_rank;
  for (int step = 1; step <= world_size; ++step) {
    const int src = (memory.rank() + step - (own_first ? 1 : 0)) % world_size;
    const char* shard = static_cast<const char*>(memory.buffer(src));
    for (int s = 0; s < splits; ++s) {
      const int chunk = src * splits + s;
      std::memcpy(a_.data() + chunk * chunk_bytes_, shard + s * chunk_bytes_, chunk_bytes_);
      progress_[chunk].store(epoch, std::memory_order_release);
    }
  }
}

absl::Status AgGemmCpu::WaitForChunk(int chunk, uint32_t epoch) const {
  const std::atomic<uint32_t>& flag = progress_[chunk];
  for (int poll = 0; poll < kSpinPolls; ++poll) {
    if (flag.load(std::memory_order_acquire) == epoch) return absl::OkStatus();
    CpuRelax();
  }
  const auto start = std::chrono::steady_clock::now();
  const auto deadline = start + context_.barrier->timeout();
  for (int poll = 1;; ++poll) {
    if (flag.load(std::memory_order_acquire) == epoch) return absl::OkStatus();
    if (poll % kPollsPerClockRead == 0 && std::chrono::steady_clock::now() > deadline) {
      if (flag.load(std::memory_order_acquire) == epoch) return absl::OkStatus();
      const int splits = problem_.splits_per_rank;
      return absl::DeadlineExceededError(absl::StrCat(
          "ag_gemm (cpu): rank ", context_.memory->rank(), " waited more than ",
          context_.barrier->timeout().count(), " ms for chunk ", chunk, " (rank ", chunk / splits,
          ", split ", chunk % splits, ") of the fused all-gather (epoch ", epoch, ")"));
    }
    std::this_thread::yield();
  }
}

absl::Status AgGemmCpu::RunFused() {
  const SymmetricMemory& memory = *context_.memory;
  const int rank = memory.rank();
  const int world_size = memory.world_size();
  const int splits = problem_.splits_per_rank;
  // Entry: every peer's shard (its Prepare) is visible to this rank's copy thread after this.
  if (absl::Status s = context_.EntryBarrier(); !s.ok()) return s;
  epoch_ = epoch_ == std::numeric_limits<uint32_t>::max() ? 1 : epoch_ + 1;
  const uint32_t epoch = epoch_;
  absl::Status status = copy_thread_.Start([this, epoch] { CopyChunks(epoch, false); });
  if (status.ok()) {
    const char* own = static_cast<const char*>(memory.buffer(rank));
    for (int step = 0; step < world_size && status.ok(); ++step) {
      const int src = (rank + step) % world_size;
      for (int s = 0; s < splits; ++s) {
        const int chunk = src * splits + s;
        const void* rows = own + s * chunk_bytes_;  // step 0: the local shard, no wait
        if (step > 0) {
          status = WaitForChunk(chunk, epoch);
          if (!status.ok()) break;
          rows = a_.data() + chunk * chunk_bytes_;
        }
        GemmRows(rows, chunk_rows_, chunk * chunk_rows_, c_.data());
      }
    }
    copy_thread_.Join();  // memcpy only: always finishes; its writes are visible after this
  }
  last_checked_ = GemmVariant::kFused;
  // Exit: every peer has finished copying this rank's shard before anyone returns. Run even
  // after a failure above, so that peers do not wait for this rank in vain.
  absl::Status exit = context_.ExitBarrier();
  return status.ok() ? exit : status;
}

absl::Status AgGemmCpu::RunPipelined() {
  const SymmetricMemory& memory = *context_.memory;
  const int world_size = memory.world_size();
  const int stages = problem_.splits_per_rank;
  const int64_t shard_rows = chunk_rows_ * stages;
  // Entry: every peer's shard is visible; exit: every peer has finished reading this one.
  if (absl::Status s = context_.barrier->Sync(0); !s.ok()) return s;
  for (int stage = 0; stage < stages; ++stage) {
    // The stage's all-gather: split `stage` of every rank's shard, rank after rank.
    for (int p = 0; p < world_size; ++p) {
      std::memcpy(stage_.data() + p * chunk_bytes_,
                  static_cast<const char*>(memory.buffer(p)) + stage * chunk_bytes_, chunk_bytes_);
    }
    // Its GEMMs, each block of rows into its place in C.
    for (int p = 0; p < world_size; ++p) {
      GemmRows(stage_.data() + p * chunk_bytes_, chunk_rows_, p * shard_rows + stage * chunk_rows_,
               c_.data());
    }
  }
  last_checked_ = GemmVariant::kPipelined;
  return context_.barrier->Sync(0);
}

absl::Status AgGemmCpu::RunAllGather() {
  const SymmetricMemory& memory = *context_.memory;
  const size_t shard_bytes = chunk_bytes_ * problem_.splits_per_rank;
  if (absl::Status s = context_.barrier->Sync(0); !s.ok()) return s;
  for (int p = 0; p < memory.world_size(); ++p) {
    std::memcpy(a_ref_.data() + p * shard_bytes, memory.buffer(p), shard_bytes);
  }
  return context_.barrier->Sync(0);
}

absl::Status AgGemmCpu::RunGemm() {
  GemmRows(a_ref_.data(), problem_.m, 0, c_ref_.data());
  return absl::OkStatus();
}

absl::StatusOr<GemmCheck> AgGemmCpu::Check() {
  if (absl::Status s = CheckPrepared("Check"); !s.ok()) return s;
  const DType dtype = problem_.dtype;
  const size_t size = DTypeSize(dtype);
  GemmCheck result;
  // The gathered A is the fused and tile-flag ops'; the pipelined variant gathers into its
  // stage buffer.
  const int64_t a_elems = GathersIntoA(last_checked_) ? problem_.m * problem_.k : 0;
  for (int64_t i = 0; i < a_elems; ++i) {
    const unsigned char* got = a_.data() + i * size;
    const unsigned char* want = a_ref_.data() + i * size;
    if (std::memcmp(got, want, size) == 0 && !IsNanBits(dtype, got)) continue;
    if (result.gathered_wrong++ == 0) result.first_bad_index = i;
  }
  // ||C - C_ref||_F / ||C_ref||_F tile by tile (CheckTileRows); the worst tile counts.
  const int64_t tile_elems = CheckTileRows(problem_, context_.memory->world_size()) * problem_.n;
  result.c_rel_error = MaxTileRelError(c_.data(), c_ref_.data(), GemmOutputDType(dtype),
                                       problem_.m * problem_.n, tile_elems);
  if (last_checked_ == GemmVariant::kTileFlags) {
    result.tile_waits = SummarizeTileWaits(tile_waits_us_);
  }
  return result;
}

double AgGemmCpu::tolerance() const {
  const int world_size = context_.memory->world_size();
  return GemmCheckTolerance(problem_, world_size, Computes::kAllGatherGemm,
                            CheckTileRows(problem_, world_size) * problem_.n);
}

std::unique_ptr<GemmCollective> NewAgGemmCpu(const CpuKernelContext& context) {
  return std::make_unique<AgGemmCpu>(context);
}

namespace {
[[maybe_unused]] const bool kRegistered = CpuGemmCollectives().Add(ops::kAgGemm, &NewAgGemmCpu);
}  // namespace

}  // namespace symmbench
