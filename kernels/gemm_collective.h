// GemmCollective: the GEMM + collective family (OpFamily::kGemmCollective), one interface for
// every such op, each timed as four variants in one job (fused, the collective alone, the GEMM
// alone, sequential). The ops (kernels/ops/registry.h says what each computes):
//   ag_gemm (Computes::kAllGatherGemm): each rank holds A_shard [M/world_size, K] and B [K, N];
//     the op computes the gathered A [M, K] and C = A @ B [M, N] on every rank.
//   matmul_reduce_scatter (Computes::kGemmReduceScatter): each rank holds A [M, K/world_size]
//     and B [K/world_size, N]; the op computes C_shard [M/world_size, N] on every rank, rank
//     r's rows of the sum over ranks of A @ B (the GEMM's partials reduce-scattered).
// Each backend's implementation adds itself to its backend's table of GEMM collectives
// (kernels/factory_table.h); Backend::CreateGemmCollective looks it up, the worker's loop
// (worker/gemm_runner.h) drives it.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "kernels/dtype.h"
#include "kernels/ops/registry.h"

namespace symmbench {

// How FP8 inputs are scaled (JobSpec.gemm.fp8_scaling): C = a_scale x b_scale x (A_q @ B_q),
// the product of the e4m3 codes' values accumulated in fp32, scaled, then rounded to bf16.
enum class Fp8Scaling {
  kTensorwise,  // one float for all of A, one for B
  kRowwise,     // one float per row of A (m of them) and per column of B (n)
};

// "tensorwise" | "rowwise", JobSpec.gemm.fp8_scaling's words.
inline const char* Fp8ScalingName(Fp8Scaling scaling) {
  return scaling == Fp8Scaling::kRowwise ? "rowwise" : "tensorwise";
}

// One problem, as JobSpec.gemm.shapes gives it: row-major A [m, k], B [k, n], C [m, n];
// m % (world_size * splits_per_rank) == 0; for matmul_reduce_scatter also k % world_size == 0
// (each rank holds k / world_size of the K dimension). dtype is A's and B's; C is in
// GemmOutputDType(dtype). With kFp8E4m3, B is held transposed, Bt [n, k] row-major (the
// layout cuBLASLt's FP8 GEMM takes), and every dimension the GEMM sees is a multiple of 16.
struct GemmProblem {
  int64_t m = 0;
  int64_t n = 0;
  int64_t k = 0;
  int splits_per_rank = 1;  // chunks each rank's shard is split into (resolved, >= 1)
  DType dtype = DType::kBf16;
  Fp8Scaling fp8_scaling = Fp8Scaling::kTensorwise;  // kFp8E4m3 only
};

// The problem's input type as logs and errors name it: "bf16", or "fp8_e4m3 rowwise" with the
// FP8 scaling.
std::string GemmDTypeName(const GemmProblem& problem);
// "m=M n=N k=K <GemmDTypeName> splits S": a problem in logs and errors.
std::string GemmProblemName(const GemmProblem& problem);

// The output's element type for inputs of `input`: bf16 for kFp8E4m3, else the input's.
inline DType GemmOutputDType(DType input) {
  return input == DType::kFp8E4m3 ? DType::kBf16 : input;
}

// FP8 inputs: the [-1, 1] draw of the other dtypes times this (e4m3's largest finite value),
// rounded to e4m3, so the codes span e4m3's range as a quantizer's amax scaling makes them.
inline constexpr float kFp8InputRange = 448.0f;
// What the [-1, 1] input draw is multiplied by before rounding to `dtype`: kFp8InputRange for
// kFp8E4m3, 1 otherwise.
inline float GemmInputRange(DType dtype) {
  return dtype == DType::kFp8E4m3 ? kFp8InputRange : 1.0f;
}
// FP8 scales: scale i of a stream is (1 + u) / kFp8InputRange for a draw u in [-0.5, 0.5), so
// that a_scale x A_q is of the other dtypes' [-1, 1] magnitude and every scale differs.
inline constexpr float kFp8ScaleSpread = 0.5f;

// What one operation of the family runs.
enum class GemmVariant {
  kFused,       // the op under test: the collective overlapped with a chunked GEMM (ag_gemm:
                // copy-engine all-gather with per-chunk progress flags, GEMM per chunk as its
                // flag rises)
  kCollective,  // reference: the collective alone (NCCL on CUDA, plain copies or sums on CPU)
  kGemm,        // reference: the GEMM alone (ag_gemm: on the full gathered A_ref into C_ref)
  kSequential,  // reference: the GEMM and the collective one after the other, in data order
  kPipelined,   // ag_gemm only: nvFuser's stream pipeline, S = splits_per_rank stages of
                // (NCCL all-gather of every rank's s-th sub-shard, then its GEMMs), stages
                // round-robin over streams; checked like kFused
  kTileFlags,   // ag_gemm only: the copy-engine all-gather with its progress flags beside ONE
                // persistent GEMM over the whole gathered A whose tiles each wait for the flags
                // of their own rows (the Helion seed's design); checked like kFused
  kTileGemm,    // reference: the tile GEMM alone, no flag, no push (ag_gemm: kTileFlags' GEMM on
                // the reference's gathered A into C_ref; matmul_reduce_scatter: kTilePush's GEMM
                // writing the whole partial into P_ref); its bound: max(collective, this)
  kTilePush,    // matmul_reduce_scatter only: ONE persistent GEMM over this rank's whole A whose
                // epilogue writes each finished tile straight into this rank's slot of its
                // owner's staging area and raises that tile's flag there; each owner sums its
                // rows' tiles as their flags rise (the reduce-scatter mirror of kTileFlags)
};

// How many GemmVariant values there are (arrays indexed by variant).
inline constexpr int kGemmVariantCount = static_cast<int>(GemmVariant::kTilePush) + 1;

// The variant's name in JobSpec.gemm.variants and logs: "fused", "gemm", "sequential",
// "pipelined", "tile_flags", "tile_gemm", "tile_push", and for
// kCollective the collective the op computes: "all_gather" (Computes::kAllGatherGemm) or
// "reduce_scatter" (Computes::kGemmReduceScatter).
const char* GemmVariantName(GemmVariant variant, Computes computes);

// The variants an op that `computes` this offers, in the order a job times them: fused, the
// collective, gemm, sequential, then for ag_gemm pipelined, tile_flags and tile_gemm, and for
// matmul_reduce_scatter tile_push and tile_gemm.
std::vector<GemmVariant> OfferedGemmVariants(Computes computes);

// Whether `variant` computes the op's output in C (kFused, kPipelined, kTileFlags, kTilePush),
// so that it is checked against kSequential's; the others are timed only.
inline bool IsCheckedGemmVariant(GemmVariant variant) {
  return variant == GemmVariant::kFused || variant == GemmVariant::kPipelined ||
         variant == GemmVariant::kTileFlags || variant == GemmVariant::kTilePush;
}

// matmul_reduce_scatter's tile_push raises one uint32 flag per (source rank, output tile of the
// owner's shard) in the owner's symmetric memory. The smallest output tile a backend's tile_push
// GEMM may use, which the flags' room (TilePushFlagBytes) is sized for (CPU: 48 x 64; CUDA:
// 128-row tiles):
inline constexpr int64_t kTilePushMinTileRows = 32;
inline constexpr int64_t kTilePushMinTileCols = 64;
// Where the flags may start in a symmetric buffer that begins with an [m, n] area of partials
// in the output dtype of `dtype` (the staging area, or P_ref): that area's bytes rounded up to
// kBufferAlignment.
int64_t TilePushFlagOffset(int64_t m, int64_t n, DType dtype);
// The flags' room: world_size x the tiles of an [m / world_size, n] shard in tiles of
// kTilePushMinTileRows x kTilePushMinTileCols (the last ones cut short), 4 bytes each.
// GemmSymmetricBytes reserves it past TilePushFlagOffset.
int64_t TilePushFlagBytes(int64_t m, int64_t n, int world_size);

// Whether `variant` gathers A into the op's gathered A (kFused, kTileFlags), which Check then
// compares bitwise with the reference all-gather's.
inline bool GathersIntoA(GemmVariant variant) {
  return variant == GemmVariant::kFused || variant == GemmVariant::kTileFlags;
}

// How long the tiles of one kTileFlags operation waited for their progress flags (ag_gemm), or
// the owner's tiles of one kTilePush operation for their sources' flags before each sum
// (matmul_reduce_scatter).
struct TileWaits {
  int64_t tiles = 0;     // output tiles (0: no kTileFlags or kTilePush operation was checked)
  int64_t waited = 0;    // tiles that waited more than 1 us
  double max_us = 0.0;   // the longest wait
  double mean_us = 0.0;  // the mean over all tiles
};

// TileWaits of per-tile waits in microseconds.
TileWaits SummarizeTileWaits(const std::vector<double>& waits_us);

// Outcome of comparing a checked variant's outputs with the sequential reference's.
struct GemmCheck {
  int64_t gathered_wrong = 0;    // elements of the gathered A differing bitwise from A_ref
  int64_t first_bad_index = -1;  // first such element (row-major index into A), -1 if none
  // The largest over C's row tiles (CheckTileRows) of ||C - C_ref||_F / ||C_ref||_F, so that
  // one wrong tile is not averaged away over the whole output (TileRelError: 1e30 for NaN).
  double c_rel_error = 0.0;
  // After kTileFlags or kTilePush: its tiles' waits for their flags in the operation checked.
  TileWaits tile_waits;
};

// Rows of C in one verification tile: the largest divisor of a chunk's rows
// (m / (world_size * splits_per_rank)) that is at most 128, or the whole chunk when that would
// make more than 4096 tiles. Every tile is rows x n elements, contiguous in row-major C.
int64_t CheckTileRows(const GemmProblem& problem, int world_size);

// One tile's relative Frobenius error from its sums of squares: sqrt(diff_sq / want_sq); 1e30
// when a value was not finite, or when want_sq is 0 and diff_sq is not (0 when both are).
double TileRelError(double diff_sq, double want_sq, bool finite);

// The unit roundoff of the output dtype of inputs in `input` (the largest relative error of one
// rounding to nearest): 2^-8 for bf16 (and fp8_e4m3 inputs), 2^-11 fp16, 2^-24 fp32.
double GemmOutputRoundoff(DType input);

// What the race check (worker/gemm_race_check.h) found in the C of its operations: each row's
// checksum against the one its inputs make (GemmCollective::CheckRows).
struct GemmRowCheck {
  int64_t wrong_rows = 0;  // rows, over every operation checked, whose checksum was off
  int operation = -1;      // the first operation with a wrong row, -1 if none
  int64_t first_row = -1;  // that operation's first wrong row (a row of the full C [m, n])
  // The largest over every row checked of |got - want| / bound (1e30 where a value was not
  // finite): how close the honest rows came to failing, and how far a wrong one was off.
  double worst_ratio = 0.0;
};

// Adds `found` (one operation's, or several) into `total`: the earliest operation's first row
// is kept, and the worst ratio.
void AccumulateRowChecks(const GemmRowCheck& found, GemmRowCheck* total);

// The race check's bound on one row of C, as a multiple of the row's 2-norm ||C_row||_2
// (docs/measurement.md derives it): row checksums sum_j C[i, j] v_j with v_j = +-1 drawn at
// random, so each element's error enters with a random sign, and
//   bound = 10 x u_eff x ||C_row||_2,  u_eff^2 = delta^2 + r x u_out^2,
// where u_out is the unit roundoff of C's dtype (2^-8 bf16, 2^-11 fp16, 2^-24 fp32), r the
// roundings each element takes relative to its own size (1 for ag_gemm; 2 for
// matmul_reduce_scatter: its partials, then their sum), and delta = 2^-24 sqrt(k) the fp32
// accumulation's relative error over the k products. A wrong row's error enters the same way:
// one from a stale chunk (an error of norm sqrt(2) ||C_row||_2) fails in bf16 with probability
// 97.8%, one missing a peer partial of matmul_reduce_scatter (norm ||C_row||_2 / sqrt(W)) with
// 88% at 8 ranks; one element off by more than the bound always.
double GemmRowCheckScale(const GemmProblem& problem, int world_size, Computes computes);

// The largest relative Frobenius error (GemmCheck::c_rel_error) a checked variant's C may have
// against the sequential reference's over a tile of `tile_elems` elements (docs/measurement.md
// derives it): 2 s + 4 a + 8 u_out / sqrt(tile_elems), with
//   s^2 = (0.43 u_out)^2 x (1 + sum_{j=2..W} j / W)  (matmul_reduce_scatter at W > 1 ranks: the
//         fused sum rounds once, the reference's ring reduce-scatter up to W - 1 times, each
//         time at the size of a partial sum of j of the W partials; 0 for ag_gemm),
//   a = sqrt(2 u_out delta) (delta < u_out: the two sides' GEMMs accumulate in other orders, so
//       an element rounds the other way where its fp32 value lies within delta of a rounding
//       boundary), or sqrt(2) delta for fp32 outputs,
// and the last term one element off by one ulp in a small tile. a, a cruder model than s, gets
// the wider margin.
double GemmCheckTolerance(const GemmProblem& problem, int world_size, Computes computes,
                          int64_t tile_elems);

class GemmCollective {
 public:
  virtual ~GemmCollective() = default;

