#!/usr/bin/python3
"""Writes a 4-rank OTF2 trace of three barriers that took different times (issue 34 item 12: a collective family's
fitted cost is the mean over its instances, which the run's length adds, not their median).

    /usr/bin/python3 testdata/make-barriers.py SCOREP_SRC/traces.otf2 DST_DIR

The definitions (regions, the 4 "MPI Rank R" locations, MPI_COMM_WORLD, a 1 ns timer) are those of the Score-P
source trace (testdata/otf2/scorep-late-sender-barrier); the events are written here. Every rank runs main [0, 50]
ms and enters MPI_Barrier at 10, 20 and 30 ms, all ranks together; all leave the 1st and 2nd 1 ms later, the 3rd
4 ms later (one slow instance, as a process that lost its core makes one). P = 4, l = ceil(log2 4) = 2: the
transfer parts per step are 1 / 2, 1 / 2 and 4 / 2 ms. Their mean, L_f = (0.5 + 0.5 + 2) / 3 = 1 ms, makes each
barrier cost l L_f = 2 ms: the 1st ends at 12, the 9 ms burst brings the 2nd to 21 - 23, the 3rd to 32 - 34, the
16 ms burst ends the run at 50 ms: predicted = measured = 50 ms (the three cost 6 ms, as the run's 1 + 1 + 4).
The median, 0.5 ms (as before), made each cost 1 ms: 11, 20 - 21, 30 - 31, end at 47 ms (-6 %).
"""
import sys

import otf2

BARRIER = otf2.CollectiveOp.BARRIER
# (enter, leave) in ms of each barrier, every rank alike
INSTANCES = [(10, 11), (20, 21), (30, 34)]


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
            for r in range(4):
                write = writer.event_writer_from_location(location["MPI Rank %d" % r])
                write(otf2.events.Enter(t0, region["main"]))
                for enter, leave in INSTANCES:
                    write(otf2.events.Enter(t0 + ticks(enter), region["MPI_Barrier"]))
                    write(otf2.events.MpiCollectiveBegin(t0 + ticks(enter)))
                    write(otf2.events.MpiCollectiveEnd(t0 + ticks(leave), BARRIER, world, 0xFFFFFFFF, 0, 0))
                    write(otf2.events.Leave(t0 + ticks(leave), region["MPI_Barrier"]))
                write(otf2.events.Leave(t0 + ticks(50), region["main"]))


if __name__ == "__main__":
    main()
