// Tests of the table and JSON views: values in the table, JSON numbers as numbers, every
// required key present, and the error of a failed job shown.
#include "client/format.h"

#include "absl/strings/str_split.h"
#include "gtest/gtest.h"

namespace symmbench::client {
namespace {

v1::ResultRow MakeRow(int64_t size_bytes) {
  v1::ResultRow row;
  row.set_size_bytes(size_bytes);
  row.set_count(size_bytes / 2);
  row.set_dtype(v1::bf16);
  row.set_redop("sum");
  row.set_time_us(5.12);
  row.set_time_min_us(5.0);
  row.set_time_max_us(5.5);
  row.set_algbw_gbps(0.40);
  row.set_busbw_gbps(0.40);
  row.set_wrong(0);
  row.set_reference("nccl_all_reduce");
  row.set_reference_time_us(30.10);
  row.set_reference_busbw_gbps(0.07);
  row.set_speedup(5.88);
  row.set_checked(true);
  return row;
}

v1::Job MakeJob(v1::JobState state) {
  v1::Job job;
  job.set_job_id("j-000003");
  job.mutable_spec()->set_kernel("one_shot_all_reduce");
  job.mutable_spec()->set_world_size(2);
  job.mutable_spec()->set_dtype(v1::bf16);
  job.mutable_spec()->mutable_sweep()->set_min_bytes(2048);
  job.mutable_spec()->mutable_sweep()->set_max_bytes(64 << 20);
  job.mutable_spec()->mutable_sweep()->set_step_factor(4);
  job.mutable_spec()->set_iters(100);
  (*job.mutable_spec()->mutable_labels())["git"] = "abc123";
  job.set_state(state);
  job.set_backend(v1::cuda);
  job.add_devices(0);
  job.add_devices(1);
  job.set_submit_time_unix_ms(1763805601000);
  job.set_failed_rank(-1);
  *job.add_rows() = MakeRow(2048);
  *job.add_rows() = MakeRow(8192);
  return job;
}

TEST(FormatTest, TableHasHeaderUnitsAndValues) {
  const std::string table = JobTable(MakeJob(v1::SUCCEEDED));
  EXPECT_NE(table.find("# job j-000003  one_shot_all_reduce  world_size 2  bf16  backend cuda  "
                       "devices 0,1  reference nccl_all_reduce  state SUCCEEDED\n"),
            std::string::npos)
      << table;
  EXPECT_NE(table.find("#       size       count   type  redop    time_us   algbw   busbw  "
                       "#wrong    ref_us   ref_busbw  speedup\n"),
            std::string::npos)
      << table;
  EXPECT_NE(table.find("#        (B)  (elements)                     (us)  (GB/s)  (GB/s)  "
                       "            (us)      (GB/s)\n"),
            std::string::npos)
      << table;
  EXPECT_NE(table.find("        2048        1024   bf16    sum       5.12    0.40    0.40  "
                       "     0     30.10        0.07     5.88\n"),
            std::string::npos)
      << table;
  EXPECT_NE(table.find("        8192        4096"), std::string::npos) << table;
  EXPECT_EQ(table.find("error"), std::string::npos) << table;
}

// nccl-tests' in-place half of a line: after every other column, with units under the names.
TEST(FormatTest, InPlaceColumnsComeLastWithTheirUnits) {
  v1::Job job = MakeJob(v1::SUCCEEDED);
  job.mutable_spec()->mutable_sweep()->set_graph(true);
  for (v1::ResultRow& row : *job.mutable_rows()) {
    row.set_graph_time_us(3.0);
    v1::InPlaceFigures* f = row.mutable_in_place();
    f->set_time_us(6.25);
    f->set_busbw_gbps(0.33);
    f->set_reference_time_us(31.5);
    f->set_speedup(5.04);
    f->set_graph_time_us(3.5);
  }
  const std::string table = JobTable(job);
  const size_t names = table.find(
      "g_speedup  ip_time_us  ip_busbw  ip_#wrong   ip_ref_us  "
      "ip_speedup ip_graph_us\n");
  ASSERT_NE(names, std::string::npos) << table;
  // Each unit ends where its name does.
  const size_t line = table.rfind('\n', names) + 1;
  const std::string name_line = table.substr(line, table.find('\n', names) - line);
  const size_t units_begin = line + name_line.size() + 1;
  const std::string unit_line =
      table.substr(units_begin, table.find('\n', units_begin) - units_begin);
  for (const auto& [name, unit] :
       std::vector<std::pair<std::string, std::string>>{{"ip_time_us", "(us)"},
                                                        {"ip_busbw", "(GB/s)"},
                                                        {"ip_ref_us", "(us)"},
                                                        {"ip_graph_us", "(us)"}}) {
    const size_t end = name_line.find(name) + name.size();
    ASSERT_GE(unit_line.size(), end) << unit_line;
    EXPECT_EQ(unit_line.substr(end - unit.size(), unit.size()), unit) << name << "\n" << unit_line;
  }
  EXPECT_NE(table.find("        6.25      0.33          0       31.50        5.04        3.50\n"),
            std::string::npos)
      << table;

  // A job whose rows have none (--out-of-place, an op without an in-place form, a record from
  // before in-place figures) has no such columns.
  for (v1::ResultRow& row : *job.mutable_rows()) row.clear_in_place();
  EXPECT_EQ(JobTable(job).find("ip_time_us"), std::string::npos);
}

// The A/A control's columns come last, each value ending where its name does.
TEST(FormatTest, TheAAControlsColumnsComeLast) {
  v1::Job job = MakeJob(v1::SUCCEEDED);
  job.mutable_spec()->mutable_sweep()->set_graph(true);
  for (v1::ResultRow& row : *job.mutable_rows()) {
    row.set_graph_time_us(3.0);
    v1::AAControl* c = row.mutable_aa_control();
    c->set_ratio(1.004);
    c->set_noise(0.012);
    c->set_graph_ratio(0.998);
  }
  const std::string table = JobTable(job);
  const size_t names = table.find("g_speedup   aa_ratio  aa_noise aa_g_ratio\n");
  ASSERT_NE(names, std::string::npos) << table;
  const size_t line = table.rfind('\n', names) + 1;
  const size_t row = table.find("        2048");
  ASSERT_NE(row, std::string::npos) << table;
  const std::string row_line = table.substr(row, table.find('\n', row) - row);
  EXPECT_EQ(row_line.size(), table.find('\n', names) - line) << table;
  EXPECT_NE(row_line.find("      1.004     0.012      0.998"), std::string::npos) << row_line;

  for (v1::ResultRow& row : *job.mutable_rows()) row.clear_aa_control();
  EXPECT_EQ(JobTable(job).find("aa_ratio"), std::string::npos);
}

// A GEMM op's FP8 job: the header names the scaling, and the 8-character dtype keeps a space
// before it in the row.
TEST(FormatTest, Fp8GemmTableNamesTheScalingAndSeparatesTheColumns) {
  v1::Job job = MakeJob(v1::SUCCEEDED);
  job.mutable_spec()->set_kernel("ag_gemm");
  job.mutable_spec()->set_dtype(v1::fp8_e4m3);
  job.mutable_spec()->mutable_gemm()->set_fp8_scaling(v1::rowwise);
  job.clear_rows();
  v1::ResultRow* row = job.add_rows();
  row->set_dtype(v1::fp8_e4m3);
  row->set_checked(true);
  v1::GemmFigures* gemm = row->mutable_gemm();
  gemm->set_m(4096);
  gemm->set_n(6656);
  gemm->set_k(16384);
  gemm->set_splits_per_rank(4);
  gemm->set_t_gemm_us(634.0);
  const std::string table = JobTable(job);
  EXPECT_NE(table.find("ag_gemm  world_size 2  fp8_e4m3 rowwise  backend cuda"), std::string::npos)
      << table;
  EXPECT_NE(table.find("   4096   6656  16384      4  fp8_e4m3"), std::string::npos) << table;
  EXPECT_NE(table.find("splits      type"), std::string::npos) << table;
}

// The GEMM row's TFLOP/s keeps three significant digits below 1 (the CPU backend's rates
// printed 0.00), and its overlap shows "-" where the shorter phase is under a tenth of the
// longer (a CPU shape's 1.7 us all-gather against a 124 us GEMM printed -20.13) or the value is
// beyond +-1.5 (-16.72 on a loaded host).
TEST(FormatTest, GemmRowPrintsWhatIsMeaningful) {
  v1::ResultRow row;
  row.set_dtype(v1::bf16);
  row.set_checked(true);
  v1::GemmFigures* gemm = row.mutable_gemm();
  gemm->set_m(256);
  gemm->set_n(128);
  gemm->set_k(128);
  gemm->set_splits_per_rank(1);
  gemm->set_t_ag_us(1.7);
  gemm->set_t_gemm_us(123.7);
  gemm->set_t_sequential_us(127.7);
  gemm->set_t_fused_us(162.6);
  gemm->set_tflops(0.000412);
  gemm->set_overlap_efficiency(-20.13);
  const std::vector<std::string> tiny =
      absl::StrSplit(TableRow(row, "ag_gemm"), ' ', absl::SkipEmpty());
  ASSERT_EQ(tiny.size(), 17u);
  EXPECT_EQ(tiny[12], "0.000412");  // TFLOP/s
  EXPECT_EQ(tiny[14], "-");         // overlap
  gemm->set_t_ag_us(40);            // a third of the GEMM: the overlap means something
  gemm->set_overlap_efficiency(0.25);
  gemm->set_tflops(12.5);
  const std::vector<std::string> measured =
      absl::StrSplit(TableRow(row, "ag_gemm"), ' ', absl::SkipEmpty());
  EXPECT_EQ(measured[12], "12.50");
  EXPECT_EQ(measured[14], "0.25");
  gemm->set_overlap_efficiency(-16.72);  // a loaded CPU host: the fused op 3x the sequential
  const std::vector<std::string> loaded =
      absl::StrSplit(TableRow(row, "ag_gemm"), ' ', absl::SkipEmpty());
  EXPECT_EQ(loaded[14], "-");
}

TEST(FormatTest, UncheckedRowShowsNotAvailable) {
  v1::ResultRow row = MakeRow(4096);
  row.set_checked(false);
  EXPECT_NE(TableRow(row, "one_shot_all_reduce").find("     N/A"), std::string::npos)
      << TableRow(row, "one_shot_all_reduce");
}

TEST(FormatTest, FailedJobShowsErrorOnLastLine) {
  v1::Job job = MakeJob(v1::FAILED);
  job.set_error("one_shot_all_reduce 8 KiB: 12 wrong elements");
  job.set_failed_rank(1);
  const std::string table = JobTable(job);
  const std::string last_line = "# error: one_shot_all_reduce 8 KiB: 12 wrong elements (rank 1)\n";
  ASSERT_GE(table.size(), last_line.size());
  EXPECT_EQ(table.substr(table.size() - last_line.size()), last_line) << table;

  const Json json = JobToJson(job);
  EXPECT_EQ(json["error"], "one_shot_all_reduce 8 KiB: 12 wrong elements");
  EXPECT_EQ(json["state"], "FAILED");
  EXPECT_EQ(json["failed_rank"], 1);
}

TEST(FormatTest, JsonHasEveryRowKeyAsNumbers) {
  const Json json = JobToJson(MakeJob(v1::SUCCEEDED));
  for (const char* key : {"job_id", "state", "backend", "devices", "spec", "rows"}) {
    EXPECT_TRUE(json.contains(key)) << key;
  }
  // Every key is present whatever the job: no error is "", no failed rank -1.
  EXPECT_EQ(json["error"], "");
  EXPECT_EQ(json["failed_rank"], -1);
  EXPECT_EQ(json.begin().key(), "job_id");  // proto field order, not alphabetical
  EXPECT_EQ(json["job_id"], "j-000003");
  EXPECT_EQ(json["state"], "SUCCEEDED");
  EXPECT_EQ(json["devices"], Json::array({0, 1}));
  ASSERT_EQ(json["rows"].size(), 2u);
  const Json& row = json["rows"][0];
  for (const char* key :
       {"size_bytes", "count", "time_us", "time_min_us", "time_max_us", "algbw_gbps", "busbw_gbps",
        "wrong", "reference_time_us", "reference_busbw_gbps", "speedup"}) {
    ASSERT_TRUE(row.contains(key)) << key;
    EXPECT_TRUE(row[key].is_number()) << key << " = " << row[key].dump();
  }
  for (const char* key : {"dtype", "redop", "reference"}) {
    ASSERT_TRUE(row.contains(key)) << key;
    EXPECT_TRUE(row[key].is_string()) << key;
  }
  EXPECT_TRUE(row["checked"].is_boolean());
  EXPECT_EQ(row["size_bytes"], 2048);
  EXPECT_DOUBLE_EQ(row["time_us"].get<double>(), 5.12);

  const Json& spec = json["spec"];
  EXPECT_TRUE(spec["sweep"]["min_bytes"].is_number());
  EXPECT_EQ(spec["sweep"]["max_bytes"], 64 << 20);
  EXPECT_TRUE(spec["gemm"].is_null());
  EXPECT_EQ(spec["world_size"], 2);
  EXPECT_EQ(spec["check"], true);  // unset means true
  EXPECT_EQ(spec["labels"]["git"], "abc123");
  EXPECT_TRUE(json["submit_time_unix_ms"].is_number());
  // Round trip through text: still one object with numbers.
  const Json reparsed = Json::parse(json.dump());
  EXPECT_TRUE(reparsed.is_object());
  EXPECT_TRUE(reparsed["rows"][1]["size_bytes"].is_number_integer());
}

TEST(FormatTest, AbsentSubMessagesAreNullPresentOnesAreObjects) {
  v1::ResultRow row;
  EXPECT_TRUE(RowToJson(row)["ceilings"].is_null());
  row.mutable_ceilings()->set_gpu_model("cpu-slot");
  row.mutable_ceilings()->set_peer_copy_gbps(12.5);
  const Json with = RowToJson(row)["ceilings"];
  ASSERT_TRUE(with.is_object()) << with.dump();
  EXPECT_EQ(with["gpu_model"], "cpu-slot");
  EXPECT_DOUBLE_EQ(with["peer_copy_gbps"].get<double>(), 12.5);

  v1::JobSpec spec;
  EXPECT_TRUE(SpecToJson(spec)["sweep"].is_null());  // a oneof member not set
  EXPECT_TRUE(SpecToJson(spec)["gemm"].is_null());
  spec.mutable_sweep()->set_min_bytes(2048);
  EXPECT_TRUE(SpecToJson(spec)["sweep"]["dispatch"].is_null());
  EXPECT_TRUE(SpecToJson(spec)["gemm"].is_null());
  // Set, but no entries: still no table.
  spec.mutable_sweep()->mutable_dispatch()->set_gpu_model("H200");
  EXPECT_TRUE(SpecToJson(spec)["sweep"]["dispatch"].is_null());
  v1::DispatchEntry* entry = spec.mutable_sweep()->mutable_dispatch()->add_entries();
  entry->set_max_bytes(4096);
  entry->set_algorithm("one_shot");
  const Json table = SpecToJson(spec)["sweep"]["dispatch"];
  ASSERT_TRUE(table.is_object()) << table.dump();
  EXPECT_EQ(table["entries"][0]["algorithm"], "one_shot");
}

TEST(FormatTest, DescribeSizesAndStates) {
  v1::JobSpec spec = MakeJob(v1::QUEUED).spec();
  EXPECT_EQ(DescribeSizes(spec), "2K..64M x4");
  spec.mutable_sweep()->add_sizes_bytes(1024);
  spec.mutable_sweep()->add_sizes_bytes(1 << 20);
  EXPECT_EQ(DescribeSizes(spec), "1K,1M");
  EXPECT_EQ(*ParseJobState("failed", "--state"), v1::FAILED);
  EXPECT_FALSE(ParseJobState("JOB_STATE_UNSPECIFIED", "--state").ok());
  absl::StatusOr<v1::JobState> bad = ParseJobState("done", "--state");
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.status().message().find("--state: unknown job state \"done\""), 0u);
  EXPECT_TRUE(IsFinal(v1::CANCELLED));
  EXPECT_FALSE(IsFinal(v1::RUNNING));
}

TEST(FormatTest, ListAndDeviceTables) {
  v1::ListJobsResponse jobs;
  *jobs.add_jobs() = MakeJob(v1::SUCCEEDED);
  v1::Job failed = MakeJob(v1::FAILED);
  failed.set_job_id("j-000004");
  failed.set_error("rank 1 timed out");
  *jobs.add_jobs() = failed;
  const std::string list = JobListTable(jobs);
  EXPECT_NE(list.find("JOB"), std::string::npos);
  EXPECT_NE(list.find("j-000004  FAILED"), std::string::npos) << list;
  EXPECT_NE(list.find("2K..64M x4"), std::string::npos) << list;
  EXPECT_NE(list.find("2025-11-22 10:00:01"), std::string::npos) << list;
  EXPECT_NE(list.find("rank 1 timed out"), std::string::npos) << list;
  EXPECT_EQ(JobListToJson(jobs)["jobs"].size(), 2u);

  v1::ListDevicesResponse devices;
  devices.set_backend(v1::cuda);
  devices.add_kernels("one_shot_all_reduce");
  devices.add_kernels("two_shot_all_reduce");
  v1::Device* gpu = devices.add_devices();
  gpu->set_index(0);
  gpu->set_kind(v1::cuda);
  gpu->set_name("NVIDIA H200");
  gpu->set_memory_bytes(int64_t{150} << 30);
  gpu->set_job_id("j-000003");
  const std::string table = DeviceTable(devices);
  EXPECT_NE(table.find("NVIDIA H200"), std::string::npos) << table;
  EXPECT_NE(table.find("150.0 GiB"), std::string::npos) << table;
  EXPECT_NE(table.find("j-000003"), std::string::npos) << table;
  EXPECT_NE(table.find("backend: cuda"), std::string::npos) << table;
  EXPECT_NE(table.find("kernels: one_shot_all_reduce, two_shot_all_reduce"), std::string::npos);
  const Json json = DevicesToJson(devices);
  EXPECT_EQ(json["backend"], "cuda");
  EXPECT_TRUE(json["devices"][0]["memory_bytes"].is_number());
  EXPECT_EQ(json["kernels"].size(), 2u);
}

// A library whose file changed shows its last description, marked; a new one its error.
TEST(FormatTest, PluginTableMarksLibrariesBeingDescribed) {
  v1::ListDevicesResponse devices;
  devices.add_plugin_abi_versions(2);
  v1::Plugin* changed = devices.add_plugins();
  changed->set_name("mine");
  changed->set_stale(true);
  v1::PluginOp* op = changed->add_ops();
  op->set_kernel("mine:one_shot");
  op->set_path("/plugins/mine.so");
  v1::Plugin* fresh = devices.add_plugins();
  fresh->set_name("new");
  fresh->set_stale(true);
  fresh->set_error("plugin /plugins/new.so: being described (a new library); list again shortly");
  const std::string table = PluginTable(devices);
  EXPECT_NE(table.find("/plugins/mine.so (changed: being described again)"), std::string::npos)
      << table;
  EXPECT_NE(table.find("new: plugin /plugins/new.so: being described"), std::string::npos) << table;
}

}  // namespace
}  // namespace symmbench::client
