#!/usr/bin/env bash
# The coverage-guided run of the fuzz targets: builds them with Debian's clang (libFuzzer + ASan +
# UBSan) outside Bazel, against the system libraries (a compile per core at a time), and runs
# both at once for SECONDS (default 60), one core each.
#
#   tests/fuzz/run.sh [SECONDS]
#
# Targets: spec_fuzzer (SubmitJobRequest -> spec validation) and store_fuzzer (StoreFuzzInput ->
# Store service). Each target's sources are those of its Bazel library
# (//tests/fuzz:<name>_fuzz_target, by `bazel query`), so the list cannot go stale. Inputs are
# serialized protobuf messages; the starting corpus is the readable seeds,
# tests/fuzz/seeds/<target>/*.textproto, encoded by protoc on every run, so it always matches
# the proto. What a run finds stays under $FUZZ_OUT (default $TMPDIR/symmbench-fuzz), never in
# the tree. Prints one "fuzz: <target> ... execs" line per target; exits non-zero if a target
# crashed (the crashing input is kept under $FUZZ_OUT/artifacts/; `bazel test
# //tests/fuzz/...` runs the same targets on the seeds and their mutations in every test pass).
set -euo pipefail
cd "$(dirname "$0")/../.."

seconds="${1:-60}"
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
protos=(proto/symmbench.proto proto/worker.proto tests/fuzz/store_fuzz.proto)
if [ ! -f "$gen/stamp" ] || [ -n "$(find "${protos[@]}" -newer "$gen/stamp" -print -quit)" ]; then
  protoc -I. --cpp_out="$gen" --grpc_out="$gen" --plugin=protoc-gen-grpc=/usr/bin/grpc_cpp_plugin \
    proto/symmbench.proto proto/worker.proto
  protoc -I. --cpp_out="$gen" tests/fuzz/store_fuzz.proto
  touch "$gen/stamp"
fi

# The object of one source under $obj.
object_of() { echo "$obj/$(echo "$1" | tr '/' '_').o"; }

# Whether a source's object is missing or older than the source or any header of this tree.
stale() {
  local o
  o="$(object_of "$1")"
  [ ! -f "$o" ] || [ "$1" -nt "$o" ] || [ -n "$(find common kernels security server spec \
      tests/fuzz "$gen" -name '*.h' -newer "$o" -print -quit)" ]
}

# kernels/dtype.cc converts through _Float16, which clang 14 does not offer on x86-64: that one
# file is compiled by g++, uninstrumented (the fuzzers only use its name and size tables).
dtype_obj="$obj/kernels_dtype.cc.gcc.o"
if [ ! -f "$dtype_obj" ] || [ kernels/dtype.cc -nt "$dtype_obj" ] || [ kernels/dtype.h -nt "$dtype_obj" ]; then
  g++ -std=c++17 -O1 -g -I. -c kernels/dtype.cc -o "$dtype_obj"
fi

# The sources of a target: the C++ sources of its Bazel library and of everything in this
# repository it depends on, then the generated protobuf code it needs.
sources() {
  local target="$1"
  bazel query "kind('source file', deps(//tests/fuzz:${target%_fuzzer}_fuzz_target))" \
      2>/dev/null | grep -v '^@' | grep '\.cc$' | sed 's|^//||; s|^:||; s|:|/|'
  echo "$gen/proto/symmbench.pb.cc"
  if [ "$target" = store_fuzzer ]; then
    echo "$gen/proto/worker.pb.cc"
    echo "$gen/proto/worker.grpc.pb.cc"
    echo "$gen/tests/fuzz/store_fuzz.pb.cc"
  fi
}
# A target's objects, in the order of its sources.
objects() {
  local src
  for src in "$@"; do
    if [ "$src" = kernels/dtype.cc ]; then echo "$dtype_obj"; else object_of "$src"; fi
  done
}
spec_srcs=($(sources spec_fuzzer))
[ ${#spec_srcs[@]} -gt 3 ] || { echo "fuzz: no sources for spec_fuzzer (bazel query failed)" >&2; exit 1; }
store_srcs=($(sources store_fuzzer))

# Every stale object, instrumented for the fuzzer, as many compiles at a time as there are cores.
failed=0
for src in $(printf '%s\n' "${spec_srcs[@]}" "${store_srcs[@]}" | grep -vx kernels/dtype.cc | sort -u); do
  stale "$src" || continue
  "$cxx" "${flags[@]}" -fsanitize=fuzzer-no-link -c "$src" -o "$(object_of "$src")" &
  while (($(jobs -rp | wc -l) >= $(nproc))); do wait -n || failed=1; done
done
while (($(jobs -rp | wc -l) > 0)); do wait -n || failed=1; done
((failed == 0)) || { echo "fuzz: a fuzz target's source did not compile" >&2; exit 1; }
"$cxx" "${flags[@]}" -fsanitize=fuzzer $(objects "${spec_srcs[@]}") "${libs[@]}" \
  -o "$out/spec_fuzzer"
"$cxx" "${flags[@]}" -fsanitize=fuzzer $(objects "${store_srcs[@]}") "${libs[@]}" \
  -lprometheus-cpp-pull -lprometheus-cpp-core -o "$out/store_fuzzer"

declare -A message=([spec_fuzzer]=symmbench.v1.SubmitJobRequest
                    [store_fuzzer]=symmbench.fuzz.StoreFuzzInput)
declare -A proto=([spec_fuzzer]=proto/symmbench.proto [store_fuzzer]=tests/fuzz/store_fuzz.proto)
declare -A pid
export ASAN_OPTIONS="detect_leaks=1:abort_on_error=0"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
# Both targets at once, one core each.
for target in spec_fuzzer store_fuzzer; do
  corpus="$out/corpus/$target"  # the seeds, then what runs on this machine found
  mkdir -p "$corpus"
  for seed in tests/fuzz/seeds/"$target"/*.textproto; do
    protoc -I. --encode="${message[$target]}" "${proto[$target]}" <"$seed" \
      >"$corpus/seed-$(basename "$seed" .textproto)"
  done
  "$out/$target" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 -artifact_prefix="$out/artifacts/$target-" "$corpus" \
    >"$out/$target.log" 2>&1 &
  pid[$target]=$!
done
status=0
for target in spec_fuzzer store_fuzzer; do
  corpus="$out/corpus/$target"
  log="$out/$target.log"
  if wait "${pid[$target]}"; then
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
    echo "fuzz: $target ran ${seconds}s: ${execs:-?} execs, no crash (corpus $(find "$corpus" -type f | wc -l) inputs)"
  else
    echo "fuzz: $target CRASHED; input under $out/artifacts/, log $log" >&2
    tail -n 60 "$log" >&2
    status=1
  fi
done
exit $status
