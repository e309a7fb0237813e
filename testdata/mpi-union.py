#!/usr/bin/env python3
"""Each process's time in MPI communication calls in an OTF2 trace, by otf2-print, without igtrace
(definitions section 3): per thread (location) its outermost calls of a region named MPI_* (not
MPI_Init, MPI_Init_thread, MPI_Finalize, nor calls inside them); per process (location group) the
busiest thread's time, the sum over its threads and the union of their calls, in seconds.

    python3 testdata/mpi-union.py TRACE.otf2

prints one JSON list, a process per entry in the trace's group order:
{"process": "P#0", "busiest": s, "sum": s, "union": s}. A Leave closes the innermost open region of
its name (EZTrace 2.0 leaves `Working` before `EZTrace finalize`). Trace without recording off
(MeasurementOnOff). Needs otf2-print (Debian's otf2-tools).
"""
import json
import re
import subprocess
import sys
from collections import defaultdict

NOT_COMM = {"MPI_Init", "MPI_Init_thread", "MPI_Finalize"}
LOCATION = re.compile(r'^LOCATION\s+(\d+)\s+Name: ".*?" <\d+>, Type: \w+, # Events: \d+, Group: "(.*?)" <(\d+)>')
EVENT = re.compile(r'^(ENTER|LEAVE)\s+(\d+)\s+(\d+)\s+Region: "(.*)" <\d+>')
CLOCK = re.compile(r'^CLOCK_PROPERTIES\s+Ticks per Seconds: (\d+)')


def union(intervals):
    total, start, end = 0, None, None
    for s, e in sorted(intervals):
        if start is None or s > end:
            total += 0 if start is None else end - start
            start, end = s, e
        else:
            end = max(end, e)
    return total + (0 if start is None else end - start)


def main(path):
    text = []
    for args in (["otf2-print", "-G", path], ["otf2-print", path]):
        text += subprocess.run(args, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, universal_newlines=True,
                               check=True).stdout.splitlines()
    group, order, ticks = {}, {}, None
    open_regions, calls = defaultdict(list), defaultdict(list)
    for line in text:
        m = EVENT.match(line)
        if m:
            kind, loc, t, name = m.group(1), int(m.group(2)), int(m.group(3)), m.group(4)
            stack = open_regions[loc]
            if kind == "ENTER":
                stack.append((name, t))
                continue
            i = max((k for k, (n, _) in enumerate(stack) if n == name), default=-1)
            if i < 0:
                continue
            _, enter = stack.pop(i)
            outer = [n for n, _ in stack[:i]]
            if name.startswith("MPI_") and name not in NOT_COMM and not any(n.startswith("MPI_") for n in outer):
                calls[loc].append((enter, t))
            continue
        m = LOCATION.match(line)
        if m:
            group[int(m.group(1))] = m.group(2)
            order.setdefault(m.group(2), int(m.group(3)))
            continue
        m = CLOCK.match(line)
        if m:
            ticks = int(m.group(1))
    out = []
    for g in sorted(order, key=order.get):
        threads = [calls[loc] for loc in group if group[loc] == g]
        per = [sum(e - s for s, e in c) for c in threads]
        out.append({"process": g, "busiest": max(per) / ticks, "sum": sum(per) / ticks,
                    "union": union([iv for c in threads for iv in c]) / ticks})
    print(json.dumps(out))


if __name__ == "__main__":
    main(sys.argv[1])
