// Dispatch tables and ceilings in SQLite; the roofline fractions.
#include "server/storage/dispatch_tables.h"

#include <sqlite3.h>

#include "absl/strings/str_cat.h"
#include "server/storage/sqlite_store.h"

namespace symmbench {
namespace {

constexpr char kStoreName[] = "dispatch tables";

}  // namespace

absl::StatusOr<std::unique_ptr<DispatchTableStore>> DispatchTableStore::Open(
    const std::string& path) {
  const std::string schema = absl::StrCat(
      kDispatchTablesSchema,
      ";CREATE TABLE IF NOT EXISTS ceilings (gpu_model TEXT NOT NULL, world_size INTEGER NOT "
      "NULL, record BLOB NOT NULL, PRIMARY KEY (gpu_model, world_size))");
  absl::StatusOr<sqlite3*> db = OpenSqliteStore(kStoreName, path, schema.c_str());
  if (!db.ok()) return db.status();
  return std::unique_ptr<DispatchTableStore>(new DispatchTableStore(*db));
}

DispatchTableStore::~DispatchTableStore() { sqlite3_close(db_); }

absl::Status DispatchTableStore::Put(const v1::DispatchTable& table) {
  if (absl::Status s = ValidateDispatchTable(table); !s.ok()) return s;
  std::lock_guard<std::mutex> lock(mu_);
  SqliteStatement st;
  if (sqlite3_prepare_v2(
          db_,
          "INSERT OR REPLACE INTO dispatch_tables (op, gpu_model, world_size, dtype, "
          "record) VALUES (?, ?, ?, ?, ?)",
          -1, &st.stmt, nullptr) != SQLITE_OK) {
    return SqliteStoreError(kStoreName, db_, "prepare insert");
  }
  // Only the fields this daemon knows are stored: unknown ones have no bound.
  v1::DispatchTable known = table;
  known.DiscardUnknownFields();
  known.set_op(DispatchTableOp(table));
  const std::string record = known.SerializeAsString();
  sqlite3_bind_text(st.stmt, 1, known.op().c_str(), -1, SQLITE_TRANSIENT);
  sqlite3_bind_text(st.stmt, 2, table.gpu_model().c_str(), -1, SQLITE_TRANSIENT);
  sqlite3_bind_int(st.stmt, 3, table.world_size());
  // The key column holds the dtype as users write it ("bf16").
  const std::string& dtype = v1::DType_Name(table.dtype());
  sqlite3_bind_text(st.stmt, 4, dtype.c_str(), -1, SQLITE_TRANSIENT);
  sqlite3_bind_blob(st.stmt, 5, record.data(), static_cast<int>(record.size()), SQLITE_TRANSIENT);
  if (sqlite3_step(st.stmt) != SQLITE_DONE) return SqliteStoreError(kStoreName, db_, "insert");
  return absl::OkStatus();
}

absl::StatusOr<v1::DispatchTable> DispatchTableStore::Get(const std::string& op,
                                                          const std::string& gpu_model,
                                                          int world_size, v1::DType dtype) const {
  absl::StatusOr<std::vector<v1::DispatchTable>> all = List();
  if (!all.ok()) return all.status();
  for (v1::DispatchTable& table : *all) {
    if (DispatchTableOp(table) == op && table.gpu_model() == gpu_model &&
        table.world_size() == world_size && table.dtype() == dtype) {
      return table;
    }
  }
  return absl::NotFoundError(absl::StrCat("no ", op, " dispatch table for ", gpu_model,
                                          ", world_size ", world_size, ", ",
                                          v1::DType_Name(dtype)));
}

absl::StatusOr<std::vector<v1::DispatchTable>> DispatchTableStore::List() const {
  std::lock_guard<std::mutex> lock(mu_);
  SqliteStatement st;
  if (sqlite3_prepare_v2(db_,
                         "SELECT record FROM dispatch_tables ORDER BY op, gpu_model, world_size, "
                         "dtype",
                         -1, &st.stmt, nullptr) != SQLITE_OK) {
    return SqliteStoreError(kStoreName, db_, "prepare select");
  }
  std::vector<v1::DispatchTable> tables;
  int rc;
  while ((rc = sqlite3_step(st.stmt)) == SQLITE_ROW) {
    v1::DispatchTable table;
    if (!table.ParseFromArray(sqlite3_column_blob(st.stmt, 0), sqlite3_column_bytes(st.stmt, 0))) {
      return absl::DataLossError("dispatch tables: a stored table does not parse");
    }
    tables.push_back(std::move(table));
  }
  if (rc != SQLITE_DONE) return SqliteStoreError(kStoreName, db_, "select");
  return tables;
}

absl::Status DispatchTableStore::PutCeilings(const v1::Ceilings& ceilings) {
  if (ceilings.gpu_model().empty()) return absl::InvalidArgumentError("gpu_model: must be set");
  if (ceilings.world_size() < 1) {
    return absl::InvalidArgumentError(
        absl::StrCat("world_size: must be >= 1 (got ", ceilings.world_size(), ")"));
  }
  std::lock_guard<std::mutex> lock(mu_);
  SqliteStatement st;
  if (sqlite3_prepare_v2(db_, "INSERT OR REPLACE INTO ceilings VALUES (?, ?, ?)", -1, &st.stmt,
                         nullptr) != SQLITE_OK) {
    return SqliteStoreError(kStoreName, db_, "prepare insert ceilings");
  }
  const std::string record = ceilings.SerializeAsString();
  sqlite3_bind_text(st.stmt, 1, ceilings.gpu_model().c_str(), -1, SQLITE_TRANSIENT);
  sqlite3_bind_int(st.stmt, 2, ceilings.world_size());
  sqlite3_bind_blob(st.stmt, 3, record.data(), static_cast<int>(record.size()), SQLITE_TRANSIENT);
  if (sqlite3_step(st.stmt) != SQLITE_DONE)
    return SqliteStoreError(kStoreName, db_, "insert ceilings");
  return absl::OkStatus();
}

absl::StatusOr<v1::Ceilings> DispatchTableStore::GetCeilings(const std::string& gpu_model,
                                                             int world_size) const {
  std::lock_guard<std::mutex> lock(mu_);
  SqliteStatement st;
  if (sqlite3_prepare_v2(db_, "SELECT record FROM ceilings WHERE gpu_model = ? AND world_size = ?",
                         -1, &st.stmt, nullptr) != SQLITE_OK) {
    return SqliteStoreError(kStoreName, db_, "prepare select ceilings");
  }
  sqlite3_bind_text(st.stmt, 1, gpu_model.c_str(), -1, SQLITE_TRANSIENT);
  sqlite3_bind_int(st.stmt, 2, world_size);
  const int rc = sqlite3_step(st.stmt);
  if (rc == SQLITE_DONE) {
    return absl::NotFoundError(
        absl::StrCat("no ceilings for ", gpu_model, ", world_size ", world_size));
  }
  if (rc != SQLITE_ROW) return SqliteStoreError(kStoreName, db_, "select ceilings");
  v1::Ceilings ceilings;
  if (!ceilings.ParseFromArray(sqlite3_column_blob(st.stmt, 0), sqlite3_column_bytes(st.stmt, 0))) {
    return absl::DataLossError("ceilings: the stored record does not parse");
  }
  return ceilings;
}

void ApplyRoofline(const v1::Ceilings& ceilings, v1::ResultRow* row) {
  // The graph figures when the row has them (the floor is graph-measured too), else eager.
  const bool graph = row->graph_time_us() > 0;
  const double time = graph ? row->graph_time_us() : row->time_us();
  if (ceilings.peer_copy_gbps() > 0 && time > 0) {
    const double busbw = graph ? row->busbw_gbps() * row->time_us() / time : row->busbw_gbps();
    row->set_busbw_fraction(busbw / ceilings.peer_copy_gbps());
  }
  if (ceilings.latency_floor_us() > 0 && time > 0) {
    row->set_floor_ratio(time / ceilings.latency_floor_us());
  }
  if (ceilings.gemm_tflops() > 0 && row->gemm().tflops() > 0) {
    row->set_tflops_fraction(row->gemm().tflops() / ceilings.gemm_tflops());
  }
}

}  // namespace symmbench
