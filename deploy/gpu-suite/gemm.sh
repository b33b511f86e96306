# deploy/gpu-suite.sh's GEMM op commands: ag-gemm, matmul-rs, fp8.
# Sourced by deploy/gpu-suite.sh after common.sh, whose helpers and variables they use.

# ag-gemm [WORLD_SIZES] [SHAPES]: ag_gemm at each world size (default: every device) on the
# anchor shapes, every variant in the same job (fused, all_gather, gemm, sequential, pipelined,
# tile_flags, tile_gemm), at splits_per_rank 1, 2 and 4 (the fused op's chunks per shard, the
# pipeline's stages, the tile-flag GEMM's flags per shard), bf16.
cmd_ag_gemm() {
  local world_sizes="${1:-}" ag_shapes="${2:-$shapes}" ws splits
  start_daemon
  "${c[@]}" devices
  [ -n "$world_sizes" ] || world_sizes="$(device_count)"
  for ws in $world_sizes; do
    for splits in 1 2 4; do
      run "ag_gemm_ws${ws}_splits_${splits}" --kernel ag_gemm --world-size "$ws" --shapes "$ag_shapes" \
        --dtype bf16 --splits-per-rank "$splits" --warmup 5 --iters 20
    done
  done
}

# matmul-rs [WORLD_SIZES] [SHAPES]: matmul_reduce_scatter at each world size (default: 1 and
# every device) on the anchor shapes (M x N x K, K split over the ranks), every variant timed
# in the same job, at splits auto, 1 and 4 in bf16 and auto in fp16.
cmd_matmul_rs() {
  local world_sizes="${1:-}" rs_shapes="${2:-$shapes}" ws splits
  start_daemon
  "${c[@]}" devices
  [ -n "$world_sizes" ] || world_sizes="1 $(device_count)"
  for ws in $world_sizes; do
    local each=(--kernel matmul_reduce_scatter --world-size "$ws" --shapes "$rs_shapes" --warmup 5 --iters 20)
    for splits in auto 1 4; do
      run "matmul_rs_ws${ws}_bf16_splits_${splits}" "${each[@]}" --dtype bf16 --splits-per-rank "$splits"
    done
    run "matmul_rs_ws${ws}_fp16" "${each[@]}" --dtype fp16
  done
}

# fp8 [WORLD_SIZES] [SHAPES]: both GEMM ops at each world size (default: 1 and every device) on
# the anchor shapes, every variant in the same job, splits auto: bf16, then fp8_e4m3 with
# tensor-wise and with row-wise scales. The gemm column at world size 1 is cuBLASLt's FP8 GEMM
# against its bf16 one; the fused and sequential columns show how much less of the
# communication the halved GEMM time hides.
cmd_fp8() {
  local world_sizes="${1:-}" fp8_shapes="${2:-$shapes}" ws kernel name
  start_daemon
  "${c[@]}" devices
  [ -n "$world_sizes" ] || world_sizes="1 $(device_count)"
  for ws in $world_sizes; do
    for kernel in $(ops family=gemm_collective); do
      local each=(--kernel "$kernel" --world-size "$ws" --shapes "$fp8_shapes" --warmup 5 --iters 20)
      name="${kernel}_ws${ws}"
      run "${name}_bf16" "${each[@]}" --dtype bf16
      run "${name}_fp8_tensorwise" "${each[@]}" --dtype fp8_e4m3 --fp8-scaling tensorwise
      run "${name}_fp8_rowwise" "${each[@]}" --dtype fp8_e4m3 --fp8-scaling rowwise
    done
  done
}
