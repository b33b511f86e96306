#!/usr/bin/env bash
# deploy/gpu-suite.sh COMMAND [ARG...]: the suite on a GPU host, from the bundle in
# dist/symmbench (made by deploy/bundle.sh on a build host); it builds nothing there.
# `deploy/gpu-suite.sh help` lists the commands; docs/gpu_host.md describes them.
# Run it from the folder that holds dist/ (the repository root). Every command but `env` and
# `help` starts its own symmbenchd on a free loopback port, writes tables and JSON under
# $OUT (default /tmp/symmbench-out) and, on exit, stops the daemon and keeps its state and
# logs as $OUT/logs.tgz.
set -uo pipefail

bundle=dist/symmbench
shapes=4096x6656x16384,8192x8192x8192,16384x8192x4096,2048x8192x8192  # the four anchor shapes

usage() {
  cat <<'EOF'
usage: deploy/gpu-suite.sh COMMAND [ARG...]     (from the folder holding dist/symmbench)
  env                                print the environment the commands run in: eval "$(deploy/gpu-suite.sh env)"
  main [all|main|all_reduce|ag_gemm] the machine, the main job (text, JSON), a graph sweep on a terminal, small sizes, fp16/fp32, AG-GEMM at 3 splits
  all-reduce [MAX]                   tune (one-shot, two-shot, push one-shot; graph), then the dispatched all_reduce in bf16, fp16, fp32, 2K..MAX (256M)
  calibrate                          the machine's ceilings, then one-shot, two-shot and AG-GEMM rows with their roofline fractions
  checks                             every all-reduce in 3 dtypes at odd sizes, eager and graph; injected wrong results must fail; AG-GEMM; summary.txt
  compare A B [ROUNDS] [SIZES]       bundle folders A and B alternating on the same GPUs (3 rounds; 2K,32K,512K,8M), medians side by side
  every-op [WORLD_SIZES]             every op at each world size (2..devices): every dtype, in place, every timed operation checked, eager and one-graph timing; GEMM ops in bf16/fp16/fp8; rank_error:1 stops the one-shot's and the plugin's peers
  faults                             an injected rank error and a flipped element must fail their jobs; a clean job after them must succeed
  gate [DELAY_MIN [DELAY_MAX]]       regression gate: a baseline, the same spec GAP_S s later (passes), a 20% delay at 32K..512K (fails there)
  sharded [WORLD_SIZES] [MAX]        all-gathers and reduce-scatters (SM and copy engine) beside NCCL: graph sweeps 1K..MAX (256M) in bf16, eager at small sizes, fp16/fp32 checks
  sharded-dispatch [MAX]             the all_gather and reduce_scatter dispatchers: built-in tables at 1 GPU and every device, then tune --op and the tuned dispatchers (graph, bf16, 1K..MAX)
  ag-gemm [WORLD_SIZES] [SHAPES]     ag_gemm's three algorithms side by side (fused copy engine + flags, nvFuser's pipelined stages, sequential) at splits/stages 1, 2, 4, bf16
  matmul-rs [WORLD_SIZES] [SHAPES]   matmul_reduce_scatter (fused, reduce_scatter, gemm, sequential) at splits auto/1/4, bf16 and fp16, at each world size (1 and every device)
  fp8 [WORLD_SIZES] [SHAPES]         ag_gemm and matmul_reduce_scatter in bf16 and in fp8_e4m3 (tensor-wise and row-wise scales), every variant, at each world size (1 and every device)
  plugins [WORLD_SIZES] [MAX]        the bundle's example CUDA plugin (plugins/cuda) beside the built-in one-shot: graph sweeps 2K..MAX (64M) in bf16, fp16, fp32 checks, eager
  push [MAX]                         the push one-shot in graph mode (bf16 2K..MAX, fp16, fp32) and eager, beside the pull one-shot
  scale [WORLD_SIZES] [MAX]          at each world size: ceilings, every all-reduce sweep, tune, all_reduce, AG-GEMM; two concurrent pairs on 4+ GPUs
  torch [WORLD_SIZES]                PyTorch's symmetric-memory ops (deploy/torch_symm.py) beside ours in the same call: all-reduce 2K..2M (graph), ag_gemm and matmul_reduce_scatter on the anchors
  teams [MAX]                        per-host teams on one 4-GPU host (two hosts of 2 GPUs, pretended) beside 2 GPUs alone; unequal teams refused
  help                               this list
Output: $OUT (default /tmp/symmbench-out). Environment: AG_SHAPES (compare), GAP_S, MAX_BYTES, WORLD_SIZE (gate).
EOF
}

# --- Shared set-up ----------------------------------------------------------------------------

