// A long job shows its sizes as they are first measured: with repeats 5, every size's row
// streams through WatchJob after the first pass (partial rows), long before the job ends; the
// stored record keeps only the final rows; `submit --wait` prints the first pass and then the final
// rows, and nothing but the table when stderr is not a terminal.
#include <gtest/gtest.h>

#include "tests/rpc_test_util.h"
#include "tests/test_util.h"

namespace symmbench::testing {
namespace {

using std::chrono::seconds;

constexpr int kRepeats = 5;
const std::vector<int64_t> kSizes = {4096, 65536, 262144};

class WatchProgressTest : public ::testing::Test {
 protected:
  void SetUp() override {
    daemon_ = std::make_unique<Daemon>(MakeTempDir("watch_progress"), 2);
    std::string error;
    ASSERT_TRUE(daemon_->Start(&error)) << error;
    stub_ = CoordinatorStub(daemon_->address());
  }
  std::unique_ptr<Daemon> daemon_;
  std::unique_ptr<v1::Coordinator::Stub> stub_;
};

TEST_F(WatchProgressTest, RowsStreamAfterTheFirstPassAndOnlyFinalRowsAreStored) {
  v1::JobSpec spec = SmallCpuSpec(2, kSizes, 20);
  spec.set_repeats(kRepeats);
  v1::Job job;
  ASSERT_TRUE(Submit(stub_.get(), spec, &job).ok());
  grpc::ClientContext context;
  context.set_deadline(std::chrono::system_clock::now() + seconds(120));
  v1::WatchJobRequest request;
  request.set_job_id(job.job_id());
  auto reader = stub_->WatchJob(&context, request);
  std::vector<v1::JobEvent> events;
  for (v1::JobEvent event; reader->Read(&event);) events.push_back(event);
  ASSERT_TRUE(reader->Finish().ok());
  ASSERT_FALSE(events.empty());
  EXPECT_EQ(events.back().state(), v1::SUCCEEDED);

  std::vector<v1::ResultRow> rows;
  for (const v1::JobEvent& event : events) {
    if (event.has_row()) rows.push_back(event.row());
  }
  // First a partial row per size (rank 0's first timing loop), then perhaps partial rows of
  // passes 2-4 (at most one every 0.5 s), then the final rows: every loop, max over ranks.
  ASSERT_GE(rows.size(), 2 * kSizes.size());
  for (size_t i = 0; i < kSizes.size(); ++i) {
    EXPECT_TRUE(rows[i].partial()) << i;
    EXPECT_EQ(rows[i].size_bytes(), kSizes[i]) << i;
    EXPECT_EQ(rows[i].repeat_medians_us_size(), 1) << i;
  }
  for (size_t i = kSizes.size(); i + kSizes.size() < rows.size(); ++i) {
    EXPECT_TRUE(rows[i].partial()) << i;
    EXPECT_GE(rows[i].repeat_medians_us_size(), 2) << i;
    EXPECT_LE(rows[i].repeat_medians_us_size(), kRepeats - 1) << i;
  }
  for (size_t i = rows.size() - kSizes.size(), j = 0; i < rows.size(); ++i, ++j) {
    EXPECT_FALSE(rows[i].partial()) << i;
    EXPECT_EQ(rows[i].size_bytes(), kSizes[j]) << i;
    EXPECT_EQ(rows[i].repeat_medians_us_size(), kRepeats) << i;
  }
  for (const v1::ResultRow& row : rows) {
    EXPECT_GT(row.time_us(), 0);
    EXPECT_TRUE(row.checked());
    EXPECT_EQ(row.wrong(), 0);
  }
  // The first size streamed while the job ran.
  size_t first_row = 0;
  while (!events[first_row].has_row()) ++first_row;
  EXPECT_EQ(events[first_row].state(), v1::RUNNING);
  // The record: the final rows only, one per size.
  v1::Job stored;
  ASSERT_TRUE(GetJob(stub_.get(), job.job_id(), &stored).ok());
  ASSERT_EQ(stored.rows_size(), static_cast<int>(kSizes.size()));
  for (const v1::ResultRow& row : stored.rows()) {
    EXPECT_FALSE(row.partial());
    EXPECT_EQ(row.repeat_medians_us_size(), kRepeats);
  }
}

TEST_F(WatchProgressTest, SubmitWaitPrintsTheFirstPassThenTheFinalRows) {
  CommandResult r = daemon_->Client({"submit", "--world-size", "2", "--sizes", "4K,64K", "--iters",
                                     "20", "--warmup", "2", "--repeats", "5", "--wait"});
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  const size_t first = r.out.find("# pass 1 of 5: one timing loop per size so far");
  const size_t final = r.out.find("# final: over every timing loop");
  ASSERT_NE(first, std::string::npos) << r.out;
  ASSERT_NE(final, std::string::npos) << r.out;
  EXPECT_LT(first, final);
  // Two rows under each.
  auto lines = [&](size_t from, size_t to) {
    return std::count(r.out.begin() + from, r.out.begin() + to, '\n');
  };
  EXPECT_EQ(lines(first, final), 3) << r.out;  // its own line and two rows
  EXPECT_EQ(r.out.find('\r'), std::string::npos);
  // stderr is a pipe here: no progress line.
  EXPECT_EQ(r.err.find('\r'), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find("pass"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace symmbench::testing
