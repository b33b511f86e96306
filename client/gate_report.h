// Views of a GateReport: the terminal table, a Markdown summary for a pull-request comment,
// JUnit XML for CI systems (the Apache Ant JUnit schema's structure) and one JSON object.
#pragma once

#include <string>

#include "client/format.h"
#include "client/gate.h"

namespace symmbench::client {

// The table: a "# gate:" line (baseline, candidate, rule), one line per case (case, baseline
// and candidate medians in us, ratio, interval, p, verdict), notes, and a "# result:" line.
std::string GateTable(const GateReport& report);

// A Markdown summary: a heading with the outcome, what was compared, a table of the cases
// (failures first), notes.
std::string GateMarkdown(const GateReport& report);

// JUnit XML: <testsuites> holding one <testsuite> (package, id, name, timestamp, hostname,
// tests, failures, errors, skipped, time; then properties, one testcase per case, system-out
// and system-err, in that order). A failing case carries <failure message type>; a candidate
// job that did not succeed adds a testcase with <error>. `timestamp` is UTC without a zone,
// e.g. "2026-11-22T10:00:00".
std::string GateJUnitXml(const GateReport& report);

// {"passed", "baseline", "baseline_job", "candidate_job", "max_slowdown", "alpha", counts,
// "notes", "cases": [{"name", "baseline_us", "candidate_us", "ratio", "interval", "p_value",
// "test", "verdict", "detail", ...}]}.
Json GateToJson(const GateReport& report);

// Escapes text for an XML attribute value or text node (&, <, >, ", ' and control characters
// other than tab, newline and carriage return, which XML 1.0 cannot carry, dropped).
std::string XmlEscape(const std::string& text);

}  // namespace symmbench::client
