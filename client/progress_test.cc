// The progress line: its text, and a JobProgress driven by WatchJob events as `submit --wait`
// drives it, on a stream standing in for a terminal (enabled) and disabled.
#include "client/progress.h"

#include <sstream>

#include "gtest/gtest.h"

namespace symmbench::client {
namespace {

TEST(ProgressLineTest, SizePassElapsedAndTimeLeft) {
  EXPECT_EQ(JobProgress::Line("j-000004", "RUNNING", 0, 45, -1, 9, 0, 0, 5, 1.25),
            "# j-000004 RUNNING: 1.2 s elapsed");
  // Step 12 of 45 = pass 2, size 3 (32K): 30 s for 12 steps, so about 82 s for the other 33.
  EXPECT_EQ(JobProgress::Line("j-000004", "RUNNING", 12, 45, 2, 9, 32768, 2, 5, 30.0),
            "# j-000004 size 3 of 9 (32K), pass 2 of 5: 30.0 s elapsed, about 82 s left");
  EXPECT_EQ(JobProgress::Line("j-000004", "RUNNING", 45, 45, 8, 9, 128 << 20, 5, 5, 90.0),
            "# j-000004 size 9 of 9 (128M), pass 5 of 5: 90.0 s elapsed");
  EXPECT_EQ(JobProgress::Line("j-000005", "RUNNING", 1, 4, -1, 0, 0, 0, 0, 2.0),
            "# j-000005 shape 1 of 4: 2.0 s elapsed, about 6 s left");
}

v1::JobEvent RowEvent(int64_t size_bytes, int pass) {
  v1::JobEvent event;
  event.set_state(v1::RUNNING);
  v1::ResultRow* row = event.mutable_row();
  row->set_size_bytes(size_bytes);
  for (int i = 0; i < pass; ++i) row->add_repeat_medians_us(1.0);
  row->set_partial(pass < 5);
  return event;
}

TEST(JobProgressTest, RewritesOneLineInPlaceAndErasesItAtTheEnd) {
  v1::Job job;
  job.set_job_id("j-000007");
  job.set_state(v1::QUEUED);
  job.mutable_spec()->mutable_sweep()->add_sizes_bytes(2048);
  job.mutable_spec()->mutable_sweep()->add_sizes_bytes(4096);
  job.mutable_spec()->set_repeats(5);
  std::ostringstream err;
  {
    JobProgress progress(err, /*enabled=*/true);
    progress.Start(job);
    progress.Update(RowEvent(4096, 3));
    v1::JobEvent done;
    done.set_state(v1::SUCCEEDED);
    progress.Update(done);
  }
  const std::string text = err.str();
  EXPECT_EQ(text.find('\n'), std::string::npos) << text;  // never a new line
  EXPECT_NE(text.find("\r\033[K# j-000007 QUEUED: 0.0 s elapsed"), std::string::npos) << text;
  EXPECT_NE(text.find("\r\033[K# j-000007 size 2 of 2 (4K), pass 3 of 5: "), std::string::npos)
      << text;
  EXPECT_EQ(text.substr(text.size() - 4), "\r\033[K");  // erased at the end
}

// The sizes counted are the plan's, which the workers run, not the spec's sweep expanded again.
TEST(JobProgressTest, CountsThePlansSizes) {
  v1::Job job;
  job.set_job_id("j-000009");
  job.set_state(v1::RUNNING);
  v1::SweepSpec* sweep = job.mutable_spec()->mutable_sweep();
  for (int64_t size : {1, 2048, 4096}) sweep->add_sizes_bytes(size);
  job.mutable_spec()->set_repeats(1);
  job.mutable_plan()->add_sizes_bytes(2048);  // 1 B dropped: too small to split over the ranks
  job.mutable_plan()->add_sizes_bytes(4096);
  std::ostringstream err;
  JobProgress progress(err, /*enabled=*/true);
  progress.Start(job);
  progress.Update(RowEvent(4096, 1));
  EXPECT_NE(err.str().find("size 2 of 2 (4K), pass 1 of 1"), std::string::npos) << err.str();
}

TEST(JobProgressTest, EveryDTypeCountsAsItsOwnSizes) {
  v1::Job job;
  job.set_job_id("j-000008");
  job.set_state(v1::RUNNING);
  job.mutable_spec()->mutable_sweep()->add_sizes_bytes(2048);
  job.mutable_spec()->mutable_sweep()->add_sizes_bytes(4096);
  job.mutable_spec()->set_repeats(5);
  for (v1::DType d : {v1::bf16, v1::fp16, v1::fp32}) job.mutable_plan()->add_dtypes(d);
  std::ostringstream err;
  JobProgress progress(err, /*enabled=*/true);
  progress.Start(job);
  v1::JobEvent event = RowEvent(2048, 1);
  event.mutable_row()->set_dtype(v1::fp16);
  progress.Update(event);
  // The third of 6 cases (bf16 2K, bf16 4K, fp16 2K, ...) in pass 1 of 5.
  EXPECT_NE(err.str().find("# j-000008 size 3 of 6 (2K), pass 1 of 5: "), std::string::npos)
      << err.str();
}

TEST(JobProgressTest, DisabledPrintsNothing) {
  v1::Job job;
  job.set_job_id("j-000007");
  job.mutable_spec()->mutable_sweep()->add_sizes_bytes(2048);
  std::ostringstream err;
  {
    JobProgress progress(err, /*enabled=*/false);
    progress.Start(job);
    progress.Update(RowEvent(2048, 1));
  }
  EXPECT_EQ(err.str(), "");
}

}  // namespace
}  // namespace symmbench::client
