// Element types the kernels support, their names and sizes, and exact host conversions.
// bf16 and fp16 are stored as raw 16-bit patterns on the host; conversions are bit-exact
// (round-to-nearest-even), so host references match device results to the bit.
#pragma once

#include <cstdint>
#include <string>

#include "absl/status/statusor.h"
#include "kernels/exact_input.h"

namespace symmbench {

// kFp8E4m3 (kernels/fp8.h) is an input type of the GEMM ops only (OpDescriptor::fp8): their
// inputs are e4m3 codes with float scales, their output bf16 (GemmOutputDType).
enum class DType { kBf16, kFp16, kFp32, kFp8E4m3 };

// "bf16" | "fp16" | "fp32" | "fp8_e4m3". INVALID_ARGUMENT naming `dtype` otherwise.
absl::StatusOr<DType> ParseDType(const std::string& name);
const char* DTypeName(DType dtype);
// Bytes per element: 2, 2, 4, 1.
int DTypeSize(DType dtype);

// Conversions between float and the 16-bit encodings (round to nearest even; NaN kept NaN).
// E4M3's are FloatToE4m3 / E4m3ToFloat (kernels/fp8.h; saturating to +-448).
uint16_t FloatToBf16(float f);
float Bf16ToFloat(uint16_t h);
uint16_t FloatToFp16(float f);
float Fp16ToFloat(uint16_t h);

// Reads element `i` of a buffer of `dtype` as float / writes it from float.
float LoadAsFloat(const void* data, DType dtype, int64_t i);
void StoreFromFloat(void* data, DType dtype, int64_t i, float value);

// data[i] = ExactInputValue(seed, rank, i) in `dtype`, i < count: a rank's verification input.
void FillExactInput(void* data, DType dtype, int64_t count, uint64_t seed, int rank);
// data[i] = the sum over ranks 0..world_size-1 of ExactInputValue(seed, rank, i) in `dtype`:
// what a sum all-reduce of those inputs must give, to the bit (world_size <= 16).
void FillExactSum(void* data, DType dtype, int64_t count, uint64_t seed, int world_size);

}  // namespace symmbench
