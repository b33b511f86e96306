// The race check's row checksums on the CPU backend (GemmCollective::CheckRows): each row of a
// GEMM op's C against what the inputs' generators make, never against a peer's data.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "kernels/cpu/gemm_cpu_util.h"
#include "kernels/dtype.h"
#include "kernels/gemm_collective.h"

namespace symmbench {

// One term of C = sum over terms of A_t @ B_t (FP8: each scaled), as the op's inputs are drawn:
// values before rounding to the input dtype (FP8: already times kFp8InputRange).
struct GemmRowTerm {
  int64_t k = 0;                                     // A_t's columns, B_t's rows
  std::function<float(int64_t row, int64_t col)> a;  // A_t[row, col], row a row of the full C
  std::function<float(int64_t row, int64_t col)> b;  // B_t[row, col], col < n
  const CpuFp8Scales* scales = nullptr;              // fp8_e4m3 only: A_t's rows, B_t's columns
};

// +-1, the race check's vector v for `seed`: element j of the row checksums.
double GemmCheckSign(uint64_t seed, int64_t j);

// Checks rows [row0, row0 + rows) of a C whose row-major `c` (in `out_dtype`, n columns) holds
// just those rows: got_i = sum_j C[i, j] v_j against want_i = sum over terms of
// (A_t[i, :] rounded to `dtype`) . (B_t rounded, times the scales) v, in double; a row is wrong
// when |got - want| > scale x ||C_i||_2 (GemmRowCheckScale) or either is not finite. The result
// is `operation`'s (GemmRowCheck).
GemmRowCheck CheckGemmRows(DType dtype, const void* c, int64_t row0, int64_t rows, int64_t n,
                           const std::vector<GemmRowTerm>& terms, uint64_t seed, double scale,
                           int operation);

}  // namespace symmbench
