// Record formats of the coordinator's database and the migration from format 1.
#include "server/storage/record_format.h"

#include <sqlite3.h>

#include <algorithm>
#include <cstring>
#include <functional>
#include <iterator>
#include <memory>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "common/quote.h"
#include "google/protobuf/descriptor.h"
#include "google/protobuf/unknown_field_set.h"
#include "kernels/ops/registry.h"
#include "proto/symmbench.pb.h"
#include "server/storage/dispatch_tables.h"
#include "server/storage/sqlite_store.h"
#include "spec/fault_injection.h"

namespace symmbench {
namespace {

using google::protobuf::FieldDescriptor;
using google::protobuf::Message;
using google::protobuf::Reflection;
using google::protobuf::UnknownField;
using google::protobuf::UnknownFieldSet;

constexpr char kStoreName[] = "record_format";

// One field of an older record format: what protobuf keeps as an unknown field `number` in
// messages of `type`, and how it becomes today's field.
struct LegacyField {
  const char* type;  // full message name
  int number;        // its old field number (reserved in the proto now)
  UnknownField::Type wire;
  std::function<absl::Status(Message*, const UnknownField&)> convert;
};

// A format-1 string field, converted by `convert`.
LegacyField OldString(const char* type, int number,
                      std::function<absl::Status(Message*, const std::string&)> convert) {
  return {
      type, number, UnknownField::TYPE_LENGTH_DELIMITED,
      [convert](Message* m, const UnknownField& u) { return convert(m, u.length_delimited()); }};
}

// ResultRow's GEMM figures of formats 1 and 2 (top-level fields 16-27), now GemmFigures.
LegacyField OldGemmInt(int number, void (v1::GemmFigures::*set)(int64_t)) {
  return {
      "symmbench.v1.ResultRow", number, UnknownField::TYPE_VARINT,
      [set](Message* m, const UnknownField& u) {
        (static_cast<v1::ResultRow*>(m)->mutable_gemm()->*set)(static_cast<int64_t>(u.varint()));
        return absl::OkStatus();
      }};
}
LegacyField OldGemmDouble(int number, void (v1::GemmFigures::*set)(double)) {
  return {"symmbench.v1.ResultRow", number, UnknownField::TYPE_FIXED64,
          [set](Message* m, const UnknownField& u) {
            const uint64_t bits = u.fixed64();
            double value;
            std::memcpy(&value, &bits, sizeof(value));
            (static_cast<v1::ResultRow*>(m)->mutable_gemm()->*set)(value);
            return absl::OkStatus();
          }};
}

absl::Status Unconvertible(const char* field, const std::string& value, const char* want) {
  return absl::InvalidArgumentError(
      absl::StrCat(field, ": ", Quote(value), " from an older record is not ", want));
}

absl::StatusOr<v1::DType> OldDType(const char* field, const std::string& value) {
  v1::DType dtype = v1::DTYPE_UNSPECIFIED;
  if (value.empty()) return dtype;
  if (!v1::DType_Parse(value, &dtype)) return Unconvertible(field, value, "bf16, fp16 or fp32");
  return dtype;
}

absl::StatusOr<v1::Backend> OldBackend(const char* field, const std::string& value) {
  v1::Backend backend = v1::auto_;
  if (value.empty()) return backend;
  if (!v1::Backend_Parse(value, &backend)) return Unconvertible(field, value, "auto, cuda or cpu");
  return backend;
}

const std::vector<LegacyField>& LegacyFields() {
  static const auto* const fields = new std::vector<LegacyField>{
      OldString("symmbench.v1.JobSpec", 3,
                [](Message* m, const std::string& v) -> absl::Status {
                  absl::StatusOr<v1::DType> d = OldDType("spec.dtype", v);
                  if (d.ok()) static_cast<v1::JobSpec*>(m)->set_dtype(*d);
                  return d.status();
                }),
      OldString("symmbench.v1.JobSpec", 11,
                [](Message* m, const std::string& v) -> absl::Status {
                  absl::StatusOr<v1::Backend> b = OldBackend("spec.backend", v);
                  if (b.ok()) static_cast<v1::JobSpec*>(m)->set_backend(*b);
                  return b.status();
                }),
      OldString("symmbench.v1.JobSpec", 40,
                [](Message* m, const std::string& v) -> absl::Status {
                  absl::StatusOr<v1::Fault> f = ParseFaultText(v, "spec.inject_fault");
                  if (f.ok() && f->kind() != v1::Fault::none) {
                    *static_cast<v1::JobSpec*>(m)->mutable_inject_fault() = *f;
                  }
                  return f.status();
                }),
      OldString("symmbench.v1.ResultRow", 3,
                [](Message* m, const std::string& v) -> absl::Status {
                  absl::StatusOr<v1::DType> d = OldDType("row.dtype", v);
                  if (d.ok()) static_cast<v1::ResultRow*>(m)->set_dtype(*d);
                  return d.status();
                }),
      OldString("symmbench.v1.DispatchTable", 3,
                [](Message* m, const std::string& v) -> absl::Status {
                  absl::StatusOr<v1::DType> d = OldDType("dispatch.dtype", v);
                  if (d.ok()) static_cast<v1::DispatchTable*>(m)->set_dtype(*d);
                  return d.status();
                }),
      OldString("symmbench.v1.Job", 7,
                [](Message* m, const std::string& v) -> absl::Status {
                  absl::StatusOr<v1::Backend> b = OldBackend("backend", v);
                  if (b.ok()) static_cast<v1::Job*>(m)->set_backend(*b);
                  return b.status();
                }),
      OldString("symmbench.v1.MachineInfo", 2,
                [](Message* m, const std::string& v) -> absl::Status {
                  absl::StatusOr<v1::Backend> b = OldBackend("machine.backend", v);
                  if (b.ok()) static_cast<v1::MachineInfo*>(m)->set_backend(*b);
                  return b.status();
                }),
      OldGemmInt(16, &v1::GemmFigures::set_m),
      OldGemmInt(17, &v1::GemmFigures::set_n),
      OldGemmInt(18, &v1::GemmFigures::set_k),
      {"symmbench.v1.ResultRow", 19, UnknownField::TYPE_VARINT,
       [](Message* m, const UnknownField& u) {
         static_cast<v1::ResultRow*>(m)->mutable_gemm()->set_splits_per_rank(
             static_cast<int32_t>(u.varint()));
         return absl::OkStatus();
       }},
      OldGemmDouble(20, &v1::GemmFigures::set_t_ag_us),
      OldGemmDouble(21, &v1::GemmFigures::set_t_gemm_us),
      OldGemmDouble(22, &v1::GemmFigures::set_t_sequential_us),
      OldGemmDouble(23, &v1::GemmFigures::set_t_fused_us),
      OldGemmDouble(24, &v1::GemmFigures::set_tflops),
      OldGemmDouble(25, &v1::GemmFigures::set_overlap_efficiency),
      OldGemmDouble(26, &v1::GemmFigures::set_rel_error),
      OldGemmDouble(27, &v1::GemmFigures::set_rel_error_tolerance),
      // bool reference_only (formats 1-3), now ReferenceKind check_only; see UpgradeLegacyFields
      // for rows whose reference competed (false, which protobuf did not write).
      {"symmbench.v1.ResultRow", 42, UnknownField::TYPE_VARINT,
       [](Message* m, const UnknownField& u) {
         if (u.varint() != 0) static_cast<v1::ResultRow*>(m)->set_reference_kind(v1::check_only);
         return absl::OkStatus();
       }},
  };
  return *fields;
}

// Record format 4 moved JobSpec's sweep (fields 4-7, 17, 18, 24) and GEMM problems (14-16) into
// JobSpec.sweep and JobSpec.gemm under the same numbers, so the old top-level fields are the
// member's own bytes. The kernel's family picks the member; the other family's fields, which
// the op ignored (a GEMM job's default step_factor), are dropped.
absl::Status MoveFamilyFields(v1::JobSpec* spec) {
  static constexpr int kSweepNumbers[] = {4, 5, 6, 7, 17, 18, 24};
  static constexpr int kGemmNumbers[] = {14, 15, 16};
  const auto in = [](const auto& numbers, int n) {
    return std::find(std::begin(numbers), std::end(numbers), n) != std::end(numbers);
  };
  const UnknownFieldSet& unknown = spec->GetReflection()->GetUnknownFields(*spec);
  UnknownFieldSet sweep;
  UnknownFieldSet gemm;
  std::vector<int> moved;
  for (int i = 0; i < unknown.field_count(); ++i) {
    const UnknownField& u = unknown.field(i);
    if (in(kSweepNumbers, u.number())) {
      sweep.AddField(u);
    } else if (in(kGemmNumbers, u.number())) {
      gemm.AddField(u);
    } else {
      continue;
    }
    moved.push_back(u.number());
  }
  if (moved.empty()) return absl::OkStatus();
  const bool is_gemm = IsFamily(spec->kernel(), OpFamily::kGemmCollective);
  std::string bytes;
  const bool parsed = (is_gemm ? gemm : sweep).SerializeToString(&bytes) &&
                      (is_gemm ? spec->mutable_gemm()->MergeFromString(bytes)
                               : spec->mutable_sweep()->MergeFromString(bytes));
  if (!parsed) {
    return absl::DataLossError(absl::StrCat("spec.", is_gemm ? "gemm" : "sweep",
                                            ": the fields of an older record do not parse"));
  }
  UnknownFieldSet* left = spec->GetReflection()->MutableUnknownFields(spec);
  for (int number : moved) left->DeleteByNumber(number);
  return absl::OkStatus();
}

// One table of records: its name, the column that holds them, the message they are, and the
// column that names a record in errors.
struct RecordTable {
  const char* table;
  const char* column;
  const char* key;
  std::function<std::unique_ptr<Message>()> make;
};

const std::vector<RecordTable>& RecordTables() {
  static const auto* const tables = new std::vector<RecordTable>{
      {"jobs", "record", "job_id", [] { return std::make_unique<v1::Job>(); }},
      {"rows", "row", "job_id", [] { return std::make_unique<v1::ResultRow>(); }},
      {"baselines", "record", "name", [] { return std::make_unique<v1::Baseline>(); }},
      {"dispatch_tables", "record", "gpu_model",
       [] { return std::make_unique<v1::DispatchTable>(); }},
      {"ceilings", "record", "gpu_model", [] { return std::make_unique<v1::Ceilings>(); }},
  };
  return *tables;
}

// A prepared statement, finalized on destruction.
struct Statement {
  sqlite3_stmt* stmt = nullptr;
  ~Statement() { sqlite3_finalize(stmt); }
};

absl::Status Exec(sqlite3* db, const std::string& sql) {
  if (sqlite3_exec(db, sql.c_str(), nullptr, nullptr, nullptr) != SQLITE_OK) {
    return SqliteStoreError(kStoreName, db, sql);
  }
  return absl::OkStatus();
}

absl::StatusOr<int64_t> QueryInt(sqlite3* db, const std::string& sql) {
  Statement st;
  if (sqlite3_prepare_v2(db, sql.c_str(), -1, &st.stmt, nullptr) != SQLITE_OK ||
      sqlite3_step(st.stmt) != SQLITE_ROW) {
    return SqliteStoreError(kStoreName, db, sql);
  }
  return sqlite3_column_int64(st.stmt, 0);
}

// Rewrites every record of `t` (if the table exists) through UpgradeLegacyFields.
absl::Status MigrateTable(sqlite3* db, const RecordTable& t) {
  absl::StatusOr<int64_t> exists = QueryInt(
      db, absl::StrCat("SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = '",
                       t.table, "'"));
  if (!exists.ok()) return exists.status();
  if (*exists == 0) return absl::OkStatus();
  const std::string select =
      absl::StrCat("SELECT rowid, ", t.key, ", ", t.column, " FROM ", t.table);
  const std::string update =
      absl::StrCat("UPDATE ", t.table, " SET ", t.column, " = ? WHERE rowid = ?");
  Statement read;
  Statement write;
  if (sqlite3_prepare_v2(db, select.c_str(), -1, &read.stmt, nullptr) != SQLITE_OK ||
      sqlite3_prepare_v2(db, update.c_str(), -1, &write.stmt, nullptr) != SQLITE_OK) {
    return SqliteStoreError(kStoreName, db, absl::StrCat("prepare the migration of ", t.table));
  }
  int rc;
  while ((rc = sqlite3_step(read.stmt)) == SQLITE_ROW) {
    const int64_t rowid = sqlite3_column_int64(read.stmt, 0);
    const char* key = reinterpret_cast<const char*>(sqlite3_column_text(read.stmt, 1));
    const std::string name = absl::StrCat(t.table, " ", key == nullptr ? "" : key);
    const void* blob = sqlite3_column_blob(read.stmt, 2);
    const int bytes = sqlite3_column_bytes(read.stmt, 2);
    std::unique_ptr<Message> record = t.make();
    if (!record->ParseFromArray(blob, bytes)) {
      return absl::DataLossError(absl::StrCat("record_format: ", name, " does not parse"));
    }
    if (absl::Status s = UpgradeLegacyFields(record.get()); !s.ok()) {
      return absl::Status(s.code(), absl::StrCat("record_format: ", name, ": ", s.message()));
    }
    const std::string upgraded = record->SerializeAsString();
    sqlite3_reset(write.stmt);
    sqlite3_bind_blob(write.stmt, 1, upgraded.data(), static_cast<int>(upgraded.size()),
                      SQLITE_TRANSIENT);
    sqlite3_bind_int64(write.stmt, 2, rowid);
    if (sqlite3_step(write.stmt) != SQLITE_DONE) {
      return SqliteStoreError(kStoreName, db, absl::StrCat("rewrite ", name));
    }
  }
  if (rc != SQLITE_DONE) return SqliteStoreError(kStoreName, db, absl::StrCat("read ", t.table));
  return absl::OkStatus();
}

// Format 5: the dispatch tables' key gains the op. SQLite cannot change a primary key in place,
// so a table without the column is renamed, the new one created (kDispatchTablesSchema) and the
// rows copied as all_reduce's; their records get the op from UpgradeLegacyFields.
absl::Status AddDispatchTableOp(sqlite3* db) {
  absl::StatusOr<int64_t> has_op =
      QueryInt(db, "SELECT COUNT(*) FROM pragma_table_info('dispatch_tables') WHERE name = 'op'");
  if (!has_op.ok()) return has_op.status();
  absl::StatusOr<int64_t> exists = QueryInt(
      db, "SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = 'dispatch_tables'");
  if (!exists.ok()) return exists.status();
  if (*exists == 0 || *has_op > 0) return absl::OkStatus();
  for (const std::string& sql :
       {std::string("ALTER TABLE dispatch_tables RENAME TO dispatch_tables_format4"),
        std::string(kDispatchTablesSchema),
        std::string("INSERT INTO dispatch_tables (op, gpu_model, world_size, dtype, record) "
                    "SELECT 'all_reduce', gpu_model, world_size, dtype, record FROM "
                    "dispatch_tables_format4"),
        std::string("DROP TABLE dispatch_tables_format4")}) {
    if (absl::Status s = Exec(db, sql); !s.ok()) return s;
  }
  return absl::OkStatus();
}

absl::Status Migrate(sqlite3* db, const std::string& path) {
  absl::StatusOr<int64_t> format = QueryInt(db, "PRAGMA user_version");
  if (!format.ok()) return format.status();
  if (*format == kRecordFormat) return absl::OkStatus();
  if (*format > kRecordFormat) {
    return absl::FailedPreconditionError(absl::StrCat(
        "the database ", path, " holds records of format ", *format,
        ", written by a newer symmbenchd; this one reads format ", kRecordFormat,
        " and older. Run the newer symmbenchd on it, or start this one with another --db"));
  }
  if (absl::Status s = Exec(db, "BEGIN IMMEDIATE"); !s.ok()) return s;
  if (absl::Status s = AddDispatchTableOp(db); !s.ok()) {
    (void)Exec(db, "ROLLBACK");
    return s;
  }
  for (const RecordTable& t : RecordTables()) {
    if (absl::Status s = MigrateTable(db, t); !s.ok()) {
      (void)Exec(db, "ROLLBACK");
      return s;
    }
  }
  if (absl::Status s = Exec(db, absl::StrCat("PRAGMA user_version = ", kRecordFormat)); !s.ok()) {
    (void)Exec(db, "ROLLBACK");
    return s;
  }
  return Exec(db, "COMMIT");
}

}  // namespace

absl::Status UpgradeLegacyFields(Message* message) {
  const Reflection* r = message->GetReflection();
  const std::string& type = message->GetDescriptor()->full_name();
  // Before the fields inside it are visited: a moved dispatch table has its own old fields.
  if (auto* spec = dynamic_cast<v1::JobSpec*>(message); spec != nullptr) {
    if (absl::Status s = MoveFamilyFields(spec); !s.ok()) return s;
  }
  const UnknownFieldSet& unknown = r->GetUnknownFields(*message);
  std::vector<int> converted;
  for (int i = 0; i < unknown.field_count(); ++i) {
    const UnknownField& u = unknown.field(i);
    for (const LegacyField& legacy : LegacyFields()) {
      if (legacy.number != u.number() || legacy.wire != u.type() || type != legacy.type) continue;
      if (absl::Status s = legacy.convert(message, u); !s.ok()) return s;
      converted.push_back(u.number());
    }
  }
  for (int number : converted) r->MutableUnknownFields(message)->DeleteByNumber(number);
  // A dispatch table of formats 1-4: all_reduce's, the only dispatcher then.
  if (auto* table = dynamic_cast<v1::DispatchTable*>(message);
      table != nullptr && table->op().empty()) {
    table->set_op(ops::kAllReduce);
  }
  // A row of formats 1-3 with a reference and no reference_only: one that competed.
  if (auto* row = dynamic_cast<v1::ResultRow*>(message);
      row != nullptr && !row->reference().empty() &&
      row->reference_kind() == v1::REFERENCE_KIND_UNSPECIFIED) {
    row->set_reference_kind(v1::library);
  }

  std::vector<const FieldDescriptor*> fields;
  r->ListFields(*message, &fields);
  for (const FieldDescriptor* f : fields) {
    if (f->cpp_type() != FieldDescriptor::CPPTYPE_MESSAGE) continue;
    if (f->is_repeated()) {
      for (int i = 0; i < r->FieldSize(*message, f); ++i) {
        if (absl::Status s = UpgradeLegacyFields(r->MutableRepeatedMessage(message, f, i));
            !s.ok()) {
          return s;
        }
      }
    } else if (absl::Status s = UpgradeLegacyFields(r->MutableMessage(message, f)); !s.ok()) {
      return s;
    }
  }
  return absl::OkStatus();
}

absl::Status MigrateRecords(const std::string& path) {
  if (path == ":memory:") return absl::OkStatus();
  sqlite3* db = nullptr;
  if (sqlite3_open(path.c_str(), &db) != SQLITE_OK) {
    absl::Status s = SqliteStoreError(kStoreName, db, absl::StrCat("open ", path));
    sqlite3_close(db);
    return s;
  }
  sqlite3_busy_timeout(db, 5000);
  absl::Status s = Migrate(db, path);
  sqlite3_close(db);
  return s;
}

}  // namespace symmbench
