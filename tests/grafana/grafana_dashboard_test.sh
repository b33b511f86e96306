#!/usr/bin/env bash
# deploy/grafana's dashboard and provisioning files pass the offline check
# (deploy/grafana/validate.sh: Grafana's dashboard types and this project's rules), and broken
# copies of them, made here, fail it with a message naming the field and the rule: so each rule
# can fail. Needs the validator that deploy/grafana/install-validator.sh installs (CI installs
# it); without it this test fails and says so.
# One JUnit test case per check (tests/junit_cases.sh).
set -uo pipefail

root="${TEST_SRCDIR:?run me with bazel test}/${TEST_WORKSPACE:-symmbench}"
grafana="$root/deploy/grafana"
dashboard="$grafana/dashboards/symmbench.json"
datasources="$grafana/provisioning/datasources/symmbench.yml"
providers="$grafana/provisioning/dashboards/symmbench.yml"
work="${TEST_TMPDIR:-$(mktemp -d)}/grafana"
rm -rf "$work" && mkdir -p "$work"

# shellcheck source=../junit_cases.sh
source "$root/tests/junit_cases.sh" grafana_dashboard_test

tools="${SYMMBENCH_TOOLS:-/opt/symmbench-tools}/grafana"
if [ ! -d "$tools/node_modules" ] || ! command -v node >/dev/null; then
  fail validator_installed "the Grafana dashboard validator is not installed in $tools: run deploy/grafana/install-validator.sh (deploy/install-deps.sh runs it in CI)"
  exit 1
fi
pass validator_installed

# 1. The real files are valid.
if out="$("$grafana/validate.sh" "$dashboard" "$datasources" "$providers" 2>&1)"; then
  pass real_files_valid
else
  fail real_files_valid "validate.sh failed on deploy/grafana: $out"
fi
echo "$out"

# 2. The dashboard keeps its panels: at least 10 with queries, the two message-size panels
# among them.
if out="$(python3 - "$dashboard" 2>&1 <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
panels = [q for p in d["panels"] for q in [p] + p.get("panels", [])]
queried = [p for p in panels if p.get("targets")]
assert len(queried) >= 10, f"{len(queried)} panels with queries, want at least 10"
titles = {p["title"] for p in queried}
for title in ("Latency vs message size (p50)", "Bus bandwidth vs message size"):
    assert title in titles, f"no panel {title!r}"
PY
)"; then
  pass panels_kept
else
  fail panels_kept "$out"
fi

# 3. Broken copies fail, each with its own message. A case is NAME, EXPECTED, EDIT: the
# dashboard as `d` (parsed JSON), edited by the Python statement EDIT, is written to
# $work/NAME.json; validate.sh must print a FAIL line for it containing EXPECTED. An edit that
# changes nothing is a failure of this test (the dashboard changed under it), not a pass.
cases=(
  legend_missing
  '.targets[0]: [legend] no legendFormat'
  'del panel("Kernel latency p50 by kernel and size")["targets"][0]["legendFormat"]'

  filter_missing
  '[filters] symmbench_busbw_bytes_per_second has the label gpu_model: it must match gpu_model=~"$gpu_model"'
  'edit_expr("busbw", lambda e: e.replace(", gpu_model=~\"$gpu_model\"", ""))'

  filter_missing_in_annotation
  '[filters] symmbench_jobs_total has the label kernel'
  'a = d["annotations"]["list"][1]; a["expr"] = a["expr"].replace("kernel=~\"$kernel\", ", "")'

  fixed_range
  'range [5m] must be [$__rate_interval]'
  'edit_expr("Jobs by final state (rate)", lambda e: e.replace("[$__rate_interval]", "[5m]"))'

  whole_range_in_range_query
  'range [$__range] must be [$__rate_interval]'
  'edit_expr("RPC latency p99 by method", lambda e: e.replace("[$__rate_interval]", "[$__range]"))'

  latency_axis_linear
  '[log-axis] panel "Kernel latency p99 by kernel and size" shows times (unit s)'
  'panel("Kernel latency p99 by kernel and size")["fieldConfig"]["defaults"]["custom"]["scaleDistribution"] = {"type": "linear"}'

  sweep_axis_linear
  '[log-axis] panel "Latency vs message size (p50)"'
  'panel("Latency vs message size (p50)")["fieldConfig"]["defaults"]["custom"]["scaleDistribution"]["log"] = 3'

  fixed_datasource
  '[datasource] must be {"type":"prometheus","uid":"${datasource}"}'
  'panel("Devices")["datasource"]["uid"] = "symmbench-prometheus"'

  no_datasource_variable
  '[datasource-variable] needs a variable'
  'd["templating"]["list"] = [v for v in d["templating"]["list"] if v["type"] != "datasource"]'

  variable_unused
  '[variable-used] variable "dtype" is used by no query'
  'strip_variable("dtype")'

  variable_single_value
  '[variables] "kernel" must be multi-value'
  'variable("kernel")["multi"] = False'

  variable_missing
  '[variables] no variable "gpu_model"'
  'strip_variable("gpu_model"); d["templating"]["list"] = [v for v in d["templating"]["list"] if v["name"] != "gpu_model"]'

  duplicate_panel_id
  '[panel-ids] id'
  'panel("Devices")["id"] = panel("Worker failures")["id"]'

  schema_unknown_field
  'targets[0].legendFormatt (line '
  't = panel("busbw")["targets"][0]; t["legendFormatt"] = t.pop("legendFormat"); t["legendFormat"] = "x"'

  schema_bad_enum
  'options.legend.displayMode (line '
  'panel("Devices")["options"]["legend"]["displayMode"] = "tabel"'

  schema_wrong_type
  'gridPos.w (line '
  'panel("Devices")["gridPos"]["w"] = "12"'

  schema_missing_required
  '[schema] missing required field "orientation"'
  'del panel("Bus bandwidth vs message size")["options"]["orientation"]'

  schema_unknown_panel_type
  'not "graph"'
  'panel("Devices")["type"] = "graph"'

  schema_variable_refresh
  '.refresh (line '
  'variable("kernel")["refresh"] = 7'
)
helpers='
import json, sys
d = json.load(open(sys.argv[1]))
def panels():
    for p in d["panels"]:
        yield p
        yield from p.get("panels", [])
