#!/usr/bin/env python3
"""Checks that two JSON answers are the same answer: same fields, same values, same order of
items, whatever the order of an object's keys, the spacing, or how a timestamp is written
(Go writes 2026-11-26T03:45:00.12Z, PostgreSQL 2026-11-26T03:45:00.12+00:00: each is read as
the instant it names). On a difference it prints the first one found and exits 1.

    same-json.py bridgework.json floor.json
"""
import datetime
import json
import re
import sys

TIMESTAMP = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$")


def instant(s):
    # Python before 3.11 reads neither "Z" nor more than 6 fraction digits.
    s = s.replace("Z", "+00:00")
    m = re.match(r"^(.*T\d\d:\d\d:\d\d)(\.\d+)?(.*)$", s)
    fraction = (m.group(2) or ".0")[:7].ljust(7, "0")
    return datetime.datetime.fromisoformat(m.group(1) + fraction + m.group(3)).astimezone(datetime.timezone.utc)


def canonical(v):
    if isinstance(v, dict):
        return {k: canonical(x) for k, x in v.items()}
    if isinstance(v, list):
        return [canonical(x) for x in v]
    if isinstance(v, str) and TIMESTAMP.match(v):
        return instant(v).isoformat()
    return v


def first_difference(a, b, path="$"):
    if isinstance(a, dict) and isinstance(b, dict):
        for k in sorted(set(a) | set(b)):
            if k not in a or k not in b:
                return f"{path}.{k}: only in {'the first' if k in a else 'the second'}"
            d = first_difference(a[k], b[k], f"{path}.{k}")
            if d:
                return d
        return None
    if isinstance(a, list) and isinstance(b, list):
        if len(a) != len(b):
            return f"{path}: {len(a)} items against {len(b)}"
        for i, (x, y) in enumerate(zip(a, b)):
            d = first_difference(x, y, f"{path}[{i}]")
            if d:
                return d
        return None
    return None if a == b else f"{path}: {json.dumps(a)[:200]} against {json.dumps(b)[:200]}"


def main():
    with open(sys.argv[1]) as f:
        a = canonical(json.load(f))
    with open(sys.argv[2]) as f:
        b = canonical(json.load(f))
    d = first_difference(a, b)
    if d:
        print(f"{sys.argv[1]} and {sys.argv[2]} differ at {d}")
        sys.exit(1)


main()
