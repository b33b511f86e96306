// Views of the v1 messages for the CLI: the nccl-tests style table (units in the header) and
// JSON objects with real JSON numbers (protobuf's JSON writer quotes int64, so we build them).
#pragma once

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "nlohmann/json.hpp"
#include "proto/symmbench.pb.h"

namespace symmbench::client {

// JSON objects keep their keys in the order written (proto field order), for readability.
using Json = nlohmann::ordered_json;

// "SUCCEEDED", "FAILED", ... (the proto enum name).
std::string JobStateName(v1::JobState state);

// Parses a state name as the proto spells it, case-insensitive ("failed" -> FAILED).
// INVALID_ARGUMENT starting with `flag` for an unknown name or JOB_STATE_UNSPECIFIED.
absl::StatusOr<v1::JobState> ParseJobState(const std::string& name, const std::string& flag);

// True for SUCCEEDED, FAILED and CANCELLED.
bool IsFinal(v1::JobState state);

// The job's dtype: "bf16", or its plan's list for SweepSpec.all_dtypes ("bf16,fp16,fp32").
std::string JobDTypeText(const v1::Job& job);

// The sizes a spec asks for, briefly: "2K..64M x4" for a sweep, "2K,64K,1M" for a list.
std::string DescribeSizes(const v1::JobSpec& spec);

// Milliseconds since the Unix epoch as UTC text in a strftime `format`, e.g.
// "%Y-%m-%d %H:%M:%S" -> "2026-11-22 10:00:01".
std::string UtcTime(int64_t unix_ms, const char* format);

// The three header lines of the result table: the job line (id, kernel, world size, dtype,
// backend, devices, the baseline of `first_row` when there is one, state), the column names and
// their units.
std::string TableHeader(const v1::Job& job, const v1::ResultRow* first_row);

// The two header lines of the table of GEMM + collective op `kernel` (one row per shape:
// TableRow); its collective-alone column is t_ag (ag_gemm) or t_rs (matmul_reduce_scatter),
// and after t_fused come the op's own variants: t_pipe, t_tile and t_tgemm (ag_gemm) or
// t_tpush and t_tgemm (matmul_reduce_scatter). TFLOP/s has three significant digits below 1;
// overlap is "-" where the shorter of the collective and the GEMM alone is under a tenth of the
// longer (nothing measurable to hide) or the value is beyond +-1.5 (not overlap: the fused op
// costs something else, which speedup shows).
std::string GemmHeader(const std::string& kernel);

// One row of the result table of a job of `kernel` (which picks a GEMM row's columns, as
// GemmHeader's); ends with '\n'.
std::string TableRow(const v1::ResultRow& row, const std::string& kernel);

// One "# warning: ..." line per Job.warnings, then the error line ("# error: ...") when
// job.error() is non-empty; "" when neither.
std::string TableError(const v1::Job& job);

// A whole job as a table: header (baseline from the first row), rows, then the error line.
std::string JobTable(const v1::Job& job);

// The jobs of ListJobs as an aligned table: id, state, kernel, world size, dtype, sizes,
// submit time (UTC), error.
std::string JobListTable(const v1::ListJobsResponse& response);

// ListDevices as a table (index, kind, name, memory, busy job), then the backend and kernels,
// and the plugin ops when the daemon has plugins (PluginTable).
std::string DeviceTable(const v1::ListDevicesResponse& response);
// The usable plugin ops (kernel name, what it computes, dtypes, ABI, version, library) under the
// ABI versions the daemon speaks, then each unusable library with why.
std::string PluginTable(const v1::ListDevicesResponse& response);

// Columns two spaces apart, left-aligned except where `right[i]` (numbers), trailing blanks
// removed; a line per row.
std::string AlignedTable(const std::vector<std::vector<std::string>>& rows,
                         const std::vector<bool>& right = {});

// JSON views, all from one mapping (ProtoToJson): every field of the message under its proto
// name, in declaration order, set or not; int64 as JSON numbers, enums by name. The few fields
// shown otherwise are listed in format_json.cc (Job.plan and run_instance left out, an unset
// JobSpec.check is true, an empty dispatch table or absent ceilings are null, failed_rank is -1
// unless the job FAILED).
Json ProtoToJson(const google::protobuf::Message& message);
Json SpecToJson(const v1::JobSpec& spec);
Json RowToJson(const v1::ResultRow& row);
Json JobToJson(const v1::Job& job);
Json JobListToJson(const v1::ListJobsResponse& response);  // {"jobs": [...]}
Json MachineToJson(const v1::MachineInfo& machine);
Json DevicesToJson(const v1::ListDevicesResponse& response);

// Why a command failed: {"error": {"code": "UNAVAILABLE", "message": "..."}} (the code as gRPC
// and absl name it). What --json prints instead of the command's object.
Json ErrorToJson(const std::string& code, const std::string& message);

// A dispatch table as JSON / as text, one "# up to SIZE: ALGORITHM" line per entry (the
// crossovers).
Json DispatchTableToJson(const v1::DispatchTable& table);
// Calibrated ceilings as JSON / as "# ..." lines.
Json CeilingsToJson(const v1::Ceilings& ceilings);
std::string CeilingsText(const v1::Ceilings& ceilings);
std::string DispatchTableText(const v1::DispatchTable& table);

}  // namespace symmbench::client
