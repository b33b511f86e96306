// The kernels the service knows, with what the coordinator needs to validate a job (no CUDA
// here: the coordinator links this, the worker's backends implement the kernels).
#pragma once

#include <string>
#include <vector>

namespace symmbench {

struct KernelInfo {
  std::string name;  // e.g. "one_shot_all_reduce"
  std::string description;
  // busbw = algbw * BusFactor(world_size); all-reduce: 2(n-1)/n (nccl-tests' convention: 0 at
  // one rank, where nothing crosses a bus).
  double (*bus_factor)(int world_size);
  // Device memory a rank needs, in multiples of the per-rank size. The all-reduces: symmetric
  // input and output regions, output, reference output, and NCCL's registered input and output
  // (the symmetric-kernel baseline): 6; the push one-shot adds its receive slots, 3 x world
  // size (counted at the largest world size, 8).
  int buffers_per_rank;
};

// All known kernels, in a stable order.
const std::vector<KernelInfo>& KernelCatalog();
// nullptr when unknown.
const KernelInfo* FindKernel(const std::string& name);

}  // namespace symmbench
