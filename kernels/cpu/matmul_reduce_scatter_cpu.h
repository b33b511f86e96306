// GEMM + reduce-scatter (kernel "matmul_reduce_scatter") on the CPU backend: OpenBLAS on host
// threads, partials pushed into their owners' POSIX shared memory and summed there.
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "kernels/cpu/cpu_kernel.h"
#include "kernels/cpu/gemm_cpu_util.h"
#include "kernels/cpu/openblas.h"
#include "kernels/dtype.h"
#include "kernels/gemm_collective.h"

namespace symmbench {

// PyTorch's fused_matmul_reduce_scatter on host threads: rank r holds A [m, k/n] and B
// [k/n, n_cols] (its slice of K, n = world size) and ends with C_shard = rows [r m/n, (r+1) m/n)
// of the sum over ranks of A @ B.
//
// Memory: the shared-memory input buffer holds the staging area, n slots of [m/n, n_cols], slot
// p for rank p's partial of this rank's rows; the shared-memory output buffer holds this rank's
// full reference partial P_ref [m, n_cols], which the peers read in the reference
// reduce-scatter, then (at TilePushFlagOffset) tile_push's flags (the note below). Private: A
// and B as float (rounded to the dtype once), float GEMM scratch, C_shard and C_ref. FP8
// (fp8_e4m3): A and B are e4m3 codes held as their float values, each rank with its own scales
// (CpuFp8Scales), the partials scaled and rounded to bf16, and everything after the GEMM in bf16
// (kernels/cpu/ag_gemm_cpu.h has the emulation's rule).
//
//   kFused: entry barrier (every peer has finished summing its staging area from the previous
//     op); for destination d = r + 1, r + 2, ..., r (own rows last), chunk by chunk
//     (splits_per_rank chunks per destination): OpenBLAS computes the chunk's rows of A @ B and
//     writes them, rounded to the dtype, straight into slot r of d's staging area (the push);
//     barrier (every partial of this rank's rows has landed); C_shard = the staged slots summed
//     in rank order (fp32, one rounding).
//   kTilePush: the note below.
//   kGemm: P_ref = A @ B, one OpenBLAS call, rounded to the dtype, into the output buffer.
//   kTileGemm: the same P_ref, tile by tile in kTilePush's order and tiles (no push, no flag).
//   kCollective ("sum"): barrier; C_ref = the peers' P_ref rows of this rank summed in rank
//     order; barrier (every peer has read this rank's P_ref before it is overwritten).
//   kSequential: kGemm, then kCollective.
//   Check: C_shard against C_ref, tile by tile relative Frobenius error (CheckTileRows); the
//     chunk GEMMs and the whole-matrix GEMM may round differently.
//
// NOTE [CPU matmul_reduce_scatter: tile_push flags]
//
// Layout: owner d's shard, rows [d m/n, (d+1) m/n), is cut into T tiles of kCpuTileRows x
// kCpuTileCols, TileFlagsOrder(m/n, n_cols, 0, ...) (row tiles clipped at the shard's end, so
// no tile straddles two owners whatever m/n is), tile t the t-th of that list. Rank d's output
// buffer holds uint32 flag[p][t] (n x T of them, at TilePushFlagOffset past P_ref; Prepare
// refuses a buffer without that room, INVALID_ARGUMENT): written only by source rank p, read
// only by d.
//
// Run(kTilePush) on rank r, operation epoch e (Prepare sets 0, each kTilePush adds 1; every
// rank runs the same sequence of operations, so all agree): entry barrier (block 0) -> ONE
// GEMM over r's whole A, tile by tile, owners d = r + 1, r + 2, ..., r (own rows last), each
// owner's tiles in order: OpenBLAS computes the tile in fp32, rounds it to the output dtype
// straight into slot r of d's staging area (plain stores), then r stores e into d's flag[r][t]
// with __ATOMIC_RELEASE -> for each tile t of r's shard in order: r loads flag[p][t] for every
// p with __ATOMIC_ACQUIRE until (int32_t)(flag - e) >= 0 (wrap-safe), then sums the n slots of
// that tile in rank order (fp32, one rounding) into C_shard. The acquire that sees e pairs with
// p's release, so p's stores of the tile happen-before r's reads of it.
//
// Reuse: no exit barrier. When r's sum is done, every flag of r's shard has risen, so every
// push into r's staging area of this operation has landed; peers push again only after the
// next operation's entry barrier, which r reaches after its sum (and after PoisonOutputs, which
// may rewrite its staging area in between). Flags need no reset between operations: a flag
// left from operation e - 1 compares below e.
//
// Reset: Prepare zeroes r's own flags and sets the epoch to 0. No peer writes them then: r
// waited for every flag of its last tile_push (so no raise of an earlier operation is still in
// flight), and a peer's first raise of the new problem comes after the entry barrier of its
// first tile_push, which r enters only after Prepare returns; the barrier's release/acquire
// orders r's zeroing before that raise. A flag of 0 compares below every epoch from 1 on.
//
// Failure: a flag that does not rise within the backend timeout is DEADLINE_EXCEEDED naming
// rank, source rank, tile and epoch, and one that this rank's abort word interrupts (a peer
// gave up) is ABORTED naming the aborting rank, as the signal-pad barrier's waits are; the op
// then refuses later Runs (FAILED_PRECONDITION: late pushes may still land in its staging
// area). Under the skip_exit_barrier fault (KernelFaults) the flag waits stand in for kFused's
// exit barrier and are skipped; the delayed rank then pushes kFaultDelay after the entry
// barrier, so its owners sum poison or an earlier operation's partials.
//
// Run is collective (every rank calls the same sequence of variants); Prepare, PoisonOutputs
// and Check are local. One thread drives a MatmulReduceScatterCpu.
class MatmulReduceScatterCpu final : public GemmCollective {
 public:
  explicit MatmulReduceScatterCpu(const CpuKernelContext& context) : context_(context) {}

