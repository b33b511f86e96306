// Oversized and absurd requests against a real daemon, over gRPC: each is refused with a clear
// status (RESOURCE_EXHAUSTED for a request above the 4 MiB limit, INVALID_ARGUMENT /
// RESOURCE_EXHAUSTED naming the field otherwise), nothing is stored, and the daemon keeps
// serving.
#include <gtest/gtest.h>
#include <signal.h>

#include <cstdint>
#include <fstream>
#include <limits>
#include <map>
#include <set>
#include <sstream>

#include "absl/strings/str_cat.h"
#include "google/protobuf/util/json_util.h"
#include "tests/rpc_test_util.h"
#include "tests/test_util.h"

namespace symmbench::testing {
namespace {

constexpr int64_t kInt64Max = std::numeric_limits<int64_t>::max();
constexpr int32_t kInt32Max = std::numeric_limits<int32_t>::max();

class LimitsTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    daemon_ = new Daemon(MakeTempDir("limits"), 2);
    std::string error;
    ASSERT_TRUE(daemon_->Start(&error)) << error;
  }
  static void TearDownTestSuite() {
    delete daemon_;
    daemon_ = nullptr;
  }
  void SetUp() override { stub_ = CoordinatorStub(daemon_->address()); }
  void TearDown() override {
    // Still alive and serving; nothing was stored.
    EXPECT_EQ(kill(daemon_->pid(), 0), 0) << "symmbenchd died";
    v1::ListJobsResponse jobs;
    grpc::Status listed = stub_->ListJobs(Context().get(), {}, &jobs);
    EXPECT_TRUE(listed.ok()) << listed.error_message();
    EXPECT_EQ(jobs.jobs_size(), 0);
  }

  // Submits `spec` and expects `code` with a message starting with `field`.
  void ExpectRefused(const v1::JobSpec& spec, grpc::StatusCode code, const std::string& field) {
    v1::Job job;
    grpc::Status status = Submit(stub_.get(), spec, &job);
    EXPECT_EQ(status.error_code(), code) << status.error_message();
    EXPECT_EQ(status.error_message().rfind(field, 0), 0u) << status.error_message();
    EXPECT_LT(status.error_message().size(), 1000u) << "error messages stay short";
  }

  static Daemon* daemon_;
  std::unique_ptr<v1::Coordinator::Stub> stub_;
};

Daemon* LimitsTest::daemon_ = nullptr;

TEST_F(LimitsTest, RequestAboveTheMessageLimitIsRefused) {
  v1::JobSpec spec = SmallCpuSpec(1, {4096});
  (*spec.mutable_labels())["blob"] = std::string(5 << 20, 'x');
  v1::Job job;
  grpc::Status status = Submit(stub_.get(), spec, &job);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::RESOURCE_EXHAUSTED) << status.error_message();
}

TEST_F(LimitsTest, DeepLabelMapsAreRefusedNamingLabels) {
  v1::JobSpec spec = SmallCpuSpec(1, {4096});
  for (int i = 0; i < 65; ++i) (*spec.mutable_labels())[absl::StrCat("k", i)] = "v";
  ExpectRefused(spec, grpc::StatusCode::INVALID_ARGUMENT, "labels: 65 labels");
  for (int i = 0; i < 50000; ++i) (*spec.mutable_labels())[absl::StrCat("key", i)] = "v";
  ExpectRefused(spec, grpc::StatusCode::INVALID_ARGUMENT, "labels: ");
  v1::JobSpec long_key = SmallCpuSpec(1, {4096});
  (*long_key.mutable_labels())[std::string(100000, 'k')] = "v";
  ExpectRefused(long_key, grpc::StatusCode::INVALID_ARGUMENT, "labels: key");
  v1::JobSpec long_value = SmallCpuSpec(1, {4096});
  (*long_value.mutable_labels())["k"] = std::string(2 << 20, 'v');
  ExpectRefused(long_value, grpc::StatusCode::INVALID_ARGUMENT, "labels[\"k\"]");
}

