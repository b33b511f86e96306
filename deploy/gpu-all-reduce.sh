#!/usr/bin/env bash
# The all-reduce study, in one call on a GPU host, building nothing there: one daemon on
# loopback; `symmbench tune` (one-shot, two-shot and push one-shot sweeps in graph mode, each
# against NCCL and NCCL's symmetric kernels), the tuned `all_reduce` (bf16), `all_reduce` in fp16
# and fp32 (built-in default table), tables and JSON under $OUT.
# Prerequisite here: deploy/bundle.sh (the call carries dist/).
set -uo pipefail
source "$(dirname "$0")/gpu-env.sh"
max="${1:-256M}"

start_daemon
"${c[@]}" devices

echo "== tune (graph mode), 2K..$max"
"${c[@]}" tune --min-bytes 2K --max-bytes "$max" --step-factor 2 --warmup 20 --iters 100 \
  | tee "$out/tune.txt"
for job in $("${c[@]}" list --json | grep -o '"job_id": *"[^"]*"' | grep -o 'j-[0-9]*' | sort); do
  "${c[@]}" status "$job" | tee "$out/$job.txt"
  "${c[@]}" status "$job" --json >"$out/$job.json"
done
ws="$("${c[@]}" devices --json | grep -o '"index"' | wc -l)"
for dtype in bf16 fp16 fp32; do
  name=all_reduce
  [ "$dtype" = bf16 ] || name="all_reduce_$dtype"
  echo "== all_reduce $dtype (bf16: tuned; others: built-in default table), graph"
  "${c[@]}" submit --kernel all_reduce --dtype "$dtype" --min-bytes 2K --max-bytes "$max" \
    --step-factor 2 --world-size "$ws" --graph --warmup 20 --iters 100 --wait --json >"$out/$name.json"
  "${c[@]}" status "$(grep -o '"job_id": *"[^"]*"' "$out/$name.json" | head -1 | grep -o 'j-[0-9]*')" \
    | tee "$out/$name.txt"
done
