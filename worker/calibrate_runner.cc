// Kernel "calibrate": three measurements, reduced over ranks, one row.
#include "worker/calibrate_runner.h"

#include <algorithm>
#include <sstream>

#include "absl/strings/str_cat.h"
#include "kernels/gemm_collective.h"
#include "kernels/ops/registry.h"
#include "spec/plan.h"
#include "worker/timing.h"

namespace symmbench {
namespace {

constexpr uint64_t kSeed = 0xCA11B8A7Eull;

absl::StatusOr<double> PeerCopyGbps(const RunPlan& plan, Backend* backend, Rendezvous* rendezvous) {
  absl::StatusOr<std::unique_ptr<Collective>> copy =
      backend->CreateCollective(std::string(ops::kPeerCopy));
  if (!copy.ok()) return copy.status();
  const int64_t bytes = plan.sizes_bytes[0];
  if (absl::Status s = (*copy)->Prepare(bytes / 2, DType::kBf16, kSeed); !s.ok()) return s;
  if (absl::Status s = backend->Synchronize(); !s.ok()) return s;
  // Every rank's input is written before anyone copies it.
  if (absl::Status s = rendezvous->Barrier("calibrate/peer_copy"); !s.ok()) return s;
  if (absl::Status s = (*copy)->Run(); !s.ok()) return s;
  if (absl::Status s = backend->Synchronize(); !s.ok()) return s;
  absl::StatusOr<CheckResult> check = (*copy)->Check();
  if (!check.ok()) return check.status();
  if (check->wrong > 0) {
    return absl::DataLossError(absl::StrCat("calibrate: peer copy has ", check->wrong,
                                            " wrong elements, first at ", check->first_bad_index));
  }
  absl::StatusOr<TimingStats> time = WarmUpAndTime(backend, plan.loop.warmup_iters, plan.loop.iters,
                                                   [&] { return (*copy)->Run(); });
  if (!time.ok()) return time.status();
  return bytes / (time->median_us * 1e3);
}

absl::StatusOr<double> LatencyFloorUs(const RunPlan& plan, Backend* backend) {
  absl::StatusOr<std::unique_ptr<Collective>> one_shot =
      backend->CreateCollective(std::string(ops::kOneShotAllReduce));
  if (!one_shot.ok()) return one_shot.status();
  if (absl::Status s = (*one_shot)->Prepare(8, DType::kBf16, kSeed); !s.ok()) return s;  // 16 B
  absl::StatusOr<TimingStats> time = WarmUpAndTimeGraph(
      backend, plan.loop.warmup_iters, plan.loop.iters, [&] { return (*one_shot)->Run(); });
  if (!time.ok()) return time.status();
  return time->min_us;  // a floor: the fastest batch of replays
}

absl::StatusOr<double> GemmTflops(const RunPlan& plan, v1::Backend kind, Backend* backend) {
  absl::StatusOr<std::unique_ptr<GemmCollective>> op = backend->CreateGemmCollective(ops::kAgGemm);
  if (!op.ok()) return op.status();
  const GemmProblem problem = CalibrationGemm(kind, backend->world_size());
  if (absl::Status s = (*op)->Prepare(problem, kSeed); !s.ok()) return s;
  // The all-gather fills A_ref with real values (never time on poison).
  if (absl::Status s = (*op)->Run(GemmVariant::kCollective); !s.ok()) return s;
  absl::StatusOr<TimingStats> time =
      WarmUpAndTime(backend, std::min(plan.loop.warmup_iters, 5), std::min(plan.loop.iters, 20),
                    [&] { return (*op)->Run(GemmVariant::kGemm); });
  if (!time.ok()) return time.status();
  const double flops = 2.0 * problem.m * problem.n * problem.k;
  return flops / (time->median_us * 1e6);
}

}  // namespace

absl::Status RunCalibration(const RunPlan& plan, v1::Backend kind, Backend* backend,
                            Rendezvous* rendezvous, const RowSink& sink) {
  if (plan.sizes_bytes.size() != 1) {
    return absl::InvalidArgumentError("calibrate: sweep.sizes_bytes must hold the copy size only");
  }
  absl::StatusOr<double> copy = PeerCopyGbps(plan, backend, rendezvous);
  if (!copy.ok()) return copy.status();
  absl::StatusOr<double> floor = LatencyFloorUs(plan, backend);
  if (!floor.ok()) return floor.status();
  absl::StatusOr<double> gemm = GemmTflops(plan, kind, backend);
  if (!gemm.ok()) return gemm.status();

  std::ostringstream mine;
  mine.precision(17);
  mine << *copy << ' ' << *floor << ' ' << *gemm;
  absl::StatusOr<std::vector<std::string>> all = rendezvous->AllGather("calibrate", mine.str());
  if (!all.ok()) return all.status();
  if (backend->rank() != 0) return absl::OkStatus();
  v1::Ceilings ceilings;
  ceilings.set_world_size(backend->world_size());
  for (const std::string& text : *all) {
    std::istringstream in(text);
    double c = 0, f = 0, g = 0;
    in >> c >> f >> g;
    const bool first = &text == &all->front();
    ceilings.set_peer_copy_gbps(first ? c : std::min(ceilings.peer_copy_gbps(), c));
    ceilings.set_latency_floor_us(first ? f : std::max(ceilings.latency_floor_us(), f));
    ceilings.set_gemm_tflops(first ? g : std::min(ceilings.gemm_tflops(), g));
  }
  v1::ResultRow row;
  row.set_size_bytes(plan.sizes_bytes[0]);
  row.set_dtype(v1::bf16);
  row.set_time_us(ceilings.latency_floor_us());
  row.set_checked(true);
  *row.mutable_ceilings() = ceilings;
  return sink(row);
}

}  // namespace symmbench
