// Tests for the record format: a database of format 1 (strings for dtype, backend and
// inject_fault, a row's GEMM figures at its top level, a spec's sweep and GEMM problems at its
// top level, written here as protobuf writes them: unknown fields under the old numbers) is
// migrated and read back typed by the real stores; a newer format is refused; a record that does
// not convert leaves the database as it was.
#include "server/storage/record_format.h"

#include <gtest/gtest.h>
#include <sqlite3.h>
#include <stdlib.h>

#include <cstring>
#include <filesystem>
#include <string>

#include "google/protobuf/unknown_field_set.h"
#include "server/storage/baseline_store.h"
#include "server/storage/dispatch_tables.h"
#include "server/storage/job_db.h"

namespace symmbench {
namespace {

// Adds a format-1 string field `number` = `value` to `message`.
void AddOldString(google::protobuf::Message* message, int number, const std::string& value) {
  message->GetReflection()->MutableUnknownFields(message)->AddLengthDelimited(number, value);
}

class RecordFormatTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string tmpl = ::testing::TempDir() + "/record_format_test.XXXXXX";
    ASSERT_NE(mkdtemp(tmpl.data()), nullptr);
    dir_ = tmpl;
    path_ = dir_ + "/jobs.db";
    // The stores create their tables, as the daemon's do before it migrates.
    ASSERT_TRUE(JobDb::Open(path_).ok());
    ASSERT_TRUE(DispatchTableStore::Open(path_).ok());
    ASSERT_TRUE(BaselineStore::Open(path_).ok());
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }

  // Runs `sql` with blobs bound to ?1, ?2, ... on a connection of its own.
  void Exec(const std::string& sql, const std::vector<std::string>& blobs = {}) {
    sqlite3* db = nullptr;
    ASSERT_EQ(sqlite3_open(path_.c_str(), &db), SQLITE_OK);
    sqlite3_stmt* st = nullptr;
    ASSERT_EQ(sqlite3_prepare_v2(db, sql.c_str(), -1, &st, nullptr), SQLITE_OK) << sql;
    for (size_t i = 0; i < blobs.size(); ++i) {
      sqlite3_bind_blob(st, static_cast<int>(i + 1), blobs[i].data(),
                        static_cast<int>(blobs[i].size()), SQLITE_TRANSIENT);
    }
    EXPECT_EQ(sqlite3_step(st), SQLITE_DONE) << sql << ": " << sqlite3_errmsg(db);
    sqlite3_finalize(st);
    sqlite3_close(db);
  }

  int64_t UserVersion() {
    sqlite3* db = nullptr;
    EXPECT_EQ(sqlite3_open(path_.c_str(), &db), SQLITE_OK);
    sqlite3_stmt* st = nullptr;
    sqlite3_prepare_v2(db, "PRAGMA user_version", -1, &st, nullptr);
    sqlite3_step(st);
    const int64_t v = sqlite3_column_int64(st, 0);
    sqlite3_finalize(st);
    sqlite3_close(db);
    return v;
  }

  // A job as a format-1 daemon stored it: fp32, backend cpu, rank 1 flips an element, the sweep
  // 2K..64K x4 in graph mode with a dispatch table at the spec's top level (fields 4-6, 17, 18).
  static v1::Job OldJob(const std::string& id, const std::string& dtype) {
    v1::Job job;
    job.set_job_id(id);
    job.set_state(v1::SUCCEEDED);
    job.mutable_spec()->set_kernel("one_shot_all_reduce");
    job.mutable_spec()->set_world_size(2);
    AddOldString(job.mutable_spec(), 3, dtype);
    AddOldString(job.mutable_spec(), 11, "cpu");
    AddOldString(job.mutable_spec(), 40, "flip_element:1");
    v1::DispatchTable dispatch;
    dispatch.set_world_size(2);
    dispatch.add_entries()->set_algorithm("one_shot_all_reduce");
    AddOldString(&dispatch, 3, dtype);
    google::protobuf::UnknownFieldSet* flat =
        job.mutable_spec()->GetReflection()->MutableUnknownFields(job.mutable_spec());
    flat->AddVarint(4, 2048);
    flat->AddVarint(5, 65536);
    flat->AddVarint(6, 4);
    flat->AddVarint(17, 1);
    flat->AddLengthDelimited(18, dispatch.SerializeAsString());
    AddOldString(&job, 7, "cpu");
    job.mutable_machine()->set_hostname("h1");
    AddOldString(job.mutable_machine(), 2, "cpu");
    return job;
  }

