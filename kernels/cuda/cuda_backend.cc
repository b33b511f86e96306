// CreateCudaBackend: device selection, stream, NCCL communicator, symmetric memory, output
// buffers, timers, a deadline-bounded Synchronize and CUDA-graph capture; the kernels come from
// CudaCollectives() (cuda_context.h).
#include "kernels/cuda/cuda_backend.h"

#include <cuda_runtime_api.h>
#include <nccl.h>

#include <chrono>
#include <cstdlib>
#include <functional>
#include <memory>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "kernels/cuda/batch_start.h"
#include "kernels/cuda/cuda_check.h"
#include "kernels/cuda/cuda_context.h"
#include "kernels/cuda/cuda_graph.h"
#include "kernels/cuda/cuda_owners.h"
#include "kernels/cuda/cuda_symm_mem.h"
#include "kernels/cuda/delay_kernel.h"
#include "kernels/cuda/device_compare.h"
#include "kernels/cuda/device_types.h"
#include "kernels/cuda/nccl_config.h"
#include "kernels/cuda/nccl_job_all_reduce.h"
#include "kernels/cuda/nccl_rendezvous.h"
#include "kernels/cuda/nccl_symmetric_windows.h"
#include "kernels/cuda/peer_error_records.h"
#include "kernels/cuda/plugin_collective.h"
#include "kernels/symm_mem_layout.h"

namespace symmbench {
namespace {

// Sleep between cudaStreamQuery polls: short against a batch's run time, long enough not to
// burn a core (a blocking sync would have no deadline).
constexpr std::chrono::microseconds kPollInterval{30};
// Device barriers wait options.timeout / this, so a hung peer surfaces as a named barrier
// timeout (rank, peer, block) before the host deadline fires.
constexpr int64_t kBarrierTimeoutDivisor = 2;
// A stream still busy after kAbortPollAfter also has its rank's error record read, every
// kAbortPollInterval (a 32-byte copy on the side stream): work that polls no record (NCCL's
// kernels, stream waits) then stops at a peer's abort instead of at the deadline. Most
// batches drain before the first read.
constexpr std::chrono::milliseconds kAbortPollAfter{50};
constexpr std::chrono::milliseconds kAbortPollInterval{1};

size_t RoundUp(size_t n, size_t to) { return (n + to - 1) / to * to; }

const char* PhaseName(int32_t phase) {
  return phase == static_cast<int32_t>(BarrierPhase::kEntry) ? "entry" : "exit";
}

class CudaTimer final : public Timer {
 public:
  CudaTimer(int device, cudaStream_t stream) : device_(device), stream_(stream) {
    status_ = CudaStatus(cudaSetDevice(device_), "cudaSetDevice");
    // Released on whatever device is current then (kCurrentDevice), as before.
    if (status_.ok()) {
      status_ = CudaStatus(CreateTimingEvent(kCurrentDevice, &start_), "cudaEventCreate(start)");
    }
    if (status_.ok()) {
      status_ = CudaStatus(CreateTimingEvent(kCurrentDevice, &stop_), "cudaEventCreate(stop)");
    }
  }
  absl::Status Start() override { return Record(start_.get(), "cudaEventRecord(start)"); }
  absl::Status Stop() override { return Record(stop_.get(), "cudaEventRecord(stop)"); }
  absl::StatusOr<double> ElapsedUs() override {
    if (!status_.ok()) return status_;
    float ms = 0.0f;
    const cudaError_t err = cudaEventElapsedTime(&ms, start_.get(), stop_.get());
    if (err == cudaErrorNotReady) {
      (void)cudaGetLastError();
      return absl::FailedPreconditionError(
          "Timer::ElapsedUs: events not completed (call Backend::Synchronize first)");
    }
    SYMMBENCH_RETURN_IF_CUDA_ERROR(err, "cudaEventElapsedTime");
    return static_cast<double>(ms) * 1000.0;
  }

 private:
  absl::Status Record(cudaEvent_t event, const char* what) {
    if (!status_.ok()) return status_;
    SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaSetDevice(device_), "cudaSetDevice");
    return CudaStatus(cudaEventRecord(event, stream_), what);
  }

