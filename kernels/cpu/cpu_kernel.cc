// The CPU backend's table of kernel implementations, and page-aligned buffers.
#include "kernels/cpu/cpu_kernel.h"

#include <algorithm>

namespace symmbench {
namespace {

constexpr size_t kPageBytes = 4096;

}  // namespace

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
