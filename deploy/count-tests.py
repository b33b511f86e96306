#!/usr/bin/env python3
"""Counts the gtest test cases of a Bazel test run from its test.xml files.

  count-tests.py [--label WORD] [--add-failed N] TESTLOGS_DIR...

Prints `N passed, N failed, N skipped` (prefixed with `WORD: ` when --label is given): a
testcase with a failure/error child is failed, one with result="skipped" or a skipped child
is skipped. --add-failed counts N more failures (e.g. crashed fuzz targets).
"""
import argparse
import glob
import os
import xml.etree.ElementTree as ET

parser = argparse.ArgumentParser()
parser.add_argument("--label", default="")
parser.add_argument("--add-failed", type=int, default=0)
parser.add_argument("--add-passed", type=int, default=0)
parser.add_argument("dirs", nargs="+")
args = parser.parse_args()

passed, failed, skipped = args.add_passed, args.add_failed, 0
for directory in args.dirs:
    for path in glob.glob(os.path.join(directory, "**", "test.xml"), recursive=True):
        if "/run_" in path:  # left by an earlier --runs_per_test; the plain test.xml is this run's
            continue
        try:
            root = ET.parse(path).getroot()
        except ET.ParseError:  # a test killed before it wrote its XML
            failed += 1
            continue
        for case in root.iter("testcase"):
            if case.find("failure") is not None or case.find("error") is not None:
                failed += 1
            elif case.get("result") == "skipped" or case.find("skipped") is not None:
                skipped += 1
            else:
                passed += 1
prefix = f"{args.label}: " if args.label else ""
print(f"{prefix}{passed} passed, {failed} failed, {skipped} skipped")
