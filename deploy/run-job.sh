#!/usr/bin/env bash
# Starts symmbenchd on loopback, runs the default job (one-shot all-reduce on every GPU found,
# or on the CPU backend when there is none), prints its table and stops everything.
# Binaries: $SYMMBENCH_BIN (a folder with symmbenchd, symmbench-worker, symmbench; default:
# the bin/ folder of a bundle, next to this script's folder). Extra arguments go to `submit`.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
bin="${SYMMBENCH_BIN:-$here/../bin}"
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1

state="$(mktemp -d /tmp/symmbench.XXXXXX)"
"$bin/symmbenchd" --listen 127.0.0.1:0 --port-file "$state/port" --metrics-listen 127.0.0.1:0 --db "$state/jobs.db" \
  --log-dir "$state/logs" --worker "$bin/symmbench-worker" >"$state/symmbenchd.log" 2>&1 &
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
addr="$(head -1 "$state/port")"
client=("$bin/symmbench" --coordinator "$addr")

devices_json="$("${client[@]}" devices --json)"
backend="$(echo "$devices_json" | grep -o '"backend": *"[a-z]*"' | grep -o '"[a-z]*"$' | tr -d '"')"
count="$(echo "$devices_json" | grep -o '"index"' | wc -l)"
if [ "$backend" = cuda ]; then
  args=(--world-size "$count" --min-bytes 2K --max-bytes 64M --step-factor 4 --warmup 20 --iters 100)
else
  args=(--world-size 2 --min-bytes 2K --max-bytes 4M --step-factor 4 --warmup 5 --iters 20)
fi
echo "# symmbench: $backend backend, $count devices, coordinator $addr" >&2
status=0
"${client[@]}" submit --kernel one_shot_all_reduce --dtype bf16 "${args[@]}" --wait "$@" || status=$?
exit "$status"
