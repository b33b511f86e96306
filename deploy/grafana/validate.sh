#!/usr/bin/env bash
# Checks Grafana dashboards against Grafana's dashboard types (TypeScript, offline, strict:
# unknown fields, wrong types, missing required fields fail) and against this project's rules
# (variables, legends, ranges, log time axes, datasource), and provisioning files against
# theirs (no default datasource): validator/validate.cjs says what each covers.
#
#   deploy/grafana/validate.sh [FILE...]    default: deploy/grafana's dashboards and
#                                           provisioning files
#
# Needs deploy/grafana/install-validator.sh to have run (same SYMMBENCH_TOOLS). Prints one
# "ok FILE" line, or one "FAIL FILE: PATH (line N): [RULE] PROBLEM" line per problem, per file,
# then a count. Exit status: 0 all valid, 1 some invalid, 2 validator missing or usage error.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
tools="${SYMMBENCH_TOOLS:-/opt/symmbench-tools}/grafana"
if ! command -v node >/dev/null || [ ! -d "$tools/node_modules" ]; then
  echo "validate.sh: the Grafana dashboard validator is not installed in $tools;" \
       "run deploy/grafana/install-validator.sh (CI does, from deploy/install-deps.sh)" >&2
  exit 2
fi
if (($# == 0)); then
  shopt -s nullglob
  set -- "$here"/dashboards/*.json "$here"/provisioning/*/*.yml "$here"/provisioning/*/*.yaml
fi
SYMMBENCH_GRAFANA_VALIDATOR_DIR="$tools" exec node "$here/validator/validate.cjs" "$@"
