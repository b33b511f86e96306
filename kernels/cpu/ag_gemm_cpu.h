// All-gather + GEMM (kernel "ag_gemm") on the CPU backend: a copy thread gathers the peers'
// A shards out of POSIX shared memory chunk by chunk while the caller multiplies (OpenBLAS).
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "kernels/cpu/ag_gemm_cpu_copy_thread.h"
#include "kernels/cpu/cpu_kernel.h"
#include "kernels/cpu/gemm_cpu_util.h"
#include "kernels/cpu/openblas.h"
#include "kernels/dtype.h"
#include "kernels/gemm_collective.h"

namespace symmbench {

// NOTE [CPU ag_gemm: chunk progress flags]
//
// A's m rows are world_size * splits_per_rank chunks of chunk_rows = m / (world_size * splits)
// rows; chunk c = p * splits + s is split s of rank p's shard, which lives at byte offset
// s * chunk_rows * k * DTypeSize(dtype) of rank p's symmetric buffer.
//
// Run(kFused) on rank r: entry barrier (block 0; every peer's Prepare is visible after it) ->
// the copy thread copies, in ring order p = r+1, r+2, ..., r (its own shard last), each chunk
// of p into the gathered A with memcpy, then stores the run's epoch into progress[c] with
// memory_order_release. Meanwhile the calling thread multiplies r's own chunks straight from
// its symmetric buffer (no wait), then every other chunk in the same ring order once
// progress[c] loads (memory_order_acquire) equal to the epoch: the acquire pairs with the
// release, so the chunk's memcpy happens-before the GEMM's reads of it. Epochs grow by one per
// fused run (never 0, the value after Prepare), so flags need no reset. The caller then joins
// the copy thread and meets the peers at the exit barrier (block 0): after it every peer has
// finished copying r's shard, so r may overwrite it (the next Prepare).
//
// A flag that does not rise within the backend timeout is DEADLINE_EXCEEDED naming rank,
// chunk and source rank; the copy thread is still joined and the exit barrier still run, so
// peers are not left waiting.
//
// OpenBLAS (loaded by Prepare, kernels/cpu/openblas.h): every GEMM runs on the calling thread
// (openblas_set_num_threads(1), set once per process when it is loaded): ranks are separate
// processes sharing the machine's few cores, and a per-rank BLAS thread pool would oversubscribe
// them and compete with the copy thread the fused op overlaps with.
//
// Memory (private, per rank): gathered A, A_ref [m, k] in dtype and C, C_ref [m, n] in
// GemmOutputDType(dtype); B [k, n] as float (rounded to dtype first, converted once per
// Prepare); for bf16/fp16/fp8_e4m3 float scratch for A [m, k] and C [m, n] (fp32 multiplies its
// buffers in place).
//
// FP8 (fp8_e4m3) emulates cuBLASLt's scaled GEMM: A and B hold e4m3 codes (kernels/fp8.h,
// rounded to nearest even and saturated as the GPU's conversion does), OpenBLAS multiplies
// their exact float values, the fp32 product is scaled by a_scale x b_scale (CpuFp8Scales:
// every rank draws the same scales, all m rows of A's when rowwise) and rounded once to bf16.
// The gather moves the e4m3 bytes. B stays [k, n] here (the CUDA backend holds it transposed).
//
// Run(kTileFlags), the tile-flag GEMM's protocol (kernels/cuda/tile_flags_gemm.h) on the CPU:
// after the entry barrier the copy thread copies this rank's own shard first, then the others
// in ring order, each chunk raising its flag as for kFused; the calling thread meanwhile visits
// the output tiles of C in TileFlagsOrder (from the tile of this rank's first row, along N,
// wrapping round) and, before each tile, waits (acquire) for the flag of every chunk its rows
// span, then multiplies that tile block with OpenBLAS from the gathered A. Tiles of
// kCpuTileRows rows, a number that straddles chunk boundaries, so that one tile waits on two
// flags as the GPU's 128-row tiles do. Run(kTileGemm) is the same tile loop on A_ref into C_ref
// with no waits.
//
// Run is collective (every rank calls the same sequence of variants); Prepare, PoisonOutputs
// and Check are local. One thread drives an AgGemmCpu.
class AgGemmCpu : public GemmCollective {
 public:
  explicit AgGemmCpu(const CpuKernelContext& context);
  ~AgGemmCpu() override = default;

