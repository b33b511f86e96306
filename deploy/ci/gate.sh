#!/usr/bin/env bash
# CI regression gate on a GPU runner, from the bundle: starts the bundle's coordinator
# on loopback, runs SPEC as the candidate and gates it against BASELINE, writes gate.md (for a
# pull-request comment), gate.xml (JUnit) and gate.txt under $GATE_OUT, stops the coordinator.
#
#   deploy/ci/gate.sh [SPEC [BASELINE]]     SPEC: a JobSpec JSON file (default: the one-shot
#                                           sweep beside this script); BASELINE: a stored
#                                           baseline's name or an exported file (default: main)
# Environment:
#   SYMMBENCH_BIN     folder with symmbenchd, symmbench-worker, symmbench
#                     (default: $SYMMBENCH_BUNDLE/bin, SYMMBENCH_BUNDLE default dist/symmbench)
#   SYMMBENCH_DB      coordinator database; it keeps the baselines from one CI run to the next
#                     (default: $XDG_STATE_HOME or ~/.local/state, /symmbench/ci.db)
#   GATE_OUT          output folder (default: gate-out)
#   GATE_ARGS         extra `symmbench gate` flags, e.g. "--max-slowdown 3%"
#   GATE_SAVE_AS      set on the main branch: run SPEC and keep it as this baseline (--force)
#                     instead of gating; also exported to $GATE_OUT/baseline.json
# Labels: git_sha, branch (GitHub Actions, GitLab CI or git) and machine go with the job.
# Exit code: the gate's: 0 pass, 1 a case regressed, is missing or wrong, 2 no decision, 3
# inconclusive (nothing failed; some case stayed undecided after measuring it again: a runner
# too noisy for the threshold, which a CI system may let pass with a warning).
set -uo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
spec="${1:-$here/one_shot_sweep.json}"
baseline="${2:-main}"
bin="${SYMMBENCH_BIN:-${SYMMBENCH_BUNDLE:-dist/symmbench}/bin}"
out="${GATE_OUT:-gate-out}"
db="${SYMMBENCH_DB:-${XDG_STATE_HOME:-$HOME/.local/state}/symmbench/ci.db}"
# NVLink multicast stays off in every process symmbench starts.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1
mkdir -p "$out" "$(dirname "$db")"
state="$(mktemp -d "${TMPDIR:-/tmp}/symmbench-ci.XXXXXX")"

"$bin/symmbenchd" --listen 127.0.0.1:0 --port-file "$state/port" --metrics-listen "" \
  --db "$db" --log-dir "$state/logs" --worker "$bin/symmbench-worker" \
  >"$state/symmbenchd.log" 2>&1 &
daemon=$!
# shellcheck disable=SC2317  # called by the EXIT trap
stop() {
  kill "$daemon" 2>/dev/null
  wait "$daemon" 2>/dev/null
  cp "$state/symmbenchd.log" "$out/symmbenchd.log" 2>/dev/null
  rm -rf "$state"
}
trap stop EXIT
for _ in $(seq 1 300); do
  [ -s "$state/port" ] && break
  kill -0 "$daemon" 2>/dev/null || { cat "$state/symmbenchd.log" >&2; exit 2; }
  sleep 0.1
done
[ -s "$state/port" ] || { echo "symmbenchd did not start" >&2; exit 2; }
c=("$bin/symmbench" --coordinator "$(head -1 "$state/port")")

sha="${GITHUB_SHA:-${CI_COMMIT_SHA:-$(git rev-parse HEAD 2>/dev/null || echo unknown)}}"
branch="${GITHUB_HEAD_REF:-}"
branch="${branch:-${GITHUB_REF_NAME:-${CI_COMMIT_REF_NAME:-$(git rev-parse --abbrev-ref HEAD 2>/dev/null || echo unknown)}}}"
labels=(--label "git_sha=$sha" --label "branch=$branch" --label "machine=$(hostname)")

if [ -n "${GATE_SAVE_AS:-}" ]; then
  "${c[@]}" submit --spec "$spec" "${labels[@]}" --wait --json >"$out/baseline_job.json"
  rc=$?
  job="$(grep -o '"job_id": *"j-[0-9]*"' "$out/baseline_job.json" | head -1 | grep -o 'j-[0-9]*')"
  if [ "$rc" -ne 0 ] || [ -z "$job" ]; then
    echo "baseline run failed (exit $rc)" >&2
    exit 2
  fi
  "${c[@]}" status "$job" | tee "$out/baseline.txt"
  "${c[@]}" baseline save "$job" --name "$GATE_SAVE_AS" --force || exit 2
  "${c[@]}" baseline export "$GATE_SAVE_AS" >"$out/baseline.json" || exit 2
  exit 0
fi

# shellcheck disable=SC2086  # GATE_ARGS is a list of flags
"${c[@]}" gate --baseline "$baseline" --run "$spec" "${labels[@]}" \
  --markdown "$out/gate.md" --junit "$out/gate.xml" ${GATE_ARGS:-} | tee "$out/gate.txt"
exit "${PIPESTATUS[0]}"