  // See GemmCollective::Prepare. INVALID_ARGUMENT also when the staging area or tile_push's
  // flags (the note above) do not fit the symmetric buffers.
  absl::Status Prepare(const GemmProblem& problem, uint64_t seed) override;
  // C_shard, C_ref and this rank's staging area (0xFF: NaN in every dtype).
  absl::Status PoisonOutputs() override;
  absl::Status RefillInputs(uint64_t seed) override;
  // Rows [rank m/n, (rank+1) m/n) of C, each the sum over every rank's K slice drawn from its
  // generator (FP8: with that rank's scales, drawn from Prepare's seed).
  absl::Status CheckRows(uint64_t seed, int operation) override;
  absl::StatusOr<GemmRowCheck> TakeRowChecks() override;
  // OK for the variants the op offers (OfferedGemmVariants); ag_gemm's own ones are refused.
  absl::Status CanRun(GemmVariant variant) const override;
  absl::Status Run(GemmVariant variant) override;
  // C_shard against C_ref; after kTilePush also its tiles' flag waits (TileWaits).
  absl::StatusOr<GemmCheck> Check() override;
  double tolerance() const override;
  std::string collective_name() const override { return "sum"; }
  std::string gemm_name() const override { return "openblas"; }

  // Test hooks: the fused op's C_shard [m / world_size, n] and this rank's P_ref [m, n]
  // (GemmOutputDType elements); and a delay this rank waits after kTilePush's entry barrier
  // before its first push, so that its owners' sums must wait for their flags.
  const void* c_shard() const { return c_.data(); }
  void* p_ref_for_testing() const { return context_.memory->output_buffer(rank()); }
  void set_push_delay_for_testing(std::chrono::milliseconds delay) { push_delay_ = delay; }

 private:
  static constexpr char kName[] = "matmul_reduce_scatter (cpu)";

  int rank() const { return context_.memory->rank(); }
  int world_size() const { return context_.memory->world_size(); }
  // C's element type (bf16 for fp8_e4m3 inputs): the partials', the staging area's and C's.
  DType out_dtype() const { return GemmOutputDType(problem_.dtype); }
  size_t row_bytes() const { return static_cast<size_t>(problem_.n) * DTypeSize(out_dtype()); }
  absl::Status CheckPrepared(const char* operation) const;
  // Draws this rank's A and B from `seed` (Prepare's, RefillInputs').
  void FillInputs(uint64_t seed);
  // out (output dtype, rows x n) = rows [row0, row0 + rows) of A @ B (FP8: scaled), through
  // the float scratch.
  void GemmRows(int64_t row0, int64_t rows, void* out);
  // C (shard_rows_ x n) = sum over p in rank order of the shard rows at inputs[p].
  void SumShards(const void* const* inputs, void* out) const;
  absl::Status RunFused();
  void RunGemm();
  absl::Status RunReduceScatter();

  // tile_push (matmul_reduce_scatter_cpu_tiles.cc; the note above).
  absl::Status RunTilePush();
  void RunTileGemm();
  // Tile `tile` (rows of the whole [m, n]) of A @ B rounded to the output dtype into `out`
  // (the tile's first element, rows n apart).
  void GemmTile(const CpuGemmTile& tile, void* out);
  // Rank `owner`'s flag[source][tile] (the note above).
  uint32_t* Flag(int owner, int source, int64_t tile) const;
  // Waits (acquire) until flag[source][tile] of this rank has reached `epoch`.
  absl::Status WaitForFlag(int source, int64_t tile, uint32_t epoch) const;

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
  // tile_push: the tiles of one shard (rows from 0), the flags' byte offset in every rank's
  // output buffer, the last operation's epoch, its tiles' flag waits, and whether a flag wait
  // failed (the staging area may still receive late pushes: later Runs are refused).
  std::vector<CpuGemmTile> shard_tiles_;
  size_t flag_offset_ = 0;
  uint32_t epoch_ = 0;
  std::vector<double> tile_waits_us_;
  bool flags_broken_ = false;
  std::chrono::milliseconds push_delay_{0};
  // Which checked variant wrote C_shard last (Check reports tile_push's waits after it only).
  GemmVariant last_checked_ = GemmVariant::kFused;
};

// The factory CpuGemmCollectives() holds for "matmul_reduce_scatter".
std::unique_ptr<GemmCollective> NewMatmulReduceScatterCpu(const CpuKernelContext& context);

// Before rounding to the dtype: pseudo-random, in (-1, 1), never zero. A: element i of `rank`'s
// A [m, k / world_size]; B: element i of `rank`'s B [k / world_size, n] (row-major).
float MatmulReduceScatterCpuInputA(uint64_t seed, int rank, int64_t i);
float MatmulReduceScatterCpuInputB(uint64_t seed, int rank, int64_t i);
// fp8_e4m3: `rank`'s scales for `problem` (A's: m rows or one; B's: n columns or one). The
// inputs are then the draws above times kFp8InputRange, rounded to e4m3.
CpuFp8Scales MatmulReduceScatterCpuFp8Scales(const GemmProblem& problem, uint64_t seed, int rank);

// Test hook: the fused op's C_shard [m / world_size, n] (GemmOutputDType elements) of a CPU
// matmul_reduce_scatter; nullptr for any other op.
const void* MatmulReduceScatterCpuOutputForTesting(const GemmCollective& op);

}  // namespace symmbench