  const int device_;
  const cudaStream_t stream_;
  absl::Status status_;
  // Declared in reverse: start_ is destroyed first, then stop_.
  EventPtr stop_;
  EventPtr start_;
};

class CudaBackend final : public Backend {
 public:
  explicit CudaBackend(const BackendOptions& options) : options_(options) {
    ctx_.rank = options.rank;
    ctx_.world_size = options.world_size;
    ctx_.device = options.device;
    ctx_.misalign_bytes = options.misalign_bytes;
    ctx_.barrier_timeout_ns = static_cast<uint64_t>(
        std::chrono::duration_cast<std::chrono::nanoseconds>(options.timeout).count() /
        kBarrierTimeoutDivisor);
    ctx_.faults.skip_exit_barrier = options.faults.skip_exit_barrier ? 1 : 0;
    ctx_.faults.skip_peer_wait = options.faults.skip_peer_wait ? 1 : 0;
    ctx_.faults.reuse_slot_early = options.faults.reuse_slot_early ? 1 : 0;
    ctx_.faults.delayed_rank = options.faults.delayed_rank;
    ctx_.faults.delay_ns = static_cast<uint64_t>(
        std::chrono::duration_cast<std::chrono::nanoseconds>(kDeviceFaultDelay).count());
  }

  absl::Status Init(Rendezvous* rendezvous) {
    // Each handle is lent to ctx_ as soon as its owner holds it, also on an error return.
    SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaSetDevice(ctx_.device),
                                   absl::StrCat("cudaSetDevice(", ctx_.device, ")"));
    const cudaError_t stream_created = CreateStream(ctx_.device, cudaStreamNonBlocking, &stream_);
    ctx_.stream = stream_.get();
    SYMMBENCH_RETURN_IF_CUDA_ERROR(stream_created, "cudaStreamCreateWithFlags(non-blocking)");
    SYMMBENCH_RETURN_IF_CUDA_ERROR(CreateStream(ctx_.device, cudaStreamNonBlocking, &abort_stream_),
                                   "cudaStreamCreateWithFlags(abort stream)");
    const cudaError_t error_allocated =
        DeviceMalloc(ctx_.device, sizeof(DeviceErrorRecord), &error_);
    ctx_.error = error_.get();
    SYMMBENCH_RETURN_IF_CUDA_ERROR(error_allocated, "cudaMalloc(error record)");
    SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaMemset(ctx_.error, 0, sizeof(DeviceErrorRecord)),
                                   "cudaMemset(error record)");
    absl::StatusOr<std::unique_ptr<DeferredChecks>> deferred = DeferredChecks::Create(ctx_.device);
    if (!deferred.ok()) return deferred.status();
    deferred_checks_ = *std::move(deferred);
    ctx_.deferred_checks = deferred_checks_.get();
    absl::StatusOr<BatchStart> batch_start = BatchStart::Create();
    if (!batch_start.ok()) return batch_start.status();
    batch_start_ = std::make_unique<BatchStart>(*std::move(batch_start));
    SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaDeviceSynchronize(), "cudaDeviceSynchronize(init)");

    ncclComm_t comm = nullptr;
    const absl::Status comm_created =
        NcclCommOverRendezvous(rendezvous, "nccl_unique_id", "backend", &comm);
    // Owned whatever the status (a communicator returned with an error is destroyed too).
    if (comm != nullptr) comm_ = NcclCommPtr(comm, NcclCommDeleter{ctx_.device});
    ctx_.comm = comm_.get();
    if (!comm_created.ok()) return comm_created;

    // kSymmRegions regions of max_bytes (cuda_context.h): the input, and the output peers push to.
    absl::StatusOr<std::unique_ptr<CudaSymmetricMemory>> symm = CudaSymmetricMemory::Create(
        static_cast<size_t>(options_.max_bytes), kSymmRegions, rendezvous, "cuda_symm_mem_handles");
    if (!symm.ok()) return symm.status();
    symm_ = *std::move(symm);
    ctx_.symm = symm_.get();
    // Every rank's error record mapped here, for Abort (zeroed above, before the exchange).
    absl::StatusOr<std::unique_ptr<PeerErrorRecords>> records =
        PeerErrorRecords::Create(ctx_.device, ctx_.error, rendezvous, "error_record_handles");
    if (!records.ok()) return records.status();
    peer_records_ = *std::move(records);
    ctx_.rendezvous = rendezvous;
    // Allocated and registered with NCCL on first use (the first all-reduce Prepare).
    nccl_windows_ =
        std::make_unique<NcclSymmetricWindows>(&ctx_, static_cast<size_t>(options_.max_bytes));
    ctx_.nccl_windows = nccl_windows_.get();

    ctx_.out_bytes = RoundUp(static_cast<size_t>(options_.max_bytes), kBufferAlignment);
    const cudaError_t out_allocated = DeviceMalloc(ctx_.device, ctx_.out_bytes, &out_);
    ctx_.out = out_.get();
    SYMMBENCH_RETURN_IF_CUDA_ERROR(out_allocated,
                                   absl::StrCat("cudaMalloc(out, ", ctx_.out_bytes, " bytes)"));
    const cudaError_t ref_allocated = DeviceMalloc(ctx_.device, ctx_.out_bytes, &ref_);
    ctx_.ref = ref_.get();
    SYMMBENCH_RETURN_IF_CUDA_ERROR(ref_allocated,
                                   absl::StrCat("cudaMalloc(ref, ", ctx_.out_bytes, " bytes)"));
    return absl::OkStatus();
  }

  // Before the owners below are released: drain the stream, or abort the communicator if it
  // does not drain (the windows then only free their memory).
  ~CudaBackend() override {
    (void)cudaSetDevice(ctx_.device);
    const bool drained = ctx_.stream == nullptr || WaitForStream().ok();
    if (!drained) AbortComm();
  }

  std::string name() const override { return "cuda"; }
  DeviceIdentity device_identity() const override {
    DeviceIdentity identity;
    cudaDeviceProp prop{};
    if (cudaGetDeviceProperties(&prop, ctx_.device) == cudaSuccess) identity.name = prop.name;
    char bus_id[32] = {};
    if (cudaDeviceGetPCIBusId(bus_id, sizeof(bus_id), ctx_.device) == cudaSuccess) {
      identity.bus_id = bus_id;
    }
    size_t free_bytes = 0;
    size_t total_bytes = 0;
    if (cudaSetDevice(ctx_.device) == cudaSuccess &&
        cudaMemGetInfo(&free_bytes, &total_bytes) == cudaSuccess) {
      identity.memory_used_bytes = static_cast<int64_t>(total_bytes - free_bytes);
    }
    (void)cudaGetLastError();  // a failed query above leaves nothing behind
    return identity;
  }
  int rank() const override { return ctx_.rank; }
  int world_size() const override { return ctx_.world_size; }
  std::string reference_config() const override { return reference_config_; }

  absl::Status Synchronize() override {
    SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaSetDevice(ctx_.device), "cudaSetDevice");
    absl::Status waited = WaitForStream();
    if (!waited.ok()) return waited;
    return ReadErrorRecord();
  }

  std::unique_ptr<Timer> NewTimer() override {
    return std::make_unique<CudaTimer>(ctx_.device, ctx_.stream);
  }
  absl::Status HoldBatchStart() override {
    SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaSetDevice(ctx_.device), "cudaSetDevice");
    return batch_start_->Hold(ctx_);
  }
  absl::Status ReleaseBatchStart() override { return batch_start_->Release(); }

  absl::StatusOr<std::unique_ptr<Collective>> CreateCollective(const std::string& kernel) override {
    const CudaCollectiveFactory factory = CudaCollectives().Find(kernel);
    if (factory == nullptr) {
      return absl::NotFoundError(absl::StrCat("cuda backend: unknown kernel \"", kernel,
                                              "\" (known: ", absl::StrJoin(CudaKernelNames(), ", "),
                                              ")"));
    }
    return factory(&ctx_);
  }

  absl::StatusOr<std::unique_ptr<Collective>> CreatePluginCollective(
      const PluginKernel& kernel) override {
    if (kernel.library->plugin().backend != SYMMBENCH_BACKEND_CUDA) {
      return absl::FailedPreconditionError(
          absl::StrCat(kernel.name, ": the library is not built for the CUDA backend (",
                       kernel.library->path(), ")"));
    }
    return NewPluginCollectiveCuda(&ctx_, kernel);
  }

  absl::StatusOr<std::unique_ptr<GemmCollective>> CreateGemmCollective(
      const std::string& kernel) override {
    const CudaGemmCollectiveFactory factory = CudaGemmCollectives().Find(kernel);
    if (factory == nullptr) {
      return absl::NotFoundError(
          absl::StrCat("cuda backend: unknown GEMM op \"", kernel,
                       "\" (known: ", absl::StrJoin(CudaGemmCollectives().Names(), ", "), ")"));
    }
    return factory(&ctx_);
  }

  absl::StatusOr<JobAllReduce> CreateJobAllReduce(Rendezvous* job) override {
    absl::StatusOr<std::unique_ptr<Collective>> op =
        NewNcclJobAllReduce(&ctx_, job, static_cast<size_t>(options_.max_bytes));
    if (!op.ok()) return op.status();
    return JobAllReduce{"nccl_all_reduce_global", *std::move(op)};
  }

  absl::Status InjectDelay(double us) override {
    if (!(us >= 0)) {
      return absl::InvalidArgumentError(
          absl::StrCat("InjectDelay: us must be >= 0 (got ", us, ")"));
    }
    SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaSetDevice(ctx_.device), "cudaSetDevice");
    return CudaStatus(LaunchDelayKernel(static_cast<uint64_t>(us * 1000.0), ctx_.stream),
                      "LaunchDelayKernel (fault injection)");
  }

  bool DeferChecks(bool on) override {
    deferred_checks_->set_on(on);
    return true;
  }

  absl::StatusOr<CheckResult> TakeDeferredChecks() override {
    SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaSetDevice(ctx_.device), "cudaSetDevice");
    return deferred_checks_->Take(ctx_.stream);
  }

  absl::StatusOr<std::unique_ptr<Graph>> CaptureGraph(const std::function<absl::Status()>& body,
                                                      int repeats) override {
    return CaptureCudaGraph(ctx_.device, ctx_.stream, body, repeats);
  }

  // Writes "rank gave up" into every rank's error record (PeerErrorRecords::WriteAbort) on the
  // side stream, so that no copy waits behind this rank's own stuck work: the peers' device
  // waits, which poll their record's flag, stop within microseconds (signal_pad.cuh), and their
  // hosts' Synchronize stops waiting on NCCL too. Best effort.
  void Abort() override {
    if (peer_records_ == nullptr || cudaSetDevice(ctx_.device) != cudaSuccess) return;
    (void)peer_records_->WriteAbort(ctx_.rank, abort_stream_.get());
    (void)cudaGetLastError();
  }

 private:
  // Polls the stream until it drains or options.timeout passes; on the deadline, an NCCL
  // asynchronous error or a peer's abort (read after kAbortPollAfter), aborts the communicator
  // (its kernels then exit; ours stop at the error record's flag, or time out by themselves
  // after barrier_timeout_ns).
  absl::Status WaitForStream() {
    const auto start = std::chrono::steady_clock::now();
    const auto deadline = start + options_.timeout;
    auto next_abort_poll = start + kAbortPollAfter;
    while (true) {
      const cudaError_t err = cudaStreamQuery(ctx_.stream);
      if (err == cudaSuccess) return absl::OkStatus();
      if (err != cudaErrorNotReady) {
        return CudaStatus(err, "cudaStreamQuery (an enqueued operation failed)");
      }
      if (ctx_.comm != nullptr) {
        ncclResult_t async = ncclSuccess;
        const ncclResult_t got = ncclCommGetAsyncError(ctx_.comm, &async);
        if (got != ncclSuccess || (async != ncclSuccess && async != ncclInProgress)) {
          absl::Status status =
              NcclStatus(got != ncclSuccess ? got : async,
                         "NCCL asynchronous error (communicator aborted)", ctx_.comm);
          AbortComm();
          return status;
        }
      }
      if (std::chrono::steady_clock::now() >= next_abort_poll) {
        next_abort_poll += kAbortPollInterval;
        if (const int32_t by = AbortedBy(); by != 0) {
          AbortComm();
          return absl::AbortedError(absl::StrCat("rank ", by - 1, " gave up; rank ", ctx_.rank,
                                                 " stopped waiting for its stream"));
        }
      }
      if (std::chrono::steady_clock::now() >= deadline) {
        AbortComm();
        return absl::DeadlineExceededError(
            absl::StrCat("Synchronize: rank ", ctx_.rank, "'s stream not done after ",
                         options_.timeout.count(), " ms; NCCL communicator aborted"));
      }
      std::this_thread::sleep_for(kPollInterval);
    }
  }

  void AbortComm() {
    if (ctx_.comm == nullptr) return;
    AbortNcclComm(&comm_);
    ctx_.comm = nullptr;
  }

  // p + 1 once rank p gave up (this rank's error record, read on the side stream), else 0.
  int32_t AbortedBy() {
    return peer_records_ == nullptr ? 0 : peer_records_->AbortedBy(abort_stream_.get());
  }

  // The stream has drained: ABORTED if a device wait stopped because a rank gave up, INTERNAL
  // if one timed out (both sticky).
  absl::Status ReadErrorRecord() {
    DeviceErrorRecord record;
    SYMMBENCH_RETURN_IF_CUDA_ERROR(
        cudaMemcpyAsync(&record, ctx_.error, sizeof(record), cudaMemcpyDeviceToHost, ctx_.stream),
        "cudaMemcpyAsync(error record)");
    SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaStreamSynchronize(ctx_.stream),
                                   "cudaStreamSynchronize(error record)");
    if (record.flag == 0) return absl::OkStatus();
    if (record.aborted_by != 0) {
      return absl::AbortedError(
          absl::StrCat("rank ", record.aborted_by - 1, " gave up; rank ", ctx_.rank,
                       "'s device waits stopped; the symmetric memory is now unusable, "
                       "recreate the backend"));
    }
    if (record.phase == static_cast<int32_t>(BarrierPhase::kProgressFlag)) {
      return absl::InternalError(
          absl::StrCat("progress flag wait timed out: rank ", record.rank, " waiting for flag ",
                       record.peer, " (block ", record.block,
                       "); its GEMM read rows that had not arrived, recreate the backend"));
    }
    return absl::InternalError(
        absl::StrCat("signal-pad barrier timed out: rank ", record.rank, " waiting for rank ",
                     record.peer, " (block ", record.block, ", ", PhaseName(record.phase),
                     "); the symmetric memory is now unusable, recreate the backend"));
  }

  const BackendOptions options_;
  const std::string reference_config_ = NcclConfig();  // the environment is read once
  // Borrowed handles of the owners below (Init fills it); declared first, so it outlives them
  // (the windows read ctx_.comm and ctx_.device when released).
  CudaContext ctx_;
  // Released after the destructor's drain, on ctx_.device, in reverse declaration order: the
  // windows (deregistered while the communicator is alive, then freed), the communicator
  // (ncclCommDestroy unless aborted), the symmetric memory (the peers' IPC mappings closed, this
  // rank's buffer and pad freed), the peers' error records, ref, out, this rank's error record,
  // the streams.
  StreamPtr stream_;
  StreamPtr abort_stream_;  // Abort's copies and the error-record reads, beside stuck work
  DevicePtr<DeviceErrorRecord> error_;
  std::unique_ptr<DeferredChecks> deferred_checks_;
  std::unique_ptr<BatchStart> batch_start_;
  DevicePtr<void> out_;
  DevicePtr<void> ref_;
  std::unique_ptr<PeerErrorRecords> peer_records_;  // every rank's error record, mapped
  std::unique_ptr<CudaSymmetricMemory> symm_;
  NcclCommPtr comm_;
  std::unique_ptr<NcclSymmetricWindows> nccl_windows_;
};

}  // namespace

