// What a worker may report: rows within the job's sizes and ranks, identities within bounds.
#include "server/report_checks.h"

#include <gtest/gtest.h>

#include <cmath>

namespace symmbench {
namespace {

v1::Job TwoRankJob() {
  v1::Job job;
  job.mutable_spec()->set_kernel("one_shot_all_reduce");
  job.mutable_spec()->set_world_size(2);
  job.mutable_spec()->set_repeats(2);
  job.mutable_spec()->set_dtype(v1::bf16);
  job.mutable_plan()->add_sizes_bytes(4096);
  return job;
}

v1::ResultRow GoodRow() {
  v1::ResultRow row;
  row.set_size_bytes(4096);
  row.set_time_us(5);
  for (int r = 0; r < 2; ++r) {
    v1::RankTime* t = row.add_rank_times();
    t->set_rank(r);
    t->set_time_us(5);
  }
  row.mutable_iteration_stats()->set_p99_us(7);
  return row;
}

TEST(CheckReportedRowTest, RankTimesAndIterationStatsWithinTheJob) {
  const v1::Job job = TwoRankJob();
  EXPECT_TRUE(CheckReportedRow(job, 0, GoodRow()).ok());
  v1::ResultRow row = GoodRow();
  row.add_rank_times()->set_rank(2);
  EXPECT_EQ(CheckReportedRow(job, 0, row).message(), "rank_times: 3 ranks, more than the job's 2");
  row = GoodRow();
  row.mutable_rank_times(1)->set_mean_us(std::nan(""));
  EXPECT_EQ(CheckReportedRow(job, 0, row).message().substr(0, 11), "rank_times:");
  row = GoodRow();
  row.mutable_iteration_stats()->set_cv(-1);
  EXPECT_EQ(CheckReportedRow(job, 0, row).message(),
            "iteration_stats: figures must be finite and >= 0 (got -1)");
  row = GoodRow();
  row.set_dtype(v1::fp16);  // the job runs bf16 alone
  EXPECT_EQ(CheckReportedRow(job, 0, row).message(), "dtype: fp16 is not a dtype of the job");
  v1::Job every = job;
  for (v1::DType d : {v1::bf16, v1::fp16, v1::fp32}) every.mutable_plan()->add_dtypes(d);
  EXPECT_TRUE(CheckReportedRow(every, 0, row).ok());
  EXPECT_EQ(ExpectedRows(every), 3);
  EXPECT_EQ(ExpectedRows(job), 1);
  row = GoodRow();
  row.set_size_bytes(8192);
  EXPECT_EQ(CheckReportedRow(job, 0, row).message(), "size_bytes: 8192 is not a size of the job");
}

TEST(CheckReportedIdentityTest, ItsOwnRankAndBoundedFields) {
  v1::RankIdentity identity;
  identity.set_rank(1);
  identity.set_host("node1");
  identity.add_env("NCCL_ALGO=Ring");
  EXPECT_TRUE(CheckReportedIdentity(1, identity).ok());
  EXPECT_EQ(CheckReportedIdentity(0, identity).message(), "identity.rank: rank 0 reported rank 1");
  v1::RankIdentity bad = identity;
  bad.set_bus_id(std::string(65, 'b'));
  EXPECT_EQ(CheckReportedIdentity(1, bad).message(),
            "identity.bus_id: at most 64 characters (got 65)");
  bad = identity;
  bad.set_memory_used_bytes(-1);
  EXPECT_EQ(CheckReportedIdentity(1, bad).message(),
            "identity.memory_used_bytes: must be >= 0 (got -1)");
  bad = identity;
  for (int i = 0; i < 64; ++i) bad.add_env("X=1");
  EXPECT_EQ(CheckReportedIdentity(1, bad).message(), "identity.env: at most 64 entries (got 65)");
  bad = identity;
  bad.set_host(std::string(256, 'h'));
  EXPECT_EQ(CheckReportedIdentity(1, bad).message(),
            "identity.host: at most 255 characters (got 256)");
}

}  // namespace
}  // namespace symmbench
