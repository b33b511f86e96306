#!/usr/bin/env bash
# One device-tool call for the all-reduce study (issue 4), building nothing there: one daemon on
# loopback; `symmbench tune` (one-shot and two-shot sweeps in graph mode, each against NCCL and
# NCCL's symmetric kernels), the tuned `all_reduce`, tables and JSON under $OUT.
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
echo "== all_reduce (tuned), graph"
"${c[@]}" submit --kernel all_reduce --min-bytes 2K --max-bytes "$max" --step-factor 2 \
  --world-size "$("${c[@]}" devices --json | grep -o '"index"' | wc -l)" --graph --warmup 20 \
  --iters 100 --wait --json >"$out/all_reduce.json"
"${c[@]}" status "$(grep -o '"job_id": *"[^"]*"' "$out/all_reduce.json" | grep -o 'j-[0-9]*')" \
  | tee "$out/all_reduce.txt"
