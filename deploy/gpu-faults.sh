#!/usr/bin/env bash
# Fault handling on CUDA, in one call on a GPU host that builds nothing there: a daemon with
# --allow-fault-injection; a one-shot job whose rank 1 returns an injected kernel
# error, one whose rank 0 flips an output element after the checked run, then a clean
# push one-shot job that must succeed on the freed devices. Job records under $OUT.
# Prerequisite: deploy/bundle.sh here, and dist/ copied to the GPU host.
set -uo pipefail
source "$(dirname "$0")/gpu-env.sh"
start_daemon --allow-fault-injection
ws="$("${c[@]}" devices --json | grep -o '"index"' | wc -l)"
for fault in rank_error:1 flip_element; do
  spec="$out/spec_${fault%%:*}.json"
  cat >"$spec" <<SPEC
{"kernel": "one_shot_all_reduce", "world_size": $ws, "dtype": "bf16",
 "sizes_bytes": [4096, 1048576], "warmup_iters": 5, "iters": 20, "repeats": 1,
 "timeout_s": 60, "inject_fault": "$fault"}
SPEC
  echo "== inject_fault $fault"
  "${c[@]}" submit --spec "$spec" --wait --json >"$out/fault_${fault%%:*}.json"
  grep -o '"state": *"[A-Z]*"\|"error": *"[^"]*"\|"failed_rank": *[0-9-]*' "$out/fault_${fault%%:*}.json"
done
echo "== clean job afterwards"
"${c[@]}" submit --kernel one_shot_push_all_reduce --world-size "$ws" --sizes 4K,1M --graph \
  --warmup 5 --iters 20 --repeats 1 --wait | tee "$out/clean.txt"
