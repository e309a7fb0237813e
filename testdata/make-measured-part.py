#!/usr/bin/python3
"""Writes a 4-rank OTF2 trace for the measured part of a run (issue 34, items 6 and 7):

    /usr/bin/python3 testdata/make-measured-part.py SCOREP_SRC/traces.otf2 DST_DIR staggered|measurement-off

The definitions (regions, the 4 "MPI Rank R" locations, MPI_COMM_WORLD, a 1 ns timer) are those of
the Score-P source trace; the events are written here, with these times (ms after the source's
first timestamp). Each rank has main, MPI_Init, one MPI_Barrier over MPI_COMM_WORLD (its collective
begin at the enter, its end at the leave minus 0.001 ms) and MPI_Finalize:

staggered (processes start at different times, code before MPI_Init and after MPI_Finalize):
    rank 0:    main [0, 62],  MPI_Init [0, 1],   MPI_Barrier [10, 40.02], MPI_Finalize [60, 61]
    rank 1:    main [28, 92], MPI_Init [30, 31], MPI_Barrier [40, 40.02], MPI_Finalize [90, 91]
    ranks 2-3: main [0, 42],  MPI_Init [0, 1],   MPI_Barrier [10, 40.02], MPI_Finalize [41, 42]
measurement-off (recording off for 10 ms inside rank 0's computation):
    ranks 0-3: main [0, 50],  MPI_Init [0, 1],   MPI_Barrier [30, 30.01], MPI_Finalize [48, 49]
    rank 0 only: MeasurementOnOff OFF at 5, ON at 15
"""
import sys

import otf2
from otf2.enums import CollectiveOp, MeasurementMode

UNDEFINED_ROOT = 0xFFFFFFFF

PLANS = {
    "staggered": [((0, 62), (0, 1), (10, 40.02), (60, 61)), ((28, 92), (30, 31), (40, 40.02), (90, 91)),
                  ((0, 42), (0, 1), (10, 40.02), (41, 42)), ((0, 42), (0, 1), (10, 40.02), (41, 42))],
    "measurement-off": [((0, 50), (0, 1), (30, 30.01), (48, 49))] * 4,
}
OFF = {"measurement-off": {0: (5, 15)}}


def ticks(ms):
    return int(round(ms * 1e6))


def main():
    source, target, plan = sys.argv[1], sys.argv[2], sys.argv[3]
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
            for r, (main_, init, barrier, finalize) in enumerate(PLANS[plan]):
                write = writer.event_writer_from_location(location["MPI Rank %d" % r])
                off = OFF.get(plan, {}).get(r)
                write(otf2.events.Enter(t0 + ticks(main_[0]), region["main"]))
                for name, (enter, leave) in (("MPI_Init", init), ("MPI_Barrier", barrier), ("MPI_Finalize", finalize)):
                    if off and off[0] < enter:
                        write(otf2.events.MeasurementOnOff(t0 + ticks(off[0]), MeasurementMode.OFF))
                        write(otf2.events.MeasurementOnOff(t0 + ticks(off[1]), MeasurementMode.ON))
                        off = None
                    write(otf2.events.Enter(t0 + ticks(enter), region[name]))
                    if name == "MPI_Barrier":
                        write(otf2.events.MpiCollectiveBegin(t0 + ticks(enter)))
                        write(otf2.events.MpiCollectiveEnd(t0 + ticks(leave - 0.001), CollectiveOp.BARRIER, world, UNDEFINED_ROOT, 0, 0))
                    write(otf2.events.Leave(t0 + ticks(leave), region[name]))
                write(otf2.events.Leave(t0 + ticks(main_[1]), region["main"]))


if __name__ == "__main__":
    main()
