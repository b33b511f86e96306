// Job JSON of the release before record format 2 (an exported baseline as `baseline export`
// wrote it then) reads as today's: rows' baseline* keys become reference*, a string
// inject_fault becomes its message.
#include "client/legacy_json.h"

#include <gtest/gtest.h>

#include "client/baseline_command.h"

namespace symmbench::client {
namespace {

// Cut from a real export of that release (two_shot_all_reduce fp32 on the CPU backend).
constexpr char kOldExport[] = R"({
 "name": "nightly",
 "job": {
  "job_id": "j-000001",
  "spec": {"kernel": "two_shot_all_reduce", "world_size": 2, "dtype": "fp32",
           "sizes_bytes": ["4096"], "iters": 5, "check": true, "backend": "cpu",
           "repeats": 5},
  "state": "SUCCEEDED",
  "rows": [{"size_bytes": "4096", "count": "1024", "dtype": "fp32", "redop": "sum",
            "time_us": 14.29, "baseline": "reference_sum", "baseline_time_us": 27.97,
            "baseline_busbw_gbps": 0.15, "reference_only": true, "checked": true,
            "baselines": [{"name": "reference_sum", "time_us": 27.97, "busbw_gbps": 0.15}],
            "samples_us": [14.1, 14.3], "sample_iters": [5, 5], "repeat_medians_us": [14.29]}],
  "backend": "cpu"
 },
 "saved_unix_ms": "1795503000000",
 "source": "saved from job j-000001"
})";

TEST(LegacyJsonTest, AnOldExportedBaselineImports) {
  absl::StatusOr<v1::Baseline> baseline = ParseBaselineJson(kOldExport, "nightly.json");
  ASSERT_TRUE(baseline.ok()) << baseline.status();
  const v1::ResultRow& row = baseline->job().rows(0);
  EXPECT_EQ(row.reference(), "reference_sum");
  EXPECT_DOUBLE_EQ(row.reference_time_us(), 27.97);
  EXPECT_DOUBLE_EQ(row.reference_busbw_gbps(), 0.15);
  ASSERT_EQ(row.references_size(), 1);
  EXPECT_EQ(row.references(0).name(), "reference_sum");
  EXPECT_EQ(row.dtype(), v1::fp32);
  EXPECT_EQ(baseline->job().spec().backend(), v1::cpu);
  EXPECT_EQ(baseline->job().backend(), v1::cpu);
}

TEST(LegacyJsonTest, RenamesRowKeysAndParsesTextFaults) {
  nlohmann::json job = {
      {"spec", {{"inject_fault", "flip_timed:1"}}},
      {"rows",
       {{{"graph_baseline", "nccl_symmetric"},
         {"baseline_graph_time_us", 2.5},
         {"reference_graph_time_us", 9.0}}}}};  // already renamed: the new key wins
  ASSERT_TRUE(UpgradeJobJson(&job).ok());
  EXPECT_EQ(job["spec"]["inject_fault"]["kind"], "flip_timed");
  EXPECT_EQ(job["spec"]["inject_fault"]["rank"], 1);
  EXPECT_EQ(job["rows"][0]["graph_reference"], "nccl_symmetric");
  EXPECT_EQ(job["rows"][0]["reference_graph_time_us"], 9.0);
  EXPECT_FALSE(job["rows"][0].contains("baseline_graph_time_us"));

  nlohmann::json none = {{"spec", {{"inject_fault", ""}}}};
  ASSERT_TRUE(UpgradeJobJson(&none).ok());
  EXPECT_FALSE(none["spec"].contains("inject_fault"));

  nlohmann::json bad = {{"spec", {{"inject_fault", "explode"}}}};
  EXPECT_EQ(UpgradeJobJson(&bad).message().rfind("spec.inject_fault: ", 0), 0u);
}

}  // namespace
}  // namespace symmbench::client
