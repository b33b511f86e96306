#!/usr/bin/env bash
# On a GPU host, from the bundle (it builds nothing): records the machine and the binaries'
# versions, runs the main job as README command 1 runs it (deploy/run-job.sh: text, then JSON),
# follows an all_reduce sweep in graph mode on a terminal (rows and the progress line as a user
# sees them), then, unless only the main job was asked for, the small-message sweep, the fp16
# and fp32 sweeps and the AG-GEMM anchor shapes at three splits; tables and JSON under $OUT.
# Prerequisite on the build host: deploy/bundle.sh (dist/ travels with the tree).
#   deploy/gpu-session.sh [all|main|all_reduce|ag_gemm]
set -uo pipefail
source "$(dirname "$0")/gpu-env.sh"
only="${1:-all}"
{
  nvidia-smi --query-gpu=index,name,driver_version,memory.total,clocks.sm,clocks.max.sm --format=csv
  nvidia-smi topo -m
  "$bundle/bin/symmbench-worker" --probe-devices
  for b in symmbenchd symmbench-worker symmbench; do "$bundle/bin/$b" --version; done
} >"$out/machine.txt" 2>&1
cat "$out/machine.txt"
gpus="$(nvidia-smi -L | wc -l)"
if [ "$only" = all ] || [ "$only" = main ] || [ "$only" = all_reduce ]; then
  echo "== main job (deploy/run-job.sh)"
  start=$SECONDS
  "$bundle/deploy/run-job.sh" 2>&1 | tee "$out/main_job.txt"
  echo "== main job as JSON ($((SECONDS - start)) s so far)"
  "$bundle/deploy/run-job.sh" --json >"$out/main_job.json"
fi
start_daemon --worker "$bundle/bin/symmbench-worker"
if [ "$only" = all ] || [ "$only" = main ]; then
  echo "== all_reduce, graph mode, followed on a terminal"
  script -q -e -c "${c[*]} submit --kernel all_reduce --world-size $gpus --min-bytes 2K \
    --max-bytes 64M --step-factor 4 --graph --wait" "$out/graph_on_a_terminal.txt" >/dev/null
  tr '\r' '\n' <"$out/graph_on_a_terminal.txt" | sed 's/\x1b\[K//g' | grep -v '^$'
fi
[ "$only" = main ] && exit 0
if [ "$only" != ag_gemm ]; then
  run small_sizes --world-size "$gpus" --min-bytes 2K --max-bytes 256K --step-factor 2
  for dtype in fp16 fp32; do
    run "one_shot_$dtype" --world-size "$gpus" --dtype "$dtype" --min-bytes 2K --max-bytes 64M \
      --step-factor 4
  done
fi
if [ "$only" != all_reduce ]; then
  # The AG-GEMM shapes of the anchors in shared/notes/gpu-machine.md.
  shapes=4096x6656x16384,8192x8192x8192,16384x8192x4096,2048x8192x8192
  for splits in auto 1 4; do
    run "ag_gemm_splits_$splits" --world-size "$gpus" --kernel ag_gemm --shapes "$shapes" \
      --splits-per-rank "$splits" --warmup 5 --iters 20
  done
fi
