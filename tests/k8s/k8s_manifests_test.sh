#!/usr/bin/env bash
# deploy/k8s's manifests pass the offline strict schema check (deploy/k8s/validate.sh), and
# broken copies of them, made here, fail it with a message naming the document, the field and
# the problem: so the check can fail. Needs the validator that deploy/k8s/install-validator.sh
# installs (CI installs it); without it this test fails and says so.
# One JUnit test case per check (tests/junit_cases.sh).
set -uo pipefail

root="${TEST_SRCDIR:?run me with bazel test}/${TEST_WORKSPACE:-symmbench}"
k8s="$root/deploy/k8s"
work="${TEST_TMPDIR:-$(mktemp -d)}/k8s"
rm -rf "$work" && mkdir -p "$work"

# shellcheck source=../junit_cases.sh
source "$root/tests/junit_cases.sh" k8s_manifests_test

tools="${SYMMBENCH_TOOLS:-/opt/symmbench-tools}/k8s"
if [ ! -d "$tools/node_modules" ] || ! command -v node >/dev/null; then
  fail validator_installed "the k8s manifest validator is not installed in $tools: run deploy/k8s/install-validator.sh (deploy/install-deps.sh runs it in CI)"
  exit 1
fi
pass validator_installed

manifests=(coordinator.yaml networkpolicy.yaml servicemonitor.yaml worker-job.yaml kustomization.yaml)

# 1. The real manifests are valid.
if out="$("$k8s/validate.sh" "${manifests[@]/#/$k8s/}" 2>&1)"; then
  pass real_manifests_valid
else
  fail real_manifests_valid "validate.sh failed on deploy/k8s: $out"
fi
echo "$out"

# 2. kustomization.yaml lists every manifest but the per-job worker-job.yaml.
missing=()
for m in "${manifests[@]}"; do
  case "$m" in kustomization.yaml | worker-job.yaml) continue ;; esac
  grep -qx "  - $m" "$k8s/kustomization.yaml" || missing+=("$m")
