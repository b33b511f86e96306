#!/usr/bin/env bash
# One device-tool call on the GPU machine (builds nothing there): records the machine, then runs
# the bundle's main job and the small-message sweep, writing tables and JSON under $OUT.
# Prerequisite here: deploy/bundle.sh (the call carries dist/).
set -uo pipefail
out="${OUT:-/tmp/symmbench-out}"
mkdir -p "$out"
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1
# NCCL 2.28.9 as bundled with the machine's PyTorch (the system one is 2.28.3).
nccl=/opt/torch/.venv/lib/python3.12/site-packages/nvidia/nccl/lib
[ -d "$nccl" ] && export LD_LIBRARY_PATH="$nccl${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
bundle=dist/symmbench
{
  nvidia-smi --query-gpu=index,name,driver_version,memory.total,clocks.sm,clocks.max.sm --format=csv
  nvidia-smi topo -m
  "$bundle/bin/symmbench-worker" --probe-devices
} >"$out/machine.txt" 2>&1
cat "$out/machine.txt"
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
