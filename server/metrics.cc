// CoordinatorMetrics: prometheus-cpp families of the coordinator, one registry, optional
// pull Exposer. Label sets are built from the job's spec and the row, never from ids.
#include "server/metrics.h"

#include <cstdint>
#include <deque>
#include <exception>
#include <functional>
#include <mutex>
#include <set>
#include <sstream>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "kernels/ops/registry.h"
#include "prometheus/counter.h"
#include "prometheus/exposer.h"
#include "prometheus/family.h"
#include "prometheus/gauge.h"
#include "prometheus/histogram.h"
#include "prometheus/registry.h"
#include "prometheus/text_serializer.h"
#include "server/first_scrape.h"
#include "server/metrics_exposer.h"
#include "server/metrics_labels.h"
#include "server/process_metrics.h"

namespace symmbench {
namespace {

using prometheus::Counter;
using prometheus::Family;
using prometheus::Gauge;
using prometheus::Histogram;
using prometheus::Labels;

// Final job ids remembered to count each job once in symmbench_jobs_total; a job is reported
// final once or twice in a row, so a short memory is enough.
constexpr size_t kRecentFinalJobs = 4096;

// How long a new series waits at zero for a scrape before its updates apply anyway: longer than
// any sensible scrape interval (Prometheus' default is 1 min); added to twice the zero hold.
constexpr std::chrono::milliseconds kMaxFirstScrapeWait{150000};

}  // namespace

struct CoordinatorMetrics::Impl {
  std::shared_ptr<prometheus::Registry> registry = std::make_shared<prometheus::Registry>();
  // With an Exposer: new counter and histogram series wait at zero for a scrape
  // (server/first_scrape.h); without one (Serialize only), updates apply at once.
  std::shared_ptr<FirstScrapeGate> gate;
  std::shared_ptr<GatedCollectable> collectable;
  std::shared_ptr<ProcessCollectable> process = std::make_shared<ProcessCollectable>();
  // Destroyed (server stopped) first, by ~CoordinatorMetrics.
  std::unique_ptr<prometheus::Exposer> exposer;
  std::string host;  // as given in the listen address
  int port = 0;      // the bound one
  std::string bound_address;

  Family<Histogram>* kernel_latency = nullptr;
  Family<Histogram>* job_duration = nullptr;
  Family<Histogram>* queue_wait = nullptr;
  Family<Gauge>* build_info = nullptr;  // one series: SetBuildInfo's labels
  Family<Gauge>* busbw = nullptr;
  Family<Gauge>* algbw = nullptr;
  Family<Gauge>* tflops = nullptr;
  Family<Gauge>* speedup = nullptr;
  Family<Gauge>* overlap_efficiency = nullptr;
  Family<Gauge>* roofline_fraction = nullptr;
  Family<Counter>* verification_failures = nullptr;
  Family<Counter>* jobs = nullptr;
  Family<Counter>* worker_failures = nullptr;
  Family<Counter>* db_write_failures = nullptr;
  Gauge* db_writable = nullptr;
  Family<Counter>* rpc_requests = nullptr;
  Family<Histogram>* rpc_duration = nullptr;
  Family<Histogram>* store_op_duration = nullptr;
  Gauge* queue_depth = nullptr;
  Gauge* jobs_running = nullptr;
  Gauge* devices_busy = nullptr;
  Gauge* devices_free = nullptr;
  Gauge* store_waits_pending = nullptr;

  std::mutex mu;  // guards the two below
  std::deque<std::string> recent_final;
  std::set<std::string> recent_final_set;