# The environment of a GPU host without packages: NVLink multicast off for every process, and
# NCCL 2.28 and cuBLASLt 13 as PyTorch's wheels bring them on the library path (the bundle
# carries neither; its own libraries come through the binaries' RUNPATH, $ORIGIN/../lib).
setup_env() {
  export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1
  local nccl=/opt/torch/.venv/lib/python3.12/site-packages/nvidia/nccl/lib cublas
  [ -d "$nccl" ] && export LD_LIBRARY_PATH="$nccl${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
  cublas="$(dirname "$(find /opt/torch/.venv /usr/local/cuda* -name 'libcublasLt.so.13*' 2>/dev/null | head -1)")"
  [ -n "$cublas" ] && [ "$cublas" != . ] && export LD_LIBRARY_PATH="$cublas${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
  return 0
}

# Where results go: $out.
setup_out() {
  out="${OUT:-/tmp/symmbench-out}"
  mkdir -p "$out"
}

# start_daemon [FLAG...]: symmbenchd from $bundle on a free loopback port (extra daemon flags,
# e.g. --allow-fault-injection, --worker PATH); sets `c` (the client command), `daemon` (its
# pid) and `state` (its database and logs). On exit the daemon stops and $state becomes
# $out/logs.tgz.
start_daemon() {
  state="$(mktemp -d /tmp/symmbench.XXXXXX)"
  "$bundle/bin/symmbenchd" --listen 127.0.0.1:0 --port-file "$state/port" --metrics-listen 127.0.0.1:0 --db "$state/jobs.db" \
    --log-dir "$state/logs" "$@" >"$state/symmbenchd.log" 2>&1 &
  daemon=$!
  trap 'kill $daemon 2>/dev/null; wait $daemon 2>/dev/null; tar czf "$out/logs.tgz" "$state" 2>/dev/null' EXIT
  for _ in $(seq 1 300); do [ -s "$state/port" ] && break; sleep 0.1; done
  c=("$bundle/bin/symmbench" --coordinator "$(head -1 "$state/port")")
}

stop_daemon() {
  kill "$daemon"
  wait "$daemon" 2>/dev/null
}

# The number of devices the daemon offers.
device_count() { "${c[@]}" devices --json | grep -o '"index"' | wc -l; }

# job_id FILE: the job id in a record written by `submit --json`.
job_id() { grep -o '"job_id": *"[^"]*"' "$1" | head -1 | grep -o 'j-[0-9]*'; }

# run NAME [SUBMIT-ARG...]: submits a job and waits; $out/NAME.json (the record) and
# $out/NAME.txt (its table, also printed).
run() {
  local name="$1"
  shift
  echo "== $name ($(date +%T))"
  "${c[@]}" submit --wait --json "$@" >"$out/$name.json"
  "${c[@]}" status "$(job_id "$out/$name.json")" | tee "$out/$name.txt"
}

# summarize NAME: one line of the job record $out/NAME.json: "NAME STATE rows=N checked=B
# wrong=N in_place_wrong=N max_rel_error=E seconds=S config='...' error='...'" (seconds: from
# start to end on the devices; max_rel_error: the GEMM ops').
summarize() {
  python3 - "$1" "$out/$1.json" <<'PY'
import json, sys
name, path = sys.argv[1], sys.argv[2]
try:
    job = json.load(open(path))
except Exception as e:
    print(f"{name} NO_RECORD {e}"); sys.exit()
rows = [r for r in job.get("rows", []) if not r.get("partial")]
wrong = sum(r.get("wrong", 0) for r in rows)
in_place = sum((r.get("in_place") or {}).get("wrong", 0) for r in rows)
checked = all(r.get("checked") for r in rows) if rows else False
config = rows[0].get("reference_config", "") if rows else ""
rel = max([(r.get("gemm") or {}).get("rel_error", 0) for r in rows] or [0])
took = (job.get("end_time_unix_ms", 0) - job.get("start_time_unix_ms", 0)) / 1000
print(f"{name} {job.get('state')} rows={len(rows)} checked={checked} wrong={wrong} "
      f"in_place_wrong={in_place} max_rel_error={rel:.2g} seconds={took:.1f} config='{config}' "
      f"error='{job.get('error', '')[:200]}'")
PY
}

# --- Commands ---------------------------------------------------------------------------------

# env: the exports, for `eval "$(deploy/gpu-suite.sh env)"` (symmbench by hand on this host).
cmd_env() {
  setup_env
  echo "# bundle: $bundle (bin/symmbenchd, bin/symmbench-worker, bin/symmbench)"
  echo "export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1"
  [ -n "${LD_LIBRARY_PATH:-}" ] && printf 'export LD_LIBRARY_PATH=%q\n' "$LD_LIBRARY_PATH"
  return 0
}

