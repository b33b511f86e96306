// Dispatch tables and ceilings in SQLite; the roofline fractions.
#include "server/storage/dispatch_tables.h"

#include <gtest/gtest.h>
#include <stdlib.h>

namespace symmbench {
namespace {

// A stored table: the built-in default of 2 x H200, bf16.
v1::DispatchTable Table() {
  return DefaultDispatchTable(v1::cuda, "all_reduce", "NVIDIA H200", 2, v1::bf16);
}

TEST(DispatchTablesTest, StoreReplacesAndSurvivesReopen) {
  std::string dir = ::testing::TempDir() + "/dispatchXXXXXX";
  ASSERT_NE(mkdtemp(dir.data()), nullptr);
  const std::string path = dir + "/jobs.db";
  {
    auto store = DispatchTableStore::Open(path);
    ASSERT_TRUE(store.ok()) << store.status();
    EXPECT_EQ((*store)->Get("all_reduce", "NVIDIA H200", 2, v1::bf16).status().code(),
              absl::StatusCode::kNotFound);
    ASSERT_TRUE((*store)->Put(Table()).ok());
    v1::DispatchTable nccl_only = Table();
    nccl_only.clear_entries();
    nccl_only.add_entries()->set_algorithm("nccl");
    ASSERT_TRUE((*store)->Put(nccl_only).ok());  // replaces
    v1::DispatchTable fp16 = Table();
    fp16.set_dtype(v1::fp16);
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
  auto bf16 = (*store)->Get("all_reduce", "NVIDIA H200", 2, v1::bf16);
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
  gemm.mutable_gemm()->set_tflops(600);
  ApplyRoofline(ceilings, &gemm);
  EXPECT_DOUBLE_EQ(gemm.tflops_fraction(), 0.75);
}

// A table is copied into every all_reduce job's record: its size is bounded.
}  // namespace
}  // namespace symmbench
