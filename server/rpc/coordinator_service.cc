// CoordinatorService and WorkerReportService: proto <-> JobManager.
#include "server/rpc/coordinator_service.h"

#include <algorithm>
#include <chrono>
#include <limits>
#include <optional>
#include <tuple>

#include "absl/strings/escaping.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "common/file_sha256.h"
#include "common/quote.h"
#include "kernels/ops/registry.h"
#include "plugin/versions.h"
#include "server/kept_builds.h"
#include "server/rpc/grpc_status.h"
#include "server/rpc/store_service.h"
#include "spec/job_op.h"

namespace symmbench {
namespace {

// Jobs a ListJobs page holds when the request says 0.
constexpr int kDefaultListLimit = 100;
// A page stops before the records pass this many bytes (gRPC's default receive limit is 4 MiB).
constexpr size_t kMaxListPageBytes = size_t{2} << 20;

// Moves `items` onto `page`, in order, until it holds `limit` of them or the next would take it
// past kMaxListPageBytes (the first always goes); `items` may hold one more than `limit`, to
// learn whether another page follows. True when some were left for the next page.
template <typename T>
bool FillPage(std::vector<T>& items, int limit, google::protobuf::RepeatedPtrField<T>* page) {
  size_t bytes = 0;
  for (T& item : items) {
    const size_t item_bytes = item.ByteSizeLong();
    if (page->size() == limit || (!page->empty() && bytes + item_bytes > kMaxListPageBytes)) {
      return true;
    }
    bytes += item_bytes;
    *page->Add() = std::move(item);
  }
  return false;
}

grpc::Status CheckLimit(int32_t limit) {
  if (limit >= 0) return grpc::Status::OK;
  return {grpc::StatusCode::INVALID_ARGUMENT,
          absl::StrCat("limit: must be >= 0 (got ", limit, ")")};
}

grpc::Status BadPageToken(const std::string& token, const char* rpc) {
  return {grpc::StatusCode::INVALID_ARGUMENT,
          absl::StrCat("page_token: ", Quote(token), " is not a token ", rpc, " gave")};
}

// A dispatch table's key, in the order ListDispatchTables pages them.
std::tuple<std::string, std::string, int32_t, int> DispatchTableKey(const v1::DispatchTable& t) {
  return {t.op(), t.gpu_model(), t.world_size(), static_cast<int>(t.dtype())};
}

// ListDispatchTables' token: the last table's key (a DispatchTable with only its key fields),
// serialized and base64-encoded.
std::string DispatchTableToken(const v1::DispatchTable& last) {
  v1::DispatchTable key;
  key.set_op(last.op());
  key.set_gpu_model(last.gpu_model());
  key.set_world_size(last.world_size());
  key.set_dtype(last.dtype());
  return absl::WebSafeBase64Escape(key.SerializeAsString());
}

// 42 for "j-000042"; 0 when the id has no number.
int64_t JobNumber(const std::string& job_id) {
  int64_t number = 0;
  if (job_id.rfind("j-", 0) != 0 || !absl::SimpleAtoi(job_id.substr(2), &number)) return 0;
  return number;
}

grpc::Status RequireJobId(const std::string& job_id) {
  if (job_id.empty()) return {grpc::StatusCode::INVALID_ARGUMENT, "job_id: must be set"};
  return grpc::Status::OK;
}

grpc::Status NoBaselines() {
  return {grpc::StatusCode::UNIMPLEMENTED, "this coordinator keeps no baselines"};
}

int64_t NowUnixMs() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

// `op` as ListDevicesResponse.ops lists it.
void AddOpInfo(const OpDescriptor& op, bool plugin, v1::ListDevicesResponse* response) {
  v1::OpInfo* info = response->add_ops();
  info->set_name(op.name);
  info->set_description(op.description);
  info->set_family(FamilyName(op.family));
  info->set_computes(ComputesName(op.computes));
  info->set_plugin(plugin);
  info->set_in_place(op.in_place);
  info->set_dispatch_candidate(op.dispatch_candidate);
  info->set_fp8(op.fp8);
  info->set_exit_barrier(op.exit_barrier);
  info->set_receive_slots(op.receive_slots);
}

}  // namespace

grpc::Status CoordinatorService::SubmitJob(grpc::ServerContext*,
                                           const v1::SubmitJobRequest* request,
                                           v1::SubmitJobResponse* response) {
  absl::StatusOr<v1::Job> job = jobs_->Submit(request->spec());
  if (!job.ok()) return ToGrpc(job.status());
  *response->mutable_job() = *std::move(job);
  return grpc::Status::OK;
}

grpc::Status CoordinatorService::GetJob(grpc::ServerContext*, const v1::GetJobRequest* request,
                                        v1::Job* response) {
  if (grpc::Status s = RequireJobId(request->job_id()); !s.ok()) return s;
  absl::StatusOr<v1::Job> job = jobs_->Get(request->job_id());
  if (!job.ok()) return ToGrpc(job.status());
  *response = *std::move(job);
  return grpc::Status::OK;
}

grpc::Status CoordinatorService::ListJobs(grpc::ServerContext*, const v1::ListJobsRequest* request,
                                          v1::ListJobsResponse* response) {
  if (grpc::Status s = CheckLimit(request->limit()); !s.ok()) return s;
  // The token is the number of the last job of the previous page: this page starts below it.
  int64_t before = 0;
  if (!request->page_token().empty() &&
      (!absl::SimpleAtoi(request->page_token(), &before) || before < 1)) {
    return BadPageToken(request->page_token(), "ListJobs");
  }
  const int limit = request->limit() == 0 ? kDefaultListLimit : request->limit();
  // One job more than the page holds: whether another page follows.
  absl::StatusOr<std::vector<v1::Job>> jobs =
      jobs_->List(limit == std::numeric_limits<int>::max() ? limit : limit + 1, request->state(),
                  request->include_rows(), before);
  if (!jobs.ok()) return ToGrpc(jobs.status());
  if (FillPage(*jobs, limit, response->mutable_jobs())) {
    response->set_next_page_token(absl::StrCat(JobNumber(response->jobs().rbegin()->job_id())));
  }
  return grpc::Status::OK;
}

grpc::Status CoordinatorService::WatchJob(grpc::ServerContext* context,
                                          const v1::WatchJobRequest* request,
                                          grpc::ServerWriter<v1::JobEvent>* writer) {
  if (grpc::Status s = RequireJobId(request->job_id()); !s.ok()) return s;
  // Each open stream holds a server thread: bounded, so that clients cannot take them all.
  if (watch_streams_.fetch_add(1) >= max_watch_streams_) {
    watch_streams_.fetch_sub(1);
    return grpc::Status(grpc::StatusCode::RESOURCE_EXHAUSTED,
                        absl::StrCat("WatchJob: ", max_watch_streams_,
                                     " streams are open, the limit (--max-watch-streams); poll "
                                     "GetJob or try again later"));
  }
  struct Release {
    std::atomic<int>* count;
    ~Release() { count->fetch_sub(1); }
  } release{&watch_streams_};
  absl::StatusOr<std::shared_ptr<JobWatch>> watch = jobs_->Watch(request->job_id());
  if (!watch.ok()) return ToGrpc(watch.status());
  v1::JobEvent event;
  while (!context->IsCancelled()) {
    switch ((*watch)->Wait(&event, std::chrono::milliseconds(500))) {
      case JobWatch::Next::kEvent:
        if (!writer->Write(event)) return grpc::Status::CANCELLED;
        break;
      case JobWatch::Next::kTimeout:
        break;
      case JobWatch::Next::kEnd:
        return grpc::Status::OK;
    }
  }
  return grpc::Status::CANCELLED;
}

grpc::Status CoordinatorService::CancelJob(grpc::ServerContext*,
                                           const v1::CancelJobRequest* request,
                                           v1::CancelJobResponse* response) {
  if (grpc::Status s = RequireJobId(request->job_id()); !s.ok()) return s;
  absl::StatusOr<v1::Job> job = jobs_->Cancel(request->job_id());
  if (!job.ok()) return ToGrpc(job.status());
  *response->mutable_job() = *std::move(job);
  return grpc::Status::OK;
}

grpc::Status CoordinatorService::ListDevices(grpc::ServerContext*, const v1::ListDevicesRequest*,
                                             v1::ListDevicesResponse* response) {
  response->set_backend(jobs_->backend());
  *response->mutable_machine() = jobs_->machine();
  for (v1::Device& device : jobs_->Devices()) *response->add_devices() = std::move(device);
  for (const OpDescriptor& op : Ops()) {
    response->add_kernels(op.name);
    AddOpInfo(op, /*plugin=*/false, response);
  }
  for (v1::Plugin& plugin : jobs_->Plugins()) {
    if (plugin.error().empty()) {
      for (const v1::PluginOp& op : plugin.ops()) {
        response->add_kernels(op.kernel());
        if (std::optional<OpDescriptor> info = PluginJobOp(op); info.has_value()) {
          AddOpInfo(*info, /*plugin=*/true, response);
        }
      }
    }
    *response->add_plugins() = std::move(plugin);
  }
  for (uint32_t version : kPluginAbiVersions) response->add_plugin_abi_versions(version);
  return grpc::Status::OK;
}

grpc::Status CoordinatorService::SetDispatchTable(grpc::ServerContext*,
                                                  const v1::SetDispatchTableRequest* request,
                                                  v1::SetDispatchTableResponse*) {
  if (dispatch_tables_ == nullptr) {
    return {grpc::StatusCode::UNIMPLEMENTED, "this coordinator keeps no dispatch tables"};
  }
  absl::Status s = ValidateDispatchTable(request->table());
  if (!s.ok()) return ToGrpc(absl::Status(s.code(), absl::StrCat("table.", s.message())));
  return ToGrpc(dispatch_tables_->Put(request->table()));
}

grpc::Status CoordinatorService::ListDispatchTables(grpc::ServerContext*,
                                                    const v1::ListDispatchTablesRequest* request,
                                                    v1::ListDispatchTablesResponse* response) {
  if (grpc::Status s = CheckLimit(request->limit()); !s.ok()) return s;
  std::optional<v1::DispatchTable> after;
  if (!request->page_token().empty()) {
    std::string key;
    after.emplace();
    if (!absl::WebSafeBase64Unescape(request->page_token(), &key) || !after->ParseFromString(key)) {
      return BadPageToken(request->page_token(), "ListDispatchTables");
    }
  }
  if (dispatch_tables_ == nullptr) return grpc::Status::OK;
  absl::StatusOr<std::vector<v1::DispatchTable>> tables = dispatch_tables_->List();
  if (!tables.ok()) return ToGrpc(tables.status());
  std::vector<v1::DispatchTable> rest;
  for (v1::DispatchTable& table : *tables) {
    if (!after.has_value() || DispatchTableKey(table) > DispatchTableKey(*after)) {
      rest.push_back(std::move(table));
    }
  }
  std::sort(rest.begin(), rest.end(), [](const v1::DispatchTable& a, const v1::DispatchTable& b) {
    return DispatchTableKey(a) < DispatchTableKey(b);
  });
  const int limit = request->limit() == 0 ? kDefaultListLimit : request->limit();
  if (FillPage(rest, limit, response->mutable_tables())) {
    response->set_next_page_token(DispatchTableToken(*response->tables().rbegin()));
  }
  return grpc::Status::OK;
}

grpc::Status CoordinatorService::SaveBaseline(grpc::ServerContext*,
                                              const v1::SaveBaselineRequest* request,
                                              v1::SaveBaselineResponse* response) {
  if (baselines_ == nullptr) return NoBaselines();
  if (absl::Status s = ValidateBaselineName(request->name()); !s.ok()) return ToGrpc(s);
  if (grpc::Status s = RequireJobId(request->job_id()); !s.ok()) return s;
  absl::StatusOr<v1::Job> job = jobs_->Get(request->job_id());
  if (!job.ok()) return ToGrpc(job.status());
  absl::StatusOr<v1::Baseline> baseline = BaselineFromJob(*job, request->name(), NowUnixMs());
  if (!baseline.ok()) return ToGrpc(baseline.status());
  // A plugin op's build is kept beside its times, so that a gate can time a candidate against
  // it; a build that cannot be kept leaves the baseline its times and says why.
  const v1::PluginOp* plugin = FindPluginOp(job->spec(), job->spec().kernel());
  if (plugin != nullptr && IsKeptBuildKernel(plugin->kernel())) {
    *baseline->mutable_kept_build() = *plugin;  // the job ran a kept build: keep that one
  } else if (plugin != nullptr && !kept_builds_dir_.empty()) {
    absl::StatusOr<v1::PluginOp> kept = KeepBuild(*plugin, kept_builds_dir_);
    if (kept.ok()) {
      *baseline->mutable_kept_build() = *std::move(kept);
    } else {
      baseline->set_kept_build_error(std::string(kept.status().message()));
    }
  }
  bool replaced = false;
  if (absl::Status s = baselines_->Put(*baseline, request->force(), &replaced); !s.ok()) {
    return ToGrpc(s);
  }
  *response->mutable_baseline() = *std::move(baseline);
  response->set_replaced(replaced);
  return grpc::Status::OK;
}

grpc::Status CoordinatorService::ListBaselines(grpc::ServerContext*,
                                               const v1::ListBaselinesRequest* request,
                                               v1::ListBaselinesResponse* response) {
  if (grpc::Status s = CheckLimit(request->limit()); !s.ok()) return s;
  // The token is the last name of the previous page: this page starts after it.
  if (!request->page_token().empty() && !ValidateBaselineName(request->page_token()).ok()) {
    return BadPageToken(request->page_token(), "ListBaselines");
  }
  if (baselines_ == nullptr) return grpc::Status::OK;
  const int limit = request->limit() == 0 ? kDefaultListLimit : request->limit();
  absl::StatusOr<std::vector<v1::Baseline>> list =
      baselines_->List(request->include_rows(), request->page_token(),
                       limit == std::numeric_limits<int>::max() ? limit : limit + 1);
  if (!list.ok()) return ToGrpc(list.status());
  if (FillPage(*list, limit, response->mutable_baselines())) {
    response->set_next_page_token(response->baselines().rbegin()->name());
  }
  return grpc::Status::OK;
}

grpc::Status CoordinatorService::GetBaseline(grpc::ServerContext*,
                                             const v1::GetBaselineRequest* request,
                                             v1::Baseline* response) {
  if (baselines_ == nullptr) return NoBaselines();
  if (absl::Status s = ValidateBaselineName(request->name()); !s.ok()) return ToGrpc(s);
  absl::StatusOr<v1::Baseline> baseline = baselines_->Get(request->name());
  if (!baseline.ok()) return ToGrpc(baseline.status());
  *response = *std::move(baseline);
  return grpc::Status::OK;
}

grpc::Status CoordinatorService::ImportBaseline(grpc::ServerContext*,
                                                const v1::ImportBaselineRequest* request,
                                                v1::ImportBaselineResponse* response) {
  if (baselines_ == nullptr) return NoBaselines();
  v1::Baseline baseline = request->baseline();
  if (baseline.saved_unix_ms() == 0) baseline.set_saved_unix_ms(NowUnixMs());
  // A file carries no library: a kept build stays only where this daemon holds that very copy.
  if (baseline.has_kept_build()) {
    const v1::PluginOp& kept = baseline.kept_build();
    absl::StatusOr<std::string> sha256 = FileSha256(kept.path());
    if (kept_builds_dir_.empty() || kept.path().rfind(kept_builds_dir_ + "/", 0) != 0 ||
        !sha256.ok() || *sha256 != kept.library_sha256()) {
      baseline.set_kept_build_error(
          absl::StrCat("imported: this daemon does not keep the build ", kept.kernel()));
      baseline.clear_kept_build();
    }
  }
  if (baseline.source().rfind("imported", 0) != 0) {
    baseline.set_source(baseline.source().empty()
                            ? std::string("imported")
                            : absl::StrCat("imported (", baseline.source(), ")"));
  }
  bool replaced = false;
  if (absl::Status s = baselines_->Put(baseline, request->force(), &replaced); !s.ok()) {
    return ToGrpc(s);
  }
  *response->mutable_baseline() = std::move(baseline);
  response->set_replaced(replaced);
  return grpc::Status::OK;
}

grpc::Status WorkerReportService::AuthorizeReport(const grpc::ServerContext& context,
                                                  const std::string& job_id) {
  if (grpc::Status s = RequireJobId(job_id); !s.ok()) return s;
  return ToGrpc(jobs_->AuthorizeWorker(job_id, JobSecretOf(context), /*running_only=*/false));
}

grpc::Status WorkerReportService::ReportRow(grpc::ServerContext* context,
                                            const v1::ReportRowRequest* request,
                                            v1::ReportRowResponse*) {
  if (grpc::Status s = AuthorizeReport(*context, request->job_id()); !s.ok()) return s;
  return ToGrpc(jobs_->ReportRow(request->job_id(), request->rank(), request->row()));
}

grpc::Status WorkerReportService::ReportFailure(grpc::ServerContext* context,
                                                const v1::ReportFailureRequest* request,
                                                v1::ReportFailureResponse*) {
  if (grpc::Status s = AuthorizeReport(*context, request->job_id()); !s.ok()) return s;
  return ToGrpc(jobs_->ReportFailure(request->job_id(), request->rank(), request->error()));
}

grpc::Status WorkerReportService::ReportPlacement(grpc::ServerContext* context,
                                                  const v1::ReportPlacementRequest* request,
                                                  v1::ReportPlacementResponse*) {
  if (grpc::Status s = AuthorizeReport(*context, request->job_id()); !s.ok()) return s;
  absl::Status placed = jobs_->ReportPlacement(
      request->job_id(),
      std::vector<std::string>(request->hosts().begin(), request->hosts().end()));
  if (placed.ok() && request->has_identity()) {
    placed = jobs_->ReportIdentity(request->job_id(), request->rank(), request->identity());
  }
  return ToGrpc(placed);
}

grpc::Status WorkerReportService::ReportDone(grpc::ServerContext* context,
                                             const v1::ReportDoneRequest* request,
                                             v1::ReportDoneResponse*) {
  if (grpc::Status s = AuthorizeReport(*context, request->job_id()); !s.ok()) return s;
  return ToGrpc(jobs_->ReportDone(request->job_id(), request->rank()));
}

}  // namespace symmbench