std::vector<std::string> CudaKernelNames() { return CudaCollectives().Names(); }

absl::StatusOr<std::unique_ptr<Backend>> CreateCudaBackend(const BackendOptions& options,
                                                           Rendezvous* rendezvous) {
  if (rendezvous == nullptr) return absl::InvalidArgumentError("cuda backend: null rendezvous");
  if (options.world_size < 1 || options.world_size > kMaxWorldSize || options.rank < 0 ||
      options.rank >= options.world_size || rendezvous->rank() != options.rank ||
      rendezvous->world_size() != options.world_size) {
    return absl::InvalidArgumentError(
        absl::StrCat("cuda backend: rank ", options.rank, " of world size ", options.world_size,
                     " (rendezvous: rank ", rendezvous->rank(), " of ", rendezvous->world_size(),
                     "); want matching values with world size in [1, ", kMaxWorldSize, "]"));
  }
  if (options.max_bytes <= 0 || options.timeout.count() <= 0) {
    return absl::InvalidArgumentError(
        absl::StrCat("cuda backend: max_bytes and timeout must be positive (got ",
                     options.max_bytes, " bytes, ", options.timeout.count(), " ms)"));
  }
  // Before anything can load NCCL's configuration: NVLink multicast (NVLS) must stay off.
  if (setenv("NCCL_NVLS_ENABLE", "0", /*overwrite=*/1) != 0) {
    return absl::InternalError("cuda backend: setenv(NCCL_NVLS_ENABLE=0) failed");
  }
  int count = 0;
  const cudaError_t err = cudaGetDeviceCount(&count);
  if (err != cudaSuccess || count == 0) {
    (void)cudaGetLastError();
    return absl::UnavailableError(
        absl::StrCat("cuda backend: no usable CUDA device (cudaGetDeviceCount: ",
                     err != cudaSuccess ? cudaGetErrorString(err) : "0 devices", ")"));
  }
  if (options.device < 0 || options.device >= count) {
    return absl::InvalidArgumentError(absl::StrCat("cuda backend: device must be in [0, ", count,
                                                   ") (got ", options.device, ")"));
  }
  auto backend = std::make_unique<CudaBackend>(options);
  absl::Status status = backend->Init(rendezvous);
  if (!status.ok()) return status;
  return std::unique_ptr<Backend>(std::move(backend));
}

}  // namespace symmbench
