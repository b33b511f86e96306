#!/usr/bin/env bash
# make_bundle.sh OUT.tar.gz RUN_JOB_SCRIPT PLUGIN_HEADER [--plugin BACKEND LIBRARY]... BINARY...
# Packs the binaries into a relocatable bundle (used by //deploy:bundle):
#   symmbench/bin/    the binaries, RUNPATH $ORIGIN/../lib
#   symmbench/lib/    every non-system shared library they need, RUNPATH $ORIGIN
#   symmbench/deploy/run-job.sh
#   symmbench/include/plugin/symmbench_plugin.h   the plugin ABI, to build plugins against
#   symmbench/plugins/<backend>/                   the example plugins (symmbenchd --plugin-dir)
# Not bundled (the GPU host has its own): glibc, libstdc++, libgcc_s, libcuda, libnccl, and
# cuBLAS/cuBLASLt (517 MB; PyTorch's wheels carry them on GPU hosts).
set -euo pipefail
tarball="$1"
run_job="$2"
plugin_header="$3"
shift 3
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
out="$work/symmbench"
mkdir -p "$out/bin" "$out/lib" "$out/deploy"
install -m 755 "$run_job" "$out/deploy/run-job.sh"
install -D -m 644 "$plugin_header" "$out/include/plugin/symmbench_plugin.h"
while [[ "${1:-}" == --plugin ]]; do
  install -D -m 755 "$3" "$out/plugins/$2/$(basename "$3")"
  shift 3
done
system='^(linux-vdso|ld-linux|libc|libm|libdl|libpthread|librt|libresolv|libutil|libstdc\+\+|libgcc_s|libcuda|libnccl|libcublas|libcublasLt)\.'
for bin in "$@"; do
  install -m 755 "$bin" "$out/bin/"
  ldd "$bin" | awk '/=> \// {print $1, $3}' | while read -r name path; do
    [[ "$name" =~ $system ]] || cp -L -n "$path" "$out/lib/$name"
  done
done
chmod u+w "$out"/lib/* "$out"/bin/*
strip --strip-unneeded "$out"/bin/* "$out"/lib/* 2>/dev/null || true
for f in "$out"/bin/*; do patchelf --set-rpath '$ORIGIN/../lib' "$f"; done
for f in "$out"/lib/*; do patchelf --set-rpath '$ORIGIN' "$f"; done
tar -C "$work" -czf "$tarball" symmbench
