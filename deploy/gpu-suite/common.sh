# deploy/gpu-suite.sh's shared set-up: the environment, the output folder, a daemon of the
# bundle, and the helpers every command uses to run and summarize jobs. Sourced by
# deploy/gpu-suite.sh, which sets `bundle` and `shapes`.

# The environment of a GPU host without packages: NVLink multicast off for every process, and
# NCCL 2.28 and cuBLASLt 13 as PyTorch's wheels bring them on the library path (the bundle
# carries neither; its own libraries come through the binaries' RUNPATH, $ORIGIN/../lib).
setup_env() {
  export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1
  local nccl=/opt/torch/.venv/lib/python3.12/site-packages/nvidia/nccl/lib cublas
  [ -d "$nccl" ] && export LD_LIBRARY_PATH="$nccl${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
  cublas="$(dirname "$(find /opt/torch/.venv /usr/local/cuda* -name 'libcublasLt.so.13*' 2>/dev/null | head -1)")"
  [ -n "$cublas" ] && [ "$cublas" != . ] && export LD_LIBRARY_PATH="$cublas${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
  return 0
}

# Where results go: $out.
setup_out() {
  out="${OUT:-/tmp/symmbench-out}"
  mkdir -p "$out"
}

# start_daemon [FLAG...]: symmbenchd from $bundle on a free loopback port (extra daemon flags,
# e.g. --allow-fault-injection, --worker PATH); sets `c` (the client command), `daemon` (its
# pid) and `state` (its database and logs). On exit the daemon stops and $state becomes
# $out/logs.tgz.
start_daemon() {
  state="$(mktemp -d /tmp/symmbench.XXXXXX)"
  "$bundle/bin/symmbenchd" --listen 127.0.0.1:0 --port-file "$state/port" --metrics-listen 127.0.0.1:0 --db "$state/jobs.db" \
    --log-dir "$state/logs" "$@" >"$state/symmbenchd.log" 2>&1 &
  daemon=$!
  trap 'kill $daemon 2>/dev/null; wait $daemon 2>/dev/null; tar czf "$out/logs.tgz" "$state" 2>/dev/null' EXIT
  for _ in $(seq 1 300); do [ -s "$state/port" ] && break; sleep 0.1; done
  c=("$bundle/bin/symmbench" --coordinator "$(head -1 "$state/port")")
}

stop_daemon() {
  kill "$daemon"
  wait "$daemon" 2>/dev/null
}

# ops FILTER...: the names of the ops the daemon offers (`devices --json`, the registry's ops
# and its plugins'), in registry order, whose fields match every FILTER: KEY=VALUE, or
# KEY=VALUE|VALUE for any of them (booleans as true/false), e.g.
# `ops computes=all_reduce_sum family='swept_collective|dispatcher' plugin=false`.
ops() {
  "${c[@]}" devices --json | python3 -c '
import json, sys
want = [arg.split("=", 1) for arg in sys.argv[1:]]
for op in json.load(sys.stdin)["ops"]:
    if all(str(op[key]).lower() in values.split("|") for key, values in want):
        print(op["name"])' "$@"
}

# The number of devices the daemon offers.
device_count() { "${c[@]}" devices --json | grep -o '"index"' | wc -l; }

# job_id FILE: the job id in a record written by `submit --json`.
job_id() { grep -o '"job_id": *"[^"]*"' "$1" | head -1 | grep -o 'j-[0-9]*'; }

# run NAME [SUBMIT-ARG...]: submits a job and waits; $out/NAME.json (the record) and
# $out/NAME.txt (its table, also printed).
run() {
  local name="$1"
  shift
  echo "== $name ($(date +%T))"
  "${c[@]}" submit --wait --json "$@" >"$out/$name.json"
  "${c[@]}" status "$(job_id "$out/$name.json")" | tee "$out/$name.txt"
}

# sweep_kernel PREFIX KERNEL MIN MAX FP16_SIZES FP32_SIZES [SUBMIT-ARG...]: four jobs of KERNEL,
# $out/PREFIX_{graph_bf16,eager_bf16,odd_fp16,odd_fp32}: a bf16 graph sweep MIN..MAX by 4, an
# eager bf16 sweep MIN..1M by 4, and fp16 and fp32 at the given odd sizes in graph mode (checked,
# not for speed). The extra arguments go to every job.
sweep_kernel() {
  local prefix="$1" kernel="$2" min="$3" max="$4" fp16="$5" fp32="$6"
  shift 6
  run "${prefix}_graph_bf16" "$@" --kernel "$kernel" --dtype bf16 --min-bytes "$min" --max-bytes "$max" --step-factor 4 --graph
  run "${prefix}_eager_bf16" "$@" --kernel "$kernel" --dtype bf16 --min-bytes "$min" --max-bytes 1M --step-factor 4
  run "${prefix}_odd_fp16" "$@" --kernel "$kernel" --dtype fp16 --sizes "$fp16" --graph
  run "${prefix}_odd_fp32" "$@" --kernel "$kernel" --dtype fp32 --sizes "$fp32" --graph
}

# summarize NAME: one line of the job record $out/NAME.json: "NAME STATE rows=N checked=B
# wrong=N in_place_wrong=N max_rel_error=E seconds=S config='...' error='...'" (seconds: from
# start to end on the devices; max_rel_error: the GEMM ops').
summarize() {
  python3 - "$1" "$out/$1.json" <<'PY'
import json, sys
name, path = sys.argv[1], sys.argv[2]
try:
    job = json.load(open(path))
except Exception as e:
    print(f"{name} NO_RECORD {e}"); sys.exit()
rows = [r for r in job.get("rows", []) if not r.get("partial")]
wrong = sum(r.get("wrong", 0) for r in rows)
in_place = sum((r.get("in_place") or {}).get("wrong", 0) for r in rows)
checked = all(r.get("checked") for r in rows) if rows else False
config = rows[0].get("reference_config", "") if rows else ""
rel = max([(r.get("gemm") or {}).get("rel_error", 0) for r in rows] or [0])
took = (job.get("end_time_unix_ms", 0) - job.get("start_time_unix_ms", 0)) / 1000
print(f"{name} {job.get('state')} rows={len(rows)} checked={checked} wrong={wrong} "
      f"in_place_wrong={in_place} max_rel_error={rel:.2g} seconds={took:.1f} config='{config}' "
      f"error='{job.get('error', '')[:200]}'")
PY
}
