// The race check's row checksums on the device (GemmCollective::CheckRows) for the CUDA GEMM ops:
// each row of C against what the inputs' generators (gemm_fill.cuh, the fills of
// LaunchAgGemmFillUniform and LaunchFp8ScaleFill) make, never against memory the GEMM read.
// Host launcher API (no absl); kernels in gemm_row_check.cu.
#pragma once

#include <cuda_runtime_api.h>

#include <cstddef>
#include <cstdint>

#include "kernels/cuda/device_types.h"
#include "kernels/symm_mem_layout.h"

namespace symmbench {

// The fill stream of the checksum vector: v_j = -1 where UniformValue(seed, this, j) < 0 (the top
// bit of the draw's 24 bits is 0), else +1, for the CheckRows seed.
constexpr uint32_t kGemmRowCheckSignStream = 0x5167u;

// One term of C = sum over terms p of diag(sa_p) (A_p @ B_p) diag(sb_p), each operand as its
// fill drew it (LaunchAgGemmFillUniform with the check's seed, rounded to the input dtype):
//   A_p [m, k_term]: row i from fill stream a_fill_stream + i / a_rows_per_stream, element
//     (i % a_rows_per_stream) * k_term + kk (ag_gemm: one stream per rank's shard; a rank's A of
//     matmul_reduce_scatter: one stream for all m rows).
//   B_p [k_term, n] from b_fill_stream, element kk * n + j; fp8_e4m3: Bt_p [n, k_term], element
//     j * k_term + kk.
//   fp8_e4m3: sa_p(i), sb_p(j) as LaunchFp8ScaleFill drew them with the scale seed, from
//     a_scale_stream (element i, m of them, rowwise; element 0 tensorwise) and b_scale_stream
//     (element j, n of them, rowwise; element 0); 1 for the other dtypes.
struct GemmRowCheckTerm {
  uint32_t a_fill_stream = 0;
  int64_t a_rows_per_stream = 1;
  uint32_t b_fill_stream = 0;
  uint32_t a_scale_stream = 0;
  uint32_t b_scale_stream = 0;
};

// The device-side findings of every LaunchGemmRowCheck since the last reset.
struct GemmRowCheckCounters {
  unsigned long long wrong_rows;  // rows found wrong
  unsigned long long first_key;   // min of operation << 40 | row over wrong rows; ~0 if none
  unsigned long long worst_bits;  // max of |got - want| / bound, as the bits of a double >= 0
};

// What TakeGemmRowCheck reads back (GemmRowCheck's fields, kernels/gemm_collective.h).
struct GemmRowCheckFound {
  int64_t wrong_rows = 0;
  int32_t operation = -1;  // the first operation with a wrong row, -1 if none
  int64_t first_row = -1;  // its first wrong row (a row of C, first_row + a row of `c`), or -1
  double worst_ratio = 0.0;
};

// One check: rows [first_row, first_row + rows) of C [m, n], held in `c` [rows, n] row-major.
struct GemmRowCheckArgs {
  const void* c = nullptr;  // GemmOutputDType(dtype): bf16 (bf16, fp8_e4m3 inputs) or fp16
  int64_t rows = 0;         // rows of `c`
  int64_t first_row = 0;    // C's row of c's row 0
  int64_t m = 0;            // C's rows (>= first_row + rows)
  int64_t n = 0;
  int64_t k_term = 0;                      // A_p's columns, B_p's rows
  DeviceDType dtype = DeviceDType::kBf16;  // A's and B's: bf16, fp16 or fp8_e4m3
  bool rowwise = false;                    // fp8_e4m3: rowwise scales (else tensorwise)
  int32_t terms = 1;                       // 1..kMaxWorldSize
  GemmRowCheckTerm term[kMaxWorldSize];
  uint64_t seed = 0;        // A, B and v (RefillInputs' seed)
  uint64_t scale_seed = 0;  // the FP8 scales' (Prepare's)
  double scale = 0.0;       // bound = scale x ||C_row||_2 (GemmRowCheckScale)
  int32_t operation = 0;    // 0 .. 2^23 - 1, kept in the counters' key
  // GemmRowCheckWorkspaceBytes(n, k_term, terms) bytes of device memory: the counters at its
  // start (LaunchGemmRowCheckReset), then the scratch vectors.
  void* workspace = nullptr;
};

// Device bytes a workspace needs: the counters, v (n floats), sb_p v (terms x n floats) and
// w_p = B_p sb_p v (terms x k_term doubles).
size_t GemmRowCheckWorkspaceBytes(int64_t n, int64_t k_term, int terms);

// Resets the counters at the start of `workspace` (no wrong row, worst ratio 0), on `stream`.
// cudaErrorInvalidValue for a null workspace; else the memsets' error.
cudaError_t LaunchGemmRowCheckReset(void* workspace, cudaStream_t stream);

// Enqueues on `stream` the check of every row i of args.c: got = sum_j C[i, j] v_j,
// want = sum_p sa_p(i) sum_kk A_p(i, kk) w_p[kk] with w_p[kk] = sum_j B_p(kk, j) sb_p(j) v_j,
// all in double from the generators; wrong when !(|got - want| <= scale x ||C_i||_2) or got or
// want is not finite (ratio 1e30). Accumulates into the workspace's counters: wrong rows, the
// smallest operation << 40 | row, the largest ratio. Three kernels: v and sb_p v (grid-stride
// over n), w_p (a warp per (p, kk) and about 1024 columns, atomically summed), the rows (a block
// of 256 threads per row): O(terms n + terms k_term n + rows (n + terms k_term)) work, every
// input value a hash. cudaErrorInvalidValue for bad arguments; else the launches' error.
cudaError_t LaunchGemmRowCheck(const GemmRowCheckArgs& args, cudaStream_t stream);

// Copies the counters at the start of `workspace` to the host, waits for `stream`, then resets
// them on `stream` (LaunchGemmRowCheckReset); *found gets them decoded. Call once the checks
// have been enqueued on `stream`. cudaErrorInvalidValue for null pointers; else the CUDA error.
cudaError_t TakeGemmRowCheck(void* workspace, cudaStream_t stream, GemmRowCheckFound* found);

}  // namespace symmbench
