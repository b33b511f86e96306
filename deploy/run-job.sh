#!/usr/bin/env bash
# Starts symmbenchd on loopback, runs the main job with `symmbench run` (on every GPU it finds,
# or on the CPU backend when there is none: the all-reduce sweep and AG-GEMM, verified, in one
# report), and stops everything.
# Binaries: $SYMMBENCH_BIN (a folder with symmbenchd, symmbench-worker, symmbench; default:
# the bin/ folder of a bundle, next to this script's folder, else the folder of the symmbenchd
# on PATH, as for the Debian package's /usr/share/symmbench/run-job.sh). Extra arguments go to
# `run` (e.g. --world-size 2, --json).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
bin="${SYMMBENCH_BIN:-$here/../bin}"
if [ -z "${SYMMBENCH_BIN:-}" ] && [ ! -x "$bin/symmbenchd" ] && command -v symmbenchd >/dev/null; then
  bin="$(dirname "$(command -v symmbenchd)")"
fi
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1

state="$(mktemp -d /tmp/symmbench.XXXXXX)"
# Without a GPU, one CPU rank per core up to 4 (at least 2: the all-reduce needs a peer).
cores="$(nproc)"
cpu_slots=$((cores < 2 ? 2 : cores > 4 ? 4 : cores))
"$bin/symmbenchd" --listen 127.0.0.1:0 --port-file "$state/port" --metrics-listen 127.0.0.1:0 \
  --db "$state/jobs.db" --log-dir "$state/logs" --worker "$bin/symmbench-worker" \
  --cpu-slots "$cpu_slots" >"$state/symmbenchd.log" 2>&1 &
daemon=$!
stop() {
  kill "$daemon" 2>/dev/null || true
  wait "$daemon" 2>/dev/null || true
}
trap stop EXIT
for _ in $(seq 1 300); do
  [ -s "$state/port" ] && break
  kill -0 "$daemon" 2>/dev/null || { cat "$state/symmbenchd.log" >&2; exit 1; }
  sleep 0.1
done
[ -s "$state/port" ] || { echo "symmbenchd did not start within 30 s; its log:" >&2; cat "$state/symmbenchd.log" >&2; exit 1; }
"$bin/symmbench" --coordinator "$(head -1 "$state/port")" run "$@"
