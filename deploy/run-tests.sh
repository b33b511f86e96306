#!/usr/bin/env bash
# README command 2: install what is missing, build, run every test, and print the summary line
# `N passed, N failed, N skipped` counted from the gtest XML of each test target.
set -uo pipefail
cd "$(dirname "$0")/.."
deploy/install-deps.sh || exit 1
bazel test //... "$@"
rc=$?
python3 - <<'PY'
import glob, xml.etree.ElementTree as ET
passed = failed = skipped = 0
for path in glob.glob("bazel-testlogs/**/test.xml", recursive=True):
    if "/run_" in path:  # left by an earlier --runs_per_test; the plain test.xml is this run's
        continue
    for case in ET.parse(path).getroot().iter("testcase"):
        if case.find("failure") is not None or case.find("error") is not None:
            failed += 1
        elif case.get("result") == "skipped" or case.find("skipped") is not None:
            skipped += 1
        else:
            passed += 1
print(f"{passed} passed, {failed} failed, {skipped} skipped")
PY
exit $rc
