#!/usr/bin/python3
"""Writes a 2-rank OTF2 trace whose main compute region comes late, after a long MPI_Init and
eight short initialisation regions (issue 39, item 8: the timeline's colours and its span):

    /usr/bin/python3 testdata/make-late-region.py DST_DIR

Timer resolution 1 MHz; both ranks ("Master thread 0/1") record the same, in seconds:

    main         [0,      14.6]
    MPI_Init     [0.001,  14.0]      (MPI paradigm: 14.0 s of the 14.6 s run)
    init_0..7    [14.0 + 0.01 k, 14.0 + 0.01 (k + 1)]   k = 0..7, 10 ms each, ending at 14.08
    timestep     [14.08,  14.5]      420 ms: the compute region with the most time
    MPI_Finalize [14.5,   14.55]

Compute time per region name and rank: timestep 420 ms, each init_k 10 ms, main (outside any
other region) 0.001 + 0.05 = 51 ms. Nine names: the 7 with the most time are timestep, main and
init_0..init_4 (equal times in the order met). The timeline's measured span runs from MPI_Init's
leave (14.0 s) to MPI_Finalize's enter (14.5 s), 500 ms; stats' T leaves out only the time inside
those two calls: 14.6 - 13.999 - 0.05 = 0.551 s.
"""
import sys

import otf2
from otf2.enums import LocationType, Paradigm, RegionRole


def us(seconds):
    return int(round(seconds * 1e6))


def main():
    with otf2.writer.open(sys.argv[1], timer_resolution=1000000) as trace:
        d = trace.definitions
        node = d.system_tree_node("localhost")
        user = {n: d.region(n, region_role=RegionRole.FUNCTION, paradigm=Paradigm.USER)
                for n in ["main", "timestep"] + ["init_%d" % k for k in range(8)]}
        mpi = {n: d.region(n, region_role=RegionRole.FUNCTION, paradigm=Paradigm.MPI) for n in ("MPI_Init", "MPI_Finalize")}
        plan = [(0, 14.6, user["main"]), (0.001, 14.0, mpi["MPI_Init"])]
        plan += [(14.0 + 0.01 * k, 14.0 + 0.01 * (k + 1), user["init_%d" % k]) for k in range(8)]
        plan += [(14.08, 14.5, user["timestep"]), (14.5, 14.55, mpi["MPI_Finalize"])]
        for rank in range(2):
            group = d.location_group("Process %d" % rank, system_tree_parent=node)
            write = trace.event_writer_from_location(d.location("Master thread %d" % rank, type=LocationType.CPU_THREAD, group=group))
            events = []
            for enter, leave, region in plan:
                events.append((us(enter), 1, otf2.events.Enter, region))  # at equal times the leave first
                events.append((us(leave), 0, otf2.events.Leave, region))
            for time, _, kind, region in sorted(events, key=lambda e: (e[0], e[1])):
                write(kind(time, region))


if __name__ == "__main__":
    main()
