"""cuda_library: compiles .cu files with nvcc (one genrule each) into a cc_library.
cuda_plugin: builds one .cu into a symmbench plugin library (`<name>.so`) with nvcc.

Bazel 4.2.3 has no CUDA rules offline, so each .cu becomes a position-independent object built
by /usr/local/cuda/bin/nvcc for Hopper (sm_90a), wrapped in a cc_library that links the static
cudart. `cuda_hdrs` must list every header the .cu files include (genrules see only their srcs).
cuda_swept_op: a swept collective on the CUDA backend in one statement (kernels/cuda/BUILD).
"""

load("//bazel:kernels.bzl", "kernel_op")

NVCC = "/usr/local/cuda/bin/nvcc"

NVCC_FLAGS = [
    "-std=c++17",
    "-O3",
    "-Xcompiler",
    "-fPIC",
    "-I.",
    "-I$(GENDIR)",
]

# Hopper's code, and PTX that newer GPUs can compile. Kernels that use sm_90a's own instructions
# (wgmma, TMA through CUTLASS) are built for SM90A_ONLY: their compute_90 PTX would be empty.
NVCC_ARCH = [
    "-gencode=arch=compute_90a,code=sm_90a",
    "-gencode=arch=compute_90,code=compute_90",
]

SM90A_ONLY = ["-gencode=arch=compute_90a,code=sm_90a"]

def cuda_library(
        name,
        srcs,
        hdrs = [],
        cuda_hdrs = [],
        deps = [],
        nvcc_flags = [],
        arch = NVCC_ARCH,
        **kwargs):
    """`srcs` (.cu) compiled by nvcc with NVCC_FLAGS, `arch` and `nvcc_flags` into a cc_library."""
    objs = []
    for src in srcs:
        base = src.replace("/", "_").replace(".cu", "")
        obj = "_%s_%s.pic.o" % (name, base)
        native.genrule(
            name = "_%s_%s_nvcc" % (name, base),
            srcs = [src] + hdrs + cuda_hdrs,
            outs = [obj],
            cmd = "%s %s -c $(location %s) -o $@" % (
                NVCC,
                " ".join(NVCC_FLAGS + arch + nvcc_flags),
                src,
            ),
        )
        objs.append(obj)
    native.cc_library(
        name = name,
        srcs = objs,
        hdrs = hdrs,
        deps = deps + ["@cuda//:cudart_static"],
        **kwargs
    )

def cuda_plugin(name, src, hdrs = [], nvcc_flags = [], **kwargs):
    """`name`.so from `src` alone: nvcc -shared with NVCC_FLAGS and `nvcc_flags`.

    The CUDA runtime is linked statically (nvcc's default), so the library needs only the driver
    (libcuda). `hdrs` must list every header `src` includes (the plugin ABI's included).
    """
    native.genrule(
        name = name,
        srcs = [src] + hdrs,
        outs = [name + ".so"],
        cmd = "%s %s -shared %s $(location %s) -o $@" % (
            NVCC,
            " ".join(NVCC_FLAGS + NVCC_ARCH),
            " ".join(nvcc_flags),
            src,
        ),
        **kwargs
    )

# What the symmetric-memory device code includes: the dtypes, the signal-pad barrier, the
# all-reduces' summation contract and the symmetric-memory constants.
SYMM_KERNEL_HDRS = [
    "all_reduce_device.cuh",
    "device_types.h",
    "signal_pad.cuh",
    "//kernels:symm_mem_layout.h",
]

def symm_kernel_library(name, visibility = None):
    """`name`'s symmetric-memory device code: `<name>.cu`, its launcher API in `<name>.h`."""
    cuda_library(
        name = name,
        srcs = [name + ".cu"],
        hdrs = [name + ".h"],
        cuda_hdrs = SYMM_KERNEL_HDRS,
        deps = [
            ":device_types",
            "//kernels:interfaces",
            "@cuda//:headers",
        ],
        visibility = visibility,
    )

def cuda_swept_op(name, kernel = None, deps = []):
    """A swept collective on the CUDA backend: `<name>_collective.cc`, its Collective on
    CudaSweptCollective (kernels/cuda/swept_collective.h), which adds itself to the backend's
    table, launching the device code of `kernel`: by default its own `<name>.cu` / `<name>.h`,
    built here as target `name`; or an existing target (e.g. ":sharded_kernels").
    `deps`: what else the Collective uses.
    """
    if kernel == None:
        symm_kernel_library(name)
        kernel = ":" + name
    kernel_op(
        name = name + "_collective",
        deps = [
            kernel,
            ":cuda_check",
            ":cuda_context",
            ":swept_collective",
            "@cuda//:cudart_static",
        ] + deps,
    )
