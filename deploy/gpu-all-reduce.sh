#!/usr/bin/env bash
# One device-tool call for the all-reduce study (issue 4), building nothing there: one daemon on
# loopback; `symmbench tune` (one-shot and two-shot sweeps in graph mode, each against NCCL and
# NCCL's symmetric kernels), the tuned `all_reduce`, tables and JSON under $OUT.
# Prerequisite here: deploy/bundle.sh (the call carries dist/).
set -uo pipefail
out="${OUT:-/tmp/symmbench-out}"
mkdir -p "$out"
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1
nccl=/opt/torch/.venv/lib/python3.12/site-packages/nvidia/nccl/lib
[ -d "$nccl" ] && export LD_LIBRARY_PATH="$nccl${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
cublas="$(dirname "$(find /opt/torch/.venv /usr/local/cuda* -name 'libcublasLt.so.13*' 2>/dev/null | head -1)")"
[ -n "$cublas" ] && [ "$cublas" != . ] && export LD_LIBRARY_PATH="$cublas:$LD_LIBRARY_PATH"
bin=dist/symmbench/bin
max="${1:-256M}"

state="$(mktemp -d /tmp/symmbench.XXXXXX)"
"$bin/symmbenchd" --listen 127.0.0.1:0 --port-file "$state/port" --db "$state/jobs.db" \
  --log-dir "$state/logs" >"$state/symmbenchd.log" 2>&1 &
daemon=$!
trap 'kill $daemon 2>/dev/null; wait $daemon 2>/dev/null; tar czf "$out/logs.tgz" "$state" 2>/dev/null' EXIT
for _ in $(seq 1 300); do [ -s "$state/port" ] && break; sleep 0.1; done
c=("$bin/symmbench" --coordinator "$(cat "$state/port")")
"${c[@]}" devices

echo "== tune (graph mode), 2K..$max"
"${c[@]}" tune --min-bytes 2K --max-bytes "$max" --step-factor 2 --warmup 20 --iters 100 \
  | tee "$out/tune.txt"
for job in $("${c[@]}" list --json | grep -o '"job_id": *"[^"]*"' | grep -o 'j-[0-9]*' | sort); do
  "${c[@]}" status "$job" | tee "$out/$job.txt"
  "${c[@]}" status "$job" --json >"$out/$job.json"
done
echo "== all_reduce (tuned), graph"
"${c[@]}" submit --kernel all_reduce --min-bytes 2K --max-bytes "$max" --step-factor 2 \
  --world-size "$("${c[@]}" devices --json | grep -o '"index"' | wc -l)" --graph --warmup 20 \
  --iters 100 --wait --json >"$out/all_reduce.json"
"${c[@]}" status "$(grep -o '"job_id": *"[^"]*"' "$out/all_reduce.json" | grep -o 'j-[0-9]*')" \
  | tee "$out/all_reduce.txt"
