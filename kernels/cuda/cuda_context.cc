// The CUDA backend's table of kernel implementations.
#include "kernels/cuda/cuda_context.h"

namespace symmbench {

FactoryTable<CudaCollectiveFactory>& CudaCollectives() {
  static auto* const table = new FactoryTable<CudaCollectiveFactory>();
  return *table;
}

FactoryTable<CudaGemmCollectiveFactory>& CudaGemmCollectives() {
  static auto* const table = new FactoryTable<CudaGemmCollectiveFactory>();
  return *table;
}

}  // namespace symmbench
