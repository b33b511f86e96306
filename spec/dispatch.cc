// Dispatch tables: validation, the built-in default and the choice by size.
#include "spec/dispatch.h"

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/types/span.h"
#include "common/quote.h"
#include "kernels/ops/registry.h"

namespace symmbench {

std::string DispatchTableOp(const v1::DispatchTable& table) {
  return table.op().empty() ? std::string(ops::kAllReduce) : table.op();
}

absl::Status ValidateDispatchTable(const v1::DispatchTable& table) {
  const OpDescriptor* op = FindDispatcher(DispatchTableOp(table));
  if (op == nullptr) {
    return absl::InvalidArgumentError(
        absl::StrCat("op: ", Quote(table.op()), " is not a dispatcher (want ",
                     absl::StrJoin(OpNames(OpFamily::kDispatcher), ", "), ")"));
  }
  if (table.gpu_model().empty()) return absl::InvalidArgumentError("gpu_model: must be set");
  if (table.gpu_model().size() > kMaxGpuModelBytes) {
    return absl::InvalidArgumentError(absl::StrCat("gpu_model: ", Quote(table.gpu_model()),
                                                   " is over ", kMaxGpuModelBytes, " bytes"));
  }
  if (table.world_size() < 1 || table.world_size() > kMaxDispatchWorldSize) {
    return absl::InvalidArgumentError(absl::StrCat(
        "world_size: must be in [1, ", kMaxDispatchWorldSize, "] (got ", table.world_size(), ")"));
  }
  // fp8_e4m3 is the GEMM ops' input type: no all-reduce runs it.
  if (table.dtype() == v1::DTYPE_UNSPECIFIED || !v1::DType_IsValid(table.dtype()) ||
      table.dtype() == v1::fp8_e4m3) {
    return absl::InvalidArgumentError(absl::StrCat("dtype: must be bf16, fp16 or fp32 (got ",
                                                   static_cast<int>(table.dtype()), ")"));
  }
  if (table.entries().empty()) return absl::InvalidArgumentError("entries: empty");
  if (table.entries_size() > kMaxDispatchEntries) {
    return absl::InvalidArgumentError(absl::StrCat("entries: ", table.entries_size(),
                                                   " entries, more than ", kMaxDispatchEntries));
  }
  int64_t previous = 0;
  for (int i = 0; i < table.entries_size(); ++i) {
    const v1::DispatchEntry& e = table.entries(i);
    const bool last = i + 1 == table.entries_size();
    if (!IsDispatchAlgorithm(op->computes, e.algorithm())) {
      return absl::InvalidArgumentError(
          absl::StrCat("entries[", i, "].algorithm: unknown ", Quote(e.algorithm()), " for ",
                       op->name, " (want ", absl::StrJoin(DispatchCandidates(op->computes), ", "),
                       ", ", kNcclReference, " or ", kNcclSymmetricReference, ")"));
    }
    if (last ? e.max_bytes() != 0 : e.max_bytes() <= previous) {
      return absl::InvalidArgumentError(absl::StrCat(
          "entries[", i, "].max_bytes: ",
          last ? "the last entry must be 0 (no upper bound)" : "must ascend and be > 0", " (got ",
          e.max_bytes(), ")"));
    }
    previous = e.max_bytes();
  }
  return absl::OkStatus();
}

absl::Status CheckDispatchTableFor(const v1::DispatchTable& table, const std::string& kernel,
                                   v1::Backend backend, int ranks, v1::DType dtype) {
  if (DispatchTableOp(table) != kernel) {
    return absl::InvalidArgumentError(absl::StrCat("op: the table is for ", DispatchTableOp(table),
                                                   ", the job's kernel is ", kernel));
  }
  if (table.world_size() != ranks) {
    return absl::InvalidArgumentError(absl::StrCat(
        "world_size: the table is for ", table.world_size(), " ranks, the job runs ", ranks));
  }
  if (table.dtype() != dtype) {
    return absl::InvalidArgumentError(absl::StrCat("dtype: the table is for ",
                                                   v1::DType_Name(table.dtype()), ", the job's is ",
                                                   v1::DType_Name(dtype)));
  }
  for (int i = 0; i < table.entries_size(); ++i) {
    if (table.entries(i).algorithm() == kNcclSymmetricReference && backend != v1::cuda) {
      return absl::InvalidArgumentError(
          absl::StrCat("entries[", i,
                       "].algorithm: nccl_symmetric needs the CUDA backend (this "
                       "daemon's is ",
                       v1::Backend_Name(backend), ")"));
    }
  }
  return absl::OkStatus();
}

v1::DispatchTable DefaultDispatchTable(v1::Backend backend, const std::string& op,
                                       const std::string& gpu_model, int world_size,
                                       v1::DType dtype) {
  v1::DispatchTable table;
  table.set_op(op);
  table.set_gpu_model(gpu_model);
  table.set_world_size(world_size);
  table.set_dtype(dtype);
  // Thresholds in bytes per rank buffer (see the header); 0 = no upper bound.
  struct Step {
    int64_t max_bytes;
    const char* algorithm;
  };
  static constexpr Step kTwoRanks[] = {{int64_t{4} << 20, ops::kOneShotPushAllReduce},
                                       {0, ops::kTwoShotAllReduce}};
  static constexpr Step kThreeRanks[] = {{int64_t{1} << 20, ops::kOneShotPushAllReduce},
                                         {int64_t{128} << 20, ops::kTwoShotAllReduce},
                                         {0, kNcclReference}};
  static constexpr Step kFourOrMoreRanks[] = {{int64_t{256} << 10, ops::kOneShotPushAllReduce},
                                              {int64_t{32} << 20, ops::kTwoShotAllReduce},
                                              {0, kNcclReference}};
  static constexpr Step kCpu[] = {{0, ops::kTwoShotAllReduce}};
  static constexpr Step kOneGpu[] = {{0, kNcclReference}};
  static constexpr Step kGatherTwoGpus[] = {{int64_t{4} << 20, ops::kLamportAllGather},
                                            {0, ops::kOneShotAllGather}};
  static constexpr Step kGatherGpus[] = {{int64_t{4} << 20, ops::kLamportAllGather},
                                         {0, kNcclSymmetricReference}};
  static constexpr Step kGatherCpu[] = {{0, ops::kOneShotAllGather}};
  static constexpr Step kScatterThreeGpus[] = {{int64_t{16} << 20, ops::kLamportReduceScatter},
                                               {0, ops::kOneShotReduceScatter}};
  static constexpr Step kScatterGpus[] = {{int64_t{4} << 20, ops::kLamportReduceScatter},
                                          {0, ops::kOneShotReduceScatter}};
  static constexpr Step kScatterCpu[] = {{0, ops::kOneShotReduceScatter}};
  const bool cpu = backend == v1::cpu;
  const OpDescriptor* dispatcher = FindDispatcher(op);
  const Computes computes = dispatcher != nullptr ? dispatcher->computes : Computes::kAllReduceSum;
  absl::Span<const Step> steps;
  if (computes == Computes::kAllGather) {
    steps = cpu               ? absl::MakeConstSpan(kGatherCpu)
            : world_size <= 1 ? absl::MakeConstSpan(kOneGpu)
            : world_size == 2 ? absl::MakeConstSpan(kGatherTwoGpus)
                              : absl::MakeConstSpan(kGatherGpus);
  } else if (computes == Computes::kReduceScatterSum) {
    steps = cpu               ? absl::MakeConstSpan(kScatterCpu)
            : world_size <= 1 ? absl::MakeConstSpan(kOneGpu)
            : world_size == 3 ? absl::MakeConstSpan(kScatterThreeGpus)
                              : absl::MakeConstSpan(kScatterGpus);
  } else {
    steps = cpu               ? absl::MakeConstSpan(kCpu)
            : world_size <= 1 ? absl::MakeConstSpan(kOneGpu)
            : world_size == 2 ? absl::MakeConstSpan(kTwoRanks)
            : world_size == 3 ? absl::MakeConstSpan(kThreeRanks)
                              : absl::MakeConstSpan(kFourOrMoreRanks);
  }
  for (const Step& step : steps) {
    v1::DispatchEntry* entry = table.add_entries();
    entry->set_max_bytes(step.max_bytes);
    entry->set_algorithm(step.algorithm);
  }
  table.set_source("built-in default");
  return table;
}

std::string ChooseAlgorithm(const v1::DispatchTable& table, int64_t size_bytes) {
  for (const v1::DispatchEntry& e : table.entries()) {
    if (e.max_bytes() == 0 || size_bytes <= e.max_bytes()) return e.algorithm();
  }
  return table.entries().empty() ? std::string() : table.entries().rbegin()->algorithm();
}

}  // namespace symmbench
