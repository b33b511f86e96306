// "matmul_reduce_scatter" on the CPU backend (PyTorch's fused_matmul_reduce_scatter on host
// threads): rank r holds A [m, k/n] and B [k/n, n_cols] (its slice of K, n = world size) and ends
// with C_shard = rows [r m/n, (r+1) m/n) of the sum over ranks of A @ B.
//
// Memory: the shared-memory input buffer holds the staging area, n slots of [m/n, n_cols], slot p
// for rank p's partial of this rank's rows; the shared-memory output buffer holds this rank's
// full reference partial P_ref [m, n_cols], which the peers read in the reference
// reduce-scatter. Private: A and B as float (rounded to the dtype once), float GEMM scratch,
// C_shard and C_ref. FP8 (fp8_e4m3): A and B are e4m3 codes held as their float values, each
// rank with its own scales (CpuFp8Scales), the partials scaled and rounded to bf16, and
// everything after the GEMM in bf16 (kernels/cpu/ag_gemm_cpu.h has the emulation's rule).
//
//   kFused: entry barrier (every peer has finished summing its staging area from the previous
//     op); for destination d = r + 1, r + 2, ..., r (own rows last), chunk by chunk
//     (splits_per_rank chunks per destination): OpenBLAS computes the chunk's rows of A @ B and
//     writes them, rounded to the dtype, straight into slot r of d's staging area (the push);
//     barrier (every partial of this rank's rows has landed); C_shard = the staged slots summed
//     in rank order (fp32, one rounding).
//   kGemm: P_ref = A @ B, one OpenBLAS call, rounded to the dtype, into the output buffer.
//   kCollective ("sum"): barrier; C_ref = the peers' P_ref rows of this rank summed in rank
//     order; barrier (every peer has read this rank's P_ref before it is overwritten).
//   kSequential: kGemm, then kCollective.
//   Check: C_shard against C_ref, tile by tile relative Frobenius error (CheckTileRows); the
//     chunk GEMMs and the whole-matrix GEMM may round differently.
// Run is collective; Prepare, PoisonOutputs and Check are local.
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

constexpr char kName[] = "matmul_reduce_scatter (cpu)";
constexpr int64_t kMaxDim = std::numeric_limits<int>::max();  // cblas blasint is 32-bit

class MatmulReduceScatterCpu final : public GemmCollective {
 public:
  explicit MatmulReduceScatterCpu(const CpuKernelContext& context) : context_(context) {}

  absl::Status Prepare(const GemmProblem& problem, uint64_t seed) override {
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
    try {
      a_f_.assign(static_cast<size_t>(m) * k_local, 0.0f);
      b_f_.assign(static_cast<size_t>(k_local) * n, 0.0f);
      p_f_.assign(static_cast<size_t>(m) * n, 0.0f);
      c_.assign(static_cast<size_t>(shard_rows) * n * size, 0);
      c_ref_.assign(c_.size(), 0);
    } catch (const std::bad_alloc&) {
      return absl::ResourceExhaustedError(absl::StrCat(
          kName, ": Prepare: cannot allocate the buffers of m=", m, " n=", n, " k=", k));
    }
    if (problem.dtype == DType::kFp8E4m3)
      scales_ = MatmulReduceScatterCpuFp8Scales(problem, seed, rank());
    problem_ = problem;
    prepare_seed_ = seed;
    k_local_ = k_local;
    shard_rows_ = shard_rows;
    chunk_rows_ = shard_rows / problem.splits_per_rank;
    FillInputs(seed);
    row_checks_ = GemmRowCheck{};
    prepared_ = true;
    return PoisonOutputs();
  }

  // C_shard, C_ref and this rank's staging area: a push that lands late, or a sum that does not
  // wait for one, reads NaN. The staging area is free here: the last fused op's second barrier
  // saw every push into it land, and peers push again only after the next op's entry barrier,
  // which this rank reaches after this.
  absl::Status PoisonOutputs() override {
    if (absl::Status s = CheckPrepared("PoisonOutputs"); !s.ok()) return s;
    std::memset(c_.data(), 0xFF, c_.size());
    std::memset(c_ref_.data(), 0xFF, c_ref_.size());
    std::memset(context_.memory->buffer(rank()), 0xFF,
                static_cast<size_t>(problem_.m) * row_bytes());
    return absl::OkStatus();
  }

  absl::Status RefillInputs(uint64_t seed) override {
    if (absl::Status s = CheckPrepared("RefillInputs"); !s.ok()) return s;
    FillInputs(seed);
    return absl::OkStatus();
  }

