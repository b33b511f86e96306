# deploy/gpu-suite.sh's commands across ops and machines: plugins, torch, scale, teams.
# Sourced by deploy/gpu-suite.sh after common.sh, whose helpers and variables they use.

# plugins [WORLD_SIZES] [MAX]: a daemon with --plugin-dir $bundle/plugins/cuda; at each world size
# (default: 1 and every device) the example plugin's one-shot all-reduce and the built-in
# one_shot_all_reduce, each beside NCCL in the same job: bf16 graph sweeps 2K..MAX, an eager
# bf16 sweep up to 1M, fp16 and fp32 at odd sizes (checked, not for speed).
cmd_plugins() {
  local world_sizes="${1:-}" max="${2:-64M}" ws kernel name
  start_daemon --plugin-dir "$bundle/plugins/cuda"
  "${c[@]}" devices
  [ -n "$world_sizes" ] || world_sizes="1 $(device_count)"
  for ws in $world_sizes; do
    local each=(--world-size "$ws" --warmup 20 --iters 100)
    for kernel in example_one_shot_cuda:one_shot one_shot_all_reduce; do
      name="${kernel%%:*}"
      sweep_kernel "${name}_ws${ws}" "$kernel" 2K "$max" 2,2050,1000006 4,4100,2000012 "${each[@]}"
    done
  done
}

