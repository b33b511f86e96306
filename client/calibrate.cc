// symmbench calibrate: one job of kernel "calibrate", its ceilings printed.
#include "client/calibrate.h"

#include <memory>
#include <ostream>

#include "CLI/CLI.hpp"
#include "client/cli.h"
#include "client/format.h"
#include "client/rpc_util.h"
#include "client/sizes.h"
#include "kernels/ops/registry.h"

namespace symmbench::client {

int RunCalibrate(const GlobalOptions& global, const CalibrateOptions& options, std::ostream& out,
                 std::ostream& err) {
  std::unique_ptr<Stub> stub = MakeStub(global);
  v1::ListDevicesResponse devices;
  grpc::Status status = ListDevices(*stub, global, &devices);
  if (!status.ok()) return ReportRpcError(global, status, out, err);
  absl::StatusOr<int64_t> bytes = ParseSize(options.copy_bytes, "--copy-bytes");
  if (!bytes.ok()) {
    return ReportError(global, bytes.status(), out, err);
  }
  v1::JobSpec spec;
  spec.set_kernel(ops::kCalibrate);
  spec.set_world_size(options.world_size > 0 ? options.world_size : devices.devices_size());
  spec.set_dtype(v1::bf16);
  spec.mutable_sweep()->add_sizes_bytes(*bytes);
  spec.set_warmup_iters(options.warmup);
  spec.set_iters(options.iters);
  v1::Job job;
  status = SubmitAndWait(*stub, global, spec, &job);
  if (!status.ok()) return ReportRpcError(global, status, out, err);
  if (global.json) {
    out << JobToJson(job).dump(2) << "\n";
  } else if (job.rows_size() > 0) {
    out << CeilingsText(job.rows(0).ceilings());
  }
  if (job.state() != v1::SUCCEEDED) {
    err << "error: calibrate: job " << job.job_id() << " ended " << JobStateName(job.state())
        << ": " << job.error() << "\n";
    return kExitJobFailed;
  }
  return kExitOk;
}

void AddCalibrateCommand(CommandLine* cli) {
  auto options = std::make_shared<CalibrateOptions>();
  CLI::App* calibrate = cli->app()->add_subcommand(
      "calibrate",
      "Measure this machine's ceilings (peer copy, latency floor, GEMM) for rooflines");
  calibrate->add_option("--world-size", options->world_size, "Ranks (0: every device)");
  calibrate->add_option("--copy-bytes", options->copy_bytes, "Peer-copy size")
      ->capture_default_str();
  calibrate->add_option("--warmup", options->warmup, "Warm-up iterations")->capture_default_str();
  calibrate->add_option("--iters", options->iters, "Timed iterations")->capture_default_str();
  cli->AddJsonFlag(calibrate);
  cli->OnCommand(calibrate,
                 [options](const GlobalOptions& global, std::ostream& out, std::ostream& err) {
                   return RunCalibrate(global, *options, out, err);
                 });
}

}  // namespace symmbench::client