# main [all|main|all_reduce|ag_gemm]: records the machine and the binaries' versions, runs the
# main job as README command 1 runs it (deploy/run-job.sh: text, then JSON), follows an
# all_reduce sweep in graph mode on a terminal (rows and the progress line as a user sees them),
# then the small-message sweep, the fp16 and fp32 sweeps and the AG-GEMM anchor shapes at three
# splits. main: only the main job and the terminal sweep; all_reduce: the main job and the
# sweeps; ag_gemm: only the AG-GEMM shapes.
cmd_main() {
  local only="${1:-all}" gpus start dtype splits
  case "$only" in
    all | main | all_reduce | ag_gemm) ;;
    *) echo "main: want all, main, all_reduce or ag_gemm (got \"$only\")" >&2; return 2 ;;
  esac
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
    for splits in auto 1 4; do
      run "ag_gemm_splits_$splits" --world-size "$gpus" --kernel ag_gemm --shapes "$shapes" \
        --splits-per-rank "$splits" --warmup 5 --iters 20
    done
  fi
}

# sharded-dispatch [MAX]: the all_gather and reduce_scatter dispatchers, graph mode, bf16,
# 1K..MAX (256M) by 4: with the built-in table at one GPU and at every device, then `symmbench
# tune --op` at every device (each candidate against NCCL and NCCL's symmetric kernels) and the
# dispatcher again with the tuned table.
cmd_sharded_dispatch() {
  local max="${1:-256M}" ws op
  start_daemon
  "${c[@]}" devices
  ws="$(device_count)"
  for op in all_gather reduce_scatter; do
    local each=(--kernel "$op" --dtype bf16 --min-bytes 1K --max-bytes "$max" --step-factor 4 --graph --warmup 20 --iters 100)
    run "${op}_ws1_builtin" "${each[@]}" --world-size 1
    run "${op}_ws${ws}_builtin" "${each[@]}" --world-size "$ws"
    echo "== tune --op $op, world size $ws ($(date +%T))"
    "${c[@]}" tune --op "$op" --world-size "$ws" --min-bytes 1K --max-bytes "$max" --step-factor 4 \
      --warmup 20 --iters 100 | tee "$out/tune_${op}.txt"
    run "${op}_ws${ws}_tuned" "${each[@]}" --world-size "$ws"
  done
}

# all-reduce [MAX]: `symmbench tune` (one-shot, two-shot and push one-shot sweeps in graph mode,
# each against NCCL and NCCL's symmetric kernels), the tuned `all_reduce` (bf16), and
# `all_reduce` in fp16 and fp32 (built-in default table), 2K..MAX by 2.
cmd_all_reduce() {
  local max="${1:-256M}" job ws dtype name
  start_daemon
  "${c[@]}" devices

  echo "== tune (graph mode), 2K..$max"
  "${c[@]}" tune --min-bytes 2K --max-bytes "$max" --step-factor 2 --warmup 20 --iters 100 \
    | tee "$out/tune.txt"
  for job in $("${c[@]}" list --json | grep -o '"job_id": *"[^"]*"' | grep -o 'j-[0-9]*' | sort); do
    "${c[@]}" status "$job" | tee "$out/$job.txt"
    "${c[@]}" status "$job" --json >"$out/$job.json"
  done
  ws="$(device_count)"
  for dtype in bf16 fp16 fp32; do
    name=all_reduce
    [ "$dtype" = bf16 ] || name="all_reduce_$dtype"
    echo "== all_reduce $dtype (bf16: tuned; others: built-in default table), graph"
    "${c[@]}" submit --kernel all_reduce --dtype "$dtype" --min-bytes 2K --max-bytes "$max" \
      --step-factor 2 --world-size "$ws" --graph --warmup 20 --iters 100 --wait --json >"$out/$name.json"
    "${c[@]}" status "$(job_id "$out/$name.json")" | tee "$out/$name.txt"
  done
}

