// The op registry: one line per op.
#include "kernels/ops/registry.h"

namespace symmbench {
namespace {

// nccl-tests' factors, also at one rank, where nothing crosses a bus: busbw 0.
double AllReduceBusFactor(int world_size) {
  return world_size <= 1 ? 0.0 : 2.0 * (world_size - 1) / world_size;
}

// nccl-tests' broadcast: every byte crosses a bus once, busbw = algbw.
double BroadcastBusFactor(int /*world_size*/) { return 1.0; }

// All-gather and reduce-scatter: (n-1)/n, each rank's shards of the other ranks cross a bus once.
double ShardBusFactor(int world_size) {
  return world_size <= 1 ? 0.0 : static_cast<double>(world_size - 1) / world_size;
}

constexpr int kMaxWorldSize = 8;  // the push one-shot's receive slots are counted at it

// The names of the ops for which keep(op) holds, in registry order.
template <typename Keep>
std::vector<std::string> NamesWhere(Keep keep) {
  std::vector<std::string> names;
  for (const OpDescriptor& op : Ops()) {
    if (keep(op)) names.emplace_back(op.name);
  }
  return names;
}

}  // namespace

const std::vector<OpDescriptor>& Ops() {
  static const auto* const kOps = new std::vector<OpDescriptor>{
      {ops::kOneShotAllReduce,
       "sum all-reduce: every rank pulls every peer's buffer through symmetric memory",
       OpFamily::kSweptCollective, Computes::kAllReduceSum, AllReduceBusFactor, "sum", 6, true,
       /*fp8=*/false, /*in_place=*/true,
       /*misalign=*/true, /*exit_barrier=*/true},
      {ops::kTwoShotAllReduce,
       "sum all-reduce: reduce-scatter through symmetric memory (each rank sums its slice of every "
       "peer's buffer and pushes it into every peer's output), then the all-gather it implies",
       OpFamily::kSweptCollective, Computes::kAllReduceSum, AllReduceBusFactor, "sum", 6, true,
       /*fp8=*/false, /*in_place=*/true,
       /*misalign=*/true, /*exit_barrier=*/true},
      {ops::kOneShotPushAllReduce,
       "sum all-reduce without barriers: every rank pushes its buffer into a receive slot of every "
       "peer, the data itself marking arrival (TensorRT-LLM's Lamport one-shot; -0 sent as +0)",
       OpFamily::kSweptCollective, Computes::kAllReduceSum, AllReduceBusFactor, "sum",
       6 + 3 * kMaxWorldSize, true, /*fp8=*/false, /*in_place=*/true,
       /*misalign=*/true, /*exit_barrier=*/false, /*receive_slots=*/3},
      {ops::kAllReduce,
       "sum all-reduce dispatched by size to the one-shot, the two-shot or NCCL, from the table "
       "`symmbench tune` measured on this machine (or the built-in default)",
       OpFamily::kDispatcher, Computes::kAllReduceSum, AllReduceBusFactor, "sum", 6, false,
       /*fp8=*/false, /*in_place=*/true,
       /*misalign=*/true},
      {ops::kAllGather,
       "all-gather dispatched by size to the SM one-shot, the copy-engine low-contention "
       "all-gather or NCCL, from the table `symmbench tune --op all_gather` measured on this "
       "machine (or the built-in default)",
       OpFamily::kDispatcher, Computes::kAllGather, ShardBusFactor, "none", 6, false,
       /*fp8=*/false, /*in_place=*/true, /*misalign=*/true},
      {ops::kReduceScatter,
       "sum reduce-scatter dispatched by size to the SM one-shot, the copy-engine low-contention "
       "reduce-scatter or NCCL, from the table `symmbench tune --op reduce_scatter` measured on "
       "this machine (or the built-in default)",
       OpFamily::kDispatcher, Computes::kReduceScatterSum, ShardBusFactor, "sum", 6, false,
       /*fp8=*/false, /*in_place=*/true, /*misalign=*/true},
      {ops::kCalibrate,
       "the machine's ceilings for the roofline columns: peer-copy bandwidth (sizes_bytes[0] "
       "bytes), the one-shot of 16 bytes (latency floor) and the GEMM rate",
       OpFamily::kCalibration, Computes::kCeilings, AllReduceBusFactor, "sum", 6, false},
      {ops::kAgGemm,
       "all-gather of A shards by copy engine with per-chunk progress flags, overlapped with the "
       "GEMM C = A @ B on each chunk as it lands (shapes instead of sizes)",
       OpFamily::kGemmCollective, Computes::kAllGatherGemm, ShardBusFactor, "none", 0, false,
       /*fp8=*/true, /*in_place=*/false, /*misalign=*/false, /*exit_barrier=*/true},
      {ops::kMatmulReduceScatter,
       "GEMM + reduce-scatter (a row-parallel linear layer, PyTorch's "
       "fused_matmul_reduce_scatter): "
       "each rank multiplies A [M, K/n] @ B [K/n, N] chunk by chunk, each chunk's rows pushed by "
       "copy engine into their owner's symmetric buffer while the next chunk computes, then "
       "every rank sums the n partials of its M/n rows (shapes instead of sizes)",
       OpFamily::kGemmCollective, Computes::kGemmReduceScatter, ShardBusFactor, "sum", 0, false,
       /*fp8=*/true, /*in_place=*/false, /*misalign=*/false, /*exit_barrier=*/true},
      {ops::kBroadcast,
       "broadcast from rank 0: every rank copies rank 0's buffer by copy engine between two "
       "signal-pad barriers",
       OpFamily::kSweptCollective, Computes::kBroadcast, BroadcastBusFactor, "none", 4, false,
       /*fp8=*/false, /*in_place=*/true, /*misalign=*/true,
       /*exit_barrier=*/true},
      {ops::kOneShotAllGather,
       "all-gather: every rank pulls every peer's shard through symmetric memory with SM loads, "
       "between two signal-pad barriers",
       OpFamily::kSweptCollective, Computes::kAllGather, ShardBusFactor, "none", 6, true,
       /*fp8=*/false, /*in_place=*/true, /*misalign=*/true,
       /*exit_barrier=*/true},
      {ops::kLowContentionAllGather,
       "all-gather by copy engine, no SMs: every rank copies every peer's shard out of symmetric "
       "memory, one peer at a time from itself downwards (rank, rank - 1, ...), so that no two "
       "ranks read one peer at once (PyTorch's _low_contention_all_gather)",
       OpFamily::kSweptCollective, Computes::kAllGather, ShardBusFactor, "none", 6, true,
       /*fp8=*/false, /*in_place=*/true, /*misalign=*/true,
       /*exit_barrier=*/true},
      {ops::kPushAllGather,
       "all-gather by stores: every rank pushes its shard into every peer's symmetric output "
       "with SM stores over NVLink, between two signal-pad barriers (the write-side twin of "
       "one_shot_all_gather)",
       OpFamily::kSweptCollective, Computes::kAllGather, ShardBusFactor, "none", 6, false,
       /*fp8=*/false, /*in_place=*/true, /*misalign=*/true,
       /*exit_barrier=*/true},
      {ops::kLamportAllGather,
       "all-gather without barriers: every rank pushes its shard into a receive slot of every "
       "peer, the data itself marking arrival, and copies what arrives into its output (the push "
       "one-shot's Lamport exchange; -0 sent as +0)",
       OpFamily::kSweptCollective, Computes::kAllGather, ShardBusFactor, "none",
       6 + 3 * kMaxWorldSize, true, /*fp8=*/false, /*in_place=*/true,
       /*misalign=*/true, /*exit_barrier=*/false, /*receive_slots=*/3},
      {ops::kOneShotReduceScatter,
       "sum reduce-scatter: every rank pulls its shard of every peer's buffer through symmetric "
       "memory with SM loads and sums it in rank order",
       OpFamily::kSweptCollective, Computes::kReduceScatterSum, ShardBusFactor, "sum", 6, true,
       /*fp8=*/false, /*in_place=*/true, /*misalign=*/true,
       /*exit_barrier=*/true},
      {ops::kLowContentionReduceScatter,
       "sum reduce-scatter by copy engine: every rank copies its shard of every peer's buffer "
       "into a local staging buffer, one peer at a time (rank, rank - 1, ...), then sums the "
       "staged shards locally in rank order (PyTorch's _low_contention_reduce_scatter)",
       OpFamily::kSweptCollective, Computes::kReduceScatterSum, ShardBusFactor, "sum", 6, true,
       /*fp8=*/false, /*in_place=*/true, /*misalign=*/true,
       /*exit_barrier=*/true},
      {ops::kLamportReduceScatter,
       "sum reduce-scatter without barriers: every rank pushes shard p of its buffer into a "
       "receive slot of rank p, the data itself marking arrival, and sums what arrives in rank "
       "order (the push one-shot's Lamport exchange; -0 sent as +0)",
       OpFamily::kSweptCollective, Computes::kReduceScatterSum, ShardBusFactor, "sum",
       6 + 3 * kMaxWorldSize, true, /*fp8=*/false, /*in_place=*/true,
       /*misalign=*/true, /*exit_barrier=*/false, /*receive_slots=*/3},
  };
  return *kOps;
}

const OpDescriptor* FindOp(std::string_view name) {
  for (const OpDescriptor& op : Ops()) {
    if (op.name == name) return &op;
  }
  return nullptr;
}

bool IsFamily(std::string_view name, OpFamily family) {
  const OpDescriptor* op = FindOp(name);
  return op != nullptr && op->family == family;
}

bool IsSizeSwept(std::string_view name) {
  return IsFamily(name, OpFamily::kSweptCollective) || IsFamily(name, OpFamily::kDispatcher);
}

bool IsSweptOp(const OpDescriptor& op) {
  return op.family == OpFamily::kSweptCollective || op.family == OpFamily::kDispatcher;
}

bool IsShardedOp(const OpDescriptor& op) {
  return IsSweptOp(op) &&
         (op.computes == Computes::kAllGather || op.computes == Computes::kReduceScatterSum);
}

bool IsSharded(std::string_view name) {
  const OpDescriptor* op = FindOp(name);
  return op != nullptr && IsShardedOp(*op);
}

OpDescriptor PluginOpDescriptor(const char* name, const char* description, Computes computes,
                                int buffers_per_rank) {
  const bool sharded = computes == Computes::kAllGather || computes == Computes::kReduceScatterSum;
  return OpDescriptor{name,
                      description,
                      OpFamily::kSweptCollective,
                      computes,
                      sharded ? ShardBusFactor : AllReduceBusFactor,
                      computes == Computes::kAllGather ? "none" : "sum",
                      buffers_per_rank,
                      /*dispatch_candidate=*/false};
}

bool RunsInTeams(std::string_view name) {
  const OpDescriptor* op = FindOp(name);
  return op != nullptr && IsSizeSwept(name) && op->computes == Computes::kAllReduceSum;
}

const char* FamilyName(OpFamily family) {
  switch (family) {
    case OpFamily::kSweptCollective:
      return "swept_collective";
    case OpFamily::kDispatcher:
      return "dispatcher";
    case OpFamily::kGemmCollective:
      return "gemm_collective";
    case OpFamily::kCalibration:
      return "calibration";
  }
  return "unknown";
}

const char* ComputesName(Computes computes) {
  switch (computes) {
    case Computes::kAllReduceSum:
      return "all_reduce_sum";
    case Computes::kBroadcast:
      return "broadcast";
    case Computes::kAllGather:
      return "all_gather";
    case Computes::kReduceScatterSum:
      return "reduce_scatter_sum";
    case Computes::kAllGatherGemm:
      return "all_gather_gemm";
    case Computes::kGemmReduceScatter:
      return "gemm_reduce_scatter";
    case Computes::kCeilings:
      return "ceilings";
  }
  return "unknown";
}

std::vector<std::string> OpNames(OpFamily family) {
  return NamesWhere([family](const OpDescriptor& op) { return op.family == family; });
}

std::vector<std::string> AllOpNames() {
  return NamesWhere([](const OpDescriptor&) { return true; });
}

std::vector<std::string> DispatchCandidates(Computes computes) {
  return NamesWhere([computes](const OpDescriptor& op) {
    return op.dispatch_candidate && op.computes == computes;
  });
}

const OpDescriptor* FindDispatcher(std::string_view name) {
  const OpDescriptor* op = FindOp(name);
  return op != nullptr && op->family == OpFamily::kDispatcher ? op : nullptr;
}

std::vector<std::string> Fp8OpNames() {
  return NamesWhere([](const OpDescriptor& op) { return op.fp8; });
}

bool IsDispatchAlgorithm(Computes computes, std::string_view name) {
  const OpDescriptor* op = FindOp(name);
  return (op != nullptr && op->dispatch_candidate && op->computes == computes) ||
         name == kNcclReference || name == kNcclSymmetricReference;
}

}  // namespace symmbench