TEST_F(LimitsTest, AbsurdSizesAreRefusedNamingTheField) {
  ExpectRefused(SmallCpuSpec(1, {kInt64Max - 7}), grpc::StatusCode::RESOURCE_EXHAUSTED,
                "sweep.sizes_bytes[0]");
  ExpectRefused(SmallCpuSpec(1, {4096, -4}), grpc::StatusCode::INVALID_ARGUMENT,
                "sweep.sizes_bytes[1]");
  ExpectRefused(SmallCpuSpec(1, std::vector<int64_t>(100000, 4096)),
                grpc::StatusCode::INVALID_ARGUMENT, "sweep.sizes_bytes");
  v1::JobSpec sweep = SmallCpuSpec(1, {});
  sweep.mutable_sweep()->set_min_bytes(4);
  sweep.mutable_sweep()->set_max_bytes(kInt64Max);
  sweep.mutable_sweep()->set_step_factor(2);
  ExpectRefused(sweep, grpc::StatusCode::RESOURCE_EXHAUSTED, "sweep.max_bytes");
  sweep.mutable_sweep()->set_step_factor(kInt32Max);
  ExpectRefused(sweep, grpc::StatusCode::RESOURCE_EXHAUSTED, "sweep.max_bytes");
  v1::JobSpec iters = SmallCpuSpec(1, {4096}, kInt32Max);
  ExpectRefused(iters, grpc::StatusCode::INVALID_ARGUMENT, "iters");
  ExpectRefused(SmallCpuSpec(kInt32Max, {4096}), grpc::StatusCode::RESOURCE_EXHAUSTED,
                "world_size");
  v1::JobSpec timeout = SmallCpuSpec(1, {4096});
  timeout.set_timeout_s(-1);
  ExpectRefused(timeout, grpc::StatusCode::INVALID_ARGUMENT, "timeout_s");
  v1::JobSpec gemm = SmallCpuSpec(2, {});
  gemm.set_kernel("ag_gemm");
  gemm.set_dtype(v1::bf16);
  v1::GemmShape* shape = gemm.mutable_gemm()->add_shapes();
  shape->set_m(kInt64Max);
  shape->set_n(kInt64Max);
  shape->set_k(kInt64Max);
  v1::Job job;
  grpc::Status status = Submit(stub_.get(), gemm, &job);
  EXPECT_FALSE(status.ok());
  EXPECT_EQ(status.error_message().rfind("gemm.shapes[0]", 0), 0u) << status.error_message();
}

