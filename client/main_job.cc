// symmbench run: the main job (see main_job.h).
#include "client/main_job.h"

#include <algorithm>
#include <chrono>
#include <memory>
#include <ostream>

#include "CLI/CLI.hpp"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "client/cli.h"
#include "client/format.h"
#include "client/main_job_report.h"
#include "client/progress.h"
#include "client/rpc_util.h"
#include "kernels/dtype.h"
#include "kernels/ops/registry.h"
#include "spec/gemm_spec.h"

namespace symmbench::client {
namespace {

// The all-reduce kernels of the sweep, the dispatched one first.

// The sweep per backend (bytes per rank buffer) and its iterations.
struct Sweep {
  int64_t min_bytes, max_bytes;
  int32_t step_factor, warmup, iters;
};
// GPUs: latency-bound to bandwidth-bound, as nccl-tests is usually run.
constexpr Sweep kGpuSweep = {2 << 10, int64_t{128} << 20, 4, 20, 100};
// The CPU backend: up to 2 MiB, since its plain-sum reference takes about 90 ms per op at 8 MiB
// on 2 cores (one such size would add minutes).
constexpr Sweep kCpuSweep = {2 << 10, 4 << 20, 4, 5, 20};

// AG-GEMM shapes (M, N, K): on GPUs the four anchors measured against torch on 2 x H200
// (docs/results/ag_gemm_h200x2.md); on the CPU backend two small ones that OpenBLAS runs in
// milliseconds.
constexpr int64_t kGpuShapes[][3] = {
    {4096, 6656, 16384}, {8192, 8192, 8192}, {16384, 8192, 4096}, {2048, 8192, 8192}};
constexpr int64_t kCpuShapes[][3] = {{256, 128, 128}, {512, 256, 256}};
// At most this fraction of a device's memory for one shape's buffers: cuBLASLt's workspace,
// NCCL and the CUDA context need the rest.
constexpr double kGemmMemoryFraction = 0.5;

bool Offers(const v1::ListDevicesResponse& devices, const std::string& kernel) {
  return std::find(devices.kernels().begin(), devices.kernels().end(), kernel) !=
         devices.kernels().end();
}

// `shape` halved (every dimension) until its buffers fit `memory_bytes`, with m a multiple of
// 16 x world_size (whole rows per rank and chunk). False when not even the smallest fits.
bool FitShape(int64_t m, int64_t n, int64_t k, int world_size, int64_t memory_bytes,
              v1::GemmShape* shape) {
  const int64_t row_unit = int64_t{16} * world_size;
  for (; m >= row_unit && n >= 16 && k >= 16; m /= 2, n /= 2, k /= 2) {
    shape->set_m(m / row_unit * row_unit);
    shape->set_n(n);
    shape->set_k(k);
    if (memory_bytes <= 0 ||
        GemmBytesPerRank(*shape, world_size, DType::kBf16, Computes::kAllGatherGemm) <=
            kGemmMemoryFraction * static_cast<double>(memory_bytes)) {
      return true;
    }
  }
  return false;
}

// Follows one job to its end (a progress line on a terminal), telling `err` how it ended.
grpc::Status RunPart(Stub& stub, const GlobalOptions& global, const v1::JobSpec& spec, v1::Job* job,
                     std::ostream& err) {
  v1::SubmitJobRequest request;
  *request.mutable_spec() = spec;
  v1::SubmitJobResponse response;
  grpc::Status status = stub.SubmitJob(UnaryContext(global).get(), request, &response);
  if (!status.ok()) return status;
  *job = response.job();
  const auto start = std::chrono::steady_clock::now();
  JobProgress progress(err, ProgressWanted(global.json));
  progress.Start(*job);
  status = FollowToEnd(stub, global, job, [&](const v1::JobEvent& e) { progress.Update(e); });
  progress.Clear();
  if (!status.ok()) return status;
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  err << "# " << job->job_id() << " " << spec.kernel() << ": " << JobStateName(job->state()) << ", "
      << job->rows_size() << " rows in " << absl::StrFormat("%.1f", seconds) << " s"
      << (job->error().empty() ? "" : ": " + job->error()) << "\n";
  return grpc::Status::OK;
}

}  // namespace

absl::StatusOr<std::vector<MainJobPart>> PlanMainJob(const v1::ListDevicesResponse& devices,
                                                     const MainJobOptions& options) {
  const int available = devices.devices_size();
  if (available == 0) {
    return absl::FailedPreconditionError("run: the coordinator has no device to run on");
  }
  if (options.world_size < 0 || options.world_size > available) {
    return absl::InvalidArgumentError(
        absl::StrCat("--world-size: must be 1..", available, " (the coordinator's ",
                     v1::Backend_Name(devices.backend()), " devices; 0 for all of them), got ",
                     options.world_size));
  }
  const int world_size = options.world_size > 0 ? options.world_size : available;
  const bool cpu = devices.backend() == v1::cpu;
  const Sweep& sweep = cpu ? kCpuSweep : kGpuSweep;
  std::vector<MainJobPart> parts;
  // The dispatcher first (it leads the table), then every swept collective it chooses among.
  std::vector<std::string> sweep_kernels = {ops::kAllReduce};
  for (const std::string& kernel : DispatchCandidates(FindOp(ops::kAllReduce)->computes)) {
    sweep_kernels.push_back(kernel);
  }
  for (const std::string& kernel : sweep_kernels) {
    if (!Offers(devices, kernel)) continue;
    MainJobPart part;
    part.role = parts.empty() ? MainJobRole::kDispatched : MainJobRole::kCompared;
    v1::JobSpec& spec = part.spec;
    spec.set_kernel(kernel);
    spec.set_world_size(world_size);
    spec.set_dtype(v1::bf16);
    spec.mutable_sweep()->set_min_bytes(sweep.min_bytes);
    spec.mutable_sweep()->set_max_bytes(sweep.max_bytes);
    spec.mutable_sweep()->set_step_factor(sweep.step_factor);
    // The main job's table compares the kernels out of place; in-place loops would double the
    // time for figures it does not show.
    spec.mutable_sweep()->set_placement(v1::PLACEMENT_OUT_OF_PLACE);
    spec.set_warmup_iters(sweep.warmup);
    spec.set_iters(sweep.iters);
    spec.set_backend(devices.backend());
    parts.push_back(std::move(part));
  }
  const std::string gemm_kernel(ops::kAgGemm);
  if (Offers(devices, gemm_kernel)) {
    MainJobPart part;
    part.role = MainJobRole::kGemm;
    v1::JobSpec& spec = part.spec;
    spec.set_kernel(gemm_kernel);
    spec.set_world_size(world_size);
    spec.set_dtype(v1::bf16);
    spec.set_warmup_iters(cpu ? 2 : 5);
    spec.set_iters(cpu ? 10 : 20);
    spec.set_backend(devices.backend());
    int64_t memory = 0;  // the smallest device's
    for (const v1::Device& d : devices.devices()) {
      if (memory == 0 || d.memory_bytes() < memory) memory = d.memory_bytes();
    }
    const auto add_shapes = [&](const auto& shapes) {
      for (const auto& s : shapes) {
        v1::GemmShape shape;
        if (FitShape(s[0], s[1], s[2], world_size, memory, &shape)) {
          *spec.mutable_gemm()->add_shapes() = shape;
        }
      }
    };
    if (cpu) {
      add_shapes(kCpuShapes);
    } else {
      add_shapes(kGpuShapes);
    }
    if (spec.gemm().shapes_size() == 0) {
      return absl::FailedPreconditionError(absl::StrCat(
          "run: no AG-GEMM shape fits a device of ", memory, " bytes at world size ", world_size));
    }
    parts.push_back(std::move(part));
  }
  return parts;
}

int RunMainJob(const GlobalOptions& global, const MainJobOptions& options, std::ostream& out,
               std::ostream& err) {
  std::unique_ptr<Stub> stub = MakeStub(global);
  v1::ListDevicesResponse devices;
  grpc::Status status = ListDevices(*stub, global, &devices);
  if (!status.ok()) return ReportRpcError(global, status, out, err);
  absl::StatusOr<std::vector<MainJobPart>> parts = PlanMainJob(devices, options);
  if (!parts.ok()) {
    return ReportError(global, parts.status(), out, err);
  }
  err << "# symmbench main job: " << MainJobTitle(devices, *parts) << ", coordinator "
      << global.coordinator << "\n";
  std::vector<v1::Job> jobs;
  for (const MainJobPart& part : *parts) {
    v1::Job job;
    status = RunPart(*stub, global, part.spec, &job, err);
    if (!status.ok()) return ReportRpcError(global, status, out, err);
    jobs.push_back(std::move(job));
  }
  const MainJobSummary summary = SummarizeMainJob(*parts, jobs);
  if (global.json) {
    out << MainJobToJson(devices, *parts, jobs, summary).dump() << "\n";
  } else {
    out << MainJobReport(devices, *parts, jobs, summary);
  }
  return summary.ok ? kExitOk : kExitJobFailed;
}

void AddMainJobCommand(CommandLine* cli) {
  auto options = std::make_shared<MainJobOptions>();
  CLI::App* run = cli->app()->add_subcommand(
      "run",
      "Run the main job on every device: the all-reduce sweep (all_reduce, one-shot, two-shot, "
      "push one-shot, NCCL) and AG-GEMM, verified, in one report");
  run->add_option("--world-size", options->world_size, "Ranks (0: every device)")
      ->capture_default_str();
  cli->AddJsonFlag(run);
  cli->OnCommand(run, [options](const GlobalOptions& global, std::ostream& out, std::ostream& err) {
    return RunMainJob(global, *options, out, err);
  });
}

}  // namespace symmbench::client
