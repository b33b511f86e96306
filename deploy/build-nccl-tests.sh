#!/usr/bin/env bash
# deploy/build-nccl-tests.sh [SRC]: builds NVIDIA's nccl-tests (all_reduce_perf, all_gather_perf,
# reduce_scatter_perf) on the build host into dist/symmbench/nccl-tests/, beside the bundle, so
# that `deploy/gpu-suite.sh nccl-tests` times NCCL with NVIDIA's own tool in the same call.
# SRC: an nccl-tests source tree (default: a clone of tag $NCCL_TESTS_TAG, v2.19.6, from GitHub).
# Built for sm_90 (H100/H200; NVCC_GENCODE overrides), single process (no MPI, nccl-tests' -g),
# the CUDA runtime linked statically; libnccl.so.2 comes from the GPU host, as for the bundle.
# NCCL_HOME: where include/nccl.h and lib/libnccl.so are (default: $CUDA_HOME, /usr/local/cuda).
set -euo pipefail
cd "$(dirname "$0")/.."
tag="${NCCL_TESTS_TAG:-v2.19.6}"
cuda="${CUDA_HOME:-/usr/local/cuda}"
nccl="${NCCL_HOME:-$cuda}"
src="${1:-}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
if [ -z "$src" ]; then
  src="$work/nccl-tests"
  git clone --quiet --depth 1 --branch "$tag" https://github.com/NVIDIA/nccl-tests "$src"
fi
[ -f "$src/src/Makefile" ] || { echo "build-nccl-tests: $src is not an nccl-tests tree" >&2; exit 2; }
[ -f "$nccl/include/nccl.h" ] || { echo "build-nccl-tests: no $nccl/include/nccl.h (set NCCL_HOME)" >&2; exit 2; }
version="$(sed -n 's/^#define NCCL_TESTS_VERSION "\(.*\)"/\1/p' "$src/src/common.h")"
flags=(MPI=0 CUDA_HOME="$cuda" NCCL_HOME="$nccl" CUDARTLIB=cudart_static BUILDDIR="$work/build"
       NVCC_GENCODE="${NVCC_GENCODE:--gencode=arch=compute_90,code=sm_90}")
{ make -C "$src/src" "${flags[@]}" os.build &&
  make -C "$src/src" -j"$(nproc)" "${flags[@]}" \
    "$work/build/all_reduce_perf" "$work/build/all_gather_perf" "$work/build/reduce_scatter_perf"
} >"$work/make.log" 2>&1 || { tail -30 "$work/make.log" >&2; exit 1; }
dest=dist/symmbench/nccl-tests
rm -rf "$dest"
mkdir -p "$dest"
install -m 755 "$work/build/all_reduce_perf" "$work/build/all_gather_perf" "$work/build/reduce_scatter_perf" "$dest/"
strip --strip-unneeded "$dest"/*_perf 2>/dev/null || true
install -m 644 "$src/LICENSE.txt" "$dest/LICENSE.txt"
echo "$version" >"$dest/VERSION"
echo "nccl-tests $version in $dest: $(ls "$dest" | tr '\n' ' ')"
