"""Kernel targets: one statement per kernel file, and a backend that links every one of them.

kernel_op: a cc_library of `<name>.cc` (and `hdrs`) that adds its op to its backend's table at
start-up (kernels/factory_table.h), so it is always linked; every kernel gets the registry, the
kernel interfaces and absl besides `deps`.
backend_kernels: the kernel_op targets defined above it in the same BUILD file, for the
backend library's deps (so a new kernel is one kernel_op statement and nothing else here).
"""

KERNEL_OP_TAG = "symmbench_kernel_op"

KERNEL_OP_DEPS = [
    "//kernels/ops:registry",
    "//kernels:interfaces",
    "@system//:absl",
]

def kernel_op(name, deps = [], srcs = None, hdrs = [], **kwargs):
    native.cc_library(
        name = name,
        srcs = srcs if srcs != None else [name + ".cc"],
        hdrs = hdrs,
        alwayslink = True,
        tags = [KERNEL_OP_TAG],
        deps = deps + [d for d in KERNEL_OP_DEPS if d not in deps],
        **kwargs
    )

def backend_kernels():
    return sorted([
        ":" + rule["name"]
        for rule in native.existing_rules().values()
        if KERNEL_OP_TAG in rule.get("tags", [])
    ])

# What every CPU swept collective (a subclass of SweptCpuCollective) is built from, as labels of
# kernels/cpu/BUILD, where cpu_swept_op is used.
CPU_SWEPT_OP_DEPS = [
    ":swept_cpu_collective",
    ":cpu_kernel",
    ":cpu_sum",
    "//kernels:dtype",
]

def cpu_swept_op(name, deps = [], hdrs = None, **kwargs):
    """A CPU swept collective kernel: kernel_op of `<name>.cc` deriving from SweptCpuCollective.

    Args:
      name: the kernel file's name without `.cc`, in kernels/cpu.
      deps: deps beyond CPU_SWEPT_OP_DEPS and kernel_op's.
      hdrs: its headers; by default `<name>.h` where that file exists.
      **kwargs: passed to kernel_op.
    """
    kernel_op(
        name = name,
        hdrs = hdrs if hdrs != None else native.glob([name + ".h"]),
        deps = deps + [d for d in CPU_SWEPT_OP_DEPS if d not in deps],
        **kwargs
    )