  // A row of formats 1-3: dtype a string; the 2048-byte one's reference only checked results
  // (reference_only, field 42, true), the other's competed (false: not written).
  static v1::ResultRow OldRow(int64_t size) {
    v1::ResultRow row;
    row.set_size_bytes(size);
    row.set_time_us(3.5);
    AddOldString(&row, 3, "fp32");
    row.set_reference(size == 2048 ? "reference_sum" : "nccl_all_reduce");
    if (size == 2048) row.GetReflection()->MutableUnknownFields(&row)->AddVarint(42, 1);
    return row;
  }

  // An ag_gemm row of formats 1 and 2: m, n, k (16-18), splits (19) and t_fused_us (23) at the
  // row's top level.
  static v1::ResultRow OldGemmRow() {
    v1::ResultRow row;
    row.set_time_us(420.5);
    google::protobuf::UnknownFieldSet* unknown = row.GetReflection()->MutableUnknownFields(&row);
    unknown->AddVarint(16, 2048);
    unknown->AddVarint(17, 8192);
    unknown->AddVarint(18, 4096);
    unknown->AddVarint(19, 4);
    const double t_fused = 420.5;
    uint64_t bits;
    std::memcpy(&bits, &t_fused, sizeof(bits));
    unknown->AddFixed64(23, bits);
    return row;
  }

  // An ag_gemm job of formats 1-3: its shapes, splits and variants (14-16) at the spec's top
  // level, and the step_factor every spec got (6), which ag_gemm ignored.
  static v1::Job OldGemmJob() {
    v1::Job job;
    job.set_job_id("j-000002");
    job.set_state(v1::SUCCEEDED);
    job.mutable_spec()->set_kernel("ag_gemm");
    job.mutable_spec()->set_world_size(2);
    v1::GemmShape shape;
    shape.set_m(2048);
    shape.set_n(512);
    shape.set_k(256);
    google::protobuf::UnknownFieldSet* flat =
        job.mutable_spec()->GetReflection()->MutableUnknownFields(job.mutable_spec());
    flat->AddVarint(6, 2);
    flat->AddLengthDelimited(14, shape.SerializeAsString());
    flat->AddVarint(15, 2);
    flat->AddLengthDelimited(16, "fused");
    return job;
  }

  // One job with two rows, a baseline holding that job with a row, a dispatch table.
  void WriteFormatOne(const std::string& dtype) {
    const v1::Job job = OldJob("j-000001", dtype);
    Exec("INSERT INTO jobs(job_id, state, record) VALUES ('j-000001', 3, ?1)",
         {job.SerializeAsString()});
    Exec("INSERT INTO jobs(job_id, state, record) VALUES ('j-000002', 3, ?1)",
         {OldGemmJob().SerializeAsString()});
    Exec(
        "INSERT INTO rows(job_id, seq, row) VALUES ('j-000001', 0, ?1), ('j-000001', 1, ?2), "
        "('j-000001', 2, ?3)",
        {OldRow(2048).SerializeAsString(), OldRow(4096).SerializeAsString(),
         OldGemmRow().SerializeAsString()});
    v1::Baseline baseline;
    baseline.set_name("nightly");
    *baseline.mutable_job() = job;
    *baseline.mutable_job()->add_rows() = OldRow(2048);
    Exec("INSERT INTO baselines VALUES ('nightly', 1, ?1)", {baseline.SerializeAsString()});
    v1::DispatchTable table;
    table.set_gpu_model("cpu-slot");
    table.set_world_size(2);
    table.add_entries()->set_algorithm("two_shot_all_reduce");
    AddOldString(&table, 3, "fp32");
    // The dispatch tables' SQLite table as formats 1-4 had it: no op in the key.
    Exec("DROP TABLE dispatch_tables");
    Exec(
        "CREATE TABLE dispatch_tables (gpu_model TEXT NOT NULL, world_size INTEGER NOT NULL, "
        "dtype TEXT NOT NULL, record BLOB NOT NULL, PRIMARY KEY (gpu_model, world_size, dtype))");
    Exec("INSERT INTO dispatch_tables VALUES ('cpu-slot', 2, 'fp32', ?1)",
         {table.SerializeAsString()});
  }

