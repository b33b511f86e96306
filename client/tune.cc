// symmbench tune: sweep, compare, store the all_reduce dispatch table.
#include "client/tune.h"

#include <chrono>
#include <ostream>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "client/format.h"
#include "client/rpc_util.h"
#include "client/sizes.h"

namespace symmbench::client {
namespace {

constexpr char kOneShot[] = "one_shot_all_reduce";
constexpr char kTwoShot[] = "two_shot_all_reduce";

// Time of an operation as the jobs measured it: graph replays when available.
double OursTime(const v1::ResultRow& row) {
  return row.graph_time_us() > 0 ? row.graph_time_us() : row.time_us();
}
// The fastest baseline the dispatcher can run: "nccl" (the reference, baselines[0]) or an extra
// one by name (e.g. "nccl_symmetric"); its time in `*us`.
std::string FastestBaseline(const v1::ResultRow& row, double* us) {
  std::string name;
  *us = 0;
  for (int i = 0; i < row.baselines_size(); ++i) {
    const v1::BaselineResult& b = row.baselines(i);
    const double t = b.graph_time_us() > 0 ? b.graph_time_us() : b.time_us();
    if (name.empty() || t < *us) {
      name = i == 0 ? "nccl" : b.name();
      *us = t;
    }
  }
  return name;
}

}  // namespace

absl::StatusOr<v1::DispatchTable> BuildDispatchTable(const v1::Job& one_shot,
                                                     const v1::Job& two_shot,
                                                     const std::string& gpu_model,
                                                     std::vector<TunePoint>* points) {
  if (one_shot.rows_size() == 0 || one_shot.rows_size() != two_shot.rows_size()) {
    return absl::InvalidArgumentError(absl::StrCat("tune: the jobs report ", one_shot.rows_size(),
                                                   " and ", two_shot.rows_size(), " sizes"));
  }
  v1::DispatchTable table;
  table.set_gpu_model(gpu_model);
  table.set_world_size(one_shot.spec().world_size());
  table.set_dtype(one_shot.spec().dtype());
  table.set_source(absl::StrCat("tuned by jobs ", one_shot.job_id(), " and ", two_shot.job_id()));
  table.set_measured_unix_ms(one_shot.end_time_unix_ms());
  for (int i = 0; i < one_shot.rows_size(); ++i) {
    const v1::ResultRow& a = one_shot.rows(i);
    const v1::ResultRow& b = two_shot.rows(i);
    if (a.size_bytes() != b.size_bytes()) {
      return absl::InvalidArgumentError(
          absl::StrCat("tune: row ", i, " has sizes ", a.size_bytes(), " and ", b.size_bytes()));
    }
    TunePoint p;
    p.size_bytes = a.size_bytes();
    p.one_shot_us = OursTime(a);
    p.two_shot_us = OursTime(b);
    double a_us = 0, b_us = 0;
    const std::string a_nccl = FastestBaseline(a, &a_us);
    const std::string b_nccl = FastestBaseline(b, &b_us);
    p.nccl = b_nccl.empty() || (!a_nccl.empty() && a_us <= b_us) ? a_nccl : b_nccl;
    p.nccl_us = p.nccl == a_nccl ? a_us : b_us;
    p.winner = kOneShot;
    if (p.two_shot_us < p.one_shot_us) p.winner = kTwoShot;
    if (!p.nccl.empty() && p.nccl_us < std::min(p.one_shot_us, p.two_shot_us)) p.winner = p.nccl;
    // Extend the last entry while the winner stays; else start a new one.
    if (table.entries_size() > 0 && table.entries().rbegin()->algorithm() == p.winner) {
      table.mutable_entries()->rbegin()->set_max_bytes(p.size_bytes);
    } else {
      v1::DispatchEntry* e = table.add_entries();
      e->set_algorithm(p.winner);
      e->set_max_bytes(p.size_bytes);
    }
    if (points != nullptr) points->push_back(p);
  }
  table.mutable_entries()->rbegin()->set_max_bytes(0);  // the last choice covers larger sizes
  return table;
}

int RunTune(const GlobalOptions& global, const TuneOptions& options, std::ostream& out,
            std::ostream& err) {
  std::unique_ptr<Stub> stub = MakeStub(global);
  v1::ListDevicesResponse devices;
  grpc::Status status =
      stub->ListDevices(UnaryContext(global).get(), v1::ListDevicesRequest(), &devices);
  if (!status.ok()) return ReportRpcError(global, status, err);
  if (devices.devices().empty()) {
    err << "error: tune: the coordinator has no devices\n";
    return kExitError;
  }
  absl::StatusOr<int64_t> min_bytes = ParseSize(options.min_bytes, "--min-bytes");
  absl::StatusOr<int64_t> max_bytes = ParseSize(options.max_bytes, "--max-bytes");
  for (const absl::StatusOr<int64_t>* size : {&min_bytes, &max_bytes}) {
    if (!size->ok()) {
      err << "error: " << size->status().message() << "\n";
      return kExitError;
    }
  }
  v1::JobSpec spec;
  spec.set_world_size(options.world_size > 0 ? options.world_size : devices.devices_size());
  spec.set_dtype(options.dtype);
  spec.set_min_bytes(*min_bytes);
  spec.set_max_bytes(*max_bytes);
  spec.set_step_factor(options.step_factor);
  spec.set_warmup_iters(options.warmup);
  spec.set_iters(options.iters);
  spec.set_graph(true);  // dispatch serves graph-captured callers too: compare without launches
  (*spec.mutable_labels())["purpose"] = "tune";
  v1::Job jobs[2];
  const char* kernels[2] = {kOneShot, kTwoShot};
  for (int i = 0; i < 2; ++i) {
    spec.set_kernel(kernels[i]);
    status = SubmitAndWait(*stub, global, spec, &jobs[i]);
    if (!status.ok()) return ReportRpcError(global, status, err);
    if (jobs[i].state() != v1::SUCCEEDED) {
      err << "error: tune: job " << jobs[i].job_id() << " (" << kernels[i] << ") ended "
          << JobStateName(jobs[i].state()) << ": " << jobs[i].error() << "\n";
      return kExitJobFailed;
    }
  }
  std::vector<TunePoint> points;
  absl::StatusOr<v1::DispatchTable> table =
      BuildDispatchTable(jobs[0], jobs[1], devices.devices(0).name(), &points);
  if (!table.ok()) {
    err << "error: " << table.status().message() << "\n";
    return kExitError;
  }
  if (!options.dry_run) {
    v1::SetDispatchTableRequest request;
    *request.mutable_table() = *table;
    v1::SetDispatchTableResponse response;
    status = stub->SetDispatchTable(UnaryContext(global).get(), request, &response);
    if (!status.ok()) return ReportRpcError(global, status, err);
  }
  if (global.json) {
    Json sizes = Json::array();
    for (const TunePoint& p : points) {
      sizes.push_back({{"size_bytes", p.size_bytes},
                       {"one_shot_us", p.one_shot_us},
                       {"two_shot_us", p.two_shot_us},
                       {"nccl_us", p.nccl_us},
                       {"nccl", p.nccl},
                       {"winner", p.winner}});
    }
    out << Json{{"table", DispatchTableToJson(*table)},
                {"sizes", sizes},
                {"stored", !options.dry_run}}
               .dump(2)
        << "\n";
    return kExitOk;
  }
  out << absl::StrFormat("# tune: %s, world_size %d, %s, jobs %s and %s (%s figures)\n",
                         table->gpu_model(), table->world_size(), table->dtype(), jobs[0].job_id(),
                         jobs[1].job_id(), spec.graph() ? "graph" : "eager");
  out << absl::StrFormat("#%11s%12s%12s%12s  %-16s%s\n", "size", "one_shot", "two_shot",
                         "best_nccl", "(which)", "fastest");
  for (const TunePoint& p : points) {
    out << absl::StrFormat("%12d%12.2f%12.2f%12.2f  %-16s%s\n", p.size_bytes, p.one_shot_us,
                           p.two_shot_us, p.nccl_us, p.nccl, p.winner);
  }
  out << DispatchTableText(*table)
      << (options.dry_run ? "# not stored (--dry-run)\n" : "# stored on the coordinator\n");
  return kExitOk;
}

}  // namespace symmbench::client
