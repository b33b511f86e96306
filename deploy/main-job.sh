#!/usr/bin/env bash
# README command 1: install what is missing, build, start the coordinator on loopback, run the
# main job (`symmbench run`) on every GPU (or the CPU backend), print its report and stop.
set -euo pipefail
cd "$(dirname "$0")/.."
deploy/install-deps.sh
bazel build -c opt //server:symmbenchd //worker:symmbench-worker //client:symmbench
bin="$(mktemp -d /tmp/symmbench-bin.XXXXXX)"
for b in server/symmbenchd worker/symmbench-worker client/symmbench; do
  ln -s "$PWD/bazel-bin/$b" "$bin/$(basename "$b")"
done
SYMMBENCH_BIN="$bin" deploy/run-job.sh "$@"
