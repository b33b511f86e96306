#!/usr/bin/env bash
# Checks Kubernetes manifests against the Kubernetes API's schemas, offline and strictly
# (unknown fields, wrong types, missing required fields fail): validator/validate.cjs says how.
#
#   deploy/k8s/validate.sh [FILE...]    default: every *.yaml in deploy/k8s
#
# Needs deploy/k8s/install-validator.sh to have run (same SYMMBENCH_TOOLS). Prints one
# "ok FILE" or "FAIL FILE: document N (KIND NAME): FIELD: PROBLEM" line each, then a count.
# Exit status: 0 all valid, 1 some invalid, 2 validator missing or usage error.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
tools="${SYMMBENCH_TOOLS:-/opt/symmbench-tools}/k8s"
if ! command -v node >/dev/null || [ ! -d "$tools/node_modules" ]; then
  echo "validate.sh: the k8s manifest validator is not installed in $tools;" \
       "run deploy/k8s/install-validator.sh (CI does, from deploy/install-deps.sh)" >&2
  exit 2
fi
if (($# == 0)); then
  shopt -s nullglob
  set -- "$here"/*.yaml
fi
SYMMBENCH_K8S_VALIDATOR_DIR="$tools" exec node "$here/validator/validate.cjs" "$@"
