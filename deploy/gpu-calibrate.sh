#!/usr/bin/env bash
# One device-tool call (builds nothing there): `symmbench calibrate`, then the one-shot sweep in
# graph mode and the AG-GEMM shapes, whose rows now carry roofline fractions. Output under $OUT.
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
state="$(mktemp -d /tmp/symmbench.XXXXXX)"
"$bin/symmbenchd" --listen 127.0.0.1:0 --port-file "$state/port" --db "$state/jobs.db" \
  --log-dir "$state/logs" >"$state/symmbenchd.log" 2>&1 &
daemon=$!
trap 'kill $daemon 2>/dev/null; wait $daemon 2>/dev/null; tar czf "$out/logs.tgz" "$state" 2>/dev/null' EXIT
for _ in $(seq 1 300); do [ -s "$state/port" ] && break; sleep 0.1; done
c=("$bin/symmbench" --coordinator "$(cat "$state/port")")
ws="$("${c[@]}" devices --json | for f in "$out"/*_roofline.json; do
  echo "$f: $(grep -c '"busbw_fraction"\|"tflops_fraction"' "$f") rows with roofline fractions"
done
