// AgGemm: the all-gather + GEMM family (kernel "ag_gemm"): each rank holds A_shard
// [M/world_size, K] in symmetric memory and B [K, N]; the op computes the gathered A [M, K] and
// C = A @ B [M, N] on every rank. One implementation per backend (kernels/cuda/ag_gemm*,
// kernels/cpu/ag_gemm_cpu*), created by Backend::CreateAgGemm, driven by the worker's loop.
#pragma once

#include <cstdint>
#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "kernels/dtype.h"

namespace symmbench {

// One problem. Row-major A [m, k], B [k, n], C [m, n]; m % (world_size * splits_per_rank) == 0.
struct GemmProblem {
  int64_t m = 0;
  int64_t n = 0;
  int64_t k = 0;
  int splits_per_rank = 1;  // chunks each rank's shard is split into (resolved, >= 1)
  DType dtype = DType::kBf16;
};

// What one operation of the family runs.
enum class AgGemmVariant {
  kFused,       // copy-engine all-gather with per-chunk progress flags, GEMM per chunk as its
                // flag rises (communication hidden under computation)
  kAllGather,   // reference: all-gather alone (NCCL on CUDA, plain copies on CPU) into A_ref
  kGemm,        // reference: GEMM alone on the full gathered A_ref into C_ref
  kSequential,  // reference: kAllGather then kGemm
};

const char* AgGemmVariantName(AgGemmVariant variant);  // "fused", "all_gather", "gemm", "sequential"

// Outcome of comparing the fused op's outputs with the sequential reference's.
struct AgGemmCheck {
  int64_t gathered_wrong = 0;     // elements of the gathered A differing bitwise from A_ref
  int64_t first_bad_index = -1;   // first such element (row-major index into A), -1 if none
  // The largest over C's row tiles (CheckTileRows) of ||C - C_ref||_F / ||C_ref||_F, so that
  // one wrong tile is not averaged away over the whole output (TileRelError: 1e30 for NaN).
  double c_rel_error = 0.0;
};

// Rows of C in one verification tile: the largest divisor of a chunk's rows
// (m / (world_size * splits_per_rank)) that is at most 128, or the whole chunk when that would
// make more than 4096 tiles. Every tile is rows x n elements, contiguous in row-major C.
int64_t CheckTileRows(const GemmProblem& problem, int world_size);

// One tile's relative Frobenius error from its sums of squares: sqrt(diff_sq / want_sq); 1e30
// when a value was not finite, or when want_sq is 0 and diff_sq is not (0 when both are).
double TileRelError(double diff_sq, double want_sq, bool finite);

class AgGemm {
 public:
  virtual ~AgGemm() = default;

  // Sets up `problem`: fills this rank's A_shard (symmetric memory) with seeded random values
  // in [-1, 1] (never all zero) and B with values drawn from `seed` alone (the same B on every
  // rank), allocates the gathered A, C and the reference buffers, and poisons the outputs.
  // INVALID_ARGUMENT when the shard exceeds the symmetric buffer or m is not divisible by
  // world_size * splits_per_rank; RESOURCE_EXHAUSTED when the buffers do not fit.
  virtual absl::Status Prepare(const GemmProblem& problem, uint64_t seed) = 0;
  // Fills the gathered A, C, A_ref and C_ref with NaN patterns.
  virtual absl::Status PoisonOutputs() = 0;
  // Enqueues one operation of `variant` (CUDA: on the backend's stream, which waits for any
  // side stream the variant uses; CPU: runs it).
  virtual absl::Status Run(AgGemmVariant variant) = 0;
  // After Run(kFused) and Run(kSequential) have completed (Backend::Synchronize).
  virtual absl::StatusOr<AgGemmCheck> Check() = 0;
  // Relative Frobenius error C may have against C_ref and still pass (e.g. 1e-2 for bf16).
  virtual double tolerance() const = 0;
  // Names of the references, e.g. "nccl_all_gather" and "cublaslt" / "memcpy" and "openblas".
  virtual std::string all_gather_name() const = 0;
  virtual std::string gemm_name() const = 0;
};

// splits_per_rank for "auto" (0): the most chunks, up to 4, that keep every chunk GEMM at least
// 1024 rows and divide m / world_size evenly; 1 when none does.
int AutoSplitsPerRank(int64_t m, int world_size);

}  // namespace symmbench
