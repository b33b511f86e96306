#!/usr/bin/env bash
# A --launch-command for tests/command_launcher_test: stands in for a cluster. `start JOB_ID`
# starts the job's workers on this host as background processes (the daemon starts nothing
# itself) and prints the handle "local:JOB_ID"; `stop HANDLE` kills them. Controlled per job by
# files in $SYMMBENCH_TEST_LAUNCH_DIR: `start_ranks` (how many ranks to start, default all) and
# `refuse` (start fails with that text). Records each call in `calls`.
set -euo pipefail
dir="$SYMMBENCH_TEST_LAUNCH_DIR"
echo "$*" >>"$dir/calls"
case "$1" in
  start)
    job="$2"
    if [ -f "$dir/refuse" ]; then
      cat "$dir/refuse" >&2
      exit 3
    fi
    ranks="$SYMMBENCH_WORLD_SIZE"
    [ -f "$dir/start_ranks" ] && ranks="$(cat "$dir/start_ranks")"
    mkdir -p "$dir/$job"
    # What a pod would see: the secret only in the environment, never in argv.
    [ -n "$SYMMBENCH_JOB_SECRET" ] || { echo "no SYMMBENCH_JOB_SECRET" >&2; exit 4; }
    for ((r = 0; r < ranks; r++)); do
      RANK="$r" setsid "$SYMMBENCH_TEST_WORKER" --rank-from-env RANK --device "$r" \
        --backend "$SYMMBENCH_BACKEND" --timeout-ms 20000 >"$dir/$job/rank$r.log" 2>&1 </dev/null &
      echo $! >>"$dir/$job/pids"
    done
    echo "local:$job"
    ;;
  stop)
    job="${2#local:}"
    if [ -f "$dir/$job/pids" ]; then
      while read -r pid; do kill -9 "$pid" 2>/dev/null || true; done <"$dir/$job/pids"
    fi
    touch "$dir/$job.stopped"
    ;;
  *)
    echo "usage: $0 start JOB_ID | stop HANDLE" >&2
    exit 2
    ;;
esac
