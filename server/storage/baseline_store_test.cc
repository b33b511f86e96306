// Tests for baseline names, validation, and storage (refusal to overwrite, force, survival
// across a reopen, list without rows).
#include "server/storage/baseline_store.h"

#include <gtest/gtest.h>
#include <stdlib.h>

#include <cmath>
#include <limits>

namespace symmbench {
namespace {

v1::Job FinishedJob(const std::string& id) {
  v1::Job job;
  job.set_job_id(id);
  job.set_state(v1::SUCCEEDED);
  job.mutable_spec()->set_kernel("one_shot_all_reduce");
  job.mutable_spec()->set_world_size(2);
  (*job.mutable_spec()->mutable_labels())["git_sha"] = "abc123";
  job.mutable_machine()->set_gpu_model("NVIDIA H200");
  v1::ResultRow* row = job.add_rows();
  row->set_size_bytes(2048);
  row->add_samples_us(10.0);
  row->add_samples_us(11.0);
  return job;
}

std::string TempDb() {
  std::string dir =
      std::string(getenv("TEST_TMPDIR") ? getenv("TEST_TMPDIR") : "/tmp") + "/baselines.XXXXXX";
  return std::string(mkdtemp(dir.data())) + "/jobs.db";
}

TEST(BaselineNameTest, AcceptsBranchLikeNamesAndRejectsOthers) {
  EXPECT_TRUE(ValidateBaselineName("main").ok());
  EXPECT_TRUE(ValidateBaselineName("release/1.2-rc+3_x").ok());
  EXPECT_EQ(ValidateBaselineName("").message().find("name:"), 0u);
  EXPECT_EQ(ValidateBaselineName(".hidden").message().find("name:"), 0u);
  EXPECT_EQ(ValidateBaselineName("/abs").message().find("name:"), 0u);
  EXPECT_EQ(ValidateBaselineName("has space").message().find("name:"), 0u);
  EXPECT_EQ(ValidateBaselineName(std::string(129, 'a')).message().find("name:"), 0u);
}

TEST(BaselineFromJobTest, OnlySucceededJobsWithRows) {
  absl::StatusOr<v1::Baseline> ok = BaselineFromJob(FinishedJob("j-000001"), "main", 1234);
  ASSERT_TRUE(ok.ok()) << ok.status();
  EXPECT_EQ(ok->name(), "main");
  EXPECT_EQ(ok->saved_unix_ms(), 1234);
  EXPECT_EQ(ok->source(), "saved from job j-000001");
  EXPECT_EQ(ok->job().spec().labels().at("git_sha"), "abc123");
  EXPECT_EQ(ok->job().rows(0).samples_us_size(), 2);

  v1::Job failed = FinishedJob("j-000002");
  failed.set_state(v1::FAILED);
  absl::StatusOr<v1::Baseline> refused = BaselineFromJob(failed, "main", 0);
  EXPECT_EQ(refused.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_NE(refused.status().message().find("FAILED"), std::string::npos);
  v1::Job empty = FinishedJob("j-000003");
  empty.clear_rows();
  EXPECT_EQ(BaselineFromJob(empty, "main", 0).status().code(),
            absl::StatusCode::kFailedPrecondition);
  EXPECT_EQ(BaselineFromJob(FinishedJob("j-000004"), "bad name", 0).status().code(),
            absl::StatusCode::kInvalidArgument);
}

TEST(ValidateBaselineTest, NamesTheField) {
  v1::Baseline baseline = *BaselineFromJob(FinishedJob("j-000001"), "main", 1);
  EXPECT_TRUE(ValidateBaseline(baseline).ok());
  v1::Baseline no_rows = baseline;
  no_rows.mutable_job()->clear_rows();
  EXPECT_EQ(ValidateBaseline(no_rows).message(), "baseline.job.rows: empty");
  v1::Baseline no_world = baseline;
  no_world.mutable_job()->mutable_spec()->set_world_size(0);
  EXPECT_EQ(ValidateBaseline(no_world).message().find("baseline.job.spec.world_size"), 0u);
  v1::Baseline no_name = baseline;
  no_name.clear_name();
  EXPECT_EQ(ValidateBaseline(no_name).message().find("baseline.name"), 0u);
}

// An imported baseline is bounded and its samples are measurements: 60,000 rows, NaN, inf or
// negative samples and sample_iters 0 or -5 used to be stored.
TEST(ValidateBaselineTest, BoundsAndSaneSamples) {
  const v1::Baseline good = *BaselineFromJob(FinishedJob("j-000001"), "main", 1);
  const auto refused = [](const v1::Baseline& b, const std::string& field) {
    const absl::Status s = ValidateBaseline(b);
    EXPECT_EQ(s.code(), absl::StatusCode::kInvalidArgument) << field;
    EXPECT_EQ(s.message().rfind(field, 0), 0u) << s.message();
  };
  v1::Baseline many = good;
  for (int i = 0; i < kMaxBaselineRows; ++i) *many.mutable_job()->add_rows() = good.job().rows(0);
  refused(many, "baseline.job.rows: 1025 rows");
  for (double bad : {std::nan(""), std::numeric_limits<double>::infinity(), -1.0, 0.0}) {
    v1::Baseline b = good;
    b.mutable_job()->mutable_rows(0)->set_samples_us(1, bad);
    refused(b, "baseline.job.rows[0].samples_us[1]");
  }
  for (int iters : {0, -5}) {
    v1::Baseline b = good;
    b.mutable_job()->mutable_rows(0)->add_sample_iters(10);
    b.mutable_job()->mutable_rows(0)->add_sample_iters(iters);
    refused(b, "baseline.job.rows[0].sample_iters[1]");
  }
  v1::Baseline uneven = good;
  uneven.mutable_job()->mutable_rows(0)->add_sample_iters(10);
  refused(uneven, "baseline.job.rows[0].sample_iters: 1 entries for 2 samples");
  v1::Baseline huge_world = good;
  huge_world.mutable_job()->mutable_spec()->set_world_size(2147483647);
  refused(huge_world, "baseline.job.spec.world_size");
}

TEST(BaselineStoreTest, RefusesToOverwriteUnlessForcedAndSurvivesReopen) {
  const std::string path = TempDb();
  {
    auto store = BaselineStore::Open(path);
    ASSERT_TRUE(store.ok()) << store.status();
    bool replaced = true;
    ASSERT_TRUE(
        (*store)->Put(*BaselineFromJob(FinishedJob("j-000001"), "main", 1), false, &replaced).ok());
    EXPECT_FALSE(replaced);
    absl::Status again =
        (*store)->Put(*BaselineFromJob(FinishedJob("j-000002"), "main", 2), false, &replaced);
    EXPECT_EQ(again.code(), absl::StatusCode::kAlreadyExists);
    EXPECT_NE(again.message().find("saved from job j-000001"), std::string::npos) << again;
    EXPECT_NE(again.message().find("--force"), std::string::npos) << again;
    // The first one is intact.
    EXPECT_EQ((*store)->Get("main")->job().job_id(), "j-000001");
    ASSERT_TRUE(
        (*store)->Put(*BaselineFromJob(FinishedJob("j-000002"), "main", 2), true, &replaced).ok());
    EXPECT_TRUE(replaced);
    ASSERT_TRUE(
        (*store)->Put(*BaselineFromJob(FinishedJob("j-000003"), "dev", 3), false, &replaced).ok());
  }
  auto reopened = BaselineStore::Open(path);
  ASSERT_TRUE(reopened.ok());
  absl::StatusOr<v1::Baseline> main = (*reopened)->Get("main");
  ASSERT_TRUE(main.ok()) << main.status();
  EXPECT_EQ(main->job().job_id(), "j-000002");
  EXPECT_EQ(main->job().rows_size(), 1);
  EXPECT_EQ((*reopened)->Get("nope").status().code(), absl::StatusCode::kNotFound);
  absl::StatusOr<std::vector<v1::Baseline>> list = (*reopened)->List(false);
  ASSERT_TRUE(list.ok());
  ASSERT_EQ(list->size(), 2u);
  EXPECT_EQ((*list)[0].name(), "dev");  // by name
  EXPECT_EQ((*list)[1].name(), "main");
  EXPECT_EQ((*list)[1].job().rows_size(), 0);
  EXPECT_EQ((*reopened)->List(true)->at(1).job().rows_size(), 1);
}

TEST(BaselineStoreTest, PutValidates) {
  auto store = BaselineStore::Open(TempDb());
  ASSERT_TRUE(store.ok());
  v1::Baseline bad = *BaselineFromJob(FinishedJob("j-000001"), "main", 1);
  bad.mutable_job()->clear_rows();
  EXPECT_EQ((*store)->Put(bad, true).code(), absl::StatusCode::kInvalidArgument);
}

}  // namespace
}  // namespace symmbench