TEST_F(LimitsTest, StoreRefusesOversizedAndForeignRequests) {
  auto store = StoreStub(daemon_->address());
  v1::StoreSetRequest set;
  set.set_job_id("j-000001");
  set.set_key("k");
  set.set_value(std::string(5 << 20, 'x'));
  v1::StoreSetResponse set_response;
  grpc::Status big = store->Set(Context().get(), set, &set_response);
  EXPECT_EQ(big.error_code(), grpc::StatusCode::RESOURCE_EXHAUSTED) << big.error_message();
  set.set_value("v");
  grpc::Status foreign = store->Set(Context().get(), set, &set_response);
  EXPECT_EQ(foreign.error_code(), grpc::StatusCode::FAILED_PRECONDITION) << foreign.error_message();
  set.set_key(std::string(10000, 'k'));
  grpc::Status long_key = store->Set(Context().get(), set, &set_response);
  EXPECT_EQ(long_key.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_EQ(long_key.error_message().rfind("key: ", 0), 0u) << long_key.error_message();
  v1::StoreWaitRequest wait;
  wait.set_job_id("j-000001");
  wait.add_keys("k");
  wait.set_timeout_ms(kInt64Max);
  v1::StoreWaitResponse wait_response;
  grpc::Status forever = store->Wait(Context().get(), wait, &wait_response);
  EXPECT_EQ(forever.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_EQ(forever.error_message().rfind("timeout_ms: ", 0), 0u) << forever.error_message();
}

// Bytes that do not parse as the method's request (garbage, or a string field that is not
// UTF-8, which proto3 forbids) are refused with INVALID_ARGUMENT naming the request message, on
// the sync Coordinator and on the callback-API Store alike (gRPC itself answers INTERNAL with an
// empty message).
TEST_F(LimitsTest, UnparseableRequestsAreRefusedNamingTheRequest) {
  // SubmitJobRequest{spec: JobSpec{kernel: "\xff"}}: field 1 (LEN 3) holding field 1 (LEN 1).
  const std::string bad_utf8("\x0a\x03\x0a\x01\xff", 5);
  const std::string garbage("\xff\xff\xff\xff", 4);
  const std::vector<std::pair<std::string, std::string>> calls = {
      {"/symmbench.v1.Coordinator/SubmitJob", bad_utf8},
      {"/symmbench.v1.Coordinator/SubmitJob", garbage},
      {"/symmbench.v1.Coordinator/GetJob", garbage},
      {"/symmbench.v1.Store/Set", garbage},
  };
  for (const auto& [method, bytes] : calls) {
    std::string response;
    const grpc::Status status = RawUnaryCall(daemon_->address(), method, bytes, &response);
    EXPECT_EQ(status.error_code(), grpc::StatusCode::INVALID_ARGUMENT)
        << method << ": " << status.error_code() << " " << status.error_message();
    const std::string request_type = method.substr(method.rfind('/') + 1) + "Request";
    EXPECT_EQ(status.error_message().rfind("request: ", 0), 0u) << status.error_message();
    EXPECT_NE(status.error_message().find(request_type), std::string::npos)
        << status.error_message();
  }
}

// With --log-format json every line the daemon writes is one JSON object, the lines of the
// libraries it links included (protobuf's complaint about a string that is not UTF-8).
TEST(LibraryLogsTest, LibraryLinesGoThroughTheDaemonsJsonLogger) {
  Daemon daemon(MakeTempDir("json_logs"), 1);
  daemon.set_extra_args({"--log-format", "json"});
  std::string error;
  ASSERT_TRUE(daemon.Start(&error)) << error;
  std::string response;
  const grpc::Status status = RawUnaryCall(daemon.address(), "/symmbench.v1.Coordinator/SubmitJob",
                                           std::string("\x0a\x03\x0a\x01\xff", 5), &response);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::INVALID_ARGUMENT) << status.error_message();
  ASSERT_EQ(daemon.Stop(), 0);
  std::istringstream log(ReadFile(daemon.log_path()));
  std::string line;
  int lines = 0;
  bool protobuf_line = false;
  while (std::getline(log, line)) {
    ++lines;
    const nlohmann::json parsed = nlohmann::json::parse(line, nullptr, /*allow_exceptions=*/false);
    ASSERT_TRUE(parsed.is_object()) << "not a JSON object: " << line;
    if (parsed.value("logger", "") == "protobuf") protobuf_line = true;
  }
  EXPECT_GT(lines, 2);
  EXPECT_TRUE(protobuf_line) << ReadFile(daemon.log_path());
}

// With --log-format json a job's lines carry its fields as keys (job id, state, kernel, world
// size, duration), a FAILED job is logged at warning, and every line of its workers is JSON
// with the job id and rank.
TEST(LibraryLogsTest, JobLinesCarryFieldsAndAFailedJobWarns) {
  const std::string dir = MakeTempDir("json_job_logs");
  Daemon daemon(dir, 2);
  daemon.set_extra_args({"--log-format", "json", "--allow-fault-injection"});
  std::string error;
  ASSERT_TRUE(daemon.Start(&error)) << error;
  CommandResult r = daemon.Client({"submit", "--world-size", "2", "--sizes", "4K", "--iters", "2",
                                   "--warmup", "1", "--repeats", "1", "--wait"});
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  const std::string failing = dir + "/failing.json";
  std::ofstream(failing) << R"({"kernel": "one_shot_all_reduce", "world_size": 2,
      "sizes_bytes": [4096], "iters": 2, "inject_fault": "rank_error:1"})";
  r = daemon.Client({"submit", "--spec", failing, "--wait"});
  ASSERT_EQ(r.exit_code, 1) << r.out << r.err;
  ASSERT_EQ(daemon.Stop(), 0);
  std::istringstream log(ReadFile(daemon.log_path()));
  std::map<std::string, nlohmann::json> final_lines;  // by state
  for (std::string line; std::getline(log, line);) {
    const nlohmann::json parsed = nlohmann::json::parse(line, nullptr, /*allow_exceptions=*/false);
    ASSERT_TRUE(parsed.is_object()) << line;
    if (parsed.contains("duration_s")) final_lines[parsed.value("state", "")] = parsed;
  }
  ASSERT_EQ(final_lines.count("SUCCEEDED"), 1u) << ReadFile(daemon.log_path());
  ASSERT_EQ(final_lines.count("FAILED"), 1u) << ReadFile(daemon.log_path());
  const nlohmann::json& ok = final_lines["SUCCEEDED"];
  EXPECT_EQ(ok["level"], "info");
  EXPECT_EQ(ok["job_id"], "j-000001");
  EXPECT_EQ(ok["kernel"], "one_shot_all_reduce");
  EXPECT_EQ(ok["world_size"], 2);
  EXPECT_TRUE(ok["duration_s"].is_number());
  EXPECT_TRUE(ok["queue_wait_s"].is_number());
  EXPECT_FALSE(ok.contains("error"));
  const nlohmann::json& failed = final_lines["FAILED"];
  EXPECT_EQ(failed["level"], "warning");
  EXPECT_EQ(failed["job_id"], "j-000002");
  EXPECT_NE(failed["error"].get<std::string>().find("rank 1"), std::string::npos) << failed.dump();
  // The daemon's line about the failed rank names the job and the rank as fields.
  bool rank_failed_line = false;
  std::istringstream again(ReadFile(daemon.log_path()));
  for (std::string line; std::getline(again, line);) {
    const nlohmann::json parsed = nlohmann::json::parse(line, nullptr, /*allow_exceptions=*/false);
    if (parsed.value("msg", "").find("rank 1 failed") == std::string::npos) continue;
    rank_failed_line = true;
    EXPECT_EQ(parsed["job_id"], "j-000002") << line;
    EXPECT_EQ(parsed["rank"], 1) << line;
  }
  EXPECT_TRUE(rank_failed_line) << ReadFile(daemon.log_path());
  // Every line of every worker too: one JSON object with its job and rank; the failed rank's
  // error among them.
  bool injected = false;
  for (const std::string job : {"j-000001", "j-000002"}) {
    for (int rank = 0; rank < 2; ++rank) {
      const std::string path = absl::StrCat(dir, "/logs/", job, ".rank", rank, ".log");
      std::istringstream worker_log(ReadFile(path));
      int lines = 0;
      for (std::string line; std::getline(worker_log, line);) {
        ++lines;
        const nlohmann::json parsed =
            nlohmann::json::parse(line, nullptr, /*allow_exceptions=*/false);
        ASSERT_TRUE(parsed.is_object()) << path << ": " << line;
        EXPECT_EQ(parsed.value("job_id", ""), job) << line;
        EXPECT_EQ(parsed.value("rank", -1), rank) << line;
        if (parsed.value("level", "") == "error" &&
            parsed.value("msg", "").find("injected fault") != std::string::npos) {
          injected = true;
        }
      }
      EXPECT_GT(lines, 0) << path;
    }
  }
  EXPECT_TRUE(injected);
}