  std::string dir_;
  std::string path_;
};

TEST_F(RecordFormatTest, FormatOneRecordsAreReadTypedAfterMigration) {
  WriteFormatOne("fp32");
  ASSERT_EQ(UserVersion(), 0);
  ASSERT_TRUE(MigrateRecords(path_).ok());
  EXPECT_EQ(UserVersion(), kRecordFormat);

  absl::StatusOr<std::unique_ptr<JobDb>> db = JobDb::Open(path_);
  ASSERT_TRUE(db.ok()) << db.status();
  absl::StatusOr<v1::Job> job = (*db)->GetJob("j-000001");
  ASSERT_TRUE(job.ok()) << job.status();
  EXPECT_EQ(job->spec().dtype(), v1::fp32);
  EXPECT_EQ(job->spec().backend(), v1::cpu);
  EXPECT_EQ(job->spec().inject_fault().kind(), v1::Fault::flip_element);
  EXPECT_EQ(job->spec().inject_fault().rank(), 1);
  ASSERT_TRUE(job->spec().has_sweep());
  EXPECT_EQ(job->spec().sweep().min_bytes(), 2048);
  EXPECT_EQ(job->spec().sweep().max_bytes(), 65536);
  EXPECT_EQ(job->spec().sweep().step_factor(), 4);
  EXPECT_TRUE(job->spec().sweep().graph());
  EXPECT_EQ(job->spec().sweep().dispatch().dtype(), v1::fp32);
  EXPECT_EQ(job->spec().sweep().dispatch().entries(0).algorithm(), "one_shot_all_reduce");
  EXPECT_EQ(job->backend(), v1::cpu);
  EXPECT_EQ(job->machine().backend(), v1::cpu);
  EXPECT_EQ(job->machine().hostname(), "h1");  // fields that did not change are kept
  ASSERT_EQ(job->rows_size(), 3);
  EXPECT_EQ(job->rows(0).reference_kind(), v1::check_only);
  EXPECT_EQ(job->rows(1).reference_kind(), v1::library);
  EXPECT_EQ(job->rows(1).dtype(), v1::fp32);
  EXPECT_EQ(job->rows(1).size_bytes(), 4096);
  EXPECT_FALSE(job->rows(1).has_gemm());
  ASSERT_TRUE(job->rows(2).has_gemm());
  EXPECT_EQ(job->rows(2).gemm().m(), 2048);
  EXPECT_EQ(job->rows(2).gemm().n(), 8192);
  EXPECT_EQ(job->rows(2).gemm().k(), 4096);
  EXPECT_EQ(job->rows(2).gemm().splits_per_rank(), 4);
  EXPECT_DOUBLE_EQ(job->rows(2).gemm().t_fused_us(), 420.5);
  EXPECT_DOUBLE_EQ(job->rows(2).time_us(), 420.5);
  // Nothing of format 1 is left behind as an unknown field.
  EXPECT_EQ(job->spec().GetReflection()->GetUnknownFields(job->spec()).field_count(), 0);
  EXPECT_EQ(job->GetReflection()->GetUnknownFields(*job).field_count(), 0);
  const v1::DispatchTable& moved = job->spec().sweep().dispatch();
  EXPECT_EQ(moved.GetReflection()->GetUnknownFields(moved).field_count(), 0);

  absl::StatusOr<v1::Job> gemm_job = (*db)->GetJob("j-000002");
  ASSERT_TRUE(gemm_job.ok()) << gemm_job.status();
  ASSERT_TRUE(gemm_job->spec().has_gemm());
  EXPECT_FALSE(gemm_job->spec().has_sweep());  // the ignored step_factor is dropped
  ASSERT_EQ(gemm_job->spec().gemm().shapes_size(), 1);
  EXPECT_EQ(gemm_job->spec().gemm().shapes(0).m(), 2048);
  EXPECT_EQ(gemm_job->spec().gemm().shapes(0).k(), 256);
  EXPECT_EQ(gemm_job->spec().gemm().splits_per_rank(), 2);
  ASSERT_EQ(gemm_job->spec().gemm().variants_size(), 1);
  EXPECT_EQ(gemm_job->spec().gemm().variants(0), "fused");
  EXPECT_EQ(gemm_job->spec().GetReflection()->GetUnknownFields(gemm_job->spec()).field_count(), 0);

  absl::StatusOr<std::unique_ptr<BaselineStore>> baselines = BaselineStore::Open(path_);
  ASSERT_TRUE(baselines.ok());
  absl::StatusOr<v1::Baseline> nightly = (*baselines)->Get("nightly");
  ASSERT_TRUE(nightly.ok()) << nightly.status();
  EXPECT_EQ(nightly->job().spec().dtype(), v1::fp32);
  EXPECT_EQ(nightly->job().rows(0).dtype(), v1::fp32);

  absl::StatusOr<std::unique_ptr<DispatchTableStore>> tables = DispatchTableStore::Open(path_);
  ASSERT_TRUE(tables.ok());
  absl::StatusOr<v1::DispatchTable> table = (*tables)->Get("all_reduce", "cpu-slot", 2, v1::fp32);
  ASSERT_TRUE(table.ok()) << table.status();
  EXPECT_EQ(table->entries(0).algorithm(), "two_shot_all_reduce");
  EXPECT_EQ(table->op(), "all_reduce");  // format 5: every older table is all_reduce's
  EXPECT_EQ(job->spec().sweep().dispatch().op(), "all_reduce");
  // The rebuilt SQLite table keys on the op: another op's table of the same machine, world size
  // and dtype is stored beside it, not over it.
  v1::DispatchTable gather = DefaultDispatchTable(v1::cpu, "all_gather", "cpu-slot", 2, v1::fp32);
  ASSERT_TRUE((*tables)->Put(gather).ok());
  EXPECT_EQ((*tables)->Get("all_reduce", "cpu-slot", 2, v1::fp32)->entries(0).algorithm(),
            "two_shot_all_reduce");
  EXPECT_EQ((*tables)->Get("all_gather", "cpu-slot", 2, v1::fp32)->op(), "all_gather");
  EXPECT_EQ((*tables)->List()->size(), 2u);

  // A second start finds the current format and changes nothing.
  EXPECT_TRUE(MigrateRecords(path_).ok());
}

