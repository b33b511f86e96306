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
ws="$("${c[@]}" devices --json | grep -o '"index"' | wc -l)"
echo "== calibrate"
"${c[@]}" calibrate --copy-bytes 256M --iters 50 | tee "$out/calibrate.txt"
echo "== one-shot, graph mode, with roofline fractions"
"${c[@]}" submit --kernel one_shot_all_reduce --world-size "$ws" --min-bytes 2K --max-bytes 256M \
  --step-factor 4 --graph --warmup 20 --iters 100 --wait --json >"$out/one_shot_roofline.json"
echo "== two-shot, graph mode, with roofline fractions"
"${c[@]}" submit --kernel two_shot_all_reduce --world-size "$ws" --min-bytes 32M --max-bytes 256M \
  --step-factor 2 --graph --warmup 20 --iters 100 --wait --json >"$out/two_shot_roofline.json"
echo "== ag_gemm with roofline fractions"
"${c[@]}" submit --kernel ag_gemm --world-size "$ws" \
  --shapes 4096x6656x16384,8192x8192x8192,16384x8192x4096,2048x8192x8192 --warmup 5 --iters 20 \
  --wait --json >"$out/ag_gemm_roofline.json"
for f in "$out"/*_roofline.json; do
  echo "$f: $(grep -c '"busbw_fraction"\|"tflops_fraction"' "$f") rows with roofline fractions"
done
