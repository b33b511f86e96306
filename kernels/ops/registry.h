// The op registry: every op the service offers, declared once (name, family, what it computes,
// bus factor, memory need, dispatch role). Every name list, family test, CLI branch, metric label
// and validation above the kernels reads it; nothing else spells an op's name or compares one. No
// CUDA here: the coordinator and the client link it, the backends implement the ops.
//
// Adding a swept collective: its name below, its descriptor line in registry.cc, and its kernel
// file per backend (kernels/cpu/, kernels/cuda/) with its kernel_op statement in that folder's
// BUILD (bazel/kernels.bzl: the backend links every one); the kernel file adds
// itself to its backend's table (kernels/factory_table.h), and each backend's test checks that
// it implements exactly the registry's swept collectives. kernels/cuda/broadcast_collective.cc
// and kernels/cpu/broadcast_cpu.cc are the smallest example. A GEMM + collective op
// (kernels/gemm_collective.h) is the same: its line here, and a file per backend that adds it to
// CpuGemmCollectives() / CudaGemmCollectives() (matmul_reduce_scatter_{cpu,cuda}.cc).
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace symmbench {

// How an op is run, validated and shown.
enum class OpFamily {
  // A collective timed over a sweep of sizes (sizes_bytes), one row per size with algbw and
  // busbw, against the in-run reference (NCCL on CUDA).
  kSweptCollective,
  // A swept collective that runs, per size, the algorithm its dispatch table names (one of the
  // dispatch candidates or a reference).
  kDispatcher,
  // A GEMM with a collective (shapes instead of sizes; variants timed in the same job).
  kGemmCollective,
  // The machine's ceilings for the roofline columns (one row).
  kCalibration,
};

// What an op computes, which decides its in-run reference (NCCL's collective of that kind on
// CUDA, the plain computation on the CPU backend) and how its result is verified.
enum class Computes {
  kAllReduceSum,  // every rank ends with the elementwise sum of every rank's input
  kBroadcast,     // every rank ends with rank 0's input
  // The size is the whole gathered (all-gather) or scattered (reduce-scatter) buffer, in
  // world_size equal shards, as nccl-tests' size column: rank r contributes shard r
  // (all-gather), or ends with shard r of the elementwise sum (reduce-scatter).
  kAllGather,         // every rank ends with every rank's shard, in rank order
  kReduceScatterSum,  // rank r ends with shard r of the elementwise sum of every rank's input
  kAllGatherGemm,     // C = all_gather(A_shard) @ B on every rank
  // C_shard = reduce_scatter(A @ B) along the rows: rank r holds A [M, K/world_size] and
  // B [K/world_size, N] and ends with rows [r M/world_size, (r+1) M/world_size) of the sum
  // over ranks of A @ B (a row-parallel linear layer).
  kGemmReduceScatter,
  kCeilings,  // the machine's measured ceilings (no result to verify)
};

// One op. Strings are the op's own, valid for the program's life.
struct OpDescriptor {
  const char* name;  // as in JobSpec.kernel, e.g. "one_shot_all_reduce"
  const char* description;
  OpFamily family;
  Computes computes;
  // busbw = algbw * bus_factor(world_size): all-reduce 2(n-1)/n, all-gather (n-1)/n
  // (nccl-tests' convention, 0 at one rank, where nothing crosses a bus).
  double (*bus_factor)(int world_size);
  // The reduction, as nccl-tests' redop column shows it: "sum", or "none" for ops without one.
  const char* redop;
  // Device memory a rank needs, in multiples of the per-rank size (swept ops): symmetric input
  // and output regions, output, reference output, NCCL's registered input and output: 6; the
  // push one-shot adds its receive slots, 3 x world size (counted at the largest, 8); the
  // broadcast needs no NCCL registration: 4.
  int buffers_per_rank;
  // Whether the dispatcher of what it computes (the kDispatcher op of the same Computes) may
  // name it in a dispatch table, and `symmbench tune --op` sweeps it.
  bool dispatch_candidate;
  // Whether it runs dtype fp8_e4m3 (e4m3 inputs with scales, bf16 output: the GEMM ops); any
  // other op refuses that dtype naming it.
  bool fp8 = false;
  // Whether it has an in-place form (the result written over the input; Collective::RunInPlace
  // on every backend), timed beside the out-of-place one as nccl-tests' in-place columns.
  bool in_place = false;
  // Whether it runs on misaligned buffers (SweepSpec.misalign_bytes) on every backend.
  bool misalign = false;
  // Whether its kernels end an operation with an exit barrier (after which a rank may rewrite
  // its input and reuse its buffers): the skip_exit_barrier fault (JobSpec.inject_fault) applies.
  bool exit_barrier = false;
  // How many receive slots its kernels rotate through (0: none), each reused that many
  // operations after its last use: the race check runs more operations than the deepest
  // rotation, and the reuse_slot_early fault applies to kernels that have slots.
  int receive_slots = 0;
};

// The names, spelled here only. Code that needs one specific op (the default kernel, the op the
// calibration measures its latency floor with) names it through these.
namespace ops {
inline constexpr char kOneShotAllReduce[] = "one_shot_all_reduce";
inline constexpr char kTwoShotAllReduce[] = "two_shot_all_reduce";
inline constexpr char kOneShotPushAllReduce[] = "one_shot_push_all_reduce";
inline constexpr char kAllReduce[] = "all_reduce";
inline constexpr char kAllGather[] = "all_gather";
inline constexpr char kReduceScatter[] = "reduce_scatter";
inline constexpr char kBroadcast[] = "broadcast";
inline constexpr char kOneShotAllGather[] = "one_shot_all_gather";
inline constexpr char kLowContentionAllGather[] = "low_contention_all_gather";
inline constexpr char kPushAllGather[] = "push_all_gather";
inline constexpr char kLamportAllGather[] = "lamport_all_gather";
inline constexpr char kOneShotReduceScatter[] = "one_shot_reduce_scatter";
inline constexpr char kLowContentionReduceScatter[] = "low_contention_reduce_scatter";
inline constexpr char kLamportReduceScatter[] = "lamport_reduce_scatter";
inline constexpr char kCalibrate[] = "calibrate";
inline constexpr char kAgGemm[] = "ag_gemm";
inline constexpr char kMatmulReduceScatter[] = "matmul_reduce_scatter";
// The calibration's peer-copy bandwidth probe: a backend collective, not an offered op.
inline constexpr char kPeerCopy[] = "peer_copy";
}  // namespace ops

// Every offered op, in a stable order (the order `symmbench devices` lists them).
const std::vector<OpDescriptor>& Ops();
// nullptr when `name` is not an offered op.
const OpDescriptor* FindOp(std::string_view name);
// Whether `name` is an offered op of `family` (false for unknown names).
bool IsFamily(std::string_view name, OpFamily family);
// Whether `name` is an offered op timed over a sweep of sizes (kSweptCollective, kDispatcher).
bool IsSizeSwept(std::string_view name);
// Whether `name` is a swept op whose size is split into world_size equal shards (all-gather,
// reduce-scatter): its sizes are rounded down to a multiple of world_size elements (MakePlan),
// and Prepare's count is the whole buffer's.
bool IsSharded(std::string_view name);
// Whether `name` may run as per-host teams (JobSpec.sweep.per_host_teams): a size-swept sum
// all-reduce, whose reference within a team and the one over every rank are all-reduces too.
bool RunsInTeams(std::string_view name);
// Whether `op` is timed over a sweep of sizes (kSweptCollective, kDispatcher): IsSizeSwept for
// a descriptor that may be a plugin op's.
bool IsSweptOp(const OpDescriptor& op);
// Whether `op` is a size-swept op whose size splits into world_size equal shards (IsSharded,
// for a descriptor that may be a plugin op's).
bool IsShardedOp(const OpDescriptor& op);
// The descriptor of a user's plugin op (plugin/symmbench_plugin.h): a swept collective that
// computes `computes` (kAllReduceSum, kAllGather or kReduceScatterSum), with that collective's
// bus factor and redop, needing `buffers_per_rank` per-rank sizes of device memory. `name` and
// `description` must outlive the descriptor. Never a dispatch candidate, never fp8.
OpDescriptor PluginOpDescriptor(const char* name, const char* description, Computes computes,
                                int buffers_per_rank);
// The family's and the computation's names as `symmbench devices --json` shows them
// ("swept_collective", "all_reduce_sum", ...).
const char* FamilyName(OpFamily family);
const char* ComputesName(Computes computes);
// The names of the ops of `family`, in registry order.
std::vector<std::string> OpNames(OpFamily family);
// Every offered op's name, in registry order.
std::vector<std::string> AllOpNames();
// The ops that the dispatcher of `computes` may name (dispatch_candidate), in registry order.
std::vector<std::string> DispatchCandidates(Computes computes);
// The dispatcher op (kDispatcher) named `name`; nullptr for any other name.
const OpDescriptor* FindDispatcher(std::string_view name);
// The ops that run dtype fp8_e4m3 (OpDescriptor::fp8), in registry order.
std::vector<std::string> Fp8OpNames();
// The in-run references a dispatch table may choose instead of one of ours: "nccl" (the
// reference, ncclAllReduce) and "nccl_symmetric" (NCCL's symmetric-memory kernels, CUDA only).
inline constexpr char kNcclReference[] = "nccl";
inline constexpr char kNcclSymmetricReference[] = "nccl_symmetric";
// Whether a dispatch table of the dispatcher of `computes` may name `name`: one of its
// DispatchCandidates or one of the two references above.
bool IsDispatchAlgorithm(Computes computes, std::string_view name);

}  // namespace symmbench
