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
  const int rank = memory->rank();
  if (faults.skip_peer_wait) {  // signal, and read the peers at once
    for (int p = 0; p < memory->world_size(); ++p) {
      if (p == rank) continue;
      if (absl::Status s = barrier->PutSignal(p, 0); !s.ok()) return s;
    }
    return absl::OkStatus();
  }
  if (absl::Status s = barrier->Sync(0); !s.ok()) return s;
  if (faults.skip_exit_barrier && faults.delayed_rank == rank) {
    std::this_thread::sleep_for(kFaultDelay);
  }
  return absl::OkStatus();
}

absl::Status CpuKernelContext::ExitBarrier() const {
  if (faults.skip_exit_barrier) return absl::OkStatus();
  const int rank = memory->rank();
  if (faults.skip_peer_wait) {  // the entry signals not waited for, then the exit barrier
    for (int p = 0; p < memory->world_size(); ++p) {
      if (p == rank) continue;
      if (absl::Status s = barrier->WaitSignal(p, 0); !s.ok()) return s;
    }
  }
  if (absl::Status s = barrier->Sync(0); !s.ok()) return s;
  if (faults.skip_peer_wait && faults.delayed_rank == rank) {
    std::this_thread::sleep_for(kFaultDelay);
  }
  return absl::OkStatus();
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