  Impl() {
    prometheus::Registry& r = *registry;
    kernel_latency = &prometheus::BuildHistogram()
                          .Name("symmbench_kernel_latency_seconds")
                          .Help(
                              "Time per operation: mode=eager observes every timed iteration "
                              "(each batch's time per operation, max over ranks, once per "
                              "operation it timed); mode=graph a row's median of CUDA-graph "
                              "replays, once per row")
                          .Register(r);
    job_duration = &prometheus::BuildHistogram()
                        .Name("symmbench_job_duration_seconds")
                        .Help("Time from a job's start to its final state, by final state")
                        .Register(r);
    queue_wait = &prometheus::BuildHistogram()
                      .Name("symmbench_job_queue_wait_seconds")
                      .Help("Time a job waited in the queue, from submission to its start")
                      .Register(r);
    busbw = &prometheus::BuildGauge()
                 .Name("symmbench_busbw_bytes_per_second")
                 .Help("Bus bandwidth of the last row with these labels")
                 .Register(r);
    algbw = &prometheus::BuildGauge()
                 .Name("symmbench_algbw_bytes_per_second")
                 .Help("Algorithm bandwidth (size / time) of the last row with these labels")
                 .Register(r);
    tflops = &prometheus::BuildGauge()
                  .Name("symmbench_gemm_flops_per_second")
                  .Help(
                      "FLOP/s of the last GEMM + collective row with these labels (fused "
                      "variant)")
                  .Register(r);
    speedup = &prometheus::BuildGauge()
                   .Name("symmbench_speedup_over_reference_ratio")
                   .Help("Best reference's time / our time, last row with these labels")
                   .Register(r);
    overlap_efficiency = &prometheus::BuildGauge()
                              .Name("symmbench_overlap_efficiency_ratio")
                              .Help(
                                  "GEMM + collective: (t_sequential - t_fused) / min(t_collective, "
                                  "t_gemm); 1 = fully hidden")
                              .Register(r);
    roofline_fraction = &prometheus::BuildGauge()
                             .Name("symmbench_roofline_ratio")
                             .Help(
                                 "Last row against the machine's calibrated ceiling "
                                 "(what=busbw: peer copy bandwidth, what=flops: GEMM alone)")
                             .Register(r);
    verification_failures = &prometheus::BuildCounter()
                                 .Name("symmbench_verification_failures_total")
                                 .Help("Result rows with wrong elements (wrong > 0)")
                                 .Register(r);
    jobs = &prometheus::BuildCounter()
                .Name("symmbench_jobs_total")
                .Help("Jobs that reached a final state")
                .Register(r);
    worker_failures = &prometheus::BuildCounter()
                           .Name("symmbench_worker_failures_total")
                           .Help("Worker processes that crashed or timed out")
                           .Register(r);
    db_write_failures = &prometheus::BuildCounter()
                             .Name("symmbench_db_write_failures_total")
                             .Help(
                                 "Writes to the job database that failed (full disk, read-only "
                                 "file, I/O error), by operation")
                             .Register(r);
    db_writable = &prometheus::BuildGauge()
                       .Name("symmbench_db_writable")
                       .Help(
                           "1 while the job database takes writes; 0 from a failed write until "
                           "one succeeds (jobs wait, SubmitJob answers RESOURCE_EXHAUSTED)")
                       .Register(r)
                       .Add({});
    db_writable->Set(1);
    rpc_requests = &prometheus::BuildCounter()
                        .Name("symmbench_rpc_requests_total")
                        .Help("gRPC requests handled, by method and status code")
                        .Register(r);
    rpc_duration = &prometheus::BuildHistogram()
                        .Name("symmbench_rpc_duration_seconds")
                        .Help("gRPC request handling time, by method")
                        .Register(r);
    store_op_duration = &prometheus::BuildHistogram()
                             .Name("symmbench_store_op_duration_seconds")
                             .Help("Rendezvous Store operation time, by operation")
                             .Register(r);
    queue_depth = &prometheus::BuildGauge()
                       .Name("symmbench_queue_depth")
                       .Help("Jobs queued, waiting for devices")
                       .Register(r)
                       .Add({});
    jobs_running = &prometheus::BuildGauge()
                        .Name("symmbench_jobs_running")
                        .Help("Jobs running")
                        .Register(r)
                        .Add({});
    store_waits_pending = &prometheus::BuildGauge()
                               .Name("symmbench_store_waits_pending")
                               .Help(
                                   "Store waits registered and not answered yet (none holds "
                                   "a thread)")
                               .Register(r)
                               .Add({});
    Family<Gauge>& devices = prometheus::BuildGauge()
                                 .Name("symmbench_devices")
                                 .Help("Devices of this coordinator, by state")
                                 .Register(r);
    devices_busy = &devices.Add({{"state", "busy"}});
    devices_free = &devices.Add({{"state", "free"}});
    build_info = &prometheus::BuildGauge()
                      .Name("symmbench_build_info")
                      .Help("Build of the coordinator; the value is always 1")
                      .Register(r);
  }

