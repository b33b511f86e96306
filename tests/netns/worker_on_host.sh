#!/usr/bin/env bash
# A symmbench-worker wrapper for the multi-host test (symmbenchd --worker this): runs the real
# worker ($SYMMBENCH_TEST_WORKER) of rank R in network namespace $SYMMBENCH_TEST_NETNS-hN and a
# UTS namespace whose host name is hostN, where N = R / $SYMMBENCH_TEST_RANKS_PER_HOST + 1.
set -euo pipefail
rank=""
args=("$@")
for ((i = 0; i < ${#args[@]}; i++)); do
  [ "${args[$i]}" = --rank ] && rank="${args[$((i + 1))]}"
done
[ -n "$rank" ] || { echo "worker_on_host.sh: no --rank" >&2; exit 2; }
host=$((rank / SYMMBENCH_TEST_RANKS_PER_HOST + 1))
exec ip netns exec "$SYMMBENCH_TEST_NETNS-h$host" unshare --uts \
  sh -c 'hostname "$0"; exec "$@"' "host$host" "$SYMMBENCH_TEST_WORKER" "$@"
