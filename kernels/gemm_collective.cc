// GemmCollective helpers shared by every backend.
#include "kernels/gemm_collective.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "absl/strings/str_cat.h"
#include "kernels/symm_mem_layout.h"

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
    case GemmVariant::kTileFlags:
      return "tile_flags";
    case GemmVariant::kTileGemm:
      return "tile_gemm";
    case GemmVariant::kTilePush:
      return "tile_push";
  }
  return "?";
}

std::vector<GemmVariant> OfferedGemmVariants(Computes computes) {
  std::vector<GemmVariant> variants = {GemmVariant::kFused, GemmVariant::kCollective,
                                       GemmVariant::kGemm, GemmVariant::kSequential};
  if (computes == Computes::kAllGatherGemm) {
    variants.insert(variants.end(),
                    {GemmVariant::kPipelined, GemmVariant::kTileFlags, GemmVariant::kTileGemm});
  } else {
    variants.insert(variants.end(), {GemmVariant::kTilePush, GemmVariant::kTileGemm});
  }
  return variants;
}

int64_t TilePushFlagOffset(int64_t m, int64_t n, DType dtype) {
  const int64_t bytes = m * n * DTypeSize(GemmOutputDType(dtype));
  const int64_t align = static_cast<int64_t>(kBufferAlignment);
  return (bytes + align - 1) / align * align;
}

int64_t TilePushFlagBytes(int64_t m, int64_t n, int world_size) {
  const int64_t ws = std::max(1, world_size);
  const int64_t shard_rows = m / ws;
  const int64_t tiles = (shard_rows + kTilePushMinTileRows - 1) / kTilePushMinTileRows *
                        ((n + kTilePushMinTileCols - 1) / kTilePushMinTileCols);
  return ws * tiles * static_cast<int64_t>(sizeof(uint32_t));
}

TileWaits SummarizeTileWaits(const std::vector<double>& waits_us) {
  constexpr double kWaitedUs = 1.0;
  TileWaits waits;
  waits.tiles = static_cast<int64_t>(waits_us.size());
  double sum = 0;
  for (double us : waits_us) {
    if (us > kWaitedUs) ++waits.waited;
    waits.max_us = std::max(waits.max_us, us);
    sum += us;
  }
  // The rounded sum can put the mean of equal waits an ulp above them: a mean is never above
  // the max it is reported beside.
  if (waits.tiles > 0)
    waits.mean_us = std::min(sum / static_cast<double>(waits.tiles), waits.max_us);
  return waits;
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

namespace {}  // namespace

double GemmOutputRoundoff(DType input) {
  switch (GemmOutputDType(input)) {
    case DType::kFp32:
      return 0x1p-24;
    case DType::kFp16:
      return 0x1p-11;
    default:
      return 0x1p-8;  // bf16 (and fp8_e4m3 inputs, whose output is bf16)
  }
}

namespace {

// Relative error of an fp32 accumulation of k products (a random walk of k roundings).
double AccumulationError(int64_t k) { return 0x1p-24 * std::sqrt(static_cast<double>(k)); }

}  // namespace

void AccumulateRowChecks(const GemmRowCheck& found, GemmRowCheck* total) {
  if (found.wrong_rows > 0 &&
      (total->wrong_rows == 0 || found.operation < total->operation ||
       (found.operation == total->operation && found.first_row < total->first_row))) {
    total->operation = found.operation;
    total->first_row = found.first_row;
  }
  total->wrong_rows += found.wrong_rows;
  total->worst_ratio = std::max(total->worst_ratio, found.worst_ratio);
}

double GemmRowCheckScale(const GemmProblem& problem, int world_size, Computes computes) {
  constexpr double kSigmas = 10.0;
  const double u = GemmOutputRoundoff(problem.dtype);
  const double delta = AccumulationError(problem.k);
  const double roundings = computes == Computes::kGemmReduceScatter && world_size > 1 ? 2.0 : 1.0;
  return kSigmas * std::sqrt(delta * delta + roundings * u * u);
}

double GemmCheckTolerance(const GemmProblem& problem, int world_size, Computes computes,
                          int64_t tile_elems) {
  // RMS relative error of one rounding to nearest, the value's mantissa log-uniform.
  constexpr double kRoundingRms = 0.43;
  const double u = GemmOutputRoundoff(problem.dtype);
  const double delta = AccumulationError(problem.k);
  double sums = 0.0;
  if (computes == Computes::kGemmReduceScatter && world_size > 1) {
    double partial_sums = 1.0;  // the fused side's one rounding
    for (int j = 2; j <= world_size; ++j) partial_sums += static_cast<double>(j) / world_size;
    sums = kRoundingRms * u * std::sqrt(partial_sums);
  }
  const double flips = delta < u ? std::sqrt(2.0 * u * delta) : std::sqrt(2.0) * delta;
  const double one_ulp = 8.0 * u / std::sqrt(static_cast<double>(std::max<int64_t>(tile_elems, 1)));
  return 2.0 * sums + 4.0 * flips + one_ulp;
}

}  // namespace symmbench
