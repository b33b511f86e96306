# Sourced by the device scripts (gpu-session.sh, gpu-all-reduce.sh, gpu-calibrate.sh): the
# environment of a GPU host without packages, and a daemon on loopback for the whole call.
#   out      where results go ($OUT on the device machine)
#   start_daemon [FLAG...]   starts symmbenchd from the bundle (extra daemon flags, e.g.
#                  --allow-fault-injection); sets `c` (the client command) and `state`
#   run NAME [SUBMIT-ARG...]  submits a job and waits; $out/NAME.json (the record) and
#                  $out/NAME.txt (its table, also printed)
#   job_id FILE    the job id in a record written by run
out="${OUT:-/tmp/symmbench-out}"
mkdir -p "$out"
# NVLink multicast stays off on that machine, for every process.
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1
# NCCL 2.28.9 and cuBLASLt 13 as PyTorch's wheels brought them (the bundle carries neither).
nccl=/opt/torch/.venv/lib/python3.12/site-packages/nvidia/nccl/lib
[ -d "$nccl" ] && export LD_LIBRARY_PATH="$nccl${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
cublas="$(dirname "$(find /opt/torch/.venv /usr/local/cuda* -name 'libcublasLt.so.13*' 2>/dev/null | head -1)")"
[ -n "$cublas" ] && [ "$cublas" != . ] && export LD_LIBRARY_PATH="$cublas${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
bundle=dist/symmbench

start_daemon() {
  state="$(mktemp -d /tmp/symmbench.XXXXXX)"
  "$bundle/bin/symmbenchd" --listen 127.0.0.1:0 --port-file "$state/port" --metrics-listen 127.0.0.1:0 --db "$state/jobs.db" \
    --log-dir "$state/logs" "$@" >"$state/symmbenchd.log" 2>&1 &
  daemon=$!
  trap 'kill $daemon 2>/dev/null; wait $daemon 2>/dev/null; tar czf "$out/logs.tgz" "$state" 2>/dev/null' EXIT
  for _ in $(seq 1 300); do [ -s "$state/port" ] && break; sleep 0.1; done
  c=("$bundle/bin/symmbench" --coordinator "$(head -1 "$state/port")")
}

job_id() { grep -o '"job_id": *"[^"]*"' "$1" | head -1 | grep -o 'j-[0-9]*'; }
run() {  # name, then submit arguments
  local name="$1"
  shift
  echo "== $name ($(date +%T))"
  "${c[@]}" submit --wait --json "$@" >"$out/$name.json"
  "${c[@]}" status "$(job_id "$out/$name.json")" | tee "$out/$name.txt"
}
