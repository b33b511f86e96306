// The CPU backend: one rank per process (or thread, in tests) over POSIX shared memory, host
// clock timers, synchronous work; the kernels come from CpuCollectives() (cpu_kernel.h).
#include <chrono>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "kernels/backend.h"
#include "kernels/cpu/cpu_barrier.h"
#include "kernels/cpu/cpu_kernel.h"
#include "kernels/cpu/plugin_cpu.h"
#include "kernels/cpu/shm_symm_mem.h"
#include "kernels/cpu/store_all_reduce_cpu.h"

namespace symmbench {
namespace {

// Host steady clock; work is synchronous, so Stop's time is the end of the work.
class CpuTimer : public Timer {
 public:
  absl::Status Start() override {
    start_ = Clock::now();
    started_ = true;
    stopped_ = false;
    return absl::OkStatus();
  }
  absl::Status Stop() override {
    if (!started_) return absl::FailedPreconditionError("cpu timer: Stop before Start");
    stop_ = Clock::now();
    stopped_ = true;
    return absl::OkStatus();
  }
  absl::StatusOr<double> ElapsedUs() override {
    if (!stopped_) {
      return absl::FailedPreconditionError("cpu timer: ElapsedUs before Start and Stop");
    }
    return std::chrono::duration<double, std::micro>(stop_ - start_).count();
  }

 private:
  using Clock = std::chrono::steady_clock;
  Clock::time_point start_;
  Clock::time_point stop_;
  bool started_ = false;
  bool stopped_ = false;
};

class CpuBackend : public Backend {
 public:
  CpuBackend(std::unique_ptr<ShmSymmetricMemory> memory, std::chrono::milliseconds timeout,
             Rendezvous* rendezvous, std::string job_id, PageBuffer output, PageBuffer reference,
             int64_t misalign_bytes, KernelFaults faults)
      : memory_(std::move(memory)),
        barrier_(memory_.get(), timeout, memory_->abort_word()),
        rendezvous_(rendezvous),
        job_id_(std::move(job_id)),
        output_(std::move(output)),
        reference_(std::move(reference)),
        misalign_bytes_(misalign_bytes),
        faults_(faults) {}

  std::string name() const override { return "cpu"; }
  DeviceIdentity device_identity() const override {
    DeviceIdentity identity;
    identity.name = "cpu-slot";
    identity.memory_used_bytes =
        static_cast<int64_t>(3 * memory_->buffer_bytes() + kSignalPadBytes);
    return identity;
  }
  int rank() const override { return memory_->rank(); }
  int world_size() const override { return memory_->world_size(); }
  // Every operation has completed when its call returns.
  absl::Status Synchronize() override { return absl::OkStatus(); }
  std::unique_ptr<Timer> NewTimer() override { return std::make_unique<CpuTimer>(); }
  // Operations run on this thread: nothing is queued, only the ranks meet.
  absl::Status HoldBatchStart() override { return barrier_.Sync(0); }
  absl::Status ReleaseBatchStart() override { return absl::OkStatus(); }

  // The Collective borrows the backend's memory and barrier: destroy it before the backend.
  absl::StatusOr<std::unique_ptr<Collective>> CreateCollective(const std::string& kernel) override {
    if (CpuCollectiveFactory factory = CpuCollectives().Find(kernel); factory != nullptr) {
      return factory(Context());
    }
    return absl::NotFoundError(
        absl::StrCat("cpu backend: no CPU implementation of kernel \"", kernel,
                     "\" (known: ", absl::StrJoin(CpuKernelNames(), ", "), ")"));
  }

  // Borrows the backend's memory and barrier, like a Collective: destroy it first.
  absl::StatusOr<std::unique_ptr<GemmCollective>> CreateGemmCollective(
      const std::string& kernel) override {
    if (CpuGemmCollectiveFactory factory = CpuGemmCollectives().Find(kernel); factory != nullptr) {
      return factory(Context());
    }
    return absl::NotFoundError(
        absl::StrCat("cpu backend: no CPU implementation of GEMM op \"", kernel,
                     "\" (known: ", absl::StrJoin(CpuGemmCollectives().Names(), ", "), ")"));
  }

  // Borrows the backend's memory and barrier, like a Collective: destroy it first.
  absl::StatusOr<std::unique_ptr<Collective>> CreatePluginCollective(
      const PluginKernel& kernel) override {
    if (kernel.library->plugin().backend != SYMMBENCH_BACKEND_CPU) {
      return absl::FailedPreconditionError(
          absl::StrCat(kernel.name, ": the library is not built for the CPU backend (",
                       kernel.library->path(), ")"));
    }
    return NewPluginCollectiveCpu(Context(), kernel);
  }

  absl::StatusOr<JobAllReduce> CreateJobAllReduce(Rendezvous* job) override {
    if (job == nullptr) return absl::InvalidArgumentError("cpu backend: job rendezvous is null");
    return JobAllReduce{"store_all_reduce", NewStoreAllReduceCpu(job)};
  }

  void Abort() override { memory_->Abort(); }

 private:
  CpuKernelContext Context() {
    return CpuKernelContext{memory_.get(), &barrier_,        rendezvous_,     job_id_,
                            output_.get(), reference_.get(), misalign_bytes_, faults_};
  }

  std::unique_ptr<ShmSymmetricMemory> memory_;
  CpuBarrier barrier_;            // shared by this rank's collectives, which run one at a time
  Rendezvous* const rendezvous_;  // the job's; outlives the backend
  const std::string job_id_;
  PageBuffer output_;     // every collective's private output (CpuKernelContext::output)
  PageBuffer reference_;  // and reference
  const int64_t misalign_bytes_;
  const KernelFaults faults_;
};

}  // namespace

std::vector<std::string> CpuKernelNames() { return CpuCollectives().Names(); }

absl::StatusOr<std::unique_ptr<Backend>> CreateCpuBackend(const BackendOptions& options,
                                                          Rendezvous* rendezvous) {
  if (rendezvous == nullptr) return absl::InvalidArgumentError("cpu backend: rendezvous is null");
  if (options.rank != rendezvous->rank() || options.world_size != rendezvous->world_size()) {
    return absl::InvalidArgumentError(absl::StrCat(
        "cpu backend: options say rank ", options.rank, " of ", options.world_size,
        ", the rendezvous says rank ", rendezvous->rank(), " of ", rendezvous->world_size()));
  }
  if (options.timeout.count() <= 0) {
    return absl::InvalidArgumentError(
        absl::StrCat("cpu backend: timeout must be > 0 ms (got ", options.timeout.count(), ")"));
  }
  auto memory = ShmSymmetricMemory::Create(rendezvous, options.job_id, options.max_bytes);
  if (!memory.ok()) return memory.status();
  const size_t bytes = (*memory)->buffer_bytes();
  PageBuffer output = AllocatePages(bytes);
  PageBuffer reference = AllocatePages(bytes);
  if (output == nullptr || reference == nullptr) {
    return absl::ResourceExhaustedError(
        absl::StrCat("cpu backend: cannot allocate 2 x ", bytes, " bytes of private buffers"));
  }
  return std::unique_ptr<Backend>(new CpuBackend(
      *std::move(memory), options.timeout, rendezvous, options.job_id, std::move(output),
      std::move(reference), options.misalign_bytes, options.faults));
}

}  // namespace symmbench
