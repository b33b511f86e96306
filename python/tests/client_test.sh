#!/usr/bin/env bash
# Runs python/tests/client_test.py with Debian's /usr/bin/python3 and the symmbench package (the
# wrapper and its generated stubs, from the runfiles) on PYTHONPATH, against this build's
# symmbenchd and symmbench-worker.
set -euo pipefail
root="$TEST_SRCDIR/$TEST_WORKSPACE"
export PYTHONPATH="$root/python"
export SYMMBENCHD="$root/server/symmbenchd"
export SYMMBENCH_WORKER="$root/worker/symmbench-worker"
unset SYMMBENCH_COORDINATOR SYMMBENCH_TOKEN_FILE
exec /usr/bin/python3 -B "$root/python/tests/client_test.py"