  // See GemmCollective::Prepare. A_shard element i of rank r is AgGemmCpuInputA(seed, r, i) and B
  // element i is AgGemmCpuInputB(seed, i), each rounded to dtype. INVALID_ARGUMENT for m, n or
  // k outside [1, 2^31), splits_per_rank < 1, m % (world_size * splits_per_rank) != 0, or a
  // shard larger than the symmetric buffer; RESOURCE_EXHAUSTED when allocation fails.
  absl::Status Prepare(const GemmProblem& problem, uint64_t seed) override;
  // Fills the gathered A, C, A_ref, C_ref and the pipeline's stage buffer with 0xFF bytes (a NaN
  // in every dtype).
  absl::Status PoisonOutputs() override;
  // OK for the variants ag_gemm offers (OfferedGemmVariants); matmul_reduce_scatter's own
  // tile_push is refused.
  absl::Status CanRun(GemmVariant variant) const override;
  // Runs `variant` to completion (module note above for kFused). kCollective: barrier, memcpy
  // of every rank's shard (own included) into A_ref, barrier. kGemm: C_ref = A_ref @ B, one
  // cblas_sgemm in float, rounded once to dtype. kSequential: kCollective then kGemm.
  // kPipelined: RunPipelined below. Barrier errors (DEADLINE_EXCEEDED, FAILED_PRECONDITION
  // after one) are returned as is; FAILED_PRECONDITION before a successful Prepare.
  absl::Status Run(GemmVariant variant) override;
  // gathered_wrong counts elements of the gathered A whose bits differ from A_ref's or that are
  // NaN on either side (inputs are finite, so a NaN is poison no run overwrote); c_rel_error
  // is computed in double, 1e30 when C or C_ref holds a NaN or infinity.
  absl::StatusOr<GemmCheck> Check() override;
  // GemmCheckTolerance of the prepared problem and its check tiles.
  double tolerance() const override;
  // The race check (GemmCollective): RefillInputs redraws this rank's A_shard (its symmetric
  // buffer) and B; CheckRows checks all m rows of C (CheckGemmRows, every rank's shard drawn
  // from its generator) at once.
  absl::Status RefillInputs(uint64_t seed) override;
  absl::Status CheckRows(uint64_t seed, int operation) override;
  absl::StatusOr<GemmRowCheck> TakeRowChecks() override;
  std::string collective_name() const override { return "memcpy"; }
  std::string gemm_name() const override { return "openblas"; }

  // Test hooks: the gathered A [m, k] (dtype) and C [m, n] (GemmOutputDType) of the fused op,
  // and the FP8 scales.
  const void* gathered_a_for_testing() const { return a_.data(); }
  const void* c_for_testing() const { return c_.data(); }
  void* c_for_testing() { return c_.data(); }
  const CpuFp8Scales& fp8_scales_for_testing() const { return scales_; }

