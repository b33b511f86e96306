# deploy/gpu-suite.sh's all-reduce commands: main, all-reduce, calibrate, push, compare.
# Sourced by deploy/gpu-suite.sh after common.sh, whose helpers and variables they use.

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
      for k in $(ops computes=all_reduce_sum family='swept_collective|dispatcher' plugin=false); do
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
