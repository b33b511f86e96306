#!/usr/bin/env bash
# deploy/make-deb.sh [OUT_DIR]: builds the Debian packages (//deploy:deb, optimized) and copies
# them to OUT_DIR (default dist/) as symmbench_<version>_<arch>.deb (the programs) and
# python3-symmbench_<version>_all.deb (the Python client), <version> being the product's
# (kVersion in common/build_info.h). Install with `sudo apt install ./symmbench_*.deb`.
# Needs debhelper, dpkg-dev and help2man (deploy/install-deps.sh installs them) on Debian or
# Ubuntu; the package depends on the libraries of the system it was built on.
set -euo pipefail
out_dir="$(realpath -m "${1:-$(dirname "$0")/../dist}")"
cd "$(dirname "$0")/.."
bazel build -c opt //deploy:deb
bin="$(bazel info -c opt bazel-bin 2>/dev/null)/deploy"
mkdir -p "$out_dir"
for deb in "$bin/symmbench.deb" "$bin/python3-symmbench.deb"; do
  name="$(dpkg-deb --showformat='${Package}_${Version}_${Architecture}' --show "$deb").deb"
  install -m 644 "$deb" "$out_dir/$name"
  echo "$out_dir/$name"
done
