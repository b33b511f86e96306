// Element-type names, sizes and bit-exact float <-> bf16/fp16 conversions.
#include "kernels/dtype.h"

#include <cmath>
#include <cstring>

#include "absl/strings/str_cat.h"
#include "kernels/fp8.h"

namespace symmbench {

absl::StatusOr<DType> ParseDType(const std::string& name) {
  if (name == "bf16") return DType::kBf16;
  if (name == "fp16") return DType::kFp16;
  if (name == "fp32") return DType::kFp32;
  if (name == "fp8_e4m3") return DType::kFp8E4m3;
  return absl::InvalidArgumentError(
      absl::StrCat("dtype: unknown dtype \"", name, "\" (want bf16, fp16, fp32 or fp8_e4m3)"));
}

const char* DTypeName(DType dtype) {
  switch (dtype) {
    case DType::kBf16:
      return "bf16";
    case DType::kFp16:
      return "fp16";
    case DType::kFp32:
      return "fp32";
    case DType::kFp8E4m3:
      return "fp8_e4m3";
  }
  return "?";
}

int DTypeSize(DType dtype) {
  switch (dtype) {
    case DType::kFp32:
      return 4;
    case DType::kFp8E4m3:
      return 1;
    case DType::kBf16:
    case DType::kFp16:
      break;
  }
  return 2;
}

namespace {
uint32_t FloatBits(float f) {
  uint32_t u;
  std::memcpy(&u, &f, sizeof(u));
  return u;
}
float BitsFloat(uint32_t u) {
  float f;
  std::memcpy(&f, &u, sizeof(f));
  return f;
}
}  // namespace

uint16_t FloatToBf16(float f) {
  const uint32_t u = FloatBits(f);
  if (std::isnan(f)) return static_cast<uint16_t>((u >> 16) | 0x40);
  const uint32_t rounding = 0x7FFF + ((u >> 16) & 1);
  return static_cast<uint16_t>((u + rounding) >> 16);
}

float Bf16ToFloat(uint16_t h) { return BitsFloat(static_cast<uint32_t>(h) << 16); }

uint16_t FloatToFp16(float f) {
  // _Float16 conversion in GCC 12 on x86-64 rounds to nearest even, as the GPU does.
  const _Float16 h = static_cast<_Float16>(f);
  uint16_t bits;
  std::memcpy(&bits, &h, sizeof(bits));
  return bits;
}

float Fp16ToFloat(uint16_t bits) {
  _Float16 h;
  std::memcpy(&h, &bits, sizeof(h));
  return static_cast<float>(h);
}

float LoadAsFloat(const void* data, DType dtype, int64_t i) {
  switch (dtype) {
    case DType::kBf16:
      return Bf16ToFloat(static_cast<const uint16_t*>(data)[i]);
    case DType::kFp16:
      return Fp16ToFloat(static_cast<const uint16_t*>(data)[i]);
    case DType::kFp32:
      return static_cast<const float*>(data)[i];
    case DType::kFp8E4m3:
      return E4m3ToFloat(static_cast<const uint8_t*>(data)[i]);
  }
  return NAN;
}

void StoreFromFloat(void* data, DType dtype, int64_t i, float value) {
  switch (dtype) {
    case DType::kBf16:
      static_cast<uint16_t*>(data)[i] = FloatToBf16(value);
      return;
    case DType::kFp16:
      static_cast<uint16_t*>(data)[i] = FloatToFp16(value);
      return;
    case DType::kFp32:
      static_cast<float*>(data)[i] = value;
      return;
    case DType::kFp8E4m3:
      static_cast<uint8_t*>(data)[i] = FloatToE4m3(value);
      return;
  }
}

void FillExactInput(void* data, DType dtype, int64_t count, uint64_t seed, int rank) {
  for (int64_t i = 0; i < count; ++i) {
    StoreFromFloat(data, dtype, i, static_cast<float>(ExactInputValue(seed, rank, i)));
  }
}

void FillExactSum(void* data, DType dtype, int64_t count, uint64_t seed, int world_size) {
  for (int64_t i = 0; i < count; ++i) {
    int sum = 0;
    for (int rank = 0; rank < world_size; ++rank) sum += ExactInputValue(seed, rank, i);
    StoreFromFloat(data, dtype, i, static_cast<float>(sum));
  }
}

}  // namespace symmbench
