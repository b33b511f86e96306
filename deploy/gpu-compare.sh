#!/usr/bin/env bash
# Compares two builds on the same GPUs: rounds alternate between bundle A and bundle B, each a
# fresh daemon and one graph-mode job per all-reduce kernel at world size = every GPU, and the
# table gives every round's eager and graph medians side by side (us per op), so that a change
# is judged against the machine's own spread rather than against another day's figures.
#   deploy/gpu-compare.sh DIR_A DIR_B [ROUNDS] [SIZES]
# DIR_A, DIR_B: bundle directories holding bin/ (their lib/ or LD_LIBRARY_PATH for the
# libraries); ROUNDS default 3; SIZES default 2K,32K,512K,8M. With AG_SHAPES set (MxNxK,...)
# each round also runs one ag_gemm job over those shapes (its t_fused per round, and 0 wrong).
# Records under $OUT.
set -uo pipefail
source "$(dirname "$0")/gpu-env.sh"
a="$1" b="$2" rounds="${3:-3}" sizes="${4:-2K,32K,512K,8M}"
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
    kill "$daemon"
    wait "$daemon" 2>/dev/null
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
            key = f'{row["m"]}x{row["n"]}x{row["k"]}'
            row = dict(row, time_us=row["t_fused_us"], graph_time_us=0.0)
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