// Fields this daemon does not know (a newer client's, or padding) are not stored: a spec or a
// dispatch table carrying 3 MiB of them is stored at its known size, so no record can outgrow
// a message through them.
TEST(UnknownFieldsTest, AreNotStored) {
  Daemon daemon(MakeTempDir("unknown_fields"), 2);
  std::string error;
  ASSERT_TRUE(daemon.Start(&error)) << error;
  auto stub = CoordinatorStub(daemon.address());
  const std::string padding(3 << 20, 'u');
  v1::JobSpec spec = SmallCpuSpec(1, {4096});
  spec.GetReflection()->MutableUnknownFields(&spec)->AddLengthDelimited(999, padding);
  v1::Job job;
  grpc::Status submitted = Submit(stub.get(), spec, &job);
  ASSERT_TRUE(submitted.ok()) << submitted.error_message();
  v1::Job stored;
  ASSERT_TRUE(GetJob(stub.get(), job.job_id(), &stored).ok());
  EXPECT_LT(stored.ByteSizeLong(), 64u << 10);
  EXPECT_EQ(stored.spec().GetReflection()->GetUnknownFields(stored.spec()).field_count(), 0);

  v1::SetDispatchTableRequest set;
  v1::DispatchTable* table = set.mutable_table();
  table->set_gpu_model("cpu");
  table->set_world_size(2);
  table->set_dtype(v1::fp32);
  v1::DispatchEntry* entry = table->add_entries();
  entry->set_max_bytes(0);
  entry->set_algorithm("one_shot_all_reduce");
  table->GetReflection()->MutableUnknownFields(table)->AddLengthDelimited(999, padding);
  v1::SetDispatchTableResponse set_response;
  grpc::Status put = stub->SetDispatchTable(Context().get(), set, &set_response);
  ASSERT_TRUE(put.ok()) << put.error_message();
  v1::ListDispatchTablesResponse tables;
  ASSERT_TRUE(stub->ListDispatchTables(Context().get(), {}, &tables).ok());
  EXPECT_LT(tables.ByteSizeLong(), 64u << 10);
}

