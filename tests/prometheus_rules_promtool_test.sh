#!/usr/bin/env bash
# promtool (Debian package prometheus) checks the alerting and recording rules and runs their
# unit test, deploy/prometheus/rules_test.yml: every alert fires, does not fire, and fires on a
# kernel's first failure.
set -euo pipefail
promtool=$(command -v promtool || true)
if [[ -z "$promtool" ]]; then
  echo "promtool not found: install the Debian package prometheus (deploy/install-deps.sh)" >&2
  exit 1
fi
dir=$(dirname "$(readlink -f deploy/prometheus/rules.yml)")
"$promtool" check rules "$dir/rules.yml"
# rules_test.yml names rules.yml beside it.
cd "$dir"
"$promtool" test rules rules_test.yml
