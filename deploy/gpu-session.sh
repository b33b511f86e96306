#!/usr/bin/env bash
# One device-tool call on the GPU machine (builds nothing there): records the machine, then runs
# the bundle's main job and the small-message sweep, writing tables and JSON under $OUT.
# Prerequisite here: deploy/bundle.sh (the call carries dist/).
set -uo pipefail
source "$(dirname "$0")/gpu-env.sh"
only="${1:-all}"   # all | all_reduce | ag_gemm
{
  nvidia-smi --query-gpu=index,name,driver_version,memory.total,clocks.sm,clocks.max.sm --format=csv
  nvidia-smi topo -m
  "$bundle/bin/symmbench-worker" --probe-devices
} >"$out/machine.txt" 2>&1
cat "$out/machine.txt"
if [ "$only" != ag_gemm ]; then
for run in 1 2; do
  echo "== main job, run $run"
  "$bundle/deploy/run-job.sh" --label run="$run" 2>&1 | tee "$out/main_job_$run.txt"
done
echo "== main job as JSON"
"$bundle/deploy/run-job.sh" --json >"$out/main_job.json"
echo "== 2 KiB .. 256 KiB, factor 2"
"$bundle/deploy/run-job.sh" --min-bytes 2K --max-bytes 256K --step-factor 2 2>&1 |
  tee "$out/small_sizes.txt"
for dtype in fp16 fp32; do
  echo "== $dtype"
  "$bundle/deploy/run-job.sh" --dtype "$dtype" 2>&1 | tee "$out/main_job_$dtype.txt"
done
fi
if [ "$only" != all_reduce ]; then
  # The AG-GEMM shapes of the anchors in shared/notes/gpu-machine.md.
  shapes=4096x6656x16384,8192x8192x8192,16384x8192x4096,2048x8192x8192
  for splits in auto 1 4; do
    echo "== ag_gemm bf16, splits_per_rank $splits"
    "$bundle/deploy/run-job.sh" --kernel ag_gemm --shapes "$shapes" --splits-per-rank "$splits" \
      --warmup 5 --iters 20 2>&1 | tee "$out/ag_gemm_splits_$splits.txt"
  done
fi
# Daemon and worker logs of every job above, for post-mortems.
tar czf "$out/logs.tgz" /tmp/symmbench.*/ 2>/dev/null || true
