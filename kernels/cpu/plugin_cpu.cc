// The CPU backend's plugin collective: SweptCpuCollective with the plugin's run.
#include "kernels/cpu/plugin_cpu.h"

#include <chrono>
#include <string>
#include <utility>

#include "absl/strings/str_cat.h"
#include "kernels/cpu/shm_symm_mem.h"
#include "kernels/cpu/swept_cpu_collective.h"

namespace symmbench {
namespace {

// What the plugin collective holds: the op, its scratch segment and its set-up instance. A base
// class listed before SweptCpuCollective, so that the name that base borrows lives.
class PluginCpuState {
 protected:
  PluginCpuState(const CpuKernelContext& context, const PluginKernel& kernel)
      : context_(context), kernel_(kernel) {}

  // Allocates the scratch (first call) and sets the op up for `dtype` (again when it changes).
  absl::Status SetUp(DType dtype) {
    if (instance_ != nullptr && instance_->dtype() == dtype) return absl::OkStatus();
    instance_.reset();  // teardown of the other dtype's set-up
    const ShmSymmetricMemory& memory = *context_.memory;
    const PluginScratch scratch = PluginScratchFor(*kernel_.op, memory.buffer_bytes());
    const uint64_t bytes = scratch.buffer_bytes + scratch.signal_pad_bytes;
    if (bytes > 0 && scratch_ == nullptr) {
      absl::StatusOr<std::unique_ptr<ShmSymmetricMemory>> created = ShmSymmetricMemory::Create(
          context_.rendezvous,
          context_.rendezvous->UniqueTag(absl::StrCat(context_.job_id, "-", kernel_.name)),
          static_cast<int64_t>(bytes));
      if (!created.ok()) return PluginScratchError(kernel_, bytes, created.status());
      scratch_ = *std::move(created);
    }
    PluginRankView view;
    view.rank = memory.rank();
    view.world_size = memory.world_size();
    view.device = memory.rank();
    view.backend = SYMMBENCH_BACKEND_CPU;
    view.input_bytes = memory.buffer_bytes();
    for (int p = 0; p < memory.world_size(); ++p) {
      view.AddRank(memory.buffer(p), scratch_ != nullptr ? scratch_->buffer(p) : nullptr, scratch);
    }
    view.timeout_ns = static_cast<uint64_t>(
        std::chrono::duration_cast<std::chrono::nanoseconds>(context_.barrier->timeout()).count());
    view.abort_word = memory.abort_word();
    absl::StatusOr<std::unique_ptr<PluginOpInstance>> instance = PluginOpInstance::SetUp(
        kernel_, std::move(view), static_cast<int64_t>(memory.buffer_bytes() / DTypeSize(dtype)),
        dtype);
    if (!instance.ok()) return instance.status();
    instance_ = *std::move(instance);
    return absl::OkStatus();
  }

  absl::Status RunPlugin(void* output, int64_t count) {
    if (instance_ == nullptr) {
      return absl::FailedPreconditionError(absl::StrCat(kernel_.name, ": Run before Prepare"));
    }
    return instance_->Run(context_.memory->buffer(context_.memory->rank()), output, count);
  }

  const CpuKernelContext context_;
  const PluginKernel kernel_;
  std::unique_ptr<ShmSymmetricMemory> scratch_;
  std::unique_ptr<PluginOpInstance> instance_;  // torn down before the scratch goes
};

// Any shape SweptCpuCollective takes (kernel.computes): Run hands the plugin this rank's input
// and output() (in place, the in-place output) and Prepare's count.
class PluginCpu final : private PluginCpuState, public SweptCpuCollective {
 public:
  PluginCpu(const CpuKernelContext& context, const PluginKernel& kernel)
      : PluginCpuState(context, kernel),
        SweptCpuCollective(context, kernel_.name.c_str(), kernel.computes) {}
  absl::Status Run() override {
    if (absl::Status s = CheckPrepared("Run"); !s.ok()) return s;
    return RunPlugin(output(), count());
  }
  // The op's flag, and what its shape allows (an all-gather sums nothing).
  bool sums_in_rank_order() const override {
    return kernel_.sums_in_rank_order() && SweptCpuCollective::sums_in_rank_order();
  }

 private:
  absl::Status EnsureResources(DType dtype) override { return SetUp(dtype); }
};

}  // namespace

std::unique_ptr<Collective> NewPluginCollectiveCpu(const CpuKernelContext& context,
                                                   const PluginKernel& kernel) {
  return std::make_unique<PluginCpu>(context, kernel);
}

}  // namespace symmbench
