#!/usr/bin/env bash
# deploy/make-deb.sh [OUT_DIR]: builds the Debian package (//deploy:deb, optimized) and copies it
# to OUT_DIR (default dist/) as symmbench_<version>_<arch>.deb, <version> being the product's
# (kVersion in common/build_info.h). Install it with `sudo apt install ./symmbench_*.deb`.
# Needs dpkg-deb and dpkg-query (Debian or Ubuntu), and what //deploy:bundle needs.
set -euo pipefail
out_dir="$(realpath -m "${1:-$(dirname "$0")/../dist}")"
cd "$(dirname "$0")/.."
bazel build -c opt //deploy:deb
deb="$(bazel info -c opt bazel-bin 2>/dev/null)/deploy/symmbench.deb"
name="$(dpkg-deb --showformat='${Package}_${Version}_${Architecture}' --show "$deb").deb"
mkdir -p "$out_dir"
install -m 644 "$deb" "$out_dir/$name"
echo "$out_dir/$name"
