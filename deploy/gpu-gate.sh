#!/usr/bin/env bash
# Regression gating, in one call on a GPU host, building nothing there: a daemon with
# fault injection allowed; the one-shot all-reduce sweep 2K..64M (x4, 5 timing loops a size) kept
# as baseline "gpu-demo"; after GAP_S seconds a fresh run of the same spec gated against it
# (should pass); then the same spec with a delay of 20% of the slowest window median injected at
# sizes DELAY_MIN..DELAY_MAX (every delayed size >= 20% slower) gated against it (should fail on
# exactly those sizes). Tables, Markdown, JUnit and JSON under $OUT, and summary.txt.
#   deploy/gpu-gate.sh [DELAY_MIN [DELAY_MAX]]     defaults 32K 512K
#   environment: GAP_S (default 60), MAX_BYTES (default 67108864), WORLD_SIZE (default: every
#   device; a CPU dry run of the plumbing: WORLD_SIZE=1 MAX_BYTES=524288 GAP_S=1)
# Prerequisite here: deploy/bundle.sh (the call carries dist/).
set -uo pipefail
# shellcheck source=deploy/gpu-env.sh
source "$(dirname "$0")/gpu-env.sh"
delay_min="${1:-32K}"
delay_max="${2:-512K}"
gap_s="${GAP_S:-60}"

start_daemon --allow-fault-injection
"${c[@]}" devices | tee "$out/devices.txt"
ws="${WORLD_SIZE:-$("${c[@]}" devices --json | grep -o '"index"' | wc -l)}"
max_bytes="${MAX_BYTES:-67108864}"
spec="$out/sweep.json"
cat >"$spec" <<SPEC
{"kernel": "one_shot_all_reduce", "world_size": $ws, "dtype": "bf16", "min_bytes": 2048,
 "max_bytes": $max_bytes, "step_factor": 4, "warmup_iters": 20, "iters": 100, "repeats": 5}
SPEC
job_of() { grep -o '"job_id": *"j-[0-9]*"' "$1" | head -1 | grep -o 'j-[0-9]*'; }

echo "== baseline: one-shot all-reduce, world size $ws, 2K..$max_bytes B"
"${c[@]}" submit --spec "$spec" --label run=baseline --wait --json >"$out/baseline_job.json"
base="$(job_of "$out/baseline_job.json")"
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
