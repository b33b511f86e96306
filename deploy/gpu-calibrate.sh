#!/usr/bin/env bash
# One call on a GPU host (builds nothing there): `symmbench calibrate`, then the one-shot sweep in
# graph mode and the AG-GEMM shapes, whose rows now carry roofline fractions. Output under $OUT.
# Prerequisite here: deploy/bundle.sh (the call carries dist/).
set -uo pipefail
source "$(dirname "$0")/gpu-env.sh"
start_daemon
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