# torch [WORLD_SIZES]: PyTorch's own symmetric-memory ops beside ours in the same call, at each
# world size (default: 2 and every device): our all_reduce, one-shot and two-shot (graph, bf16,
# 2K..2M) and ag_gemm and matmul_reduce_scatter on the anchor shapes, then deploy/torch_symm.py
# (one_shot_all_reduce, two_shot_all_reduce_, fused_all_gather_matmul,
# fused_matmul_reduce_scatter) with PyTorch's python ($TORCH_PYTHON, default
# /opt/torch/.venv/bin/python); torch_wsN.md puts them side by side.
cmd_torch() {
  local world_sizes="${1:-}" python="${TORCH_PYTHON:-/opt/torch/.venv/bin/python}" ws kernel
  start_daemon
  [ -n "$world_sizes" ] || world_sizes="$(printf '2\n%s\n' "$(device_count)" | sort -nu | tr '\n' ' ')"
  for ws in $world_sizes; do
    for kernel in all_reduce one_shot_all_reduce two_shot_all_reduce; do
      run "${kernel}_ws$ws" --kernel "$kernel" --world-size "$ws" --dtype bf16 --sizes 2K,16K,256K,2M \
        --graph --warmup 20 --iters 100 --repeats 5
    done
    for kernel in ag_gemm matmul_reduce_scatter; do
      run "${kernel}_ws$ws" --kernel "$kernel" --world-size "$ws" --dtype bf16 --shapes "$shapes" --warmup 5 --iters 20
    done
    echo "== PyTorch at $ws ranks ($(date +%T))"
    "$python" -m torch.distributed.run --standalone --nproc-per-node "$ws" deploy/torch_symm.py \
      --out "$out/torch_ws$ws.json" --shapes "$shapes" --warmup 10 --iters 50 --repeats 5 2>&1 | tail -30
    python3 - "$out" "$ws" <<'PY' | tee "$out/torch_ws$ws.md"
import json, os, sys
out, ws = sys.argv[1], sys.argv[2]
def load(name):
    path = os.path.join(out, name)
    return json.load(open(path)) if os.path.exists(path) else {}
torch = load(f"torch_ws{ws}.json")
ours = {k: {r["size_bytes"]: r for r in load(f"{k}_ws{ws}.json").get("rows", [])}
        for k in ("all_reduce", "one_shot_all_reduce", "two_shot_all_reduce")}
theirs = {}
for r in torch.get("all_reduce", []):
    theirs[(r["op"], r["bytes"])] = r
def f(x):
    return f"{x:.2f}" if isinstance(x, (int, float)) and x > 0 else "-"
print(f"## all-reduce, bf16, graph, {ws} ranks: us per op ({torch.get('torch', 'no torch')})\n")
print("| bytes | all_reduce | one_shot | two_shot | best NCCL | torch one_shot | torch two_shot | torch NCCL |")
print("| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
for size, row in sorted(ours["all_reduce"].items()):
    nccl = min([x.get("graph_time_us", 0) for x in row.get("references", []) if x.get("graph_time_us", 0) > 0] or [0])
    t = lambda op: theirs.get((op, size), {}).get("time_us", 0)
    print(f"| {size} | {f(row.get('graph_time_us'))} | "
          f"{f(ours['one_shot_all_reduce'].get(size, {}).get('graph_time_us'))} | "
          f"{f(ours['two_shot_all_reduce'].get(size, {}).get('graph_time_us'))} | {f(nccl)} | "
          f"{f(t('one_shot'))} | {f(t('two_shot'))} | {f(t('nccl'))} |")
for kernel, key, comm in (("ag_gemm", "ag_gemm", "t_ag_us"), ("matmul_reduce_scatter", "matmul_rs", "t_rs_us")):
    rows = load(f"{kernel}_ws{ws}.json").get("rows", [])
    their = {r["shape"]: r for r in torch.get(key, [])}
    print(f"\n## {kernel}, bf16, {ws} ranks: us, ratio = fused / max(comm, gemm); "
          "tile ratio = tile_flags (ag_gemm) or tile_push (matmul_reduce_scatter) / max(comm, tile_gemm)\n")
    print("| shape | fused | comm | gemm | ratio | tile | tile_gemm | tile ratio | torch fused | torch comm | torch gemm | torch ratio |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for r in rows:
        g = r.get("gemm") or {}
        shape = f"{g.get('m')}x{g.get('n')}x{g.get('k')}"
        ratio = g.get("t_fused_us", 0) / max(g.get(comm, 0), g.get("t_gemm_us", 0), 1e-9)
        tile = g.get("t_tile_flags_us", 0) or g.get("t_tile_push_us", 0)
        tile_ratio = tile / max(g.get(comm, 0), g.get("t_tile_gemm_us", 0), 1e-9)
        t = their.get(shape, {})
        tcomm = t.get("all_gather_us", t.get("reduce_scatter_us", 0))
        print(f"| {shape} | {f(g.get('t_fused_us'))} | {f(g.get(comm))} | {f(g.get('t_gemm_us'))} | "
              f"{ratio:.3f} | {f(tile)} | {f(g.get('t_tile_gemm_us'))} | {f(tile_ratio) if tile else '-'} | "
              f"{f(t.get('fused_us'))} | {f(tcomm)} | {f(t.get('gemm_us'))} | {f(t.get('ratio'))} |")
PY
  done
}

# scale [WORLD_SIZES] [MAX]: records the machine (nvidia-smi topo -m, NVLink status, the
# devices), then at each world size (default: every device count from all of them down to 2 by
# 2, e.g. "4 2") the peer-copy ceilings (`calibrate`), the one-shot, two-shot and push one-shot
# sweeps (eager and graph, verified), `tune` and the dispatched all_reduce, the AG-GEMM shapes,
# and finally, on 4 or more GPUs, one world-size-2 job alone beside two such jobs at once on
# disjoint GPU pairs. Every job's record also as JSON.
cmd_scale() {
  local world_sizes="${1:-}" max="${2:-256M}" devices ws kernel submit_a p job
  {
    nvidia-smi --query-gpu=index,name,driver_version,memory.total,clocks.max.sm --format=csv
    nvidia-smi topo -m
    nvidia-smi nvlink -s -i 0
    "$bundle/bin/symmbench-worker" --probe-devices
  } >"$out/machine.txt" 2>&1
  cat "$out/machine.txt"

  start_daemon
  devices="$(device_count)"
  [ -n "$world_sizes" ] || world_sizes="$(seq "$devices" -2 2 | tr '\n' ' ')"
  for ws in $world_sizes; do
    echo "== calibrate, world size $ws ($(date +%T))"
    "${c[@]}" calibrate --world-size "$ws" --copy-bytes 256M --iters 50 | tee "$out/calibrate_ws$ws.txt"
    for kernel in $(ops computes=all_reduce_sum family=swept_collective plugin=false); do
      run "${kernel}_ws$ws" --kernel "$kernel" --world-size "$ws" --min-bytes 2K --max-bytes "$max" \
        --step-factor 2 --graph --warmup 20 --iters 100 --repeats 3
    done
    echo "== tune, world size $ws ($(date +%T))"
    "${c[@]}" tune --world-size "$ws" --min-bytes 2K --max-bytes "$max" --step-factor 2 --warmup 20 \
      --iters 100 | tee "$out/tune_ws$ws.txt"
    run "all_reduce_ws$ws" --kernel all_reduce --world-size "$ws" --min-bytes 2K --max-bytes "$max" \
      --step-factor 2 --graph --warmup 20 --iters 100 --repeats 3
    run "ag_gemm_ws$ws" --kernel ag_gemm --world-size "$ws" --shapes "$shapes" --warmup 5 --iters 20 \
      --repeats 3
  done

  if [ "$devices" -ge 4 ]; then
    # Isolation: the same world-size-2 spec alone, then twice at once (disjoint GPU pairs).
    local pair=(--kernel one_shot_all_reduce --world-size 2 --min-bytes 2K --max-bytes "$max" --step-factor 4
                --graph --warmup 20 --iters 100 --repeats 3)
    run pair_alone "${pair[@]}" --label run=alone
    echo "== two world-size-2 jobs at once ($(date +%T))"
    "${c[@]}" submit --json "${pair[@]}" --label run=concurrent_a >"$out/pair_a.json" &
    submit_a=$!
    "${c[@]}" submit --json "${pair[@]}" --label run=concurrent_b >"$out/pair_b.json" &
    wait $submit_a $!  # not a bare `wait`: the daemon is a child of this shell too
    for p in a b; do
      "${c[@]}" watch "$(job_id "$out/pair_$p.json")" >/dev/null 2>&1 || true
    done
    "${c[@]}" list | tee "$out/jobs.txt"
  fi

  # Every job's full record as JSON (rows, devices, timing), for the tables in docs/results/.
  for job in $("${c[@]}" list --json | grep -o '"job_id": *"[^"]*"' | grep -o 'j-[0-9]*' | sort -u); do
    "${c[@]}" status "$job" --json >"$out/$job.json"
  done
  for p in a b; do
    [ -f "$out/pair_$p.json" ] && "${c[@]}" status "$(job_id "$out/pair_$p.json")" | tee "$out/pair_$p.txt"
  done
  echo "== done ($(date +%T))"
}

# teams [MAX]: per-host teams on one 4-GPU host. The workers are told they run on two hosts
# (SYMMBENCH_HOST=host0 for ranks 0,1 and host1 for ranks 2,3, through a --worker wrapper), so
# each pair of GPUs is a team on its own symmetric memory while "nccl_all_reduce_global" spans
# all four ranks. Runs the one-shot, two-shot and dispatched all_reduce as teams at world size 4,
# the same kernels at world size 2 (a team alone, for comparison) and a world-size-3 job whose
# teams would differ in size (refused); then the rows as one table per kernel. MAX default 64M.
cmd_teams() {
  local max="${1:-64M}" wrapper kernel
  wrapper="$(mktemp /tmp/team-worker.XXXXXX)"
  cat >"$wrapper" <<WRAP
#!/usr/bin/env bash
args=("\$@")
for ((i = 0; i < \${#args[@]}; i++)); do
  [ "\${args[\$i]}" = --rank ] && rank="\${args[\$((i + 1))]}"
done
SYMMBENCH_HOST="host\$((rank / 2))" exec "$PWD/$bundle/bin/symmbench-worker" "\$@"
WRAP
  chmod +x "$wrapper"
  start_daemon --worker "$wrapper"
  local sweep=(--min-bytes 2K --max-bytes "$max" --step-factor 4 --graph --warmup 20 --iters 100 --repeats 2)
  for kernel in one_shot_all_reduce two_shot_all_reduce all_reduce; do
    run "${kernel}_teams_ws4" --kernel "$kernel" --world-size 4 --per-host-teams "${sweep[@]}"
    run "${kernel}_ws2" --kernel "$kernel" --world-size 2 "${sweep[@]}"
  done
  run teams_unequal_ws3 --kernel one_shot_all_reduce --world-size 3 --per-host-teams --sizes 4K
  # The rows as one table: the team kernel, the same kernel on 2 GPUs alone, NCCL over all 4.
  python3 - "$out" <<'PY'
import json, sys, os
out = sys.argv[1]
for kernel in ["one_shot_all_reduce", "two_shot_all_reduce", "all_reduce"]:
    teams = json.load(open(os.path.join(out, f"{kernel}_teams_ws4.json")))
    alone = json.load(open(os.path.join(out, f"{kernel}_ws2.json")))
    alone_rows = {r["size_bytes"]: r for r in alone.get("rows", [])}
    print(f"\n{kernel}: {teams['state']} (teams) / {alone['state']} (ws2 alone)")
    print("| size | team graph us | team_size | wrong | ws2 alone graph us | best NCCL in the team, graph us | nccl_all_reduce_global graph us | global busbw GB/s |")
    print("| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for r in teams.get("rows", []):
        b = {x["name"]: x for x in r.get("references", [])}
        g = b.get("nccl_all_reduce_global", {})
        a = alone_rows.get(r["size_bytes"], {})
        print(f"| {r['size_bytes']} | {r.get('graph_time_us', 0):.2f} | {r.get('team_size', 0)} | {r['wrong']} | "
              f"{a.get('graph_time_us', 0):.2f} | {r.get('reference_graph_time_us', 0):.2f} | "
              f"{g.get('graph_time_us', 0):.2f} | {g.get('busbw_gbps', 0):.1f} |")
PY
}

# dist-gemm [WORLD_SIZES]: CUTLASS's experimental Distributed GEMM (deploy/dist_gemm_peer,
# built on the build host by `bazel build -c opt //deploy/dist_gemm_peer` and copied to
# $bundle/dist_gemm_peer) beside ag_gemm and matmul_reduce_scatter, bf16, the anchor shapes, at
# each world size (default: 2 and, with 4 or more devices, 4: the peer's schedules are built
# for those); dist_gemm_wsN.md puts the peer next to each op's variants.
cmd_dist_gemm() {
  local world_sizes="${1:-}" ws op peer="$bundle/dist_gemm_peer"
  [ -x "$peer" ] || { echo "dist-gemm: no $peer (bazel build -c opt //deploy/dist_gemm_peer)" >&2; return 2; }
  start_daemon
  [ -n "$world_sizes" ] || world_sizes="2$( (($(device_count) >= 4)) && echo ' 4')"
  for ws in $world_sizes; do
    for op in ag_gemm matmul_reduce_scatter; do
      run "${op}_ws$ws" --kernel "$op" --world-size "$ws" --dtype bf16 --shapes "$shapes" --warmup 5 --iters 20
      echo "== DistGEMM $op at $ws ranks ($(date +%T))"
      "$peer" --op "$op" --world-size "$ws" --shapes "$shapes" --warmup 5 --iters 20 --repeats 5 \
        | tee "$out/dist_${op}_ws$ws.jsonl"
    done
    python3 - "$out" "$ws" <<'PY' | tee "$out/dist_gemm_ws$ws.md"
import json, os, sys
out, ws = sys.argv[1], sys.argv[2]
for op, tile in (("ag_gemm", "t_tile_flags_us"), ("matmul_reduce_scatter", "t_tile_push_us")):
    rows = {}
    path = os.path.join(out, f"{op}_ws{ws}.json")
    for r in (json.load(open(path)).get("rows", []) if os.path.exists(path) else []):
        g = r["gemm"]
        rows[(g["m"], g["n"], g["k"])] = g
    print(f"## {op}, bf16, {ws} ranks: us per op\n")
    print("| M x N x K | fused | tile | DistGEMM | DistGEMM rel. error | best of ours / DistGEMM |")
    print("| --- | --- | --- | --- | --- | --- |")
    path = os.path.join(out, f"dist_{op}_ws{ws}.jsonl")
    for line in (open(path) if os.path.exists(path) else []):
        d = json.loads(line)
        g = rows.get((d["m"], d["n"], d["k"]), {})
        best = min([t for t in (g.get("t_fused_us", 0), g.get(tile, 0)) if t > 0], default=0)
        ratio = f"{best / d['t_us']:.2f}" if best and d["t_us"] else "-"
        print(f"| {d['m']} x {d['n']} x {d['k']} | {g.get('t_fused_us', 0):.1f} | {g.get(tile, 0):.1f} "
              f"| {d['t_us']:.1f} | {d['rel_error']:.1e} | {ratio} |")
    print()
PY
  done
}
