// The gRPC Coordinator and WorkerReport services: thin adapters that convert between proto
// and JobManager calls and map absl::Status to grpc::Status once (TF Serving's pattern).
#pragma once

#include <atomic>
#include <string>
#include <utility>

#include "proto/symmbench.grpc.pb.h"
#include "proto/worker.grpc.pb.h"
#include "server/job_manager.h"
#include "server/storage/baseline_store.h"
#include "server/storage/dispatch_tables.h"

namespace symmbench {

class CoordinatorService final : public v1::Coordinator::Service {
 public:
  // `dispatch_tables` may be null: SetDispatchTable then answers UNIMPLEMENTED; so do the
  // baseline RPCs without `baselines`.
  CoordinatorService(JobManager* jobs, DispatchTableStore* dispatch_tables,
                     BaselineStore* baselines = nullptr)
      : jobs_(jobs), dispatch_tables_(dispatch_tables), baselines_(baselines) {}

  // WatchJob streams open at once, each holding one of the server's threads while it waits
  // (symmbenchd --max-watch-streams); the next one is refused with RESOURCE_EXHAUSTED.
  void set_max_watch_streams(int max) { max_watch_streams_ = max; }
  // Where SaveBaseline keeps the plugin build of a baseline's job (server/kept_builds.h); empty:
  // builds are not kept.
  void set_kept_builds_dir(std::string dir) { kept_builds_dir_ = std::move(dir); }

  grpc::Status SubmitJob(grpc::ServerContext*, const v1::SubmitJobRequest*,
                         v1::SubmitJobResponse*) override;
  grpc::Status GetJob(grpc::ServerContext*, const v1::GetJobRequest*, v1::Job*) override;
  grpc::Status ListJobs(grpc::ServerContext*, const v1::ListJobsRequest*,
                        v1::ListJobsResponse*) override;
  // Streams the job's events until it ends or the client goes away. RESOURCE_EXHAUSTED when
  // max_watch_streams are open already.
  grpc::Status WatchJob(grpc::ServerContext*, const v1::WatchJobRequest*,
                        grpc::ServerWriter<v1::JobEvent>*) override;
  grpc::Status CancelJob(grpc::ServerContext*, const v1::CancelJobRequest*,
                         v1::CancelJobResponse*) override;
  grpc::Status ListDevices(grpc::ServerContext*, const v1::ListDevicesRequest*,
                           v1::ListDevicesResponse*) override;
  grpc::Status SetDispatchTable(grpc::ServerContext*, const v1::SetDispatchTableRequest*,
                                v1::SetDispatchTableResponse*) override;
  grpc::Status ListDispatchTables(grpc::ServerContext*, const v1::ListDispatchTablesRequest*,
                                  v1::ListDispatchTablesResponse*) override;
  grpc::Status SaveBaseline(grpc::ServerContext*, const v1::SaveBaselineRequest*,
                            v1::SaveBaselineResponse*) override;
  grpc::Status ListBaselines(grpc::ServerContext*, const v1::ListBaselinesRequest*,
                             v1::ListBaselinesResponse*) override;
  grpc::Status GetBaseline(grpc::ServerContext*, const v1::GetBaselineRequest*,
                           v1::Baseline*) override;
  grpc::Status ImportBaseline(grpc::ServerContext*, const v1::ImportBaselineRequest*,
                              v1::ImportBaselineResponse*) override;

 private:
  int max_watch_streams_ = 256;
  std::string kept_builds_dir_;
  std::atomic<int> watch_streams_{0};
  JobManager* jobs_;
  DispatchTableStore* dispatch_tables_;
  BaselineStore* baselines_;
};

// Admits only the job's workers: the call must carry the job's secret (JobSecretOf).
class WorkerReportService final : public v1::WorkerReport::Service {
 public:
  explicit WorkerReportService(JobManager* jobs) : jobs_(jobs) {}

  grpc::Status ReportRow(grpc::ServerContext*, const v1::ReportRowRequest*,
                         v1::ReportRowResponse*) override;
  grpc::Status ReportFailure(grpc::ServerContext*, const v1::ReportFailureRequest*,
                             v1::ReportFailureResponse*) override;
  grpc::Status ReportPlacement(grpc::ServerContext*, const v1::ReportPlacementRequest*,
                               v1::ReportPlacementResponse*) override;
  grpc::Status ReportDone(grpc::ServerContext*, const v1::ReportDoneRequest*,
                          v1::ReportDoneResponse*) override;

 private:
  // A report must name a job that is still active (running or finishing) and carry its secret.
  grpc::Status AuthorizeReport(const grpc::ServerContext& context, const std::string& job_id);

  JobManager* jobs_;
};

}  // namespace symmbench
