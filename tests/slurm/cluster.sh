#!/usr/bin/env bash
# A throwaway Slurm cluster on loopback for the tests: slurmctld and one slurmd per node, CPU-only,
# no munge (auth/none and cred/none: test only), no accounting, state and logs under DIR.
#   cluster.sh start DIR [NODES]   write DIR/slurm.conf, start the daemons, wait until every node
#                                  is idle; prints "SLURM_CONF=DIR/slurm.conf"
#   cluster.sh stop DIR            scancel everything, stop the daemons (SIGTERM, then SIGKILL)
# Needs slurmctld and slurmd (Debian: slurm-wlm) and python3 (free ports).
set -euo pipefail
cmd="$1"
dir="$(cd "$2" && pwd)"
nodes="${3:-1}"
export SLURM_CONF="$dir/slurm.conf"

stop() {
  if [ -f "$dir/slurm.conf" ]; then
    scancel --full --quiet --user="$(id -un)" 2>/dev/null || true
  fi
  for pidfile in "$dir"/*.pid "$dir"/spool/*.pid; do
    [ -f "$pidfile" ] || continue
    pid="$(cat "$pidfile")"
    kill "$pid" 2>/dev/null || true
    for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$pid" 2>/dev/null || true
    rm -f "$pidfile"
  done
  [ -L "$dir/spool" ] && rm -rf "$(readlink "$dir/spool")" "$dir/spool"
  return 0
}

if [ "$cmd" = stop ]; then stop; exit 0; fi
[ "$cmd" = start ] || { echo "usage: $0 start|stop DIR [NODES]" >&2; exit 2; }
for tool in slurmctld slurmd sbatch squeue scancel python3; do
  command -v "$tool" >/dev/null || PATH="$PATH:/usr/sbin"
  command -v "$tool" >/dev/null || { echo "$tool not found: install slurm-wlm (deploy/install-deps.sh)" >&2; exit 3; }
done
read -r ctld_port slurmd_port < <(python3 -c '
import socket
s = [socket.socket() for _ in range(2)]
for x in s: x.bind(("127.0.0.1", 0))
print(*[x.getsockname()[1] for x in s])')
user="$(id -un)"
host="$(hostname)"
mkdir -p "$dir/state" "$dir/log"
# slurmstepd's sockets live in the spool directory, whose path must stay short (a Unix socket
# path holds 108 bytes; test temporary directories are often longer).
ln -sfn "$(mktemp -d /tmp/slurm-spool.XXXXXX)" "$dir/spool"
{
  echo "ClusterName=symmbench-test"
  echo "SlurmctldHost=$host(127.0.0.1)"
  echo "SlurmctldPort=$ctld_port"
  echo "SlurmdPort=$slurmd_port"
  echo "AuthType=auth/none"
  echo "CredType=cred/none"
  echo "SlurmUser=$user"
  echo "SlurmdUser=$user"
  echo "StateSaveLocation=$dir/state"
  echo "SlurmdSpoolDir=$(readlink "$dir/spool")/%n"
  echo "SlurmctldPidFile=$dir/slurmctld.pid"
  echo "SlurmdPidFile=$dir/slurmd.%n.pid"
  echo "SlurmctldLogFile=$dir/log/slurmctld.log"
  echo "SlurmdLogFile=$dir/log/slurmd.%n.log"
  echo "ProctrackType=proctrack/pgid"
  echo "TaskPlugin=task/none"
  echo "SwitchType=switch/none"
  echo "MpiDefault=none"
  echo "ReturnToService=2"
  echo "SchedulerType=sched/builtin"
  echo "SelectType=select/cons_tres"
  echo "SelectTypeParameters=CR_CPU"
  echo "SlurmdParameters=config_overrides"
  echo "JobCompType=jobcomp/none"
  echo "AccountingStorageType=accounting_storage/none"
  echo "JobAcctGatherType=jobacct_gather/none"
  echo "MinJobAge=600"
  echo "KillWait=2"
  for n in $(seq 1 "$nodes"); do
    echo "NodeName=node$n NodeHostname=$host NodeAddr=127.0.0.1 Port=$((slurmd_port + n - 1)) CPUs=8 RealMemory=1000 State=UNKNOWN"
  done
  echo "PartitionName=test Nodes=ALL Default=YES MaxTime=INFINITE State=UP"
} >"$dir/slurm.conf"
slurmctld -c -f "$dir/slurm.conf"
for n in $(seq 1 "$nodes"); do
  mkdir -p "$(readlink "$dir/spool")/node$n"
  slurmd -N "node$n" -f "$dir/slurm.conf"
done
for _ in $(seq 1 150); do
  idle="$(sinfo -h -N -t idle -o '%N' 2>/dev/null | wc -l)"
  [ "$idle" -ge "$nodes" ] && { echo "SLURM_CONF=$dir/slurm.conf"; exit 0; }
  sleep 0.2
done
echo "Slurm did not come up: $(sinfo -N 2>&1 | tr '\n' ' ')" >&2
tail -20 "$dir"/log/*.log >&2 || true
stop
exit 1
