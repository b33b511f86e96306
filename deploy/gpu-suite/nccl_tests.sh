# deploy/gpu-suite.sh's nccl-tests command: NCCL timed by NVIDIA's nccl-tests and by symmbench's
# reference, in the same call on the same GPUs. Sourced by deploy/gpu-suite.sh after common.sh.

# nccl-tests [WORLD_SIZES] [MAX]: at each world size (default: 2 and every device), for
# all_reduce, all_gather and reduce_scatter in bf16 at 1K..MAX (256M) by 4: nccl-tests'
# OP_perf -G $NT_LAUNCHES (100) with -R 0 and with -R 2 (symmetric windows), then a symmbench
# job of the op's dispatcher with --graph-launches $NT_LAUNCHES (nccl-tests' -G: one graph of
# all iters, timed over the launches) and one with --graph (a replay of iters / 10 operations
# per sample), and, for each kernel named in $NT_KERNELS that computes the op, a job of that
# kernel with --graph-launches; deploy/nccl_tests_compare.py puts NCCL's figures side by side,
# and ours against nccl-tests' best, in $out/nccl_tests_compare.md and .json. The nccl-tests
# binaries come from deploy/build-nccl-tests.sh ($bundle/nccl-tests).
cmd_nccl_tests() {
  local world_sizes="${1:-}" max="${2:-256M}" launches="${NT_LAUNCHES:-100}" ws op bytes kernel
  local -A computes=([all_reduce]=all_reduce_sum [all_gather]=all_gather [reduce_scatter]=reduce_scatter_sum)
  local tests="$bundle/nccl-tests"
  if [ ! -x "$tests/all_reduce_perf" ]; then
    echo "gpu-suite.sh nccl-tests: no $tests/all_reduce_perf; run deploy/build-nccl-tests.sh on the build host" >&2
    return 2
  fi
  start_daemon
  [ -n "$world_sizes" ] || world_sizes="$(printf '2\n%s\n' "$(device_count)" | sort -nu | tr '\n' ' ')"
  bytes="$(python3 -c "import re,sys
def b(s):
    m = re.fullmatch(r'(\d+)([KMG]?)', s)
    return int(m.group(1)) << {'': 0, 'K': 10, 'M': 20, 'G': 30}[m.group(2)]
print(b(sys.argv[1]))" "$max")"
  echo "nccl-tests $(cat "$tests/VERSION" 2>/dev/null) at world sizes $world_sizes, 1K..$max, -G $launches"
  for ws in $world_sizes; do
    for op in all_reduce all_gather reduce_scatter; do
      for registration in 0 2; do
        echo "== nccl-tests ${op}_perf -g $ws -R $registration ($(date +%T))"
        "$tests/${op}_perf" -g "$ws" -b 1K -e "$bytes" -f 4 -d bfloat16 -w 5 -n 20 -G "$launches" \
          -R "$registration" -J "$out/nt_${op}_ws${ws}_R${registration}.json" 2>&1 |
          tee "$out/nt_${op}_ws${ws}_R${registration}.txt" | grep -v '^#' | grep -v '^$'
      done
      run "sb_${op}_ws${ws}_launches" --kernel "$op" --world-size "$ws" --dtype bf16 --min-bytes 1K \
        --max-bytes "$max" --step-factor 4 --warmup 5 --iters 20 --repeats 3 --graph \
        --graph-launches "$launches" --out-of-place
      run "sb_${op}_ws${ws}_graph" --kernel "$op" --world-size "$ws" --dtype bf16 --min-bytes 1K \
        --max-bytes "$max" --step-factor 4 --warmup 20 --iters 100 --repeats 3 --graph --out-of-place
      for kernel in $(ops "computes=${computes[$op]}" family=swept_collective); do
        [[ " ${NT_KERNELS:-} " == *" $kernel "* ]] || continue
        run "sbk_${op}_ws${ws}_${kernel}" --kernel "$kernel" --world-size "$ws" --dtype bf16 \
          --min-bytes 1K --max-bytes "$max" --step-factor 4 --warmup 5 --iters 20 --repeats 3 \
          --graph --graph-launches "$launches" --out-of-place
      done
    done
  done
  python3 "$suite/../nccl_tests_compare.py" "$out"
}
