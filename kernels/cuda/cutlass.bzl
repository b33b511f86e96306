"""nvcc flags of the code built on CUTLASS (the tile GEMMs, the Distributed GEMM peer)."""

# Headers from third_party/cutlass (its include/, on the genrules' srcs).
CUTLASS_NVCC_FLAGS = [
    "-Ithird_party/cutlass/include",
    "--expt-relaxed-constexpr",
    "-DNDEBUG",
    # CUTLASS 4.7's sm100 scheduler header: __host__ __device__ on a defaulted constructor.
    "-diag-suppress=20012",
]