 private:
  absl::Status CheckPrepared(const char* operation) const;
  absl::Status RunFused();
  absl::Status RunAllGather();
  absl::Status RunGemm();
  // The tile-flag GEMM's protocol and its GEMM alone (the class note).
  absl::Status RunTileFlags();
  void RunTileGemm();
  // C's tile `tile` = A's rows of it (`a_rows`: tile.rows x k in dtype, A's row tile.row0 first)
  // @ B's columns of it, into `out` ([m, n] in the output dtype); A's rows are converted to
  // float at a tile with col0 == 0 (the first of its rows in TileFlagsOrder, or a whole row).
  void GemmTile(const void* a_rows, const CpuGemmTile& tile, void* out);
  // Row `row` of the [m, k] A (dtype) held in `a`.
  const unsigned char* RowOf(const std::vector<unsigned char>& a, int64_t row) const {
    return a.data() + row * problem_.k * DTypeSize(problem_.dtype);
  }
  // nvFuser's stream pipeline on one thread: for each of splits_per_rank stages, the stage's
  // all-gather (split s of every rank's shard, memcpy into stage_), then its GEMMs into C, each
  // rank's rows in their place; between an entry and an exit barrier.
  absl::Status RunPipelined();
  // Copy-thread body: every chunk into the gathered A, raising progress[c] to `epoch`; the own
  // shard last (kFused) or first (`own_first`: kTileFlags).
  void CopyChunks(uint32_t epoch, bool own_first);
  // Waits (acquire) until progress[chunk] == epoch; DEADLINE_EXCEEDED after the timeout.
  absl::Status WaitForChunk(int chunk, uint32_t epoch) const;
  // Draws this rank's A_shard and B from `seed` (Prepare's, RefillInputs').
  void FillInputs(uint64_t seed);
  // out rows [row0, row0 + rows) = a_rows (rows x k, dtype) @ B: GemmTile of whole rows.
  void GemmRows(const void* a_rows, int64_t rows, int64_t row0, void* out);

  CpuKernelContext context_;
  const OpenBlas* blas_ = nullptr;  // loaded by Prepare
  bool prepared_ = false;
  GemmProblem problem_;
  int64_t chunk_rows_ = 0;
  size_t chunk_bytes_ = 0;            // chunk_rows_ * k * DTypeSize(dtype)
  int num_chunks_ = 0;                // world_size * splits_per_rank
  std::vector<unsigned char> a_;      // gathered A [m, k] (fused)
  std::vector<unsigned char> a_ref_;  // gathered A [m, k] (all-gather reference)
  std::vector<unsigned char> c_;      // C [m, n] (fused)
  std::vector<unsigned char> c_ref_;  // C [m, n] (GEMM reference)
  std::vector<unsigned char> stage_;  // one pipeline stage's gathered rows [m / splits, k]
  // Which checked variant wrote C last (Check compares the gathered A after kFused only).
  GemmVariant last_checked_ = GemmVariant::kFused;
  std::vector<float> b_f_;             // B [k, n], dtype-rounded values as float
  std::vector<float> a_f_;             // float A [m, k] scratch (all but fp32)
  std::vector<float> c_f_;             // float C [m, n] scratch (bf16/fp16/fp8_e4m3 only)
  CpuFp8Scales scales_;                // fp8_e4m3 only
  GemmRowCheck row_checks_;            // CheckRows' findings since the last TakeRowChecks
  std::vector<double> tile_waits_us_;  // the last kTileFlags' per-tile flag waits (Check)
  std::unique_ptr<std::atomic<uint32_t>[]> progress_;  // [num_chunks_], written by the copy thread
  uint32_t epoch_ = 0;                                 // last fused run's epoch (0: none)
  AgGemmCopyThread copy_thread_;  // last member: joined before the buffers it writes go away
};

// The factory CpuGemmCollectives() holds for "ag_gemm" (added by ag_gemm_cpu.cc).
std::unique_ptr<GemmCollective> NewAgGemmCpu(const CpuKernelContext& context);

// The inputs before rounding to dtype: pseudo-random, in [-1, 1], never zero (odd multiples of
// 2^-23). A: element i of `rank`'s shard (row-major [m / world_size, k]); B: element i of the
// row-major [k, n] B, the same on every rank. FP8 inputs are these times kFp8InputRange.
float AgGemmCpuInputA(uint64_t seed, int rank, int64_t i);
float AgGemmCpuInputB(uint64_t seed, int64_t i);

}  // namespace symmbench
