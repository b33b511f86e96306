#!/usr/bin/env bash
# deploy/nccl_tests_compare.py on an nccl-tests -J document and symmbench job records: the
# sizes pair up, the ratio is symmbench's time over nccl-tests', one outside 1 +- 0.05 is
# marked, a size only one side measured shows "-", and the JSON carries the same figures; the
# ours-against-NCCL table shows the dispatcher's own time and choice and a kernel's job, each
# with nccl-tests' time over it.
set -euo pipefail
script="$TEST_SRCDIR/$TEST_WORKSPACE/deploy/nccl_tests_compare.py"
nccl_tests="$TEST_SRCDIR/$TEST_WORKSPACE/client/testdata/nccl_tests_all_reduce.json"
dir="$(mktemp -d "${TEST_TMPDIR:-/tmp}/compare.XXXXXX")"
python3 - "$dir" "$nccl_tests" <<'PY'
import copy, json, sys
nt = json.load(open(sys.argv[2]))  # nccl-tests' own document: 8 B, 10.5 us
second = copy.deepcopy(nt["results"][0])
second["size"], second["out_of_place"]["time"] = 16, 20.0
nt["results"].append(second)
json.dump(nt, open(f"{sys.argv[1]}/nt_all_reduce_ws2_R0.json", "w"))
t16 = 20.0
rows = [{"size_bytes": 8, "graph_time_us": 5.0, "algorithm": "one_shot_push_all_reduce",
         "references": [{"name": "nccl_all_reduce", "graph_time_us": 10.0},
                        {"name": "nccl_symmetric", "graph_time_us": 4.0}]},
        {"size_bytes": 16, "references": [{"name": "nccl_all_reduce", "graph_time_us": t16 * 1.2}]},
        {"size_bytes": 16, "partial": True, "references": [{"name": "nccl_all_reduce", "graph_time_us": 1}]},
        {"size_bytes": 3, "references": [{"name": "nccl_all_reduce", "graph_time_us": 7.0}]}]
json.dump({"rows": rows}, open(f"{sys.argv[1]}/sb_all_reduce_ws2_launches.json", "w"))
kernel = [{"size_bytes": 8, "graph_time_us": 2.1}, {"size_bytes": 16, "graph_time_us": 4.0}]
json.dump({"rows": kernel},
          open(f"{sys.argv[1]}/sbk_all_reduce_ws2_one_shot_push_all_reduce.json", "w"))
PY
python3 "$script" "$dir" >"$dir/out.txt"
cat "$dir/out.txt"
grep -q '^### all_reduce, 2 ranks' "$dir/nccl_tests_compare.md"
grep -q '^| 8 | 10.50 | 10.00 | 0.952 | - | - | - | 4.00 | - |$' "$dir/nccl_tests_compare.md"
grep -q '^| 16 | 20.00 | 24.00 | 1.200 \* | - | - | - | - | - |$' "$dir/nccl_tests_compare.md"
grep -q '^| 3 | - | 7.00 | - |' "$dir/nccl_tests_compare.md"
grep -q '^| size (B) | nccl-tests best | all_reduce | speedup | one_shot_push_all_reduce | speedup |$' \
  "$dir/nccl_tests_compare.md"
grep -q '^| 8 | 10.50 | 5.00 (one_shot_push_all_reduce) | 2.10x | 2.10 | 5.00x |$' "$dir/nccl_tests_compare.md"
grep -q '^| 16 | 20.00 | - | - | 4.00 | 5.00x |$' "$dir/nccl_tests_compare.md"
python3 - "$dir" <<'PY'
import json, sys
doc = json.load(open(f"{sys.argv[1]}/nccl_tests_compare.json"))
rows = {r["size_bytes"]: r for r in doc["tables"][0]["rows"]}
assert doc["tables"][0]["op"] == "all_reduce" and doc["tables"][0]["world_size"] == 2, doc
assert abs(rows[8]["ratio"] - 10.0 / 10.5) < 1e-9 and rows[8]["within_tolerance"], rows[8]
assert abs(rows[16]["ratio"] - 1.2) < 1e-9 and not rows[16]["within_tolerance"], rows[16]
ours = {r["size_bytes"]: r for r in doc["tables"][0]["ours"]}
assert ours[8]["nccl_tests_best_us"] == 10.5, ours[8]
assert ours[8]["kernels"]["all_reduce"]["algorithm"] == "one_shot_push_all_reduce", ours[8]
assert abs(ours[8]["kernels"]["one_shot_push_all_reduce"]["speedup"] - 5.0) < 1e-9, ours[8]
assert "all_reduce" not in ours[16]["kernels"], ours[16]
PY
# Nothing to compare: an error naming the folder.
empty="$(mktemp -d "${TEST_TMPDIR:-/tmp}/empty.XXXXXX")"
if python3 "$script" "$empty" 2>"$dir/err.txt"; then echo "no input passed" >&2; exit 1; fi
grep -q "no nt_\*_R0.json in $empty" "$dir/err.txt"
echo PASS