// Records of 64 KiB each (64 labels of 1,000 characters): 72 of them are more than a gRPC
// message holds. ListJobs answers in pages of about 2 MiB with a token for the next, so every
// listing still works (two such jobs' worth of oversized records used to make ListJobs and
// `symmbench list` fail for every client: "Received message larger than max").
TEST(ListJobsPagesTest, ALargeHistoryIsListedPageByPage) {
  Daemon daemon(MakeTempDir("list_pages"), 2);
  std::string error;
  ASSERT_TRUE(daemon.Start(&error)) << error;
  auto stub = CoordinatorStub(daemon.address());
  constexpr int kJobs = 72;
  for (int i = 0; i < kJobs; ++i) {
    v1::JobSpec spec = SmallCpuSpec(1, {4}, 1);
    for (int l = 0; l < 64; ++l) {
      (*spec.mutable_labels())[absl::StrCat("label", l)] = std::string(1000, 'a' + l % 26);
    }
    v1::Job job;
    ASSERT_TRUE(Submit(stub.get(), spec, &job).ok()) << i;
  }
  std::set<std::string> seen;
  v1::ListJobsRequest request;
  request.set_limit(1000);
  int pages = 0;
  do {
    v1::ListJobsResponse page;
    grpc::Status status = stub->ListJobs(Context().get(), request, &page);
    ASSERT_TRUE(status.ok()) << status.error_message();
    EXPECT_LT(page.ByteSizeLong(), size_t{3} << 20);
    ASSERT_GT(page.jobs_size(), 0);
    for (const v1::Job& job : page.jobs()) EXPECT_TRUE(seen.insert(job.job_id()).second);
    request.set_page_token(page.next_page_token());
    ++pages;
  } while (!request.page_token().empty());
  EXPECT_EQ(seen.size(), static_cast<size_t>(kJobs));
  EXPECT_GE(pages, 2);
  // The CLI follows the pages.
  CommandResult result;
  nlohmann::json listed = daemon.ClientJson({"list", "--limit", "1000"}, &result);
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(listed["jobs"].size(), static_cast<size_t>(kJobs));
  // A token ListJobs did not give is refused naming it.
  request.set_page_token("not-a-token");
  v1::ListJobsResponse page;
  grpc::Status bad = stub->ListJobs(Context().get(), request, &page);
  EXPECT_EQ(bad.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_EQ(bad.error_message().rfind("page_token: ", 0), 0u) << bad.error_message();
}

// Dispatch tables and baselines page like jobs. Before, 3,000 valid dispatch tables made a 6 MB
// ListDispatchTables answer and 4 valid baselines a 14.8 MB ListBaselines answer: `symmbench
// baseline list` failed for every client ("Received message larger than max").
TEST(ListPagesTest, DispatchTablesArePagedUnder4MiB) {
  Daemon daemon(MakeTempDir("table_pages"), 2);
  std::string error;
  ASSERT_TRUE(daemon.Start(&error)) << error;
  auto stub = CoordinatorStub(daemon.address());
  // About 2.6 KB each (64 entries, a 256-byte GPU model): 1,800 make 4.7 MB.
  constexpr int kTables = 1800;
  for (int i = 0; i < kTables; ++i) {
    v1::SetDispatchTableRequest set;
    v1::DispatchTable* table = set.mutable_table();
    const std::string number = absl::StrCat(i);
    table->set_gpu_model(std::string(256 - number.size(), 'g') + number);
    table->set_world_size(2);
    table->set_dtype(v1::bf16);
    for (int e = 0; e < 64; ++e) {
      v1::DispatchEntry* entry = table->add_entries();
      entry->set_max_bytes(e == 63 ? 0 : int64_t{1024} * (e + 1));
      entry->set_algorithm(e % 2 == 0 ? "one_shot_all_reduce" : "two_shot_all_reduce");
    }
    v1::SetDispatchTableResponse response;
    grpc::Status put = stub->SetDispatchTable(Context().get(), set, &response);
    ASSERT_TRUE(put.ok()) << i << ": " << put.error_message();
  }
  std::set<std::string> seen;
  v1::ListDispatchTablesRequest request;
  request.set_limit(100000);
  int pages = 0;
  do {
    v1::ListDispatchTablesResponse page;
    grpc::Status status = stub->ListDispatchTables(Context().get(), request, &page);
    ASSERT_TRUE(status.ok()) << status.error_message();
    EXPECT_LT(page.ByteSizeLong(), size_t{3} << 20);
    ASSERT_GT(page.tables_size(), 0);
    for (const v1::DispatchTable& t : page.tables()) EXPECT_TRUE(seen.insert(t.gpu_model()).second);
    request.set_page_token(page.next_page_token());
    ++pages;
  } while (!request.page_token().empty());
  EXPECT_EQ(seen.size(), static_cast<size_t>(kTables));
  EXPECT_GE(pages, 2);
  request.set_page_token("not a token");
  v1::ListDispatchTablesResponse page;
  grpc::Status bad = stub->ListDispatchTables(Context().get(), request, &page);
  EXPECT_EQ(bad.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_EQ(bad.error_message().rfind("page_token: ", 0), 0u) << bad.error_message();
}

// A baseline of `rows` rows of 20,000 samples each (160 KB a row).
v1::Baseline LargeBaseline(const std::string& name, int rows) {
  v1::Baseline baseline;
  baseline.set_name(name);
  v1::Job* job = baseline.mutable_job();
  job->set_job_id("j-000001");
  job->set_state(v1::SUCCEEDED);
  job->mutable_spec()->set_kernel("one_shot_all_reduce");
  job->mutable_spec()->set_world_size(2);
  for (int r = 0; r < rows; ++r) {
    v1::ResultRow* row = job->add_rows();
    row->set_size_bytes(int64_t{1024} << r);
    row->set_time_us(10);
    for (int i = 0; i < 20000; ++i) row->add_samples_us(10.0 + i % 7);
  }
  return baseline;
}

TEST(ListPagesTest, BaselinesArePagedAndListedWithoutRows) {
  Daemon daemon(MakeTempDir("baseline_pages"), 2);
  std::string error;
  ASSERT_TRUE(daemon.Start(&error)) << error;
  auto stub = CoordinatorStub(daemon.address());
  // 2.9 MB each (18 rows of 20,000 samples): 4 of them are 11.5 MB.
  for (const char* name : {"a", "b", "c", "d"}) {
    v1::ImportBaselineRequest import;
    *import.mutable_baseline() = LargeBaseline(name, 18);
    v1::ImportBaselineResponse response;
    grpc::Status put = stub->ImportBaseline(Context().get(), import, &response);
    ASSERT_TRUE(put.ok()) << name << ": " << put.error_message();
  }
  // One too large for GetBaseline's answer is refused, naming its size.
  v1::ImportBaselineRequest too_large;
  *too_large.mutable_baseline() = LargeBaseline("e", 20);
  v1::ImportBaselineResponse refused;
  grpc::Status bad = stub->ImportBaseline(Context().get(), too_large, &refused);
  EXPECT_EQ(bad.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_EQ(bad.error_message().rfind("baseline: ", 0), 0u) << bad.error_message();

  // With rows: page by page, each under 4 MiB.
  std::vector<std::string> names;
  v1::ListBaselinesRequest request;
  request.set_include_rows(true);
  do {
    v1::ListBaselinesResponse page;
    grpc::Status status = stub->ListBaselines(Context().get(), request, &page);
    ASSERT_TRUE(status.ok()) << status.error_message();
    EXPECT_LT(page.ByteSizeLong(), size_t{4} << 20);
    for (const v1::Baseline& b : page.baselines()) {
      names.push_back(b.name());
      EXPECT_EQ(b.job().rows_size(), 18);
      EXPECT_EQ(b.row_count(), 18);
    }
    request.set_page_token(page.next_page_token());
  } while (!request.page_token().empty());
  EXPECT_EQ(names, (std::vector<std::string>{"a", "b", "c", "d"}));
  // The CLI lists them all without their rows, counting the cases.
  CommandResult result;
  const nlohmann::json listed = daemon.ClientJson({"baseline", "list"}, &result);
  ASSERT_EQ(result.exit_code, 0) << result.out << result.err;
  ASSERT_EQ(listed["baselines"].size(), 4u) << listed.dump();
  EXPECT_EQ(listed["baselines"][3]["cases"], 18) << listed.dump();
}

// The spec JSON of docs/usage.md through the API (no CLI): the coordinator applies the same
// defaults the CLI's jobs get (kernel, warmup, iters, ...). It was refused: iters 0.
TEST(ApiDefaultsTest, TheDocsSpecJsonIsAcceptedWithTheDefaults) {
  Daemon daemon(MakeTempDir("api_defaults"), 2);
  std::string error;
  ASSERT_TRUE(daemon.Start(&error)) << error;
  auto stub = CoordinatorStub(daemon.address());
  v1::JobSpec spec;
  ASSERT_TRUE(google::protobuf::util::JsonStringToMessage(
                  R"({"kernel": "one_shot_all_reduce", "world_size": 2,
                      "sweep": {"min_bytes": 2048, "max_bytes": 67108864, "step_factor": 4}})",
                  &spec)
                  .ok());
  v1::Job job;
  grpc::Status submitted = Submit(stub.get(), spec, &job);
  ASSERT_TRUE(submitted.ok()) << submitted.error_message();
  EXPECT_EQ(job.spec().iters(), 100);
  EXPECT_EQ(job.spec().warmup_iters(), 20);
  EXPECT_EQ(job.spec().dtype(), v1::bf16);
  EXPECT_EQ(job.spec().repeats(), 5);
  v1::CancelJobRequest cancel;
  cancel.set_job_id(job.job_id());
  v1::CancelJobResponse cancelled;
  EXPECT_TRUE(stub->CancelJob(Context().get(), cancel, &cancelled).ok());
}

}  // namespace
}  // namespace symmbench::testing