done
if ((${#missing[@]} == 0)); then
  pass kustomization_lists_manifests
else
  fail kustomization_lists_manifests "kustomization.yaml does not list: ${missing[*]}"
fi

# 3. Broken copies fail, each with its own message. break NAME SOURCE EXPECTED SED-SCRIPT:
# $work/NAME.yaml is SOURCE edited by SED-SCRIPT; validate.sh must print a FAIL line for it
# containing EXPECTED. An edit that changes nothing is a failure of this test (a manifest
# changed under it), not a pass.
cases=()
expected=()
break_copy() {
  local name="$1" source="$2" expect="$3" script="$4"
  sed -e "$script" "$k8s/$source" >"$work/$name.yaml"
  if cmp -s "$k8s/$source" "$work/$name.yaml"; then
    fail "broken_$name" "the edit '$script' changed nothing in $source; update this test"
    return
  fi
  cases+=("$name")
  expected+=("$expect")
}
break_copy deployment_replicas_string coordinator.yaml \
  '(Deployment symmbench-coordinator): spec.replicas: must be integer, not string "one"' \
  's/^  replicas: 1$/  replicas: "one"/'
break_copy service_port_missing coordinator.yaml \
  '(Service symmbench-coordinator): spec.ports[0]: missing required field "port"' \
  '/^      port: 7070$/d'
break_copy container_unknown_field coordinator.yaml \
  'spec.template.spec.containers[0]: unknown field "imagePullPolicyy"' \
  '0,/^          imagePullPolicy: IfNotPresent$/s//&\n          imagePullPolicyy: Always/'
break_copy strategy_bad_enum coordinator.yaml \
  'spec.strategy.type: must be one of "Recreate", "RollingUpdate", not "Rolling"' \
  's/^    type: Recreate$/    type: Rolling/'
break_copy quantity_bad coordinator.yaml \
  'resources.requests.memory: must be one of: number | string (quantity); got string "8 GB"' \
  '0,/^              memory: 8Gi$/s//              memory: 8 GB/'
break_copy job_completions_string worker-job.yaml \
  '(Job symmbench-j-000001): spec.completions: must be integer, not string "4"' \
  's/^  completions: 4 .*/  completions: "4"/'
break_copy job_env_unknown_field worker-job.yaml \
  'spec.template.spec.containers[0].env[0].valueFrom: unknown field "secretRef"' \
  's/^                secretKeyRef:$/                secretRef:/'
break_copy networkpolicy_port_type networkpolicy.yaml \
  'spec.ingress[0].ports[0].port: must be one of: string | integer (int32); got boolean true' \
  '0,/^          port: metrics$/s//          port: true/'
break_copy servicemonitor_unknown_field servicemonitor.yaml \
  '(ServiceMonitor symmbench-coordinator): spec.endpoints[0]: unknown field "intervall"' \
  's/^      interval: 15s$/      intervall: 15s/'
break_copy kind_unknown coordinator.yaml \
  'no schema for apiVersion "apps/v1" kind "Deploymnet"' \
  's/^kind: Deployment$/kind: Deploymnet/'
break_copy yaml_duplicate_key coordinator.yaml \
  'YAML: Map keys must be unique' \
  's/^  replicas: 1$/  replicas: 1\n  replicas: 2/'
# The Kustomization's resources are resolved next to it: copy the manifests beside it.
mkdir -p "$work/kustomize"
for m in "${manifests[@]}"; do cp "$k8s/$m" "$work/kustomize/$m"; done
sed -i 's/^  - servicemonitor.yaml$/  - service-monitor.yaml/' "$work/kustomize/kustomization.yaml"
if cmp -s "$k8s/kustomization.yaml" "$work/kustomize/kustomization.yaml"; then
  fail broken_kustomization_missing_resource "the edit changed nothing; update this test"
else
  cases+=("kustomize/kustomization")
  expected+=('resources: "service-monitor.yaml" does not exist next to kustomization.yaml')
fi

if ((${#cases[@]})); then
  files=()
  for c in "${cases[@]}"; do files+=("$work/$c.yaml"); done
  out="$("$k8s/validate.sh" "${files[@]}" 2>&1)"
  rc=$?
  echo "$out"
  for i in "${!cases[@]}"; do
    name="broken_${cases[$i]//\//_}"
    file="$work/${cases[$i]}.yaml"
    if ((rc != 1)); then
      fail "$name" "validate.sh exited with $rc on the broken copies, not 1: $out"
    elif grep -q "^ok   $file\$" <<<"$out"; then
      fail "$name" "validate.sh accepted $file"
    # Not grep -q: under pipefail its early exit would fail the first grep (SIGPIPE).
    elif ! grep -F "FAIL $file: " <<<"$out" | grep -F -- "${expected[$i]}" >/dev/null; then
      fail "$name" "no FAIL line for $file says '${expected[$i]}'"
    else
      pass "$name"
    fi
  done
fi

# 4. launch-workers.sh, the launch command, against a kubectl that records its argv and stdin.
fake="$work/fake-kubectl"
mkdir -p "$fake"
cat >"$fake/kubectl" <<'FAKE'
#!/usr/bin/env bash
n=$(ls "$FAKE_DIR" | grep -c '^call' || true)
printf '%s\n' "$@" >"$FAKE_DIR/call$n.argv"
case "$1" in
  config) echo bench ;;
  apply) cat >"$FAKE_DIR/call$n.stdin" ;;
esac
FAKE
chmod +x "$fake/kubectl"
handle="$(FAKE_DIR="$fake" KUBECTL="$fake/kubectl" SYMMBENCH_JOB_SECRET=s3cr3t-job-secret \
  SYMMBENCH_WORLD_SIZE=8 SYMMBENCH_BACKEND=cuda SYMMBENCH_K8S_IMAGE=registry.example/symmbench:1.2 \
  "$k8s/launch-workers.sh" start j-000042 2>"$work/launch.err")"
applied="$(ls "$fake"/*.stdin 2>/dev/null | head -1)"
if [ "$handle" != bench/j-000042 ] || [ -z "$applied" ]; then
  fail launch_workers_start "start printed '$handle' (want bench/j-000042), applied '$applied': $(cat "$work/launch.err")"
else
  cp "$applied" "$work/launched.yaml"
  problems=()
  out="$("$k8s/validate.sh" "$work/launched.yaml" 2>&1)" || problems+=("not valid: $out")
  grep -q '^  completions: 8 ' "$work/launched.yaml" || problems+=("completions not 8")
  grep -q '^  parallelism: 8 ' "$work/launched.yaml" || problems+=("parallelism not 8")
  grep -q -- '--world-size=8$' "$work/launched.yaml" || problems+=("--world-size not 8")
  grep -q 'image: registry.example/symmbench:1.2$' "$work/launched.yaml" || problems+=("image not set")
  grep -q 'j-000001' "$work/launched.yaml" && problems+=("the template's job id is left")
  grep -q "name: symmbench-job-j-000042" "$work/launched.yaml" || problems+=("no Secret reference")
  secret="$(sed -n 's/^  secret: //p' "$work/launched.yaml" | base64 -d)"
  [ "$secret" = s3cr3t-job-secret ] || problems+=("the Secret holds '$secret'")
  grep -rq s3cr3t-job-secret "$fake"/*.argv && problems+=("the secret is in kubectl's argv")
  if ((${#problems[@]})); then
    fail launch_workers_start "$(printf '%s; ' "${problems[@]}")"
  else
    pass launch_workers_start
  fi
fi
rm -f "$fake"/call*
FAKE_DIR="$fake" KUBECTL="$fake/kubectl" "$k8s/launch-workers.sh" stop bench/j-000042 2>/dev/null
want=$'delete\n-n\nbench\n--ignore-not-found\n--wait=false\njob/symmbench-j-000042\nservice/symmbench-j-000042\nsecret/symmbench-job-j-000042'
if [ "$(cat "$fake/call0.argv" 2>/dev/null)" = "$want" ]; then
  pass launch_workers_stop
else
  fail launch_workers_stop "stop ran kubectl $(tr '\n' ' ' <"$fake/call0.argv" 2>/dev/null)"
fi
if FAKE_DIR="$fake" KUBECTL="$fake/kubectl" "$k8s/launch-workers.sh" start 'j-1;rm' 2>/dev/null; then
  fail launch_workers_bad_job_id "start accepted the job id 'j-1;rm'"
else
  pass launch_workers_bad_job_id
fi

junit_summary