  // Sets up `problem`: fills this rank's inputs with seeded random values in [-1, 1] (never
  // all zero; ag_gemm: A_shard in symmetric memory and B drawn from `seed` alone, the same on
  // every rank; matmul_reduce_scatter: A and B of this rank's K slice), allocates the outputs
  // and the reference buffers, and poisons the outputs. INVALID_ARGUMENT when the symmetric
  // part exceeds the symmetric buffer or a dimension does not divide (GemmProblem);
  // RESOURCE_EXHAUSTED when the buffers do not fit.
  virtual absl::Status Prepare(const GemmProblem& problem, uint64_t seed) = 0;
  // Fills the outputs (the fused op's and the references') with NaN patterns, and every buffer
  // a peer or a copy writes before a GEMM reads it: the gathered A, the pipeline's stage
  // buffers, matmul_reduce_scatter's staging area.
  virtual absl::Status PoisonOutputs() = 0;
  // OK when this backend can run `variant` on the prepared problem; otherwise UNIMPLEMENTED
  // saying what it runs (e.g. the tile-flag GEMM: bf16 and fp8_e4m3 on sm_90). The
  // job skips such a variant when the spec did not name it and fails with this when it did.
  virtual absl::Status CanRun(GemmVariant variant) const = 0;
  // Enqueues one operation of `variant` (CUDA: on the backend's stream, which waits for any
  // side stream the variant uses; CPU: runs it).
  virtual absl::Status Run(GemmVariant variant) = 0;
  // After Run(kSequential) and the last Run of a checked variant (IsCheckedGemmVariant, which
  // all write the same C) have completed (Backend::Synchronize): C against the reference, and
  // for ag_gemm's kFused and kTileFlags the gathered A too (GathersIntoA; kPipelined gathers
  // into stage buffers of its own); after kTileFlags or kTilePush, its tiles' flag waits where
  // the backend records them.
  virtual absl::StatusOr<GemmCheck> Check() = 0;
  // Relative Frobenius error C may have against C_ref and still pass: GemmCheckTolerance of
  // the prepared problem and its check tiles (1e-3 or less for ag_gemm in bf16).
  virtual double tolerance() const = 0;

