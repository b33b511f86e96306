#!/usr/bin/env bash
# World sizes beyond 2, in one call, building nothing there: records the
# machine (nvidia-smi topo -m, the peer-copy ceilings at every world size), then at each world
# size the one-shot, two-shot and push one-shot sweeps (eager and graph, verified), `tune` and the
# dispatched all_reduce, the AG-GEMM shapes, and finally one world-size-2 job alone beside two
# such jobs at once on disjoint GPU pairs. Tables and JSON under $OUT; every job's record also as
# JSON. Usage: deploy/gpu-scale.sh [WORLD_SIZES] [MAX_BYTES], e.g. "4 2" 256M.
# Prerequisite here: deploy/bundle.sh (the call carries dist/).
set -uo pipefail
source "$(dirname "$0")/gpu-env.sh"
world_sizes="${1:-}"
max="${2:-256M}"

{
  nvidia-smi --query-gpu=index,name,driver_version,memory.total,clocks.max.sm --format=csv
  nvidia-smi topo -m
  nvidia-smi nvlink -s -i 0
  "$bundle/bin/symmbench-worker" --probe-devices
} >"$out/machine.txt" 2>&1
cat "$out/machine.txt"

start_daemon
devices="$("${c[@]}" devices --json | grep -o '"index"' | wc -l)"
[ -n "$world_sizes" ] || world_sizes="$(seq "$devices" -2 2 | tr '\n' ' ')"
shapes=4096x6656x16384,8192x8192x8192,16384x8192x4096,2048x8192x8192
for ws in $world_sizes; do
  echo "== calibrate, world size $ws ($(date +%T))"
  "${c[@]}" calibrate --world-size "$ws" --copy-bytes 256M --iters 50 | tee "$out/calibrate_ws$ws.txt"
  for kernel in one_shot_all_reduce two_shot_all_reduce one_shot_push_all_reduce; do
    run "${kernel}_ws$ws" --kernel "$kernel" --world-size "$ws" --min-bytes 2K --max-bytes "$max" \
      --step-factor 2 --graph --warmup 20 --iters 100 --repeats 3
  done
  echo "== tune, world size $ws ($(date +%T))"
  "${c[@]}" tune --world-size "$ws" --min-bytes 2K --max-bytes "$max" --step-factor 2 --warmup 20 \
    --iters 100 | tee "$out/tune_ws$ws.txt"
  run "all_reduce_ws$ws" --kernel all_reduce --world-size "$ws" --min-bytes 2K --max-bytes "$max" \
    --step-factor 2 --graph --warmup 20 --iters 100 --repeats 3
  run "ag_gemm_ws$ws" --kernel ag_gemm --world-size "$ws" --shapes "$shapes" --warmup 5 --iters 20 \
    --repeats 3
done

if [ "$devices" -ge 4 ]; then
  # Isolation: the same world-size-2 spec alone, then twice at once (disjoint GPU pairs).
  pair=(--kernel one_shot_all_reduce --world-size 2 --min-bytes 2K --max-bytes "$max" --step-factor 4
        --graph --warmup 20 --iters 100 --repeats 3)
  run pair_alone "${pair[@]}" --label run=alone
  echo "== two world-size-2 jobs at once ($(date +%T))"
  "${c[@]}" submit --json "${pair[@]}" --label run=concurrent_a >"$out/pair_a.json" &
  submit_a=$!
  "${c[@]}" submit --json "${pair[@]}" --label run=concurrent_b >"$out/pair_b.json" &
  wait $submit_a $!  # not a bare `wait`: the daemon is a child of this shell too
  for p in a b; do
    "${c[@]}" watch "$(job_id "$out/pair_$p.json")" >/dev/null 2>&1 || true
  done
  "${c[@]}" list | tee "$out/jobs.txt"
fi

# Every job's full record as JSON (rows, devices, timing), for the tables in docs/results/.
for job in $("${c[@]}" list --json | grep -o '"job_id": *"[^"]*"' | grep -o 'j-[0-9]*' | sort -u); do
  "${c[@]}" status "$job" --json >"$out/$job.json"
done
for p in a b; do
  [ -f "$out/pair_$p.json" ] && "${c[@]}" status "$(job_id "$out/pair_$p.json")" | tee "$out/pair_$p.txt"
done
echo "== done ($(date +%T))"
