// GemmCollective helpers shared by every backend.
#include "kernels/gemm_collective.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "absl/strings/str_cat.h"

namespace symmbench {

std::string GemmDTypeName(const GemmProblem& problem) {
  return problem.dtype == DType::kFp8E4m3
             ? absl::StrCat(DTypeName(problem.dtype), " ", Fp8ScalingName(problem.fp8_scaling))
             : std::string(DTypeName(problem.dtype));
}

std::string GemmProblemName(const GemmProblem& problem) {
  return absl::StrCat("m=", problem.m, " n=", problem.n, " k=", problem.k, " ",
                      GemmDTypeName(problem), " splits ", problem.splits_per_rank);
}

const char* GemmVariantName(GemmVariant variant, Computes computes) {
  switch (variant) {
    case GemmVariant::kFused:
      return "fused";
    case GemmVariant::kCollective:
      return computes == Computes::kGemmReduceScatter ? "reduce_scatter" : "all_gather";
    case GemmVariant::kGemm:
      return "gemm";
    case GemmVariant::kSequential:
      return "sequential";
    case GemmVariant::kPipelined:
      return "pipelined";
  }
  return "?";
}

std::vector<GemmVariant> OfferedGemmVariants(Computes computes) {
  std::vector<GemmVariant> variants = {GemmVariant::kFused, GemmVariant::kCollective,
                                       GemmVariant::kGemm, GemmVariant::kSequential};
  if (computes == Computes::kAllGatherGemm) variants.push_back(GemmVariant::kPipelined);
  return variants;
}

int AutoSplitsPerRank(int64_t m, int world_size) {
  constexpr int64_t kMinChunkRows = 1024;
  const int64_t shard_rows = m / world_size;
  for (int splits : {4, 2}) {
    if (shard_rows % splits == 0 && shard_rows / splits >= kMinChunkRows) return splits;
  }
  return 1;
}

int64_t CheckTileRows(const GemmProblem& problem, int world_size) {
  constexpr int64_t kMaxTileRows = 128;
  constexpr int64_t kMaxTiles = 4096;
  const int64_t chunk_rows = problem.m / world_size / problem.splits_per_rank;
  if (chunk_rows < 1) return problem.m > 0 ? problem.m : 1;
  int64_t rows = std::min(kMaxTileRows, chunk_rows);
  while (chunk_rows % rows != 0) --rows;
  if (problem.m / rows > kMaxTiles) rows = chunk_rows;
  return rows;
}

double TileRelError(double diff_sq, double want_sq, bool finite) {
  constexpr double kNonFinite = 1e30;
  if (!finite) return kNonFinite;
  if (want_sq == 0.0) return diff_sq == 0.0 ? 0.0 : kNonFinite;
  return std::sqrt(diff_sq / want_sq);
}

}  // namespace symmbench
