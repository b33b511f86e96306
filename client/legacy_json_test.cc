// Job JSON of the release before record format 2 (an exported baseline as `baseline export`
// wrote it then) reads as today's: rows' baseline* keys become reference*, reference_only
// becomes reference_kind, a string inject_fault becomes its message, flat spec keys move under
// the op family's member.
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
  EXPECT_EQ(row.reference_kind(), v1::check_only);  // "reference_only": true
  EXPECT_EQ(baseline->job().spec().backend(), v1::cpu);
  EXPECT_EQ(baseline->job().backend(), v1::cpu);
  ASSERT_EQ(baseline->job().spec().sweep().sizes_bytes_size(), 1);  // a flat key, now nested
  EXPECT_EQ(baseline->job().spec().sweep().sizes_bytes(0), 4096);
}

TEST(LegacyJsonTest, FlatSpecKeysMoveUnderTheKernelsFamily) {
  nlohmann::json swept = {{"kernel", "all_reduce"},
                          {"min_bytes", 2048},
                          {"max_bytes", 65536},
                          {"graph", true},
                          {"dispatch", {{"world_size", 2}}},
                          {"shapes", nlohmann::json::array()},  // ignored by a swept kernel
                          {"sweep", {{"max_bytes", 4096}}}};    // already nested: it wins
  ASSERT_TRUE(UpgradeSpecJson(&swept, "spec").ok());
  EXPECT_EQ(swept["sweep"]["min_bytes"], 2048);
  EXPECT_EQ(swept["sweep"]["max_bytes"], 4096);
  EXPECT_EQ(swept["sweep"]["graph"], true);
  EXPECT_EQ(swept["sweep"]["dispatch"]["world_size"], 2);
  for (const char* key : {"min_bytes", "max_bytes", "graph", "dispatch", "shapes", "gemm"}) {
    EXPECT_FALSE(swept.contains(key)) << key;
  }

  nlohmann::json gemm = {{"kernel", "ag_gemm"},
                         {"step_factor", 2},  // every old spec had one; ag_gemm ignored it
                         {"graph", false},
                         {"shapes", {{{"m", 256}, {"n", 64}, {"k", 64}}}},
                         {"variants", {"fused"}}};
  ASSERT_TRUE(UpgradeSpecJson(&gemm, "spec").ok());
  EXPECT_EQ(gemm["gemm"]["shapes"][0]["m"], 256);
  EXPECT_EQ(gemm["gemm"]["variants"][0], "fused");
  EXPECT_FALSE(gemm.contains("sweep"));
  EXPECT_FALSE(gemm.contains("step_factor"));

  // graph on ag_gemm was refused, not ignored: it stays, under sweep, for SubmitJob to refuse.
  nlohmann::json refused = {{"kernel", "ag_gemm"}, {"graph", true}, {"shapes", {}}};
  ASSERT_TRUE(UpgradeSpecJson(&refused, "spec").ok());
  EXPECT_EQ(refused["sweep"]["graph"], true);

  // The kernel the caller names (submit --kernel) decides over the file's.
  nlohmann::json flag = {{"sizes_bytes", {4096}}, {"splits_per_rank", 2}};
  ASSERT_TRUE(UpgradeSpecJson(&flag, "spec", "ag_gemm").ok());
  EXPECT_EQ(flag["gemm"]["splits_per_rank"], 2);
  EXPECT_FALSE(flag.contains("sweep"));
}

TEST(LegacyJsonTest, RenamesRowKeysAndParsesTextFaults) {
  nlohmann::json job = {{"spec", {{"inject_fault", "flip_timed:1"}}},
                        {"rows",
                         {{{"graph_baseline", "nccl_symmetric"},
                           {"baseline_graph_time_us", 2.5},
                           {"reference_graph_time_us", 9.0}},  // already renamed: the new key wins
                          {{"reference", "nccl_all_reduce"}, {"reference_only", false}}}}};
  ASSERT_TRUE(UpgradeJobJson(&job).ok());
  EXPECT_EQ(job["spec"]["inject_fault"]["kind"], "flip_timed");
  EXPECT_EQ(job["spec"]["inject_fault"]["rank"], 1);
  EXPECT_EQ(job["rows"][0]["graph_reference"], "nccl_symmetric");
  EXPECT_EQ(job["rows"][0]["reference_graph_time_us"], 9.0);
  EXPECT_FALSE(job["rows"][0].contains("baseline_graph_time_us"));
  EXPECT_FALSE(job["rows"][0].contains("reference_kind"));  // no reference named
  EXPECT_EQ(job["rows"][1]["reference_kind"], "library");   // one that competed
  EXPECT_FALSE(job["rows"][1].contains("reference_only"));

  nlohmann::json none = {{"spec", {{"inject_fault", ""}}}};
  ASSERT_TRUE(UpgradeJobJson(&none).ok());
  EXPECT_FALSE(none["spec"].contains("inject_fault"));

  nlohmann::json bad = {{"spec", {{"inject_fault", "explode"}}}};
  EXPECT_EQ(UpgradeJobJson(&bad).message().rfind("spec.inject_fault: ", 0), 0u);
}

}  // namespace
}  // namespace symmbench::client
