// The CPU backend's table of kernel implementations, page-aligned buffers, and the kernels'
// entry and exit barriers.
#include "kernels/cpu/cpu_kernel.h"

#include <algorithm>
#include <thread>

namespace symmbench {
namespace {

constexpr size_t kPageBytes = 4096;

}  // namespace

absl::Status CpuKernelContext::EntryBarrier() const {
  if (absl::Status s = barrier->Sync(0); !s.ok()) return s;
  if (faults.skip_exit_barrier && faults.delayed_rank == memory->rank()) {
    std::this_thread::sleep_for(kFaultDelay);
  }
  return absl::OkStatus();
}

absl::Status CpuKernelContext::ExitBarrier() const {
  if (faults.skip_exit_barrier) return absl::OkStatus();
  return barrier->Sync(0);
}

PageBuffer AllocatePages(size_t bytes) {
  const size_t page_bytes = (std::max<size_t>(bytes, 1) + kPageBytes - 1) / kPageBytes * kPageBytes;
  return PageBuffer(static_cast<unsigned char*>(std::aligned_alloc(kPageBytes, page_bytes)));
}

FactoryTable<CpuCollectiveFactory>& CpuCollectives() {
  static auto* const table = new FactoryTable<CpuCollectiveFactory>();
  return *table;
}

FactoryTable<CpuGemmCollectiveFactory>& CpuGemmCollectives() {
  static auto* const table = new FactoryTable<CpuGemmCollectiveFactory>();
  return *table;
}

}  // namespace symmbench
