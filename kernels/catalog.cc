// The kernel catalog: one line per kernel (name, description, bus factor, memory need).
#include "kernels/catalog.h"

namespace symmbench {
namespace {

// nccl-tests' factors, also at one rank, where nothing crosses a bus: busbw 0.
double AllReduceBusFactor(int world_size) {
  return world_size <= 1 ? 0.0 : 2.0 * (world_size - 1) / world_size;
}

double AllGatherBusFactor(int world_size) {
  return world_size <= 1 ? 0.0 : static_cast<double>(world_size - 1) / world_size;
}

}  // namespace

const std::vector<KernelInfo>& KernelCatalog() {
  static const auto* catalog = new std::vector<KernelInfo>{
      {"one_shot_all_reduce",
       "sum all-reduce: every rank pulls every peer's buffer through symmetric memory",
       AllReduceBusFactor, 6},
      {"two_shot_all_reduce",
       "sum all-reduce: reduce-scatter through symmetric memory (each rank sums its slice of every "
       "peer's buffer and pushes it into every peer's output), then the all-gather it implies",
       AllReduceBusFactor, 6},
      {"one_shot_push_all_reduce",
       "sum all-reduce without barriers: every rank pushes its buffer into a receive slot of every "
       "peer, the data itself marking arrival (TensorRT-LLM's Lamport one-shot; -0 sent as +0)",
       AllReduceBusFactor, 6 + 3 * 8},  // 8: kMaxWorldSize
      {"all_reduce",
       "sum all-reduce dispatched by size to the one-shot, the two-shot or NCCL, from the table "
       "`symmbench tune` measured on this machine (or the built-in default)",
       AllReduceBusFactor, 6},
      {"calibrate",
       "the machine's ceilings for the roofline columns: peer-copy bandwidth (sizes_bytes[0] "
       "bytes), the one-shot of 16 bytes (latency floor) and the GEMM rate",
       AllReduceBusFactor, 6},
      {"ag_gemm",
       "all-gather of A shards by copy engine with per-chunk progress flags, overlapped with the "
       "GEMM C = A @ B on each chunk as it lands (shapes instead of sizes)",
       AllGatherBusFactor, 0},
  };
  return *catalog;
}

const KernelInfo* FindKernel(const std::string& name) {
  for (const KernelInfo& info : KernelCatalog()) {
    if (info.name == name) return &info;
  }
  return nullptr;
}

}  // namespace symmbench
