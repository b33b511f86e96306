#!/usr/bin/env bash
# Builds the libFuzzer targets with Debian's clang (libFuzzer + ASan + UBSan) outside Bazel,
# against the system libraries, and runs each for SECONDS (default 60) from its corpus.
#
#   tests/fuzz/run.sh [SECONDS] [--update-corpus]
#
# Targets: spec_fuzzer (SubmitJobRequest -> spec validation) and store_fuzzer (StoreFuzzInput
# -> Store service). Inputs are serialized protobuf messages. The corpus kept in the repo is
# tests/fuzz/corpus/<target>/ (read-only here unless --update-corpus, which merges what this
# run found into it, minimized); text seeds in tests/fuzz/seeds/<target>/*.textproto are
# encoded into it on every run. Prints one "fuzz: <target> ... execs" line per target; exits
# non-zero if a target crashed (the crashing input is kept under $FUZZ_OUT/artifacts/).
set -euo pipefail
cd "$(dirname "$0")/../.."

seconds=60
update=0
for arg in "$@"; do
  case "$arg" in
    --update-corpus) update=1 ;;
    *) seconds="$arg" ;;
  esac
done
out="${FUZZ_OUT:-${TMPDIR:-/tmp}/symmbench-fuzz}"
gen="$out/gen"
obj="$out/obj"
mkdir -p "$gen" "$obj" "$out/artifacts"

cxx="${CXX_FUZZ:-clang++}"
flags=(-std=c++17 -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined
       -fno-sanitize-recover=undefined -I. -I"$gen" -Wno-deprecated-declarations)
libs=(-lgrpc++ -lgrpc -lgpr -lprotobuf -lsqlite3 -labsl_synchronization -labsl_status
      -labsl_statusor -labsl_cord -labsl_strings -labsl_str_format_internal -labsl_time
      -labsl_base -labsl_raw_logging_internal -labsl_throw_delegate -lpthread)

# Generated code, regenerated only when a .proto changed.
if [ ! -f "$gen/stamp" ] || [ proto/symmbench.proto -nt "$gen/stamp" ] ||
   [ tests/fuzz/store_fuzz.proto -nt "$gen/stamp" ]; then
  protoc -I. --cpp_out="$gen" --grpc_out="$gen" --plugin=protoc-gen-grpc=/usr/bin/grpc_cpp_plugin \
    proto/symmbench.proto
  protoc -I. --cpp_out="$gen" tests/fuzz/store_fuzz.proto
  touch "$gen/stamp"
fi

# Compiles one source into $obj (instrumented for the fuzzer) unless its object is newer than
# the source and every header of this tree. Prints the object's path.
compile() {
  local src="$1" o="$obj/$(echo "$1" | tr '/' '_').o"
  if [ ! -f "$o" ] || [ "$src" -nt "$o" ] || [ -n "$(find server kernels tests/fuzz "$gen" \
      -name '*.h' -newer "$o" -print -quit)" ]; then
    "$cxx" "${flags[@]}" -fsanitize=fuzzer-no-link -c "$src" -o "$o"
  fi
  echo "$o"
}

# kernels/dtype.cc converts through _Float16, which clang 14 does not offer on x86-64: that one
# file is compiled by g++, uninstrumented (the fuzzers only use its name and size tables).
dtype_obj="$obj/kernels_dtype.cc.gcc.o"
if [ ! -f "$dtype_obj" ] || [ kernels/dtype.cc -nt "$dtype_obj" ] || [ kernels/dtype.h -nt "$dtype_obj" ]; then
  g++ -std=c++17 -O1 -g -I. -c kernels/dtype.cc -o "$dtype_obj"
fi

proto_objs=("$(compile "$gen/proto/symmbench.pb.cc")")
spec_objs=("$(compile tests/fuzz/spec_fuzzer.cc)" "$(compile spec/spec_validation.cc)"
           "$(compile spec/ag_gemm_spec.cc)" "$(compile spec/fault_injection.cc)"
           "$(compile spec/dispatch.cc)"
           "$(compile kernels/ops/registry.cc)" "$(compile common/did_you_mean.cc)"
           "$(compile common/quote.cc)" "$(compile kernels/ag_gemm.cc)" "$dtype_obj")
store_objs=("$(compile tests/fuzz/store_fuzzer.cc)" "$(compile server/store.cc)"
            "$(compile server/rpc/store_service.cc)" "$(compile server/metrics.cc)"
            "$(compile common/quote.cc)" "$(compile kernels/ops/registry.cc)"
            "$(compile "$gen/proto/symmbench.grpc.pb.cc")"
            "$(compile "$gen/tests/fuzz/store_fuzz.pb.cc")")
"$cxx" "${flags[@]}" -fsanitize=fuzzer "${spec_objs[@]}" "${proto_objs[@]}" "${libs[@]}" \
  -o "$out/spec_fuzzer"
"$cxx" "${flags[@]}" -fsanitize=fuzzer "${store_objs[@]}" "${proto_objs[@]}" "${libs[@]}" \
  -lprometheus-cpp-pull -lprometheus-cpp-core -o "$out/store_fuzzer"

declare -A message=([spec_fuzzer]=symmbench.v1.SubmitJobRequest
                    [store_fuzzer]=symmbench.fuzz.StoreFuzzInput)
declare -A proto=([spec_fuzzer]=proto/symmbench.proto [store_fuzzer]=tests/fuzz/store_fuzz.proto)
export ASAN_OPTIONS="detect_leaks=1:abort_on_error=0"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
status=0
for target in spec_fuzzer store_fuzzer; do
  corpus="tests/fuzz/corpus/$target"
  found="$out/found/$target"  # this run's new inputs only
  rm -rf "$found"
  mkdir -p "$corpus" "$found"
  for seed in tests/fuzz/seeds/"$target"/*.textproto; do
    protoc -I. --encode="${message[$target]}" "${proto[$target]}" <"$seed" \
      >"$corpus/seed-$(basename "$seed" .textproto)"
  done
  log="$out/$target.log"
  # New inputs go to $found (first directory); the repo's corpus is only read.
  if "$out/$target" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
      -print_final_stats=1 -artifact_prefix="$out/artifacts/$target-" "$found" "$corpus" \
      >"$log" 2>&1; then
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
    units=$(find "$found" "$corpus" -type f | wc -l)
    echo "fuzz: $target ran ${seconds}s: ${execs:-?} execs, no crash (corpus $units inputs)"
  else
    echo "fuzz: $target CRASHED; input under $out/artifacts/, log $log" >&2
    tail -n 60 "$log" >&2
    status=1
  fi
  if [ "$update" = 1 ]; then
    "$out/$target" -merge=1 "$corpus" "$found" >"$out/$target.merge.log" 2>&1
    echo "fuzz: $target corpus now $(find "$corpus" -type f | wc -l) inputs"
  fi
done
exit $status
