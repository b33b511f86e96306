#!/usr/bin/env python3
"""nccl-tests' own device-line parser on a table: the sscanf format of parseRankInfo in
nccl-tests' src/util.cu, read from that file and applied with the C library's sscanf to every
"#  Rank" line on stdin. Prints one JSON object per line: the number of fields sscanf assigned
(nccl-tests reads 7) and their values.

    nccl_tests_device_lines.py UTIL_CU < table.txt
"""
import ctypes
import json
import re
import sys


def parser_format(util_cu):
    source = open(util_cu).read()
    match = re.search(r'parseRankInfo\(rankInfo_t \*rank, const char \*instring\)\s*\{.*?'
                      r'sscanf\(instring,\s*"((?:[^"\\]|\\.)*)"', source, re.S)
    if not match:
        sys.exit(f"no parseRankInfo sscanf format in {util_cu}")
    return match.group(1).encode().decode("unicode_escape").encode()


def main():
    fmt = parser_format(sys.argv[1])
    libc = ctypes.CDLL(None)
    for line in sys.stdin:
        if not line.startswith("#  Rank"):
            continue
        rank, group, pid, device, end = (ctypes.c_int(-1) for _ in range(5))
        host = ctypes.create_string_buffer(1025)
        device_hex = ctypes.create_string_buffer(129)
        info = ctypes.create_string_buffer(1025)
        assigned = libc.sscanf(line.encode(), fmt, ctypes.byref(rank), ctypes.byref(group),
                               ctypes.byref(pid), host, ctypes.byref(device), device_hex, info,
                               ctypes.byref(end))
        print(json.dumps({"fields": assigned, "rank": rank.value, "group": group.value,
                          "pid": pid.value, "hostname": host.value.decode(),
                          "device": device.value, "device_hex": device_hex.value.decode(),
                          "device_info": info.value.decode()}))


if __name__ == "__main__":
    main()
