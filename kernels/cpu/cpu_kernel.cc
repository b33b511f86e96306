// The CPU backend's table of kernel implementations.
#include "kernels/cpu/cpu_kernel.h"

namespace symmbench {

FactoryTable<CpuCollectiveFactory>& CpuCollectives() {
  static auto* const table = new FactoryTable<CpuCollectiveFactory>();
  return *table;
}

FactoryTable<CpuGemmCollectiveFactory>& CpuGemmCollectives() {
  static auto* const table = new FactoryTable<CpuGemmCollectiveFactory>();
  return *table;
}

}  // namespace symmbench
