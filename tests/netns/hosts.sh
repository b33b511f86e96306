#!/usr/bin/env bash
# Two "hosts" on this machine for the multi-host tests: network namespaces NAME-h1 and NAME-h2,
# each joined by a veth pair to a bridge NAME-br in the current namespace, which holds the
# coordinator's address.
#   hosts.sh up NAME SUBNET     e.g. "up sbt1 10.77.3": bridge 10.77.3.1/24, h1 .11, h2 .12;
#                               prints the bridge address
#   hosts.sh down NAME          removes the namespaces, the veth pairs and the bridge
# Needs root (CAP_NET_ADMIN, CAP_SYS_ADMIN) and iproute2. Names stay short: an interface name
# holds at most 15 characters.
set -euo pipefail
cmd="$1"
name="$2"

down() {
  for h in h1 h2; do
    ip netns pids "$name-$h" 2>/dev/null | xargs -r kill -9 2>/dev/null || true
    ip netns del "$name-$h" 2>/dev/null || true
    ip link del "$name-$h" 2>/dev/null || true
  done
  ip link del "$name-br" 2>/dev/null || true
}

if [ "$cmd" = down ]; then down; exit 0; fi
[ "$cmd" = up ] || { echo "usage: $0 up NAME SUBNET | down NAME" >&2; exit 2; }
subnet="$3"
down
ip link add "$name-br" type bridge
ip addr add "$subnet.1/24" dev "$name-br"
ip link set "$name-br" up
n=11
for h in h1 h2; do
  ip netns add "$name-$h"
  ip link add "$name-$h" type veth peer name eth0 netns "$name-$h"
  ip link set "$name-$h" master "$name-br" up
  ip -n "$name-$h" addr add "$subnet.$n/24" dev eth0
  ip -n "$name-$h" link set eth0 up
  ip -n "$name-$h" link set lo up
  n=$((n + 1))
done
echo "$subnet.1"
