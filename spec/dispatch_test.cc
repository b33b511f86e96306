// Dispatch tables: validation naming the field, the built-in defaults, the choice by size.
#include "spec/dispatch.h"

#include <gtest/gtest.h>

#include <tuple>
#include <utility>

namespace symmbench {
namespace {

v1::DispatchTable Table() {
  v1::DispatchTable table =
      DefaultDispatchTable(v1::cuda, "all_reduce", "NVIDIA H200", 2, v1::bf16);
  table.set_source("test");
  return table;
}

TEST(DispatchTablesTest, DefaultIsValidAndChoosesBySize) {
  const v1::DispatchTable table = Table();
  EXPECT_TRUE(ValidateDispatchTable(table).ok());
  EXPECT_EQ(ChooseAlgorithm(table, 2048), "one_shot_push_all_reduce");
  EXPECT_EQ(ChooseAlgorithm(table, 4 << 20), "one_shot_push_all_reduce");
  EXPECT_EQ(ChooseAlgorithm(table, (4 << 20) + 2), "two_shot_all_reduce");
}

// Above 2 ranks the two-shot hands the largest sizes to NCCL (measured on 3 and 4 x H200).
TEST(DispatchTablesTest, DefaultDependsOnWorldSize) {
  // One GPU: NCCL's local copy beats every kernel (measured on one H100).
  const v1::DispatchTable one =
      DefaultDispatchTable(v1::cuda, "all_reduce", "NVIDIA H100", 1, v1::bf16);
  ASSERT_EQ(one.entries_size(), 1);
  EXPECT_EQ(ChooseAlgorithm(one, 2048), "nccl");
  EXPECT_EQ(ChooseAlgorithm(one, 128 << 20), "nccl");
  for (int world_size : {1, 3, 4, 8}) {
    EXPECT_TRUE(ValidateDispatchTable(DefaultDispatchTable(v1::cuda, "all_reduce", "NVIDIA H200",
                                                           world_size, v1::bf16))
                    .ok())
        << world_size;
  }
  const v1::DispatchTable three =
      DefaultDispatchTable(v1::cuda, "all_reduce", "NVIDIA H200", 3, v1::bf16);
  EXPECT_EQ(ChooseAlgorithm(three, 1 << 20), "one_shot_push_all_reduce");
  EXPECT_EQ(ChooseAlgorithm(three, 2 << 20), "two_shot_all_reduce");
  EXPECT_EQ(ChooseAlgorithm(three, 256 << 20), "nccl");
  const v1::DispatchTable four =
      DefaultDispatchTable(v1::cuda, "all_reduce", "NVIDIA H200", 4, v1::bf16);
  EXPECT_EQ(ChooseAlgorithm(four, 256 << 10), "one_shot_push_all_reduce");
  EXPECT_EQ(ChooseAlgorithm(four, 512 << 10), "two_shot_all_reduce");
  EXPECT_EQ(ChooseAlgorithm(four, 32 << 20), "two_shot_all_reduce");
  EXPECT_EQ(ChooseAlgorithm(four, 64 << 20), "nccl");
  EXPECT_EQ(DefaultDispatchTable(v1::cuda, "all_reduce", "NVIDIA H200", 8, v1::bf16).DebugString(),
            [&] {
              v1::DispatchTable eight = four;
              eight.set_world_size(8);
              return eight.DebugString();
            }());
}

// The CPU backend has a table of its own: the two-shot at every size (the push one-shot, best
// on GPUs up to MiBs, is 15-260x slower there).
TEST(DispatchTablesTest, CpuBackendDefaultIsTheTwoShot) {
  for (int world_size : {1, 2, 4, 8}) {
    const v1::DispatchTable cpu =
        DefaultDispatchTable(v1::cpu, "all_reduce", "cpu-slot", world_size, v1::bf16);
    EXPECT_TRUE(ValidateDispatchTable(cpu).ok()) << world_size;
    EXPECT_EQ(cpu.gpu_model(), "cpu-slot");
    for (int64_t size : {int64_t{2048}, int64_t{4096}, int64_t{64} << 20}) {
      EXPECT_EQ(ChooseAlgorithm(cpu, size), "two_shot_all_reduce") << size;
    }
  }
}

TEST(DispatchTablesTest, RejectsBadTablesNamingTheField) {
  v1::DispatchTable unknown = Table();
  unknown.mutable_entries(1)->set_algorithm("three_shot");
  EXPECT_EQ(ValidateDispatchTable(unknown).message().find("entries[1].algorithm"), 0u);
  v1::DispatchTable bounded = Table();
  bounded.mutable_entries(1)->set_max_bytes(4 << 20);
  EXPECT_EQ(ValidateDispatchTable(bounded).message().find("entries[1].max_bytes"), 0u);
  v1::DispatchTable descending = Table();
  descending.mutable_entries(0)->set_max_bytes(0);
  EXPECT_EQ(ValidateDispatchTable(descending).message().find("entries[0].max_bytes"), 0u);
  v1::DispatchTable fp8 = Table();  // the GEMM ops' input type: no all-reduce runs it
  fp8.set_dtype(v1::fp8_e4m3);
  EXPECT_EQ(ValidateDispatchTable(fp8).message().find("dtype"), 0u);
  v1::DispatchTable empty = Table();
  empty.clear_entries();
  EXPECT_EQ(ValidateDispatchTable(empty).message().find("entries"), 0u);
  v1::DispatchTable no_model = Table();
  no_model.clear_gpu_model();
  EXPECT_EQ(ValidateDispatchTable(no_model).message().find("gpu_model"), 0u);
}

TEST(ValidateDispatchTableTest, BoundsEntriesModelAndWorldSize) {
  v1::DispatchTable table;
  table.set_gpu_model("NVIDIA H200");
  table.set_world_size(2);
  table.set_dtype(v1::bf16);
  for (int i = 1; i <= kMaxDispatchEntries + 1; ++i) {
    v1::DispatchEntry* e = table.add_entries();
    e->set_algorithm("one_shot_all_reduce");
    e->set_max_bytes(i <= kMaxDispatchEntries ? i * 1024 : 0);
  }
  absl::Status many = ValidateDispatchTable(table);
  EXPECT_EQ(many.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(many.message().rfind("entries: 65 entries", 0), 0u) << many;
  table.mutable_entries()->DeleteSubrange(0, 2);
  EXPECT_TRUE(ValidateDispatchTable(table).ok()) << ValidateDispatchTable(table);
  table.set_world_size(kMaxDispatchWorldSize + 1);
  EXPECT_EQ(ValidateDispatchTable(table).message().rfind("world_size: ", 0), 0u);
  table.set_world_size(2);
  table.set_gpu_model(std::string(1 << 20, 'g'));
  const absl::Status model = ValidateDispatchTable(table);
  EXPECT_EQ(model.message().rfind("gpu_model: ", 0), 0u) << model.message().substr(0, 200);
  EXPECT_LT(model.message().size(), 200u);
}

TEST(CheckDispatchTableForTest, TheJobsRanksDtypeAndBackend) {
  v1::DispatchTable table;
  table.set_gpu_model("cpu-slot");
  table.set_world_size(2);
  table.set_dtype(v1::bf16);
  v1::DispatchEntry* e = table.add_entries();
  e->set_algorithm("nccl_symmetric");
  EXPECT_TRUE(CheckDispatchTableFor(table, "all_reduce", v1::cuda, 2, v1::bf16).ok());
  EXPECT_EQ(CheckDispatchTableFor(table, "all_reduce", v1::cpu, 2, v1::bf16)
                .message()
                .rfind("entries[0].algorithm", 0),
            0u);
  EXPECT_EQ(CheckDispatchTableFor(table, "all_reduce", v1::cuda, 4, v1::bf16)
                .message()
                .rfind("world_size", 0),
            0u);
  EXPECT_EQ(
      CheckDispatchTableFor(table, "all_reduce", v1::cuda, 2, v1::fp16).message().rfind("dtype", 0),
      0u);
}

// all_gather and reduce_scatter: NCCL at one GPU; from 2 ranks the Lamport kernel up to 4 MiB
// (the reduce-scatter at 3 ranks up to 16 MiB), the SM one-shot above (the all-gather from 3
// ranks: NCCL's symmetric kernels); the CPU backend's one-shot at every size.
TEST(DispatchTablesTest, ShardedDispatchersHaveTablesOfTheirOwn) {
  for (const auto& [op, one_shot, lamport] :
       {std::tuple<const char*, const char*, const char*>{"all_gather", "one_shot_all_gather",
                                                          "lamport_all_gather"},
        {"reduce_scatter", "one_shot_reduce_scatter", "lamport_reduce_scatter"}}) {
    SCOPED_TRACE(op);
    const v1::DispatchTable two = DefaultDispatchTable(v1::cuda, op, "NVIDIA H200", 2, v1::bf16);
    EXPECT_EQ(two.op(), op);
    EXPECT_TRUE(ValidateDispatchTable(two).ok()) << ValidateDispatchTable(two);
    EXPECT_EQ(ChooseAlgorithm(two, 1024), lamport);
    EXPECT_EQ(ChooseAlgorithm(two, 4 << 20), lamport);
    EXPECT_EQ(ChooseAlgorithm(two, 8 << 20), one_shot);
    const bool gather = std::string(op) == "all_gather";
    for (int ranks : {3, 4, 8}) {
      const v1::DispatchTable more =
          DefaultDispatchTable(v1::cuda, op, "NVIDIA H200", ranks, v1::bf16);
      EXPECT_TRUE(ValidateDispatchTable(more).ok()) << ValidateDispatchTable(more);
      EXPECT_EQ(ChooseAlgorithm(more, 1024), lamport) << ranks;
      EXPECT_EQ(ChooseAlgorithm(more, 4 << 20), lamport) << ranks;
      const bool longer = !gather && ranks == 3;  // the 3-rank reduce-scatter's Lamport range
      EXPECT_EQ(ChooseAlgorithm(more, 16 << 20), gather   ? "nccl_symmetric"
                                                 : longer ? lamport
                                                          : one_shot)
          << ranks;
      EXPECT_EQ(ChooseAlgorithm(more, 32 << 20), gather ? "nccl_symmetric" : one_shot) << ranks;
    }
    EXPECT_EQ(ChooseAlgorithm(DefaultDispatchTable(v1::cuda, op, "NVIDIA H100", 1, v1::bf16), 1024),
              "nccl");
    const v1::DispatchTable cpu = DefaultDispatchTable(v1::cpu, op, "cpu-slot", 4, v1::fp32);
    EXPECT_TRUE(ValidateDispatchTable(cpu).ok());
    EXPECT_EQ(ChooseAlgorithm(cpu, 1024), one_shot);
    // A table is its op's: an all-reduce algorithm is refused in it, and a job of another
    // dispatcher refuses it.
    v1::DispatchTable wrong = two;
    wrong.mutable_entries(1)->set_algorithm("two_shot_all_reduce");
    EXPECT_EQ(ValidateDispatchTable(wrong).message().rfind("entries[1].algorithm", 0), 0u);
    EXPECT_NE(ValidateDispatchTable(wrong).message().find(one_shot), std::string::npos);
    EXPECT_TRUE(CheckDispatchTableFor(two, op, v1::cuda, 2, v1::bf16).ok());
    EXPECT_EQ(CheckDispatchTableFor(two, "all_reduce", v1::cuda, 2, v1::bf16)
                  .message()
                  .rfind("op: the table is for ", 0),
              0u);
  }
  // No op: all_reduce's (a table of record format 4 or a spec file from before).
  v1::DispatchTable no_op =
      DefaultDispatchTable(v1::cuda, "all_reduce", "NVIDIA H200", 2, v1::bf16);
  no_op.clear_op();
  EXPECT_EQ(DispatchTableOp(no_op), "all_reduce");
  EXPECT_TRUE(CheckDispatchTableFor(no_op, "all_reduce", v1::cuda, 2, v1::bf16).ok());
  EXPECT_FALSE(CheckDispatchTableFor(no_op, "all_gather", v1::cuda, 2, v1::bf16).ok());
  v1::DispatchTable not_a_dispatcher = no_op;
  not_a_dispatcher.set_op("one_shot_all_gather");
  EXPECT_EQ(ValidateDispatchTable(not_a_dispatcher).message().rfind("op: ", 0), 0u);
}

}  // namespace
}  // namespace symmbench