def panel(title):
    return next(p for p in panels() if p.get("title") == title)
def variable(name):
    return next(v for v in d["templating"]["list"] if v["name"] == name)
def edit_expr(title, f):
    for t in panel(title)["targets"]:
        t["expr"] = f(t["expr"])
def strip_variable(name):
    # Every use of $name goes: matchers name=~"$name" (with their comma) in every query.
    import re
    pattern = re.compile(r",?\s*%s=~\"\$%s\"" % (name, name))
    for p in panels():
        for t in p.get("targets", []):
            t["expr"] = re.sub(r"\{,\s*", "{", pattern.sub("", t["expr"]))
    for a in d["annotations"]["list"]:
        if "expr" in a:
            a["expr"] = re.sub(r"\{,\s*", "{", pattern.sub("", a["expr"]))
    for v in d["templating"]["list"]:
        if isinstance(v.get("query"), dict):
            v["query"]["query"] = re.sub(r"\{,\s*", "{", pattern.sub("", v["query"]["query"]))
            v["definition"] = v["query"]["query"]
'
expected=()  # NAME FILE EXPECTED, for each broken copy
files=()
for ((i = 0; i < ${#cases[@]}; i += 3)); do
  name="${cases[$i]}" expect="${cases[$((i + 1))]}" edit="${cases[$((i + 2))]}"
  copy="$work/$name.json"
  if ! out="$(python3 -c "$helpers
$edit
json.dump(d, open(sys.argv[2], 'w'), indent=2)" "$dashboard" "$copy" 2>&1)"; then
    fail "broken_$name" "the edit failed (the dashboard changed under this test?): $out"
    continue
  fi
  if python3 -c 'import json, sys; sys.exit(json.load(open(sys.argv[1])) != json.load(open(sys.argv[2])))' \
      "$dashboard" "$copy"; then
    fail "broken_$name" "the edit '$edit' changed nothing; update this test"
    continue
  fi
  files+=("$copy")
  expected+=("$name" "$copy" "$expect")
done
# Not JSON at all.
head -c 300 "$dashboard" >"$work/json_syntax.json"
files+=("$work/json_syntax.json")
expected+=(json_syntax "$work/json_syntax.json" 'JSON: ')
# Provisioning: a default datasource, a provider that reads no files.
# break_yaml NAME SOURCE EXPECTED SED-SCRIPT: $work/NAME.yml is SOURCE edited by SED-SCRIPT.
break_yaml() {
  local name="$1" source="$2" expect="$3" script="$4"
  sed -e "$script" "$source" >"$work/$name.yml"
  if cmp -s "$source" "$work/$name.yml"; then
    fail "broken_$name" "the edit '$script' changed nothing in $(basename "$source"); update this test"
    return
  fi
  files+=("$work/$name.yml")
  expected+=("$name" "$work/$name.yml" "$expect")
}
break_yaml datasource_default "$datasources" \
  'datasources[0].isDefault: [not-default] datasource "symmbench-prometheus" must not be provisioned as the default' \
  's/^    access: proxy$/    access: proxy\n    isDefault: true/'
break_yaml provider_not_file "$providers" \
  'providers[0].type: [provisioning] must be "file", got "folder"' \
  's/^    type: file$/    type: folder/'

out="$("$grafana/validate.sh" "${files[@]}" 2>&1)"
rc=$?
echo "$out"
for ((i = 0; i < ${#expected[@]}; i += 3)); do
  name="${expected[$i]}" file="${expected[$((i + 1))]}" expect="${expected[$((i + 2))]}"
  if ((rc != 1)); then
    fail "broken_$name" "validate.sh exited with $rc on the broken copies, not 1: $out"
  elif grep -q "^ok   $file\$" <<<"$out"; then
    fail "broken_$name" "validate.sh accepted $file"
  elif ! grep -F "FAIL $file: " <<<"$out" | grep -F -- "$expect" >/dev/null; then
    fail "broken_$name" "no FAIL line for $file says '$expect'"
  else
    pass "broken_$name"
  fi
done

junit_summary
