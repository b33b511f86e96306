# deploy/gpu-suite.sh's all-gather and reduce-scatter commands: sharded, sharded-dispatch.
# Sourced by deploy/gpu-suite.sh after common.sh, whose helpers and variables they use.

# sharded [WORLD_SIZES] [MAX]: at each world size (default: 1 and every device) the two
# all-gathers and the two reduce-scatters, each beside ncclAllGather / ncclReduceScatter (plain
# and symmetric windows) in the same job: bf16 graph sweeps 1K..MAX (x4), an eager bf16 sweep
# up to 1M, and fp16 / fp32 at odd sizes (checked, not for speed).
cmd_sharded() {
  local world_sizes="${1:-}" max="${2:-256M}" ws kernel
  start_daemon
  "${c[@]}" devices
  [ -n "$world_sizes" ] || world_sizes="1 $(device_count)"
  for ws in $world_sizes; do
    local each=(--world-size "$ws" --warmup 20 --iters 100)
    for kernel in $(ops family=swept_collective computes='all_gather|reduce_scatter_sum'); do
      sweep_kernel "${kernel}_ws${ws}" "$kernel" 1K "$max" 6,2050,1000006 12,4100,2000012 "${each[@]}"
    done
  done
}

# sharded-dispatch [MAX]: the all_gather and reduce_scatter dispatchers, graph mode, bf16,
# 1K..MAX (256M) by 4: with the built-in table at one GPU and at every device, then `symmbench
# tune --op` at every device (each candidate against NCCL and NCCL's symmetric kernels) and the
# dispatcher again with the tuned table.
cmd_sharded_dispatch() {
  local max="${1:-256M}" ws op
  start_daemon
  "${c[@]}" devices
  ws="$(device_count)"
  for op in all_gather reduce_scatter; do
    local each=(--kernel "$op" --dtype bf16 --min-bytes 1K --max-bytes "$max" --step-factor 4 --graph --warmup 20 --iters 100)
    run "${op}_ws1_builtin" "${each[@]}" --world-size 1
    run "${op}_ws${ws}_builtin" "${each[@]}" --world-size "$ws"
    echo "== tune --op $op, world size $ws ($(date +%T))"
    "${c[@]}" tune --op "$op" --world-size "$ws" --min-bytes 1K --max-bytes "$max" --step-factor 4 \
      --warmup 20 --iters 100 | tee "$out/tune_${op}.txt"
    run "${op}_ws${ws}_tuned" "${each[@]}" --world-size "$ws"
  done
}
