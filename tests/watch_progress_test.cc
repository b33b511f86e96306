// A long job shows its sizes as they are first measured: with repeats 5, every size's row
// streams through WatchJob after the first pass (partial rows), long before the job ends; the
// stored record keeps only the final rows; `submit --wait` prints the first pass and then the final
// rows, and nothing but the table when stderr is not a terminal; a watcher who attaches mid-run
// gets the rows streamed before it came.
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

// A job still in its first pass when a second watcher comes: its largest size is slowed
// (inject_delay_us, 50 ms per timed op at 256 KiB: 5 s over the job), and a first watcher, from
// the start, reads its first rows before the test attaches another.
class WatchMidRunTest : public ::testing::Test {
 protected:
  void SetUp() override {
    daemon_ = std::make_unique<Daemon>(MakeTempDir("watch_mid_run"), 2);
    daemon_->set_extra_args({"--allow-fault-injection"});
    std::string error;
    ASSERT_TRUE(daemon_->Start(&error)) << error;
    stub_ = CoordinatorStub(daemon_->address());
    v1::JobSpec spec = SmallCpuSpec(2, kSizes, 20);
    spec.set_repeats(kRepeats);
    spec.set_inject_delay_us(50000);
    spec.set_inject_delay_min_bytes(kSizes.back());
    spec.set_inject_delay_max_bytes(kSizes.back());
    ASSERT_TRUE(Submit(stub_.get(), spec, &job_).ok());
  }
  void TearDown() override {
    if (first_ != nullptr) {
      first_context_.TryCancel();
      first_->Finish();
    }
  }
  // Watches the job from its start until `rows` rows came (the stream stays open).
  void ReadFirstRows(int rows) {
    first_context_.set_deadline(std::chrono::system_clock::now() + seconds(120));
    first_ = stub_->WatchJob(&first_context_, WatchRequest());
    int read = 0;
    for (v1::JobEvent event; read < rows && first_->Read(&event);) {
      if (event.has_row()) ++read;
    }
    ASSERT_EQ(read, rows);
  }
  v1::WatchJobRequest WatchRequest() const {
    v1::WatchJobRequest request;
    request.set_job_id(job_.job_id());
    return request;
  }
  std::unique_ptr<Daemon> daemon_;
  std::unique_ptr<v1::Coordinator::Stub> stub_;
  v1::Job job_;
  grpc::ClientContext first_context_;
  std::unique_ptr<grpc::ClientReader<v1::JobEvent>> first_;
};

// A watcher who attaches mid-run is sent what one who watched from the start was: the first
// pass's rows of the sizes measured so far (they are stored nowhere), then the rest as it comes.
TEST_F(WatchMidRunTest, ALateWatcherSeesTheRowsAlreadyStreamed) {
  ReadFirstRows(2);  // 4 KiB and 64 KiB, pass 1
  grpc::ClientContext late_context;
  late_context.set_deadline(std::chrono::system_clock::now() + seconds(120));
  auto late = stub_->WatchJob(&late_context, WatchRequest());
  std::vector<v1::ResultRow> rows;
  for (v1::JobEvent event; late->Read(&event);) {
    if (event.has_row()) rows.push_back(event.row());
  }
  ASSERT_TRUE(late->Finish().ok());
  ASSERT_GE(rows.size(), 2 * kSizes.size());
  for (size_t i = 0; i < kSizes.size(); ++i) {
    EXPECT_TRUE(rows[i].partial()) << i;
    EXPECT_EQ(rows[i].size_bytes(), kSizes[i]) << i;
    EXPECT_EQ(rows[i].repeat_medians_us_size(), 1) << i;
  }
  // The two sent again are sent as figures, without their samples.
  EXPECT_TRUE(rows[0].samples_us().empty());
  EXPECT_TRUE(rows[1].samples_us().empty());
  for (size_t i = rows.size() - kSizes.size(), j = 0; i < rows.size(); ++i, ++j) {
    EXPECT_FALSE(rows[i].partial()) << i;
    EXPECT_EQ(rows[i].size_bytes(), kSizes[j]) << i;
  }
}

// `symmbench watch` attached while the job is in its first pass prints the first pass's rows
// of the sizes measured before it came, as `submit --wait` does.
TEST_F(WatchMidRunTest, TheWatchCommandPrintsTheFirstPassFromTheStart) {
  ReadFirstRows(1);
  const CommandResult r = daemon_->Client({"watch", job_.job_id()});
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  const size_t pass = r.out.find("# pass 1 of 5: one timing loop per size so far");
  const size_t final = r.out.find("# final: over every timing loop");
  ASSERT_NE(pass, std::string::npos) << r.out;
  ASSERT_NE(final, std::string::npos) << r.out;
  EXPECT_EQ(std::count(r.out.begin() + pass, r.out.begin() + final, '\n'), 4) << r.out;
  EXPECT_NE(r.out.find("        4096", pass), std::string::npos) << r.out;
}

}  // namespace
}  // namespace symmbench::testing