  // Adds `amount` to the counter `labels` of `family`, born at zero (first_scrape.h).
  void Count(Family<Counter>* family, const Labels& labels, double amount = 1) {
    Apply(
        family->GetName(), labels, [family, labels] { family->Add(labels); },
        [family, labels, amount] { family->Add(labels).Increment(amount); });
  }
  // Observes `values` in the histogram `labels` of `family` (`buckets`), born at zero.
  void Observe(Family<Histogram>* family, const Labels& labels,
               const Histogram::BucketBoundaries& buckets, std::vector<double> values) {
    Apply(
        family->GetName(), labels, [family, labels, &buckets] { family->Add(labels, buckets); },
        [family, labels, &buckets, values = std::move(values)] {
          Histogram& h = family->Add(labels, buckets);
          for (double v : values) h.Observe(v);
        });
  }
  void Apply(const std::string& name, const Labels& labels, const std::function<void()>& create,
             std::function<void()> update) {
    if (gate == nullptr) {
      update();
      return;
    }
    std::string key = name;
    for (const auto& [k, v] : labels) absl::StrAppend(&key, "|", k, "=", v);
    gate->Apply(key, create, std::move(update));
  }

  // True the first time `job_id` is seen in a final state (among the recent ones).
  bool FirstFinal(const std::string& job_id) {
    std::lock_guard<std::mutex> lock(mu);
    if (!recent_final_set.insert(job_id).second) return false;
    recent_final.push_back(job_id);
    if (recent_final.size() > kRecentFinalJobs) {
      recent_final_set.erase(recent_final.front());
      recent_final.pop_front();
    }
    return true;
  }
};

CoordinatorMetrics::CoordinatorMetrics(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
CoordinatorMetrics::~CoordinatorMetrics() {
  DestroyExposer(std::move(impl_->exposer), impl_->host, impl_->port);
}

absl::StatusOr<std::unique_ptr<CoordinatorMetrics>> CoordinatorMetrics::Create(
    const std::string& listen, std::chrono::milliseconds zero_hold) {
  auto impl = std::make_unique<Impl>();
  if (!listen.empty()) {
    const size_t colon = listen.rfind(':');
    const std::string host = colon == std::string::npos ? "" : listen.substr(0, colon);
    const std::string port = colon == std::string::npos ? "" : listen.substr(colon + 1);
    if (host.empty() || port.empty() || port.size() > 5 ||
        port.find_first_not_of("0123456789") != std::string::npos || std::stoi(port) > 65535) {
      return absl::InvalidArgumentError(
          absl::StrCat("metrics listen address must be host:port (got \"", listen, "\")"));
    }
    try {
      impl->exposer = std::make_unique<prometheus::Exposer>(listen, /*num_threads=*/2);
    } catch (const std::exception& e) {
      return absl::UnavailableError(
          absl::StrCat("metrics exposer cannot listen on ", listen, ": ", e.what()));
    }
    const std::vector<int> ports = impl->exposer->GetListeningPorts();
    if (ports.empty()) {
      return absl::UnavailableError(
          absl::StrCat("metrics exposer on ", listen, " reports no listening port"));
    }
    impl->host = host;
    impl->port = ports.front();
    impl->bound_address = absl::StrCat(host, ":", ports.front());
    impl->gate = std::make_shared<FirstScrapeGate>(zero_hold, 2 * zero_hold + kMaxFirstScrapeWait);
    impl->collectable = std::make_shared<GatedCollectable>(impl->registry, impl->gate);
    impl->exposer->RegisterCollectable(impl->collectable);
    impl->exposer->RegisterCollectable(impl->process);
  }
  return std::unique_ptr<CoordinatorMetrics>(new CoordinatorMetrics(std::move(impl)));
}

std::string CoordinatorMetrics::BoundAddress() const { return impl_->bound_address; }

void CoordinatorMetrics::SetBuildInfo(const std::string& version, const std::string& revision,
                                      const std::string& cuda, const std::string& nccl) {
  impl_->build_info
      ->Add({{"version", version}, {"revision", revision}, {"cuda", cuda}, {"nccl", nccl}})
      .Set(1);
}

void CoordinatorMetrics::ExposeKnownSeries(const std::vector<std::string>& kernels,
                                           const std::string& backend) {
  for (const std::string& kernel : kernels) {
    for (v1::JobState state : {v1::SUCCEEDED, v1::FAILED, v1::CANCELLED}) {
      impl_->Count(impl_->jobs,
                   {{"kernel", kernel}, {"backend", backend}, {"state", FinalStateLabel(state)}},
                   0);
    }
  }
}

void CoordinatorMetrics::JobStateChanged(const v1::Job& job) {
  const Labels labels = {{"kernel", job.spec().kernel()}, {"backend", Backend(job)}};
  if (job.state() == v1::RUNNING && job.start_time_unix_ms() >= job.submit_time_unix_ms() &&
      job.submit_time_unix_ms() > 0) {
    impl_->Observe(impl_->queue_wait, labels, JobBuckets(),
                   {(job.start_time_unix_ms() - job.submit_time_unix_ms()) / 1e3});
  }
  const std::string state = FinalStateLabel(job.state());
  if (state.empty() || !impl_->FirstFinal(job.job_id())) return;
  impl_->Count(impl_->jobs, With(labels, "state", state));
  if (job.start_time_unix_ms() > 0 && job.end_time_unix_ms() >= job.start_time_unix_ms()) {
    impl_->Observe(impl_->job_duration, With(labels, "state", state), JobBuckets(),
                   {(job.end_time_unix_ms() - job.start_time_unix_ms()) / 1e3});
  }
}

void CoordinatorMetrics::RowReported(const v1::Job& job, const v1::ResultRow& row,
                                     const std::string& gpu_model) {
  const Labels labels = RowLabels(job, row, gpu_model);
  const Labels eager = With(labels, "mode", "eager");
  const Labels graph = With(labels, "mode", "graph");
  Impl& m = *impl_;
  // A row that failed verification is counted, never published as a figure: its time and
  // bandwidth measured a wrong result (out of place or in place).
  if (row.wrong() > 0 || row.in_place().wrong() > 0) {
    m.Count(m.verification_failures, labels);
    return;
  }

  if (row.samples_us_size() > 0 && row.samples_us_size() == row.sample_iters_size()) {
    // Every timed iteration: each batch's per-op time, once per operation it timed.
    std::vector<double> seconds;
    for (int b = 0; b < row.samples_us_size(); ++b) {
      seconds.insert(seconds.end(), row.sample_iters(b), row.samples_us(b) / 1e6);
    }
    m.Observe(m.kernel_latency, eager, KernelBuckets(), std::move(seconds));
  } else if (row.time_us() > 0) {
    m.Observe(m.kernel_latency, eager, KernelBuckets(), {row.time_us() / 1e6});
  }
  if (row.graph_time_us() > 0) {
    m.Observe(m.kernel_latency, graph, KernelBuckets(), {row.graph_time_us() / 1e6});
  }
  // Bandwidths scale as 1 / time: the graph figures follow from the eager ones.
  if (row.busbw_gbps() > 0) {
    m.busbw->Add(eager).Set(row.busbw_gbps() * 1e9);
    if (row.graph_time_us() > 0 && row.time_us() > 0) {
      m.busbw->Add(graph).Set(row.busbw_gbps() * 1e9 * row.time_us() / row.graph_time_us());
    }
  }
  if (row.algbw_gbps() > 0) {
    m.algbw->Add(eager).Set(row.algbw_gbps() * 1e9);
    if (row.graph_time_us() > 0 && row.time_us() > 0) {
      m.algbw->Add(graph).Set(row.algbw_gbps() * 1e9 * row.time_us() / row.graph_time_us());
    }
  }
  if (row.gemm().tflops() > 0) m.tflops->Add(eager).Set(row.gemm().tflops() * 1e12);
  if (row.speedup() > 0) {
    m.speedup->Add(With(eager, "reference", row.reference())).Set(row.speedup());
  }
  if (row.graph_speedup() > 0) {
    m.speedup->Add(With(graph, "reference", row.graph_reference())).Set(row.graph_speedup());
  }
  if (IsFamily(job.spec().kernel(), OpFamily::kGemmCollective) || row.has_gemm()) {
    m.overlap_efficiency->Add(labels).Set(row.gemm().overlap_efficiency());
  }
  if (row.busbw_fraction() > 0) {
    m.roofline_fraction->Add(With(labels, "what", "busbw")).Set(row.busbw_fraction());
  }
  if (row.tflops_fraction() > 0) {
    m.roofline_fraction->Add(With(labels, "what", "flops")).Set(row.tflops_fraction());
  }
}

void CoordinatorMetrics::SetQueue(int queued, int running) {
  impl_->queue_depth->Set(queued);
  impl_->jobs_running->Set(running);
}

void CoordinatorMetrics::SetDevices(int busy, int free_devices) {
  impl_->devices_busy->Set(busy);
  impl_->devices_free->Set(free_devices);
}

void CoordinatorMetrics::WorkerFailure(const v1::Job& job, const std::string& kind) {
  const std::string k = (kind == "crash" || kind == "timeout") ? kind : "other";
  impl_->Count(impl_->worker_failures,
               {{"kind", k}, {"kernel", job.spec().kernel()}, {"backend", Backend(job)}});
}

void CoordinatorMetrics::StoreOp(const std::string& op, double seconds) {
  impl_->Observe(impl_->store_op_duration, {{"op", op}}, ServiceBuckets(), {seconds});
}

void CoordinatorMetrics::StoreWaitsPending(int delta) {
  impl_->store_waits_pending->Increment(delta);
}

void CoordinatorMetrics::DbWriteFailed(const std::string& operation) {
  impl_->Count(impl_->db_write_failures, {{"operation", operation}});
}

void CoordinatorMetrics::SetDbWritable(bool writable) { impl_->db_writable->Set(writable ? 1 : 0); }

void CoordinatorMetrics::Rpc(const std::string& method, const std::string& code, double seconds) {
  impl_->Count(impl_->rpc_requests, {{"method", method}, {"code", code}});
  impl_->Observe(impl_->rpc_duration, {{"method", method}}, ServiceBuckets(), {seconds});
}

std::string CoordinatorMetrics::Serialize() const {
  std::vector<prometheus::MetricFamily> families =
      impl_->collectable != nullptr ? impl_->collectable->Collect() : impl_->registry->Collect();
  for (prometheus::MetricFamily& f : impl_->process->Collect()) families.push_back(std::move(f));
  return prometheus::TextSerializer().Serialize(families);
}

}  // namespace symmbench