# calibrate: `symmbench calibrate`, then the one-shot sweep in graph mode, the two-shot's large
# sizes and the AG-GEMM shapes, whose rows then carry roofline fractions.
cmd_calibrate() {
  local ws f
  start_daemon
  ws="$(device_count)"
  echo "== calibrate"
  "${c[@]}" calibrate --copy-bytes 256M --iters 50 | tee "$out/calibrate.txt"
  echo "== one-shot, graph mode, with roofline fractions"
  "${c[@]}" submit --kernel one_shot_all_reduce --world-size "$ws" --min-bytes 2K --max-bytes 256M \
    --step-factor 4 --graph --warmup 20 --iters 100 --wait --json >"$out/one_shot_roofline.json"
  echo "== two-shot, graph mode, with roofline fractions"
  "${c[@]}" submit --kernel two_shot_all_reduce --world-size "$ws" --min-bytes 32M --max-bytes 256M \
    --step-factor 2 --graph --warmup 20 --iters 100 --wait --json >"$out/two_shot_roofline.json"
  echo "== ag_gemm with roofline fractions"
  "${c[@]}" submit --kernel ag_gemm --world-size "$ws" --shapes "$shapes" --warmup 5 --iters 20 \
    --wait --json >"$out/ag_gemm_roofline.json"
  for f in "$out"/*_roofline.json; do
    echo "$f: $(grep -c '"busbw_fraction"\|"tflops_fraction"' "$f") rows with roofline fractions"
  done
}

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
  for kernel in one_shot_all_reduce two_shot_all_reduce one_shot_push_all_reduce all_reduce; do
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
  for kernel in one_shot_all_reduce two_shot_all_reduce one_shot_push_all_reduce; do
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

# compare A B [ROUNDS] [SIZES]: two builds on the same GPUs. Rounds alternate between bundle A
# and bundle B (folders holding bin/; their lib/ or LD_LIBRARY_PATH for the libraries), each a
# fresh daemon of that bundle and one graph-mode job per all-reduce kernel at world size = every
# GPU; the table gives every round's eager and graph medians side by side (us per op), so that
# a change is judged against the machine's own spread rather than against another day's
# figures. ROUNDS default 3, SIZES default 2K,32K,512K,8M. With AG_SHAPES set (MxNxK,...) each
# round also runs one ag_gemm job over those shapes (its t_fused per round, and 0 wrong).
cmd_compare() {
  if [ $# -lt 2 ]; then
    echo "compare: want A_DIR B_DIR [ROUNDS] [SIZES]" >&2
    return 2
  fi
  local a="$1" b="$2" rounds="${3:-3}" sizes="${4:-2K,32K,512K,8M}" gpus r side k
  local bundle  # start_daemon runs this round's bundle: its daemon, client and workers
  gpus="$(nvidia-smi -L | wc -l)"
  for r in $(seq 1 "$rounds"); do
    for side in a b; do
      bundle="$([ "$side" = a ] && echo "$a" || echo "$b")"
      start_daemon --worker "$bundle/bin/symmbench-worker"
      for k in one_shot_all_reduce two_shot_all_reduce one_shot_push_all_reduce all_reduce; do
        "${c[@]}" submit --kernel "$k" --world-size "$gpus" --sizes "$sizes" --graph --repeats 5 \
          --warmup 20 --iters 100 --wait --json >"$out/compare_${side}_${r}_$k.json" 2>/dev/null
      done
      if [ -n "${AG_SHAPES:-}" ]; then
        "${c[@]}" submit --kernel ag_gemm --world-size "$gpus" --dtype bf16 --shapes "$AG_SHAPES" \
          --warmup 5 --iters 20 --wait --json >"$out/compare_${side}_${r}_ag_gemm.json" 2>/dev/null
      fi
      stop_daemon
    done
  done
  python3 - "$out" "$a" "$b" <<'PY'
import collections, glob, json, sys
out, a, b = sys.argv[1:4]
cells = collections.defaultdict(list)
for path in sorted(glob.glob(f"{out}/compare_*.json")):
    side, rnd, kernel = path.rsplit("/", 1)[1][len("compare_"):-len(".json")].split("_", 2)
    for row in json.load(open(path)).get("rows", []):
        if kernel == "ag_gemm":  # shapes: t_fused as time_us, no graph figure
            g = row.get("gemm") or row  # GEMM figures: under "gemm" since record format 3
            key = f'{g["m"]}x{g["n"]}x{g["k"]}'
            row = dict(row, time_us=g["t_fused_us"], graph_time_us=0.0)
        else:
            key = row["size_bytes"]
        if row.get("wrong", 0):
            print(f"WRONG: {path}: {row.get('wrong')} wrong elements")
        cells[(kernel, key, side)].append(row)
print(f"A = {a}, B = {b}; us per op in each round; eager | graph")
for kernel, size in sorted({(k, s) for k, s, _ in cells}):
    line = [f"{kernel:26s} {size!s:>16s}"]
    for side in "ab":
        rows = cells.get((kernel, size, side), [])
        line.append(side.upper() + " " + " ".join(f"{r['time_us']:.2f}" for r in rows) + " | " +
                    " ".join(f"{r['graph_time_us']:.2f}" for r in rows))
    print("  ".join(line))
PY
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
# seconds a fresh run of the same spec gated against it (should pass); then the same spec with a
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
    echo "baseline $base; gate of the same spec ${gap_s} s later: exit $same_rc (want 0)"
    echo "gate with +${delay_us} us per op at ${delay_min}..${delay_max}: exit $delayed_rc (want 1)"
    grep -E '^# result|REGRESSED' "$out/gate_delayed.txt"
  } | tee "$out/summary.txt"
}

# push [MAX]: the push one-shot in graph mode 2K..MAX (bf16; fp16 and fp32 to 4M) and eager
# 2K..1M (bf16), the pull one-shot in graph mode 2K..1M for comparison.
cmd_push() {
  local max="${1:-256M}" ws
  start_daemon
  "${c[@]}" devices
  ws="$(device_count)"
  local each=(--world-size "$ws" --warmup 20 --iters 100)
  run push_graph_bf16 "${each[@]}" --kernel one_shot_push_all_reduce --dtype bf16 --min-bytes 2K --max-bytes "$max" --step-factor 2 --graph
  run push_eager_bf16 "${each[@]}" --kernel one_shot_push_all_reduce --dtype bf16 --min-bytes 2K --max-bytes 1M --step-factor 2
  run pull_graph_bf16 "${each[@]}" --kernel one_shot_all_reduce --dtype bf16 --min-bytes 2K --max-bytes 1M --step-factor 2 --graph
  run push_graph_fp16 "${each[@]}" --kernel one_shot_push_all_reduce --dtype fp16 --min-bytes 2K --max-bytes 4M --step-factor 4 --graph
  run push_graph_fp32 "${each[@]}" --kernel one_shot_push_all_reduce --dtype fp32 --min-bytes 2K --max-bytes 4M --step-factor 4 --graph
}

# plugins [WORLD_SIZES] [MAX]: a daemon with --plugin-dir $bundle/plugins/cuda; at each world size
# (default: 1 and every device) the example plugin's one-shot all-reduce and the built-in
# one_shot_all_reduce, each beside NCCL in the same job: bf16 graph sweeps 2K..MAX, an eager
# bf16 sweep up to 1M, fp16 and fp32 at odd sizes (checked, not for speed).
cmd_plugins() {
  local world_sizes="${1:-}" max="${2:-64M}" ws kernel name
  start_daemon --plugin-dir "$bundle/plugins/cuda"
  "${c[@]}" devices
  [ -n "$world_sizes" ] || world_sizes="1 $(device_count)"
  for ws in $world_sizes; do
    local each=(--world-size "$ws" --warmup 20 --iters 100)
    for kernel in example_one_shot_cuda:one_shot one_shot_all_reduce; do
      name="${kernel%%:*}"
      run "${name}_ws${ws}_graph_bf16" "${each[@]}" --kernel "$kernel" --dtype bf16 --min-bytes 2K --max-bytes "$max" --step-factor 4 --graph
      run "${name}_ws${ws}_eager_bf16" "${each[@]}" --kernel "$kernel" --dtype bf16 --min-bytes 2K --max-bytes 1M --step-factor 4
      run "${name}_ws${ws}_odd_fp16" "${each[@]}" --kernel "$kernel" --dtype fp16 --sizes 2,2050,1000006 --graph
      run "${name}_ws${ws}_odd_fp32" "${each[@]}" --kernel "$kernel" --dtype fp32 --sizes 4,4100,2000012 --graph
    done
  done
}

# sharded [WORLD_SIZES] [MAX]: at each world size (default: 1 and every device) the two
# all-gathers and the two reduce-scatters, each beside ncclAllGather / ncclReduceScatter (plain
# and symmetric windows) in the same job: bf16 graph sweeps 1K..MAX (x4), an eager bf16 sweep
# up to 1M, and fp16 / fp32 at odd sizes (checked, not for speed).
cmd_sharded() {
  local world_sizes="${1:-}" max="${2:-256M}" ws kernel
  start_daemon
  "${c[@]}" devices
  [ -n "$world_sizes" ] || world_sizes="1 $(device_count)"
  for ws in $world_sizes; do
    local each=(--world-size "$ws" --warmup 20 --iters 100)
    for kernel in one_shot_all_gather low_contention_all_gather one_shot_reduce_scatter low_contention_reduce_scatter; do
      run "${kernel}_ws${ws}_graph_bf16" "${each[@]}" --kernel "$kernel" --dtype bf16 --min-bytes 1K --max-bytes "$max" --step-factor 4 --graph
      run "${kernel}_ws${ws}_eager_bf16" "${each[@]}" --kernel "$kernel" --dtype bf16 --min-bytes 1K --max-bytes 1M --step-factor 4
      run "${kernel}_ws${ws}_odd_fp16" "${each[@]}" --kernel "$kernel" --dtype fp16 --sizes 6,2050,1000006 --graph
      run "${kernel}_ws${ws}_odd_fp32" "${each[@]}" --kernel "$kernel" --dtype fp32 --sizes 12,4100,2000012 --graph
    done
  done
}

# ag-gemm [WORLD_SIZES] [SHAPES]: ag_gemm at each world size (default: every device) on the
# anchor shapes, every variant in the same job (fused, all_gather, gemm, sequential, pipelined),
# at splits_per_rank 1, 2 and 4 (the fused op's chunks per shard, the pipeline's stages), bf16.
cmd_ag_gemm() {
  local world_sizes="${1:-}" ag_shapes="${2:-$shapes}" ws splits
  start_daemon
  "${c[@]}" devices
  [ -n "$world_sizes" ] || world_sizes="$(device_count)"
  for ws in $world_sizes; do
    for splits in 1 2 4; do
      run "ag_gemm_ws${ws}_splits_${splits}" --kernel ag_gemm --world-size "$ws" --shapes "$ag_shapes" \
        --dtype bf16 --splits-per-rank "$splits" --warmup 5 --iters 20
    done
  done
}

# matmul-rs [WORLD_SIZES] [SHAPES]: matmul_reduce_scatter at each world size (default: 1 and
# every device) on the anchor shapes (M x N x K, K split over the ranks), every variant timed
# in the same job, at splits auto, 1 and 4 in bf16 and auto in fp16.
cmd_matmul_rs() {
  local world_sizes="${1:-}" rs_shapes="${2:-$shapes}" ws splits
  start_daemon
  "${c[@]}" devices
  [ -n "$world_sizes" ] || world_sizes="1 $(device_count)"
  for ws in $world_sizes; do
    local each=(--kernel matmul_reduce_scatter --world-size "$ws" --shapes "$rs_shapes" --warmup 5 --iters 20)
    for splits in auto 1 4; do
      run "matmul_rs_ws${ws}_bf16_splits_${splits}" "${each[@]}" --dtype bf16 --splits-per-rank "$splits"
    done
    run "matmul_rs_ws${ws}_fp16" "${each[@]}" --dtype fp16
  done
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
  local swept=(one_shot_all_reduce two_shot_all_reduce one_shot_push_all_reduce all_reduce
    one_shot_all_gather low_contention_all_gather all_gather one_shot_reduce_scatter
    low_contention_reduce_scatter reduce_scatter broadcast example_one_shot_cuda:one_shot)
  start_daemon --allow-fault-injection --plugin-dir "$bundle/plugins/cuda"
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
    for kernel in ag_gemm matmul_reduce_scatter; do
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

# torch [WORLD_SIZES]: PyTorch's own symmetric-memory ops beside ours in the same call, at each
# world size (default: 2 and every device): our all_reduce, one-shot and two-shot (graph, bf16,
# 2K..2M) and ag_gemm and matmul_reduce_scatter on the anchor shapes, then deploy/torch_symm.py
# (one_shot_all_reduce, two_shot_all_reduce_, fused_all_gather_matmul,
# fused_matmul_reduce_scatter) with PyTorch's python ($TORCH_PYTHON, default
# /opt/torch/.venv/bin/python); torch_wsN.md puts them side by side.
cmd_torch() {
  local world_sizes="${1:-}" python="${TORCH_PYTHON:-/opt/torch/.venv/bin/python}" ws kernel
  start_daemon
  [ -n "$world_sizes" ] || world_sizes="$(printf '2\n%s\n' "$(device_count)" | sort -nu | tr '\n' ' ')"
  for ws in $world_sizes; do
    for kernel in all_reduce one_shot_all_reduce two_shot_all_reduce; do
      run "${kernel}_ws$ws" --kernel "$kernel" --world-size "$ws" --dtype bf16 --sizes 2K,16K,256K,2M \
        --graph --warmup 20 --iters 100 --repeats 5
    done
    for kernel in ag_gemm matmul_reduce_scatter; do
      run "${kernel}_ws$ws" --kernel "$kernel" --world-size "$ws" --dtype bf16 --shapes "$shapes" --warmup 5 --iters 20
    done
    echo "== PyTorch at $ws ranks ($(date +%T))"
    "$python" -m torch.distributed.run --standalone --nproc-per-node "$ws" deploy/torch_symm.py \
      --out "$out/torch_ws$ws.json" --shapes "$shapes" --warmup 10 --iters 50 --repeats 5 2>&1 | tail -30
    python3 - "$out" "$ws" <<'PY' | tee "$out/torch_ws$ws.md"
import json, os, sys
out, ws = sys.argv[1], sys.argv[2]
def load(name):
    path = os.path.join(out, name)
    return json.load(open(path)) if os.path.exists(path) else {}
torch = load(f"torch_ws{ws}.json")
ours = {k: {r["size_bytes"]: r for r in load(f"{k}_ws{ws}.json").get("rows", [])}
        for k in ("all_reduce", "one_shot_all_reduce", "two_shot_all_reduce")}
theirs = {}
for r in torch.get("all_reduce", []):
    theirs[(r["op"], r["bytes"])] = r
def f(x):
    return f"{x:.2f}" if isinstance(x, (int, float)) and x > 0 else "-"
print(f"## all-reduce, bf16, graph, {ws} ranks: us per op ({torch.get('torch', 'no torch')})\n")
print("| bytes | all_reduce | one_shot | two_shot | best NCCL | torch one_shot | torch two_shot | torch NCCL |")
print("| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
for size, row in sorted(ours["all_reduce"].items()):
    nccl = min([x.get("graph_time_us", 0) for x in row.get("references", []) if x.get("graph_time_us", 0) > 0] or [0])
    t = lambda op: theirs.get((op, size), {}).get("time_us", 0)
    print(f"| {size} | {f(row.get('graph_time_us'))} | "
          f"{f(ours['one_shot_all_reduce'].get(size, {}).get('graph_time_us'))} | "
          f"{f(ours['two_shot_all_reduce'].get(size, {}).get('graph_time_us'))} | {f(nccl)} | "
          f"{f(t('one_shot'))} | {f(t('two_shot'))} | {f(t('nccl'))} |")
for kernel, key, comm in (("ag_gemm", "ag_gemm", "t_ag_us"), ("matmul_reduce_scatter", "matmul_rs", "t_rs_us")):
    rows = load(f"{kernel}_ws{ws}.json").get("rows", [])
    their = {r["shape"]: r for r in torch.get(key, [])}
    print(f"\n## {kernel}, bf16, {ws} ranks: us, ratio = fused / max(comm, gemm)\n")
    print("| shape | fused | comm | gemm | ratio | torch fused | torch comm | torch gemm | torch ratio |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for r in rows:
        g = r.get("gemm") or {}
        shape = f"{g.get('m')}x{g.get('n')}x{g.get('k')}"
        ratio = g.get("t_fused_us", 0) / max(g.get(comm, 0), g.get("t_gemm_us", 0), 1e-9)
        t = their.get(shape, {})
        tcomm = t.get("all_gather_us", t.get("reduce_scatter_us", 0))
        print(f"| {shape} | {f(g.get('t_fused_us'))} | {f(g.get(comm))} | {f(g.get('t_gemm_us'))} | "
              f"{ratio:.3f} | {f(t.get('fused_us'))} | {f(tcomm)} | {f(t.get('gemm_us'))} | {f(t.get('ratio'))} |")
PY
  done
}

# fp8 [WORLD_SIZES] [SHAPES]: both GEMM ops at each world size (default: 1 and every device) on
# the anchor shapes, every variant in the same job, splits auto: bf16, then fp8_e4m3 with
# tensor-wise and with row-wise scales. The gemm column at world size 1 is cuBLASLt's FP8 GEMM
# against its bf16 one; the fused and sequential columns show how much less of the
# communication the halved GEMM time hides.
cmd_fp8() {
  local world_sizes="${1:-}" fp8_shapes="${2:-$shapes}" ws kernel name
  start_daemon
  "${c[@]}" devices
  [ -n "$world_sizes" ] || world_sizes="1 $(device_count)"
  for ws in $world_sizes; do
    for kernel in ag_gemm matmul_reduce_scatter; do
      local each=(--kernel "$kernel" --world-size "$ws" --shapes "$fp8_shapes" --warmup 5 --iters 20)
      name="${kernel}_ws${ws}"
      run "${name}_bf16" "${each[@]}" --dtype bf16
      run "${name}_fp8_tensorwise" "${each[@]}" --dtype fp8_e4m3 --fp8-scaling tensorwise
      run "${name}_fp8_rowwise" "${each[@]}" --dtype fp8_e4m3 --fp8-scaling rowwise
    done
  done
}

# scale [WORLD_SIZES] [MAX]: records the machine (nvidia-smi topo -m, NVLink status, the
# devices), then at each world size (default: every device count from all of them down to 2 by
# 2, e.g. "4 2") the peer-copy ceilings (`calibrate`), the one-shot, two-shot and push one-shot
# sweeps (eager and graph, verified), `tune` and the dispatched all_reduce, the AG-GEMM shapes,
# and finally, on 4 or more GPUs, one world-size-2 job alone beside two such jobs at once on
# disjoint GPU pairs. Every job's record also as JSON.
cmd_scale() {
  local world_sizes="${1:-}" max="${2:-256M}" devices ws kernel submit_a p job
  {
    nvidia-smi --query-gpu=index,name,driver_version,memory.total,clocks.max.sm --format=csv
    nvidia-smi topo -m
    nvidia-smi nvlink -s -i 0
    "$bundle/bin/symmbench-worker" --probe-devices
  } >"$out/machine.txt" 2>&1
  cat "$out/machine.txt"

  start_daemon
  devices="$(device_count)"
  [ -n "$world_sizes" ] || world_sizes="$(seq "$devices" -2 2 | tr '\n' ' ')"
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
    local pair=(--kernel one_shot_all_reduce --world-size 2 --min-bytes 2K --max-bytes "$max" --step-factor 4
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
}

# teams [MAX]: per-host teams on one 4-GPU host. The workers are told they run on two hosts
# (SYMMBENCH_HOST=host0 for ranks 0,1 and host1 for ranks 2,3, through a --worker wrapper), so
# each pair of GPUs is a team on its own symmetric memory while "nccl_all_reduce_global" spans
# all four ranks. Runs the one-shot, two-shot and dispatched all_reduce as teams at world size 4,
# the same kernels at world size 2 (a team alone, for comparison) and a world-size-3 job whose
# teams would differ in size (refused); then the rows as one table per kernel. MAX default 64M.
cmd_teams() {
  local max="${1:-64M}" wrapper kernel
  wrapper="$(mktemp /tmp/team-worker.XXXXXX)"
  cat >"$wrapper" <<WRAP
#!/usr/bin/env bash
args=("\$@")
for ((i = 0; i < \${#args[@]}; i++)); do
  [ "\${args[\$i]}" = --rank ] && rank="\${args[\$((i + 1))]}"
done
SYMMBENCH_HOST="host\$((rank / 2))" exec "$PWD/$bundle/bin/symmbench-worker" "\$@"
WRAP
  chmod +x "$wrapper"
  start_daemon --worker "$wrapper"
  local sweep=(--min-bytes 2K --max-bytes "$max" --step-factor 4 --graph --warmup 20 --iters 100 --repeats 2)
  for kernel in one_shot_all_reduce two_shot_all_reduce all_reduce; do
    run "${kernel}_teams_ws4" --kernel "$kernel" --world-size 4 --per-host-teams "${sweep[@]}"
    run "${kernel}_ws2" --kernel "$kernel" --world-size 2 "${sweep[@]}"
  done
  run teams_unequal_ws3 --kernel one_shot_all_reduce --world-size 3 --per-host-teams --sizes 4K
  # The rows as one table: the team kernel, the same kernel on 2 GPUs alone, NCCL over all 4.
  python3 - "$out" <<'PY'
import json, sys, os
out = sys.argv[1]
for kernel in ["one_shot_all_reduce", "two_shot_all_reduce", "all_reduce"]:
    teams = json.load(open(os.path.join(out, f"{kernel}_teams_ws4.json")))
    alone = json.load(open(os.path.join(out, f"{kernel}_ws2.json")))
    alone_rows = {r["size_bytes"]: r for r in alone.get("rows", [])}
    print(f"\n{kernel}: {teams['state']} (teams) / {alone['state']} (ws2 alone)")
    print("| size | team graph us | team_size | wrong | ws2 alone graph us | best NCCL in the team, graph us | nccl_all_reduce_global graph us | global busbw GB/s |")
    print("| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for r in teams.get("rows", []):
        b = {x["name"]: x for x in r.get("references", [])}
        g = b.get("nccl_all_reduce_global", {})
        a = alone_rows.get(r["size_bytes"], {})
        print(f"| {r['size_bytes']} | {r.get('graph_time_us', 0):.2f} | {r.get('team_size', 0)} | {r['wrong']} | "
              f"{a.get('graph_time_us', 0):.2f} | {r.get('reference_graph_time_us', 0):.2f} | "
              f"{g.get('graph_time_us', 0):.2f} | {g.get('busbw_gbps', 0):.1f} |")
PY
}

# --- Dispatch ---------------------------------------------------------------------------------

command="${1:-}"
[ $# -gt 0 ] && shift
case "$command" in
  help | -h | --help) usage ;;
  "") usage >&2; exit 2 ;;
  env) cmd_env ;;
  ag-gemm | main | all-reduce | calibrate | checks | compare | every-op | faults | fp8 | gate | matmul-rs | plugins | push | scale | sharded | sharded-dispatch | teams | torch)
    setup_env
    setup_out
    "cmd_${command//-/_}" "$@"
    ;;
  *)
    echo "gpu-suite.sh: unknown command \"$command\"; deploy/gpu-suite.sh help lists them" >&2
    exit 2
    ;;
esac