  // Rows [rank m/n, (rank+1) m/n) of C, each the sum over every rank's K slice drawn from its
  // generator (FP8: with that rank's scales, drawn from Prepare's seed).
  absl::Status CheckRows(uint64_t seed, int operation) override {
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

  absl::StatusOr<GemmRowCheck> TakeRowChecks() override {
    if (absl::Status s = CheckPrepared("TakeRowChecks"); !s.ok()) return s;
    GemmRowCheck found = row_checks_;
    row_checks_ = GemmRowCheck{};
    return found;
  }

  // OK for the variants the op offers (OfferedGemmVariants); ag_gemm's own ones are refused.
  absl::Status CanRun(GemmVariant variant) const override {
    const std::vector<GemmVariant> offered = OfferedGemmVariants(Computes::kGemmReduceScatter);
    if (std::find(offered.begin(), offered.end(), variant) != offered.end()) {
      return absl::OkStatus();
    }
    return absl::UnimplementedError(absl::StrCat(kName, ": the ",
                                                 GemmVariantName(variant, Computes::kAllGatherGemm),
                                                 " variant is ag_gemm's (validation refuses it)"));
  }

  absl::Status Run(GemmVariant variant) override {
    if (absl::Status s = CheckPrepared("Run"); !s.ok()) return s;
    if (absl::Status s = CanRun(variant); !s.ok()) return s;
    switch (variant) {
      case GemmVariant::kFused:
        return RunFused();
      case GemmVariant::kCollective:
        return RunReduceScatter();
      case GemmVariant::kGemm:
        RunGemm();
        return absl::OkStatus();
      case GemmVariant::kSequential:
        RunGemm();
        return RunReduceScatter();
      default:  // ag_gemm's variants: CanRun refused them
        break;
    }
    return absl::InvalidArgumentError(
        absl::StrCat(kName, ": unknown variant ", static_cast<int>(variant)));
  }

  absl::StatusOr<GemmCheck> Check() override {
    if (absl::Status s = CheckPrepared("Check"); !s.ok()) return s;
    GemmCheck result;
    const int64_t tile_elems = CheckTileRows(problem_, world_size()) * problem_.n;
    result.c_rel_error = MaxTileRelError(c_.data(), c_ref_.data(), out_dtype(),
                                         shard_rows_ * problem_.n, tile_elems);
    return result;
  }

  double tolerance() const override {
    return GemmCheckTolerance(problem_, world_size(), Computes::kGemmReduceScatter,
                              CheckTileRows(problem_, world_size()) * problem_.n);
  }
  std::string collective_name() const override { return "sum"; }
  std::string gemm_name() const override { return "openblas"; }

  const void* c_shard() const { return c_.data(); }

 private:
  int rank() const { return context_.memory->rank(); }
  int world_size() const { return context_.memory->world_size(); }
  // C's element type (bf16 for fp8_e4m3 inputs): the partials', the staging area's and C's.
  DType out_dtype() const { return GemmOutputDType(problem_.dtype); }
  size_t row_bytes() const { return static_cast<size_t>(problem_.n) * DTypeSize(out_dtype()); }

  // Draws this rank's A and B from `seed` (Prepare's, RefillInputs').
  void FillInputs(uint64_t seed) {
    const int r = rank();
    // FP8: the draws times kFp8InputRange, rounded to e4m3; the scales apply to the product.
    const float range = GemmInputRange(problem_.dtype);
    RoundThroughDType(problem_.dtype, a_f_.data(), problem_.m * k_local_,
                      [&](int64_t i) { return MatmulReduceScatterCpuInputA(seed, r, i) * range; });
    RoundThroughDType(problem_.dtype, b_f_.data(), k_local_ * problem_.n,
                      [&](int64_t i) { return MatmulReduceScatterCpuInputB(seed, r, i) * range; });
  }

  absl::Status CheckPrepared(const char* operation) const {
    if (prepared_) return absl::OkStatus();
    return absl::FailedPreconditionError(
        absl::StrCat(kName, ": ", operation, " before a successful Prepare"));
  }

  // out (output dtype, rows x n) = rows [row0, row0 + rows) of A @ B (FP8: scaled), through
  // the float scratch.
  void GemmRows(int64_t row0, int64_t rows, void* out) {
    const int64_t n = problem_.n;
    float* p = p_f_.data() + row0 * n;
    blas_->sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, static_cast<int>(rows),
                 static_cast<int>(n), static_cast<int>(k_local_), 1.0f,
                 a_f_.data() + row0 * k_local_, static_cast<int>(k_local_), b_f_.data(),
                 static_cast<int>(n), 0.0f, p, static_cast<int>(n));
    if (problem_.dtype == DType::kFp8E4m3) scales_.Apply(row0, rows, n, p);
    StoreChunkFromFloat(out_dtype(), p, out, rows * n);
  }

  // C (shard_rows_ x n) = sum over p in rank order of the shard rows at inputs[p].
  void SumShards(const void* const* inputs, void* out) const {
    void* outputs[1] = {out};
    SumPeersChunked(out_dtype(), inputs, world_size(), outputs, 1, 0, shard_rows_ * problem_.n);
  }

  absl::Status RunFused() {
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

  void RunGemm() { GemmRows(0, problem_.m, context_.memory->output_buffer(rank())); }

  absl::Status RunReduceScatter() {
    if (absl::Status s = context_.barrier->Sync(0); !s.ok()) return s;
    const void* inputs[kMaxWorldSize] = {};
    for (int p = 0; p < world_size(); ++p) {
      inputs[p] = static_cast<const char*>(context_.memory->output_buffer(p)) +
                  rank() * shard_rows_ * row_bytes();
    }
    SumShards(inputs, c_ref_.data());
    return context_.barrier->Sync(0);
  }

  CpuKernelContext context_;
  const OpenBlas* blas_ = nullptr;  // loaded by Prepare
  bool prepared_ = false;
  GemmProblem problem_;
  uint64_t prepare_seed_ = 0;  // the FP8 scales' seed
  GemmRowCheck row_checks_;    // CheckRows' findings since the last TakeRowChecks
  int64_t k_local_ = 0;
  int64_t shard_rows_ = 0;
  int64_t chunk_rows_ = 0;
  std::vector<float> a_f_;            // A [m, k_local], dtype-rounded values as float
  std::vector<float> b_f_;            // B [k_local, n], dtype-rounded values as float
  std::vector<float> p_f_;            // float GEMM output scratch [m, n]
  CpuFp8Scales scales_;               // fp8_e4m3 only: this rank's A (m rows) and B scales
  std::vector<unsigned char> c_;      // C_shard [m / world_size, n] (fused)
  std::vector<unsigned char> c_ref_;  // C_shard [m / world_size, n] (reference)
};

std::unique_ptr<GemmCollective> NewMatmulReduceScatterCpu(const CpuKernelContext& context) {
  return std::make_unique<MatmulReduceScatterCpu>(context);
}

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
