#!/usr/bin/env bash
# Installs the offline schema check of deploy/k8s (deploy/k8s/validate.sh) into
# ${SYMMBENCH_TOOLS:-/opt/symmbench-tools}/k8s: the npm packages validator/package-lock.json
# pins (deploy/install-npm-tool.sh says how).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
exec "$here/../install-npm-tool.sh" k8s "$here/validator" "the k8s manifest validator"
