#!/usr/bin/env python3
"""Validates JSON documents against one kind of client/cli-json.schema.json.

  json_schema_check.py SCHEMA KIND FILE...    exit 0 when every FILE is one object of KIND

Prints each violation with its path. Uses Debian's python3-jsonschema (draft 2020-12).
"""
import json
import sys

import jsonschema


def main():
    schema_path, kind, files = sys.argv[1], sys.argv[2], sys.argv[3:]
    with open(schema_path) as f:
        schema = json.load(f)
    if kind not in schema["$defs"]:
        print(f"{schema_path}: no kind {kind!r}", file=sys.stderr)
        return 2
    wrapper = {"$schema": schema["$schema"], "$defs": schema["$defs"], "$ref": f"#/$defs/{kind}"}
    validator = jsonschema.Draft202012Validator(wrapper)
    failed = 0
    for path in files:
        with open(path) as f:
            text = f.read()
        try:
            document = json.loads(text)
        except json.JSONDecodeError as e:
            print(f"{path}: not one JSON document: {e}")
            failed += 1
            continue
        for error in sorted(validator.iter_errors(document), key=lambda e: list(e.path)):
            print(f"{path}: {kind} at /{'/'.join(map(str, error.path))}: {error.message[:300]}")
            failed += 1
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
