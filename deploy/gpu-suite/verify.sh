# deploy/gpu-suite.sh's verification commands: checks, faults, gate, every-op.
# Sourced by deploy/gpu-suite.sh after common.sh, whose helpers and variables they use.

# checks: every CUDA all-reduce kernel in eager and graph mode with its loops checked (bf16,
# fp16, fp32; odd element counts; two passes), each kernel with the timed operations corrupted
# (inject_fault flip_timed, eager and graph: the job must FAIL in verification), a clean job
# afterwards, and AG-GEMM with its loop checks. One line per job in $out/summary.txt.
cmd_checks() {
  local ws summary kernel dtype e sizes graph
  start_daemon --allow-fault-injection
  ws="$(device_count)"
  summary="$out/summary.txt"
  : >"$summary"
  # name, spec JSON: submits, waits, appends "name state rows wrong error" to the summary.
  check_job() {
    local name="$1" spec="$out/$1.spec.json"
    printf '%s\n' "$2" >"$spec"
    "${c[@]}" submit --spec "$spec" --wait --json >"$out/$name.json" 2>"$out/$name.err"
    summarize "$name" >>"$summary"
    tail -1 "$summary"
  }
  for kernel in $(ops computes=all_reduce_sum family='swept_collective|dispatcher' plugin=false); do
    for dtype in bf16 fp16 fp32; do
      e=$([ "$dtype" = fp32 ] && echo 4 || echo 2)
      # odd element counts: 1, 1025, 262145 elements, and 16M elements
      sizes="$e, $((1025 * e)), $((262145 * e)), $((16777216 * e))"
      for graph in false true; do
        check_job "${kernel}_${dtype}_graph_${graph}" "{\"kernel\": \"$kernel\", \"world_size\": $ws,
          \"dtype\": \"$dtype\", \"sweep\": {\"sizes_bytes\": [$sizes], \"graph\": $graph},
          \"warmup_iters\": 5, \"iters\": 20, \"repeats\": 2, \"timeout_s\": 120}"
      done
    done
  done
  for kernel in $(ops computes=all_reduce_sum family=swept_collective plugin=false); do
    for graph in false true; do
      check_job "flip_timed_${kernel}_graph_${graph}" "{\"kernel\": \"$kernel\", \"world_size\": $ws,
        \"dtype\": \"bf16\", \"sweep\": {\"sizes_bytes\": [4096, 1048576], \"graph\": $graph},
        \"warmup_iters\": 5, \"iters\": 20, \"repeats\": 2, \"timeout_s\": 60,
        \"inject_fault\": {\"kind\": \"flip_timed\"}}"
    done
  done
  check_job clean_after_faults "{\"kernel\": \"one_shot_push_all_reduce\", \"world_size\": $ws,
    \"dtype\": \"bf16\", \"sweep\": {\"sizes_bytes\": [4096, 1048576], \"graph\": true},
    \"warmup_iters\": 5, \"iters\": 20, \"repeats\": 2, \"timeout_s\": 60}"
  check_job ag_gemm "{\"kernel\": \"ag_gemm\", \"world_size\": $ws, \"dtype\": \"bf16\",
    \"gemm\": {\"shapes\": [{\"m\": 4096, \"n\": 4096, \"k\": 4096}, {\"m\": 2048, \"n\": 8192, \"k\": 8192}]},
    \"warmup_iters\": 5, \"iters\": 20, \"repeats\": 3, \"timeout_s\": 120}"
  echo "== summary"
  cat "$summary"
}

# faults: a daemon with --allow-fault-injection; a one-shot job whose rank 1 returns an injected
# kernel error, one whose rank 0 flips an output element after the checked run, then a clean
# push one-shot job that must succeed on the freed devices.
cmd_faults() {
  local ws fault spec
  start_daemon --allow-fault-injection
  ws="$(device_count)"
  for fault in rank_error:1 flip_element; do
    spec="$out/spec_${fault%%:*}.json"
    cat >"$spec" <<SPEC
{"kernel": "one_shot_all_reduce", "world_size": $ws, "dtype": "bf16",
 "sweep": {"sizes_bytes": [4096, 1048576]}, "warmup_iters": 5, "iters": 20, "repeats": 1,
 "timeout_s": 60, "inject_fault": "$fault"}
SPEC
    echo "== inject_fault $fault"
    "${c[@]}" submit --spec "$spec" --wait --json >"$out/fault_${fault%%:*}.json"
    grep -o '"state": *"[A-Z]*"\|"error": *"[^"]*"\|"failed_rank": *[0-9-]*' "$out/fault_${fault%%:*}.json"
  done
  echo "== clean job afterwards"
  "${c[@]}" submit --kernel one_shot_push_all_reduce --world-size "$ws" --sizes 4K,1M --graph \
    --warmup 5 --iters 20 --repeats 1 --wait | tee "$out/clean.txt"
}

