#!/usr/bin/env bash
# Builds //deploy:bundle (optimized) and unpacks it into dist/symmbench, printing its size
# (must stay under 40 MB). Run the main job from it with dist/symmbench/deploy/run-job.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
bazel build -c opt //deploy:bundle
rm -rf dist/symmbench
mkdir -p dist
tar -C dist -xzf bazel-bin/deploy/symmbench-bundle.tar.gz
du -sh dist/symmbench
echo "libraries bundled: $(ls dist/symmbench/lib | wc -l)"
