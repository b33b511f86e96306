#!/usr/bin/env bash
# On a GPU host, from the bundle (it builds nothing): every CUDA all-reduce kernel in eager and
# graph mode with its loops checked (bf16, fp16, fp32; odd element counts; two passes), each
# kernel with the timed operations corrupted (inject_fault flip_timed, eager and graph: the job
# must FAIL in verification), a clean job afterwards, and AG-GEMM with its loop checks. Job
# records under $OUT, one line per job in $OUT/summary.txt.
# Prerequisite on the build host: deploy/bundle.sh (dist/ travels with the tree).
set -uo pipefail
source "$(dirname "$0")/gpu-env.sh"
start_daemon --allow-fault-injection
ws="$("${c[@]}" devices --json | python3 -c 'import json,sys; print(len(json.load(sys.stdin)["devices"]))')"
summary="$out/summary.txt"
: >"$summary"
# name, spec JSON: submits, waits, appends "name state rows wrong error" to the summary.
job() {
  local name="$1" spec="$out/$1.spec.json"
  printf '%s\n' "$2" >"$spec"
  "${c[@]}" submit --spec "$spec" --wait --json >"$out/$name.json" 2>"$out/$name.err"
  python3 - "$name" "$out/$name.json" >>"$summary" <<'PY'
import json, sys
name, path = sys.argv[1], sys.argv[2]
try:
    job = json.load(open(path))
except Exception as e:
    print(f"{name} NO_RECORD {e}"); sys.exit()
rows = [r for r in job.get("rows", []) if not r.get("partial")]
wrong = sum(r["wrong"] for r in rows)
checked = all(r["checked"] for r in rows) if rows else False
config = rows[0]["reference_config"] if rows else ""
print(f"{name} {job.get('state')} rows={len(rows)} checked={checked} wrong={wrong} "
      f"config='{config}' error='{job.get('error', '')[:160]}'")
PY
  tail -1 "$summary"
}
for kernel in one_shot_all_reduce two_shot_all_reduce one_shot_push_all_reduce all_reduce; do
  for dtype in bf16 fp16 fp32; do
    e=$([ "$dtype" = fp32 ] && echo 4 || echo 2)
    # odd element counts: 1, 1025, 262145 elements, and 16M elements
    sizes="$e, $((1025 * e)), $((262145 * e)), $((16777216 * e))"
    for graph in false true; do
      job "${kernel}_${dtype}_graph_${graph}" "{\"kernel\": \"$kernel\", \"world_size\": $ws,
        \"dtype\": \"$dtype\", \"sizes_bytes\": [$sizes], \"warmup_iters\": 5, \"iters\": 20,
        \"repeats\": 2, \"graph\": $graph, \"timeout_s\": 120}"
    done
  done
done
for kernel in one_shot_all_reduce two_shot_all_reduce one_shot_push_all_reduce; do
  for graph in false true; do
    job "flip_timed_${kernel}_graph_${graph}" "{\"kernel\": \"$kernel\", \"world_size\": $ws,
      \"dtype\": \"bf16\", \"sizes_bytes\": [4096, 1048576], \"warmup_iters\": 5, \"iters\": 20,
      \"repeats\": 2, \"graph\": $graph, \"timeout_s\": 60, \"inject_fault\": \"flip_timed\"}"
  done
done
job clean_after_faults "{\"kernel\": \"one_shot_push_all_reduce\", \"world_size\": $ws,
  \"dtype\": \"bf16\", \"sizes_bytes\": [4096, 1048576], \"warmup_iters\": 5, \"iters\": 20,
  \"repeats\": 2, \"graph\": true, \"timeout_s\": 60}"
job ag_gemm "{\"kernel\": \"ag_gemm\", \"world_size\": $ws, \"dtype\": \"bf16\",
  \"shapes\": [{\"m\": 4096, \"n\": 4096, \"k\": 4096}, {\"m\": 2048, \"n\": 8192, \"k\": 8192}],
  \"warmup_iters\": 5, \"iters\": 20, \"repeats\": 3, \"timeout_s\": 120}"
echo "== summary"
cat "$summary"
