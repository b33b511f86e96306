#!/usr/bin/env bash
# The push one-shot, in one call on a GPU host, building nothing there: one daemon on
# loopback; the push one-shot in graph mode 2K..$1 (bf16, fp16, fp32) and eager 2K..1M (bf16),
# the pull one-shot in graph mode 2K..1M for comparison, tables and JSON under $OUT.
# Prerequisite here: deploy/bundle.sh (the call carries dist/).
set -uo pipefail
source "$(dirname "$0")/gpu-env.sh"
max="${1:-256M}"

start_daemon
"${c[@]}" devices
ws="$("${c[@]}" devices --json | grep -o '"index"' | wc -l)"
run() {  # name, then submit arguments
  local name="$1"
  shift
  echo "== $name"
  "${c[@]}" submit --world-size "$ws" --warmup 20 --iters 100 --wait --json "$@" >"$out/$name.json"
  "${c[@]}" status "$(grep -o '"job_id": *"[^"]*"' "$out/$name.json" | head -1 | grep -o 'j-[0-9]*')" \
    | tee "$out/$name.txt"
}
run push_graph_bf16 --kernel one_shot_push_all_reduce --dtype bf16 --min-bytes 2K --max-bytes "$max" --step-factor 2 --graph
run push_eager_bf16 --kernel one_shot_push_all_reduce --dtype bf16 --min-bytes 2K --max-bytes 1M --step-factor 2
run pull_graph_bf16 --kernel one_shot_all_reduce --dtype bf16 --min-bytes 2K --max-bytes 1M --step-factor 2 --graph
run push_graph_fp16 --kernel one_shot_push_all_reduce --dtype fp16 --min-bytes 2K --max-bytes 4M --step-factor 4 --graph
run push_graph_fp32 --kernel one_shot_push_all_reduce --dtype fp32 --min-bytes 2K --max-bytes 4M --step-factor 4 --graph
