// The format of the records in the coordinator's database (serialized symmbench.v1 messages:
// jobs, result rows, baselines, dispatch tables, ceilings) and the migration of older ones.
// SQLite's user_version holds the format of a database's records; 0 is the first format, from
// before this number was kept.
//
// Format 2 made dtype, backend and inject_fault typed (enums and a message, under new field
// numbers); format 3 moved a row's GEMM figures (m, n, k, t_fused_us...) into ResultRow.gemm;
// format 4 made a row's reference_only a ReferenceKind and moved a spec's sweep (min_bytes,
// sizes_bytes, graph, dispatch...) and GEMM problems (shapes, splits_per_rank, variants) into
// JobSpec.sweep or JobSpec.gemm, under the same numbers; format 5 put the dispatcher op into
// the dispatch tables' key (an `op` column, and DispatchTable.op, "all_reduce" for every older
// table, the only dispatcher then). The old numbers are reserved in the proto. An older record read
// as today's would silently lose those fields, so the daemon reads no record before MigrateRecords
// has brought the database to kRecordFormat.
#pragma once

#include <string>

#include "absl/status/status.h"
#include "google/protobuf/message.h"

namespace symmbench {

inline constexpr int kRecordFormat = 5;

// Brings the database at `path` to kRecordFormat, after the stores have opened it (their tables
// exist) and before anything reads a record:
//   - a new database (no records) is stamped with kRecordFormat;
//   - an older format is migrated in one transaction: the dispatch tables' SQLite table is
//     rebuilt with the op in its key (before format 5), every record is read, its old fields
//     converted (UpgradeLegacyFields), written back, and the format stamped; on any error
//     nothing is changed and the error is returned, naming the table and the record;
//   - a newer format is refused: FAILED_PRECONDITION naming both formats (a newer symmbenchd
//     wrote it; run that one, or point this one at another --db).
// ":memory:" is left alone. The caller holds the database lock (no daemon writes meanwhile).
absl::Status MigrateRecords(const std::string& path);

// Converts, in `message` and every message inside it, the fields of older record formats that
// protobuf kept as unknown fields (the strings dtype, backend and inject_fault; a row's GEMM
// figures; a spec's flat sweep or GEMM problems) into today's fields, and drops them; a
// DispatchTable without an op gets "all_reduce".
// INVALID_ARGUMENT naming the field for a value that does not convert (a record no daemon could
// have stored).
absl::Status UpgradeLegacyFields(google::protobuf::Message* message);

}  // namespace symmbench
