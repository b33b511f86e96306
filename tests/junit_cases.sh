# The cases of a shell test as JUnit XML ($XML_OUTPUT_FILE), one <testcase> per check, as
# deploy/count-tests.py counts them. Sourced by a test script:
#
#   source "$root/tests/junit_cases.sh" SUITE
#   pass NAME            # a passed case
#   fail NAME MESSAGE    # a failed case
#
#   junit_summary        # last: prints "N passed, N failed", fails if any case failed
#
# The XML is written when the script exits; an exit with a non-zero status and no failed case
# counts as one failed case named SUITE.
junit_suite="$1"
junit_names=()
junit_errors=()  # "" for a passed case
pass() { junit_names+=("$1"); junit_errors+=(""); echo "PASS $1"; }
fail() { junit_names+=("$1"); junit_errors+=("$2"); echo "FAIL $1: $2"; }

junit_summary() {
  local failed=0 e
  for e in "${junit_errors[@]}"; do [ -z "$e" ] || failed=$((failed + 1)); done
  echo "$((${#junit_names[@]} - failed)) passed, $failed failed"
  ((failed == 0))
}

junit_write_xml() {
  local rc=$? failures=0 i
  [ -n "${XML_OUTPUT_FILE:-}" ] || return
  for i in "${!junit_names[@]}"; do [ -z "${junit_errors[$i]}" ] || failures=$((failures + 1)); done
  if ((rc != 0 && failures == 0)); then
    junit_names+=("$junit_suite"); junit_errors+=("the test script exited with status $rc")
    failures=1
  fi
  {
    echo '<?xml version="1.0" encoding="UTF-8"?>'
    echo "<testsuites><testsuite name=\"$junit_suite\" tests=\"${#junit_names[@]}\" failures=\"$failures\" errors=\"0\">"
    for i in "${!junit_names[@]}"; do
      if [ -z "${junit_errors[$i]}" ]; then
        echo "<testcase classname=\"$junit_suite\" name=\"${junit_names[$i]}\"/>"
      else
        local message
        message="$(printf '%s' "${junit_errors[$i]}" | sed 's/&/\&amp;/g; s/</\&lt;/g; s/>/\&gt;/g; s/"/\&quot;/g')"
        echo "<testcase classname=\"$junit_suite\" name=\"${junit_names[$i]}\"><failure message=\"$message\"/></testcase>"
      fi
    done
    echo "</testsuite></testsuites>"
  } >"$XML_OUTPUT_FILE"
}
trap junit_write_xml EXIT