  // The race check (worker/gemm_race_check.h), three calls:
  // RefillInputs draws this rank's A (ag_gemm: A_shard in symmetric memory) and B again as
  // Prepare draws them, from `seed` (the FP8 scales stay Prepare's); CUDA: enqueued on the
  // backend's stream, nothing waited for.
  virtual absl::Status RefillInputs(uint64_t seed) = 0;
  // Checks the C that the last Run of a checked variant left, row by row, against the inputs
  // that RefillInputs(seed) drew on every rank, computed from their generators (never read
  // from a peer, from the gathered A or from a reference run): for the +-1 vector v drawn
  // from `seed`, C_row . v against A_row . (B v) (matmul_reduce_scatter: summed over the ranks'
  // K slices), a row wrong when they differ by more than GemmRowCheckScale x ||C_row||_2 or
  // either is not finite. Its findings are kept under `operation` until TakeRowChecks. CPU:
  // at once; CUDA: enqueued on the backend's stream.
  virtual absl::Status CheckRows(uint64_t seed, int operation) = 0;
  // Once the backend is synchronized: what every CheckRows since the last TakeRowChecks (or
  // Prepare) found.
  virtual absl::StatusOr<GemmRowCheck> TakeRowChecks() = 0;
  // Names of the references, e.g. "nccl_all_gather" / "nccl_reduce_scatter" and "cublaslt";
  // "memcpy" / "sum" and "openblas" on the CPU backend.
  virtual std::string collective_name() const = 0;
  virtual std::string gemm_name() const = 0;
};

// splits_per_rank for "auto" (0): the most chunks, up to 4, that keep every chunk GEMM at least
// 1024 rows and divide m / world_size evenly; 1 when none does.
int AutoSplitsPerRank(int64_t m, int world_size);

}  // namespace symmbench
