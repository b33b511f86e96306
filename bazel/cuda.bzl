"""cuda_library: compiles .cu files with nvcc (one genrule each) into a cc_library.
cuda_plugin: builds one .cu into a symmbench plugin library (`<name>.so`) with nvcc.

Bazel 4.2.3 has no CUDA rules offline, so each .cu becomes a position-independent object built
by /usr/local/cuda/bin/nvcc for Hopper (sm_90a), wrapped in a cc_library that links the static
cudart. `cuda_hdrs` must list every header the .cu files include (genrules see only their srcs).
"""

NVCC = "/usr/local/cuda/bin/nvcc"

NVCC_FLAGS = [
    "-std=c++17",
    "-O3",
    "-Xcompiler",
    "-fPIC",
    "-gencode=arch=compute_90a,code=sm_90a",
    "-gencode=arch=compute_90,code=compute_90",
    "-I.",
    "-I$(GENDIR)",
]

def cuda_library(name, srcs, hdrs = [], cuda_hdrs = [], deps = [], **kwargs):
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
                " ".join(NVCC_FLAGS),
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
            " ".join(NVCC_FLAGS),
            " ".join(nvcc_flags),
            src,
        ),
        **kwargs
    )
