#!/usr/bin/env bash
# README command 2: install what is missing, build, run every test, and print the summary line
# `N passed, N failed, N skipped` counted from the gtest XML of each test target.
#   deploy/run-tests.sh [BAZEL_TEST_ARGS...]     e.g. --config=asan
# COUNT_LABEL=WORDS prefixes the line ("WORDS: N passed, ...").
set -uo pipefail
cd "$(dirname "$0")/.."
deploy/install-deps.sh || exit 1
bazel test //... "$@"
rc=$?
deploy/count-tests.py --label "${COUNT_LABEL:-}" "$(readlink -f bazel-testlogs)"
exit $rc
