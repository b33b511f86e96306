// Tests for building a dispatch table from candidate jobs (one-shot, two-shot, push one-shot;
// the all-gathers).
#include "client/tune.h"

#include <gtest/gtest.h>

namespace symmbench::client {
namespace {

// A job whose rows have the given sizes, graph times, and reference-reference graph times.
v1::Job MakeJob(const std::string& id, const std::string& kernel, const std::vector<int64_t>& sizes,
                const std::vector<double>& ours, const std::vector<double>& nccl) {
  v1::Job job;
  job.set_job_id(id);
  job.mutable_spec()->set_kernel(kernel);
  job.mutable_spec()->set_world_size(2);
  job.mutable_spec()->set_dtype(v1::bf16);
  for (size_t i = 0; i < sizes.size(); ++i) {
    v1::ResultRow* row = job.add_rows();
    row->set_size_bytes(sizes[i]);
    row->set_time_us(ours[i] + 3);
    row->set_graph_time_us(ours[i]);
    v1::ReferenceResult* reference = row->add_references();
    reference->set_name("nccl_all_reduce");
    reference->set_time_us(nccl[i] + 3);
    reference->set_graph_time_us(nccl[i]);
  }
  return job;
}

TEST(TuneTest, PicksTheFastestPerSizeAndMergesRuns) {
  const std::vector<int64_t> sizes = {2048, 4096, 1 << 20, 4 << 20, 64 << 20};
  v1::Job one_shot =
      MakeJob("j-1", "one_shot_all_reduce", sizes, {4, 4, 9, 30, 400}, {9, 9, 12, 40, 300});
  v1::Job two_shot =
      MakeJob("j-2", "two_shot_all_reduce", sizes, {6, 6, 10, 20, 350}, {9, 9, 12, 40, 300});
  std::vector<TunePoint> points;
  absl::StatusOr<v1::DispatchTable> table =
      BuildDispatchTable({one_shot, two_shot}, "NVIDIA H200", &points);
  ASSERT_TRUE(table.ok()) << table.status();
  ASSERT_EQ(points.size(), sizes.size());
  EXPECT_EQ(points[3].winner, "two_shot_all_reduce");
  EXPECT_EQ(points[4].winner, "nccl");
  ASSERT_EQ(table->entries_size(), 3);
  EXPECT_EQ(table->entries(0).algorithm(), "one_shot_all_reduce");
  EXPECT_EQ(table->entries(0).max_bytes(), 1 << 20);
  EXPECT_EQ(table->entries(1).algorithm(), "two_shot_all_reduce");
  EXPECT_EQ(table->entries(1).max_bytes(), 4 << 20);
  EXPECT_EQ(table->entries(2).algorithm(), "nccl");
  EXPECT_EQ(table->entries(2).max_bytes(), 0);  // unbounded
  EXPECT_EQ(table->gpu_model(), "NVIDIA H200");
  EXPECT_EQ(table->world_size(), 2);
  EXPECT_NE(table->source().find("j-1"), std::string::npos);
}

TEST(TuneTest, PicksNcclSymmetricWhenItIsTheFastestReference) {
  v1::Job one_shot = MakeJob("j-1", "one_shot_all_reduce", {2048}, {5}, {7});
  v1::Job two_shot = MakeJob("j-2", "two_shot_all_reduce", {2048}, {6}, {7});
  v1::ReferenceResult* symmetric = one_shot.mutable_rows(0)->add_references();
  symmetric->set_name("nccl_symmetric");
  symmetric->set_time_us(8);
  symmetric->set_graph_time_us(4);
  std::vector<TunePoint> points;
  absl::StatusOr<v1::DispatchTable> table =
      BuildDispatchTable({one_shot, two_shot}, "gpu", &points);
  ASSERT_TRUE(table.ok()) << table.status();
  EXPECT_EQ(points[0].nccl, "nccl_symmetric");
  EXPECT_EQ(points[0].nccl_us, 4);
  EXPECT_EQ(table->entries(0).algorithm(), "nccl_symmetric");
}

TEST(TuneTest, ThreeCandidatesThePushOneShotWinsSmallSizes) {
  const std::vector<int64_t> sizes = {2048, 1 << 20, 64 << 20};
  v1::Job one_shot = MakeJob("j-1", "one_shot_all_reduce", sizes, {4.5, 7.4, 200}, {5, 14, 250});
  v1::Job two_shot = MakeJob("j-2", "two_shot_all_reduce", sizes, {5.2, 7.9, 198}, {5, 14, 250});
  v1::Job push = MakeJob("j-3", "one_shot_push_all_reduce", sizes, {3.0, 6.3, 270}, {5, 14, 250});
  std::vector<TunePoint> points;
  absl::StatusOr<v1::DispatchTable> table =
      BuildDispatchTable({one_shot, two_shot, push}, "gpu", &points);
  ASSERT_TRUE(table.ok()) << table.status();
  ASSERT_EQ(points.size(), 3u);
  EXPECT_EQ(points[0].ours_us, (std::vector<double>{4.5, 5.2, 3.0}));
  ASSERT_EQ(table->entries_size(), 2);
  EXPECT_EQ(table->entries(0).algorithm(), "one_shot_push_all_reduce");
  EXPECT_EQ(table->entries(0).max_bytes(), 1 << 20);
  EXPECT_EQ(table->entries(1).algorithm(), "two_shot_all_reduce");
  EXPECT_NE(table->source().find("j-3"), std::string::npos);
}

// A reference that only checks results (the CPU backend's plain computations) is no choice,
// however fast; the table is the op's.
TEST(TuneTest, ACheckOnlyReferenceIsNeverChosen) {
  v1::Job one_shot = MakeJob("j-1", "one_shot_all_gather", {2048, 1 << 20}, {30, 60}, {2, 900});
  v1::Job low = MakeJob("j-2", "low_contention_all_gather", {2048, 1 << 20}, {31, 40}, {2, 900});
  for (v1::Job* job : {&one_shot, &low}) {
    for (v1::ResultRow& row : *job->mutable_rows()) row.set_reference_kind(v1::check_only);
  }
  std::vector<TunePoint> points;
  absl::StatusOr<v1::DispatchTable> table =
      BuildDispatchTable({one_shot, low}, "cpu-slot", &points, "all_gather");
  ASSERT_TRUE(table.ok()) << table.status();
  EXPECT_EQ(table->op(), "all_gather");
  EXPECT_EQ(points[0].winner, "one_shot_all_gather");
  EXPECT_EQ(points[0].nccl, "");
  ASSERT_EQ(table->entries_size(), 2);
  EXPECT_EQ(table->entries(1).algorithm(), "low_contention_all_gather");
}

TEST(TuneTest, RejectsJobsThatDoNotLineUp) {
  v1::Job a = MakeJob("j-1", "one_shot_all_reduce", {2048, 4096}, {1, 1}, {2, 2});
  v1::Job b = MakeJob("j-2", "two_shot_all_reduce", {2048}, {1}, {2});
  EXPECT_FALSE(BuildDispatchTable({a, b}, "gpu", nullptr).ok());
  v1::Job c = MakeJob("j-3", "two_shot_all_reduce", {2048, 8192}, {1, 1}, {2, 2});
  EXPECT_FALSE(BuildDispatchTable({a, c}, "gpu", nullptr).ok());
  EXPECT_FALSE(BuildDispatchTable({}, "gpu", nullptr).ok());
}

}  // namespace
}  // namespace symmbench::client
