// AgGemm helpers shared by every backend.
#include "kernels/ag_gemm.h"

namespace symmbench {

const char* AgGemmVariantName(AgGemmVariant variant) {
  switch (variant) {
    case AgGemmVariant::kFused: return "fused";
    case AgGemmVariant::kAllGather: return "all_gather";
    case AgGemmVariant::kGemm: return "gemm";
    case AgGemmVariant::kSequential: return "sequential";
  }
  return "?";
}

int AutoSplitsPerRank(int64_t m, int world_size) {
  constexpr int64_t kMinChunkRows = 1024;
  const int64_t shard_rows = m / world_size;
  for (int splits : {4, 2}) {
    if (shard_rows % splits == 0 && shard_rows / splits >= kMinChunkRows) return splits;
  }
  return 1;
}

}  // namespace symmbench