# gate [DELAY_MIN [DELAY_MAX]]: a daemon with fault injection allowed; the one-shot all-reduce
# sweep 2K..MAX_BYTES (x4, 5 timing loops a size) kept as baseline "gpu-demo"; after GAP_S
# seconds a fresh run of the same spec gated against it (should pass, or be inconclusive where
# eager loops are too noisy for the 5% threshold: exit 3); then the same spec with a
# delay of 20% of the slowest window median injected at DELAY_MIN..DELAY_MAX (default 32K 512K;
# every delayed size >= 20% slower) gated against it (should fail on exactly those sizes).
# Tables, Markdown, JUnit and JSON, and summary.txt. Environment: GAP_S (default 60),
# MAX_BYTES (default 67108864), WORLD_SIZE (default: every device; a CPU dry run of the
# plumbing: WORLD_SIZE=1 MAX_BYTES=524288 GAP_S=1).
cmd_gate() {
  local delay_min="${1:-32K}" delay_max="${2:-512K}" gap_s="${GAP_S:-60}"
  local ws max_bytes spec base same_rc delay_us window delayed_rc delayed_job
  start_daemon --allow-fault-injection
  "${c[@]}" devices | tee "$out/devices.txt"
  ws="${WORLD_SIZE:-$(device_count)}"
  max_bytes="${MAX_BYTES:-67108864}"
  spec="$out/sweep.json"
  cat >"$spec" <<SPEC
{"kernel": "one_shot_all_reduce", "world_size": $ws, "dtype": "bf16",
 "sweep": {"min_bytes": 2048, "max_bytes": $max_bytes, "step_factor": 4},
 "warmup_iters": 20, "iters": 100, "repeats": 5}
SPEC

  echo "== baseline: one-shot all-reduce, world size $ws, 2K..$max_bytes B"
  "${c[@]}" submit --spec "$spec" --label run=baseline --wait --json >"$out/baseline_job.json"
  base="$(job_id "$out/baseline_job.json")"
  "${c[@]}" status "$base" | tee "$out/baseline.txt"
  "${c[@]}" baseline save "$base" --name gpu-demo --force
  "${c[@]}" baseline export gpu-demo >"$out/baseline.json"

  echo "== waiting ${gap_s} s, then the same spec gated against the baseline (should pass)"
  sleep "$gap_s"
  "${c[@]}" gate --baseline gpu-demo --run "$spec" --label run=same \
    --markdown "$out/gate_same.md" --junit "$out/gate_same.xml" | tee "$out/gate_same.txt"
  same_rc=${PIPESTATUS[0]}

  # The delay: 20% of the slowest baseline median in the window, so every delayed size slows by
  # at least 20% (the spin kernel's launch gap comes on top in eager mode).
  read -r delay_us window < <(python3 - "$out/baseline_job.json" "$spec" "$delay_min" "$delay_max" \
    "$out/sweep_delayed.json" <<'PY'
import json, sys
def size(text):
    units = {"K": 1 << 10, "M": 1 << 20, "G": 1 << 30}
    return int(text[:-1]) * units[text[-1]] if text[-1] in units else int(text)
job, spec, lo, hi, out = sys.argv[1:]
lo, hi = size(lo), size(hi)
rows = [r for r in json.load(open(job))["rows"] if lo <= r["size_bytes"] <= hi]
delay = round(0.2 * max(r["time_us"] for r in rows), 3)
delayed = json.load(open(spec))
delayed.update(inject_delay_us=delay, inject_delay_min_bytes=lo, inject_delay_max_bytes=hi)
json.dump(delayed, open(out, "w"))
print(delay, ",".join(str(r["size_bytes"]) for r in rows))
PY
  )
  echo "== +${delay_us} us per op at ${delay_min}..${delay_max} (sizes ${window}): should fail there"
  "${c[@]}" gate --baseline gpu-demo --run "$out/sweep_delayed.json" --label run=delayed \
    --markdown "$out/gate_delayed.md" --junit "$out/gate_delayed.xml" \
    2>"$out/gate_delayed.err" | tee "$out/gate_delayed.txt"
  delayed_rc=${PIPESTATUS[0]}
  cat "$out/gate_delayed.err"
  delayed_job="$(grep -o 'candidate j-[0-9]*' "$out/gate_delayed.err" | grep -o 'j-[0-9]*')"
  [ -n "$delayed_job" ] &&
    "${c[@]}" gate --baseline gpu-demo --candidate "$delayed_job" --json >"$out/gate_delayed.json"

  {
    echo "baseline $base; gate of the same spec ${gap_s} s later: exit $same_rc (want 0, or 3: inconclusive)"
    echo "gate with +${delay_us} us per op at ${delay_min}..${delay_max}: exit $delayed_rc (want 1)"
    grep -E '^# result|REGRESSED' "$out/gate_delayed.txt"
  } | tee "$out/summary.txt"
}

