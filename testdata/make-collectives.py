#!/usr/bin/python3
"""Writes a 4-rank OTF2 trace of collectives only, with known transfer parts (issue 34 item 12, the
calibration of collectives of definitions section 9).

    /usr/bin/python3 testdata/make-collectives.py SCOREP_SRC/traces.otf2 DST_DIR [ALLTOALL_REGION_NAME]

With a third argument the two all-to-all instances are written in a region of that name (e.g. MPI_ALLTOALL, as
a Fortran binding may be named) instead of MPI_Alltoall: the collective operation (ALLTOALL) still says what they
are, and every number below is the same.

The definitions (regions, the 4 "MPI Rank R" locations, MPI_COMM_WORLD, a 1 ns timer) are those of the
Score-P source trace (testdata/otf2/scorep-late-sender-barrier); the events are written here. Every
rank runs main [0, 200] ms; in each instance rank r enters at b + r ms (the latest enter is b + 3) and
every rank leaves at b + 3 + part, so the instance's transfer part (median of leave - latest enter)
is `part`. P = 4 members: l = ceil(log2 4) = 2.
    MPI_Bcast, root 0, 1000 bytes:       b = 10, 40, 70;  part 4 ms  -> 4 / l = 2 ms per step
    MPI_Alltoall, S = 3000 bytes each:   b = 100;         part 6 ms  -> 6 / (P - 1) = 2 ms at x = 1000 B
    MPI_Alltoall, S = 6000 bytes each:   b = 130;         part 9 ms  -> 3 ms at x = 2000 B
    MPI_Barrier:                         b = 160;         part 2 ms  -> 1 ms per step
So the fits are: one-to-all L_f = 2 ms, B_f = inf (one size: the broadcasts are eager, 1000 bytes, so the
root's time shows no step, and every receiver entered after the root and before it left, so none shows one
alone: each instance is fitted as a synchronising one, 4 / l); all-to-all the line through (1000 B, 2 ms) and
(2000 B, 3 ms): L_f = 1 ms, B_f = 1000 B / 1 ms = 1 MB/s; barrier L_f = 1 ms.
The replay (issue 34: a broadcast is not synchronising; the eager root leaves at its enter, the receiver at
depth d(v) = 1, 2, 2 of ranks 1, 2, 3 at max(enter, root's enter + (d - 1) 2) + 2): 1st broadcast, ranks
0-3 leave at 10, 13, 14, 15 (7, 4, 3, 2 ms before the measured 17); 2nd, entered at 33, 37, 39, 41: they
leave at 33, 39, 41, 43 (14, 8, 6, 4 ms early); 3rd, entered at 56, 63, 66, 69: leave at 56, 65, 68, 71
(21, 12, 9, 6 early); the 1st all-to-all is entered at 79, 89, 93, 97, the latest 6 ms before the measured
103, and everything after it costs as measured: 200 - 6 = 194 ms.
On L = 0, B = inf (no message in the trace to fit them to) the collectives cost 0: 171 ms (every rank leaves
each broadcast at max(its enter, the root's) = its enter, and at b = 100 the latest enter, 79 + 4 * 3 = 91 ms,
is 12 ms before the measured 103: the broadcasts' 4 + 4 + 4 ms; then 6 + 9 + 2 ms less: 200 - 29 = 171).
"""
import sys

import otf2

BCAST, ALLTOALL, BARRIER = otf2.CollectiveOp.BCAST, otf2.CollectiveOp.ALLTOALL, otf2.CollectiveOp.BARRIER
# (region, op, root, bytes sent per member, b in ms, part in ms)
INSTANCES = [("MPI_Bcast", BCAST, 0, 1000, 10, 4), ("MPI_Bcast", BCAST, 0, 1000, 40, 4), ("MPI_Bcast", BCAST, 0, 1000, 70, 4),
             ("MPI_Alltoall", ALLTOALL, None, 3000, 100, 6), ("MPI_Alltoall", ALLTOALL, None, 6000, 130, 9),
             ("MPI_Barrier", BARRIER, None, 0, 160, 2)]


def ticks(ms):
    return int(round(ms * 1e6))


def main():
    source, target = sys.argv[1], sys.argv[2]
    with otf2.reader.open(source) as trace:
        t0 = None
        for _, event in trace.events:
            t0 = event.time
            break
        defs = trace.definitions
        region = {r.name: r for r in defs.regions}
        world = next(c for c in defs.comms if c.name == "MPI_COMM_WORLD")
        location = {l.group.name: l for l in defs.locations}
        with otf2.writer.open(target, definitions=defs) as writer:
            if len(sys.argv) > 3:
                a = region["MPI_Alltoall"]
                region["MPI_Alltoall"] = writer.definitions.region(sys.argv[3], paradigm=a.paradigm, region_role=a.region_role)
            for r in range(4):
                write = writer.event_writer_from_location(location["MPI Rank %d" % r])
                write(otf2.events.Enter(t0, region["main"]))
                for name, op, root, size, b, part in INSTANCES:
                    write(otf2.events.Enter(t0 + ticks(b + r), region[name]))
                    write(otf2.events.MpiCollectiveBegin(t0 + ticks(b + r)))
                    sent = size if op != BCAST or r == root else 0
                    received = size if op != BCAST or r != root else 0
                    end = t0 + ticks(b + 3 + part)
                    write(otf2.events.MpiCollectiveEnd(end, op, world, 0xFFFFFFFF if root is None else root, sent, received))
                    write(otf2.events.Leave(end, region[name]))
                write(otf2.events.Leave(t0 + ticks(200), region["main"]))


if __name__ == "__main__":
    main()
