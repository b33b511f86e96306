// Bulk dtype <-> float conversion of contiguous runs of elements for the CPU kernels' inner
// loops: the same bits as dtype.h's per-element LoadAsFloat / StoreFromFloat, vectorised.
#pragma once

#include <cstdint>

#include "kernels/dtype.h"

namespace symmbench {

// dst[i] = element i of `src` (n elements of `dtype`) as float, for i in [0, n). Bit-identical
// to LoadAsFloat(src, dtype, i) (NaNs stay NaN; their payload bits may differ).
void LoadChunkAsFloat(DType dtype, const void* src, float* dst, int64_t n);

// Element i of `dst` (n elements of `dtype`) = src[i] rounded to nearest even, for i in
// [0, n). Bit-identical to StoreFromFloat(dst, dtype, i, src[i]) (NaN payloads may differ).
void StoreChunkFromFloat(DType dtype, const float* src, void* dst, int64_t n);

// True when fp16 conversions use the F16C instructions (checked once at run time);
// otherwise they fall back to dtype.h's scalar conversions.
bool Fp16UsesF16c();

}  // namespace symmbench