# every-op [WORLD_SIZES]: every op verified at each world size (default: 2 to every device), a
# line per job in summary.txt. The swept collectives (the all-reduces, all-gathers and
# reduce-scatters, their dispatchers, the broadcast) and the example CUDA plugin at 2 KiB,
# 96 KiB, 1 MiB and 16 MiB in bf16, fp16 and fp32, in place too where the op has it, one job
# each: eager with every timed operation checked (--per-iteration), then one graph of all
# iterations per sample, every sample checked (--graph-launches 1). ag_gemm and
# matmul_reduce_scatter, every variant in the job, on two shapes, in bf16, fp16 and fp8_e4m3.
# Then rank_error:1 on the one-shot and on the plugin at the largest world size: each must fail
# naming rank 1, and the next job on the same devices must succeed.
cmd_every_op() {
  local world_sizes="${1:-}" gemm_shapes=6144x4096x6144,3072x8192x6144 ws kernel spec
  local summary="$out/summary.txt"
  start_daemon --allow-fault-injection --plugin-dir "$bundle/plugins/cuda"
  local swept gemm
  mapfile -t swept < <(ops family='swept_collective|dispatcher')
  mapfile -t gemm < <(ops family=gemm_collective)
  [ -n "$world_sizes" ] || world_sizes="$(seq -s ' ' 2 "$(device_count)")"
  : >"$summary"
  # job NAME SUBMIT-ARG...: submits, waits, appends the job's line to the summary.
  job() {
    local name="$1"
    shift
    "${c[@]}" submit --wait --json "$@" >"$out/$name.json" 2>"$out/$name.err"
    summarize "$name" | tee -a "$summary"
  }
  for ws in $world_sizes; do
    for kernel in "${swept[@]}"; do
      job "${kernel%%:*}_ws$ws" --kernel "$kernel" --world-size "$ws" --dtype all \
        --sizes 2K,96K,1M,16M --warmup 5 --iters 20 --repeats 1 --per-iteration --graph --graph-launches 1
    done
    for kernel in "${gemm[@]}"; do
      local each=(--kernel "$kernel" --world-size "$ws" --shapes "$gemm_shapes" --warmup 3 --iters 10)
      job "${kernel}_ws${ws}_bf16" "${each[@]}" --dtype bf16
      job "${kernel}_ws${ws}_fp16" "${each[@]}" --dtype fp16
      job "${kernel}_ws${ws}_fp8" "${each[@]}" --dtype fp8_e4m3 --fp8-scaling rowwise
    done
  done
  for kernel in one_shot_all_reduce example_one_shot_cuda:one_shot; do
    spec="$out/abort_${kernel%%:*}.spec.json"
    printf '{"kernel": "%s", "world_size": %s, "sweep": {"sizes_bytes": [4096]}, "inject_fault": "rank_error:1"}\n' \
      "$kernel" "$ws" >"$spec"
    job "abort_${kernel%%:*}_ws$ws" --spec "$spec"
    job "after_abort_${kernel%%:*}_ws$ws" --kernel "$kernel" --world-size "$ws" --sizes 4K,1M --graph
  done
}
