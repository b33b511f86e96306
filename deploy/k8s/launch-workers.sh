#!/usr/bin/env bash
# The launch command of a coordinator whose workers run as Kubernetes pods:
#   symmbenchd --launcher command --launch-command /usr/share/symmbench/k8s/launch-workers.sh
#              --backend cuda --cluster-ranks 64 ...
# For each benchmark job, `start JOB_ID` applies worker-job.yaml with the job's id, world size
# and backend filled in (an Indexed Job, one pod and one GPU per rank, and its headless Service)
# and a Secret holding the job's secret, then prints the handle NAMESPACE/JOB_ID; `stop HANDLE`
# deletes the three (cancel, failure, timeout, the end of the job, a restarted daemon).
#
# From symmbenchd's environment (server/launch/command_launcher.h): SYMMBENCH_JOB_SECRET,
# SYMMBENCH_WORLD_SIZE, SYMMBENCH_BACKEND. Settings, also from its environment:
#   SYMMBENCH_K8S_NAMESPACE  namespace of the pods (default: kubectl's current one)
#   SYMMBENCH_K8S_IMAGE      worker image (default: the template's, symmbench:latest)
#   SYMMBENCH_K8S_TEMPLATE   the pattern (default: worker-job.yaml next to this script)
#   KUBECTL                  kubectl to run (default: kubectl from PATH)
# The secret reaches kubectl on stdin, never in argv, where every user of the host can read it.
# Each pod is its own host to the workers (its host name is the pod's): per-host teams there
# are teams of one rank, and the all-reduce across them is NCCL's.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
kubectl="${KUBECTL:-kubectl}"
template="${SYMMBENCH_K8S_TEMPLATE:-$here/worker-job.yaml}"

usage() {
  echo "usage: $0 start JOB_ID | stop NAMESPACE/JOB_ID" >&2
  exit 2
}
(($# == 2)) || usage
# Job ids are the daemon's (j-NNNNNN); anything else would end up in object names and sed.
valid_job() { [[ "$1" =~ ^j-[0-9]{1,12}$ ]] || { echo "$0: not a job id: $1" >&2; exit 2; }; }

case "$1" in
  start)
    job="$2"
    valid_job "$job"
    : "${SYMMBENCH_JOB_SECRET:?no SYMMBENCH_JOB_SECRET: run me as the --launch-command of symmbenchd}"
    ws="${SYMMBENCH_WORLD_SIZE:?}"
    [[ "$ws" =~ ^[1-9][0-9]*$ ]] || { echo "$0: SYMMBENCH_WORLD_SIZE: not a count: $ws" >&2; exit 2; }
    backend="${SYMMBENCH_BACKEND:-cuda}"
    [[ "$backend" =~ ^(cuda|cpu)$ ]] || { echo "$0: SYMMBENCH_BACKEND: $backend" >&2; exit 2; }
    ns="${SYMMBENCH_K8S_NAMESPACE:-$("$kubectl" config view --minify -o 'jsonpath={..namespace}')}"
    ns="${ns:-default}"
    edits=(-e "s/j-000001/$job/g"
           -e "s/^  completions: 4 /  completions: $ws /"
           -e "s/^  parallelism: 4 /  parallelism: $ws /"
           -e "s/--world-size=4\$/--world-size=$ws/"
           -e "s/--backend=cuda\$/--backend=$backend/")
    if [ -n "${SYMMBENCH_K8S_IMAGE:-}" ]; then
      edits+=(-e "s|^          image: symmbench:latest\$|          image: $SYMMBENCH_K8S_IMAGE|")
    fi
    if [ "$backend" = cpu ]; then  # no GPU to ask for
      edits+=(-e '/^              nvidia.com\/gpu: 1$/d')
    fi
    {
      cat <<SECRET
apiVersion: v1
kind: Secret
metadata:
  name: symmbench-job-$job
  labels:
    app.kubernetes.io/name: symmbench
    app.kubernetes.io/component: worker
    symmbench/job-id: $job
type: Opaque
data:
  secret: $(printf '%s' "$SYMMBENCH_JOB_SECRET" | base64 -w0)
---
SECRET
      sed "${edits[@]}" "$template"
    } | "$kubectl" apply -n "$ns" -f - >&2
    echo "$ns/$job"
    ;;
  stop)
    ns="${2%%/*}"
    job="${2#*/}"
    valid_job "$job"
    "$kubectl" delete -n "$ns" --ignore-not-found --wait=false \
      "job/symmbench-$job" "service/symmbench-$job" "secret/symmbench-job-$job" >&2
    ;;
  *) usage ;;
esac