TEST_F(RecordFormatTest, NewDatabaseIsStamped) {
  ASSERT_TRUE(MigrateRecords(path_).ok());
  EXPECT_EQ(UserVersion(), kRecordFormat);
}

TEST_F(RecordFormatTest, NewerFormatIsRefusedAndLeftAlone) {
  Exec("PRAGMA user_version = 7");
  const absl::Status status = MigrateRecords(path_);
  EXPECT_EQ(status.code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_NE(status.message().find("format 7"), std::string::npos) << status;
  EXPECT_NE(status.message().find("newer symmbenchd"), std::string::npos) << status;
  EXPECT_NE(status.message().find(path_), std::string::npos) << status;
  EXPECT_EQ(UserVersion(), 7);
}

TEST_F(RecordFormatTest, UnconvertibleRecordRollsBackEverything) {
  WriteFormatOne("int8");
  const absl::Status status = MigrateRecords(path_);
  EXPECT_EQ(status.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_NE(status.message().find("jobs j-000001"), std::string::npos) << status;
  EXPECT_NE(status.message().find("spec.dtype"), std::string::npos) << status;
  EXPECT_EQ(UserVersion(), 0);
  // The job is still the format-1 record it was (its rows were not rewritten either).
  absl::StatusOr<std::unique_ptr<JobDb>> db = JobDb::Open(path_);
  ASSERT_TRUE(db.ok());
  absl::StatusOr<v1::Job> job = (*db)->GetJob("j-000001");
  ASSERT_TRUE(job.ok());
  EXPECT_EQ(job->spec().dtype(), v1::DTYPE_UNSPECIFIED);
  EXPECT_GT(job->spec().GetReflection()->GetUnknownFields(job->spec()).field_count(), 0);
  // The dispatch tables' SQLite table keeps its old shape too (no op column).
  Exec("INSERT INTO dispatch_tables VALUES ('cpu-slot', 4, 'fp32', x'')");
}

}  // namespace
}  // namespace symmbench
