"""nvcc flags of the code built on CUTLASS (the tile GEMMs, the Distributed GEMM peer), and
tile_gemm_library: one tile GEMM's sm_90a library."""

load("//bazel:cuda.bzl", "SM90A_ONLY", "cuda_library")

# Headers from third_party/cutlass (its include/, on the genrules' srcs).
CUTLASS_NVCC_FLAGS = [
    "-Ithird_party/cutlass/include",
    "--expt-relaxed-constexpr",
    "-DNDEBUG",
    # CUTLASS 4.7's sm100 scheduler header: __host__ __device__ on a defaulted constructor.
    "-diag-suppress=20012",
]


def tile_gemm_library(name, deps = []):
    """`name`.cu (a tile GEMM on CUTLASS's sm90 collectives and tile_gemm_parts.cuh) and its
    launcher API `name`.h, for sm_90a only (wgmma and TMA), in a cc_library; `deps` beyond the
    device types and the CUDA headers."""
    cuda_library(
        name = name,
        srcs = [name + ".cu"],
        hdrs = [name + ".h"],
        arch = SM90A_ONLY,
        cuda_hdrs = [
            "device_types.h",
            "signal_pad.cuh",
            "tile_gemm_parts.cuh",
            "//kernels:symm_mem_layout.h",
            "//third_party/cutlass:headers",
        ],
        nvcc_flags = CUTLASS_NVCC_FLAGS,
        deps = [
            ":device_types",
            "@cuda//:headers",
        ] + deps,
    )
