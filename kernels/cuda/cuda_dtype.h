// DType (kernels/dtype.h) -> the element-type codes of the .cu launchers (DeviceDType) and of
// NCCL (ncclDataType_t): the one conversion point for the CUDA backend's host code.
#pragma once

#include <nccl.h>

#include "kernels/cuda/device_types.h"
#include "kernels/dtype.h"

namespace symmbench {

inline DeviceDType ToDeviceDType(DType dtype) {
  switch (dtype) {
    case DType::kBf16: return DeviceDType::kBf16;
    case DType::kFp16: return DeviceDType::kFp16;
    case DType::kFp32: return DeviceDType::kFp32;
    case DType::kFp8E4m3:
      return DeviceDType::kFp8E4m3;
  }
  return DeviceDType::kFp32;
}

inline ncclDataType_t ToNcclDType(DType dtype) {
  switch (dtype) {
    case DType::kBf16: return ncclBfloat16;
    case DType::kFp16: return ncclFloat16;
    case DType::kFp32: return ncclFloat32;
    case DType::kFp8E4m3:
      return ncclFloat8e4m3;  // moved, never reduced (the GEMM ops' A)
  }
  return ncclFloat32;
}

}  // namespace symmbench
