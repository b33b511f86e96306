#!/usr/bin/env bash
# Per-host teams on one 4-GPU host, in one call, building nothing there.
# The workers are told they run on two hosts (SYMMBENCH_HOST=host0 for ranks 0,1 and host1 for
# ranks 2,3, through a --worker wrapper), so each pair of GPUs is a team on its own symmetric
# memory while "nccl_all_reduce_global" spans all four ranks. Runs the one-shot, two-shot and
# dispatched all_reduce as teams at world size 4, the same kernels at world size 2 (a team alone,
# for comparison) and a world-size-3 job whose teams would differ in size (refused).
# Usage: deploy/gpu-teams.sh [MAX_BYTES]. Prerequisite here: deploy/bundle.sh (carry dist/).
set -uo pipefail
source "$(dirname "$0")/gpu-env.sh"
max="${1:-64M}"

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
sweep=(--min-bytes 2K --max-bytes "$max" --step-factor 4 --graph --warmup 20 --iters 100 --repeats 2)
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
        b = {x["name"]: x for x in r.get("baselines", [])}
        g = b.get("nccl_all_reduce_global", {})
        a = alone_rows.get(r["size_bytes"], {})
        print(f"| {r['size_bytes']} | {r.get('graph_time_us', 0):.2f} | {r.get('team_size', 0)} | {r['wrong']} | "
              f"{a.get('graph_time_us', 0):.2f} | {r.get('baseline_graph_time_us', 0):.2f} | "
              f"{g.get('graph_time_us', 0):.2f} | {g.get('busbw_gbps', 0):.1f} |")
PY
