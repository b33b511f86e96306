#!/usr/bin/env bash
# Installs the Debian packages symmbench builds and tests with, if any is missing.
# CUDA 13 (nvcc, cudart, NCCL) is expected at /usr/local/cuda; it is not a Debian package.
set -euo pipefail

packages=(
  bazel-bootstrap protobuf-compiler protobuf-compiler-grpc libprotobuf-dev libgrpc++-dev
  libspdlog-dev libfmt-dev libgtest-dev prometheus-cpp-dev libsqlite3-dev nlohmann-json3-dev
  libcli11-dev libopenblas-dev libssl-dev patchelf g++ python3 python3-yaml python3-jsonschema prometheus
  gnuplot-nox
  python3-grpcio python3-protobuf  # python/: the Python client and its test
  clang libclang-rt-14-dev  # tests/fuzz: libFuzzer with ASan/UBSan (CI's fuzz pass)
  slurm-wlm                 # tests/slurm_test: a real slurmctld + slurmd (--launcher slurm)
  debhelper dpkg-dev help2man lintian  # //deploy:deb (debhelper, man pages) and its lintian test
)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "installing: ${missing[*]}" >&2
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
fi
# tests/k8s: the offline schema check of deploy/k8s (npm packages, pinned).
"$(dirname "$0")/k8s/install-validator.sh"
"$(dirname "$0")/grafana/install-validator.sh"  # tests/grafana: the dashboard check (npm, pinned)
if [ ! -x /usr/local/cuda/bin/nvcc ]; then
  echo "error: CUDA 13 not found at /usr/local/cuda (nvcc, cudart, NCCL are needed to build)" >&2
  exit 1
fi
