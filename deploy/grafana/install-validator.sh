#!/usr/bin/env bash
# Installs the offline check of deploy/grafana (deploy/grafana/validate.sh) into
# ${SYMMBENCH_TOOLS:-/opt/symmbench-tools}/grafana: the npm packages validator/package-lock.json
# pins (deploy/install-npm-tool.sh says how): Grafana's dashboard types
# (@grafana/grafana-foundation-sdk), the TypeScript compiler that checks a dashboard against
# them, and a YAML parser for the provisioning files.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
exec "$here/../install-npm-tool.sh" grafana "$here/validator" "the Grafana dashboard validator"
