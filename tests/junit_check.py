#!/usr/bin/env python3
"""Checks a JUnit XML file with a real XML parser against the structure of the Apache Ant JUnit
schema that CI systems read (Jenkins, GitLab, GitHub test reporters):

  <testsuites>                                   (no attributes)
    <testsuite package id name timestamp hostname tests failures errors [skipped] time>
      <properties> <property name value/>* </properties>
      <testcase name classname time> [<failure type [message]>|<error ...>|<skipped/>] </testcase>*
      <system-out/> <system-err/>
    </testsuite>*
  </testsuites>

and that the counts agree with the test cases. Usage:
  junit_check.py FILE [TESTS FAILURES ERRORS]   (expected totals, optional)
Prints "OK tests=N failures=F errors=E" and exits 0, or prints the first problem and exits 1.
"""
import re
import sys
import xml.etree.ElementTree as ET

TIMESTAMP = re.compile(r"^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}$")
DECIMAL = re.compile(r"^[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)$")
INT = re.compile(r"^[+-]?[0-9]+$")


class Invalid(Exception):
    pass


def need(cond, message):
    if not cond:
        raise Invalid(message)


def token(element, name):
    value = element.get(name)
    need(value is not None, f"<{element.tag}> lacks required attribute {name}")
    need(value.strip() != "", f"<{element.tag}> attribute {name} is empty")
    return value


def integer(element, name, required=True):
    value = element.get(name)
    if value is None:
        need(not required, f"<{element.tag}> lacks required attribute {name}")
        return None
    need(INT.match(value), f"<{element.tag}> {name}={value!r} is not an integer")
    return int(value)


def decimal(element, name):
    value = token(element, name)
    need(DECIMAL.match(value), f"<{element.tag}> {name}={value!r} is not a decimal")
    return float(value)


def check_suite(suite):
    allowed = {"package", "id", "name", "timestamp", "hostname", "tests", "failures", "errors",
               "skipped", "time"}
    extra = set(suite.attrib) - allowed
    need(not extra, f"<testsuite> has attributes outside the schema: {sorted(extra)}")
    token(suite, "package")
    integer(suite, "id")
    token(suite, "name")
    need(TIMESTAMP.match(token(suite, "timestamp")),
         f"timestamp {suite.get('timestamp')!r} is not YYYY-MM-DDTHH:MM:SS (no zone)")
    token(suite, "hostname")
    tests, failures, errors = (integer(suite, n) for n in ("tests", "failures", "errors"))
    skipped = integer(suite, "skipped", required=False)
    decimal(suite, "time")

    children = list(suite)
    tags = [c.tag for c in children]
    need(len(children) >= 3, f"<testsuite> children {tags}: want properties, testcase*, "
         "system-out, system-err")
    need(tags[0] == "properties", f"first child of <testsuite> is <{tags[0]}>, not <properties>")
    need(tags[-2:] == ["system-out", "system-err"],
         f"<testsuite> must end with <system-out><system-err> (got {tags[-2:]})")
    need(all(t == "testcase" for t in tags[1:-2]), f"unexpected children between: {tags[1:-2]}")
    for prop in children[0]:
        need(prop.tag == "property", f"<properties> holds <{prop.tag}>")
        token(prop, "name")
        need(prop.get("value") is not None, "<property> lacks value")

    counted = {"tests": 0, "failures": 0, "errors": 0, "skipped": 0}
    for case in children[1:-2]:
        extra = set(case.attrib) - {"name", "classname", "time"}
        need(not extra, f"<testcase> has attributes outside the schema: {sorted(extra)}")
        token(case, "name")
        token(case, "classname")
        decimal(case, "time")
        counted["tests"] += 1
        outcome = list(case)
        need(len(outcome) <= 1, f"<testcase {case.get('name')}> has {len(outcome)} outcomes")
        for child in outcome:
            need(child.tag in ("failure", "error", "skipped"),
                 f"<testcase> holds <{child.tag}>")
            if child.tag in ("failure", "error"):
                token(child, "type")
                counted["failures" if child.tag == "failure" else "errors"] += 1
            else:
                counted["skipped"] += 1
    need(tests == counted["tests"], f"tests={tests} but {counted['tests']} testcases")
    need(failures == counted["failures"], f"failures={failures} but {counted['failures']} failed")
    need(errors == counted["errors"], f"errors={errors} but {counted['errors']} errored")
    if skipped is not None:
        need(skipped == counted["skipped"], f"skipped={skipped} but {counted['skipped']} skipped")
    return counted


def main(argv):
    if len(argv) not in (2, 5):
        print(__doc__, file=sys.stderr)
        return 2
    try:
        root = ET.parse(argv[1]).getroot()
        need(root.tag == "testsuites", f"root element is <{root.tag}>, not <testsuites>")
        need(not root.attrib, f"<testsuites> has attributes: {sorted(root.attrib)}")
        suites = list(root)
        need(suites, "no <testsuite>")
        totals = {"tests": 0, "failures": 0, "errors": 0}
        for index, suite in enumerate(suites):
            need(suite.tag == "testsuite", f"<testsuites> holds <{suite.tag}>")
            need(suite.get("id") == str(index), f"testsuite id {suite.get('id')} != {index}")
            counted = check_suite(suite)
            for key in totals:
                totals[key] += counted[key]
        if len(argv) == 5:
            want = dict(zip(("tests", "failures", "errors"), (int(a) for a in argv[2:5])))
            need(totals == want, f"totals {totals} != expected {want}")
    except (Invalid, ET.ParseError) as e:
        print(f"INVALID {argv[1]}: {e}")
        return 1
    print(f"OK tests={totals['tests']} failures={totals['failures']} errors={totals['errors']}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
