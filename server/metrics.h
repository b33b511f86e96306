// CoordinatorMetrics: the coordinator's Prometheus metrics (jobs, result rows, queue, devices,
// worker failures, Store ops, RPCs), served by an optional pull Exposer on /metrics.
#pragma once

#include <chrono>
#include <memory>
#include <string>

#include "absl/status/statusor.h"
#include "proto/symmbench.pb.h"

namespace symmbench {

// Text of a row's size_bucket label: size_bytes (a GEMM + collective row's: the rank's piece of
// the problem, e.g. ag_gemm's A shard) rounded up to a power of two: "512B", "2KiB", "64MiB",
// "1GiB" ("0B" for 0). Never a user-chosen shape: the label's values stay few.
std::string MetricsSizeBucket(const v1::ResultRow& row);

// Every metric is named symmbench_*, in base units (seconds, bytes), counters end in _total.
// Labels have bounded cardinality only (kernel, dtype, world_size, backend, gpu_model,
// size_bucket, mode, ...): never a job id, an error text or anything per job.
//
// Thread-safe: every method may be called from any thread.
class CoordinatorMetrics {
 public:
  // `listen` empty: no HTTP endpoint (Serialize() still works). Otherwise host:port of a pull
  // Exposer serving /metrics; port 0 picks a free one (see BoundAddress()), and a new series
  // stays at zero until a scrape collected it and `zero_hold` passed (FirstScrapeGate's
  // min_zero: every scraper whose interval is at most that sees it at zero). INVALID_ARGUMENT
  // for a malformed address, UNAVAILABLE naming it when it cannot be bound.
  // Do not serve from a process that links cuBLAS (shared notes, bazel-offline.md).
  static absl::StatusOr<std::unique_ptr<CoordinatorMetrics>> Create(
      const std::string& listen, std::chrono::milliseconds zero_hold = {});
  ~CoordinatorMetrics();
  CoordinatorMetrics(const CoordinatorMetrics&) = delete;
  CoordinatorMetrics& operator=(const CoordinatorMetrics&) = delete;

  // "host:PORT" the Exposer listens on (the real port when 0 was asked); "" without one.
  std::string BoundAddress() const;

  // symmbench_build_info (value 1) with what --version says (common/build_info.h: the daemon
  // passes GetBuildInfo()'s fields), never a copy of it. Call once.
  void SetBuildInfo(const std::string& version, const std::string& revision,
                    const std::string& cuda, const std::string& nccl);
  // Series whose labels are known before any job: symmbench_jobs_total of every kernel in
  // `kernels` (the registry's) on `backend` ("cpu", "cuda") in every final state, at zero from
  // the first scrape of every scraper. A series born at a job's end is at zero for one scrape
  // only (server/first_scrape.h): a second Prometheus, or anything else that scrapes first,
  // would see it born holding its count, and increase() and the failure alert miss it.
  void ExposeKnownSeries(const std::vector<std::string>& kernels, const std::string& backend);
  // Every state change of a job (QUEUED .. final). RUNNING observes the job's queue wait;
  // final states (SUCCEEDED, FAILED, CANCELLED) count in symmbench_jobs_total and observe the
  // job's duration, once per job, even if reported twice.
  void JobStateChanged(const v1::Job& job);
  // A result row of `job` (its spec gives kernel, dtype, world_size; job.backend() the
  // backend), measured on GPUs of `gpu_model` (e.g. "NVIDIA H200"; "cpu" on the CPU backend).
  // A row with wrong > 0 only counts in symmbench_verification_failures_total.
  void RowReported(const v1::Job& job, const v1::ResultRow& row, const std::string& gpu_model);
  // Jobs waiting and running now.
  void SetQueue(int queued, int running);
  // Devices held by a job and free now.
  void SetDevices(int busy, int free_devices);
  // A worker of `job` crashed or timed out: `kind` is "crash" or "timeout" (any other text is
  // counted as "other").
  void WorkerFailure(const v1::Job& job, const std::string& kind);
  // One Store operation ("Set", "Get", "Add", "Wait", "CompareSet", "Delete") took `seconds`.
  void StoreOp(const std::string& op, double seconds);
  // Store waits now pending changed by `delta` (+1 when one starts, -1 when it is answered).
  void StoreWaitsPending(int delta);
  // A write to the job database failed; `operation` names it ("next_job_number",
  // "insert_job", "start_job", "launch_id", "placement", "append_row", "finish_job",
  // "update_job", "probe").
  void DbWriteFailed(const std::string& operation);
  // Whether the job database takes writes now (false from a failed write until one succeeds).
  void SetDbWritable(bool writable);
  // One RPC: method name (e.g. "SubmitJob"), status code name (e.g. "OK", "NOT_FOUND").
  void Rpc(const std::string& method, const std::string& code, double seconds);

  // Prometheus text exposition (format 0.0.4) of every metric.
  std::string Serialize() const;

 private:
  struct Impl;
  explicit CoordinatorMetrics(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace symmbench
