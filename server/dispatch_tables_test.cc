// Tests for dispatch-table validation, lookup and storage.
#include "server/dispatch_tables.h"

#include <gtest/gtest.h>
#include <stdlib.h>

namespace symmbench {
namespace {

v1::DispatchTable Table() {
  v1::DispatchTable table = DefaultDispatchTable("cuda", "NVIDIA H200", 2, "bf16");
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
  const v1::DispatchTable one = DefaultDispatchTable("cuda", "NVIDIA H100", 1, "bf16");
  ASSERT_EQ(one.entries_size(), 1);
  EXPECT_EQ(ChooseAlgorithm(one, 2048), "nccl");
  EXPECT_EQ(ChooseAlgorithm(one, 128 << 20), "nccl");
  for (int world_size : {1, 3, 4, 8}) {
    EXPECT_TRUE(
        ValidateDispatchTable(DefaultDispatchTable("cuda", "NVIDIA H200", world_size, "bf16")).ok())
        << world_size;
  }
  const v1::DispatchTable three = DefaultDispatchTable("cuda", "NVIDIA H200", 3, "bf16");
  EXPECT_EQ(ChooseAlgorithm(three, 1 << 20), "one_shot_push_all_reduce");
  EXPECT_EQ(ChooseAlgorithm(three, 2 << 20), "two_shot_all_reduce");
  EXPECT_EQ(ChooseAlgorithm(three, 256 << 20), "nccl");
  const v1::DispatchTable four = DefaultDispatchTable("cuda", "NVIDIA H200", 4, "bf16");
  EXPECT_EQ(ChooseAlgorithm(four, 256 << 10), "one_shot_push_all_reduce");
  EXPECT_EQ(ChooseAlgorithm(four, 512 << 10), "two_shot_all_reduce");
  EXPECT_EQ(ChooseAlgorithm(four, 32 << 20), "two_shot_all_reduce");
  EXPECT_EQ(ChooseAlgorithm(four, 64 << 20), "nccl");
  EXPECT_EQ(DefaultDispatchTable("cuda", "NVIDIA H200", 8, "bf16").DebugString(), [&] {
    v1::DispatchTable eight = four;
    eight.set_world_size(8);
    return eight.DebugString();
  }());
}

// The CPU backend has a table of its own: the two-shot at every size (the push one-shot, best
// on GPUs up to MiBs, is 15-260x slower there).
TEST(DispatchTablesTest, CpuBackendDefaultIsTheTwoShot) {
  for (int world_size : {1, 2, 4, 8}) {
    const v1::DispatchTable cpu = DefaultDispatchTable("cpu", "cpu-slot", world_size, "bf16");
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
  v1::DispatchTable empty = Table();
  empty.clear_entries();
  EXPECT_EQ(ValidateDispatchTable(empty).message().find("entries"), 0u);
  v1::DispatchTable no_model = Table();
  no_model.clear_gpu_model();
  EXPECT_EQ(ValidateDispatchTable(no_model).message().find("gpu_model"), 0u);
}

TEST(DispatchTablesTest, StoreReplacesAndSurvivesReopen) {
  std::string dir = ::testing::TempDir() + "/dispatchXXXXXX";
  ASSERT_NE(mkdtemp(dir.data()), nullptr);
  const std::string path = dir + "/jobs.db";
  {
    auto store = DispatchTableStore::Open(path);
    ASSERT_TRUE(store.ok()) << store.status();
    EXPECT_EQ((*store)->Get("NVIDIA H200", 2, "bf16").status().code(), absl::StatusCode::kNotFound);
    ASSERT_TRUE((*store)->Put(Table()).ok());
    v1::DispatchTable nccl_only = Table();
    nccl_only.clear_entries();
    nccl_only.add_entries()->set_algorithm("nccl");
    ASSERT_TRUE((*store)->Put(nccl_only).ok());  // replaces
    v1::DispatchTable fp16 = Table();
    fp16.set_dtype("fp16");
    ASSERT_TRUE((*store)->Put(fp16).ok());
    v1::DispatchTable bad = Table();
    bad.set_world_size(0);
    EXPECT_EQ((*store)->Put(bad).code(), absl::StatusCode::kInvalidArgument);
  }
  auto store = DispatchTableStore::Open(path);
  ASSERT_TRUE(store.ok()) << store.status();
  auto tables = (*store)->List();
  ASSERT_TRUE(tables.ok());
  EXPECT_EQ(tables->size(), 2u);
  auto bf16 = (*store)->Get("NVIDIA H200", 2, "bf16");
  ASSERT_TRUE(bf16.ok());
  ASSERT_EQ(bf16->entries_size(), 1);
  EXPECT_EQ(bf16->entries(0).algorithm(), "nccl");
}

TEST(DispatchTablesTest, RooflineUsesGraphFiguresWhenPresent) {
  v1::Ceilings ceilings;
  ceilings.set_peer_copy_gbps(400);
  ceilings.set_latency_floor_us(4);
  ceilings.set_gemm_tflops(800);
  v1::ResultRow eager;
  eager.set_time_us(8);
  eager.set_busbw_gbps(100);
  ApplyRoofline(ceilings, &eager);
  EXPECT_DOUBLE_EQ(eager.busbw_fraction(), 0.25);
  EXPECT_DOUBLE_EQ(eager.floor_ratio(), 2.0);
  EXPECT_EQ(eager.tflops_fraction(), 0.0);  // no TFLOP/s in an all-reduce row
  v1::ResultRow graph = eager;
  graph.set_graph_time_us(4);  // twice as fast as eager: twice the busbw
  ApplyRoofline(ceilings, &graph);
  EXPECT_DOUBLE_EQ(graph.busbw_fraction(), 0.5);
  EXPECT_DOUBLE_EQ(graph.floor_ratio(), 1.0);
  v1::ResultRow gemm;
  gemm.set_time_us(1000);
  gemm.set_tflops(600);
  ApplyRoofline(ceilings, &gemm);
  EXPECT_DOUBLE_EQ(gemm.tflops_fraction(), 0.75);
}

// A table is copied into every all_reduce job's record: its size is bounded.
TEST(ValidateDispatchTableTest, BoundsEntriesModelAndWorldSize) {
  v1::DispatchTable table;
  table.set_gpu_model("NVIDIA H200");
  table.set_world_size(2);
  table.set_dtype("bf16");
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
  table.set_dtype("bf16");
  v1::DispatchEntry* e = table.add_entries();
  e->set_algorithm("nccl_symmetric");
  EXPECT_TRUE(CheckDispatchTableFor(table, "cuda", 2, "bf16").ok());
  EXPECT_EQ(
      CheckDispatchTableFor(table, "cpu", 2, "bf16").message().rfind("entries[0].algorithm", 0),
      0u);
  EXPECT_EQ(CheckDispatchTableFor(table, "cuda", 4, "bf16").message().rfind("world_size", 0), 0u);
  EXPECT_EQ(CheckDispatchTableFor(table, "cuda", 2, "fp16").message().rfind("dtype", 0), 0u);
}

}  // namespace
}  // namespace symmbench
