#!/bin/sh
# A stand-in for symmbench-worker in the Store tests: records its arguments and the job secret
# the daemon put in its environment to $SYMMBENCH_FAKE_WORKER_DIR/<job>.rank<r>.{argv,secret},
# then sleeps until the daemon kills it (cancel), so the job stays RUNNING while a test uses
# its Store.
argv="$*"
job= rank=
while [ $# -gt 0 ]; do
  case "$1" in
    --job-id) job=$2; shift ;;
    --rank) rank=$2; shift ;;
  esac
  shift
done
umask 077
out="$SYMMBENCH_FAKE_WORKER_DIR/$job.rank$rank"
printf '%s' "$argv" > "$out.argv"
printf '%s' "$SYMMBENCH_JOB_SECRET" > "$out.secret.tmp" && mv "$out.secret.tmp" "$out.secret"
exec sleep 600
