#!/usr/bin/env bash
# deploy/gpu-suite.sh COMMAND [ARG...]: the suite on a GPU host, from the bundle in
# dist/symmbench (made by deploy/bundle.sh on a build host); it builds nothing there.
# `deploy/gpu-suite.sh help` lists the commands; docs/gpu_host.md describes them.
# Run it from the folder that holds dist/ (the repository root). Every command but `env` and
# `help` starts its own symmbenchd on a free loopback port, writes tables and JSON under
# $OUT (default /tmp/symmbench-out) and, on exit, stops the daemon and keeps its state and
# logs as $OUT/logs.tgz.
set -uo pipefail

bundle=dist/symmbench
shapes=4096x6656x16384,8192x8192x8192,16384x8192x4096,2048x8192x8192  # the four anchor shapes

usage() {
  cat <<'EOF'
usage: deploy/gpu-suite.sh COMMAND [ARG...]     (from the folder holding dist/symmbench)
  env                                print the environment the commands run in: eval "$(deploy/gpu-suite.sh env)"
  main [all|main|all_reduce|ag_gemm] the machine, the main job (text, JSON), a graph sweep on a terminal, small sizes, fp16/fp32, AG-GEMM at 3 splits
  all-reduce [MAX]                   tune (one-shot, two-shot, push one-shot; graph), then the dispatched all_reduce in bf16, fp16, fp32, 2K..MAX (256M)
  calibrate                          the machine's ceilings, then one-shot, two-shot and AG-GEMM rows with their roofline fractions
  checks                             every all-reduce in 3 dtypes at odd sizes, eager and graph; injected wrong results must fail; AG-GEMM; summary.txt
  compare A B [ROUNDS] [SIZES]       bundle folders A and B alternating on the same GPUs (3 rounds; 2K,32K,512K,8M), medians side by side
  dist-gemm [WORLD_SIZES]            CUTLASS's Distributed GEMM (dist/symmbench/dist_gemm_peer, from //deploy/dist_gemm_peer) beside ag_gemm and matmul_reduce_scatter, bf16, the anchors, at 2 (and 4) ranks
  every-op [WORLD_SIZES]             every op at each world size (2..devices): every dtype, in place, every timed operation checked, eager and one-graph timing; GEMM ops in bf16/fp16/fp8; rank_error:1 stops the one-shot's and the plugin's peers
  faults                             an injected rank error and a flipped element must fail their jobs; a clean job after them must succeed
  gate [DELAY_MIN [DELAY_MAX]]       regression gate: a baseline, the same spec GAP_S s later (passes), a 20% delay at 32K..512K (fails there)
  sharded [WORLD_SIZES] [MAX]        all-gathers and reduce-scatters (SM and copy engine) beside NCCL: graph sweeps 1K..MAX (256M) in bf16, eager at small sizes, fp16/fp32 checks
  sharded-dispatch [MAX]             the all_gather and reduce_scatter dispatchers: built-in tables at 1 GPU and every device, then tune --op and the tuned dispatchers (graph, bf16, 1K..MAX)
  ag-gemm [WORLD_SIZES] [SHAPES]     ag_gemm's four algorithms side by side (fused copy engine + flags, the tile-flag GEMM, nvFuser's pipelined stages, sequential) at splits/stages 1, 2, 4, bf16
  nccl-tests [WORLD_SIZES] [MAX]     NVIDIA's nccl-tests (deploy/build-nccl-tests.sh) and symmbench's NCCL reference side by side: all_reduce, all_gather, reduce_scatter, bf16, 1K..MAX (256M), -G 100 with -R 0 and -R 2; nccl_tests_compare.md
  matmul-rs [WORLD_SIZES] [SHAPES]   matmul_reduce_scatter (fused, reduce_scatter, gemm, sequential, tile_push, tile_gemm) at splits auto/1/4, bf16 and fp16, at each world size (1 and every device)
  fp8 [WORLD_SIZES] [SHAPES]         ag_gemm and matmul_reduce_scatter in bf16 and in fp8_e4m3 (tensor-wise and row-wise scales), every variant, at each world size (1 and every device)
  plugins [WORLD_SIZES] [MAX]        the bundle's example CUDA plugin (plugins/cuda) beside the built-in one-shot: graph sweeps 2K..MAX (64M) in bf16, fp16, fp32 checks, eager
  push [MAX]                         the push one-shot in graph mode (bf16 2K..MAX, fp16, fp32) and eager, beside the pull one-shot
  scale [WORLD_SIZES] [MAX]          at each world size: ceilings, every all-reduce sweep, tune, all_reduce, AG-GEMM; two concurrent pairs on 4+ GPUs
  torch [WORLD_SIZES]                PyTorch's symmetric-memory ops (deploy/torch_symm.py) beside ours in the same call: all-reduce 2K..2M (graph), ag_gemm and matmul_reduce_scatter on the anchors
  teams [MAX]                        per-host teams on one 4-GPU host (two hosts of 2 GPUs, pretended) beside 2 GPUs alone; unequal teams refused
  help                               this list
Output: $OUT (default /tmp/symmbench-out). Environment: AG_SHAPES (compare), GAP_S, MAX_BYTES, WORLD_SIZE (gate), NT_LAUNCHES and NT_KERNELS (nccl-tests).
EOF
}

# The shared set-up, then the commands, one file per family.
suite="$(dirname "${BASH_SOURCE[0]}")/gpu-suite"
for part in common all_reduce verify sharded gemm field nccl_tests; do
  # shellcheck source=/dev/null
  source "$suite/$part.sh"
done

# --- Commands ---------------------------------------------------------------------------------

# env: the exports, for `eval "$(deploy/gpu-suite.sh env)"` (symmbench by hand on this host).
cmd_env() {
  setup_env
  echo "# bundle: $bundle (bin/symmbenchd, bin/symmbench-worker, bin/symmbench)"
  echo "export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1"
  [ -n "${LD_LIBRARY_PATH:-}" ] && printf 'export LD_LIBRARY_PATH=%q\n' "$LD_LIBRARY_PATH"
  return 0
}

# --- Dispatch ---------------------------------------------------------------------------------

command="${1:-}"
[ $# -gt 0 ] && shift
case "$command" in
  help | -h | --help) usage ;;
  "") usage >&2; exit 2 ;;
  env) cmd_env ;;
  ag-gemm | main | all-reduce | calibrate | checks | compare | dist-gemm | every-op | faults | fp8 | gate | matmul-rs | nccl-tests | plugins | push | scale | sharded | sharded-dispatch | teams | torch)
    setup_env
    setup_out
    "cmd_${command//-/_}" "$@"
    ;;
  *)
    echo "gpu-suite.sh: unknown command \"$command\"; deploy/gpu-suite.sh help lists them" >&2
    exit 2
    ;;
esac
