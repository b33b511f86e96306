// OneDTypeEach: a job of several dtypes plots as one series per dtype.
#include <gtest/gtest.h>

#include "client/plot.h"

namespace symmbench::client {
namespace {

TEST(OneDTypeEachTest, SplitsAJobOfSeveralDTypesIntoOnePerDType) {
  v1::Job every;
  every.set_job_id("j-000003");
  every.mutable_spec()->set_dtype(v1::bf16);
  for (v1::DType d : {v1::bf16, v1::fp32}) {
    every.mutable_plan()->add_dtypes(d);
    for (int64_t size : {4096, 65536}) {
      v1::ResultRow* row = every.add_rows();
      row->set_dtype(d);
      row->set_size_bytes(size);
    }
  }
  v1::Job one;
  one.set_job_id("j-000004");
  one.add_rows()->set_size_bytes(4096);
  const std::vector<v1::Job> split = OneDTypeEach({every, one});
  ASSERT_EQ(split.size(), 3u);
  EXPECT_EQ(split[0].spec().dtype(), v1::bf16);
  EXPECT_EQ(split[1].spec().dtype(), v1::fp32);
  for (int i : {0, 1}) {
    EXPECT_EQ(split[i].job_id(), "j-000003");
    EXPECT_EQ(split[i].plan().dtypes_size(), 0);
    ASSERT_EQ(split[i].rows_size(), 2);
    for (const v1::ResultRow& row : split[i].rows())
      EXPECT_EQ(row.dtype(), split[i].spec().dtype());
  }
  EXPECT_EQ(split[2].job_id(), "j-000004");
  EXPECT_EQ(split[2].rows_size(), 1);
}

}  // namespace
}  // namespace symmbench::client
